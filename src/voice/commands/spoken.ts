/**
 * Spoken values turned into what a control accepts: dates ("12 March 2027", "March 12th, 2027", "12/03/2027",
 * "2027-03-12"; month names of the languages of India and digits of their scripts, ./values/months.ts: "३१ मार्च
 * १९८०", "১৫ আগস্ট ২০২৭"; a day and year in Hindi words, "पंद्रह अगस्त दो हज़ार सत्ताईस"), times ("3:30 pm", "15:30", "noon"), months ("March 2027"), ISO weeks ("week 11 of 2027"),
 * numbers ("1,250", "twelve") and option texts compared case- and accent-insensitively.
 *
 * The value formats are those of the HTML input types (HTML Living Standard §2.3.5 "Dates and times":
 * `yyyy-mm-dd`, `hh:mm`, `yyyy-mm-ddThh:mm`, `yyyy-mm`, `yyyy-Www`). Pure functions: no DOM.
 * @module
 */

export { foldText } from './fold'
import { monthOfWord } from './values/months'
import { parseNumberWords } from './values/numberWords'
import { scriptFold, toAsciiDigits } from './values/script'

/** A calendar date: full year, month 1–12, day 1–31. */
export interface CalendarDate {
  year: number
  month: number
  day: number
}

const MONTHS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
}

/** Filler words of a date in Indian languages ("31 मार्च 1980 को", "सन 1980", "तारीख"), compared after scriptFold. */
const INDIAN_DATE_FILLERS: readonly string[] = [
  'को',
  'सन',
  'तारीख',
  'तारीख़',
  'दिनांक',
  'ইং',
  'তারিখ',
  'தேதி',
  'తేదీ',
  'તારીખ',
  'तारीख',
]

/** Digits of any script of India (and Arabic-Indic) as ASCII digits (./values/script.ts). */
const asciiDigits = toAsciiDigits

const SMALL_NUMBERS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
}

/** The month a word names: English names and abbreviations, and those of the languages of ./values/months.ts. */
const monthOf = (word: string): number | undefined => own(MONTHS, word) ?? monthOfWord(word)
const DATE_FILLERS = new Set(['of', 'the', 'on', ...INDIAN_DATE_FILLERS.map((w) => scriptFold(w))])

/** An own entry of a word table (never an `Object.prototype` member such as `constructor`). */
const own = (table: Readonly<Record<string, number>>, key: string): number | undefined =>
  Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Days in `month` (1–12) of `year` (proleptic Gregorian). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function validDate(year: number, month: number, day: number): CalendarDate | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

const fullYear = (y: string): number => (y.length <= 2 ? 2000 + Number(y) - (Number(y) > 50 ? 100 : 0) : Number(y))

/**
 * Parses a spoken or written date. Accepts `2027-03-12`, `12 March 2027`, `12th of March, 2027`,
 * `March 12th 2027`, `12/03/2027` (day first; month first when `monthFirst`, or when the day part cannot be a
 * month day ≤ 12 the other way round), `12.03.2027`, `12-03-27`. Returns `null` for anything else or an impossible
 * date (31 February).
 * @param monthFirst - read `03/12/2027` as March 12 (en-US pages). @default false
 */
export function parseSpokenDate(text: string, monthFirst = false): CalendarDate | null {
  const raw = asciiDigits(text.trim())
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw)
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})$/.exec(raw)
  if (m) {
    const a = Number(m[1])
    const b = Number(m[2])
    const year = fullYear(m[3]!)
    const dayFirst = a > 12 ? true : b > 12 ? false : !monthFirst
    return dayFirst ? validDate(year, b, a) : validDate(year, a, b)
  }
  const words = scriptFold(raw)
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .replace(/\b(\d+)(st|nd|rd|th)\b/g, '$1')
    .split(' ')
    .filter((w) => w && !DATE_FILLERS.has(w))
  let day: number | undefined
  let month: number | undefined
  let year: number | undefined
  let spelled = false
  for (const w of words) {
    if (monthOf(w) !== undefined && month === undefined) month = monthOf(w)
    else if (/^\d{4}$/.test(w) && year === undefined) year = Number(w)
    else if (/^\d{1,2}$/.test(w) && day === undefined) day = Number(w)
    else if (/^\d{1,2}$/.test(w) && year === undefined && day !== undefined) year = fullYear(w)
    else spelled = true
  }
  if (spelled) return spelledDate(words)
  if (day === undefined || month === undefined || year === undefined) return null
  return validDate(year, month, day)
}

/**
 * A date whose day or year is said in words ("पंद्रह अगस्त दो हज़ार सत्ताईस", "इकतीस मार्च उन्नीस सौ अस्सी"): the
 * words before the month name are the day, those after it the year (./values/numberWords.ts); `null` otherwise.
 */
function spelledDate(words: readonly string[]): CalendarDate | null {
  const at = words.findIndex((w) => monthOf(w) !== undefined)
  if (at <= 0 || at === words.length - 1) return null
  const day = parseNumberWords(words.slice(0, at).join(' '))
  const year = parseNumberWords(words.slice(at + 1).join(' '))
  if (day === null || year === null || year < 1000) return null
  return validDate(year, monthOf(words[at]!)!, day)
}

/** `yyyy-mm-dd` of a date. */
export const isoDate = (d: CalendarDate): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`

/** Parses a spoken time: `15:30`, `3:30 pm`, `3 pm`, `3.30pm`, `noon`, `midnight` → `hh:mm`, or `null`. */
export function parseSpokenTime(text: string): string | null {
  const t = asciiDigits(text.trim()).toLowerCase().replace(/\./g, ':')
  if (t === 'noon' || t === 'midday') return '12:00'
  if (t === 'midnight') return '00:00'
  const m = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(a\s*m|p\s*m|am|pm|o'?clock)?$/.exec(t.replace(/\s+/g, ' '))
  if (!m) return null
  let hour = Number(m[1])
  const minute = m[2] === undefined ? 0 : Number(m[2])
  const suffix = (m[4] ?? '').replace(/\s+/g, '')
  if (m[2] === undefined && suffix === '') return null
  if (minute > 59) return null
  if (suffix === 'am' || suffix === 'pm') {
    if (hour < 1 || hour > 12) return null
    if (suffix === 'am' && hour === 12) hour = 0
    if (suffix === 'pm' && hour !== 12) hour += 12
  }
  if (hour > 23) return null
  return `${pad(hour)}:${pad(minute)}${m[3] !== undefined ? `:${m[3]}` : ''}`
}

/** Parses a month: `2027-03`, `March 2027`, `03/2027` → `yyyy-mm`, or `null`. */
export function parseSpokenMonth(text: string): string | null {
  const raw = asciiDigits(text.trim())
  let m = /^(\d{4})-(\d{1,2})$/.exec(raw)
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${m[1]}-${pad(Number(m[2]))}`
  m = /^(\d{1,2})\s*[/.-]\s*(\d{4})$/.exec(raw)
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) return `${m[2]}-${pad(Number(m[1]))}`
  const words = scriptFold(raw)
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w && w !== 'of')
  if (words.length === 2) {
    const [a, b] = words as [string, string]
    const month = monthOf(a) ?? monthOf(b)
    const year = /^\d{4}$/.test(b) ? Number(b) : /^\d{4}$/.test(a) ? Number(a) : undefined
    if (month !== undefined && year !== undefined) return `${pad(year, 4)}-${pad(month)}`
  }
  return null
}

/** The ISO 8601 week (`yyyy-Www`) a date falls in. */
export function isoWeekOf(d: CalendarDate): string {
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day))
  const weekday = date.getUTCDay() || 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday) // the Thursday of this week decides the year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${pad(date.getUTCFullYear(), 4)}-W${pad(week)}`
}

/** Parses a week: `2027-W11`, `week 11 2027`, `week 11 of 2027`, or any date (its ISO week) → `yyyy-Www`. */
export function parseSpokenWeek(text: string, monthFirst = false): string | null {
  const raw = text.trim()
  let m = /^(\d{4})-?w(\d{1,2})$/i.exec(raw)
  if (m) return Number(m[2]) >= 1 && Number(m[2]) <= 53 ? `${m[1]}-W${pad(Number(m[2]))}` : null
  m = /^week\s+(\d{1,2})\s*(?:of\s+|,\s*)?(\d{4})$/i.exec(raw)
  if (m) return Number(m[1]) >= 1 && Number(m[1]) <= 53 ? `${m[2]}-W${pad(Number(m[1]))}` : null
  const date = parseSpokenDate(raw, monthFirst)
  return date ? isoWeekOf(date) : null
}

/** Parses a date and time (`2027-03-12T15:30`, `12 March 2027 at 3 pm`, `3:30 pm on 12 March 2027`) → `yyyy-mm-ddThh:mm`. */
export function parseSpokenDateTime(text: string, monthFirst = false): string | null {
  const raw = text.trim()
  const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/.exec(raw)
  if (iso) {
    const date = parseSpokenDate(iso[1]!)
    return date ? `${isoDate(date)}T${iso[2]}` : null
  }
  const split = /^(.*?)(?:\s*,\s*|\s+at\s+|\s+)(\d{1,2}(?:[:.]\d{2})?\s*(?:a\s*m|p\s*m|am|pm)?|noon|midnight)$/i.exec(
    raw,
  )
  if (split) {
    const date = parseSpokenDate(split[1]!, monthFirst)
    const time = parseSpokenTime(split[2]!)
    if (date && time) return `${isoDate(date)}T${time}`
  }
  const lead = /^(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)|noon|midnight)\s+(?:on\s+)?(.+)$/i.exec(raw)
  if (lead) {
    const date = parseSpokenDate(lead[2]!, monthFirst)
    const time = parseSpokenTime(lead[1]!)
    if (date && time) return `${isoDate(date)}T${time}`
  }
  return null
}

/**
 * The value of an `input` of `type` (date, time, datetime-local, month, week) for a spoken text, or `null` when the
 * text is not one. Values already in the input's format pass through.
 */
export function dateInputValue(type: string, text: string, monthFirst = false): string | null {
  switch (type) {
    case 'date': {
      const d = parseSpokenDate(text, monthFirst)
      return d ? isoDate(d) : null
    }
    case 'time':
      return parseSpokenTime(text)
    case 'month':
      return parseSpokenMonth(text)
    case 'week':
      return parseSpokenWeek(text, monthFirst)
    case 'datetime-local':
      return parseSpokenDateTime(text, monthFirst)
    default:
      return null
  }
}

/**
 * Parses a spoken number: digits with thousands separators (`1,250.5`), a leading sign, or words up to
 * "ninety nine" / "a hundred" (`twelve`, `forty two`). `null` for anything else.
 */
export function parseSpokenNumber(text: string): number | null {
  const t = text.trim().toLowerCase()
  if (/^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''))
  if (/^[+-]?\.\d+$/.test(t)) return Number(t)
  const words = t
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter((w) => w && w !== 'and' && w !== 'a')
  if (words.length === 0 || words.length > 3) return null
  let total = 0
  for (const w of words) {
    const n = own(SMALL_NUMBERS, w)
    if (n === undefined) return null
    if (n === 100) total = (total || 1) * 100
    else total += n
  }
  return total
}

/**
 * A typed date format a text field announces in its placeholder or hint — `YYYY-MM-DD` (a web component date picker's),
 * `DD/MM/YYYY`, `MM/DD/YYYY`, `DD.MM.YYYY` (any of `-` `/` `.`, case-insensitive, `D`/`M` for no leading
 * zero) — or `null`. A text date picker takes only its own format, so a spoken date is written in it.
 */
export function announcedDateFormat(text: string | null | undefined): string | null {
  if (!text) return null
  const m =
    /(?<![\p{L}\p{N}])(Y{4}|D{1,2}|M{1,2})([-/.])(Y{4}|D{1,2}|M{1,2})\2(Y{4}|D{1,2}|M{1,2})(?![\p{L}\p{N}])/iu.exec(
      text,
    )
  if (!m) return null
  const parts = [m[1]!, m[3]!, m[4]!].map((p) => p.toUpperCase())
  const kinds = new Set(parts.map((p) => p[0]))
  return kinds.size === 3 ? `${parts[0]}${m[2]}${parts[1]}${m[2]}${parts[2]}` : null
}

/**
 * Writes a spoken date in a format from {@link announcedDateFormat}; `null` when the text is not a date
 * ("31 March 1980" in `DD/MM/YYYY` → `31/03/1980`). `monthFirst` reads `03/04/2027` as in en-US.
 */
export function formatSpokenDate(text: string, format: string, monthFirst = false): string | null {
  const d = parseSpokenDate(text, monthFirst)
  if (!d) return null
  const pad = (n: number) => String(n).padStart(2, '0')
  return format.replace(/Y{4}|D{1,2}|M{1,2}/g, (token) => {
    if (token === 'YYYY') return String(d.year)
    const n = token[0] === 'D' ? d.day : d.month
    return token.length === 2 ? pad(n) : String(n)
  })
}
