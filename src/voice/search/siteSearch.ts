/**
 * The `search_site` tool's search: the site's static index (built by `npm run assistant -- index`, published beside
 * the embed, named by `data-site-index` / `VoiceOS.init({ siteIndex })`; its format in ./terms.ts). Nothing of it
 * is fetched before the visitor shows intent: at the conversation's start ({@link SiteSearch.warm}) comes
 * `voiceos-index.json` (the origin it was built for, the shards' layout), loaded once per page; the visitor's words,
 * partial transcripts as they speak and then the final one, fetch ahead the pack holding each topic word's shard
 * ({@link SiteSearch.anticipate}) — one request per word brings its best pages with their sections and excerpts —
 * and each query fetches only the packs still missing (a pack serves every word of its keys). Ranking runs in the
 * page (./ranking.ts).
 * Every failure is an answer in words the assistant can repeat, never an exception.
 * @module
 */
import {
  keywordsOf,
  pageTable,
  queryForms,
  nameTermsOf,
  isSentence,
  rankPages,
  topicWordsOf,
  SEARCH_MAX_RESULTS,
  type RankedPage,
  type SearchOutcome,
} from './ranking'
import {
  INDEX_FORMAT_VERSION,
  SHARDS_PATH,
  packFile,
  shardKey,
  shardOfPack,
  shardText,
  prepareLanguages,
  type IndexManifest,
  type PageTableEntry,
  type Shard,
  type ShardPack,
} from './terms'
import type { SiteSearch, SiteSearchOptions, SiteSearchOutcome, SiteSearchResult } from './siteSearchTypes'

export { keywordsOf, SEARCH_MAX_RESULTS }

/** Longest excerpt of a result, in characters. */
export const EXCERPT_MAX_CHARS = 300
/**
 * Longest wait, in ms, before the words of a partial transcript are fetched ahead: partials arriving meanwhile
 * (the recognizer revising its last words) are taken together, the latest one.
 */
export const PARTIAL_LOOKAHEAD_MS = 150
/** Most index requests the look-ahead has in flight at once (beside the search's own). */
export const LOOKAHEAD_CONCURRENCY = 3
/** The manifest the indexer writes beside the shards (./terms.ts `IndexManifest`). */
export const INDEX_MANIFEST = 'voiceos-index.json'
/** First line of a search result the assistant reads. */
export const SEARCH_RESULTS_HEADER = 'SEARCH RESULTS'

export type { SiteSearch, SiteSearchOptions, SiteSearchOutcome, SiteSearchResult } from './siteSearchTypes'

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`

/** An index loaded in this page: its manifest and its files by name, each fetched once. */
interface PageIndex {
  manifest: IndexManifest
  /** The build's shard folder. */
  base: URL
  split: ReadonlySet<string>
  /** Pack and page-table files fetched or on their way, by name (./terms.ts `packFile`, `pageTableFile`). */
  files: Map<string, Promise<unknown>>
  /** Rankings made ahead of the search, by the question's terms (the latest {@link RANKED_KEPT}). */
  ranked: Map<string, RankedPage[]>
  /**
   * Rankings under way, by the same key, until their shards are read and ranked once (before any page table): a
   * search arriving while the look-ahead ranks the visitor's final words shares that work instead of doing it again.
   */
  ranking: Map<string, Promise<{ shards: Map<string, Shard | null>; outcome: Omit<SearchOutcome, 'terms'> }>>
}
/**
 * Longest wait of the assistant's search for page-table files (./terms.ts `pageTableFile`) its ranking needs, ms:
 * none beyond those already here. The look-ahead fetches them from the visitor's final words; a search that comes
 * first answers with the pages its shards name rather than keep the visitor waiting a round trip (measured at a
 * 100 ms wait: later queries' p95 165 ms against the search bench's 50 ms goal).
 */
export const PAGE_TABLE_WAIT_MS = 0
/** Rankings kept per page, made from the visitor's final words before the assistant's search of them. */
const RANKED_KEPT = 8
/** A loaded index, or why not: `retry` when a later search may load it (the network), not when it never will. */
type LoadedIndex = PageIndex | { error: string; retry: boolean }

/** The origin of the document's `<link rel="canonical">` (http(s) only), or ''. */
function documentCanonicalOrigin(): string {
  if (typeof document === 'undefined') return ''
  const href = document.querySelector('link[rel~="canonical"][href]')?.getAttribute('href')
  if (!href) return ''
  try {
    const u = new URL(href, document.baseURI)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : ''
  } catch {
    return ''
  }
}

/** Stands for `globalThis.fetch` as the key of the page's indexes. */
const GLOBAL_FETCH = {}
/**
 * The indexes loaded in this page, by fetch function and index URL: one per page, so a later session of the same
 * page (a new call, a chat) finds its manifest and shards loaded. Only loads that succeeded stay.
 */
const pageIndexes = new WeakMap<object, Map<string, Promise<LoadedIndex>>>()

/** Creates the site search for one session (see the module docs). */
export function createSiteSearch(options: SiteSearchOptions): SiteSearch {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
  const origin = options.origin ?? (typeof location === 'undefined' ? '' : location.origin)
  const canonicalOrigin = options.canonicalOrigin ?? documentCanonicalOrigin()
  const foundPaths = new Set<string>()
  let ready: Promise<LoadedIndex> | undefined

  const base = (() => {
    const raw = options.indexUrl?.trim()
    if (!raw) return null
    try {
      const u = new URL(raw, origin || undefined)
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
      if (!u.pathname.endsWith('/')) u.pathname += '/'
      return u
    } catch {
      return null
    }
  })()

  const fetchKey = options.fetch ?? GLOBAL_FETCH
  const loads = pageIndexes.get(fetchKey) ?? new Map<string, Promise<LoadedIndex>>()
  pageIndexes.set(fetchKey, loads)
  const loadKey = `${base?.href ?? ''} ${origin} ${canonicalOrigin}`
  /** The page's loaded index, or a new load of it (forgotten by the page when it fails). */
  const loadOnce = (): Promise<LoadedIndex> => {
    const known = loads.get(loadKey)
    if (known) return known
    const loading = load().then((m) => {
      if ('error' in m) loads.delete(loadKey)
      return m
    })
    loads.set(loadKey, loading)
    return loading
  }

  const load = async (): Promise<LoadedIndex> => {
    if (!base)
      return {
        error:
          'this site has no search index, so only the page the visitor is on can be read (read_page); say so and offer what this page has',
        retry: false,
      }
    let manifest: Partial<IndexManifest>
    try {
      const res = await doFetch(new URL(INDEX_MANIFEST, base).href, { credentials: 'omit' })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      manifest = (await res.json()) as typeof manifest
    } catch {
      return {
        error:
          "the site's search index could not be loaded right now, so other pages cannot be searched; say so and offer what this page has",
        retry: true,
      }
    }
    if (
      typeof manifest.origin !== 'string' ||
      (manifest.origin !== origin && (canonicalOrigin === '' || manifest.origin !== canonicalOrigin))
    ) {
      return {
        error: `the site's search index was built for ${typeof manifest.origin === 'string' ? manifest.origin : 'another site'}, not for this site (${origin}), so it cannot be used; say the site search is not set up correctly`,
        retry: false,
      }
    }
    if (
      manifest.v !== INDEX_FORMAT_VERSION ||
      !Array.isArray(manifest.split) ||
      !Array.isArray(manifest.packs) ||
      typeof manifest.pages !== 'number' ||
      typeof manifest.shards !== 'string' ||
      !SHARDS_PATH.test(manifest.shards)
    )
      return {
        error:
          "the site's search index was built by an older version of VoiceOS and must be built again (npx voiceos index); say the site search is not set up correctly",
        retry: false,
      }
    const m = manifest as IndexManifest
    // The stemmers and stop words of the site's languages (./languages.ts): most sites need none.
    await prepareLanguages(Array.isArray(m.languages) ? m.languages : [])
    return {
      manifest: m,
      base: new URL(m.shards, base),
      split: new Set(m.split),
      files: new Map(),
      ranked: new Map(),
      ranking: new Map(),
    }
  }

  /** Index requests of the look-ahead in flight, and those waiting for a slot ({@link LOOKAHEAD_CONCURRENCY}). */
  let inFlight = 0
  const waiting: (() => void)[] = []
  const slot = (): Promise<() => void> =>
    new Promise((granted) => {
      const take = () => {
        inFlight++
        granted(() => {
          inFlight--
          waiting.shift()?.()
        })
      }
      if (inFlight < LOOKAHEAD_CONCURRENCY) take()
      else waiting.push(take)
    })

  /**
   * A JSON file of the build's folder (a pack, a page table), fetched once per page (`limited`: in a look-ahead
   * slot). A failed fetch rejects and is forgotten, so a later search asks again.
   */
  const fileOf = <T>(index: PageIndex, file: string, valid: (json: T) => boolean, limited = false): Promise<T> => {
    const known = index.files.get(file) as Promise<T> | undefined
    if (known) return known
    const fetching = (limited ? slot() : Promise.resolve(() => undefined)).then(async (release) => {
      try {
        const res = await doFetch(new URL(file, index.base).href, { credentials: 'omit' })
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        const json = JSON.parse(await shardText(new Uint8Array(await res.arrayBuffer()))) as T
        if (!valid(json)) throw new Error(`not an index file: ${file}`)
        return json
      } finally {
        release()
      }
    })
    index.files.set(file, fetching)
    fetching.catch(() => index.files.get(file) === fetching && index.files.delete(file))
    return fetching
  }
  /** The shard holding `term`, from its pack (./terms.ts `packFile`); null when no page holds a term of its key. */
  const shardOf = async (index: PageIndex, term: string, limited = false): Promise<Shard | null> => {
    const key = shardKey(term, index.split)
    const file = packFile(key, index.manifest.packs)
    if (!file) return null
    const isPack = (p: ShardPack) => typeof p?.shards === 'object' && Array.isArray(p.pages)
    return shardOfPack(await fileOf(index, file, isPack, limited), key)
  }
  /** Reads a page-table file of `index` (./terms.ts `pageTableFile`), once per page; a failure rejects. */
  const tableOf = (index: PageIndex) => (file: string) => fileOf<PageTableEntry[]>(index, file, Array.isArray)

  /** The latest partial transcript not yet taken, and its timer. */
  let partialText = ''
  let partialTimer: ReturnType<typeof setTimeout> | undefined
  let partialWaiters: (() => void)[] = []
  /**
   * The ranking of a query, from its terms' shards (fetched when missing); made once per page, terms, names and
   * form (ranking.ts `nameTermsOf`, `isSentence`), and shared while under way (`PageIndex.ranking`).
   */
  const rank = async (index: PageIndex, said: string, limited: boolean): Promise<RankedPage[]> => {
    const langs = index.manifest.languages
    const { terms, alternatives, forms } = queryForms(said, langs)
    const names = nameTermsOf(said)
    const sentence = isSentence(said, langs)
    const key = `${forms.join(' ')}|${names.join(' ')}|${sentence}`
    const known = index.ranked.get(key)
    if (known) return known
    const asked = { names: new Set(names), sentence, alternatives }
    let first = index.ranking.get(key)
    if (!first) {
      const started = (async () => {
        const shards = new Map(
          await Promise.all(forms.map(async (t) => [t, await shardOf(index, t, limited)] as const)),
        )
        return { shards, outcome: rankPages(terms, shards, index.manifest.pages, asked) }
      })()
      index.ranking.set(key, (first = started))
      const done = () => {
        if (index.ranking.get(key) === started) index.ranking.delete(key)
      }
      started.then(done, done)
    }
    const { shards, outcome: firstOutcome } = await first
    let outcome = firstOutcome
    if (outcome.missing.length > 0) {
      // Pages none of the words' shards names: their page-table files. The look-ahead (limited) waits for them; the
      // assistant's search waits PAGE_TABLE_WAIT_MS at most, then answers with the pages it can name.
      const table = pageTable(outcome.missing, tableOf(index))
      table.catch(() => undefined)
      const named = limited
        ? await table
        : await Promise.race([table, new Promise<null>((r) => setTimeout(() => r(null), PAGE_TABLE_WAIT_MS))])
      if (!named) return outcome.results
      outcome = rankPages(terms, shards, index.manifest.pages, { ...asked, table: named })
    }
    const ranked = outcome.results
    index.ranked.set(key, ranked)
    while (index.ranked.size > RANKED_KEPT) index.ranked.delete(index.ranked.keys().next().value!)
    return ranked
  }
  /**
   * What a search of `text` needs, fetched ahead: its topic words' shards; from the final words (`final`) also
   * their ranking, so the assistant's search of them only reads it. Never rejects.
   */
  const lookAhead = async (text: string, final: boolean): Promise<void> => {
    const index = await ready
    if (!index || 'error' in index) return
    const said = text.replace(/\s+/g, ' ').trim().slice(0, 200)
    const langs = index.manifest.languages
    const { terms, forms } = queryForms(topicWordsOf(said, langs).join(' '), langs)
    if (final && terms.length > 0) await rank(index, said, true).catch(() => null)
    else await Promise.all(forms.map((t) => shardOf(index, t, true).catch(() => null)))
  }

  const resultOf = (r: RankedPage): SiteSearchResult => {
    const url = new URL(r.path, origin || 'http://localhost')
    if (r.anchor) url.hash = r.anchor
    const pageTitle = r.title.trim() || url.pathname
    const heading = r.heading.trim()
    const sectionTitle = r.anchor && heading && heading !== pageTitle ? heading : ''
    foundPaths.add(url.pathname)
    return {
      title: sectionTitle ? `${pageTitle} › ${sectionTitle}` : pageTitle,
      path: `${url.pathname}${url.search}${url.hash}`,
      excerpt: cut(r.excerpt, EXCERPT_MAX_CHARS),
      lang: r.lang || 'en',
    }
  }

  return {
    foundPaths,
    async warm() {
      await (ready ??= loadOnce())
    },
    async anticipate(text, options) {
      if (!ready || typeof text !== 'string' || text.trim() === '') return
      if (options?.partial) {
        partialText = text
        await new Promise<void>((done) => {
          partialWaiters.push(done)
          partialTimer ??= setTimeout(() => {
            const latest = partialText
            const waiters = partialWaiters
            partialText = ''
            partialTimer = undefined
            partialWaiters = []
            void lookAhead(latest, false)
              .catch(() => undefined) // only a head start: the search itself reports any failure
              .finally(() => waiters.forEach((w) => w()))
          }, PARTIAL_LOOKAHEAD_MS)
        })
        return
      }
      // The final words supersede any partial not yet taken.
      if (partialTimer !== undefined) clearTimeout(partialTimer)
      partialTimer = undefined
      partialText = ''
      const waiters = partialWaiters
      partialWaiters = []
      waiters.forEach((w) => w())
      await lookAhead(text, true).catch(() => undefined)
    },
    async search(raw) {
      const query = typeof raw === 'string' ? raw.replace(/\s+/g, ' ').trim().slice(0, 200) : ''
      if (query === '') return { ok: false, error: 'the search was empty: ask the visitor what to look for' }
      const index = await (ready ??= loadOnce())
      if ('error' in index) {
        if (index.retry) ready = undefined // a load the network failed is tried again by the next search
        return { ok: false, error: index.error }
      }
      try {
        return { ok: true, query, results: (await rank(index, query, false)).map(resultOf) }
      } catch {
        return {
          ok: false,
          error:
            "the site's search index could not be read right now; say so, offer what this page has, and try again if the visitor asks",
        }
      }
    },
  }
}

/** The text the assistant reads for a search: a header, then one block per result. */
export function formatSearchResults(outcome: Extract<SiteSearchOutcome, { ok: true }>): string {
  if (outcome.results.length === 0)
    return `${SEARCH_RESULTS_HEADER} for "${outcome.query}": no page of this site answers this (no page holds enough of these words together, or it names something the site never mentions). If the site may call the topic by other words, search once more with those; otherwise say so. Do not guess an answer or a page.`
  const lines = [
    `${SEARCH_RESULTS_HEADER} for "${outcome.query}" (pages of this site, best first; answer from these, name the page, offer to open it with open_page and its path):`,
  ]
  outcome.results.forEach((r, i) => {
    lines.push(`${i + 1}. ${r.title} (${r.path})${r.lang && r.lang !== 'en' ? ` [${r.lang}]` : ''}`, `   ${r.excerpt}`)
  })
  return lines.join('\n')
}
