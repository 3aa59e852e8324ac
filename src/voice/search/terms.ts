/**
 * The site search index's terms and shards, shared by the indexer (scripts/site-index/searchIndex.ts) and the
 * search in the page (./siteSearch.ts), so both cut and stem words alike.
 *
 * The index is static JSON: a manifest (`voiceos-index.json`, revalidated) and one shard per term prefix
 * (`t/<build>/<hex>.gz`, gzip-compressed JSON in a folder named by the build's content hash, so a host may cache shards for good). A
 * shard holds, for each of its terms, the term's best pages (a champion list: Manning, Raghavan & Schütze,
 * *Introduction to Information Retrieval*, §7.1.3), each with its BM25 score, the section that holds the term and
 * an excerpt around it, so one request answers for a word: its pages and their excerpts. A word the visitor says
 * costs one round trip, which the page makes while they speak (README "Site search").
 * @module
 */
import { stemmer } from 'stemmer'

/** Version of the index format the page reads (`v` of the manifest). */
export const INDEX_FORMAT_VERSION = 2
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
  v: 2
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
}

/**
 * One page of a term's champion list: `[page, score, heading, anchor, excerpt]` — the page's index in the shard's
 * `pages`, its BM25 score for the term (title and headings weigh more), the heading and fragment id of the section
 * holding the term ('' for the page's top), and the text around the term's first use there (at most
 * {@link EXCERPT_WINDOW_CHARS} characters).
 */
export type ShardHit = [page: number, score: number, heading: string, anchor: string, excerpt: string]

/** A shard file's JSON (`t/<build>/<hex>.gz`). */
export interface Shard {
  /**
   * Pages its hits name: `[title, path, lang, terms]`, the path without its anchor, `terms` the page's
   * {@link termSignature} (which other words of a question the page holds).
   */
  pages: [title: string, path: string, lang: string, terms: string][]
  /** For each term of the shard: `[pages holding it in the whole index, best pages first]`. */
  terms: Record<string, [df: number, hits: ShardHit[]]>
}

/**
 * BM25's inverse document frequency of a term on `df` of `pages` pages (Robertson & Zaragoza, "The Probabilistic
 * Relevance Framework: BM25 and Beyond", 2009, the non-negative form): the indexer's scores and the page's
 * estimate for a term a page holds by its signature both use it.
 */
export function bm25Idf(df: number, pages: number): number {
  return Math.log(1 + (pages - df + 0.5) / (df + 0.5))
}

/** Longest excerpt a hit carries, in characters (the result's excerpt is cut to 300). */
export const EXCERPT_WINDOW_CHARS = 240

const WORD = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}]+)?/gu
const LATIN_WORD = /^[a-z]+$/

/**
 * A word as the index keeps it: lowercased, NFC; an English (ASCII letters) word stemmed by the Porter algorithm
 * (`stemmer`), so "refunds" and "refund" meet; an apostrophe's ending dropped ("visitor's" → "visitor").
 * Words of other scripts are kept whole. '' for a word longer than {@link MAX_TERM_CHARS}.
 */
export function termOf(word: string): string {
  const w = word
    .normalize('NFC')
    .toLowerCase()
    .replace(/['’].*$/, '')
  if ([...w].length > MAX_TERM_CHARS) return ''
  return LATIN_WORD.test(w) && w.length > 2 ? stemmer(w) : w
}

/** The words of a text with their offsets, in order. */
export function wordsOf(text: string): { word: string; at: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], at: m.index }))
}

/** The terms of a text, in order, repeats kept ({@link termOf}). */
export function termsOf(text: string): string[] {
  return wordsOf(text)
    .map((w) => termOf(w.word))
    .filter((t) => t !== '')
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

/** Most terms of a page its signature holds: its most characteristic ones (tf-idf) when it has more. */
export const SIGNATURE_TERMS = 200
const SIGNATURE_HASHES = 3

/** FNV-1a, 32 bits, of a term's UTF-16 code units, from `seed`. */
function fnv1a(term: string, seed: number): number {
  let h = seed
  for (let i = 0; i < term.length; i++) {
    h ^= term.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** The bits of a term in a signature of `bits` bits (double hashing: Kirsch & Mitzenmacher, 2006). */
function termBits(term: string, bits: number): number[] {
  const a = fnv1a(term, 0x811c9dc5)
  const b = fnv1a(term, 0x050c5d1f) | 1
  return Array.from({ length: SIGNATURE_HASHES }, (_, i) => ((a + Math.imul(i, b)) >>> 0) % bits)
}

/**
 * A page's terms as a Bloom filter (Bloom, 1970), base64: 8 bits per term rounded up to a power of two, 256 to 2,048
 * bits, three hashes — about 2% false positives. It tells whether a page holds a word of the question that did not
 * bring it among that word's best pages.
 */
export function termSignature(terms: readonly string[]): string {
  let bits = 256
  while (bits < terms.length * 8 && bits < 2048) bits *= 2
  const bytes = new Uint8Array(bits / 8)
  for (const t of terms) for (const bit of termBits(t, bits)) bytes[bit >> 3]! |= 1 << (bit & 7)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

/** Decoded signatures, by their text (a shard's pages are read again by each search). */
const decoded = new Map<string, Uint8Array>()

/** Whether a page's {@link termSignature} may hold `term` (false: it surely does not). '' holds nothing. */
export function signatureHas(signature: string, term: string): boolean {
  let bytes = decoded.get(signature)
  if (!bytes) {
    try {
      bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0))
    } catch {
      bytes = new Uint8Array(0)
    }
    if (decoded.size > 5000) decoded.clear()
    decoded.set(signature, bytes)
  }
  if (bytes.length === 0) return false
  return termBits(term, bytes.length * 8).every((bit) => (bytes[bit >> 3]! & (1 << (bit & 7))) !== 0)
}
