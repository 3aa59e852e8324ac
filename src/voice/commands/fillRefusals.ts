/**
 * Why a fill target cannot be filled (./refusals.ts on the control, or on every part of a group), and which
 * visible choice reveals a hidden one (a "conditional reveal").
 */
import { composedAncestors, composedParent, isEnabled, isReadOnly, isVisible } from './dom'
import { composedText, labelTexts, quotedName } from './accessibleNames'
import { roleAttr, type FillTarget } from './fillKinds'
import { legendText, targetName } from './fieldNames'
import { refusalOf, type Refusal } from './refusals'
import { visibleTriggerOf } from './popups'

/** The element a target's visibility and enablement are judged on (a radio group: its first usable radio). */
function judged(t: FillTarget): Element[] {
  if (t.kind === 'split-date') return t.parts ?? [t.element]
  return [t.element]
}

/**
 * Whether a combobox input that is itself not seen is the text box of a visible control: a select may move its
 * `role=combobox` input off-screen at opacity 0 while the control shows the chosen item, and
 * focusing it brings it back. Only layout hides it (no `hidden`, `inert`, `aria-hidden`, `display: none`,
 * `visibility: hidden`), and its parent box is visible. A honeypot is never a combobox.
 */
function comboboxBoxShown(el: Element): boolean {
  try {
    const check = (el as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility
    if (typeof check !== 'function' || !check.call(el, { visibilityProperty: true })) return false
    for (const node of composedAncestors(el))
      if (node.hasAttribute('hidden') || node.hasAttribute('inert') || node.getAttribute('aria-hidden') === 'true')
        return false
    const parent = composedParent(el)
    return parent !== null && isVisible(parent)
  } catch {
    return false
  }
}

/** The refusal of filling `t`, or `null` (./refusals.ts; groups: every part must be visible and enabled). */
/**
 * Whether a field refused as read-only or hidden may be one a person operates through a popup: a `<select>` or
 * a listbox button; a read-only text box or combobox (a select drawn as a read-only input, a cascader). An
 * editable combobox hidden inside its box is judged by its box instead (below).
 */
function popupCapable(t: FillTarget, el: Element, reason: 'readonly' | 'hidden'): boolean {
  if (t.kind === 'select' || t.kind === 'popup') return true
  if (t.kind !== 'text' && t.kind !== 'combobox') return false
  return isReadOnly(el) && (reason === 'readonly' || t.kind === 'combobox') && signalsPopup(el)
}

/**
 * Whether a read-only field shows it opens something: a combobox role, `aria-haspopup`, `aria-expanded`,
 * `aria-controls`, `aria-autocomplete` `list` / `both` (WAI-ARIA 1.2), or a pointer cursor on it or the two
 * elements around it (a person reads that as "press here"). A read-only field with none of these is only
 * read-only.
 */
function signalsPopup(el: Element): boolean {
  if (roleAttr(el) === 'combobox') return true
  for (const a of ['aria-haspopup', 'aria-expanded', 'aria-controls']) if (el.hasAttribute(a)) return true
  const auto = el.getAttribute('aria-autocomplete')?.toLowerCase()
  if (auto === 'list' || auto === 'both') return true
  const win = el.ownerDocument.defaultView
  let node: Element | null = el
  for (let i = 0; i < 3 && node && win; i++, node = node.parentElement)
    if (win.getComputedStyle(node).cursor === 'pointer') return true
  return false
}

export function fillRefusalOf(t: FillTarget): Refusal | null {
  if (t.kind === 'radiogroup') {
    if (t.element.localName === 'fieldset' || roleAttr(t.element) === 'radiogroup') {
      if (!isVisible(t.element))
        return {
          reason: 'hidden',
          detail: `the choice ${quotedName(t.element) === `<${t.element.localName}>` ? JSON.stringify(targetName(t)) : quotedName(t.element)} is not visible`,
        }
      if (!isEnabled(t.element))
        return { reason: 'disabled', detail: `the choice ${JSON.stringify(targetName(t))} is disabled` }
    }
    return null // each radio is judged when chosen (./controls.ts)
  }
  for (const el of judged(t)) {
    let r = refusalOf(el, 'fill')
    // A picker input is read-only because the library writes it from its picker (./pickers.ts), which a fill operates.
    if (r?.reason === 'readonly' && t.kind === 'picker') r = null
    if (r?.reason === 'hidden' && t.shownBy) {
      // A hidden native control is seen through the widget a library draws for it (./standIns.ts).
      const shown = refusalOf(t.shownBy, 'fill')
      if (shown?.reason === 'hidden' || !isVisible(t.shownBy))
        return { reason: 'hidden', detail: `the field ${JSON.stringify(targetName(t))} is not visible` }
      if (!isEnabled(el))
        return { reason: 'disabled', detail: `the field ${JSON.stringify(targetName(t))} is disabled` }
      continue
    }
    // A hidden native select or a read-only select-like field a person opens through its visible trigger (./popups.ts).
    if ((r?.reason === 'readonly' || r?.reason === 'hidden') && popupCapable(t, el, r.reason)) {
      const trigger = visibleTriggerOf(el)
      if (trigger && isEnabled(el)) {
        t.via = 'popup'
        if (trigger !== el) t.shownBy = trigger
        continue
      }
    }
    // A range input kept only for assistive technology inside the thumb a person sees and drags (a slider that
    // clips its `<input type=range>` to nothing inside the thumb): judged on the thumb, as a combobox on its box.
    if (r?.reason === 'hidden' && (t.kind === 'combobox' || t.kind === 'range') && comboboxBoxShown(el)) {
      if (!isEnabled(el)) return { reason: 'disabled', detail: `the field ${quotedName(el)} is disabled` }
      if (isReadOnly(el)) return { reason: 'readonly', detail: `the field ${quotedName(el)} is read-only` }
      continue
    }
    if (r)
      return t.kind === 'split-date'
        ? {
            reason: r.reason,
            detail: `the date ${JSON.stringify(targetName(t))} ${r.reason === 'hidden' ? 'is not visible' : `is ${r.reason === 'readonly' ? 'read-only' : 'disabled'}`}`,
          }
        : r
  }
  return null
}

/** The visible choice (radio or checkbox, with its group's name) that reveals the hidden `el`, if any. */
export function revealedBy(el: Element): string | null {
  try {
    const root = el.getRootNode() as Document | ShadowRoot
    if (typeof root.querySelectorAll !== 'function') return null
    for (const node of composedAncestors(el)) {
      const id = node.getAttribute('id')
      if (!id) continue
      const escaped = id.replace(/["\\]/g, '\\$&')
      const trigger = root.querySelector(`[aria-controls~="${escaped}"], [data-aria-controls="${escaped}"]`)
      if (!trigger || trigger === el) continue
      const name = (labelTexts(trigger).join(' ') || trigger.getAttribute('aria-label') || composedText(trigger))
        .replace(/\s+/g, ' ')
        .trim()
      const fieldset = trigger.closest('fieldset')
      const group = fieldset ? legendText(fieldset).replace(/\s+/g, ' ').trim() : ''
      if (name) return group ? `${JSON.stringify(name)} (${group})` : JSON.stringify(name)
    }
  } catch {
    /* odd markup */
  }
  return null
}
