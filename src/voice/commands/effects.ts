/**
 * What the executor does to the page once a target is chosen: click, write a value React will see, dispatch
 * events, highlight. No choices are made here.
 */
import { dispatch, setNativeValue } from './nativeValue'

export { dispatch, setNativeValue }

/** Most key presses spent reaching an option or a slider value (a runaway widget stops there). */
export const MAX_KEY_PRESSES = 500

/**
 * Legacy `keyCode`s of the keys pressed here: widgets still read `event.keyCode` (accessible-autocomplete,
 * tom-select), which a constructed KeyboardEvent leaves 0 unless given (UI Events, "Legacy key attributes").
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

/** Clicks `el` (`HTMLElement.click()`, or a composed, bubbling `click` event for SVG and other elements). */
export function clickElement(el: Element): void {
  if (typeof (el as HTMLElement).click === 'function') {
    ;(el as HTMLElement).click()
  } else {
    const win = el.ownerDocument.defaultView
    const EventCtor = win?.MouseEvent ?? MouseEvent
    el.dispatchEvent(new EventCtor('click', { bubbles: true, cancelable: true, composed: true }))
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
