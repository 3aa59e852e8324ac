/**
 * A date picker's calendar read as a person reads it, whoever drew it: the grid of day cells (numbers 1–31 laid
 * out week by week, often with the whole date in their `aria-label` or `title`), the month and year it shows (a
 * month list and a year box, or a heading such as "March 2027" between previous / next buttons), and the hour and
 * minute boxes of a time picker. ./pickers.ts operates it; ./standIns.ts keeps its boxes from being fields of
 * their own. Nothing here knows a library: classes are never read, only roles, labels, text and what a person
 * sees (WAI-ARIA APG "Date Picker Dialog" pattern: a `grid` of day `gridcell`s, labelled month heading and
 * previous / next month buttons — a calendar without those roles is read from its text the same way).
 * @module
 */
import { isVisible } from './dom'
import { clickElement, dispatch, focus, keydown, nextTurn, setNativeValue } from './effects'
import { parseSpokenDate, parseSpokenMonth, type CalendarDate } from './spoken'

/** The fewest day cells in a run 1, 2, 3 … that make a month's grid (February of a common year). */
const MIN_MONTH_DAYS = 28
/** The most clicks on a previous / next month button a fill makes to reach a month (ten years). */
const MAX_MONTH_STEPS = 120
/** Names of a calendar's own boxes (its year box and month list, a time picker's hour and minute boxes). */
const PART_NAME = /^(year|month|hours?|minutes?|seconds?|am ?\/ ?pm)$/i

/** A day cell of a calendar: what a person presses, the day number it shows and the date its label gives. */
export interface DayCell {
  el: Element
  day: number
  /** The whole date from the cell's `aria-label` / `title` ("March 12, 2027", "2027-03-12"), if it gives one. */
  date: CalendarDate | null
}

const ownText = (el: Element): string => {
  let t = ''
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3) t += n.textContent ?? ''
  return t.trim()
}

/** The month (1–12) a month name or abbreviation names ("March", "Mar"), or `undefined`. */
export function monthNamed(text: string): number | undefined {
  const words = text.trim().split(/\s+/)
  return words.length === 1 && /^\p{L}+\.?$/u.test(words[0]!)
    ? parseSpokenDate(`1 ${words[0]!.replace(/\.$/, '')} 2000`)?.month
    : undefined
}

/**
 * The date a cell's label gives ("March 12, 2027", "Choose Friday, March 12th, 2027", "2027-03-12"): the label as
 * a date, else its numbers and month name alone (weekday and other words left out). `null` when it gives none.
 */
export function dateInLabel(text: string | null | undefined): CalendarDate | null {
  if (!text) return null
  const whole = parseSpokenDate(text)
  if (whole) return whole
  const kept = text
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(\d+)(st|nd|rd|th)\b/g, '$1')
    .split(' ')
    .filter((w) => /^\d{1,4}$/.test(w) || monthNamed(w) !== undefined)
  return kept.length === 3 ? parseSpokenDate(kept.join(' ')) : null
}

/** The date the label of a day number's element, or of the grid cell around it, gives. */
function labelledDate(el: Element): CalendarDate | null {
  const cell = el.closest('[role=gridcell], td') ?? el
  return (
    dateInLabel(el.getAttribute('aria-label') ?? el.getAttribute('title')) ??
    (cell === el ? null : dateInLabel(cell.getAttribute('aria-label') ?? cell.getAttribute('title')))
  )
}

/**
 * The day cells of `root` in document order: elements whose own text is a day number 1–31 (the cell around it
 * pressed). `withDates`: read each cell's label for its date too (else `date` is `null`: the grid's shape alone).
 */
export function dayCells(root: Element, withDates = true): DayCell[] {
  const out: DayCell[] = []
  for (const el of root.querySelectorAll('*')) {
    const text = ownText(el)
    if (!/^[1-9]\d?$/.test(text) || Number(text) > 31 || el.closest('select, option, input, textarea')) continue
    out.push({ el, day: Number(text), date: withDates ? labelledDate(el) : null })
  }
  return out
}

/** The run of cells 1, 2, 3 … (at least {@link MIN_MONTH_DAYS}) that is the shown month's days, or `[]`. */
function monthRun(cells: readonly DayCell[]): DayCell[] {
  for (let i = 0; i < cells.length; i++) {
    if (cells[i]!.day !== 1) continue
    let j = i
    while (j + 1 < cells.length && cells[j + 1]!.day === cells[j]!.day + 1) j++
    if (j - i + 1 >= MIN_MONTH_DAYS) return cells.slice(i, j + 1)
  }
  return []
}

/** Whether `root` shows a month's grid of days (a run of day cells 1, 2, 3 … of at least 28). */
export const hasMonthGrid = (root: Element): boolean => monthRun(dayCells(root, false)).length > 0

/** Whether `root` holds a calendar: a month's grid of days, or an hour and a minute box. */
export function isCalendar(root: Element): boolean {
  return hasMonthGrid(root) || timeBoxes(root) !== null
}

/** Whether a person sees `el` (a day cell, an arrow) as one they cannot choose: disabled, or a not-allowed cursor. */
export function looksDisabled(el: Element): boolean {
  for (let node: Element | null = el, i = 0; node && i < 3; node = node.parentElement, i++) {
    if (node.getAttribute('aria-disabled') === 'true' || node.hasAttribute('disabled')) return true
    if (/(^|[-_\s])(disabled|not-?allowed)(\s|$)/i.test(node.getAttribute('class') ?? '')) return true
    if (node.ownerDocument.defaultView?.getComputedStyle(node).cursor === 'not-allowed') return true
    if (node.matches('[role=gridcell], td')) break
  }
  return false
}

/** Text of an element with its parts' texts spaced ("Mar" and "2027" in two buttons read "Mar 2027"). */
function spacedText(el: Element): string {
  const parts: string[] = []
  const walk = (n: Node) => {
    if (n.nodeType === 3) parts.push(n.textContent ?? '')
    else if (n.nodeType === 1 && !['select', 'input', 'script', 'style'].includes((n as Element).localName))
      for (let c = n.firstChild; c; c = c.nextSibling) walk(c)
  }
  walk(el)
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}

/** The month list of a calendar: a `<select>` whose options are the twelve month names. */
function monthList(root: Element): HTMLSelectElement | null {
  for (const s of root.querySelectorAll('select'))
    if (Array.from(s.options).filter((o) => monthNamed(o.text) !== undefined).length >= 12) return s
  return null
}

/** The year box of a calendar: a number or text input, or a `<select>`, holding a four-digit year. */
function yearControl(root: Element): HTMLInputElement | HTMLSelectElement | null {
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
    const named = /year/i.test(el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '')
    if ((named || /^\d{4}$/.test(el.value)) && el.localName === 'input' && el.type !== 'hidden') return el
    if (el.localName === 'select' && /^\d{4}$/.test((el as HTMLSelectElement).selectedOptions[0]?.text.trim() ?? ''))
      return el
  }
  return null
}

/** `year * 12 + month - 1` of a date: months compared as numbers. */
const monthIndex = (year: number, month: number) => year * 12 + month - 1

/**
 * The month a calendar shows, as {@link monthIndex}: from a mid-month day's label (day 15 is never a neighbouring
 * month's), else its month list and year box, else a heading that reads as a month ("March 2027"). `null` when
 * none says.
 */
export function shownMonth(root: Element): number | null {
  for (const c of dayCells(root, false)) {
    const date = c.day === 15 ? labelledDate(c.el) : null
    if (date) return monthIndex(date.year, date.month)
  }
  const list = monthList(root)
  const year = yearControl(root)
  const yearText =
    year && (year.localName === 'select' ? (year as HTMLSelectElement).selectedOptions[0]?.text : year.value)
  const month = list?.selectedOptions[0] ? monthNamed(list.selectedOptions[0].text) : undefined
  if (month !== undefined && yearText && /^\d{4}$/.test(yearText.trim())) return monthIndex(Number(yearText), month)
  for (const el of root.querySelectorAll('*')) {
    const text = spacedText(el)
    if (text.length > 24 || !/\d{4}/.test(text)) continue
    const iso = parseSpokenMonth(text)
    if (iso) return monthIndex(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)))
  }
  return null
}

/** Words a previous / next month button says (its label, title or glyph), one way. */
const PREV = /(^|\b)(prev(ious)?|back|earlier)\b|^[‹<←«]$/i
const NEXT = /(^|\b)(next|forward|later)\b|^[›>→»]$/i

/** The previous or next month button of a calendar (not a year's: a button naming the year is passed over). */
function monthArrow(root: Element, forward: boolean): Element | null {
  let found: Element | null = null
  for (const el of root.querySelectorAll('button, [role=button], a, [aria-label], [title]')) {
    const said = (el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent || '').trim()
    if (!(forward ? NEXT : PREV).test(said) || /year|«|»/i.test(said)) continue
    if (/month/i.test(said)) return el
    found ??= el
  }
  return found
}

/** Types a value into a box as a person does (focus, the text, its last key) and leaves the change to the page. */
function typeInto(box: HTMLInputElement | HTMLSelectElement, text: string): void {
  focus(box)
  setNativeValue(box as HTMLInputElement, text)
  dispatch(box, 'input')
  if (box.localName === 'input') keydown(box, text.slice(-1))
  dispatch(box, 'change')
}

/**
 * Shows the month of `d` in the calendar, as a person goes there: the year box and month list when it has them,
 * else the previous / next month buttons, one month a press. False when it does not show that month after (the
 * calendar does not offer it: past its last year, an arrow disabled).
 */
export async function showMonth(root: Element, d: CalendarDate): Promise<boolean> {
  const want = monthIndex(d.year, d.month)
  if (shownMonth(root) === want) return true
  const year = yearControl(root)
  const list = monthList(root)
  if (year && list) {
    if (year.localName === 'select') {
      const option = Array.from((year as HTMLSelectElement).options).find((o) => o.text.trim() === String(d.year))
      if (option) typeInto(year, option.value)
    } else if (year.value !== String(d.year)) typeInto(year, String(d.year))
    await nextTurn(root)
    const option = Array.from(list.options).find((o) => monthNamed(o.text) === d.month)
    if (option && list.value !== option.value) typeInto(list, option.value)
    await nextTurn(root)
    return shownMonth(root) === want
  }
  for (let step = 0; step < MAX_MONTH_STEPS; step++) {
    const shown = shownMonth(root)
    if (shown === null) return false
    if (shown === want) return true
    const arrow = monthArrow(root, shown < want)
    if (!arrow || looksDisabled(arrow)) return false
    clickElement(arrow)
    await nextTurn(root)
  }
  return shownMonth(root) === want
}

/**
 * The cell of day `d` in the shown month: the cell whose label gives that date, else (cells without dates in
 * their labels) the day in the run 1, 2, 3 … of the shown month, when the calendar shows `d`'s month.
 */
export function dayCellOf(root: Element, d: CalendarDate): DayCell | null {
  const cells = dayCells(root)
  const labelled = cells.filter((c) => c.date)
  if (labelled.length >= MIN_MONTH_DAYS)
    return labelled.find((c) => c.date!.year === d.year && c.date!.month === d.month && c.date!.day === d.day) ?? null
  if (shownMonth(root) !== monthIndex(d.year, d.month)) return null
  return monthRun(cells).find((c) => c.day === d.day) ?? null
}

/** The name a calendar's own box says (`aria-label`, `title`, `name`, `placeholder`). */
const boxName = (el: Element) =>
  (
    el.getAttribute('aria-label') ||
    el.getAttribute('title') ||
    el.getAttribute('name') ||
    el.getAttribute('placeholder') ||
    ''
  ).trim()

/** The hour and minute boxes of a time picker (inputs or spin buttons named Hour and Minute) and its AM/PM toggle. */
export function timeBoxes(
  root: Element,
): { hour: HTMLInputElement; minute: HTMLInputElement; meridiem: Element | null } | null {
  let hour: HTMLInputElement | null = null
  let minute: HTMLInputElement | null = null
  for (const el of root.querySelectorAll<HTMLInputElement>('input, [role=spinbutton]')) {
    const name = boxName(el)
    if (!hour && /^hours?$/i.test(name)) hour = el
    else if (!minute && /^minutes?$/i.test(name)) minute = el
  }
  if (!hour || !minute) return null
  let meridiem: Element | null = null
  for (const el of root.querySelectorAll('*')) if (/^(am|pm)$/i.test(ownText(el))) meridiem ??= el
  return { hour, minute, meridiem }
}

/**
 * Sets a time in a time picker's boxes as a person types it (the hour — on a 12-hour clock when it has an AM/PM
 * toggle —, the minute, the toggle pressed when it shows the other half of the day) and leaves the boxes (a
 * picker reads them when they lose focus). `hhmm` is `HH:mm`.
 */
export function setTime(boxes: NonNullable<ReturnType<typeof timeBoxes>>, hhmm: string): void {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  const { hour, minute, meridiem } = boxes
  const shownHour = meridiem ? h % 12 || 12 : h
  for (const [box, v] of [
    [hour, shownHour],
    [minute, m],
  ] as const) {
    focus(box)
    setNativeValue(box, String(v).padStart(2, '0'))
    dispatch(box, 'input')
  }
  if (meridiem && ownText(meridiem).toUpperCase().startsWith('P') !== h >= 12) clickElement(meridiem)
  const win = minute.ownerDocument.defaultView
  minute.dispatchEvent(new (win?.FocusEvent ?? FocusEvent)('blur'))
  minute.dispatchEvent(new (win?.FocusEvent ?? FocusEvent)('focusout', { bubbles: true }))
}

/**
 * Whether `el` is one of a calendar's own boxes (its year box, month list, hour or minute box — named so — inside
 * a popup outside any form that holds a calendar): a part of the date picker, not a field of its own.
 */
export function isCalendarPart(el: Element): boolean {
  if (!PART_NAME.test(boxName(el)) || el.closest('form, label, fieldset')) return false
  let top = el
  for (let up = el.parentElement; up && up !== el.ownerDocument.body; up = up.parentElement) top = up
  return top !== el && top.querySelector('label, form') === null && isCalendar(top)
}

/**
 * Whether the calendar's popup is open: connected, not hidden (`hidden`, `display: none`, `visibility: hidden`).
 * Its opacity is not read: a popup fading in is open from its first frame.
 */
export function stillOpen(root: Element): boolean {
  if (!root.isConnected || root.closest('[hidden],[aria-hidden=true]')) return false
  const check = (root as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility
  return typeof check === 'function' ? check.call(root, { visibilityProperty: true }) : isVisible(root)
}
