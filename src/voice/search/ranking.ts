/**
 * The site search's ranking (src/voice/search/siteSearch.ts): a visitor's question → its topic words → the pages
 * Pagefind finds for them, best first, and for each page the section that answers. Over Pagefind's documented
 * JavaScript API (`pagefind.js`: `search`, a result's `data()` with `content`, `sub_results` and their word
 * `locations`).
 * @module
 */
/** Most results a search gives the assistant. */
export const SEARCH_MAX_RESULTS = 5

/** What the search needs of Pagefind's `pagefind.js` module (its documented JavaScript API). */
export interface PagefindModule {
  options(o: Record<string, unknown>): Promise<void>
  init?(): Promise<void>
  search(q: string): Promise<{ results: PagefindResult[] } | null>
  /** Loads what a search of `q` needs; with '' only the WebAssembly and metadata every search needs. */
  preload?(q: string): Promise<void>
  destroy?(): Promise<void>
}
export interface PagefindResult {
  id: string
  score: number
  data(): Promise<PagefindData>
}
export interface PagefindData {
  url: string
  excerpt: string
  meta: Record<string, string | undefined>
  /** The page's indexed text; a match's location is the index of its word in it, split at whitespace. */
  content?: string
  sub_results?: { title: string; url: string; excerpt: string; locations?: number[] }[]
}

/**
 * How many different words of the question a section holds: the words at its match locations in the page's content
 * (Pagefind counts locations in words of `content` split at whitespace), told apart by their letters and digits.
 */
export function distinctWords(content: string | undefined, locations: number[] | undefined): number {
  if (!content || !locations?.length) return locations?.length ? 1 : 0
  const words = content.split(/\s+/)
  return new Set(locations.map((l) => (words[l] ?? '').toLowerCase().replace(/[^\p{L}\p{N}\p{M}]+/gu, ''))).size
}

/**
 * Words a question is made of that say nothing of its topic (English), left out of the search: Pagefind returns
 * only pages holding every word searched for, and a visitor asks in sentences ("how long do refunds take").
 * Pronouns too: Pagefind matches a word as a prefix as well, so "her" would find "here" on any page.
 */
const STOP_WORDS = new Set(
  'a an and are as at be by can could do does did for from have has how i if in into is it its me my of on or our please show tell that the their there this to us was we what when where which who why will with would you your take takes taking get about he she him her his hers they them someone somebody anyone anybody something anything'.split(
    ' ',
  ),
)

/** The topic words of a question (at most 8), in their order; the whole query when all are stop words. */
export function keywordsOf(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}'-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
    .filter((w) => w !== '')
  const topic = words.filter((w) => !STOP_WORDS.has(w))
  return [...new Set(topic.length ? topic : words)].slice(0, 8)
}

/** The topic words of a question (as {@link keywordsOf}), none when it has only stop words so far. */
export function topicWordsOf(query: string): string[] {
  const words = keywordsOf(query)
  return words.every((w) => STOP_WORDS.has(w)) ? [] : words
}

/**
 * The pages for a question, best first, each as the Pagefind results that found it: Pagefind's results for all topic
 * words together first (one result each, whose locations hold every word); when those are fewer than
 * {@link SEARCH_MAX_RESULTS}, pages matching some of the words follow, ranked by how many words they hold, then by
 * Pagefind's scores, each with one result per word it holds (their locations are merged by {@link pageData}).
 */
export async function rankedResults(mod: PagefindModule, query: string): Promise<PagefindResult[][]> {
  const words = keywordsOf(query)
  const all = (await mod.search(words.join(' ')))?.results ?? []
  if (all.length >= SEARCH_MAX_RESULTS || words.length < 2) return all.map((r) => [r])
  const seen = new Set(all.map((r) => r.id))
  const partial = new Map<string, { results: PagefindResult[]; score: number }>()
  const perWord = await Promise.all(words.map((w) => mod.search(w)))
  for (const found of perWord) {
    for (const r of found?.results ?? []) {
      if (seen.has(r.id)) continue
      const entry = partial.get(r.id) ?? { results: [], score: 0 }
      entry.results.push(r)
      entry.score += r.score
      partial.set(r.id, entry)
    }
  }
  const rest = [...partial.values()]
    .sort((a, b) => b.results.length - a.results.length || b.score - a.score)
    .map((e) => e.results)
  return [...all.map((r) => [r]), ...rest]
}

/**
 * A page's data from the results that found it: with several (one per word), each section's match locations are the
 * union of every word's and its excerpt the one around the most matches, so the section holding most of the
 * question's words is the page's best, as it is when one search found all of them. The page's fragment is fetched
 * once (Pagefind caches it).
 */
export async function pageData(results: PagefindResult[]): Promise<PagefindData> {
  const all = await Promise.all(results.map((r) => r.data()))
  const first = all[0]!
  if (all.length === 1) return first
  const sections = new Map<string, { title: string; url: string; excerpt: string; at: Set<number>; most: number }>()
  for (const data of all) {
    for (const sub of data.sub_results ?? []) {
      const locations = sub.locations ?? []
      const section = sections.get(sub.url) ?? { ...sub, at: new Set<number>(), most: -1 }
      locations.forEach((l) => section.at.add(l))
      if (locations.length > section.most) {
        section.most = locations.length
        section.excerpt = sub.excerpt
      }
      sections.set(sub.url, section)
    }
  }
  return {
    ...first,
    sub_results: [...sections.values()].map(({ title, url, excerpt, at }) => ({
      title,
      url,
      excerpt,
      locations: [...at],
    })),
  }
}
