/**
 * Writes the site search index the page reads (src/voice/search/terms.ts has the format): for every term of the
 * site's main content, its champion list — the {@link CHAMPIONS} pages where it scores best by BM25 (`bm25Idf`;
 * k1 = 1.2, b = 0.75), the page's title
 * and headings weighing more — each with the section holding the term and an excerpt around its first use.
 * Terms are grouped into shards by their first three code points; a shard over {@link SPLIT_BYTES} is split by
 * the fourth. The shards of a build share a folder named by their contents' hash (a host can cache them for good;
 * the manifest names the folder). One request per word then brings its pages and excerpts; no WebAssembly, no
 * second request.
 * @module
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  EXCERPT_WINDOW_CHARS,
  SHARD_FOLDER,
  SIGNATURE_TERMS,
  bm25Idf,
  shardFile,
  shardKey,
  termSignature,
  termOf,
  wordsOf,
  type Shard,
  type ShardHit,
} from '../../src/voice/search/terms'
import type { PageSection } from './extract'

/** Pages kept per term: a question's pages are among its words' best (README "Site search"). */
export const CHAMPIONS = 16
/** A shard's size, in bytes of JSON, above which its prefix is split by one more code point. */
export const SPLIT_BYTES = 24_000
/** Weight of a term in the page's title, and in a section's heading, against once in its text. */
const TITLE_WEIGHT = 4
const HEADING_WEIGHT = 3
/**
 * A term's section on a page is the one using it most in its text, its heading breaking ties (a section whose
 * heading alone holds it comes last): the excerpt shows the term in use; the heading is the result's title already.
 */
const SECTION_TEXT_WEIGHT = 100
const K1 = 1.2
const B = 0.75

/** No prefix split: a term's three-code-point shard ({@link shardKey}). */
const NO_SPLIT: ReadonlySet<string> = new Set()

/** A page as the index takes it. */
export interface IndexedPage {
  /** Absolute URL. */
  url: string
  title: string
  lang: string
  sections: PageSection[]
}

interface Posting {
  /** Weighted term frequency on the page. */
  tf: number
  /** Index of the term's section ({@link SECTION_TEXT_WEIGHT}), and its weight there. */
  section: number
  weight: number
}

/** The excerpt around `at` in `text`: from a word start before it to a word end, at most {@link EXCERPT_WINDOW_CHARS}. */
function excerptAround(text: string, at: number): string {
  const flat = text.replace(/\s+/g, ' ')
  if (flat.length <= EXCERPT_WINDOW_CHARS) return flat.trim()
  let start = Math.max(0, at - 60)
  if (start > 0) {
    const space = flat.indexOf(' ', start)
    start = space >= 0 && space < at ? space + 1 : start
  }
  let end = Math.min(flat.length, start + EXCERPT_WINDOW_CHARS)
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end)
    end = space > start ? space : end
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`
}

/**
 * Writes the shards of `pages` into `outDir/t/<build>/`, `<build>` the first 12 hex digits of the SHA-256 of their
 * contents (old builds' folders are the caller's to remove).
 * @returns the prefixes split into four-code-point shards and the shards' folder (the manifest's `split` and
 *   `shards`), and the number of files written
 */
export async function writeSearchIndex(
  pages: IndexedPage[],
  outDir: string,
): Promise<{ split: string[]; shards: string; files: number }> {
  const postings = new Map<string, Map<number, Posting>>()
  const lengths: number[] = []
  pages.forEach((page, p) => {
    let length = 0
    const sectionWeights = new Map<string, number>()
    const add = (term: string, weight: number, section: number, sectionWeight: number) => {
      if (!term) return
      const byPage = postings.get(term) ?? new Map<number, Posting>()
      postings.set(term, byPage)
      const posting = byPage.get(p) ?? { tf: 0, section: 0, weight: 0 }
      posting.tf += weight
      byPage.set(p, posting)
      // The section's own weight for the term, counted apart (the title's weight goes to the page).
      if (sectionWeight > 0) {
        const key = `${term}\u0000${section}`
        const w = (sectionWeights.get(key) ?? 0) + sectionWeight
        sectionWeights.set(key, w)
        if (w > posting.weight) Object.assign(posting, { section, weight: w })
      }
    }
    for (const w of wordsOf(page.title)) add(termOf(w.word), TITLE_WEIGHT, 0, 0)
    page.sections.forEach((s, i) => {
      for (const w of wordsOf(s.heading)) add(termOf(w.word), HEADING_WEIGHT, i, HEADING_WEIGHT)
      for (const w of wordsOf(s.text)) {
        add(termOf(w.word), 1, i, SECTION_TEXT_WEIGHT)
        length++
      }
    })
    lengths.push(Math.max(1, length))
  })
  const n = pages.length
  const avgLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, n)

  // Each page's signature: its terms, the most characteristic (tf-idf) when there are many.
  const pageTerms: [string, number][][] = pages.map(() => [])
  for (const [term, byPage] of postings) {
    const idf = bm25Idf(byPage.size, n)
    for (const [p, post] of byPage) pageTerms[p]!.push([term, post.tf * idf])
  }
  const signatures = pageTerms.map((terms) =>
    termSignature(
      terms
        .sort((a, b) => b[1] - a[1])
        .slice(0, SIGNATURE_TERMS)
        .map(([t]) => t),
    ),
  )

  // Each term's champion list, grouped by its three-code-point prefix.
  const groups = new Map<string, { term: string; df: number; best: [number, number, Posting][] }[]>()
  for (const [term, byPage] of postings) {
    const df = byPage.size
    const idf = bm25Idf(df, n)
    const best = [...byPage]
      .map(([p, post]): [number, number, Posting] => {
        const norm = K1 * (1 - B + (B * lengths[p]!) / avgLength)
        return [p, (idf * (post.tf * (K1 + 1))) / (post.tf + norm), post]
      })
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, CHAMPIONS)
    const prefix = shardKey(term, NO_SPLIT)
    const group = groups.get(prefix) ?? []
    group.push({ term, df, best })
    groups.set(prefix, group)
  }

  const shardOf = (entries: { term: string; df: number; best: [number, number, Posting][] }[]): Shard => {
    const shard: Shard = { pages: [], terms: {} }
    const local = new Map<number, number>()
    for (const { term, df, best } of entries) {
      shard.terms[term] = [
        df,
        best.map(([p, score, post]): ShardHit => {
          let i = local.get(p)
          if (i === undefined) {
            const page = pages[p]!
            const u = new URL(page.url)
            const lang = page.lang === 'unknown' ? 'en' : page.lang
            i = shard.pages.push([page.title, `${u.pathname}${u.search}`, lang, signatures[p]!]) - 1
            local.set(p, i)
          }
          const section = pages[p]!.sections[post.section]!
          const at = wordsOf(section.text).find((w) => termOf(w.word) === term)?.at ?? 0
          return [i, Math.round(score * 1000) / 1000, section.heading, section.anchor, excerptAround(section.text, at)]
        }),
      ]
    }
    return shard
  }

  const split: string[] = []
  const files = new Map<string, Shard>()
  for (const [prefix, entries] of groups) {
    const whole = shardOf(entries)
    if (JSON.stringify(whole).length <= SPLIT_BYTES) {
      files.set(prefix, whole)
      continue
    }
    split.push(prefix)
    const byKey = new Map<string, typeof entries>()
    const splitHere = new Set([prefix])
    for (const e of entries) {
      const key = shardKey(e.term, splitHere)
      byKey.set(key, [...(byKey.get(key) ?? []), e])
    }
    for (const [key, part] of byKey) files.set(key, shardOf(part))
  }
  const written = [...files].map(([key, shard]) => [shardFile(key), JSON.stringify(shard)] as const)
  written.sort((a, b) => (a[0] < b[0] ? -1 : 1))
  const build = createHash('sha256')
  for (const [name, body] of written) build.update(name).update('\u0000').update(body).update('\u0000')
  const shards = `${SHARD_FOLDER}${build.digest('hex').slice(0, 12)}/`
  await mkdir(join(outDir, shards), { recursive: true })
  for (const [name, body] of written) await writeFile(join(outDir, shards, name), gzipSync(body, { level: 9 }))
  return { split: split.sort(), shards, files: files.size }
}
