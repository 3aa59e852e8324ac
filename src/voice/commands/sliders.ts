/**
 * Sliders and spin buttons moved with their keys, as a keyboard user moves them (WAI-ARIA Authoring Practices,
 * "Slider Pattern" and "Spinbutton Pattern", keyboard interaction): Home / End for the bounds, Page Up / Page
 * Down for large steps, the arrow keys for single steps, until the value read back is the one spoken.
 *
 * The value is read where the widget shows it: `aria-valuenow` of a `role=slider` / `role=spinbutton`, the
 * `value` of an `<input type=range>` (a slider may keep a visually hidden range input as its thumb's control
 * and move it on keys). Widgets that draw a key's result in a later render (a framework's state update) are given up to {@link KEY_EFFECT_WAIT_MS} per key to show it: the loop stays synchronous while the
 * widget answers at once and finishes in later turns otherwise, so what is reported is what the widget shows.
 *
 * A native `<input type=range>` whose page does not handle the keys (the browser ignores synthetic key events)
 * is set through the native setter with `input` and `change` instead — the events the page reads it by.
 * @module
 */
import { dispatch, focus, KEY_CODES, MAX_KEY_PRESSES, setNativeValue, waitFor } from './effects'
import { rejected, type ControlOutcome } from './refusals'

/** Longest wait, in ms, for a widget to show the effect of one key press before it counts as not moving. */
export const KEY_EFFECT_WAIT_MS = 200

/** The smallest and largest values a slider takes (`Infinity` when not stated). */
export interface NumberRange {
  min: number
  max: number
}

const isRangeInput = (el: Element): el is HTMLInputElement =>
  el.localName === 'input' && (el as HTMLInputElement).type === 'range'

/** The value the control shows now: a range input's `value`, else `aria-valuenow` (`NaN` when it has none). */
function valueOf(el: Element): number {
  const raw = isRangeInput(el) ? el.value : el.getAttribute('aria-valuenow')
  return raw === null || raw.trim() === '' ? Number.NaN : Number(raw)
}

/** What the visitor reads on the control: `aria-valuetext`, else its value. */
function shownOf(el: Element): string {
  const text = el.getAttribute('aria-valuetext')
  if (text !== null && text.trim() !== '') return text
  return isRangeInput(el) ? el.value : (el.getAttribute('aria-valuenow') ?? '')
}

/** Presses `key` as a keyboard user does (`keydown`, `keyup`); true when the page handled it (`preventDefault`). */
function press(el: Element, key: string): boolean {
  const win = el.ownerDocument.defaultView
  const Ctor = win?.KeyboardEvent ?? KeyboardEvent
  const keyCode = KEY_CODES[key]
  const init = { key, code: key, keyCode, which: keyCode, bubbles: true, cancelable: true, composed: true }
  const notPrevented = el.dispatchEvent(new Ctor('keydown', init))
  el.dispatchEvent(new Ctor('keyup', init))
  return !notPrevented
}

/**
 * The keys of one move: what raises and lowers the value by one step and by a large step. A slider steps with
 * Right / Left (Up / Down where Right does nothing or runs the other way, a vertical or right-to-left slider), a
 * spin button and a range input with Up / Down, which every direction of writing reads the same way.
 */
interface Keys {
  up: string
  down: string
}

/**
 * Moves `el` (a `role=slider`, `role=spinbutton` or `<input type=range>`) to `n` with its keys (see the module
 * doc); `n` is already known to lie within `range`. Done when the value read back is `n`; otherwise refused with
 * what it shows (`"Storage" did not reach 65 (it shows 70)`: a step the control does not have, or a widget that
 * does not move). Synchronous while the widget answers each key at once, a promise otherwise.
 */
export function moveWithKeys(
  el: Element,
  n: number,
  range: NumberRange,
  name: string,
): ControlOutcome | Promise<ControlOutcome> {
  focus(el)
  const slider = el.getAttribute('role') === 'slider'
  let keys: Keys = slider ? { up: 'ArrowRight', down: 'ArrowLeft' } : { up: 'ArrowUp', down: 'ArrowDown' }
  let flipped = false
  let page: number | null = null // the change one Page key made; 0: the widget has none
  let arrow: number | null = null // the change one arrow key made
  let presses = 0

  const done = (): ControlOutcome =>
    valueOf(el) === n
      ? { ok: true, shown: shownOf(el), acted: el }
      : rejected(`${JSON.stringify(name)} did not reach ${n} (it shows ${shownOf(el) || 'no value'})`)

  /** The key to press next from `now`, or `null` when the move is over. */
  const nextKey = (now: number): string | null => {
    if (!Number.isFinite(now) || now === n || presses >= MAX_KEY_PRESSES) return null
    if (presses === 0 && n === range.min) return 'Home'
    if (presses === 0 && n === range.max) return 'End'
    const up = n > now
    const left = Math.abs(n - now)
    // Page keys only for a long way (ten steps or more: what APG's examples jump by), once an arrow has shown the step.
    const usePage = page !== 0 && arrow !== null && (page === null ? left >= 10 * arrow : left >= page)
    if (usePage) return up ? 'PageUp' : 'PageDown'
    return up ? keys.up : keys.down
  }

  /** Learns from one press; `false` ends the move. */
  const after = (key: string, before: number, now: number): boolean => {
    const moved = now - before
    if (key === 'Home' || key === 'End') return true
    if (key === 'PageUp' || key === 'PageDown') {
      page = Math.abs(moved)
      return true
    }
    const wantedUp = key === keys.up
    if (moved === 0) {
      // This arrow does nothing here: a slider may take Up / Down instead (a vertical one); tried once.
      if (!slider || flipped) return false
      flipped = true
      keys = { up: 'ArrowUp', down: 'ArrowDown' }
      return true
    }
    if (moved > 0 !== wantedUp) {
      // It runs the other way (a right-to-left slider): the pair swapped, once.
      if (flipped) return false
      flipped = true
      keys = { up: keys.down, down: keys.up }
      return true
    }
    arrow = Math.abs(moved)
    // Stepped past the value: it is not one of the control's steps.
    return wantedUp ? now <= n : now >= n
  }

  // A range input whose page does not handle its keys is set as the browser's own control is.
  if (isRangeInput(el)) {
    const first = nextKey(valueOf(el))
    if (first === null) return Number.isFinite(valueOf(el)) ? done() : setRange(el, n, name)
    const before = valueOf(el)
    const handled = press(el, first)
    presses++
    if (!handled && valueOf(el) === before) return setRange(el, n, name)
    if (valueOf(el) !== before && !after(first, before, valueOf(el))) return done()
    if (valueOf(el) === before) return finishLater(first, before)
  }

  // Synchronous while the widget answers each key at once.
  for (;;) {
    const before = valueOf(el)
    const key = nextKey(before)
    if (key === null) return done()
    press(el, key)
    presses++
    const now = valueOf(el)
    if (now === before) return finishLater(key, before)
    if (!after(key, before, now)) return done()
  }

  /** The rest of the move when the widget draws a key's result later: each key waits for its effect. */
  async function finishLater(pending: string, pendingFrom: number): Promise<ControlOutcome> {
    let key: string | null = pending
    let before = pendingFrom
    while (key !== null) {
      await waitFor(el, () => valueOf(el) !== before, KEY_EFFECT_WAIT_MS)
      if (!after(key, before, valueOf(el))) break
      before = valueOf(el)
      key = nextKey(before)
      if (key === null) break
      press(el, key)
      presses++
    }
    return done()
  }
}

/** Sets a range input that takes no keys from the page: the native setter, then `input` and `change`. */
function setRange(input: HTMLInputElement, n: number, name: string): ControlOutcome {
  const before = input.value
  setNativeValue(input, String(n))
  if (Number(input.value) !== n) {
    // The input's step does not have this value (the browser rounded it): keep what it was.
    setNativeValue(input, before)
    return rejected(`${JSON.stringify(name)} did not reach ${n} (it shows ${before})`)
  }
  dispatch(input, 'input')
  dispatch(input, 'change')
  return { ok: true, shown: input.value, acted: input }
}
