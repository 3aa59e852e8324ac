/**
 * A spoken value made into what a text-like field or number input holds, then checked against the field before
 * anything is written: converted first (native digits, number words, dictation), then held against the field's
 * `type`, `maxlength`, `minlength`, `pattern`, `min` / `max` / `step` and `inputmode` (HTML Living Standard
 * §4.10.5 "The input element" and its constraint validation, §4.10.20). A value the field would cut short or cannot
 * hold is refused with the reason — never written in part, never written as the words said.
 *
 * Per field:
 * - `type=number`: digits in any script, `1,250` / Indian grouping `1,25,000`, English or Hindi number words
 *   ("forty two", "बयालीस", "তিন"); then `min`, `max`, `step`.
 * - `type=email`, and text fields with `inputmode=email` or `autocomplete=email` when the value dictates an
 *   address: a valid address as said, else the dictation joined ("rahul at the rate gmail dot com").
 * - `type=url`: dictation joined; a bare host gets `https://` (the input takes absolute URLs only).
 * - `type=tel`, and text fields that ask for digits (`inputmode` numeric / decimal / tel, an `autocomplete` token
 *   for a phone, card number or one-time code, or a `pattern` only the ASCII digits meet): the value
 *   as said with ASCII digits, else without its spaces and hyphens, else digits said one by one ("nine eight…",
 *   "double five", "नौ आठ…"); the first form the field takes is written.
 * - any other text field: a value that is only digits (with spaces, hyphens, dots, slashes) has its native digits
 *   written as ASCII; other text is written as said. Passwords are written as said.
 * Pure except for reading the element's attributes.
 * @module
 */
import { parseSpokenNumber } from '../spoken'
import { dictatedEmail, dictatedUrl, VALID_EMAIL } from './dictation'
import { parseNumberWords, spokenDigits } from './numberWords'
import { hasNativeDigits, toAsciiDigits } from './script'

/** What a field will hold, or why it cannot: `detail` is a sentence for the assistant (the field's name quoted). */
export type FieldValue = { ok: true; value: string } | { ok: false; detail: string }

/**
 * `autocomplete` tokens (HTML §4.10.18.7.1) whose values are digits. Not `postal-code`: postcodes have letters in
 * many countries (UK `SW1A 2AA`, Canada `K1A 0B1`, Netherlands `1011 AB`); their digits in any script are still
 * written as ASCII (the "only digits" rule of any text field).
 */
const DIGIT_AUTOCOMPLETE =
  /(^|\s)(tel|tel-national|tel-local|tel-area-code|tel-local-prefix|tel-local-suffix|tel-extension|cc-number|cc-csc|cc-exp-month|cc-exp-year|one-time-code|bday-day|bday-month|bday-year)(\s|$)/i

const quote = (s: string) => JSON.stringify(s)
const attr = (el: Element, name: string) => el.getAttribute(name)?.trim() ?? ''

/**
 * The field's `pattern` compiled as browsers compile it (HTML §4.10.5.3.6: `^(?:pattern)$` with the `v` flag), or
 * `null` when it has none or it does not compile (then, as in browsers, it does not constrain).
 */
export function patternOf(el: Element): RegExp | null {
  const p = el.getAttribute('pattern')
  if (p === null || el.localName !== 'input') return null
  for (const flags of ['v', 'u']) {
    try {
      return new RegExp(`^(?:${p})$`, flags)
    } catch {
      /* an older engine without the v flag, or a pattern that does not compile */
    }
  }
  return null
}

/**
 * Whether a text field asks for an email address without being `type=email`: `inputmode="email"` or an
 * `autocomplete` token `email` (HTML §4.10.18.7.1). A dictated address is then written as an address.
 */
export function asksForEmail(el: Element): boolean {
  return /(^|\s)email(\s|$)/i.test(`${attr(el, 'autocomplete')} ${attr(el, 'inputmode')}`)
}

/** Whether a text-like field asks for digits (see the module doc). */
export function asksForDigits(el: Element): boolean {
  const type = attr(el, 'type').toLowerCase()
  if (type === 'tel') return true
  const mode = attr(el, 'inputmode').toLowerCase()
  if (mode === 'numeric' || mode === 'decimal' || mode === 'tel') return true
  if (DIGIT_AUTOCOMPLETE.test(attr(el, 'autocomplete'))) return true
  return patternOf(el) !== null && /\\d|\[0-9/.test(el.getAttribute('pattern') ?? '')
}

/**
 * Why `value` cannot go into `el` as it is, or `null` when it can: `maxlength` (the field would cut it short),
 * `minlength`, `pattern`, an email input's address check, `inputmode=numeric` / `decimal` with letters in it.
 * Lengths count UTF-16 code units, as browsers do.
 */
export function constraintProblem(
  el: HTMLInputElement | HTMLTextAreaElement,
  value: string,
  name: string,
): string | null {
  const type = el.localName === 'input' ? attr(el, 'type').toLowerCase() : 'textarea'
  const max = Number(el.getAttribute('maxlength'))
  if (el.hasAttribute('maxlength') && Number.isInteger(max) && max >= 0 && value.length > max)
    return `${quote(name)} takes at most ${max} characters; ${quote(value)} has ${value.length} (nothing was written)`
  const min = Number(el.getAttribute('minlength'))
  if (el.hasAttribute('minlength') && Number.isInteger(min) && value.length > 0 && value.length < min)
    return `${quote(name)} takes at least ${min} characters; ${quote(value)} has ${value.length} (nothing was written)`
  if (type === 'email' && value !== '' && !el.hasAttribute('multiple') && !VALID_EMAIL.test(value))
    return `${quote(name)} takes an email address; ${quote(value)} is not one (nothing was written)`
  const pattern = patternOf(el)
  if (pattern && value !== '' && !pattern.test(value)) {
    const title = attr(el, 'title')
    return `${quote(name)} does not take ${quote(value)} (${title ? `it asks for: ${title}` : `it must match ${el.getAttribute('pattern')}`}; nothing was written)`
  }
  const mode = attr(el, 'inputmode').toLowerCase()
  if ((mode === 'numeric' && /[^\d\s-]/.test(value)) || (mode === 'decimal' && /[^\d\s.,-]/.test(value)))
    return `${quote(name)} takes digits; ${quote(value)} is not a number (nothing was written)`
  return null
}

/** A spoken number: digits in any script, `1,250`, Indian `1,25,000`, English or Hindi / other number words. */
export function spokenNumber(text: string): number | null {
  const t = toAsciiDigits(text.trim())
  if (/^[+-]?\d{1,2}(,\d{2})+,\d{3}(\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''))
  return parseSpokenNumber(t) ?? parseNumberWords(t)
}

/** `min` / `max` / `step` of a number input (HTML §4.10.5.3.7–8); `step="any"` or none → 1 from `min` (or 0). */
function numberProblem(el: HTMLInputElement, n: number, spoken: string, name: string): string | null {
  const num = (v: string) => (v === '' ? Number.NaN : Number(v))
  const min = num(attr(el, 'min'))
  const max = num(attr(el, 'max'))
  if ((Number.isFinite(min) && n < min) || (Number.isFinite(max) && n > max)) {
    const bounds =
      Number.isFinite(min) && Number.isFinite(max)
        ? `between ${min} and ${max}`
        : Number.isFinite(min)
          ? `at least ${min}`
          : `at most ${max}`
    return `${quote(name)} takes a number ${bounds}, not ${n} (${quote(spoken)}; nothing was written)`
  }
  const stepAttr = attr(el, 'step').toLowerCase()
  if (stepAttr !== 'any') {
    const step = num(stepAttr)
    const s = Number.isFinite(step) && step > 0 ? step : 1
    const base = Number.isFinite(min) ? min : 0
    const k = (n - base) / s
    if (Math.abs(k - Math.round(k)) > 1e-9)
      return `${quote(name)} takes numbers in steps of ${s}${base ? ` from ${base}` : ''}, not ${n} (nothing was written)`
  }
  return null
}

/**
 * The value to write into a text-like `input`, `textarea` or number input for a spoken `value`, or the reason it
 * cannot be written (see the module doc). `name` is the field's name for the reason.
 */
export function fieldValueFor(el: HTMLInputElement | HTMLTextAreaElement, spoken: string, name: string): FieldValue {
  const type = el.localName === 'input' ? attr(el, 'type').toLowerCase() : 'textarea'
  const said = spoken.trim()
  if (type === 'number') {
    const n = spokenNumber(said)
    if (n === null)
      return { ok: false, detail: `${quote(name)} takes a number; ${quote(spoken)} is not one (nothing was written)` }
    const problem = numberProblem(el as HTMLInputElement, n, spoken, name)
    return problem ? { ok: false, detail: problem } : { ok: true, value: String(n) }
  }
  const candidates: string[] = []
  if (type === 'password') candidates.push(spoken)
  else if (type === 'email' || (asksForEmail(el) && dictatedEmail(said))) {
    const email = dictatedEmail(said)
    if (email === null)
      return {
        ok: false,
        detail: `${quote(name)} takes an email address; ${quote(spoken)} is not one (nothing was written)`,
      }
    candidates.push(email)
  } else if (type === 'url') {
    const url = dictatedUrl(said, true)
    if (url === null)
      return {
        ok: false,
        detail: `${quote(name)} takes a web address; ${quote(spoken)} is not one (nothing was written)`,
      }
    candidates.push(url)
  } else if (asksForDigits(el)) {
    const ascii = toAsciiDigits(said)
    const joined = ascii.replace(/(?<=[\d+])[\s-]+(?=\d)/g, '')
    // Digits said one by one, as a recognizer writes them ("9 4 1 1 0"): one number, not five groups.
    candidates.push(...(/^\+?\d(?:[\s-]+\d){2,}$/.test(ascii) ? [joined, ascii] : [ascii, joined]))
    const digits = spokenDigits(said)
    if (digits !== null) candidates.push(digits)
    // Words that are no digits ("nine eight" said as words): written only once they are digits.
    if (/\p{L}/u.test(ascii)) candidates.splice(0, 2)
    if (candidates.length === 0)
      return {
        ok: false,
        detail: `${quote(name)} takes digits; ${quote(spoken)} is not a number (nothing was written)`,
      }
  } else if (hasNativeDigits(said) && /^[\p{N}\s\-./+()]+$/u.test(said)) {
    candidates.push(toAsciiDigits(said))
  } else candidates.push(spoken)
  // The reason given is the one of the most converted form (the digits without spaces, not the words said).
  let last = ''
  for (const value of new Set(candidates)) {
    const problem = constraintProblem(el, value, name)
    if (problem === null) return { ok: true, value }
    last = problem
  }
  return { ok: false, detail: last }
}
