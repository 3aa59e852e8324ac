/**
 * Date fields drawn as a group of editable sections, one per part of the date (the "accessible DOM
 * structure" of sectioned date fields: a group of spin buttons). A fill types the date into the sections as a
 * person does, and reads it back from them.
 *
 * The markup: a `role="group"` named by the field's label
 * (`aria-labelledby`) holds one `<span role="spinbutton" contenteditable="true">` per section, in the order the
 * format shows them (`MM/DD/YYYY`, `DD/MM/YYYY`, `YYYY-MM-DD` by locale), and, last, the named `<input
 * aria-hidden="true" tabindex="-1">` that carries the value for the form (the label's `for` points at it). Each
 * section says what it holds in its bounds: `aria-valuemax` 12 for the month, 31 for the day, 9999 (or 99 for a
 * two-digit year) for the year — in every locale, whatever the section shows (`03`, `Mar`, `March`) — and its
 * value in `aria-valuenow`.
 *
 * What such a field reads, and what a fill therefore sends: focusing a section selects it; typing is read from
 * the section's `input` event, one character per event, the section's `textContent` being the key pressed:
 * digits accumulate in a per-section query kept in the page's state, so the page must draw each character before
 * the next one is typed; a section whose next digit could not fit moves the focus to the next section by itself.
 * The hidden input is written by the field when the sections make a whole date.
 */
import { focus, nextTurn, waitFor } from './effects'
import { rejected, type ControlOutcome } from './refusals'
import { parseSpokenDate, type CalendarDate } from './spoken'

type DatePart = 'day' | 'month' | 'year'

/** A section of a sectioned date field and the part of the date it holds (by its `aria-valuemax`). */
interface Section {
  el: HTMLElement
  part: DatePart
  /** Digits the section takes (2 for day and month, 4 or 2 for the year). */
  digits: number
}

/** How long a fill waits for the page to draw one typed character, and for the date at the end, in ms. */
export const SECTION_KEY_WAIT_MS = 200
/** How long a fill waits, after the last character, for the date to show in the sections and the form's input. */
export const SECTION_DATE_WAIT_MS = 500

function partOf(el: Element): Section | null {
  const max = Number(el.getAttribute('aria-valuemax'))
  if (max === 12) return { el: el as HTMLElement, part: 'month', digits: 2 }
  if (max === 31) return { el: el as HTMLElement, part: 'day', digits: 2 }
  if (max === 9999) return { el: el as HTMLElement, part: 'year', digits: 4 }
  if (max === 99) return { el: el as HTMLElement, part: 'year', digits: 2 }
  return null
}

/**
 * The editable sections of `group` (see the module doc) in the order it shows them, when they are exactly a day,
 * a month and a year; otherwise null (a date-time field, a field of another kind).
 */
function sectionsIn(group: Element): Section[] | null {
  const els = Array.from(group.querySelectorAll('[role="spinbutton"][contenteditable="true"]'))
  if (els.length !== 3) return null
  const sections = els.map(partOf)
  if (sections.some((s) => s === null)) return null
  const parts = new Set(sections.map((s) => s!.part))
  return parts.size === 3 ? (sections as Section[]) : null
}

/**
 * The group of editable sections that the hidden named `input` carries the value of (see the module doc), or null
 * when `el` is not such an input.
 */
export function sectionsGroupOf(el: Element): Element | null {
  if (el.localName !== 'input' || el.getAttribute('aria-hidden') !== 'true') return null
  const group = el.parentElement
  if (group?.getAttribute('role') !== 'group') return null
  return sectionsIn(group) ? group : null
}

/** Whether `el` is one of the sections of a sectioned date field (a part of the field, not a field of its own). */
export function isDateSection(el: Element): boolean {
  if (el.getAttribute('role') !== 'spinbutton' || el.getAttribute('contenteditable') !== 'true') return false
  const group = el.closest('[role="group"]')
  return group !== null && Array.from(group.children).some((c) => sectionsGroupOf(c) === group)
}

/** Whether the field shows the month before the day (`MM/DD/YYYY`): how an all-digit spoken date is read. */
export function sectionsMonthFirst(group: Element): boolean {
  const parts = (sectionsIn(group) ?? []).map((s) => s.part)
  return parts.indexOf('month') < parts.indexOf('day')
}

const valueOf = (d: CalendarDate, part: DatePart) => (part === 'day' ? d.day : part === 'month' ? d.month : d.year)

/** What the sections show, with the separators between them (`03/12/2027`). */
function shownText(group: Element): string {
  const list = group.querySelector('[role="spinbutton"]')?.parentElement?.parentElement
  return (list?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/**
 * Fills the sectioned date field of the hidden `input` (in `group`) with the spoken `value`: each section in the
 * order the field shows them is focused and typed into, one digit at a time, each digit drawn before the next.
 * Done when every section holds its part (`aria-valuenow`) and the form's input holds a date; a date the field
 * marks invalid (`aria-invalid` on the group: past its `minDate`/`maxDate`, a disabled day) or does not take is
 * refused as `rejected-value`, and says what the field shows.
 */
export async function fillSections(
  input: HTMLInputElement,
  group: Element,
  value: string,
  name: string,
): Promise<ControlOutcome> {
  const sections = sectionsIn(group)
  if (!sections) return rejected(`${JSON.stringify(name)} has no day, month and year to type into`)
  const date = parseSpokenDate(value, sectionsMonthFirst(group))
  if (!date) return rejected(`${JSON.stringify(value)} is not a date ${JSON.stringify(name)} can take`)
  const yearDigits = sections.find((s) => s.part === 'year')!.digits
  if (yearDigits === 2 && (date.year < 1900 || date.year > 2099))
    return rejected(`${JSON.stringify(name)} takes a two-digit year, not ${date.year}`)
  for (const s of sections) {
    if (!s.el.isConnected) break
    focus(s.el)
    // The field selects the section on focus (a state update): typed keys go to the selected section.
    await nextTurn(s.el)
    // The number without leading zeros for day and month (the field moves on once no further digit fits, and a leading
    // "0" would be read as the value 0 first); the year with all its digits.
    const n = valueOf(date, s.part)
    const typed = s.part === 'year' ? String(n % 10 ** s.digits).padStart(s.digits, '0') : String(n)
    for (const ch of typed) {
      // Each character is drawn before the next is typed: the field keeps the digits typed so far in its state, and
      // puts the section's old text back at once, then draws the new one.
      const before = s.el.textContent
      typeCharacter(s.el, ch)
      await waitFor(s.el, () => s.el.textContent !== before, SECTION_KEY_WAIT_MS)
    }
  }
  const took = () =>
    sections.every((s) => Number(s.el.getAttribute('aria-valuenow')) === valueOf(date, s.part) % 10 ** s.digits) &&
    input.value !== ''
  await waitFor(input, took, SECTION_DATE_WAIT_MS)
  // Leave the field as a person does when done: the field forgets the digits typed so far once no section is selected.
  const active = input.ownerDocument.activeElement as HTMLElement | null
  if (active && group.contains(active)) active.blur()
  const shown = input.value || shownText(group)
  if (!took()) return rejected(`${JSON.stringify(name)} did not take ${JSON.stringify(value)}; it shows ${shown}`)
  if (group.getAttribute('aria-invalid') === 'true')
    return rejected(`${JSON.stringify(name)} does not accept ${JSON.stringify(value)}; it marks ${shown} as invalid`)
  return { ok: true, shown, acted: group }
}

/**
 * Types one character into a section as a keyboard user's key press reaches it: the section's content becomes
 * the character (its text is selected while it has focus, so a key replaces it) and an `input` event follows.
 */
function typeCharacter(el: HTMLElement, ch: string): void {
  const win = el.ownerDocument.defaultView
  el.textContent = ch
  const Ctor = win?.InputEvent ?? InputEvent
  el.dispatchEvent(new Ctor('input', { bubbles: true, composed: true, inputType: 'insertText', data: ch }))
}
