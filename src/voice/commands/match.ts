/**
 * Text matching and ranking shared by every lookup (click, fill, toggle): how well a name matches what the
 * visitor said, and how the best candidate is picked once candidates are ranked.
 *
 * The one rule all lookups share (see ./README.md "Refusals"): candidates are ranked by a key (higher is better);
 * the best-ranked candidate decides. Only candidates **tied** with it (the same key) may stand in when it is
 * refused, so a refused best match never falls through to a weaker, different element.
 */

/** Lower-cases, NFKC-normalises, turns punctuation into spaces and collapses whitespace. */
export function normalizeText(text: string | null | undefined): string {
  if (!text) return ''
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
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

function scoreNormalized(name: string, query: string): number {
  if (!name || !query) return 0
  if (name === query) return 100
  // Long names (containers, paragraphs) only match exactly or by their first words ("save my name" for a long
  // consent label): their text merely mentions the target elsewhere.
  const shortEnough = name.length <= query.length * 3 + 24
  if (!shortEnough && name.startsWith(`${query} `)) return 50
  if (shortEnough && ` ${name} `.includes(` ${query} `))
    return 80 - Math.min(20, Math.floor((name.length - query.length) / 8))
  if (name.length >= 2 && ` ${query} `.includes(` ${name} `)) return 60
  const nameWords = new Set(name.split(' '))
  const queryWords = query.split(' ').filter((w) => !FILLER_WORDS.has(w))
  if (shortEnough && queryWords.length > 0 && queryWords.every((w) => nameWords.has(w))) return 40
  return 0
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

/** {@link matchScore} with the query normalised once: returns `(name) => score`. */
export function createMatcher(query: string): (name: string) => number {
  const q = normalizeText(query)
  const stripped = withoutFillers(q)
  const alt = stripped && stripped !== q ? stripped : ''
  return (name: string) => {
    if (!q) return 0
    const n = normalizeText(name)
    if (!n) return 0
    return Math.max(scoreNormalized(n, q), alt ? scoreNormalized(n, alt) : 0)
  }
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
