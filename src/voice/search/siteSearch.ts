/**
 * The `search_site` tool's search: the site's static Pagefind index (built by `npm run assistant -- index`,
 * published beside the embed, named by `data-site-index` / `VoiceOS.init({ siteIndex })`). Nothing of it is
 * fetched before the visitor shows intent: at the conversation's start ({@link SiteSearch.warm}) come
 * `voiceos-index.json` (the origin it was built for), `pagefind.js` and the language's WebAssembly and metadata,
 * loaded once per page; the visitor's words, partial transcripts as they speak and then the final one, fetch ahead
 * the index chunks and fragments a search of them needs ({@link SiteSearch.anticipate}), and each query fetches
 * only what is still missing (Pagefind's design).
 * Every failure is an answer in words the assistant can repeat, never an exception.
 * @module
 */
import {
  keywordsOf,
  pageData,
  rankedResults,
  distinctWords,
  topicWordsOf,
  SEARCH_MAX_RESULTS,
  type PagefindData,
  type PagefindModule,
} from './ranking'

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
/** The manifest the indexer writes beside Pagefind's files. */
export const INDEX_MANIFEST = 'voiceos-index.json'
/** First line of a search result the assistant reads. */
export const SEARCH_RESULTS_HEADER = 'SEARCH RESULTS'

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
  /** @default globalThis.fetch */
  fetch?: typeof fetch
  /** Loads `pagefind.js` (tests and the bench pass their own). @default a dynamic `import()` of the URL */
  importModule?: (url: string) => Promise<unknown>
}

/** A site's search, created per session; {@link warm} or its first call loads the index. */
export interface SiteSearch {
  /** Searches the site; never throws. */
  search(query: string): Promise<SiteSearchOutcome>
  /**
   * Starts loading the index (manifest, `pagefind.js`, its WebAssembly and metadata) without searching, so the
   * first search fetches only what its words need. For the visitor's intent (a call's start, a chat's opening),
   * never before. Resolves once loaded or failed; never rejects (a failed load is tried again by the next search).
   */
  warm(): Promise<void>
  /**
   * Fetches ahead what a search of the visitor's words would fetch, while they speak and before the assistant's
   * `search_site` call: the index chunks of their topic words ({@link keywordsOf}, stop words never) and the
   * fragments of the best {@link SEARCH_MAX_RESULTS} results, kept by Pagefind for the searches that follow; a
   * later search of the same topic words reuses those results without searching again.
   *
   * `partial` (a `transcript` message with `transcriptType: 'partial'`, the vendored openapi/ document's
   * `ClientMessageTranscript`: the utterance so far, revised as the visitor speaks): the words are taken at most
   * every {@link PARTIAL_LOOKAHEAD_MS} ms (the latest partial then), each topic word's chunks fetched once per
   * page, at most {@link LOOKAHEAD_CONCURRENCY} requests at a time. A final transcript is taken at once.
   * Answers nothing. Does nothing before {@link warm} or a search started loading the index (the visitor's
   * intent). Resolves when done or superseded by a newer partial; never rejects.
   */
  anticipate(text: string, options?: { partial?: boolean }): Promise<void>
  /** Paths returned by searches so far (without anchors): pages `open_page` may open without checking. */
  readonly foundPaths: ReadonlySet<string>
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`

type LoadedIndex = PagefindModule | { error: string }

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

const importUrl = (url: string): Promise<unknown> => import(/* @vite-ignore */ url)
/**
 * The indexes loaded in this page, by module loader and index URL: one Pagefind instance per page, so a later
 * session of the same page (a new call, a chat) finds its WebAssembly, metadata, chunks and fragments loaded.
 * Only loads that succeeded stay.
 */
const pageIndexes = new WeakMap<object, Map<string, Promise<LoadedIndex>>>()
/** The fetches ahead of a loaded index's chunks, by topic word (once per page and word). */
const preloadedWords = new WeakMap<PagefindModule, Map<string, Promise<void>>>()
/** Results fetched ahead for a set of topic words, kept for the search that follows: the latest few. */
const ANTICIPATED_KEPT = 4

/** Creates the site search for one session (see the module docs). */
export function createSiteSearch(options: SiteSearchOptions): SiteSearch {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
  const importModule = options.importModule ?? importUrl
  const origin = options.origin ?? (typeof location === 'undefined' ? '' : location.origin)
  const canonicalOrigin = options.canonicalOrigin ?? documentCanonicalOrigin()
  const foundPaths = new Set<string>()
  let ready: Promise<LoadedIndex> | undefined
  /** Whether a search has succeeded (then the index runs here, and a failure is about the question). */
  let searched = false

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

  const loads = pageIndexes.get(importModule) ?? new Map<string, Promise<LoadedIndex>>()
  pageIndexes.set(importModule, loads)
  /** The page's loaded index, or a new load of it (forgotten by the page when it fails). */
  const loadOnce = (): Promise<LoadedIndex> => {
    const key = `${base?.href ?? ''} ${origin} ${canonicalOrigin}`
    const known = loads.get(key)
    if (known) return known
    const loading = load().then((m) => {
      if ('error' in m) loads.delete(key)
      return m
    })
    loads.set(key, loading)
    return loading
  }

  const load = async (): Promise<LoadedIndex> => {
    if (!base)
      return {
        error:
          'this site has no search index, so only the page the visitor is on can be read (read_page); say so and offer what this page has',
      }
    // pagefind.js loads beside the manifest (one round trip less before the first search); it is used only once
    // the manifest says the index is this site's.
    const script = importModule(new URL('pagefind.js', base).href).then(
      (m) => ({ m: m as PagefindModule }),
      () => null,
    )
    let manifest: { origin?: unknown; pages?: unknown }
    try {
      const res = await doFetch(new URL(INDEX_MANIFEST, base).href, { credentials: 'omit' })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      manifest = (await res.json()) as typeof manifest
    } catch {
      return {
        error:
          "the site's search index could not be loaded right now, so other pages cannot be searched; say so and offer what this page has",
      }
    }
    if (
      typeof manifest.origin !== 'string' ||
      (manifest.origin !== origin && (canonicalOrigin === '' || manifest.origin !== canonicalOrigin))
    ) {
      return {
        error: `the site's search index was built for ${typeof manifest.origin === 'string' ? manifest.origin : 'another site'}, not for this site (${origin}), so it cannot be used; say the site search is not set up correctly`,
      }
    }
    try {
      const loaded = await script
      if (!loaded) throw new Error('pagefind.js did not load')
      const mod = loaded.m
      await mod.options({ basePath: base.pathname, baseUrl: '/', excerptLength: 40 })
      await mod.init?.()
      return mod
    } catch {
      return {
        error:
          "the site's search index could not be loaded right now, so other pages cannot be searched; say so and offer what this page has",
      }
    }
  }

  /** Index requests of the look-ahead in flight, and those waiting for a slot ({@link LOOKAHEAD_CONCURRENCY}). */
  let inFlight = 0
  const waiting: (() => void)[] = []
  const limited = (task: () => Promise<void>): Promise<void> =>
    new Promise<void>((done) => {
      const start = () => {
        inFlight++
        void task()
          .catch(() => undefined)
          .finally(() => {
            inFlight--
            waiting.shift()?.()
            done()
          })
      }
      if (inFlight < LOOKAHEAD_CONCURRENCY) start()
      else waiting.push(start)
    })
  /**
   * Fetches the index chunks of each word, once per page (a failed fetch may be asked again); resolves when every
   * word's chunks are here, including those an earlier look-ahead is still fetching.
   */
  const preloadWords = (mod: PagefindModule, words: string[]) => {
    const asked = preloadedWords.get(mod) ?? new Map<string, Promise<void>>()
    preloadedWords.set(mod, asked)
    return Promise.all(
      words.map((w) => {
        const known = asked.get(w)
        if (known) return known
        const fetching = limited(async () => {
          try {
            await (mod.preload ? mod.preload(w) : mod.search(w))
          } catch {
            asked.delete(w)
          }
        })
        asked.set(w, fetching)
        return fetching
      }),
    )
  }
  /** Ranked results with their fragments fetched, by the topic words they were searched for (latest last). */
  const anticipated = new Map<string, Promise<PagefindData[]>>()
  const rankedPages = (mod: PagefindModule, query: string): Promise<PagefindData[]> =>
    rankedResults(mod, query).then((found) => Promise.all(found.slice(0, SEARCH_MAX_RESULTS).map(pageData)))
  /** The latest partial transcript not yet taken, and its timer. */
  let partialText = ''
  let partialTimer: ReturnType<typeof setTimeout> | undefined
  let partialWaiters: (() => void)[] = []
  /** Counts the words heard (each partial taken, each final): a look-ahead overtaken by newer words ranks nothing. */
  let heard = 0
  /** What a search of `text` needs, fetched ahead; `final`: the visitor's whole utterance. Never rejects. */
  const lookAhead = async (text: string, final: boolean): Promise<void> => {
    const mod = await ready
    if (!mod || 'error' in mod) return
    const query = text.replace(/\s+/g, ' ').trim().slice(0, 200)
    const words = topicWordsOf(query)
    if (words.length === 0) return
    const turn = ++heard
    await preloadWords(mod, words)
    // Newer words came meanwhile (a partial's look-ahead is still running or waiting): theirs rank the results.
    if (!final && (turn !== heard || partialTimer !== undefined)) return
    const key = words.join(' ')
    if (anticipated.has(key)) return
    const pages = rankedPages(mod, query)
    anticipated.set(key, pages)
    while (anticipated.size > ANTICIPATED_KEPT) anticipated.delete(anticipated.keys().next().value!)
    await pages.catch(() => anticipated.delete(key))
  }

  return {
    foundPaths,
    async warm() {
      const mod = await (ready ??= loadOnce())
      // pagefind.js's init() only creates its instance: its WebAssembly and metadata load with the first search
      // or preload.
      if (!('error' in mod)) await mod.preload?.('').catch(() => undefined)
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
      const mod = await (ready ??= loadOnce())
      if ('error' in mod) {
        if (!base || mod.error.includes('built for')) return { ok: false, error: mod.error }
        ready = undefined // a failed load is tried again by the next search
        return { ok: false, error: mod.error }
      }
      try {
        // Results fetched ahead for the same topic words (the visitor's words, as the assistant passed them on).
        const ahead = anticipated.get(keywordsOf(query).join(' '))
        const pages = (ahead && (await ahead.catch(() => null))) || (await rankedPages(mod, query))
        const results: SiteSearchResult[] = pages.map((d) => {
          // The section with most of the question's words, then most matches, carries the anchor; a match before any
          // heading links the page.
          const best = [...(d.sub_results ?? [])]
            .map((sub) => ({ sub, words: distinctWords(d.content, sub.locations) }))
            .sort(
              (a, b) => b.words - a.words || (b.sub.locations?.length ?? 0) - (a.sub.locations?.length ?? 0),
            )[0]?.sub
          const pageTitle = (d.meta['title'] ?? '').trim() || d.url
          const url = new URL(best?.url ?? d.url, origin || 'http://localhost')
          const sectionTitle = best && best.title.trim() !== pageTitle && url.hash ? best.title.trim() : ''
          foundPaths.add(url.pathname)
          return {
            title: sectionTitle ? `${pageTitle} › ${sectionTitle}` : pageTitle,
            path: `${url.pathname}${url.search}${url.hash}`,
            excerpt: cut(stripTags(best?.excerpt ?? d.excerpt), EXCERPT_MAX_CHARS),
            lang: d.meta['lang'] ?? 'en',
          }
        })
        searched = true
        return { ok: true, query, results }
      } catch {
        // Pagefind loads its WebAssembly at the first search: a failure before any search succeeded is the index
        // not running in this page (a host CSP without 'wasm-unsafe-eval', a missing file), not the words.
        if (!searched) {
          ready = undefined
          loads.delete(`${base?.href ?? ''} ${origin} ${canonicalOrigin}`)
          return {
            ok: false,
            error:
              "the site's search could not run on this page, so other pages cannot be searched; say so and offer what this page has",
          }
        }
        return { ok: false, error: 'the site search failed for this question; try other words' }
      }
    },
  }
}

/** The text the assistant reads for a search: a header, then one block per result. */
export function formatSearchResults(outcome: Extract<SiteSearchOutcome, { ok: true }>): string {
  if (outcome.results.length === 0)
    return `${SEARCH_RESULTS_HEADER} for "${outcome.query}": no page of this site matches. Say so; do not guess an answer or a page.`
  const lines = [
    `${SEARCH_RESULTS_HEADER} for "${outcome.query}" (pages of this site, best first; answer from these, name the page, offer to open it with open_page and its path):`,
  ]
  outcome.results.forEach((r, i) => {
    lines.push(`${i + 1}. ${r.title} (${r.path})${r.lang && r.lang !== 'en' ? ` [${r.lang}]` : ''}`, `   ${r.excerpt}`)
  })
  return lines.join('\n')
}
