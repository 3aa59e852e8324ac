/**
 * Other ways of writing a spoken value, for finding the option (of a select, a listbox, a radio group) it names
 * when its words as said name none: a number said in words ("three", "तीन", "teen", "দুই") as digits, a clothing
 * size said in full ("medium", "extra large", "मीडियम") as shops label it (`M`, `XL`) and the other way round, and a
 * quantity with its unit written together ("512 GB" for `512GB`), and a range said with a word ("11 to 50",
 * "11 से 50") as written with a dash (`11–50 employees`). Pure functions: no DOM.
 * @module
 */
import { foldText, parseSpokenNumber } from '../spoken'
import { parseNumberWords } from './numberWords'
import { rangeAsWritten } from './ranges'
import { toAsciiDigits } from './script'

/** Clothing sizes as said (English, and the English loanwords as Hindi writes them) → as labelled. */
const SIZES: readonly (readonly [string, string])[] = (
  [
    ['extra small', 'xs'],
    ['small', 's'],
    ['medium', 'm'],
    ['large', 'l'],
    ['extra large', 'xl'],
    ['double extra large', 'xxl'],
    ['extra extra large', 'xxl'],
    ['स्मॉल', 's'],
    ['मीडियम', 'm'],
    ['लार्ज', 'l'],
    ['एक्स्ट्रा लार्ज', 'xl'],
  ] as const
).map(([said, label]) => [foldText(said), label] as const)

/** A number and the unit after it as one word ("512 gb" → "512gb"), in text already {@link foldText}ed. */
export const joinUnits = (folded: string): string => folded.replace(/(\d) (?=\p{L}{1,3}(?: |$))/gu, '$1')

/**
 * The other forms of `value` an option's text may have ({@link foldText}ed; see the module doc), most likely
 * first; none when it has no other form.
 */
export function optionForms(value: string): string[] {
  const out: string[] = []
  const v = foldText(value)
  const ascii = toAsciiDigits(value.trim())
  const n = parseSpokenNumber(ascii) ?? parseNumberWords(ascii)
  if (n !== null && String(n) !== v) out.push(String(n))
  for (const [said, label] of SIZES) {
    if (v === said) out.push(label)
    else if (v === label) out.push(said)
  }
  const joined = joinUnits(v)
  if (joined !== v) out.push(joined)
  const range = rangeAsWritten(v)
  if (range !== v) out.push(range)
  return out
}
