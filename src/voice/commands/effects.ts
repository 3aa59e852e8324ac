/**
 * What the executor does to the page once a target is chosen: click, write a value React will see, dispatch
 * events, highlight. No choices are made here.
 */
import { dispatch, setNativeValue } from './nativeValue'

export { dispatch, setNativeValue }

/** Most key presses spent reaching an option or a slider value (a runaway widget stops there). */
export const MAX_KEY_PRESSES = 500

/**
 * Legacy `keyCode`s of the keys pressed here: widgets still read `event.keyCode` (autocomplete
 * and select widgets), which a constructed KeyboardEvent leaves 0 unless given (UI Events, "Legacy key attributes").
 */
export const KEY_CODES: Readonly<Record<string, number>> = {
  Enter: 13,
  Escape: 27,
  ' ': 32,
  PageUp: 33,
  PageDown: 34,
  End: 35,
  Home: 36,
  ArrowLeft: 37,
  ArrowUp: 38,
  ArrowRight: 39,
  ArrowDown: 40,
}

/** Presses `key` on `el` as a keyboard user does: `keydown` then `keyup`, bubbling and composed, with the legacy `keyCode`. */
export function keydown(el: Element, key: string, init: { altKey?: boolean } = {}): void {
  const win = el.ownerDocument.defaultView
  const Ctor = win?.KeyboardEvent ?? KeyboardEvent
  const code = key.length === 1 ? `Key${key.toUpperCase()}` : key
  const keyCode = KEY_CODES[key] ?? 0
  const base = { key, code, keyCode, which: keyCode, bubbles: true, cancelable: true, composed: true, ...init }
  el.dispatchEvent(new Ctor('keydown', base))
  el.dispatchEvent(new Ctor('keyup', base))
}

/**
 * Resolves after the page has had a turn (a macrotask: what a widget that renders in a microtask or a timer —
 * Preact, React — needs to draw the result of the last event).
 */
export function nextTurn(el: Element): Promise<void> {
  const win = el.ownerDocument.defaultView
  return new Promise((resolve) => (win?.setTimeout ?? setTimeout)(resolve, 0))
}

/** Polls `test` after each turn of the page until it is true or `ms` have passed; true when it held. */
export async function waitFor(el: Element, test: () => boolean, ms: number): Promise<boolean> {
  const start = Date.now()
  for (;;) {
    if (test()) return true
    if (Date.now() - start >= ms) return false
    await nextTurn(el)
  }
}

/** Focuses `el` without scrolling; best effort (an element that cannot take focus is left as it is). */
export function focus(el: Element): void {
  try {
    ;(el as HTMLElement).focus?.({ preventScroll: true })
  } catch {
    /* best effort */
  }
}

/** Attribute set on the element while it is highlighted (style hook for the site's CSS). */
export const HIGHLIGHT_ATTRIBUTE = 'data-voice-highlight'

/** What can take focus when pressed (HTML "focusable area"), for the focus a mouse press moves. */
const FOCUSABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]:not([contenteditable="false"])'

/**
 * The point a person presses: the centre of the part of `el`'s box inside the viewport (the box's centre when
 * none of it is), in CSS px from the viewport's top left.
 */
export function visibleCentre(el: Element): { x: number; y: number } {
  let rect: DOMRect | undefined
  try {
    rect = el.getBoundingClientRect?.()
  } catch {
    rect = undefined
  }
  if (!rect) return { x: 0, y: 0 }
  const win = el.ownerDocument.defaultView
  const width = win?.innerWidth ?? 0
  const height = win?.innerHeight ?? 0
  const left = Math.max(rect.left, 0)
  const top = Math.max(rect.top, 0)
  const right = width > 0 ? Math.min(rect.right, width) : rect.right
  const bottom = height > 0 ? Math.min(rect.bottom, height) : rect.bottom
  if (right > left && bottom > top) return { x: (left + right) / 2, y: (top + bottom) / 2 }
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
}

/**
 * Clicks `el` as a mouse does (UI Events and Pointer Events, "the order of events"; what page-agent's
 * `clickElement` and testing-library's user-event send): `pointerover`, `pointerenter`, `mouseover`,
 * `pointermove`, `mousemove`, `pointerdown`, `mousedown`, focus moved to the element (or its focusable
 * ancestor), `pointerup`, `mouseup`, then `click` — every event at the element's visible centre
 * ({@link visibleCentre}), primary button, `pointerType: 'mouse'`. As in a browser, a `pointerdown` whose default
 * is prevented sends no `mousedown`/`mouseup` (a menu trigger may do that), and a prevented `mousedown` moves no
 * focus (select and menu triggers do that); the `click` is sent either way. Widgets that act on press (tabs on
 * `mousedown`, menus on `pointerdown`) therefore see it, and those that act on `click` see that. The
 * click itself is `HTMLElement.click()` where there is one (its activation behaviour: a checkbox toggles, a
 * label forwards to its control, a link follows), else a composed, bubbling `click` event (SVG).
 */
export function clickElement(el: Element): void {
  const win = el.ownerDocument.defaultView
  const Mouse = win?.MouseEvent ?? MouseEvent
  const Pointer = win?.PointerEvent ?? (typeof PointerEvent === 'undefined' ? undefined : PointerEvent)
  const { x, y } = visibleCentre(el)
  const at = { clientX: x, clientY: y, screenX: x, screenY: y, button: 0, composed: true, view: win ?? null }
  const pointer = (type: string, buttons: number, bubbles = true): boolean => {
    if (!Pointer) return true
    const init = { ...at, buttons, bubbles, cancelable: bubbles, pointerId: 1, pointerType: 'mouse', isPrimary: true }
    return el.dispatchEvent(new Pointer(type, init))
  }
  const mouse = (type: string, buttons: number, detail = 0, bubbles = true): boolean =>
    el.dispatchEvent(new Mouse(type, { ...at, buttons, detail, bubbles, cancelable: bubbles }))
  try {
    pointer('pointerover', 0)
    pointer('pointerenter', 0, false)
    mouse('mouseover', 0)
    mouse('mouseenter', 0, 0, false)
    pointer('pointermove', 0)
    mouse('mousemove', 0)
    const pressed = pointer('pointerdown', 1)
    if (pressed && mouse('mousedown', 1, 1)) {
      const target = el.closest<HTMLElement>(FOCUSABLE)
      if (target && el.ownerDocument.activeElement !== target) focus(target)
    }
    pointer('pointerup', 0)
    if (pressed) mouse('mouseup', 0, 1)
  } catch {
    /* a listener that throws must not keep the click from happening */
  }
  if (!el.isConnected) return // the press removed it (a menu that acts on pointerdown)
  if (typeof (el as HTMLElement).click === 'function') {
    ;(el as HTMLElement).click()
  } else {
    el.dispatchEvent(new Mouse('click', { ...at, detail: 1, bubbles: true, cancelable: true }))
  }
}

/** The http(s) URL a `target=_blank` link opens, or `null` for any other element or URL. */
export function newTabUrlOf(el: Element): string | null {
  const link = el.closest('a[href][target]')
  if (!link || link.getAttribute('target')?.toLowerCase() !== '_blank') return null
  const href = (link as HTMLAnchorElement).href
  return /^https?:\/\//i.test(href) ? href : null
}

/** Orange-700: ≥ 3:1 against both white and near-black backgrounds (WCAG 1.4.11). */
const OUTLINE = '3px solid #c2410c'

/** Applies the highlight and returns a function that restores the element's previous look. */
export function applyHighlight(el: Element, className: string | undefined, reduced: boolean): () => void {
  el.setAttribute(HIGHLIGHT_ATTRIBUTE, '')
  if (className) {
    const had = el.classList.contains(className)
    el.classList.add(className)
    return () => {
      el.removeAttribute(HIGHLIGHT_ATTRIBUTE)
      if (!had) el.classList.remove(className)
    }
  }
  const style = (el as HTMLElement).style as CSSStyleDeclaration | undefined
  if (!style) {
    return () => el.removeAttribute(HIGHLIGHT_ATTRIBUTE)
  }
  const props = reduced ? ['outline', 'outline-offset'] : ['outline', 'outline-offset', 'transition']
  const saved = props.map((p) => [p, style.getPropertyValue(p), style.getPropertyPriority(p)] as const)
  const hadStyleAttr = el.hasAttribute('style')
  style.setProperty('outline', OUTLINE, 'important')
  style.setProperty('outline-offset', '2px', 'important')
  if (!reduced) style.setProperty('transition', 'outline-color 150ms ease-out')
  return () => {
    el.removeAttribute(HIGHLIGHT_ATTRIBUTE)
    for (const [prop, value, priority] of saved) {
      if (value) style.setProperty(prop, value, priority)
      else style.removeProperty(prop)
    }
    if (!hadStyleAttr && el.getAttribute('style') === '') el.removeAttribute('style')
  }
}

/** How long a control must stay unchanged to count as settled after an action, in ms. */
export const SETTLE_QUIET_MS = 50
/** Longest wait for a control to settle after an action, in ms. */
export const SETTLE_MAX_MS = 500

/**
 * Resolves once `el`'s attributes (and, for a native input, its checked state) have not changed for `quietMs`
 * (default {@link SETTLE_QUIET_MS}), or after `maxMs` (default {@link SETTLE_MAX_MS}) at the latest: a framework
 * that re-renders after the click (React flushes in a microtask, menus open in a frame) has had its turn, so the
 * state read afterwards is the one the visitor sees. Never rejects.
 */
export function whenSettled(el: Element, quietMs = SETTLE_QUIET_MS, maxMs = SETTLE_MAX_MS): Promise<void> {
  return new Promise((resolve) => {
    const win = el.ownerDocument.defaultView
    const Observer = win?.MutationObserver ?? (typeof MutationObserver === 'undefined' ? undefined : MutationObserver)
    const set = win?.setTimeout.bind(win) ?? setTimeout
    const clear = win?.clearTimeout.bind(win) ?? clearTimeout
    let observer: MutationObserver | undefined
    let quiet: ReturnType<typeof setTimeout> | undefined
    const done = () => {
      observer?.disconnect()
      if (quiet !== undefined) clear(quiet)
      clear(cap)
      resolve()
    }
    const cap = set(done, maxMs)
    const restart = () => {
      if (quiet !== undefined) clear(quiet)
      quiet = set(done, quietMs)
    }
    try {
      if (Observer) {
        observer = new Observer(restart)
        observer.observe(el, { attributes: true })
      }
    } catch {
      observer = undefined
    }
    restart()
  })
}

/** What {@link createHighlighter} returns. */
export interface Highlighter {
  /** Outlines `el` for the highlighter's time (a second call restarts it); `reduced`: no transition. */
  highlight(el: Element, reduced: boolean): void
  /** Removes every pending highlight and its timer. */
  dispose(): void
}

/**
 * The registry of the executor's highlights: each acted-on element is outlined ({@link applyHighlight}) for
 * `ms` milliseconds (0: never), with `className` instead of the inline outline when given. Failures are passed
 * to `onError` and never reach the command.
 */
export function createHighlighter(
  ms: number,
  className: string | undefined,
  onError: (error: unknown) => void,
): Highlighter {
  const highlights = new Map<Element, { timer: ReturnType<typeof setTimeout>; restore: () => void }>()
  return {
    highlight(el, reduced) {
      if (ms <= 0) return
      try {
        const existing = highlights.get(el)
        if (existing) {
          clearTimeout(existing.timer)
          existing.restore()
          highlights.delete(el)
        }
        const restore = applyHighlight(el, className, reduced)
        const timer = setTimeout(() => {
          highlights.delete(el)
          restore()
        }, ms)
        highlights.set(el, { timer, restore })
      } catch (error) {
        onError(error)
      }
    },
    dispose() {
      for (const { timer, restore } of highlights.values()) {
        clearTimeout(timer)
        try {
          restore()
        } catch {
          /* element gone */
        }
      }
      highlights.clear()
    },
  }
}

/**
 * Whether motion is reduced: the executor's `prefersReducedMotion` option (a value, or a function asked each time),
 * else the window's `prefers-reduced-motion: reduce` media query; `false` where neither answers (or one throws).
 */
export function motionReduced(pref: boolean | (() => boolean) | undefined, win: Window | undefined): boolean {
  try {
    if (typeof pref === 'function') return pref()
    if (typeof pref === 'boolean') return pref
    return win?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  } catch {
    return false
  }
}

/** `text` cut to at most `max` characters, ending in `…` when cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
