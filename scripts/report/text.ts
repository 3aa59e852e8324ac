/**
 * Text helpers of the report: masking personal data, and grouping questions by similar wording without a model.
 * @module
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu
/** 13–19 digits with optional single spaces or dashes between them (card numbers, account numbers). */
const CARD = /(?<![\p{N}])\d(?:[ -]?\d){12,18}(?![\p{N}])/gu
/** A phone number: optional `+country`, then groups of digits, 8–15 digits in all. */
const PHONE = /(?<![\p{L}\p{N}])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,5}(?:[\s.-]?\d{2,5}){1,4}(?![\p{N}])/gu
/** ID-like: Indian PAN and GSTIN, US SSN, IBAN, any run of 6+ digits or a code mixing 6+ letters and digits. */
const IDS = [
  /\b\d{2}[A-Z]{5}\d{4}[A-Z][A-Z\d]Z[A-Z\d]\b/g, // GSTIN
  /\b[A-Z]{5}\d{4}[A-Z]\b/g, // PAN
  /\b\d{3}-\d{2}-\d{4}\b/g, // SSN
  /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, // IBAN
  /\b(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z\d]{8,}\b/g, // order numbers, tokens: letters and digits mixed
  /(?<![\p{N}])\d{6,}(?![\p{N}])/gu,
]

const digitCount = (s: string) => s.replace(/\D/g, '').length

/**
 * `text` with personal data replaced: emails by `[email]`, card-like numbers (13–19 digits) by `[card]`, phone
 * numbers (8–15 digits) by `[phone]`, ID-like codes (GSTIN, PAN, SSN, IBAN, 6+ digits, mixed letter-digit codes
 * of 8+) by `[id]`. Dates, prices and short numbers stay.
 */
export function maskPersonalData(text: string): string {
  let out = text.replace(EMAIL, '[email]')
  out = out.replace(CARD, (m) => (digitCount(m) >= 13 ? '[card]' : m))
  for (const re of IDS.slice(0, 4)) out = out.replace(re, '[id]')
  out = out.replace(PHONE, (m) => {
    const d = digitCount(m)
    return d >= 8 && d <= 15 ? '[phone]' : m
  })
  for (const re of IDS.slice(4)) out = out.replace(re, '[id]')
  return out
}

const STOPWORDS = new Set(
  (
    'a an the of to in on at for from by with about as and or but if then than so is are was were be been being am ' +
    'do does did done have has had i me my mine we our you your yours it its this that these those there here ' +
    'what whats how where when why who whom which can could would should will shall may might must please tell ' +
    'let us know want need like just also any some much many more most very really get got give me hi hello hey ' +
    'ok okay thanks thank there much is it s t don doesn isn aren'
  ).split(' '),
)
const HINDI_STOPWORDS = new Set(
  'का की के है हैं था थी में से को पर और या क्या कैसे कहाँ कहां कब क्यों कौन मुझे मेरा मेरी यह वह आप आपका आपकी हम करते करती करता होती होता होते'.split(
    ' ',
  ),
)

/** Content words of `text`: lower case, punctuation and stopwords dropped, plural `s` removed; sorted, unique. */
export function contentWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w && !STOPWORDS.has(w) && !HINDI_STOPWORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
  return [...new Set(words)].sort()
}

/** A group of similar questions. */
export interface QuestionGroup {
  /** The group's most frequent wording. */
  text: string
  count: number
  /** Distinct wordings in the group. */
  variants: number
  /** Members' payloads (e.g. pages), in the order they were added. */
  items: string[]
}

/**
 * Groups `texts` by similar wording, most frequent first: texts with the same content words (see
 * {@link contentWords}) are one wording; a wording joins the first larger group whose content words overlap its own
 * by a Jaccard index ≥ `threshold` (default 0.5), else it starts a group. Deterministic; O(wordings × groups),
 * with at most `maxGroups` (default 2,000) groups compared.
 * @param texts - `[text, payload]` pairs; the payload is kept in `items` (e.g. the page it was asked on)
 */
export function groupSimilar(
  texts: ReadonlyArray<readonly [string, string]>,
  { threshold = 0.5, maxGroups = 2000 }: { threshold?: number; maxGroups?: number } = {},
): QuestionGroup[] {
  const wordings = new Map<string, { words: string[]; count: number; texts: Map<string, number>; items: string[] }>()
  for (const [text, payload] of texts) {
    const words = contentWords(text)
    const key = words.join(' ') || text.trim().toLowerCase()
    let w = wordings.get(key)
    if (!w) wordings.set(key, (w = { words, count: 0, texts: new Map(), items: [] }))
    w.count++
    w.texts.set(text, (w.texts.get(text) ?? 0) + 1)
    w.items.push(payload)
  }
  const sorted = [...wordings.values()].sort(
    (a, b) => b.count - a.count || a.words.join().localeCompare(b.words.join()),
  )
  const groups: { words: Set<string>; count: number; texts: Map<string, number>; items: string[] }[] = []
  for (const w of sorted) {
    let home: (typeof groups)[number] | undefined
    if (w.words.length > 0) {
      for (const g of groups.slice(0, maxGroups)) {
        let shared = 0
        for (const x of w.words) if (g.words.has(x)) shared++
        const union = w.words.length + g.words.size - shared
        if (shared > 0 && shared / union >= threshold) {
          home = g
          break
        }
      }
    }
    if (!home) {
      groups.push({ words: new Set(w.words), count: w.count, texts: new Map(w.texts), items: [...w.items] })
      continue
    }
    home.count += w.count
    for (const [t, n] of w.texts) home.texts.set(t, (home.texts.get(t) ?? 0) + n)
    home.items.push(...w.items)
  }
  return groups
    .map((g) => {
      const top = [...g.texts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!
      return { text: top[0], count: g.count, variants: g.texts.size, items: g.items }
    })
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
}
