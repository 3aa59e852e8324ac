/**
 * Native controls that a widget hides and draws a widget in place of (the "stand-in"): the visitor sees and names
 * the widget, the form posts the hidden control. A fill that names the hidden control is judged on what the
 * visitor sees (visible, enabled) and operated through it. Found from the DOM, never from a library's classes:
 *
 * - **A visible copy of a date**: a named `<input type=hidden>` (a `<label for>` or `aria-labelledby` names it)
 *   right before a visible text input with no label of its own that shows the same date in another format (or,
 *   both empty, a date or time field: ./dateFields.ts `takesDates`). The date picker writes both; the visitor
 *   presses or types into the copy (./pickers.ts).
 *
 * - **A sectioned date field** (./sections.ts): the named `<input aria-hidden="true">` sits last in a
 *   `role="group"` of editable date sections, which is what the visitor sees and types into (./sections.ts).
 *
 * A native `<select>` hidden behind a widget drawn right after it needs no entry here: it is reached through that
 * widget as a person reaches it (./popups.ts), and the widget's parts (its trigger, named by the value it shows,
 * and its inline search box) are no fields of their own.
 *
 * Elements inside a stand-in or the popup of one are not fields of their own: the hidden control they stand for
 * is (so are a sectioned field's date sections, named only "Month", "Day", "Year", and a date picker's year,
 * month, hour and minute boxes: ./calendarGrid.ts `isCalendarPart`).
 */
import { isVisible } from './dom'
import { visibleCopyOf } from './dateFields'
import { isDateSection, sectionsGroupOf } from './sections'
import { isInsideDrawnSelect } from './popups'
import { isCalendarPart } from './calendarGrid'

/**
 * The visible widget drawn in place of `el`, a native control it hides (see the module doc), or `null` when `el`
 * is not such a control.
 */
export function standInOf(el: Element): Element | null {
  const copy = visibleCopyOf(el)
  if (copy && isVisible(copy)) return copy
  return sectionsGroupOf(el)
}

/**
 * Whether `el` is a stand-in or lies inside one (its parts are not fields: the hidden control is), or is one of a
 * date picker's own boxes in its popup (./calendarGrid.ts: ./pickers.ts operates it for the input it belongs to).
 */
export function isInsideStandIn(el: Element): boolean {
  if (isDateSection(el) || isInsideDrawnSelect(el) || isCalendarPart(el)) return true
  const prev = el.previousElementSibling
  return prev !== null && prev.localName === 'input' && standInOf(prev) === el
}
