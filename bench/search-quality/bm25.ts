/**
 * The field's plain baseline for the search-quality bench: Okapi BM25 over whole pages (Robertson & Zaragoza, "The
 * Probabilistic Relevance Framework: BM25 and Beyond", Foundations and Trends in Information Retrieval 3(4), 2009,
 * §3.4 eq. 3.15), with the usual parameters k1 = 1.2 and b = 0.75 and the non-negative idf
 * log(1 + (N − df + 0.5) / (df + 0.5)) that Lucene uses. A page is its title and its main text in one field (no
 * field weights, no phrase or proximity scoring); words are lower-cased runs of letters and digits, stemmed by
 * Porter's algorithm (`stemmer`), less a classic English stop list. A query scores every page holding any of its
 * terms: no page, no match.
 * @module
 */
import { stemmer } from 'stemmer'

/** Term-frequency saturation (Robertson & Zaragoza's k1). */
export const K1 = 1.2
/** Length normalisation (their b): 0 ignores page length, 1 divides by it fully. */
export const B = 0.75

/** The classic English stop list: Lucene's `EnglishAnalyzer.ENGLISH_STOP_WORDS_SET` (33 words). */
export const STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
)

/** A text's terms, in order: lower-cased words, stop words out, English words stemmed (Porter). */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => (/^[a-z]+$/.test(w) ? stemmer(w) : w))
}

/** One page for the baseline: its served path and its text (title and main content). */
export interface Bm25Page {
  path: string
  text: string
}

/** A page a query found, with its BM25 score (a sum of its query terms' weights, unbounded). */
export interface Bm25Hit {
  path: string
  score: number
}

/** An in-memory BM25 index of a site's pages. */
export interface Bm25Index {
  pages: number
  /** The best `k` pages for `query` (default 5), best first; empty when no page holds any of its terms. */
  search(query: string, k?: number): Bm25Hit[]
}

/** Indexes `pages` (a posting list per term: which pages hold it and how often). */
export function buildBm25(pages: Bm25Page[]): Bm25Index {
  const postings = new Map<string, Map<number, number>>()
  const lengths = pages.map((page, i) => {
    const terms = tokenize(page.text)
    for (const t of terms) {
      const list = postings.get(t) ?? new Map<number, number>()
      list.set(i, (list.get(i) ?? 0) + 1)
      postings.set(t, list)
    }
    return terms.length
  })
  const n = pages.length
  const avgdl = lengths.reduce((a, b) => a + b, 0) / Math.max(1, n)
  return {
    pages: n,
    search(query, k = 5) {
      const scores = new Map<number, number>()
      for (const term of new Set(tokenize(query))) {
        const list = postings.get(term)
        if (!list) continue
        const idf = Math.log(1 + (n - list.size + 0.5) / (list.size + 0.5))
        for (const [page, tf] of list) {
          const norm = K1 * (1 - B + (B * lengths[page]!) / avgdl)
          scores.set(page, (scores.get(page) ?? 0) + (idf * tf * (K1 + 1)) / (tf + norm))
        }
      }
      return [...scores]
        .sort((a, b) => b[1] - a[1] || pages[a[0]]!.path.localeCompare(pages[b[0]]!.path))
        .slice(0, k)
        .map(([page, score]) => ({ path: pages[page]!.path, score }))
    },
  }
}
