/**
 * The visible text next to a control that has no programmatic name — before it, above it, or a switch's own row —
 * as a person reads it. One function for everything that names such a control: the executor's fill targets and
 * switches (./fieldNames.ts, ./toggle.ts) and the page map the assistant and the local mode read
 * (../context/names.ts), so a control is found under the name the map gave it. A module of its own, with no
 * import, because the page map ships where the executor's other modules need not.
 * @module
 */

/**
 * Fields and labels: an ancestor holding one of these besides the control is more than the control's row, and
 * text inside one (an editable region's: what the visitor typed) is never a name.
 */
const OTHER_FIELDS =
  'label,select,textarea,input:not([type=hidden]):not([hidden]),[role=combobox],[role=switch],[role=checkbox],[role=slider],[role=spinbutton],[role=textbox],[role=radio],[contenteditable]:not([contenteditable=false])'
/** Text a person does not read as a name: live regions, lists, hidden and script content. */
const NOT_NAME_TEXT = '[aria-live],[role=status],[role=listbox],[role=option],script,style,template,[hidden]'

/** Whether `up` holds a field other than `control` (or what is inside it, or around it). */
function holdsOtherField(up: Element, control: Element): boolean {
  for (const f of up.querySelectorAll(OTHER_FIELDS)) if (!control.contains(f) && !f.contains(control)) return true
  return false
}

/** The text of `el` a person reads, without `skip`'s. */
function readText(el: Element, skip: Element | null = null): string {
  const win = el.ownerDocument.defaultView
  const walker = el.ownerDocument.createTreeWalker(el, win?.NodeFilter.SHOW_TEXT ?? 4)
  const parts: string[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (skip?.contains(node)) continue
    const parent = node.parentElement
    if (parent?.closest(NOT_NAME_TEXT) && el.contains(parent.closest(NOT_NAME_TEXT))) continue
    parts.push(node.textContent ?? '')
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}

/** The nearest ancestor (at most 4 up) drawn with a border: the box a widget shows its value in. */
export function drawnBoxOf(control: Element): Element | null {
  const win = control.ownerDocument.defaultView
  if (!win) return null
  let up = control.parentElement
  for (let i = 0; i < 4 && up && up !== control.ownerDocument.body; i++, up = up.parentElement) {
    const style = win.getComputedStyle(up)
    if (Number.parseFloat(style.borderTopWidth) > 0 || Number.parseFloat(style.borderBottomWidth) > 0) return up
  }
  return null
}

/**
 * The visible text next to a control that has no programmatic name, as a person reads it (Testing Library's
 * `getByLabelText` and Playwright's `getByLabel` name only by labels; assistive technology's heuristics and a
 * sighted visitor also take the text laid out beside it). Two rules, in this order:
 * - `row` (switches and checkboxes): the text of the control's row — its nearest ancestor (at most 3 up) with
 *   text besides the control's own, when that ancestor holds no other field or label;
 * - before or above: going up at most 6 ancestors (never past one holding another field or label), the nearest
 *   preceding sibling with text that holds no field and is outside the box the control is drawn in (its nearest
 *   ancestor, at most 4 up, with a border: text in it — a value the widget shows before its search box — is the
 *   value, not the name).
 * '' when neither gives text. Text is at most 80 characters (longer is a paragraph, not a name).
 */
export function nearbyText(control: Element, row = false): string {
  const body = control.ownerDocument.body
  const fits = (t: string) => (t.length > 0 && t.length <= 80 ? t : '')
  if (row) {
    let up = control.parentElement
    for (let i = 0; i < 3 && up && up !== body; i++, up = up.parentElement) {
      if (holdsOtherField(up, control)) break
      const text = readText(up, control)
      if (text) return fits(text)
    }
  }
  const drawn = drawnBoxOf(control)
  let node: Element = control
  for (let i = 0; i < 6; i++) {
    const up = node.parentElement
    if (!up || up === body) break
    for (let prev = node.previousElementSibling; prev; prev = prev.previousElementSibling) {
      if (prev.matches(OTHER_FIELDS) || prev.querySelector(OTHER_FIELDS)) return ''
      if (drawn?.contains(prev)) continue
      const text = readText(prev)
      if (text) return fits(text)
    }
    if (holdsOtherField(up, control)) break
    node = up
  }
  return ''
}
