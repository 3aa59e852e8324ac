/**
 * The packs of the site search index (./searchIndex.ts writes them; format in src/voice/search/terms.ts
 * `ShardPack`): the shards of consecutive keys in one file of at most {@link PACK_BYTES} (estimated), which names
 * each of its pages once and keeps once the parts of a section's text its terms' excerpts show, so a hit is only
 * the section and its excerpt's bounds ({@link excerptBounds}).
 * @module
 */
import {
  EXCERPT_WINDOW_CHARS,
  encodeNumbers,
  excerptOf,
  type PackSection,
  type PackTerm,
  type ShardPack,
} from '../../src/voice/search/terms'
import type { IndexedPage } from './searchIndex'

/**
 * Most bytes of a pack, as estimated while its shards are gathered (their terms, postings, hits and the text their
 * excerpts show): a shard that would take it over starts the next pack. What one word's search fetches, about 15–18
 * KB gzipped on documentation sites; larger packs make a smaller index but a slower first answer on a slow link.
 */
export const PACK_BYTES = 32_000
/** Characters between two excerpts' spans of a section below which they are stored as one window. */
const WINDOW_GAP = 24

/**
 * Where the excerpt around `at` in `flat` starts and ends: from a word start at most 60 code units before it to a
 * word end, at most {@link EXCERPT_WINDOW_CHARS}; the whole of a text no longer than that.
 */
export function excerptBounds(flat: string, at: number): [start: number, end: number] {
  if (flat.length <= EXCERPT_WINDOW_CHARS) return [0, flat.length]
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
  return [start, end]
}

/** The excerpt around `at` in `flat` ({@link excerptBounds}), `…` where it cuts the text. */
export function excerptAround(flat: string, at: number): string {
  return excerptOf(flat, 0, ...excerptBounds(flat, at), flat.length)
}

/** A term as a pack takes it: its df, flat postings and its best pages' `[page id, section, first use]`. */
export interface PackEntry {
  term: string
  df: number
  flat: number[]
  hits: [page: number, section: number, at: number][]
}

/**
 * Groups the shards, keys in order, into packs of at most `packBytes` (estimated; {@link PACK_BYTES}): each pack
 * names its pages once and keeps each section's text its excerpts show once ({@link PackSection}).
 * @returns each pack's first key and JSON
 */
export function packShards(
  pages: readonly IndexedPage[],
  flatTexts: readonly (readonly string[])[],
  keyed: ReadonlyMap<string, PackEntry[]>,
  packBytes = PACK_BYTES,
): [first: string, json: string][] {
  const keys = [...keyed.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  /** The span of a section's text an excerpt reads. */
  const spanOf = (p: number, s: number, at: number) => {
    const flat = flatTexts[p]?.[s] ?? ''
    return excerptBounds(flat, at)
  }
  const out: [string, string][] = []
  let run: string[] = []
  let size = 0
  const seen = new Set<string>()
  const close = () => {
    if (run.length > 0) out.push([run[0]!, packJson(pages, flatTexts, keyed, run)])
    run = []
    size = 0
    seen.clear()
  }
  /** What `key`'s shard adds to the pack: its terms, postings and hits, and the spans of text the pack lacks. */
  const added = (key: string): [bytes: number, spans: Set<string>] => {
    let bytes = 0
    const spans = new Set<string>()
    for (const e of keyed.get(key)!) {
      bytes += e.term.length + 8 + e.flat.length * 3 + e.hits.length * 8
      for (const [p, s, at] of e.hits) {
        const [from, to] = spanOf(p, s, at)
        // A span's text counts once per pack (most of a section's spans overlap): by its section and start.
        const id = `${p}/${s}/${Math.floor(from / EXCERPT_WINDOW_CHARS)}`
        if (!seen.has(id) && !spans.has(id)) bytes += to - from
        spans.add(id)
      }
    }
    return [bytes, spans]
  }
  for (const key of keys) {
    let [bytes, spans] = added(key)
    // A shard that would take the pack over its size starts the next one (a big shard is a pack of its own).
    if (run.length > 0 && size + bytes > packBytes) {
      close()
      ;[bytes, spans] = added(key)
    }
    run.push(key)
    size += bytes
    for (const id of spans) seen.add(id)
  }
  close()
  return out
}

/** The JSON of the pack of shard keys `run` ({@link ShardPack}). */
function packJson(
  pages: readonly IndexedPage[],
  flatTexts: readonly (readonly string[])[],
  keyed: ReadonlyMap<string, PackEntry[]>,
  run: readonly string[],
): string {
  const pack: ShardPack = { pages: [], sections: [], shards: {} }
  const local = new Map<number, number>()
  /** Per section (`page/section`): its spans, merged below into its windows. */
  const spans = new Map<string, [p: number, s: number, spans: [number, number][]]>()
  for (const key of run)
    for (const e of keyed.get(key)!)
      for (const [p, s, at] of e.hits) {
        const flat = flatTexts[p]?.[s] ?? ''
        let known = spans.get(`${p}/${s}`)
        if (!known) spans.set(`${p}/${s}`, (known = [p, s, []]))
        known[2].push(excerptBounds(flat, at))
      }
  const sectionIndex = new Map<string, number>()
  for (const [id, [p, s, list]] of [...spans].sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1])) {
    let i = local.get(p)
    if (i === undefined) {
      const page = pages[p]!
      const u = new URL(page.url)
      const lang = page.lang === 'unknown' ? 'en' : page.lang
      i = pack.pages.push([p, page.title, `${u.pathname}${u.search}`, lang, page.listing ? 1 : 0]) - 1
      local.set(p, i)
    }
    const section = pages[p]!.sections[s]
    const flat = flatTexts[p]?.[s] ?? ''
    const row: PackSection = [i, s, section?.heading ?? '', section?.anchor ?? '', flat.length]
    list.sort((a, b) => a[0] - b[0])
    let [from, to] = list[0]!
    for (const [f, t] of [...list.slice(1), [Infinity, Infinity] as [number, number]]) {
      // Spans that overlap or nearly touch are kept as one window.
      if (f <= to + WINDOW_GAP) to = Math.max(to, t)
      else {
        if (to > from) row.push(from, flat.slice(from, to))
        ;[from, to] = [f, t]
      }
    }
    sectionIndex.set(id, pack.sections.push(row) - 1)
  }
  for (const key of run) {
    const terms: Record<string, PackTerm> = {}
    for (const e of keyed.get(key)!)
      terms[e.term] = [
        e.df,
        encodeNumbers(e.flat.map((n, i) => (i % 3 === 1 ? n + 1 : n))),
        e.hits.flatMap(([p, s, at]) => {
          const [start, end] = excerptBounds(flatTexts[p]?.[s] ?? '', at)
          return [sectionIndex.get(`${p}/${s}`)!, start, end - start]
        }),
      ]
    pack.shards[key] = terms
  }
  return JSON.stringify(pack)
}
