/**
 * The session's site search (src/voice/search/siteSearch.ts; README "Site search"), loaded at call-start
 * (Listening) when the owner published an index (`data-site-index`). Not at the press: its warm-up (the search's
 * module and the index's manifest) would compete with the call's set-up on a slow link, and the acting half's chunk
 * waits for call-start for the same reason. Nor after the acting half: that would chain two
 * loads before the visitor's first words. The visitor's words are fetched ahead from the first one
 * (`anticipate`), and the acting half answers `search_site` with this same search.
 * @module
 */
import type { SiteSearch } from '../search/siteSearch'

/** A site search on its way, and the visitor's words passed on to it as they come. */
export interface SiteSearchLoad {
  /** The search, once its module has loaded; rejects when it could not load (logged). */
  search: Promise<SiteSearch>
  /**
   * The visitor's words (`partial`: a partial transcript, the utterance so far; else the final one): fetches ahead
   * what a search of them needs. Never throws, never rejects.
   */
  anticipate(text: string, partial: boolean): void
}

/**
 * Imports the site search's module and creates the search for `indexUrl`, on `doc`'s origin, then warms it (the
 * index's manifest; once per page).
 * @param indexUrl where the index is published (`/site-index/` or an absolute URL)
 * @param log where a failed load is reported (`warn`)
 */
export function loadSiteSearch(
  indexUrl: string,
  doc: Document | undefined,
  log: Pick<Console, 'warn'>,
): SiteSearchLoad {
  const origin = doc?.defaultView?.location.origin
  const search = import('../search/siteSearch').then((m) => m.createSiteSearch({ indexUrl, ...(origin && { origin }) }))
  search.then(
    (s) => void s.warm(),
    (error: unknown) => log.warn('[voice] could not load the site search', error),
  )
  return {
    search,
    anticipate(text, partial) {
      void search.then(
        (s) => s.anticipate(text, { partial }),
        () => undefined,
      )
    },
  }
}
