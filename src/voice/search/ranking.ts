/**
 * The site search's ranking (src/voice/search/siteSearch.ts): a visitor's question → its topic words → the pages
 * the index's shards hold for them (./terms.ts), best first, and for each page the section that answers.
 * @module
 */
import { bm25Idf, signatureHas, termsOf, type Shard, type ShardHit } from './terms'

/** Most results a search gives the assistant. */
export const SEARCH_MAX_RESULTS = 5
/** Weight of a word found as the start of a longer term ("deliver" in "delivery") against an exact match. */
const PREFIX_WEIGHT = 0.7
/**
 * Weight of a word a page holds by its signature when the page is not among that word's best pages, against the
 * word's inverse document frequency (its BM25 score once on a page of average length is about 1 × idf).
 */
const HELD_WEIGHT = 0.8
/**
 * Share of the site's pages above which a term says nothing of a question's topic (a language's "is", "क्या", "है";
 * a water company's "water"): pages holding it are not ranked above others for it, its score still counts.
 */
const COMMON_SHARE = 0.5
/** Shortest word matched as a prefix of longer terms, in code points. */
const MIN_PREFIX = 3
/**
 * Most code points a longer term may add to a word it starts: endings the stemmer leaves apart ("deliv" →
 * "deliveri", "pun" → "pune"), not other words built on it ("hous" → "housebound").
 */
const MAX_PREFIX_EXTRA = 3

/** Whether a question's term matches an index term: the same, or a short ending longer ({@link MAX_PREFIX_EXTRA}). */
const matches = (term: string, stored: string): boolean => {
  if (stored === term) return true
  const extra = [...stored].length - [...term].length
  return [...term].length >= MIN_PREFIX && extra > 0 && extra <= MAX_PREFIX_EXTRA && stored.startsWith(term)
}

/**
 * Words a question is made of that say nothing of its topic (English), left out of the search: a visitor asks in
 * sentences ("how long do refunds take"). Pronouns too.
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

/** The index terms of a question's topic words ({@link keywordsOf}, then `termOf`; a hyphenated word gives each part). */
export function queryTerms(query: string): string[] {
  return [...new Set(keywordsOf(query).flatMap((w) => termsOf(w)))].filter((t) => t !== '')
}

/** A page found for a question, with the hits that found it. */
export interface RankedPage {
  /** The page's title. */
  title: string
  /** Path without anchor. */
  path: string
  /** The page's language (`en`, `hi`). */
  lang: string
  /** How many of the question's terms the page holds. */
  terms: number
  /** Sum of its terms' BM25 scores (estimated from idf for a term its signature holds). */
  score: number
  /** The section that answers: its heading, anchor and an excerpt. */
  heading: string
  anchor: string
  excerpt: string
}

/**
 * The pages for a question's terms, best first (at most {@link SEARCH_MAX_RESULTS}): pages holding more of the
 * terms first (terms on most pages, {@link COMMON_SHARE}, counted only between pages that tie without them), then
 * by the sum of their BM25 scores. A term matches itself and, from {@link MIN_PREFIX} code points,
 * the terms at most {@link MAX_PREFIX_EXTRA} code points longer that it starts (weighed {@link PREFIX_WEIGHT}). A
 * page among one term's best pages whose signature holds another term counts that one too ({@link HELD_WEIGHT} ×
 * its idf). A page's section is the one whose hits hold most of the terms, then the best scored; its excerpt the
 * hit's that shows most terms.
 * @param terms the question's terms ({@link queryTerms})
 * @param shards each term's shard (missing: no page holds it)
 * @param pages the index's page count (the manifest's `pages`), for idf
 */
export function rankPages(terms: string[], shards: ReadonlyMap<string, Shard | null>, pages: number): RankedPage[] {
  interface Found {
    title: string
    path: string
    lang: string
    score: number
    terms: Set<string>
    hits: { term: string; hit: ShardHit; score: number }[]
  }
  const found = new Map<string, Found>()
  const idf = new Map<string, number>()
  /** Question terms on more than {@link COMMON_SHARE} of the pages. */
  const common = new Set<string>()
  /** The index's terms each question term matched (itself, longer ones it starts). */
  const matched = new Map<string, string[]>()
  for (const term of terms) {
    const shard = shards.get(term)
    if (!shard) continue
    // Per page: the best score of the term (exact or as a prefix) and every hit that matched it, so a section
    // holding the term only as a longer word ("delivery") still counts for it.
    const best = new Map<string, { score: number; hits: ShardHit[]; page: Shard['pages'][number] }>()
    let df = 0
    for (const [stored, [storedDf, hits]] of Object.entries(shard.terms)) {
      const exact = stored === term
      if (!matches(term, stored)) continue
      df = Math.max(df, storedDf)
      matched.set(term, [...(matched.get(term) ?? []), stored])
      for (const hit of hits) {
        const page = shard.pages[hit[0]]
        if (!page) continue
        const score = hit[1] * (exact ? 1 : PREFIX_WEIGHT)
        const known = best.get(page[1]) ?? { score: 0, hits: [], page }
        known.score = Math.max(known.score, score)
        known.hits.push(hit)
        best.set(page[1], known)
      }
    }
    idf.set(term, bm25Idf(df, pages))
    if (df > pages * COMMON_SHARE) common.add(term)
    for (const [path, { score, hits, page }] of best) {
      const entry = found.get(path) ?? { title: page[0], path, lang: page[2], score: 0, terms: new Set(), hits: [] }
      entry.score += score
      entry.terms.add(term)
      for (const hit of hits) entry.hits.push({ term, hit, score: hit[1] })
      found.set(path, entry)
    }
  }
  // A page among some words' best pages may hold the others too: its signature says.
  const signatures = new Map<string, string>()
  for (const shard of shards.values()) for (const page of shard?.pages ?? []) signatures.set(page[1], page[3] ?? '')
  for (const entry of found.values()) {
    const signature = signatures.get(entry.path) ?? ''
    for (const term of terms) {
      if (entry.terms.has(term) || !matched.has(term)) continue
      if (matched.get(term)!.some((stored) => signatureHas(signature, stored))) {
        entry.terms.add(term)
        entry.score += HELD_WEIGHT * idf.get(term)!
      }
    }
  }
  const topical = (held: Set<string>) => [...held].filter((t) => !common.has(t)).length
  return [...found.values()]
    .sort(
      (a, b) =>
        topical(b.terms) - topical(a.terms) ||
        b.terms.size - a.terms.size ||
        b.score - a.score ||
        a.path.localeCompare(b.path),
    )
    .slice(0, SEARCH_MAX_RESULTS)
    .map((entry) => {
      // The section holding most of the question's terms, then the best scored; the excerpt that shows most of them.
      const sections = new Map<string, { terms: Set<string>; score: number; hits: ShardHit[] }>()
      for (const { term, hit, score } of entry.hits) {
        const s = sections.get(hit[3]) ?? { terms: new Set<string>(), score: 0, hits: [] }
        s.terms.add(term)
        s.score += score
        s.hits.push(hit)
        sections.set(hit[3], s)
      }
      const section = [...sections.values()].sort((a, b) => b.terms.size - a.terms.size || b.score - a.score)[0]!
      const wanted = new Set(terms)
      const excerptHit = [...section.hits].sort(
        (a, b) => count(termsOf(b[4]), wanted) - count(termsOf(a[4]), wanted),
      )[0]!
      return {
        title: entry.title,
        path: entry.path,
        lang: entry.lang,
        terms: entry.terms.size,
        score: entry.score,
        heading: excerptHit[2],
        anchor: excerptHit[3],
        excerpt: excerptHit[4],
      }
    })
}

const count = (words: string[], wanted: ReadonlySet<string>) => new Set(words.filter((w) => wanted.has(w))).size
