/**
 * Email addresses, web addresses and phone numbers as Indian English dictates them: "rahul at the rate gmail dot
 * com" → `rahul@gmail.com`, "www dot example dot in slash contact" → `www.example.in/contact`, "nine eight double
 * five…" → `9855…`. The spoken words for the symbols ("at the rate", "dot", "underscore", "hyphen", "dash",
 * "slash", "colon", "plus") also in their Devanagari loan spellings (एट द रेट, डॉट…), digits in any script and
 * digit words ("rahul nine eight" → `rahul98`). Pure functions: no DOM.
 * @module
 */
import { scriptFold, toAsciiDigits } from './script'
import { spokenDigits } from './numberWords'

/**
 * The HTML Living Standard's "valid email address" (§4.10.5.1.5, the `type=email` check browsers run): the
 * definition a dictated address must meet before it is written.
 */
export const VALID_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** Spoken symbol phrases, longest first; each a list of words (after {@link scriptFold}) and the symbol. */
const SYMBOLS: readonly (readonly [string, string])[] = [
  ['at the rate of', '@'],
  ['at the rate', '@'],
  ['at rate', '@'],
  ['एट द रेट', '@'],
  ['ऐट द रेट', '@'],
  ['एट दी रेट', '@'],
  ['at sign', '@'],
  ['at', '@'],
  ['एट', '@'],
  ['dot', '.'],
  ['डॉट', '.'],
  ['डोट', '.'],
  ['period', '.'],
  ['underscore', '_'],
  ['अंडरस्कोर', '_'],
  ['hyphen', '-'],
  ['हाइफ़न', '-'],
  ['dash', '-'],
  ['डैश', '-'],
  ['forward slash', '/'],
  ['slash', '/'],
  ['स्लैश', '/'],
  ['colon', ':'],
  ['plus', '+'],
]
const PHRASES = SYMBOLS.map(([words, symbol]) => ({ words: scriptFold(words).split(' '), symbol })).sort(
  (a, b) => b.words.length - a.words.length,
)

/** Single-digit and "double"/"triple" words turned into digits where a run of them is said. */
function digitRuns(words: string[]): string[] {
  const out: string[] = []
  let run: string[] = []
  const flush = () => {
    if (run.length === 0) return
    const d = spokenDigits(run.join(' '))
    if (d !== null && !d.startsWith('+')) out.push(d)
    else out.push(...run)
    run = []
  }
  for (const w of words) {
    if (spokenDigits(w) !== null || w === 'double' || w === 'triple') run.push(w)
    else {
      flush()
      out.push(w)
    }
  }
  flush()
  return out
}

/**
 * Dictation joined into an address: symbol words become symbols, digit words digits, the rest is joined without
 * spaces and lower-cased. "rahul dot sharma at the rate gmail dot com" → `rahul.sharma@gmail.com`.
 * Returns the text unchanged (trimmed) when it has no symbol word.
 */
export function joinDictation(text: string): string {
  const words = scriptFold(toAsciiDigits(text.trim())).split(/\s+/u).filter(Boolean)
  const out: string[] = []
  let changed = false
  for (let i = 0; i < words.length;) {
    const phrase = PHRASES.find((p) => p.words.every((w, k) => words[i + k] === w))
    // "at" between two parts only (never a leading or trailing "at").
    if (phrase && !(phrase.symbol === '@' && (i === 0 || i + phrase.words.length >= words.length))) {
      out.push(phrase.symbol)
      i += phrase.words.length
      changed = true
      continue
    }
    out.push(words[i]!)
    i++
  }
  if (!changed) return text.trim()
  return digitRuns(out).join('')
}

/**
 * The email address a spoken value says, or `null`: the text itself when it already is a valid address
 * ({@link VALID_EMAIL}, spaces removed), else the dictation joined ({@link joinDictation}) when that is one.
 */
export function dictatedEmail(text: string): string | null {
  const plain = toAsciiDigits(text.trim())
  if (VALID_EMAIL.test(plain)) return plain
  // Dictated: the domain must have a dot too ("call me at noon" is no address, though `callme@noon` is valid).
  const joined = joinDictation(text)
  return VALID_EMAIL.test(joined) && /@[^@]+\.[^@.]+$/.test(joined) ? joined : null
}

/**
 * The web address a spoken value says: dictation joined ("example dot com slash pricing" → `example.com/pricing`),
 * with `https://` put in front of a bare host when `absolute` (an `input type=url` takes only absolute URLs,
 * HTML §4.10.5.1.4). `null` when it is not a URL then.
 */
export function dictatedUrl(text: string, absolute: boolean): string | null {
  let url = /\s/.test(text.trim()) ? joinDictation(text) : toAsciiDigits(text.trim())
  if (/\s/.test(url)) return null
  if (absolute && !/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    if (!/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(?::\d+)?([/?#].*)?$/u.test(url)) return null
    url = `https://${url}`
  }
  if (absolute) {
    try {
      new URL(url)
    } catch {
      return null
    }
  }
  return url
}
