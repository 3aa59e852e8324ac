/**
 * How a toggle target is chosen (SPEC §3 toggle: checkboxes, radios, switches, `details`, `aria-expanded` /
 * `aria-pressed` controls), and the toggle state helpers.
 *
 * Candidates are the controls themselves plus `label`s (a label toggles its checkbox/radio) and `summary`
 * (it opens its `details`), in the document, open shadow roots and same-origin frames, outside the widget.
 * Each candidate is paired with the control it changes. With `targetText` they are ranked by accessible name,
 * then label texts, then `title` (as for clicks: ./click.ts); the best-ranked decides and only candidates tied
 * with it may stand in. A candidate passes when what gets clicked is visible (the control, or the visible
 * label of a visually hidden native input), both are enabled, and the click's activation is safe
 * (./refusals.ts).
 */
import type { ToggleCommand } from './schema'
import { isEnabled, isVisible, queryAllDeep, withLookupScope } from './dom'
import { accessibleName, labelTexts, quotedName, roleOf } from './accessibleNames'
import { bestScore, bestTies, createMatcher, type Ranked } from './match'
import { refusalOf, unsafeActivationOf, type Refusal } from './refusals'
import { nearbyText } from './fieldNames'
import type { LookupContext } from './click'
import { runToEnd, SLICE_AFTER, SLICE_EVERY, type LookupSteps } from './steps'

/** Toggle controls themselves. */
export const TOGGLE_CONTROL_SELECTOR = [
  'input[type=checkbox]',
  'input[type=radio]',
  '[role=switch]',
  '[role=checkbox]',
  '[role=radio]',
  '[role=menuitemcheckbox]',
  '[role=menuitemradio]',
  'details',
  'summary',
  '[aria-expanded]',
  '[aria-pressed]',
].join(',')

/** Elements a toggle considers: the controls plus labels. */
export const TOGGLE_SELECTOR = `${TOGGLE_CONTROL_SELECTOR},label`

/**
 * What a page is asked for to find the {@link TOGGLE_SELECTOR} elements: tag names and bare attributes, which
 * Chromium matches several times faster than attribute values; those are checked in script
 * ({@link isToggleCandidate}).
 */
const TOGGLE_COARSE_SELECTOR = 'input,details,summary,label,[role],[aria-expanded],[aria-pressed]'
const TOGGLE_ROLE_VALUES = new Set(['switch', 'checkbox', 'radio', 'menuitemcheckbox', 'menuitemradio'])

/** Whether an element matched by {@link TOGGLE_COARSE_SELECTOR} matches {@link TOGGLE_SELECTOR}. */
function isToggleCandidate(el: Element): boolean {
  const tag = el.localName
  if (tag === 'details' || tag === 'summary' || tag === 'label') return true
  if (el.hasAttribute('aria-expanded') || el.hasAttribute('aria-pressed')) return true
  // `[role=switch]` compares the whole value, case-sensitively.
  const role = el.getAttribute('role')
  if (role !== null && TOGGLE_ROLE_VALUES.has(role)) return true
  if (tag !== 'input') return false
  // `input[type=checkbox]`: the `type` value compares ASCII case-insensitively in HTML.
  const type = (el.getAttribute('type') ?? '').toLowerCase()
  return type === 'checkbox' || type === 'radio'
}

const TOGGLE_ROLES = new Set(['switch', 'checkbox', 'radio', 'menuitemcheckbox', 'menuitemradio'])

function isToggleInput(el: Element): boolean {
  if (el.localName !== 'input') return false
  const type = (el as HTMLInputElement).type
  return type === 'checkbox' || type === 'radio'
}

/** True for a radio (native or ARIA): it can be switched on, never off. */
export function isRadio(el: Element): boolean {
  return (
    (el.localName === 'input' && (el as HTMLInputElement).type === 'radio') ||
    roleOf(el) === 'radio' ||
    roleOf(el) === 'menuitemradio'
  )
}

function isToggleControl(el: Element): boolean {
  if (isToggleInput(el) || el.localName === 'details') return true
  if (TOGGLE_ROLES.has(roleOf(el))) return true
  return el.hasAttribute('aria-expanded') || el.hasAttribute('aria-pressed')
}

/** Current on/off state of a toggle control. */
export function toggleStateOf(el: Element): boolean {
  if (isToggleInput(el)) return (el as HTMLInputElement).checked
  if (el.localName === 'details') return (el as HTMLDetailsElement).open
  if (TOGGLE_ROLES.has(roleOf(el))) return el.getAttribute('aria-checked') === 'true'
  if (el.hasAttribute('aria-pressed')) return el.getAttribute('aria-pressed') === 'true'
  return el.getAttribute('aria-expanded') === 'true'
}

/** The control a toggle candidate acts on: a label's control, a summary's details, or the element itself. */
function toggleControlOf(el: Element): Element | null {
  if (el.localName === 'label') {
    const control = (el as HTMLLabelElement).control ?? el.querySelector('input')
    return control && isToggleInput(control) ? control : null
  }
  if (el.localName === 'summary') return el.parentElement?.localName === 'details' ? el.parentElement : null
  return isToggleControl(el) ? el : el.querySelector(TOGGLE_CONTROL_SELECTOR) // a wrapper picked by selector
}

/** A chosen toggle: `element` is what was matched (and gets clicked when the control is hidden), `control` what changes. */
export type ToggleChoice = { ok: true; element: Element; control: Element } | ({ ok: false } & Refusal)

/** What gets clicked to toggle `control` through the matched `el`: the control when visible, else `el` (its label). */
export function clickTargetOf(el: Element, control: Element): Element {
  if (isVisible(control)) return control
  if (el !== control) return el
  // A visually hidden input drawn as a switch by its parent (nothing but it inside): the parent a person presses.
  let up = control.parentElement
  for (let i = 0; i < 2 && up && up !== control.ownerDocument.body; i++, up = up.parentElement) {
    if (up.querySelectorAll('input,select,textarea,button,label').length > 1) break
    if (isVisible(up)) return up
  }
  return el
}

/** The refusal of toggling `control` through the matched `el` (disabled, hidden, unsafe activation), or `null`. */
export function toggleRefusal(el: Element, control: Element): Refusal | null {
  // Disabled first: a sold-out variant is "disabled" whether its label or its hidden input was matched.
  if (!isEnabled(control) || !isEnabled(el))
    return { reason: 'disabled', detail: `${roleOf(control) || control.localName} ${quotedName(control)} is disabled` }
  const clicked = clickTargetOf(el, control)
  if (control.localName !== 'details') {
    const r = refusalOf(clicked, 'toggle')
    if (r) return r
  } else if (!isVisible(el) && !isVisible(control)) {
    return { reason: 'hidden', detail: `${quotedName(control)} is not visible` }
  }
  const unsafe = unsafeActivationOf(el) ?? unsafeActivationOf(control)
  if (unsafe !== null)
    return {
      reason: 'unsafe-url',
      detail: `${quotedName(el)} would navigate to ${JSON.stringify(unsafe.slice(0, 60))}`,
    }
  return null
}

/**
 * Chooses what a toggle command changes; see the module doc. Throws on an invalid selector. Runs in a lookup
 * scope of its own when called outside one (./dom.ts `withLookupScope`), as the executor's lookups do.
 */
export function chooseToggle(doc: Document, command: ToggleCommand, ctx: LookupContext): ToggleChoice {
  return withLookupScope(() => runToEnd(toggleSteps(doc, command, ctx)))
}

/** {@link chooseToggle} as steps that may be run in slices (./click.ts `LookupSteps`). */
export function* toggleSteps(doc: Document, command: ToggleCommand, ctx: LookupContext): LookupSteps<ToggleChoice> {
  const found =
    command.selector === undefined ? queryAllDeep(doc, TOGGLE_COARSE_SELECTOR) : queryAllDeep(doc, command.selector)
  // Judged one by one as the lookup reaches them (a big page's lookup runs in slices: ./steps.ts).
  const pairOf = (el: Element): { el: Element; control: Element } | null => {
    if ((command.selector === undefined && !isToggleCandidate(el)) || ctx.isIgnored(el)) return null
    const control = toggleControlOf(el)
    if (!control || ctx.isIgnored(control)) return null
    if (command.role !== undefined && roleOf(control) !== command.role && roleOf(el) !== command.role) return null
    return { el, control }
  }
  let ties: { el: Element; control: Element }[] = []
  if (command.targetText === undefined) {
    ties = found.flatMap((el) => pairOf(el) ?? [])
  } else {
    const score = createMatcher(command.targetText)
    const ranked: Ranked<{ el: Element; control: Element }>[] = []
    for (let i = 0; i < found.length; i++) {
      if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
      const pair = pairOf(found[i]!)
      if (!pair) continue
      const name = accessibleName(pair.el)
      const labels = labelTexts(pair.el)
      // No programmatic name: the text of its row, as a person reads it (./fieldNames.ts nearbyText).
      const nearby = !name.trim() && labels.every((l) => !l.trim()) ? [nearbyText(pair.control, true)] : []
      const byName = bestScore(score, [name, ...nearby])
      const byLabel = bestScore(score, labels)
      const byTitle = bestScore(score, [pair.el.getAttribute('title') ?? ''])
      if (byName > 0 || byLabel > 0 || byTitle > 0)
        ranked.push({ item: pair, key: [Math.max(byName, byLabel), byTitle] })
    }
    ties = bestTies(ranked)
  }
  if (ties.length === 0) {
    return {
      ok: false,
      reason: 'not-found',
      detail: `no switch, checkbox or expandable named ${JSON.stringify(command.targetText ?? command.selector ?? command.role ?? '')}`,
    }
  }
  let first: Refusal | null = null
  for (const { el, control } of ties) {
    const r = toggleRefusal(el, control)
    if (r === null) return { ok: true, element: el, control }
    first ??= r
  }
  return { ok: false, ...(first as Refusal) }
}
