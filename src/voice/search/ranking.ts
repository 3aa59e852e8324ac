/**
 * The site search's ranking (src/voice/search/siteSearch.ts): a visitor's question → its topic words → the
 * sections the index's shards hold for them (./terms.ts), each scored by the sum of its words' BM25F scores; a page
 * by its best section, plus half of what its other sections add; and a relevance floor below which no page of the
 * site answers (README "Site search").
 * @module
 */
import { isSentence, nameTermsOf, queryForms } from './query'
import {
  bm25Idf,
  decodePostings,
  PAGE_SECTION,
  termsOf,
  pageTableFile,
  prepareLanguages,
  type PageTableEntry,
  type Shard,
  type ShardHit,
  type ShardPage,
} from './terms'

export { isSentence, keywordsOf, nameTermsOf, queryForms, queryTerms, topicWordsOf } from './query'

/** Most results a search gives the assistant. */
export const SEARCH_MAX_RESULTS = 5
/** Weight of a word found as the start of a longer term ("deliver" in "delivery") against an exact match. */
const PREFIX_WEIGHT = 0.7
/**
 * A page's score: {@link PAGE_WEIGHT} × the sum of its terms' scores on the whole page (BM25F with the page as one
 * document, {@link PAGE_SECTION}) plus {@link SECTION_WEIGHT} × its best section's sum, so a page about the topic
 * ranks first and, between such pages, the one answering in one place. Set on the search-quality corpus
 * (docs/benchmarks.md): the section alone ranked 9 fewer keyword queries' answers in the top 3 of 220.
 */
const PAGE_WEIGHT = 1
const SECTION_WEIGHT = 0.5
/**
 * Weight of a longer term a stemmed (ASCII) word starts: its forms meet through the stemmer already, so a longer term
 * is most often another word ("form" → "format") and only sometimes the stemmer's miss ("deliv" → "deliveri"). Set on
 * the search-quality corpus: at {@link PREFIX_WEIGHT} the answer fell out of the top 3 for 8 more keyword queries of 220.
 */
const STEMMED_PREFIX_WEIGHT = 0.1
/** Shortest word matched as a prefix of longer terms, in code points. */
const MIN_PREFIX = 3
/**
 * Most code points a longer term may add to a word it starts: endings the stemmer leaves apart ("deliv" →
 * "deliveri", "pun" → "pune"), not other words built on it ("hous" → "housebound").
 */
const MAX_PREFIX_EXTRA = 3
/**
 * The relevance floor: the share of the question's weight (its terms' BM25 idf; a word no page holds as a word on
 * one page, {@link VOCABULARY_PAGES}) that one of the pages the results would list ({@link SEARCH_MAX_RESULTS}) must
 * hold. Below it, no page of the site answers. Set on the search-quality corpus (`npm run bench -- search-quality`,
 * docs/benchmarks.md "No page answers, read on the results"): at 0.4, with the section floors below, 97 % of the
 * answerable questions asked in the visitor's words and 98 % sent as keywords keep an answer, and 56 % and 83 % of
 * the unanswerable ones are answered "no page". A higher floor answers more of those "no page" (0.5: 64 % of the
 * visitors' own) but silences real questions asked in words the site does not use: on the held-out site of
 * tests/unit/search/heldOutSite.test.ts, 4 of its 10 at 0.45 and 0.5.
 */
export const RELEVANCE_FLOOR = 0.4

/**
 * Pages from which a word no page holds weighs fully in the relevance floor (as a word on one page). On a smaller
 * site most words a visitor says are words its few pages never needed, so an unknown word weighs in proportion.
 */
const VOCABULARY_PAGES = 100

/**
 * Share of the question's weight one section of a page must hold, beside {@link RELEVANCE_FLOOR}, when the query
 * names a topic (no function words: "two-factor authentication account", what the assistant sends): a topic's words
 * stand together where the site explains it, while the words of a topic the site lacks are found on pages apart. A
 * sentence ("how do I turn on two-factor login?", a visitor's own words) says more than its topic, often in words
 * the site never uses: {@link SENTENCE_SECTION_FLOOR}. Set on the search-quality corpus (docs/benchmarks.md).
 */
const TOPIC_SECTION_FLOOR = 0.6
/** The section floor of a query written as a sentence (see {@link TOPIC_SECTION_FLOOR}). */
const SENTENCE_SECTION_FLOOR = 0.3
/**
 * Share of the first page's score a page gains when its title names all of the question's words (pro rata by their
 * idf weight), among the first {@link TITLE_RERANK_DEPTH} pages: BM25F's title weight saturates with the other
 * fields, so a long page that uses the words often could outrank the page titled with them. Measured on the
 * search-quality bench's four real sites (docs/benchmarks.md): keyword queries' top 1 from 177 to 188 of 220
 * (BM25 179), 0.1–0.5 all within 3 of it.
 */
const TITLE_BONUS = 0.3
/** Pages re-ranked by their titles ({@link TITLE_BONUS}): their titles are tokenised, so a few. */
const TITLE_RERANK_DEPTH = 10

/**
 * Whether a question's term matches an index term: the same, or a short ending longer ({@link MAX_PREFIX_EXTRA}); in
 * scripts other than English letters, also an index term the question's word extends by such an ending (a stem, as
 * ./languages.ts's stemmers keep, of a form the stemmer left whole: "माइक्रोफोन" for "माइक्रोफोनल").
 */
const matches = (term: string, stored: string): boolean => {
  if (stored === term) return true
  const extra = [...stored].length - [...term].length
  if (extra > 0) return [...term].length >= MIN_PREFIX && extra <= MAX_PREFIX_EXTRA && stored.startsWith(term)
  return (
    -extra <= MAX_PREFIX_EXTRA && [...stored].length >= MIN_PREFIX && !/^[a-z]+$/.test(term) && term.startsWith(stored)
  )
}

/** What {@link rankPages} takes beside the terms. */
export interface RankOptions {
  /**
   * The relevance floor ({@link RELEVANCE_FLOOR}); 0 answers with whatever matches (and applies none of the other
   * "no page answers" rules). @default RELEVANCE_FLOOR
   */
  floor?: number
  /** Page-table entries of pages no shard names (the outcome's `missing`, fetched). @default none */
  table?: ReadonlyMap<number, PageTableEntry>
  /** Terms of the words the question writes as names ({@link nameTermsOf}). @default none */
  names?: ReadonlySet<string>
  /** Whether the query is written as a sentence ({@link isSentence}), not as a topic's words. @default false */
  sentence?: boolean
  /**
   * Other index terms standing for a question's term, each with its weight (0–1): the same word's term in another
   * of the index's languages ({@link queryForms}). A page holding one holds the term at that weight; `shards` must
   * hold their shards too. @default none
   */
  alternatives?: ReadonlyMap<string, readonly (readonly [term: string, weight: number])[]>
}

/** A page found for a question. */
export interface RankedPage {
  /** The page's title. */
  title: string
  /** Path without anchor. */
  path: string
  /** The page's language (`en`, `hi`). */
  lang: string
  /** How many of the question's terms the page holds. */
  terms: number
  /** Its score: {@link PAGE_WEIGHT} × its terms' whole-page BM25F sum + {@link SECTION_WEIGHT} × its best section's. */
  score: number
  /** The section that answers: its heading, anchor and an excerpt. */
  heading: string
  anchor: string
  excerpt: string
}

/** A search's ranking: the question's terms, the pages best first, and whether none reaches the relevance floor. */
export interface SearchOutcome {
  /** The question's index terms ({@link queryTerms}). */
  terms: string[]
  /** The pages, best first (empty when `noMatch`). */
  results: RankedPage[]
  /**
   * True when no page of the site answers: no page the results would list holds {@link RELEVANCE_FLOOR} of the
   * question's weight, no section of a page holds the section floor ({@link TOPIC_SECTION_FLOOR}), or the question names
   * something no page holds ({@link nameTermsOf}).
   */
  noMatch: boolean
  /**
   * The largest share of the question's weight a page the results would list holds (what {@link RELEVANCE_FLOOR} is
   * compared with), 0–1.
   */
  coverage: number
  /**
   * The largest share of the question's weight one section of a page (not a listing) holds, 0–1; the words of the
   * page's title count in each of its sections when no section alone reaches the section floor (then the search
   * stops at the first page that does).
   */
  sectionCoverage: number
  /**
   * Ids of pages ranked among the results that no fetched shard names (none of the question's words' best pages):
   * their page-table files ({@link pageTableFile}) name them; rank again with them as `table`.
   */
  missing: number[]
}

/**
 * Ranks the pages for a question's terms ({@link SearchOutcome}). A term matches itself and, for words other than
 * English ones (which are stemmed), from {@link MIN_PREFIX} code points the terms at most {@link MAX_PREFIX_EXTRA}
 * code points longer that it starts (weighed {@link PREFIX_WEIGHT}). A page scores {@link PAGE_WEIGHT} × its terms'
 * whole-page scores plus {@link SECTION_WEIGHT} × its best section's sum; the first pages are then re-ranked by the
 * question's words their titles name ({@link TITLE_BONUS}); generated listing pages come after all others. The
 * result's section is the best one a shard carries an excerpt for, its excerpt the one showing most of the terms.
 * @param terms the question's terms ({@link queryTerms})
 * @param shards each term's shard (missing or null: no page holds it)
 * @param pages the index's page count (the manifest's `pages`), for idf
 * @param options the relevance floor, page-table entries and the question's names ({@link RankOptions})
 */
export function rankPages(
  terms: string[],
  shards: ReadonlyMap<string, Shard | null>,
  pages: number,
  {
    floor = RELEVANCE_FLOOR,
    table = new Map(),
    names = new Set(),
    sentence = false,
    alternatives = new Map(),
  }: RankOptions = {},
): Omit<SearchOutcome, 'terms'> {
  interface Found {
    /** section → term → best score there. */
    sections: Map<number, Map<string, number>>
    /** term → its score on the whole page ({@link PAGE_SECTION}). */
    page: Map<string, number>
    /** term → best score on the page. */
    best: Map<string, number>
    /** term → how fully the page holds it: 1 for the word itself, {@link PREFIX_WEIGHT} for a longer term only. */
    held: Map<string, number>
  }
  const found = new Map<number, Found>()
  const info = new Map<number, ShardPage>()
  /** Hits by page id: every excerpt the shards carry for the page. */
  const hits = new Map<number, { term: string; hit: ShardHit }[]>()
  const weight = new Map<string, number>()
  /** The question's terms some index term matches. */
  const matched = new Set<string>()
  for (const term of terms) {
    let df = 0
    /** The index terms standing for `term`: itself and longer terms it starts, then its alternatives. */
    const sources: [entry: Shard['terms'][string], shard: Shard, w: number, held: number][] = []
    for (const [t, alt] of [[term, 1] as const, ...(alternatives.get(term) ?? [])]) {
      const shard = shards.get(t)
      for (const [stored, entry] of Object.entries(shard?.terms ?? {})) {
        if (!matches(t, stored)) continue
        df = Math.max(df, entry[0])
        const w = stored === t ? 1 : /^[a-z]+$/.test(t) ? STEMMED_PREFIX_WEIGHT : PREFIX_WEIGHT
        sources.push([entry, shard!, w * alt, (stored === t ? 1 : PREFIX_WEIGHT) * alt])
      }
    }
    for (const [[, postings, termHits], shard, w, holds] of sources) {
      for (const [p, s, score] of decodePostings(postings)) {
        let f = found.get(p)
        if (!f) found.set(p, (f = { sections: new Map(), page: new Map(), best: new Map(), held: new Map() }))
        f.best.set(term, Math.max(f.best.get(term) ?? 0, score * w))
        f.held.set(term, Math.max(f.held.get(term) ?? 0, holds))
        if (s === PAGE_SECTION) {
          f.page.set(term, Math.max(f.page.get(term) ?? 0, score * w))
          continue
        }
        let sec = f.sections.get(s)
        if (!sec) f.sections.set(s, (sec = new Map<string, number>()))
        sec.set(term, Math.max(sec.get(term) ?? 0, score * w))
      }
      for (const hit of termHits) {
        const page = shard.pages[hit[0]]
        if (!page) continue
        info.set(page[0], page)
        let list = hits.get(page[0])
        if (!list) hits.set(page[0], (list = []))
        list.push({ term, hit })
      }
    }
    // A word no page holds weighs as a word on one page (scaled down on a small site: VOCABULARY_PAGES): a
    // question about something the site never names is not answered.
    const n = Math.max(pages, 1)
    if (df > 0) matched.add(term)
    weight.set(term, df > 0 ? bm25Idf(Math.min(df, n), n) : bm25Idf(1, n) * Math.min(1, n / VOCABULARY_PAGES))
  }
  const totalWeight = [...weight.values()].reduce((a, b) => a + b, 0)
  const ranked = [...found].map(([id, f]) => {
    const sumOf = (byTerm: ReadonlyMap<string, number> | undefined) => {
      let sum = 0
      for (const v of byTerm?.values() ?? []) sum += v
      return sum
    }
    let bestSection = 0
    let bestScore = f.sections.size === 0 ? 0 : -1
    for (const [s, byTerm] of f.sections) {
      const sum = sumOf(byTerm)
      if (sum > bestScore || (sum === bestScore && s < bestSection)) [bestSection, bestScore] = [s, sum]
    }
    let whole = 0
    for (const v of f.page.values()) whole += v
    // The floor reads the page: the question's words it holds anywhere, by weight (a longer word that only starts
    // like one — "example" for "exam", "delivery" for "deliv" — holds it at PREFIX_WEIGHT).
    let heldWeight = 0
    for (const [t, held] of f.held) heldWeight += (weight.get(t) ?? 0) * held
    // The share one section holds (a topic's words stand together where the site explains it).
    let sectionHeld = 0
    for (const byTerm of f.sections.values()) {
      let held = 0
      for (const t of byTerm.keys()) held += (weight.get(t) ?? 0) * (f.held.get(t) ?? 0)
      sectionHeld = Math.max(sectionHeld, held)
    }
    return {
      id,
      f,
      bestSection,
      score: PAGE_WEIGHT * whole + SECTION_WEIGHT * bestScore,
      coverage: totalWeight > 0 ? heldWeight / totalWeight : 0,
      sectionCoverage: totalWeight > 0 ? sectionHeld / totalWeight : 0,
      listing: (info.get(id) ?? table.get(id))?.[4] === 1,
    }
  })
  ranked.sort((a, b) => Number(a.listing) - Number(b.listing) || b.score - a.score || a.id - b.id)
  /** A page's title as terms, tokenised once per ranking (the section floor and the title re-rank both read it). */
  const titles = new Map<number, string[]>()
  const titleTerms = (id: number): string[] => {
    let known = titles.get(id)
    const page = info.get(id) ?? table.get(id)
    if (!known) titles.set(id, (known = termsOf(page?.[1] ?? '', page?.[3])))
    return known
  }
  /** How fully a title's terms name a question's term: 1 for it, an alternative's weight for that, else 0. */
  const titleHolds = (t: string, title: readonly string[]): number => {
    if (title.some((stored) => matches(t, stored))) return 1
    let best = 0
    for (const [alt, w] of alternatives.get(t) ?? [])
      if (title.some((stored) => matches(alt, stored))) best = Math.max(best, w)
    return best
  }
  // The first pages again, by what their titles name: a page titled with the question's words is about it.
  if (totalWeight > 0 && ranked.length > 1) {
    const head = ranked.slice(0, TITLE_RERANK_DEPTH)
    const lead = head[0]!.score
    for (const r of head) {
      const title = titleTerms(r.id)
      let named = 0
      for (const t of terms) named += (weight.get(t) ?? 0) * titleHolds(t, title)
      r.score += TITLE_BONUS * lead * (named / totalWeight)
    }
    head.sort((a, b) => Number(a.listing) - Number(b.listing) || b.score - a.score || a.id - b.id)
    ranked.splice(0, head.length, ...head)
  }
  // The floor is read on the pages the results would list, not listings (a term index holds every word of the site)
  // unless only listings match: the most of the question any of them holds. The first page can be first by a few
  // rare words of the question's telling ("last month", "today") while the next one holds its topic.
  const top = ranked.find((r) => !r.listing) ?? ranked[0]
  let coverage = 0
  let listed = 0
  for (const r of ranked) {
    if (listed === SEARCH_MAX_RESULTS) break
    if (r.listing !== top?.listing) continue
    coverage = Math.max(coverage, r.coverage)
    listed++
  }
  let sectionCoverage = 0
  for (const r of ranked) if (r.listing === top?.listing) sectionCoverage = Math.max(sectionCoverage, r.sectionCoverage)
  const sectionFloor = floor <= 0 ? 0 : sentence ? SENTENCE_SECTION_FLOOR : TOPIC_SECTION_FLOOR
  // Short of the floor, the words of a page's title stand in each of its sections too. Read only for the pages that
  // could reach it (a section and the title hold no more than the page), best first, until one does: a title is
  // tokenised for a few pages, not for every page a common word names.
  if (sectionCoverage < sectionFloor && totalWeight > 0) {
    for (const r of [...ranked].sort((a, b) => b.coverage - a.coverage)) {
      if (r.coverage < sectionFloor || sectionCoverage >= sectionFloor) break
      if (r.listing !== top?.listing) continue
      const title = titleTerms(r.id)
      const inTitle = terms.filter((t) => r.f.held.has(t) && titleHolds(t, title) > 0)
      if (inTitle.length === 0) continue
      for (const byTerm of [...r.f.sections.values(), new Map<string, number>()]) {
        let held = 0
        for (const t of new Set([...byTerm.keys(), ...inTitle])) held += (weight.get(t) ?? 0) * (r.f.held.get(t) ?? 0)
        sectionCoverage = Math.max(sectionCoverage, held / totalWeight)
      }
    }
  }
  const unnamed = [...names].some((t) => terms.includes(t) && !matched.has(t))
  if (!top || coverage < floor || sectionCoverage < sectionFloor || (floor > 0 && unnamed))
    return { results: [], noMatch: true, coverage, sectionCoverage, missing: [] }
  const wanted = new Set(terms)
  const results: RankedPage[] = []
  /** Pages ranked among the results whose title no fetched shard carries (their page table is needed). */
  const missing: number[] = []
  for (const r of ranked) {
    if (results.length + missing.length >= SEARCH_MAX_RESULTS) break
    const page = info.get(r.id)
    const pageHits = hits.get(r.id)
    const entry = table.get(r.id)
    if ((!page || !pageHits) && entry) {
      // None of its words' best pages: the page table names it, with the start of its text.
      results.push({
        title: entry[1],
        path: entry[2],
        lang: entry[3],
        terms: r.f.best.size,
        score: r.score,
        heading: '',
        anchor: '',
        excerpt: entry[5],
      })
      continue
    }
    if (!page || !pageHits) missing.push(r.id)
    // A page the shards name no title for (held by postings only, none of its terms' best pages) is left out.
    if (!page || !pageHits) continue
    // The best section an excerpt exists for, then the excerpt showing most of the question's terms.
    const sectionScore = (s: number) => {
      let sum = 0
      for (const v of r.f.sections.get(s)?.values() ?? []) sum += v
      return sum
    }
    const chosen = [...pageHits].sort(
      (a, b) =>
        Number(b.hit[1] === r.bestSection) - Number(a.hit[1] === r.bestSection) ||
        sectionScore(b.hit[1]) - sectionScore(a.hit[1]) ||
        count(termsOf(b.hit[4]), wanted) - count(termsOf(a.hit[4]), wanted),
    )[0]!.hit
    results.push({
      title: page[1],
      path: page[2],
      lang: page[3],
      terms: r.f.best.size,
      score: r.score,
      heading: chosen[2],
      anchor: chosen[3],
      excerpt: chosen[4],
    })
  }
  return { results, noMatch: results.length === 0 && missing.length === 0, coverage, sectionCoverage, missing }
}

const count = (words: string[], wanted: ReadonlySet<string>) => new Set(words.filter((w) => wanted.has(w))).size

/**
 * Ranks `query` with the shards `shardOf` brings for its terms (the page's loader, or the disk's in Node).
 * @param manifest - the index's manifest (its page count gives idf; its languages, the query's terms: ./query.ts
 *   `queryForms`)
 * @param floor - {@link rankPages}' relevance floor
 * @param tableOf - reads a page-table file (JSON array of {@link PageTableEntry}); without it, pages no fetched shard
 *   names are left out of the results
 */
export async function searchShards(
  query: string,
  shardOf: (term: string) => Promise<Shard | null>,
  manifest: { pages: number; languages?: string[] },
  floor = RELEVANCE_FLOOR,
  tableOf?: (file: string) => Promise<PageTableEntry[]>,
): Promise<SearchOutcome> {
  const langs = manifest.languages ?? []
  await prepareLanguages(langs)
  const { terms, alternatives, forms } = queryForms(query, langs)
  const shards = new Map(await Promise.all(forms.map(async (t) => [t, await shardOf(t)] as const)))
  const asked = { floor, names: new Set(nameTermsOf(query)), sentence: isSentence(query, langs), alternatives }
  const first = rankPages(terms, shards, manifest.pages, asked)
  if (first.missing.length === 0 || !tableOf) return { terms, ...first }
  const table = await pageTable(first.missing, tableOf)
  return { terms, ...rankPages(terms, shards, manifest.pages, { ...asked, table }) }
}

/** The page-table entries of `ids`, each file fetched once ({@link pageTableFile}). */
export async function pageTable(
  ids: readonly number[],
  tableOf: (file: string) => Promise<PageTableEntry[]>,
): Promise<Map<number, PageTableEntry>> {
  const files = [...new Set(ids.map(pageTableFile))]
  const table = new Map<number, PageTableEntry>()
  for (const entries of await Promise.all(files.map(tableOf))) for (const e of entries) table.set(e[0], e)
  return table
}
