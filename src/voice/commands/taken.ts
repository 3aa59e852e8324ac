/**
 * Whether a press took: what a click or toggle is expected to change, read before the press where the widget
 * shows it (WAI-ARIA states: a tab's `aria-selected`, a disclosure's or menu button's `aria-expanded`, a toggle
 * button's `aria-pressed`, a checkbox's, switch's or radio's `aria-checked` / `checked`), and what is done when it
 * did not change: the press is tried once more the next way a person operates the control — the keyboard
 * (focus, then Enter, or Space for a checkbox, switch or radio: WAI-ARIA Authoring Practices' keyboard
 * interaction) — and reported as not taken if it still did not change. A report never says done for a press
 * that changed nothing it was expected to change.
 *
 * A control that the page replaced after the press (a pre-rendered stand-in swapped for the real widget once
 * its code loaded, as this site's deferred menus are) is followed to the element that now stands in its place:
 * the visible element with the same role and accessible name (awaited up to {@link REPLACED_WAIT_MS}). The new
 * element is given the usual time to show the state, then the press itself, then the keys. A control marked
 * `aria-busy="true"` after the press (the stand-in says the real widget is loading) is waited for as long.
 * @module
 */
import { closestComposed, isVisible, queryAllDeep } from './dom'
import { accessibleName, roleOf } from './accessibleNames'
import { clickElement, focus, keydown, nextTurn, waitFor } from './effects'
import { toggleStateOf } from './toggle'

/** Longest wait, in ms, for a control to show a press's effect before the next way is tried (a React re-render, a transition). */
export const PRESS_EFFECT_WAIT_MS = 500
/**
 * Longest wait, in ms, for the element that replaces a pressed control to appear, and for a control marked
 * `aria-busy="true"` (loading the real widget) to show the wanted state.
 */
export const REPLACED_WAIT_MS = 2000

/** What a press is expected to change on a control: read where the control shows it. */
export interface PressExpectation {
  /** The control whose state changes (the element pressed, or the checkbox behind a pressed label). */
  control: Element
  /** Whether the wanted state holds on `el` (the control, or the element that replaced it). */
  holds(el: Element): boolean
  /** The sentence's end when it did not take: "did not become selected", "did not open", "did not turn on". */
  missed: string
}

/** The end of the sentence for a state that did not come: "did not open", "did not get chosen", "did not turn on". */
function stateWords(control: Element, wanted: boolean): string {
  const role = roleOf(control)
  if (control.localName === 'details' || (control.hasAttribute('aria-expanded') && !isCheckable(control)))
    return wanted ? 'did not open' : 'did not close'
  if (wanted && (role === 'radio' || role === 'menuitemradio' || (control as HTMLInputElement).type === 'radio'))
    return 'did not get chosen'
  return wanted ? 'did not turn on' : 'did not turn off'
}

function isCheckable(el: Element): boolean {
  const role = roleOf(el)
  if (['checkbox', 'switch', 'radio', 'menuitemcheckbox', 'menuitemradio'].includes(role)) return true
  const type = el.localName === 'input' ? (el as HTMLInputElement).type : ''
  return type === 'checkbox' || type === 'radio'
}

/** A toggle's expectation: `control` ends `wanted` (on / open / pressed / checked). */
export function toggleExpectation(control: Element, wanted: boolean): PressExpectation {
  return { control, holds: (el) => toggleStateOf(el) === wanted, missed: stateWords(control, wanted) }
}

/**
 * What a click on `el` is expected to change, or `null` when nothing is stated beforehand (a plain button or
 * link: its effect is the page's own). A tab not yet selected becomes selected; a control with `aria-expanded`,
 * `aria-pressed` or a checked state flips it (a radio gets chosen). Links (`href`) are not judged: a press that
 * navigates is never repeated.
 */
export function clickExpectation(el: Element): PressExpectation | null {
  if (el.closest('a[href]')) return null
  const role = roleOf(el)
  if (role === 'tab') {
    if (el.getAttribute('aria-selected') === 'true') return null
    return {
      control: el,
      holds: (now) => now.getAttribute('aria-selected') === 'true',
      missed: 'did not become selected',
    }
  }
  if (isCheckable(el) || el.hasAttribute('aria-expanded') || el.hasAttribute('aria-pressed')) {
    const before = toggleStateOf(el)
    if (before && (role === 'radio' || role === 'menuitemradio')) return null
    return toggleExpectation(el, !before)
  }
  return null
}

/** The visible element that now stands where the disconnected `old` stood: the same role and accessible name. */
function replacementOf(doc: Document, old: { role: string; name: string }, ignoreSelector: string): Element | null {
  const isIgnored = (el: Element) => {
    try {
      return ignoreSelector !== '' && closestComposed(el, ignoreSelector) !== null
    } catch {
      return false
    }
  }
  if (!old.name) return null
  const found = queryAllDeep(doc, 'button,a,input,summary,details,[role],[aria-expanded],[aria-pressed],[tabindex]')
  return (
    found.find((el) => !isIgnored(el) && roleOf(el) === old.role && accessibleName(el) === old.name && isVisible(el)) ??
    null
  )
}

/** How a confirmed press ended: taken on `control` (the one pressed, or the one that replaced it), or not. */
export type PressOutcome = { taken: true; control: Element } | { taken: false; control: Element; detail: string }

/**
 * Waits for `expectation` to hold after a press already made, and presses again the next way while it does not
 * (see the module doc): a control the page replaced gets the press itself first, then the keys; one still in
 * place gets the keys. `named` is how the sentence names the control (`tab "Password"`); elements inside
 * `ignoreSelector` (the voice widget) never stand in.
 */
export async function confirmPress(
  expectation: PressExpectation,
  named: string,
  ignoreSelector: string,
): Promise<PressOutcome> {
  const doc = expectation.control.ownerDocument
  const identity = { role: roleOf(expectation.control), name: accessibleName(expectation.control) }
  const notTaken = (control: Element): PressOutcome => ({
    taken: false,
    control,
    detail: `${named} ${expectation.missed}`,
  })
  let pressed = expectation.control // the element pressed last
  let keysTried = false
  let replacementPressed = false
  for (let round = 0; round < 4; round++) {
    const replaced = !pressed.isConnected
    const el = replaced
      ? await waitForElement(doc, () => replacementOf(doc, identity, ignoreSelector), REPLACED_WAIT_MS)
      : pressed
    if (!el) return notTaken(pressed)
    const held = await settles(el, expectation, PRESS_EFFECT_WAIT_MS)
    if (held) return { taken: true, control: el }
    pressed = el
    if (!el.isConnected) continue // replaced once more: follow it
    if (replaced && !replacementPressed) {
      // The element standing in the pressed one's place has not been pressed yet.
      replacementPressed = true
      clickElement(el)
      continue
    }
    if (keysTried) return notTaken(el)
    keysTried = true
    focus(el)
    keydown(el, isCheckable(el) ? ' ' : 'Enter')
  }
  return notTaken(pressed)
}

/**
 * Waits up to `ms` for `expectation` to hold on `el`, after each turn of the page; false once `el` leaves the
 * page (it was replaced) or the time is up. A control that says it is being updated (`aria-busy="true"` on it
 * or around it, WAI-ARIA 1.2: a stand-in loading the real widget) is given {@link REPLACED_WAIT_MS} in all.
 */
async function settles(el: Element, expectation: PressExpectation, ms: number): Promise<boolean> {
  const start = Date.now()
  const busy = () => {
    try {
      return closestComposed(el, '[aria-busy="true"]') !== null
    } catch {
      return false
    }
  }
  for (;;) {
    if (!el.isConnected) return false
    if (expectation.holds(el)) return true
    if (Date.now() - start >= (busy() ? Math.max(ms, REPLACED_WAIT_MS) : ms)) return false
    await nextTurn(el)
  }
}

/** Polls for `find` to return an element, after each turn of the page, for up to `ms`. */
async function waitForElement(doc: Document, find: () => Element | null, ms: number): Promise<Element | null> {
  let found: Element | null = null
  const anchor = doc.documentElement
  await waitFor(anchor, () => (found = find()) !== null, ms)
  return found
}
