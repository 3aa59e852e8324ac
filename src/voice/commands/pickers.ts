/**
 * Date and time pickers a person operates through the calendar they open: a read-only text input that takes a
 * date or a time (./dateFields.ts `takesDates`), or a named hidden input shown by a visible copy (./standIns.ts),
 * which the picker writes from its calendar. A fill does what a person does, whoever drew the picker:
 *
 * 1. **Typing**, where the copy a person sees takes typing (not read-only) and one date (or date and time) was
 *    said: the text in the format the field shows (./typedDates.ts), Enter, then read back.
 * 2. **The calendar** otherwise: the whole press on the input ({@link clickElement}), then the popup that appears
 *    (./popups.ts `watchDocument`: what was added or changed after the press) read as a calendar
 *    (./calendarGrid.ts): the month shown with its month list and year box, or its previous / next buttons; the
 *    day cell pressed (both days, in order, for a range said "12 March 2027 to 15 March 2027" or "12 to 15 March
 *    2027"); for a time the hour and minute boxes typed into and left. A day the calendar does not offer (not
 *    drawn, disabled, past its last year) is refused before anything is pressed in the grid.
 * 3. **Read back** from the input the form submits (or the copy): done only when it holds the date, range or
 *    time asked for, in whatever format the picker writes; else refused (`rejected-value`) and the picker closed
 *    (Escape) when it is still open.
 *
 * A read-only field that opens no calendar is only read-only: refused so (`readonly`).
 */
import { clickElement, keydown, nextTurn, waitFor } from './effects'
import { rejected, type ControlOutcome } from './refusals'
import { isoDate, parseSpokenDate, parseSpokenDateTime, parseSpokenTime, type CalendarDate } from './spoken'
import { fillSections, sectionsGroupOf } from './sections'
import { watchDocument } from './popups'
import {
  dayCellOf,
  hasMonthGrid,
  isCalendar,
  looksDisabled,
  setTime,
  showMonth,
  stillOpen,
  timeBoxes,
} from './calendarGrid'
import { pickerCandidates, shownDateFormat, typeAndReadBack } from './typedDates'

/** How long a fill waits for the calendar to open after the press, and for the value to be written, in ms. */
export const PICKER_OPEN_WAIT_MS = 400

const rangeParts = (text: string) => text.trim().split(/\s+(?:to|until|till|through|–|-)\s+/i)

/** The dates spoken for a range ("12 March 2027 to 15 March 2027", "12 to 15 March 2027"), or null. */
export function spokenRange(text: string, monthFirst: boolean): [CalendarDate, CalendarDate] | null {
  const parts = rangeParts(text)
  if (parts.length !== 2) return null
  const end = parseSpokenDate(parts[1]!, monthFirst)
  if (!end) return null
  const start =
    parseSpokenDate(parts[0]!, monthFirst) ??
    (/^\d{1,2}$/.test(parts[0]!.trim())
      ? parseSpokenDate(`${parts[0]!.trim()} ${parts[1]!.replace(/^\s*\d{1,2}(st|nd|rd|th)?\s*/i, '')}`, monthFirst)
      : null)
  return start ? [start, end] : null
}

const said = (d: CalendarDate) =>
  `${d.day} ${new Date(Date.UTC(d.year, d.month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${d.year}`

const notOffered = (name: string, value: string) =>
  `${JSON.stringify(name)} does not accept ${JSON.stringify(value)} (its calendar does not offer it)`

/** What was asked: the dates to press (none for a time only) and the time (`HH:mm`), if one was said. */
type Asked = { dates: CalendarDate[]; time: string | null }

function asked(value: string, monthFirst: boolean): Asked | null {
  const range = spokenRange(value, monthFirst)
  if (range) return { dates: range, time: null }
  const dateTime = parseSpokenDateTime(value, monthFirst)
  if (dateTime) return { dates: [parseSpokenDate(dateTime.slice(0, 10))!], time: dateTime.slice(11, 16) }
  const date = parseSpokenDate(value, monthFirst)
  if (date) return { dates: [date], time: null }
  const time = parseSpokenTime(value)
  return time ? { dates: [], time: time.slice(0, 5) } : null
}

/** Whether a written value holds what was asked (the dates in order, the time), in whatever format it is written. */
function holds(written: string, want: Asked, monthFirst: boolean): boolean {
  if (!written.trim()) return false
  const iso = want.dates.map(isoDate)
  if (want.dates.length === 2) {
    const got = spokenRange(written, monthFirst) ?? spokenRange(written, !monthFirst)
    return got !== null && got.map(isoDate).join() === iso.join()
  }
  if (want.dates.length === 1 && want.time) {
    const got =
      parseSpokenDateTime(written, monthFirst) ?? parseSpokenDateTime(written.replace(/\s*,\s*/g, ' '), monthFirst)
    return got !== null && got.slice(0, 16) === `${iso[0]}T${want.time}`
  }
  if (want.dates.length === 1) {
    const got = parseSpokenDate(written, monthFirst) ?? parseSpokenDate(written.split(/[T ]/)[0] ?? '', monthFirst)
    return got !== null && isoDate(got) === iso[0]
  }
  return parseSpokenTime(written.trim())?.slice(0, 5) === want.time
}

/**
 * Fills a picker (`input`, the one a form posts; `face`, the one the visitor sees and presses — the same input
 * unless a visible copy shows it) with the date, range or time spoken (see the module doc). Refused as
 * `rejected-value` when the value is no date or time, or the picker does not offer or take it (the input keeps its
 * value then); as `readonly` when no calendar opens. Resolves once the picker has written the input.
 */
export async function fillPicker(
  input: HTMLInputElement,
  face: HTMLInputElement,
  value: string,
  name: string,
  monthFirst: boolean,
): Promise<ControlOutcome> {
  const sectionsGroup = sectionsGroupOf(input)
  if (sectionsGroup) return fillSections(input, sectionsGroup, value, name)
  const want = asked(value, monthFirst)
  if (!want) return rejected(`${JSON.stringify(value)} is not a date or time ${JSON.stringify(name)} can take`)
  const committed = () => holds(input.value, want, monthFirst) || (input !== face && holds(face.value, want, true))
  if (!face.readOnly && want.dates.length === 1) {
    const candidates = pickerCandidates(value, monthFirst, shownDateFormat(face, monthFirst))
    if (candidates) {
      const typed = await typeAndReadBack(face, candidates, value, name)
      if (!typed.ok) return typed
      await waitFor(input, () => holds(input.value, want, monthFirst), PICKER_OPEN_WAIT_MS)
      return holds(input.value, want, monthFirst)
        ? typed
        : rejected(`${JSON.stringify(name)} did not take ${JSON.stringify(value)}`)
    }
  }
  return operateCalendar(input, face, value, name, want, committed)
}

/** The calendar the press opened: the highest changed element below `<body>` around a calendar, not around the face. */
function openedCalendar(face: Element, changed: readonly Element[]): Element | null {
  const body = face.ownerDocument.body
  const seen = new Set<Element>()
  for (const el of changed) {
    let top: Element | null = null
    for (let up: Element | null = el; up && up !== body; up = up.parentElement) {
      if (up.contains(face)) break
      top = up
    }
    if (!top || seen.has(top)) continue
    seen.add(top)
    if (stillOpen(top) && isCalendar(top)) return top
  }
  return null
}

/** Steps 2 and 3 of the module doc: the calendar opened, the days pressed or the time typed, the value read back. */
async function operateCalendar(
  input: HTMLInputElement,
  face: HTMLInputElement,
  value: string,
  name: string,
  want: Asked,
  committed: () => boolean,
): Promise<ControlOutcome> {
  const watch = watchDocument(face.ownerDocument)
  let cal: Element | null = null
  try {
    clickElement(face)
    await waitFor(face, () => (cal = openedCalendar(face, watch.roots())) !== null, PICKER_OPEN_WAIT_MS)
  } finally {
    watch.stop()
  }
  if (!cal) return { ok: false, reason: 'readonly', detail: `the field ${JSON.stringify(name)} is read-only` }
  const root: Element = cal
  const close = () => {
    if (stillOpen(root)) keydown(face, 'Escape')
  }
  const refuse = (detail: string) => {
    close()
    return rejected(detail)
  }
  if (want.dates.length > 0 && !hasMonthGrid(root))
    return refuse(`${JSON.stringify(value)} is not a time ${JSON.stringify(name)} can take`)
  const boxes = want.time ? timeBoxes(root) : null
  if (want.time && !boxes) return refuse(`${JSON.stringify(value)} is not a date ${JSON.stringify(name)} can take`)
  for (const d of want.dates) {
    const cell = (await showMonth(root, d)) ? dayCellOf(root, d) : null
    if (!cell || looksDisabled(cell.el)) return refuse(notOffered(name, want.dates.length > 1 ? value : said(d)))
    clickElement(cell.el)
    await nextTurn(face)
  }
  if (want.time && boxes) setTime(timeBoxes(root) ?? boxes, want.time)
  await waitFor(input, committed, PICKER_OPEN_WAIT_MS)
  close()
  if (!committed()) return rejected(`${JSON.stringify(name)} did not take ${JSON.stringify(value)}`)
  return { ok: true, shown: face.value, acted: face }
}
