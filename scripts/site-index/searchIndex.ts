/**
 * Writes the site search index the page reads (src/voice/search/terms.ts has the format). Each page is read once:
 * its title, and each section's heading and text, tokenised in one pass ({@link collectPostings}), each term's
 * first use in a section recorded as it passes. Every (term, section) is then scored by BM25F
 * (`bm25fScore`: title, heading and body fields, each with its weight and length normalisation), and a term's
 * shard entry holds every section that uses it (a page's best {@link MAX_SECTIONS_PER_PAGE}) as compact postings, plus
 * its {@link CHAMPIONS} best pages with the section's heading, anchor and an excerpt around the term (a champion
 * list: Manning, Raghavan & Schütze, *Introduction to Information Retrieval*, §7.1.3).
 * Terms are grouped into shards by their first three code points; a shard over {@link SPLIT_BYTES} is split by
 * the fourth. Shards of consecutive keys are published together in packs of at most {@link PACK_BYTES}
 * ({@link packShards}), each naming its pages once and keeping once the parts of a section's text its terms'
 * excerpts show; a hit is then the section and its excerpt's bounds. The packs of a build share a folder named by
 * their contents' hash (a host can cache them for good; the manifest names the folder and each pack's first key).
 * One request per word then brings its pages and excerpts.
 * @module
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  EXCERPT_WINDOW_CHARS,
  MAX_SECTIONS_PER_PAGE,
  SHARD_FOLDER,
  PAGE_SECTION,
  PAGE_TABLE_CHUNK,
  pageTableFile,
  type PageTableEntry,
  bm25Idf,
  bm25fScore,
  shardFile,
  shardKey,
  termOf,
  prepareLanguages,
  type FieldParams,
} from '../../src/voice/search/terms'
import type { PageSection } from './extract'
import { PACK_BYTES, excerptAround, packShards, type PackEntry } from './packs'

export { PACK_BYTES, excerptAround, excerptBounds } from './packs'

/** Pages whose excerpts a term's shard entry carries: a question's result pages are among its words' best. */
export const CHAMPIONS = 4
/**
 * A shard's estimated size, in bytes of JSON with an excerpt per hit, above which its prefix is split by one more
 * code point (the estimate of the format before packs, kept so a term's shard holds the same terms).
 */
export const SPLIT_BYTES = 24_000
/**
 * BM25F's fields: the page's title (shared by its sections), the section's heading and its text. Weights as the
 * field's usual practice (a title word says more than a body word); b per field: titles and headings are short and
 * alike, so their length matters less (Robertson & Zaragoza 2009, §3.2).
 */
export const FIELDS: Readonly<Record<'title' | 'heading' | 'body', FieldParams>> = {
  title: { weight: 4, b: 0.5 },
  heading: { weight: 2.5, b: 0.5 },
  body: { weight: 1, b: 0.75 },
}

/** A page as the index takes it. */
export interface IndexedPage {
  /** Absolute URL. */
  url: string
  title: string
  lang: string
  sections: PageSection[]
  /** A generated listing page (term index, search page, archive): ranked only when no other page matches. */
  listing?: boolean
}

/** A term's use in one section: its frequency in the heading and the text, and its first offset in the text. */
interface Use {
  heading: number
  body: number
  /** Offset of the term's first use in the section's flattened text, or -1 (heading only). */
  at: number
}

/** What one pass over the pages finds: per term, per page, per section, its {@link Use}; and field lengths. */
export interface Postings {
  /** term → page → section → use. */
  uses: Map<string, Map<number, Map<number, Use>>>
  /** term → page → frequency in the page's title. */
  titles: Map<string, Map<number, number>>
  /** Words in each page's title. */
  titleLengths: number[]
  /** Words in each section's heading and text, by page. */
  headingLengths: number[][]
  bodyLengths: number[][]
  /** Each section's text with whitespace collapsed (what excerpts are cut from), by page. */
  flat: string[][]
}

const WORD = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}]+)?/gu

/**
 * Tokenises every page once (MiniSearch's single pass: each word's term looked up once, `termOf` memoised), each
 * page's words in its language (`termOf`'s stemmers and stop words, loaded by `prepareLanguages` beforehand).
 */
export function collectPostings(pages: readonly IndexedPage[]): Postings {
  const out: Postings = {
    uses: new Map(),
    titles: new Map(),
    titleLengths: [],
    headingLengths: [],
    bodyLengths: [],
    flat: [],
  }
  const use = (term: string, p: number, s: number): Use => {
    let byPage = out.uses.get(term)
    if (!byPage) out.uses.set(term, (byPage = new Map<number, Map<number, Use>>()))
    let bySection = byPage.get(p)
    if (!bySection) byPage.set(p, (bySection = new Map<number, Use>()))
    let u = bySection.get(s)
    if (!u) bySection.set(s, (u = { heading: 0, body: 0, at: -1 }))
    return u
  }
  pages.forEach((page, p) => {
    let titleLength = 0
    for (const m of page.title.matchAll(WORD)) {
      const term = termOf(m[0], page.lang)
      if (!term) continue
      titleLength++
      let byPage = out.titles.get(term)
      if (!byPage) out.titles.set(term, (byPage = new Map<number, number>()))
      byPage.set(p, (byPage.get(p) ?? 0) + 1)
    }
    out.titleLengths.push(titleLength)
    const headings: number[] = []
    const bodies: number[] = []
    const flats: string[] = []
    page.sections.forEach((section, s) => {
      let h = 0
      for (const m of section.heading.matchAll(WORD)) {
        const term = termOf(m[0], page.lang)
        if (!term) continue
        h++
        use(term, p, s).heading++
      }
      const flat = section.text.replace(/\s+/g, ' ')
      let b = 0
      for (const m of flat.matchAll(WORD)) {
        const term = termOf(m[0], page.lang)
        if (!term) continue
        b++
        const u = use(term, p, s)
        if (u.body++ === 0) u.at = m.index
      }
      headings.push(h)
      bodies.push(b)
      flats.push(flat)
    })
    out.headingLengths.push(headings)
    out.bodyLengths.push(bodies)
    out.flat.push(flats)
  })
  return out
}

/** A term's scored sections: `[page, section, score]`, a page's best {@link MAX_SECTIONS_PER_PAGE}, pages ascending. */
type Scored = [page: number, section: number, score: number][]

/** Scores every (term, section) by BM25F and keeps each page's best sections ({@link FIELDS}). */
export function scoreTerms(
  pages: readonly IndexedPage[],
  postings: Postings,
): Map<string, { df: number; scored: Scored }> {
  const n = pages.length
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
  const avgTitle = avg(postings.titleLengths)
  const avgHeading = avg(postings.headingLengths.flat())
  const avgBody = avg(postings.bodyLengths.flat())
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  const pageHeadings = postings.headingLengths.map(sum)
  const pageBodies = postings.bodyLengths.map(sum)
  const avgPageHeading = avg(pageHeadings)
  const avgPageBody = avg(pageBodies)
  const out = new Map<string, { df: number; scored: Scored }>()
  const terms = new Set([...postings.uses.keys(), ...postings.titles.keys()])
  for (const term of terms) {
    const byPage = postings.uses.get(term)
    const titled = postings.titles.get(term)
    const pageIds = new Set([...(byPage?.keys() ?? []), ...(titled?.keys() ?? [])])
    const df = pageIds.size
    const idf = bm25Idf(df, n)
    const scored: Scored = []
    for (const p of [...pageIds].sort((a, b) => a - b)) {
      const title = { tf: titled?.get(p) ?? 0, length: postings.titleLengths[p]!, avgLength: avgTitle, ...FIELDS.title }
      const sections = byPage?.get(p) ?? new Map<number, Use>()
      const mine: Scored = []
      for (const [s, u] of sections) {
        const score = bm25fScore(idf, [
          title,
          { tf: u.heading, length: postings.headingLengths[p]![s] ?? 0, avgLength: avgHeading, ...FIELDS.heading },
          { tf: u.body, length: postings.bodyLengths[p]![s] ?? 0, avgLength: avgBody, ...FIELDS.body },
        ])
        mine.push([p, s, score])
      }
      mine.sort((a, b) => b[2] - a[2] || a[1] - b[1])
      // The whole page as one document (its title, all its headings, all its text): the PAGE_SECTION posting.
      let headingTf = 0
      let bodyTf = 0
      for (const u of sections.values()) {
        headingTf += u.heading
        bodyTf += u.body
      }
      scored.push([
        p,
        PAGE_SECTION,
        bm25fScore(idf, [
          title,
          { tf: headingTf, length: pageHeadings[p]!, avgLength: avgPageHeading, ...FIELDS.heading },
          { tf: bodyTf, length: pageBodies[p]!, avgLength: avgPageBody, ...FIELDS.body },
        ]),
      ])
      scored.push(...mine.slice(0, MAX_SECTIONS_PER_PAGE).sort((a, b) => a[1] - b[1]))
    }
    out.set(term, { df, scored })
  }
  return out
}

/**
 * Writes the shards of `pages`, in packs of about `packBytes` of JSON ({@link packShards}), and the page table into
 * `outDir/t/<build>/`, `<build>` the first 12 hex digits of the SHA-256 of their contents (old builds' folders are
 * the caller's to remove).
 * @returns the prefixes split into four-code-point shards, the shards' folder and each pack's first shard key (the
 *   manifest's `split`, `shards` and `packs`), and the number of packs written
 */
export async function writeSearchIndex(
  pages: IndexedPage[],
  outDir: string,
  packBytes = PACK_BYTES,
): Promise<{ split: string[]; shards: string; packs: string[]; files: number }> {
  await prepareLanguages(pages.map((page) => page.lang))
  const postings = collectPostings(pages)
  const scores = scoreTerms(pages, postings)

  interface Entry {
    term: string
    df: number
    scored: Scored
  }
  const groups = new Map<string, Entry[]>()
  const noSplit: ReadonlySet<string> = new Set()
  for (const [term, { df, scored }] of scores) {
    const prefix = shardKey(term, noSplit)
    let group = groups.get(prefix)
    if (!group) groups.set(prefix, (group = []))
    group.push({ term, df, scored })
  }

  /** A term's postings, flat ({@link PackTerm}), and its best pages' sections with the offset of its first use. */
  const entryOf = (e: Entry): PackEntry => {
    const flat: number[] = []
    let last = 0
    for (const [p, s, score] of e.scored) {
      flat.push(p - last, s, Math.max(1, Math.round(score * 100)))
      last = p
    }
    // A page's best section for the term, best pages first; listing pages only when too few others hold it.
    const bestByPage = new Map<number, [section: number, score: number, rank: number]>()
    // The excerpt's section uses the term in its text when one does (a heading alone says less than a sentence);
    // pages are ranked by their whole-page score (PAGE_SECTION) when they have one.
    const inText = (p: number, s: number) => (postings.uses.get(e.term)?.get(p)?.get(s)?.at ?? -1) >= 0
    for (const [p, s, score] of e.scored) {
      const known = bestByPage.get(p)
      if (s === PAGE_SECTION) {
        bestByPage.set(p, known ? [known[0], known[1], score] : [PAGE_SECTION, -1, score])
        continue
      }
      const better =
        !known ||
        known[0] === PAGE_SECTION ||
        (inText(p, s) ? !inText(p, known[0]) || score > known[1] : !inText(p, known[0]) && score > known[1])
      if (better) bestByPage.set(p, [s, score, Math.max(score, known?.[2] ?? 0)])
    }
    // A number alone ("3", "2024") is no topic a visitor asks about: its postings count, it brings no excerpts.
    const champions = (/^\p{N}+$/u.test(e.term) ? [] : [...bestByPage])
      .sort(
        (a, b) => Number(pages[a[0]]!.listing ?? false) - Number(pages[b[0]]!.listing ?? false) || b[1][2] - a[1][2],
      )
      .slice(0, CHAMPIONS)
    const hits = champions.map(([p, [best]]): [page: number, section: number, at: number] => {
      // A term no section holds (the title alone) shows the page's top.
      const s = best === PAGE_SECTION ? 0 : best
      return [p, s, Math.max(0, postings.uses.get(e.term)?.get(p)?.get(s)?.at ?? 0)]
    })
    return { term: e.term, df: e.df, flat, hits }
  }

  const split: string[] = []
  /** Each shard key's terms, keys in order (the packs are runs of them). */
  const keyed = new Map<string, PackEntry[]>()
  for (const [prefix, entries] of groups) {
    // A shard's size is estimated before its excerpts are built: postings' digits and each hit's excerpt window.
    const estimate = entries.reduce(
      (sum, e) => sum + e.term.length + e.scored.length * 9 + Math.min(CHAMPIONS, e.df) * (EXCERPT_WINDOW_CHARS + 60),
      0,
    )
    if (estimate <= SPLIT_BYTES || [...prefix].length < 3) {
      keyed.set(prefix, entries.map(entryOf))
      continue
    }
    const byKey = new Map<string, Entry[]>()
    const splitHere = new Set([prefix])
    for (const e of entries) {
      const key = shardKey(e.term, splitHere)
      let list = byKey.get(key)
      if (!list) byKey.set(key, (list = []))
      list.push(e)
    }
    if (byKey.size === 1 && byKey.has(prefix)) {
      keyed.set(prefix, entries.map(entryOf))
      continue
    }
    split.push(prefix)
    for (const [key, part] of byKey) keyed.set(key, part.map(entryOf))
  }
  const files = packShards(pages, postings.flat, keyed, packBytes)
  const written = files.map(([key, body]) => [shardFile(key), body] as const)
  // The page table, PAGE_TABLE_CHUNK pages a file: what a result needs of a page no fetched shard names.
  for (let start = 0; start < pages.length; start += PAGE_TABLE_CHUNK) {
    const entries = pages.slice(start, start + PAGE_TABLE_CHUNK).map((page, i): PageTableEntry => {
      const u = new URL(page.url)
      const lang = page.lang === 'unknown' ? 'en' : page.lang
      const first = postings.flat[start + i]?.find((t) => t.trim() !== '') ?? ''
      return [start + i, page.title, `${u.pathname}${u.search}`, lang, page.listing ? 1 : 0, excerptAround(first, 0)]
    })
    written.push([pageTableFile(start), JSON.stringify(entries)])
  }
  written.sort((a, b) => (a[0] < b[0] ? -1 : 1))
  const build = createHash('sha256')
  for (const [name, body] of written) build.update(name).update('\u0000').update(body).update('\u0000')
  const shards = `${SHARD_FOLDER}${build.digest('hex').slice(0, 12)}/`
  await mkdir(join(outDir, shards), { recursive: true })
  for (const [name, body] of written) await writeFile(join(outDir, shards, name), gzipSync(body, { level: 9 }))
  return { split: split.sort(), shards, packs: files.map(([key]) => key), files: files.length }
}
