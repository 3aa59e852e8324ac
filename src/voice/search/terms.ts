/**
 * The site search index's terms and shards, shared by the indexer (scripts/site-index/searchIndex.ts) and the
 * search in the page (./siteSearch.ts), so both cut and stem words alike.
 *
 * The index is static JSON: a manifest (`voiceos-index.json`, revalidated) and pack files (`t/<build>/<hex>.gz`,
 * gzip-compressed JSON in a folder named by the build's content hash, so a host may cache them for good), each
 * holding the shards of a run of consecutive term prefixes ({@link ShardPack}). A shard holds, for each of its terms,
 * the term's best pages (a champion list: Manning, Raghavan & Schütze, *Introduction to Information Retrieval*,
 * §7.1.3), each with its BM25 score, the section that holds the term and an excerpt around it, so one request
 * answers for a word: its pages and their excerpts. A pack names each page and stores each section's text around
 * its terms once, for all its shards' terms ({@link shardOfPack} rebuilds a {@link Shard}). A word the visitor says
 * costs one round trip, which the page makes while they speak (README "Site search").
 * @module
 */
import { stemmer } from 'stemmer'
import { hasOwnWords, isStopWordOf, languageOf, loadLanguages, stemmerOf } from './languages'

/** Version of the index format the page reads (`v` of the manifest). */
export const INDEX_FORMAT_VERSION = 4
/** Folder of the builds' shard folders inside the published index. */
export const SHARD_FOLDER = 't/'
/** A manifest's `shards`: {@link SHARD_FOLDER}, then the build's content hash. */
export const SHARDS_PATH = /^t\/[0-9a-f]{8,64}\/$/
/** Code points of a term that name its shard; a crowded prefix is split by one more ({@link shardKey}). */
export const SHARD_PREFIX = 3
/** Longest term indexed, in code points (longer runs of letters are not words a visitor says). */
export const MAX_TERM_CHARS = 40

/** The published manifest (`voiceos-index.json`). */
export interface IndexManifest {
  /** {@link INDEX_FORMAT_VERSION}. */
  v: 4
  /** The origin the index was built for: the page checks it before searching. */
  origin: string
  /** ISO 8601 time of the build. */
  builtAt: string
  /** Pages in the index. */
  pages: number
  /** The pages' languages (`en`, `hi`), sorted. */
  languages: string[]
  /** Three-code-point prefixes whose terms are split into four-code-point shards ({@link shardKey}). */
  split: string[]
  /** The folder of this build's shards, relative to the index ({@link SHARDS_PATH}: `t/5f0c2a9e/`). */
  shards: string
  /** The first shard key of each pack file, sorted ({@link packFile}). */
  packs: string[]
}

/**
 * A page a shard or pack names: `[id, title, path, lang, listing]` — its number in the index (postings name pages by it),
 * title, path without anchor, language, and 1 when it is a generated listing page (a term index, search page,
 * archive: README "Site search"), which ranks only when no other page matches.
 */
export type ShardPage = [id: number, title: string, path: string, lang: string, listing: 0 | 1]

/**
 * Where a term is used best on one of its best pages: `[page, section, heading, anchor, excerpt]` — the page's
 * index in the shard's `pages`, the section's number on the page, its heading and fragment id ('' for the page's
 * top) and the text around the term's first use there (at most {@link EXCERPT_WINDOW_CHARS} characters).
 */
export type ShardHit = [page: number, section: number, heading: string, anchor: string, excerpt: string]

/**
 * One term of a shard: `[df, postings, hits]` — pages holding it in the whole index; every section that holds it
 * as a flat list of triples `page id delta, section, score × 100` (page ids ascending, delta-coded; a page's best
 * {@link MAX_SECTIONS_PER_PAGE} sections, and the whole page as {@link PAGE_SECTION}; the score BM25F, {@link bm25fScore}); and its best pages' sections with
 * their excerpts ({@link ShardHit}).
 */
export type ShardTerm = [df: number, postings: number[], hits: ShardHit[]]

/** A shard: the terms of one key ({@link shardKey}), as the ranking reads them ({@link shardOfPack}). */
export interface Shard {
  /** The pages its hits name (its pack's pages: some may be named by other shards' hits only). */
  pages: ShardPage[]
  /** For each term of the shard, its {@link ShardTerm}. */
  terms: Record<string, ShardTerm>
}

/**
 * A section a pack's hits show: `[page, section, heading, anchor, length, ...windows]` — the page's index in the
 * pack's `pages`, the section's number on the page, its heading and fragment id, the length of its text (whitespace
 * collapsed) in UTF-16 code units, then `from, text` pairs: the parts of that text its hits' excerpts show
 * (`text` starting at offset `from`; ascending, apart), each stored once for every term of the pack.
 */
export type PackSection = [
  page: number,
  section: number,
  heading: string,
  anchor: string,
  length: number,
  ...windows: (number | string)[],
]

/**
 * A term in a pack: `[df, postings, hits]` as {@link ShardTerm}, its postings' triples written by
 * {@link encodeNumbers} (the section plus one, so {@link PAGE_SECTION} is 0), its hits a flat list of triples
 * `section, start, chars` — the index of the section in the pack's `sections`, and where its excerpt starts in the
 * section's text and how many code units it takes ({@link excerptOf}).
 */
export type PackTerm = [df: number, postings: string, hits: number[]]

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
/** Each digit's value by its character code. */
const DIGIT_VALUES = new Uint8Array(128)
for (let i = 0; i < DIGITS.length; i++) DIGIT_VALUES[DIGITS.charCodeAt(i)] = i

/**
 * Whole numbers ≥ 0 as text: each in base-64 digits (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`, nothing JSON escapes),
 * five bits a digit, lowest first, the sixth bit set on every digit but a number's last (a variable-length
 * quantity, as source maps write theirs).
 */
export function encodeNumbers(numbers: readonly number[]): string {
  let out = ''
  for (let n of numbers) {
    for (; n >= 32; n = Math.floor(n / 32)) out += DIGITS[32 + (n % 32)]
    out += DIGITS[n]
  }
  return out
}

/** The numbers {@link encodeNumbers} wrote. */
export function decodeNumbers(text: string): number[] {
  const out: number[] = []
  let n = 0
  let scale = 1
  for (let i = 0; i < text.length; i++) {
    const d = DIGIT_VALUES[text.charCodeAt(i)]!
    n += (d % 32) * scale
    if (d < 32) {
      out.push(n)
      n = 0
      scale = 1
    } else scale *= 32
  }
  return out
}

/** A pack file's JSON (`t/<build>/<hex>.gz`, the hex of its first shard key): the shards of consecutive keys. */
export interface ShardPack {
  /** The pages its hits name. */
  pages: ShardPage[]
  /** The sections its hits show, with the text their excerpts need ({@link PackSection}). */
  sections: PackSection[]
  /** For each shard key of the pack, its terms. */
  shards: Record<string, Record<string, PackTerm>>
}

/**
 * The pack file holding shard `key`: the one whose first key (the manifest's sorted `packs`) is the last at or
 * before it; null when none is (no page holds a term of the key).
 */
export function packFile(key: string, packs: readonly string[]): string | null {
  let lo = 0
  let hi = packs.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (packs[mid]! <= key) lo = mid + 1
    else hi = mid
  }
  return lo === 0 ? null : shardFile(packs[lo - 1]!)
}

/** The shard of `key` in a pack, its hits with their excerpts; null when the pack has none (no page holds its terms). */
export function shardOfPack(pack: ShardPack, key: string): Shard | null {
  const terms = pack.shards[key]
  if (!terms) return null
  const out: Shard = { pages: pack.pages, terms: {} }
  for (const [term, [df, encoded, flat]] of Object.entries(terms)) {
    const postings = decodeNumbers(encoded)
    for (let i = 1; i < postings.length; i += 3) postings[i]!--
    const hits: ShardHit[] = []
    for (let i = 0; i + 2 < flat.length; i += 3) {
      const [page, section, heading, anchor, length, ...windows] = pack.sections[flat[i]!]!
      const start = flat[i + 1]!
      // The window holding the excerpt: the last starting at or before it.
      let from = 0
      let text = ''
      for (let w = 0; w + 1 < windows.length && (windows[w] as number) <= start; w += 2) {
        from = windows[w] as number
        text = windows[w + 1] as string
      }
      hits.push([page, section, heading, anchor, excerptOf(text, from, start, start + flat[i + 2]!, length)])
    }
    out.terms[term] = [df, postings, hits]
  }
  return out
}

/**
 * The section number of a page's own posting: the term's BM25F score on the whole page (its title, all its
 * headings and all its text as one document), beside its best sections' ones.
 */
export const PAGE_SECTION = -1

/**
 * Pages per page-table file (`p<k>.gz` in the build's shard folder: the pages with ids `k × PAGE_TABLE_CHUNK` up to
 * the next). A page a question ranks high but that is none of its words' best pages has no title or excerpt in the
 * shards; the search then fetches its page-table file ({@link PageTableEntry}).
 */
export const PAGE_TABLE_CHUNK = 256

/** A page in the page table: a {@link ShardPage} and the start of its text (an excerpt, ≤ {@link EXCERPT_WINDOW_CHARS}). */
export type PageTableEntry = [...ShardPage, excerpt: string]

/** The page-table file of page `id`, in the build's shard folder (never a shard's name: those are hex). */
export function pageTableFile(id: number): string {
  return `p${Math.floor(id / PAGE_TABLE_CHUNK)}.gz`
}

/** Most sections of a page a term's postings list (its best by score). */
export const MAX_SECTIONS_PER_PAGE = 3

/** Decodes a {@link ShardTerm}'s postings: `[page id, section, score]` triples. */
export function decodePostings(flat: readonly number[]): [page: number, section: number, score: number][] {
  const out: [number, number, number][] = []
  let page = 0
  for (let i = 0; i + 2 < flat.length; i += 3) {
    page += flat[i]!
    out.push([page, flat[i + 1]!, flat[i + 2]! / 100])
  }
  return out
}

/**
 * BM25's inverse document frequency of a term on `df` of `pages` pages (Robertson & Zaragoza, "The Probabilistic
 * Relevance Framework: BM25 and Beyond", 2009, the non-negative form).
 */
export function bm25Idf(df: number, pages: number): number {
  return Math.log(1 + (pages - df + 0.5) / (df + 0.5))
}

/** One field of a section for {@link bm25fScore}: the term's frequency there, the field's length and its average. */
export interface FieldStats {
  tf: number
  length: number
  avgLength: number
}

/** A field's weight and length normalisation (b) in {@link bm25fScore}. */
export interface FieldParams {
  weight: number
  b: number
}

/**
 * BM25F (Robertson, Zaragoza & Taylor, "Simple BM25 extension to multiple weighted fields", CIKM 2004; Robertson &
 * Zaragoza 2009, §3.2): each field's frequency normalised by its own length, weighted, summed, then saturated once:
 * `idf × tf~ × (k1 + 1) / (tf~ + k1)` with `tf~ = Σ weight × tf / (1 − b + b × length / avgLength)`.
 * @param k1 - saturation; @default 1.2
 */
export function bm25fScore(idf: number, fields: readonly (FieldStats & FieldParams)[], k1 = 1.2): number {
  let tf = 0
  for (const f of fields) {
    if (f.tf === 0) continue
    tf += (f.weight * f.tf) / (1 - f.b + (f.b * f.length) / Math.max(1, f.avgLength))
  }
  return tf === 0 ? 0 : (idf * tf * (k1 + 1)) / (tf + k1)
}

/** Longest excerpt a hit carries, in characters (the result's excerpt is cut to 300). */
export const EXCERPT_WINDOW_CHARS = 150
/**
 * A hit's excerpt: `text` (the section's text from offset `from`) between offsets `start` and `end`, trimmed, with
 * `…` where it cuts the section's text (`length` code units long) short.
 */
export function excerptOf(text: string, from: number, start: number, end: number, length: number): string {
  return `${start > 0 ? '…' : ''}${text.slice(start - from, end - from).trim()}${end < length ? '…' : ''}`
}

const WORD = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}]+)?/gu
const LATIN_WORD = /^[a-z]+$/

/**
 * A word as the index keeps it: lowercased, NFC; an English (ASCII letters) word stemmed by the Porter algorithm
 * (`stemmer`), so "refunds" and "refund" meet; an apostrophe's ending dropped ("visitor's" → "visitor").
 * A word of `lang`'s own script is stemmed by its Snowball stemmer, and dropped when it is one of its stop words,
 * once loaded (./languages.ts: Hindi, Nepali, Tamil stemmers; Bengali, Gujarati, Hindi, Marathi, Urdu stop words);
 * other words are kept whole. '' for a stop word or a word longer than {@link MAX_TERM_CHARS}.
 * @param lang - the language the word is written in (a page's `lang`, a language of the index); default none
 */
export function termOf(word: string, lang?: string): string {
  const language = lang ? languageOf(lang) : ''
  const key = language && hasOwnWords(language) ? `${language}\u0000${word}` : word
  const known = termMemo.get(key)
  if (known !== undefined) return known
  const term = termOfWord(word, key === word ? '' : language)
  if (termMemo.size > 200_000) termMemo.clear()
  termMemo.set(key, term)
  return term
}

/** {@link termOf}'s results by word: a site repeats its words, and the indexer meets each one many times. */
const termMemo = new Map<string, string>()

function termOfWord(word: string, lang: string): string {
  const w = word
    .normalize('NFC')
    .toLowerCase()
    .replace(/['’].*$/, '')
  if (STOP_WORDS.has(w)) return ''
  if ([...w].length > MAX_TERM_CHARS) return ''
  if (LATIN_WORD.test(w)) return w.length > 2 ? stemmer(w) : w
  if (!lang) return w
  if (isStopWordOf(lang, w)) return ''
  const stem = stemmerOf(lang, w)
  return (stem && stem(w)) || w
}

/**
 * English function words (and a question's words for asking: "how", "tell", "please"), neither indexed nor
 * searched: they say nothing of a page's topic. The classic SMART/van Rijsbergen kind of list, kept short so topic
 * words ("file", "help", "open") stay searchable. Other languages rely on idf: a word on most pages weighs nothing.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
can could did do does doing down during each few for from further had has have having he her here hers herself him
himself his how i if in into is it its itself just let me more most my myself no nor not of off on once only or other
ought our ours ourselves out over own please same she should so some such tell than that the their theirs them
themselves then there these they this those through to too under until up very was we were what when where which while
who whom why will with would you your yours yourself yourselves i'm i've i'd i'll you're you've don't doesn't can't
cannot im ive dont doesnt cant want wanna need anyone anybody someone somebody something anything thing things way ways
get gets getting got also lot lots really much many may might must shall like know let's kind sort sure able take takes taking show`.split(
    /\s+/,
  ),
)

/** The words of a text with their offsets, in order. */
export function wordsOf(text: string): { word: string; at: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], at: m.index }))
}

/** The terms of a text, in order, repeats kept ({@link termOf}). */
export function termsOf(text: string, lang?: string): string[] {
  return wordsOf(text)
    .map((w) => termOf(w.word, lang))
    .filter((t) => t !== '')
}

/**
 * Loads what {@link termOf} needs for `tags`' languages (./languages.ts `loadLanguages`: their stemmers and stop
 * words) and forgets the terms memoised before, which were made without them. For the indexer (the pages'
 * languages) and the search (the manifest's `languages`), before their first term.
 */
export async function prepareLanguages(tags: Iterable<string>): Promise<void> {
  if (await loadLanguages(tags)) termMemo.clear()
}

/**
 * The shard a term lives in: its first {@link SHARD_PREFIX} code points (the whole term when shorter), one more
 * when that prefix is in the manifest's `split` and the term is longer.
 */
export function shardKey(term: string, split: ReadonlySet<string>): string {
  const cps = [...term]
  const base = cps.slice(0, SHARD_PREFIX).join('')
  return split.has(base) && cps.length > SHARD_PREFIX ? base + cps[SHARD_PREFIX]! : base
}

/**
 * The shard's file name, in the build's shard folder: the key's UTF-8 bytes in hex, `.gz` (its JSON gzip-compressed
 * by the indexer, as Pagefind compresses its own files, so it travels small whether or not the host compresses).
 */
export function shardFile(key: string): string {
  return `${[...new TextEncoder().encode(key)].map((b) => b.toString(16).padStart(2, '0')).join('')}.gz`
}

/**
 * A shard file's text: gunzipped (`DecompressionStream`) when its bytes start with gzip's magic number, as they
 * arrive unless the host sent the file with `Content-Encoding: gzip` (then the browser has already inflated it).
 * @throws when the bytes are gzip and cannot be inflated
 */
export async function shardText(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes)
  const inflate = new DecompressionStream('gzip')
  const writer = inflate.writable.getWriter()
  void writer.write(bytes).catch(() => undefined)
  void writer.close().catch(() => undefined)
  const reader = inflate.readable.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value, { stream: true })
  return text + decoder.decode()
}
