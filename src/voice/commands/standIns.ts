/**
 * Native controls that a widget library hides and draws a widget in place of (the "stand-in"): the visitor sees
 * and names the widget, the form posts the hidden control. A fill that names the hidden control is judged on what
 * the visitor sees (visible, enabled) and operated the way the library itself updates it.
 *
 * Known stand-ins, each recognised by the markup the library's own code writes:
 * - **Select2 4.x and its fork selectWoo** (shop checkouts): `<select class="select2-hidden-accessible"
 *   aria-hidden="true" tabindex="-1">` followed by `<span class="select2 select2-container">`. The library reads
 *   the `<select>` back: `Select2.prototype._registerDomEvents` (select2 src/js/select2/core.js) redraws the
 *   selection on `change.select2` from the selected `<option>`s (`SelectAdapter.current`), and choosing an option
 *   in its own list does nothing else than set `option.selected` and trigger `input` then `change` on the
 *   `<select>` (`SelectAdapter.select`, src/js/select2/data/select.js). So a fill writes the `<select>` and fires
 *   `input` + `change` (./selects.ts `selectOption`) — what a click on the option in Select2's list does — and
 *   reads the value back from the `<select>`. Options Select2 fetches over `ajax` are not in the `<select>` until
 *   chosen: such a fill is refused as an option the list lacks.
 *
 * - **flatpickr's `altInput`**: the named `<input class="flatpickr-input">` becomes `type=hidden` and a visible
 *   copy showing the date in `altFormat` is inserted right after it (flatpickr dist/flatpickr.js `setupInputs`);
 *   the picker writes both (./pickers.ts).
 *
 * - **A sectioned date field** (./sections.ts): the named `<input aria-hidden="true">` sits last in a
 *   `role="group"` of editable date sections, which is what the visitor sees and types into (./sections.ts).
 *
 * Elements inside a stand-in or the popup of one (Select2's `role=combobox` selection, named by the value it
 * shows, and its inline search box; flatpickr's year and time boxes) are not fields of their own: the hidden
 * control they stand for is (so are a sectioned field's date sections, named only "Month", "Day", "Year").
 */
import { isDateSection, sectionsGroupOf } from './sections'

/**
 * Select2's / selectWoo's class on the `<select>` it hides (select2 src/js/select2/core.js, the constructor: "Hide
 * the original select").
 */
const SELECT2_HIDDEN = 'select2-hidden-accessible'
/** flatpickr's class on the input it draws a picker for. */
const FLATPICKR_INPUT = 'flatpickr-input'
/** flatpickr's calendar (dist/flatpickr.js `build`). */
const FLATPICKR_CALENDAR = 'flatpickr-calendar'
/** Select2's / selectWoo's class on the container it draws after the `<select>`. */
const SELECT2_CONTAINER = 'select2-container'

/**
 * The visible widget a library draws in place of `el`, a native control it hides (see the module doc), or `null`
 * when `el` is not such a control.
 */
export function standInOf(el: Element): Element | null {
  if (el.localName === 'select' && el.classList.contains(SELECT2_HIDDEN)) {
    const next = el.nextElementSibling
    if (next?.classList.contains(SELECT2_CONTAINER)) return next
  }
  if (el.localName === 'input' && el.getAttribute('type') === 'hidden' && el.classList.contains(FLATPICKR_INPUT)) {
    const next = el.nextElementSibling
    if (next?.localName === 'input' && next.getAttribute('type') !== 'hidden') return next
  }
  return sectionsGroupOf(el)
}

/**
 * Whether `el` is a stand-in or lies inside one (its parts are not fields: the hidden control is), or in the popup
 * a library draws for a control (Select2 appends its open list, with the search box, to `<body>` in a container of
 * the same class; flatpickr's calendar, with its year, hour and minute boxes, is a `.flatpickr-calendar` on
 * `<body>`: ./pickers.ts operates it for the input it belongs to).
 */
export function isInsideStandIn(el: Element): boolean {
  if (el.closest(`.${SELECT2_CONTAINER}, .${FLATPICKR_CALENDAR}`) !== null || isDateSection(el)) return true
  const prev = el.previousElementSibling
  return prev !== null && standInOf(prev) === el
}
