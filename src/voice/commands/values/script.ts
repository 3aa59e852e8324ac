/**
 * Text in any script, made comparable: the Unicode normalisation names and spoken values go through before they
 * are compared, and the digits of the scripts of India (and Arabic-Indic) read as ASCII digits.
 *
 * - NFC (Unicode Standard Annex #15) first, so a precomposed and a decomposed spelling are one text.
 * - Nukta variants are one letter: `फ़` (U+095E, or U+092B U+093C) and `फ` compare equal, as people type both; the
 *   nukta signs of Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Telugu and Kannada are dropped.
 * - ZERO WIDTH JOINER / NON-JOINER (U+200D, U+200C) only choose a glyph form: dropped. Malayalam's old chillu
 *   spelling (consonant + virama + ZWJ) first becomes the atomic chillu letter (U+0D7A–U+0D7F, Unicode 5.1), and
 *   Bengali's `ত্‍` the khanda ta `ৎ`, so both spellings meet.
 * - Case is folded with `toLowerCase()`, which leaves scripts without case (all the Indic scripts, Arabic) as
 *   they are.
 * Pure functions: no DOM.
 * @module
 */

/** Code point of the digit zero of each script whose digits are read as ASCII digits (Unicode `Nd`, 10 in a row). */
export const NATIVE_DIGIT_ZEROS: Readonly<Record<string, number>> = {
  'Arabic-Indic': 0x0660,
  'Extended Arabic-Indic (Urdu, Persian, Sindhi, Kashmiri)': 0x06f0,
  Devanagari: 0x0966,
  Bengali: 0x09e6,
  Gurmukhi: 0x0a66,
  Gujarati: 0x0ae6,
  Odia: 0x0b66,
  Tamil: 0x0be6,
  Telugu: 0x0c66,
  Kannada: 0x0ce6,
  Malayalam: 0x0d66,
  'Ol Chiki': 0x1c50,
  'Meetei Mayek': 0xabf0,
}

const DIGIT_RANGES = Object.values(NATIVE_DIGIT_ZEROS)
  .map((zero) => `\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}`)
  .join('')
const NATIVE_DIGIT = new RegExp(`[${DIGIT_RANGES}]`, 'gu')
const NATIVE_DIGIT_TEST = new RegExp(`[${DIGIT_RANGES}]`, 'u')

const ZEROS = Object.values(NATIVE_DIGIT_ZEROS)

/** The ASCII digit of one native digit character. */
function asciiDigit(ch: string): string {
  const cp = ch.codePointAt(0)!
  for (const zero of ZEROS) if (cp >= zero && cp <= zero + 9) return String(cp - zero)
  return ch
}

/**
 * The text with every digit of the scripts in {@link NATIVE_DIGIT_ZEROS} written as an ASCII digit:
 * `९८७६५४३२१०` → `9876543210`, `௬௪௧௦௧௮` → `641018`, `۹۸۴۸۰۲۲۳۳۸` → `9848022338`. Everything else is unchanged.
 */
export function toAsciiDigits(text: string): string {
  return NATIVE_DIGIT_TEST.test(text) ? text.replace(NATIVE_DIGIT, asciiDigit) : text
}

/** Whether the text has a digit of a script in {@link NATIVE_DIGIT_ZEROS}. */
export const hasNativeDigits = (text: string): boolean => NATIVE_DIGIT_TEST.test(text)

/** Malayalam chillu sequences (consonant, virama, ZWJ) → atomic chillu letters; Bengali ত্‍ → ৎ. */
const ATOMIC_FORMS: readonly (readonly [RegExp, string])[] = [
  [/\u0d23\u0d4d\u200d/g, '\u0d7a'],
  [/\u0d28\u0d4d\u200d/g, '\u0d7b'],
  [/\u0d30\u0d4d\u200d/g, '\u0d7c'],
  [/\u0d32\u0d4d\u200d/g, '\u0d7d'],
  [/\u0d33\u0d4d\u200d/g, '\u0d7e'],
  [/\u0d15\u0d4d\u200d/g, '\u0d7f'],
  [/\u09a4\u09cd\u200d/g, '\u09ce'],
]
/** ZWJ, ZWNJ and the nukta signs of Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Telugu and Kannada. */
const DROPPED = /\u200c|\u200d|\u093c|\u09bc|\u0a3c|\u0abc|\u0b3c|\u0c3c|\u0cbc/g
/** Characters outside printable ASCII: only such texts need the work. */
const NON_ASCII = /[^\x20-\x7e]/

/**
 * A text in the form names and values are compared in (see the module doc): NFC, nukta / ZWJ / ZWNJ variants
 * folded, lower case where the script has case. ASCII text is only lower-cased.
 */
export function scriptFold(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase()
  let t = text.normalize('NFC')
  // NFC keeps U+0958–U+095F (Devanagari letters with nukta) decomposed, and so the nukta is a separate mark here.
  if (t.includes('\u200d')) for (const [from, to] of ATOMIC_FORMS) t = t.replace(from, to)
  return t.replace(DROPPED, '').toLowerCase()
}
