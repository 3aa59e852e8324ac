/**
 * A date, or a date and time, typed into a date picker's text input as a person types it, then read back (what a
 * fill of ./controls.ts does with an input that opens a picker): the texts tried — as said, then the formats date
 * pickers take most — and the check that the picker shows the date asked for. A picker parses on Enter or blur and
 * puts back what it does not take; the fill is done only when what it shows is the date.
 * @module
 */
import { dispatch, focus, keydown, nextTurn, setNativeValue } from './effects'
import { rejected, type ControlOutcome } from './refusals'
import { announcedDateFormat, formatSpokenDate, isoDate, parseSpokenDate, parseSpokenDateTime } from './spoken'

/** What a date-time read back must equal: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`. */
type PickerWanted = { at: string; monthFirst: boolean }

const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * The date format a field shows (./spoken.ts `announcedDateFormat` tokens: `YYYY-MM-DD`, `DD/MM/YYYY`, `M/D/YYYY`
 * …): the one its placeholder announces, else the one the date it holds is written in (`2027-03-12` →
 * `YYYY-MM-DD`; `12/03/2027` day first unless the page reads dates month first or the first number cannot be a
 * day). `null` when it shows none (empty, or a date written with a month name).
 */
export function shownDateFormat(el: HTMLInputElement, monthFirstPage: boolean): string | null {
  const announced = announcedDateFormat(el.getAttribute('placeholder'))
  if (announced) return announced
  const v = el.value.trim()
  const tok = (n: string, t: 'D' | 'M') => (n.length === 2 ? t + t : t)
  let m = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/.exec(v)
  if (m) return `YYYY${m[2]}${tok(m[3]!, 'M')}${m[2]}${tok(m[4]!, 'D')}`
  m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(v)
  if (!m) return null
  const dayFirst = Number(m[1]) > 12 ? true : Number(m[3]) > 12 ? false : !monthFirstPage
  const [a, b] = dayFirst ? (['D', 'M'] as const) : (['M', 'D'] as const)
  return `${tok(m[1]!, a)}${m[2]}${tok(m[3]!, b)}${m[2]}YYYY`
}

/**
 * The texts a picker's input is tried with for a spoken date or date and time — in the `format` the field shows
 * when one is known ({@link shownDateFormat}; a date alone), as said, then the formats date pickers take most
 * (ISO 8601 `YYYY-MM-DD HH:mm`, with seconds, the date alone; day or month first as the page reads dates) — and
 * what must be read back. `null` when the words are no date.
 */
export function pickerCandidates(
  spoken: string,
  monthFirstPage: boolean,
  format: string | null = null,
): { texts: { text: string; monthFirst: boolean }[]; wanted: PickerWanted } | null {
  const dateTime = parseSpokenDateTime(spoken, monthFirstPage)
  const date = dateTime ? null : parseSpokenDate(spoken, monthFirstPage)
  if (!dateTime && !date) return null
  const at = dateTime ?? isoDate(date!)
  const [d, t] = at.split('T') as [string, string | undefined]
  const [y, m, day] = d.split('-')
  const dmy = `${day}/${m}/${y}`
  const mdy = `${m}/${day}/${y}`
  const mf = monthFirstPage
  const texts: { text: string; monthFirst: boolean }[] = [{ text: spoken, monthFirst: mf }]
  const formatted = format && !t ? formatSpokenDate(spoken, format, mf) : null
  if (formatted) texts.unshift({ text: formatted, monthFirst: format!.startsWith('M') })
  if (t) {
    const [hh, mm] = t.split(':').map(Number) as [number, number]
    const time = t.slice(0, 5)
    const h12 = `${hh % 12 || 12}:${pad2(mm)} ${hh < 12 ? 'AM' : 'PM'}`
    texts.push(
      { text: `${d} ${time}`, monthFirst: mf },
      { text: `${d} ${time}:00`, monthFirst: mf },
      { text: `${mf ? mdy : dmy} ${time}`, monthFirst: mf },
      { text: `${mdy} ${h12}`, monthFirst: true },
    )
  } else texts.push({ text: d, monthFirst: mf }, { text: mf ? mdy : dmy, monthFirst: mf })
  return { texts, wanted: { at, monthFirst: mf } }
}

/** Whether a picker's input now shows `wanted` (in whatever format it writes). */
function showsDate(shown: string, wanted: PickerWanted, formatMonthFirst: boolean): boolean {
  if (!shown.trim()) return false
  if (wanted.at.includes('T')) {
    const read =
      parseSpokenDateTime(shown, formatMonthFirst) ??
      parseSpokenDateTime(shown.replace(/\s*,\s*/g, ' '), formatMonthFirst)
    return read !== null && read.slice(0, 16) === wanted.at.slice(0, 16)
  }
  const read = parseSpokenDate(shown, formatMonthFirst)
  return read !== null && isoDate(read) === wanted.at
}

/**
 * Types a date (or date and time) into a picker's input as a person does — focus, the text, Enter, then leaving
 * the field — and reads back what the picker shows: done only when it shows the date asked for (a picker parses
 * on Enter or blur and puts back what it does not take: a day past its earliest or latest, a format it does not
 * read). The next candidate text is tried otherwise; when none is taken the old value is put back and the fill
 * refused (`"Check-out date" did not take "3 March 2025"`).
 */
export function typeAndReadBack(
  el: HTMLInputElement,
  candidates: { texts: { text: string; monthFirst: boolean }[]; wanted: PickerWanted },
  spoken: string,
  name: string,
): Promise<ControlOutcome> {
  const old = el.value
  const type = (text: string) => {
    focus(el)
    setNativeValue(el, text)
    dispatch(el, 'input')
    keydown(el, 'Enter')
    dispatch(el, 'change')
  }
  // The first text is typed at once (what a field that takes it shows before execute() returns).
  type(candidates.texts[0]!.text)
  const readBack = async (): Promise<ControlOutcome> => {
    for (let i = 0; i < candidates.texts.length; i++) {
      const { text, monthFirst: first } = candidates.texts[i]!
      if (i > 0) type(text)
      await nextTurn(el)
      el.blur()
      await nextTurn(el)
      await nextTurn(el)
      if (showsDate(el.value, candidates.wanted, first)) return { ok: true, shown: el.value, acted: el }
    }
    if (el.value !== old) {
      focus(el)
      setNativeValue(el, old)
      dispatch(el, 'input')
      dispatch(el, 'change')
      el.blur()
    }
    return rejected(`${JSON.stringify(name)} did not take ${JSON.stringify(spoken)}`)
  }
  return readBack()
}
