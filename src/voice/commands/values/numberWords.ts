/**
 * Numbers said in words, in the languages of India's Eighth Schedule where people say them into forms: Hindi
 * (and Urdu, which shares its numerals) from 0 to 99 with सौ / हज़ार / लाख / करोड़, and 0–10 in Bengali, Tamil,
 * Telugu, Marathi, Gujarati, Kannada, Malayalam, Punjabi, Odia and Urdu script and in Hinglish's Latin letters ("ek",
 * "teen") (quantities); English digit words.
 * Digits said one by one for phone numbers ("nine eight seven…", "नौ आठ सात…", "double five", "triple zero").
 *
 * Words are compared after {@link scriptFold} (nukta, ZWJ/ZWNJ variants are one word), so `पाँच` / `पांच`
 * (candrabindu or anusvara) are both listed and `ज़ीरो` / `जीरो` meet. Pure functions: no DOM.
 * @module
 */
import { scriptFold, toAsciiDigits } from './script'

/** Hindi number words 0–99, index = value; alternatives separated by spaces (common spellings). */
const HINDI_0_99: readonly string[] = [
  'शून्य ज़ीरो सिफ़र',
  'एक',
  'दो',
  'तीन',
  'चार',
  'पाँच पांच',
  'छह छः छै छे',
  'सात',
  'आठ',
  'नौ',
  'दस',
  'ग्यारह',
  'बारह',
  'तेरह',
  'चौदह',
  'पंद्रह पन्द्रह',
  'सोलह',
  'सत्रह',
  'अठारह',
  'उन्नीस',
  'बीस',
  'इक्कीस',
  'बाईस',
  'तेईस',
  'चौबीस',
  'पच्चीस',
  'छब्बीस',
  'सत्ताईस',
  'अट्ठाईस अठाईस',
  'उनतीस',
  'तीस',
  'इकतीस इकत्तीस',
  'बत्तीस',
  'तैंतीस',
  'चौंतीस',
  'पैंतीस',
  'छत्तीस',
  'सैंतीस',
  'अड़तीस',
  'उनतालीस',
  'चालीस',
  'इकतालीस',
  'बयालीस',
  'तैंतालीस',
  'चवालीस चौवालीस',
  'पैंतालीस',
  'छियालीस',
  'सैंतालीस',
  'अड़तालीस',
  'उनचास',
  'पचास',
  'इक्यावन',
  'बावन',
  'तिरपन',
  'चौवन',
  'पचपन',
  'छप्पन',
  'सत्तावन',
  'अट्ठावन',
  'उनसठ',
  'साठ',
  'इकसठ',
  'बासठ',
  'तिरसठ',
  'चौंसठ',
  'पैंसठ',
  'छियासठ',
  'सड़सठ',
  'अड़सठ',
  'उनहत्तर',
  'सत्तर',
  'इकहत्तर',
  'बहत्तर',
  'तिहत्तर',
  'चौहत्तर',
  'पचहत्तर',
  'छिहत्तर',
  'सतहत्तर',
  'अठहत्तर',
  'उन्यासी उनासी',
  'अस्सी',
  'इक्यासी',
  'बयासी',
  'तिरासी',
  'चौरासी',
  'पचासी',
  'छियासी',
  'सत्तासी',
  'अट्ठासी',
  'नवासी',
  'नब्बे',
  'इक्यानवे',
  'बानवे',
  'तिरानवे',
  'चौरानवे',
  'पचानवे',
  'छियानवे',
  'सत्तानवे',
  'अट्ठानवे',
  'निन्यानवे',
]

/** 0–10 in other scripts (index = value), alternatives separated by spaces. */
const SMALL: Readonly<Record<string, readonly string[]>> = {
  bn: ['শূন্য', 'এক', 'দুই', 'তিন', 'চার', 'পাঁচ', 'ছয়', 'সাত', 'আট', 'নয়', 'দশ'],
  ta: [
    'பூஜ்ஜியம் சுழியம்',
    'ஒன்று ஒண்ணு',
    'இரண்டு ரெண்டு',
    'மூன்று மூணு',
    'நான்கு நாலு',
    'ஐந்து அஞ்சு',
    'ஆறு',
    'ஏழு',
    'எட்டு',
    'ஒன்பது',
    'பத்து',
  ],
  te: ['సున్నా', 'ఒకటి', 'రెండు', 'మూడు', 'నాలుగు', 'ఐదు', 'ఆరు', 'ఏడు', 'ఎనిమిది', 'తొమ్మిది', 'పది'],
  mr: ['शून्य', 'एक', 'दोन', 'तीन', 'चार', 'पाच', 'सहा', 'सात', 'आठ', 'नऊ', 'दहा'],
  gu: ['શૂન્ય', 'એક', 'બે', 'ત્રણ', 'ચાર', 'પાંચ', 'છ', 'સાત', 'આઠ', 'નવ', 'દસ'],
  kn: ['ಸೊನ್ನೆ', 'ಒಂದು', 'ಎರಡು', 'ಮೂರು', 'ನಾಲ್ಕು', 'ಐದು', 'ಆರು', 'ಏಳು', 'ಎಂಟು', 'ಒಂಬತ್ತು', 'ಹತ್ತು'],
  ml: ['പൂജ്യം', 'ഒന്ന്', 'രണ്ട്', 'മൂന്ന്', 'നാല്', 'അഞ്ച്', 'ആറ്', 'ഏഴ്', 'എട്ട്', 'ഒമ്പത് ഒൻപത്', 'പത്ത്'],
  pa: ['ਸਿਫ਼ਰ', 'ਇੱਕ ਇਕ', 'ਦੋ', 'ਤਿੰਨ', 'ਚਾਰ', 'ਪੰਜ', 'ਛੇ', 'ਸੱਤ', 'ਅੱਠ', 'ਨੌਂ ਨੌ', 'ਦਸ'],
  or: ['ଶୂନ୍ୟ', 'ଏକ', 'ଦୁଇ', 'ତିନି', 'ଚାରି', 'ପାଞ୍ଚ', 'ଛଅ', 'ସାତ', 'ଆଠ', 'ନଅ', 'ଦଶ'],
  ur: ['صفر', 'ایک', 'دو', 'تین', 'چار', 'پانچ', 'چھ چھے', 'سات', 'آٹھ', 'نو', 'دس'],
  // Hinglish, as the en-IN recognizer writes Hindi numbers down in Latin letters (machine-drafted, native review).
  'hi-Latn': ['shunya', 'ek', 'do', 'teen', 'char chaar', 'paanch panch', 'chhe chhah', 'saat', 'aath', 'nau', 'das'],
}

/** English digit words as said one by one ("oh" for zero, as in phone numbers). */
const ENGLISH_DIGITS: readonly string[] = [
  'zero oh o',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
]

/** Multipliers: hundred, thousand, lakh (10⁵), crore (10⁷), with their Hindi / Urdu words. */
const MULTIPLIERS: readonly (readonly [string, number])[] = [
  ['सौ सो سو hundred', 100],
  ['हज़ार हजार ہزار thousand', 1000],
  ['लाख لاکھ lakh', 100_000],
  ['करोड़ करोड کروڑ crore', 10_000_000],
]

/** Words that say the next digit repeats: "double five" = 55, "triple zero" = 000 (Indian English; Hindi loans). */
const REPEATS: readonly (readonly [string, number])[] = [
  ['double डबल ڈبل', 2],
  ['triple ट्रिपल ٹرپل', 3],
]

function table(rows: readonly (readonly [string, number])[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const [words, n] of rows) for (const w of words.split(' ')) if (w) out.set(scriptFold(w), n)
  return out
}

const WORD_VALUES = table([
  ...HINDI_0_99.map((w, n) => [w, n] as const),
  ...Object.values(SMALL).flatMap((list) => list.map((w, n) => [w, n] as const)),
])
const DIGIT_WORDS = table([
  ...ENGLISH_DIGITS.map((w, n) => [w, n] as const),
  ...HINDI_0_99.slice(0, 10).map((w, n) => [w, n] as const),
  // Not Hinglish's: "do" (two) is also the verb ending "daal do", which must never become a digit.
  ...Object.entries(SMALL)
    .filter(([lang]) => lang !== 'hi-Latn')
    .flatMap(([, list]) => list.slice(0, 10).map((w, n) => [w, n] as const)),
])
const MULTIPLIER_WORDS = table(MULTIPLIERS)
const REPEAT_WORDS = table(REPEATS)

/** Words said between the parts of a number and ignored ("उन्नीस सौ और अस्सी" — और / and). */
const JOINERS = new Set(['और', 'and', 'اور'].map(scriptFold))

const wordsOf = (text: string): string[] =>
  scriptFold(toAsciiDigits(text))
    .split(/[\s,]+/u)
    .filter(Boolean)

/**
 * A number said in words in Hindi / Urdu (0–99, then सौ, हज़ार, लाख, करोड़: "उन्नीस सौ अस्सी" = 1980,
 * "दो हज़ार सत्ताईस" = 2027, "ढाई"-style fractions are not read) or 0–10 in the other scripts listed in the module
 * doc; ASCII or native digits may stand for a part ("2 हज़ार"). `null` when any word is not a number word.
 */
export function parseNumberWords(text: string): number | null {
  const words = wordsOf(text).filter((w) => !JOINERS.has(w))
  if (words.length === 0) return null
  let total = 0
  let current: number | null = null
  for (const w of words) {
    const multiplier = MULTIPLIER_WORDS.get(w)
    if (multiplier !== undefined) {
      const base: number = current ?? 1
      if (multiplier === 100) current = base * 100
      else {
        total += base * multiplier
        current = null
      }
      continue
    }
    const n = /^\d+$/.test(w) ? Number(w) : WORD_VALUES.get(w)
    if (n === undefined) return null
    // Two plain numbers in a row ("दो तीन") are not one number.
    if (current !== null && current % 100 !== 0) return null
    if (current !== null && n >= 100) return null
    current = (current ?? 0) + n
  }
  return total + (current ?? 0)
}

/**
 * Digits said one by one, as people say phone, PIN and account numbers: digit words in English, Hindi / Urdu and
 * the scripts of {@link parseNumberWords} ("nine eight seven", "नौ आठ सात"), digits in any script, "double"/"triple"
 * before a digit, "plus" (a leading `+`); spaces, hyphens and dots between groups are dropped. `null` when
 * anything else is said, or no digit at all.
 */
export function spokenDigits(text: string): string | null {
  const words = scriptFold(toAsciiDigits(text))
    .replace(/[-.()]/g, ' ')
    .split(/\s+/u)
    .filter(Boolean)
  let out = ''
  let repeat = 1
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    if (REPEAT_WORDS.has(w)) {
      if (repeat !== 1) return null
      repeat = REPEAT_WORDS.get(w)!
      continue
    }
    if ((w === 'plus' || w === '+') && out === '') {
      out = '+'
      continue
    }
    if (w.startsWith('+') && out === '' && /^\+\d+$/.test(w)) {
      out = w
      continue
    }
    let digits: string
    if (/^\d+$/.test(w)) digits = w
    else if (DIGIT_WORDS.has(w)) digits = String(DIGIT_WORDS.get(w))
    else return null
    // "double 5" repeats the next digit (only a single digit).
    if (repeat !== 1) {
      if (digits.length !== 1) return null
      digits = digits.repeat(repeat)
      repeat = 1
    }
    out += digits
  }
  return repeat === 1 && /\d/.test(out) ? out : null
}
