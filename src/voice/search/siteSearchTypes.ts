/**
 * The site search's public shapes (./siteSearch.ts `createSiteSearch`): its options, results and outcome.
 * @module
 */
/** One result: a page (and section) of this site. */
export interface SiteSearchResult {
  /** The page's title, with the section's heading when the match is in a section (`Refund policy › Timing`). */
  title: string
  /** Path on this site, with the section's anchor (`/help/refunds#timing`). */
  path: string
  /** Text around the match, at most {@link EXCERPT_MAX_CHARS} characters, in the page's language. */
  excerpt: string
  /** The page's language (`en`, `hi`). */
  lang: string
}

/** What a search came to: results (possibly none), or why it could not search, in words. */
export type SiteSearchOutcome = { ok: true; query: string; results: SiteSearchResult[] } | { ok: false; error: string }

/** Options of {@link createSiteSearch}. */
export interface SiteSearchOptions {
  /** Where the index is published (`/site-index/` or an absolute URL); '' or undefined → no index. */
  indexUrl: string | undefined
  /** The page's origin. @default location.origin */
  origin?: string
  /**
   * The origin of the page's `<link rel="canonical">`: an index built for that origin is also this page's (a
   * preview or staging copy of the site serves the same pages, which name the public origin as canonical).
   * @default read from `document`, '' without one
   */
  canonicalOrigin?: string
  /**
   * Fetches the manifest and the shards. The page keeps each loaded index (its manifest, shards and rankings) per
   * fetch function and index URL, for its later sessions. @default globalThis.fetch
   */
  fetch?: typeof fetch
}

/** A site's search, created per session; {@link warm} or its first call loads the index. */
export interface SiteSearch {
  /** Searches the site; never throws. */
  search(query: string): Promise<SiteSearchOutcome>
  /**
   * Starts loading the index (its manifest) without searching, so the first search fetches only its words'
   * shards. For the visitor's intent (a call's start, a chat's opening), never before. Resolves once loaded or
   * failed; never rejects (a failed load is tried again by the next search).
   */
  warm(): Promise<void>
  /**
   * Fetches ahead what a search of the visitor's words would fetch, while they speak and before the assistant's
   * `search_site` call: the shard of each topic word ({@link keywordsOf}, stop words never), kept for the page's
   * later searches, so a search of words already heard makes no request.
   *
   * `partial` (a `transcript` message with `transcriptType: 'partial'`, the vendored openapi/ document's
   * `ClientMessageTranscript`: the utterance so far, revised as the visitor speaks): the words are taken at most
   * every {@link PARTIAL_LOOKAHEAD_MS} ms (the latest partial then), each shard fetched once per page, at most
   * {@link LOOKAHEAD_CONCURRENCY} requests at a time. A final transcript is taken at once.
   * Answers nothing. Does nothing before {@link warm} or a search started loading the index (the visitor's
   * intent). Resolves when done or superseded by a newer partial; never rejects.
   */
  anticipate(text: string, options?: { partial?: boolean }): Promise<void>
  /** Paths returned by searches so far (without anchors): pages `open_page` may open without checking. */
  readonly foundPaths: ReadonlySet<string>
}
