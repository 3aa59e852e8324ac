/**
 * Text matching and ranking shared by every lookup (click, fill, toggle): how well a name matches what the
 * visitor said, and how the best candidate is picked once candidates are ranked.
 *
 * The one rule all lookups share (see ./README.md "Refusals"): candidates are ranked by a key (higher is better);
 * the best-ranked candidate decides. Only candidates **tied** with it (the same key) may stand in when it is
 * refused, so a refused best match never falls through to a weaker, different element.
 */

import { scriptFold } from './values/script'

const PRINTABLE_ASCII = /^[\x20-\x7e\t\n\r]*$/

/**
 * Lower-cases (where the script has case), NFKC-normalises, folds nukta and ZWJ/ZWNJ variants
 * (./values/script.ts `scriptFold`), turns punctuation into spaces and collapses whitespace.
 */
export function normalizeText(text: string | null | undefined): string {
  if (!text) return ''
  // Printable ASCII (most names): NFKC changes nothing, so the cheaper ASCII path gives the same result.
  if (PRINTABLE_ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
  // Scripts without case are left as they are; nukta and ZWJ/ZWNJ variants meet (./values/script.ts). Vowel
  // signs and viramas (\p{M}) are part of a word: "मोबाइल" is one word, not "म ब इल".
  return scriptFold(text.normalize('NFKC'))
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
}

/** Filler words ignored when matching spoken targets ("click the watch demo button" ≈ "Watch Demo"). */
const FILLER_WORDS = new Set([
  'the',
  'a',
  'an',
  'on',
  'to',
  'my',
  'your',
  'please',
  'click',
  'press',
  'tap',
  'button',
  'link',
  'field',
  'input',
  'box',
  'checkbox',
  'switch',
  'toggle',
  'tab',
  'menu',
  'option',
  'radio',
  'item',
  'in',
  'into',
  'of',
])

function withoutFillers(normalized: string): string {
  return normalized
    .split(' ')
    .filter((w) => w && !FILLER_WORDS.has(w))
    .join(' ')
}

/** A normalised query, prepared once: the text, padded with spaces, and its words other than fillers. */
interface PreparedQuery {
  q: string
  padded: string
  words: string[]
}

const prepare = (q: string): PreparedQuery => ({
  q,
  padded: ` ${q} `,
  words: q.split(' ').filter((w) => w && !FILLER_WORDS.has(w)),
})

/**
 * Words a fill's hint may say beyond a field's name and still mean that field ("phone number" for "Phone",
 * "ईमेल पता" for "ईमेल"): words for "number", "address", "details" and postpositions. Any other word ("return
 * journey date" against "Journey date") names another field.
 */
const GENERIC_FIELD_WORDS = new Set(
  [
    'number',
    'no',
    'num',
    'address',
    'id',
    'details',
    'detail',
    'info',
    'information',
    'here',
    'value',
    'नंबर',
    'संख्या',
    'पता',
    'का',
    'की',
    'के',
    'में',
    'यहाँ',
    'यहां',
    'ठिकाना',
    'নম্বর',
    'ঠিকানা',
    'এর',
    'এ',
    'எண்',
    'முகவரி',
    'నంబర్',
    'సంఖ్య',
    'చిరునామా',
    'نمبر',
    'پتہ',
    'کا',
    'کی',
    'کے',
  ].map(scriptFold),
)

/** Matching options. */
export interface MatchOptions {
  /**
   * A name the query contains plus more words matches only when the extra words are generic (see
   * `GENERIC_FIELD_WORDS`): a fill's "return journey date" is not "Journey date". @default false (click, toggle)
   */
  wholeName?: boolean
}

function extraWordsAreGeneric(name: string, query: PreparedQuery): boolean {
  const nameWords = new Set(name.split(' '))
  return query.q.split(' ').every((w) => !w || nameWords.has(w) || GENERIC_FIELD_WORDS.has(w) || FILLER_WORDS.has(w))
}

function scoreNormalized(name: string, query: PreparedQuery, options: MatchOptions = {}): number {
  const q = query.q
  if (!name || !q) return 0
  if (name === q) return 100
  // Long names (containers, paragraphs) only match exactly or by their first words ("save my name" for a long
  // consent label): their text merely mentions the target elsewhere.
  const shortEnough = name.length <= q.length * 3 + 24
  if (!shortEnough && name.startsWith(`${q} `)) return 50
  const paddedName = ` ${name} `
  if (shortEnough && paddedName.includes(query.padded))
    return 80 - Math.min(20, Math.floor((name.length - q.length) / 8))
  if (
    name.length >= 2 &&
    query.padded.includes(paddedName) &&
    (!options.wholeName || extraWordsAreGeneric(name, query))
  )
    return 60
  if (shortEnough && query.words.length > 0 && query.words.every((w) => paddedName.includes(` ${w} `))) return 40
  return 0
}

const UNICODE_WORD = /[\p{L}\p{M}\p{N}]+/gu

/** The words of a query, prepared once for {@link cannotMatch}. */
interface QueryWords {
  /** Its words other than fillers: a name holding all of them may match. */
  required: readonly string[]
  /** All its words. */
  all: ReadonlySet<string>
  /**
   * True for a lower-cased printable ASCII name whose every word (`[a-z0-9]+` run) is one of `all`, with at least
   * one word: one pass of the regex engine instead of a match object per word. Null when no word is ASCII.
   */
  onlyQueryWords: RegExp | null
}

function queryWords(required: readonly string[], all: ReadonlySet<string>): QueryWords {
  const ascii = [...all].filter((w) => /^[a-z0-9]+$/.test(w))
  // A word ends where the run does (the lookahead), and starts after a non-word character or at the start.
  const onlyQueryWords = ascii.length
    ? new RegExp(`^[^a-z0-9]*(?:(?:${ascii.join('|')})(?![a-z0-9])[^a-z0-9]*)+$`)
    : null
  return { required, all, onlyQueryWords }
}

/**
 * A cheap look at a name before it is normalised: every match needs either all of the query's words in the
 * name (exact, contained, starts with, every word) or the name inside the query (so every word of the name is
 * a word of the query). A name with neither scores 0 and is skipped without being normalised. The words are
 * looked for in the name lower-cased (after NFKC when it is not printable ASCII): the string
 * {@link normalizeText} cuts into words, so the test never skips a name that would match.
 */
function cannotMatch(raw: string, words: QueryWords): boolean {
  if (PRINTABLE_ASCII.test(raw)) {
    const lower = raw.toLowerCase()
    if (words.required.every((w) => lower.includes(w))) return false
    return words.onlyQueryWords === null || !words.onlyQueryWords.test(lower)
  }
  const lower = scriptFold(raw.normalize('NFKC'))
  if (words.required.every((w) => lower.includes(w))) return false
  UNICODE_WORD.lastIndex = 0
  let count = 0
  for (let m = UNICODE_WORD.exec(lower); m; m = UNICODE_WORD.exec(lower)) {
    if (!words.all.has(m[0])) return true
    count++
  }
  return count === 0
}

/** Lowest score that counts as a match (every non-filler word of the query appears in the name). */
export const MATCH_THRESHOLD = 40
/** Score of an exact match (equal after normalisation). */
export const EXACT_MATCH = 100

/**
 * How well an element name matches a spoken query, 0 (no match) to 100 (equal after normalisation).
 * 60–80: the name contains the query as whole words (shorter names score higher); 60: the query contains the
 * name; 50: a long name starts with the query; 40: every non-filler query word is in the name. The query is also tried without filler words.
 */
export function matchScore(name: string, query: string): number {
  return createMatcher(query)(name)
}

/** A query prepared once ({@link createMatcher}): `(name) => score` ({@link matchScore}), and its cheap first look. */
export interface Matcher {
  (name: string): number
  /**
   * False only when `name` certainly scores 0: neither all of the query's words (fillers aside) are in it nor is
   * every word of it a word of the query. Nothing is normalised beyond lower-casing (NFKC and the script fold
   * first when the name is not printable ASCII), so it costs a fraction of a score; true for every name that
   * scores above 0.
   */
  mayMatch(name: string): boolean
}

/** {@link matchScore} with the query normalised once: returns `(name) => score` (see {@link Matcher}). */
export function createMatcher(query: string, options: MatchOptions = {}): Matcher {
  const q = normalizeText(query)
  const stripped = withoutFillers(q)
  const main = prepare(q)
  const alt = stripped && stripped !== q ? prepare(stripped) : null
  const words = queryWords(main.words, new Set(q.split(' ')))
  const mayMatch = (name: string) => !!q && !!name && !cannotMatch(name, words)
  const score = (name: string) => {
    if (!mayMatch(name)) return 0
    const n = normalizeText(name)
    if (!n) return 0
    const s = scoreNormalized(n, main, options)
    return s === 100 || !alt ? s : Math.max(s, scoreNormalized(n, alt, options))
  }
  return Object.assign(score, { mayMatch })
}

/** Best score of any of `names` against a matcher, or 0 below {@link MATCH_THRESHOLD}. */
export function bestScore(score: (name: string) => number, names: readonly string[]): number {
  let best = 0
  for (const name of names) {
    if (!name) continue
    const s = score(name)
    if (s > best) best = s
  }
  return best >= MATCH_THRESHOLD ? best : 0
}

/** A candidate with its rank key: compared element by element, higher first. */
export interface Ranked<T> {
  item: T
  /** Rank key; equal keys are ties. */
  key: readonly number[]
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const d = (b[i] ?? 0) - (a[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * The candidates tied for the best key, in their given order (stable: callers pass DOM order or a preference
 * order). Empty when `ranked` is empty.
 */
export function bestTies<T>(ranked: readonly Ranked<T>[]): T[] {
  if (ranked.length === 0) return []
  let best = ranked[0]!.key
  for (const r of ranked) if (compareKeys(r.key, best) < 0) best = r.key
  return ranked.filter((r) => compareKeys(r.key, best) === 0).map((r) => r.item)
}
