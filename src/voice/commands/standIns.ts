/**
 * Native controls that a widget library hides and draws a widget in place of (the "stand-in"): the visitor sees
 * and names the widget, the form posts the hidden control. A fill that names the hidden control is judged on what
 * the visitor sees (visible, enabled) and operated the way the library itself updates it.
 *
 * Known stand-ins, each recognised by the markup the library's own code writes:
 * - **flatpickr's `altInput`**: the named `<input class="flatpickr-input">` becomes `type=hidden` and a visible
 *   copy showing the date in `altFormat` is inserted right after it (flatpickr dist/flatpickr.js `setupInputs`);
 *   the picker writes both (./pickers.ts).
 *
 * - **A sectioned date field** (./sections.ts): the named `<input aria-hidden="true">` sits last in a
 *   `role="group"` of editable date sections, which is what the visitor sees and types into (./sections.ts).
 *
 * A native `<select>` hidden behind a widget drawn right after it needs no entry here: it is reached through that
 * widget as a person reaches it (./popups.ts), and the widget's parts (its trigger, named by the value it shows,
 * and its inline search box) are no fields of their own.
 *
 * Elements inside a stand-in or the popup of one (a date picker's year and time boxes) are not fields of their own: the hidden
 * control they stand for is (so are a sectioned field's date sections, named only "Month", "Day", "Year").
 */
import { isDateSection, sectionsGroupOf } from './sections'
import { isInsideDrawnSelect } from './popups'

/** flatpickr's class on the input it draws a picker for. */
const FLATPICKR_INPUT = 'flatpickr-input'
/** flatpickr's calendar (dist/flatpickr.js `build`). */
const FLATPICKR_CALENDAR = 'flatpickr-calendar'

/**
 * The visible widget a library draws in place of `el`, a native control it hides (see the module doc), or `null`
 * when `el` is not such a control.
 */
export function standInOf(el: Element): Element | null {
  if (el.localName === 'input' && el.getAttribute('type') === 'hidden' && el.classList.contains(FLATPICKR_INPUT)) {
    const next = el.nextElementSibling
    if (next?.localName === 'input' && next.getAttribute('type') !== 'hidden') return next
  }
  return sectionsGroupOf(el)
}

/**
 * Whether `el` is a stand-in or lies inside one (its parts are not fields: the hidden control is), or in the popup
 * a library draws for a control (flatpickr's calendar, with its year, hour and minute boxes, is a `.flatpickr-calendar` on
 * `<body>`: ./pickers.ts operates it for the input it belongs to).
 */
export function isInsideStandIn(el: Element): boolean {
  if (el.closest(`.${FLATPICKR_CALENDAR}`) !== null || isDateSection(el) || isInsideDrawnSelect(el)) return true
  const prev = el.previousElementSibling
  return prev !== null && standInOf(prev) === el
}
