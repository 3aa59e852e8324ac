/**
 * Inputs that a date picker library makes read-only because it writes them from the picker it draws: a fill
 * operates the picker as a person does — clicks the input to open it, picks the month and year with the
 * calendar's own month list and year box, clicks the day — and reads the written value back.
 *
 * Known pickers, recognised by the markup their own code writes:
 * - **flatpickr 4** (flatpickr.js.org): `class="flatpickr-input"` on the input (and `readonly` unless
 *   `allowInput`); with `altInput` the named input becomes `type=hidden` and a visible copy that shows the date
 *   follows it (./standIns.ts). Its calendar is a `.flatpickr-calendar` appended to `<body>`, open while it has
 *   the class `open` (`rangeMode` for `mode: 'range'`, `noCalendar` for a time only). What its source
 *   (dist/flatpickr.js) listens to, and what a fill therefore sends: `click` on the input opens it; the month
 *   list `select.flatpickr-monthDropdown-months` takes `change`; the year box `input.cur-year` takes `keyup`
 *   (a four-digit year, `onYearInput`; a year past `minDate`/`maxDate` is ignored, `changeYear`); a day
 *   `span.flatpickr-day` is chosen on `click` (delegated from its days container; `flatpickr-disabled` days are
 *   not), the calendar closes after the last day; time boxes `.flatpickr-hour` / `.flatpickr-minute` are read on
 *   `blur` (`updateTime`, a capturing listener on the time container), AM/PM on `click`; `Escape` closes it.
 *   An input with `allowInput` (the visible copy, with `altInput`) is not read-only and takes typing: flatpickr
 *   parses what was typed in its `dateFormat` (`altFormat` for the copy) on `Enter` and on `blur` (`onKeyDown`,
 *   `onBlur`), and clears the field when that fails — so a single date is typed in that format, as the field
 *   shows dates, written with the instance's own `formatDate` (flatpickr's documented instance API, on
 *   `input._flatpickr`), then `Enter`. Ranges, times and an input without its instance go through the picker.
 */
import { clickElement, dispatch, focus, keydown, setNativeValue, waitFor } from './effects'
import { rejected, type ControlOutcome } from './refusals'
import { parseSpokenDate, parseSpokenTime, type CalendarDate } from './spoken'
import { fillSections, sectionsGroupOf } from './sections'

/** Class flatpickr puts on the input it draws a picker for (dist/flatpickr.js `setupInputs`). */
const FLATPICKR_INPUT = 'flatpickr-input'
/** How long a fill waits for the calendar to open after the click on the input, in ms. */
export const PICKER_OPEN_WAIT_MS = 400

/**
 * Whether `el` is an input a picker library writes (see the module doc; not flatpickr's mobile `type=date` copy),
 * or the hidden input of a date field typed into by sections (./sections.ts).
 */
export function isPickerInput(el: Element): boolean {
  if (sectionsGroupOf(el)) return true
  return (
    el.localName === 'input' && el.classList.contains(FLATPICKR_INPUT) && !el.classList.contains('flatpickr-mobile')
  )
}

/** The open (not inline) flatpickr calendar of the page, if one is open. */
function openCalendar(doc: Document): Element | null {
  return doc.querySelector('.flatpickr-calendar.open:not(.inline)')
}

const monthsIn = (text: string) => text.split(/\s+(?:to|until|till|through|–|-)\s+/i)

/** The dates spoken for a range ("12 March 2027 to 15 March 2027", "12 to 15 March 2027"), or null. */
function spokenRange(text: string, monthFirst: boolean): [CalendarDate, CalendarDate] | null {
  const parts = monthsIn(text.trim())
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

/** Goes to `d`'s month in the calendar with its own month list and year box; false when the calendar does not offer it. */
function showMonth(cal: Element, d: CalendarDate): boolean {
  const year = cal.querySelector<HTMLInputElement>('input.cur-year')
  if (!year) return false
  if (year.value !== String(d.year)) {
    // Typed as a person types it: flatpickr reads the year box on each `keyup` and takes a four-digit year.
    focus(year)
    setNativeValue(year, String(d.year))
    dispatch(year, 'input')
    keydown(year, String(d.year).slice(-1))
  }
  if (year.value !== String(d.year)) return false
  // The year box keeps what was typed even when flatpickr refuses the year (past `maxDate`): the days it draws say
  // which year it shows (`aria-label` in `ariaDateFormat`, "March 12, 2027" by default).
  const shownYear = () => {
    const label = cal.querySelector('.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)')?.getAttribute('aria-label')
    return label ? new RegExp(`(^|\\D)${d.year}(\\D|$)`).test(label) : true
  }
  if (!shownYear()) return false
  const months = cal.querySelector<HTMLSelectElement>('select.flatpickr-monthDropdown-months')
  if (months) {
    const option = Array.from(months.options).find((o) => Number(o.value) === d.month - 1)
    if (!option) return false
    if (months.value !== option.value) {
      setNativeValue(months as unknown as HTMLInputElement, option.value)
      dispatch(months, 'change')
    }
    return months.value === option.value && shownYear()
  }
  // A static month name (`monthSelectorType: 'static'`): the arrows, one month a click.
  const next = cal.querySelector('.flatpickr-next-month')
  const prev = cal.querySelector('.flatpickr-prev-month')
  const shown = () => {
    const name = cal.querySelector('.cur-month')?.textContent?.trim() ?? ''
    const m = new Date(`${name} 1, 2000`).getMonth()
    return Number(year.value) * 12 + (Number.isNaN(m) ? 0 : m)
  }
  for (let guard = 0; guard < 24 && shown() !== d.year * 12 + d.month - 1; guard++) {
    const arrow = shown() < d.year * 12 + d.month - 1 ? next : prev
    if (!arrow || arrow.classList.contains('flatpickr-disabled')) return false
    clickElement(arrow)
  }
  return shown() === d.year * 12 + d.month - 1
}

/** The day cell of `d` in the shown month (not the neighbouring months' days). */
function dayCell(cal: Element, d: CalendarDate): Element | null {
  for (const cell of cal.querySelectorAll('.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)'))
    if (cell.textContent?.trim() === String(d.day)) return cell
  return null
}

const notOffered = (name: string, value: string) =>
  `${JSON.stringify(name)} does not accept ${JSON.stringify(value)} (its calendar does not offer it)`

/**
 * Fills a picker input (`input`, the one a form posts; `face`, the one the visitor sees and clicks) with the date,
 * range or time spoken, through the picker (see the module doc). Refused as `rejected-value` when the value is no
 * date/time or the calendar does not offer it (before `minDate`, after `maxDate`, a disabled day); the input keeps
 * its value then. Resolves once the picker has written the input.
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
  const typed = await typeDate(input, face, value, name, monthFirst)
  if (typed) return typed
  const doc = input.ownerDocument
  const before = input.value
  if (!openCalendar(doc)) clickElement(face)
  if (!(await waitFor(face, () => openCalendar(doc) !== null, PICKER_OPEN_WAIT_MS)))
    return rejected(`${JSON.stringify(name)} did not open its picker`)
  const cal = openCalendar(doc)!
  const cells: Element[] = []
  let took = () => false
  const close = () => {
    if (cal.classList.contains('open')) keydown(face, 'Escape')
  }
  if (cal.classList.contains('noCalendar')) {
    const time = parseSpokenTime(value)
    if (!time) {
      close()
      return rejected(`${JSON.stringify(value)} is not a time ${JSON.stringify(name)} can take`)
    }
    const [h, m] = time.split(':').map(Number) as [number, number]
    const hour = cal.querySelector<HTMLInputElement>('.flatpickr-hour')
    const minute = cal.querySelector<HTMLInputElement>('.flatpickr-minute')
    const amPm = cal.querySelector('.flatpickr-am-pm')
    if (!hour || !minute) {
      close()
      return rejected(`${JSON.stringify(name)} has no hour and minute boxes`)
    }
    const h12 = h % 12 === 0 ? 12 : h % 12
    for (const [box, v] of [
      [hour, amPm ? h12 : h],
      [minute, m],
    ] as const) {
      focus(box)
      setNativeValue(box, String(v).padStart(2, '0'))
      dispatch(box, 'input')
    }
    if (amPm && (amPm.textContent?.trim().toUpperCase().startsWith('P') ?? false) !== h >= 12) clickElement(amPm)
    // flatpickr reads the boxes when one loses focus (a capturing `blur` listener on the time container).
    minute.dispatchEvent(new (doc.defaultView?.FocusEvent ?? FocusEvent)('blur'))
    focus(face)
    close()
    took = () =>
      input.value !== before ||
      (hour.value === String(amPm ? h12 : h).padStart(2, '0') &&
        minute.value === String(m).padStart(2, '0') &&
        before !== '')
  } else {
    const range = cal.classList.contains('rangeMode')
    const dates = range ? spokenRange(value, monthFirst) : ((d) => (d ? [d] : null))(parseSpokenDate(value, monthFirst))
    if (!dates) {
      close()
      return rejected(
        `${JSON.stringify(value)} is not ${range ? 'a range of dates' : 'a date'} ${JSON.stringify(name)} can take`,
      )
    }
    for (const d of dates) {
      const cell = showMonth(cal, d) ? dayCell(cal, d) : null
      if (!cell || cell.classList.contains('flatpickr-disabled') || cell.classList.contains('notAllowed')) {
        close()
        return rejected(notOffered(name, dates.length > 1 ? value : said(d)))
      }
      clickElement(cell)
      cells.push(cell)
    }
    close()
    // Taken: the input changed, or (it held a value already) every day clicked is drawn chosen.
    took = () =>
      input.value !== before ||
      (before !== '' && cells.every((c) => /\b(selected|startRange|endRange)\b/.test(c.className)))
  }
  await waitFor(input, took, PICKER_OPEN_WAIT_MS)
  if (!took()) return rejected(`${JSON.stringify(name)} did not take ${JSON.stringify(value)}`)
  return { ok: true, shown: face.value, acted: face }
}

/** What a fill uses of a flatpickr instance (flatpickr's documented instance API and options). */
interface FlatpickrInstance {
  config: { mode?: string; noCalendar?: boolean; enableTime?: boolean; dateFormat: string; altFormat: string }
  formatDate(date: Date, format: string): string
  isEnabled(date: Date): boolean
}

/**
 * Types a single spoken date into a flatpickr input that takes typing (`allowInput`; see the module doc), in the
 * format the field shows, then presses Enter for flatpickr to read it. `null` when the field is not such an input
 * (it is then operated through its picker). A date the calendar does not offer is refused before typing, so the
 * field keeps its value.
 */
async function typeDate(
  input: HTMLInputElement,
  face: HTMLInputElement,
  value: string,
  name: string,
  monthFirst: boolean,
): Promise<ControlOutcome | null> {
  const fp = (input as HTMLInputElement & { _flatpickr?: FlatpickrInstance })._flatpickr
  if (!fp || face.readOnly || (fp.config.mode ?? 'single') !== 'single' || fp.config.noCalendar || fp.config.enableTime)
    return null
  const d = parseSpokenDate(value, monthFirst)
  if (!d) return rejected(`${JSON.stringify(value)} is not a date ${JSON.stringify(name)} can take`)
  const date = new Date(d.year, d.month - 1, d.day)
  if (!fp.isEnabled(date)) return rejected(notOffered(name, said(d)))
  const wanted = fp.formatDate(date, fp.config.dateFormat)
  focus(face)
  setNativeValue(face, fp.formatDate(date, face === input ? fp.config.dateFormat : fp.config.altFormat))
  dispatch(face, 'input')
  keydown(face, 'Enter')
  const took = () => input.value === wanted
  await waitFor(input, took, PICKER_OPEN_WAIT_MS)
  if (!took()) return rejected(`${JSON.stringify(name)} did not take ${JSON.stringify(value)}`)
  return { ok: true, shown: face.value, acted: face }
}
