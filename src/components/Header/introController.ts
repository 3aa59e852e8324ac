import {
  DECORATIVE_ITEMS,
  DESKTOP_DECORATIVE_COUNT,
  DESKTOP_QUERY,
  INTRO_TIMINGS,
  MOBILE_DECORATIVE_COUNT,
  type IntroTimings,
} from './introSequence'

/**
 * The header intro (SPEC §2 "Header", §4 "Header intro", §9) as a framework-free DOM behaviour.
 *
 * It runs on markup the React components render (`Header`'s decorative strip, `IntroPopup`), found through
 * data attributes, and only flips attributes (`data-gone`, `data-done`, `data-step`, `hidden`): never text or
 * classes, so React's hydration of the same markup — which may come later, at the visitor's first intent
 * (src/boot.ts) — finds the server's text and keeps what the intro changed. The pre-rendered page starts it
 * from src/boot.ts at load; elsewhere (client-only build, Storybook) the components start it when they mount.
 */

/** Attribute of the decorative strip (`Header`). */
export const STRIP_ATTR = 'data-intro-strip'
/** Attribute of one decorative item; its value is the item's key. */
export const ITEM_ATTR = 'data-decorative-item'
/** Attribute of the intro popup's dialog element (`IntroPopup`). */
export const POPUP_ATTR = 'data-intro-popup'
/** Attribute of one "Try saying" example inside the popup; all are in the markup, all but one `hidden`. */
export const EXAMPLE_ATTR = 'data-intro-example'
/** Attribute of the popup's buttons that close it (Got it!, the close button). */
export const CLOSE_ATTR = 'data-intro-close'

/** Elements where the visitor is typing: opening the popup never takes focus away from them. */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])'

/** Options of {@link showIntroPopup}. */
export interface ShowIntroPopupOptions {
  /** Rotation period of the "Try saying" example, in ms. @default 2000 (SPEC §9) */
  rotateMs?: number
  /** Called when the visitor closes it (Got it!, the close button, or Escape anywhere on the page). */
  onClose?: () => void
  /**
   * Whether closing hides the dialog itself (`hidden`). `false` when a component owns `hidden` and hides it
   * through `onClose` (the `IntroPopup` component with an `open` prop). @default true
   */
  hideOnClose?: boolean
  /**
   * When opening moves focus into the dialog:
   * - `'unless-typing'`: always, except from a field the visitor is typing in (the visitor asked for the popup);
   * - `'if-unfocused'`: only when nothing on the page has focus (`document.activeElement` is `<body>`). For a
   *   popup that opens by itself on a timer (the header intro, SPEC §2): a focus move the visitor did not ask
   *   for would close the menu they have open (a menu closes when focus leaves it) or lose a keyboard user's
   *   place.
   * @default 'unless-typing'
   */
  takeFocus?: 'unless-typing' | 'if-unfocused'
}

/**
 * Shows the intro popup `dialog` (a non-modal dialog, WAI-ARIA APG "Dialog (Non-Modal)"): removes `hidden`,
 * moves focus into it (as `takeFocus` allows), rotates the examples every `rotateMs` (example 0
 * first), and closes on Got it!, the close button or Escape (unless something else handled the key).
 * Focus inside it returns to where it was when it closes.
 * @returns `hide()`: stops the rotation and the listeners, hides the dialog when `hideOnClose`, and restores
 *   focus. Idempotent. Also runs by itself when the dialog leaves the document.
 */
export function showIntroPopup(
  dialog: HTMLElement,
  {
    rotateMs = INTRO_TIMINGS.rotateMs,
    onClose,
    hideOnClose = true,
    takeFocus = 'unless-typing',
  }: ShowIntroPopupOptions = {},
): () => void {
  const doc = dialog.ownerDocument
  const examples = [...dialog.querySelectorAll<HTMLElement>(`[${EXAMPLE_ATTR}]`)]
  let index = 0
  const showExample = (i: number) => examples.forEach((el, j) => (el.hidden = j !== i))
  showExample(0)
  const previous = doc.activeElement instanceof HTMLElement ? doc.activeElement : null
  dialog.hidden = false
  const unfocused = !previous || previous === doc.body
  if (takeFocus === 'if-unfocused' ? unfocused : !previous?.matches(EDITABLE)) dialog.focus({ preventScroll: true })

  let done = false
  const close = () => {
    if (done) return
    if (hideOnClose) hide()
    onClose?.()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) close()
  }
  const onClick = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest(`[${CLOSE_ATTR}]`)) close()
  }
  const timer = setInterval(() => {
    if (!dialog.isConnected) return hide()
    index = (index + 1) % Math.max(examples.length, 1)
    showExample(index)
  }, rotateMs)
  doc.addEventListener('keydown', onKeyDown)
  dialog.addEventListener('click', onClick)

  function hide() {
    if (done) return
    done = true
    clearInterval(timer)
    doc.removeEventListener('keydown', onKeyDown)
    dialog.removeEventListener('click', onClick)
    if (hideOnClose) dialog.hidden = true
    // Focus inside it, or already dropped to <body> because it is hidden now, goes back to where it was.
    const active = doc.activeElement
    const lost = !active || active === doc.body || dialog.contains(active)
    if (lost && previous?.isConnected && previous !== doc.body) previous.focus({ preventScroll: true })
  }
  return hide
}

/** The elements the intro runs on. */
export interface IntroElements {
  /** The decorative strip (`[data-intro-strip]`), holding the `[data-decorative-item]`s. */
  strip: HTMLElement
  /** The intro popup (`[data-intro-popup]`); `null` → the sequence runs without it. */
  popup: HTMLElement | null
}

/** A running intro: its `stop()` and what closes (or forestalls) its popup alone. */
interface IntroRun {
  stop: () => void
  dismissPopup: () => void
}

const running = new WeakMap<HTMLElement, IntroRun>()

/**
 * Finds the intro's elements in `root` (the pre-rendered document), or `null` when the page has no header.
 */
export function findIntroElements(root: ParentNode): IntroElements | null {
  const strip = root.querySelector<HTMLElement>(`[${STRIP_ATTR}]`)
  return strip ? { strip, popup: root.querySelector<HTMLElement>(`[${POPUP_ATTR}]`) } : null
}

/**
 * Runs the header intro once: after `startDelayMs` (`data-step` 0 → 1) the visible decorative items — 18 on
 * desktop, 6 on phones ({@link DESKTOP_QUERY}, measured now) — get `data-gone`, one every `stepMs`; then the
 * strip gets `data-done`, and `popupDelayMs` after the last item the popup opens ({@link showIntroPopup}; it takes
 * focus only if nothing has it: `takeFocus: 'if-unfocused'`).
 * It runs the same under reduced motion (the CSS drops only the transitions).
 *
 * Starting it again on the same strip while it runs returns the running one's stop function: the
 * pre-rendered page starts it at load and the hydrated `Header` asks again.
 * @returns `stop()`: clears the timers and hides the popup if this run opened it. Idempotent.
 */
export function startIntro({ strip, popup }: IntroElements, timings: IntroTimings = INTRO_TIMINGS): () => void {
  const existing = running.get(strip)
  if (existing) return existing.stop
  const view = strip.ownerDocument.defaultView
  const desktop = typeof view?.matchMedia !== 'function' || view.matchMedia(DESKTOP_QUERY).matches
  const total = desktop ? DESKTOP_DECORATIVE_COUNT : MOBILE_DECORATIVE_COUNT
  const items = DECORATIVE_ITEMS.slice(0, total).map((key) =>
    strip.querySelector<HTMLElement>(`[${ITEM_ATTR}="${key}"]`),
  )
  const timers: ReturnType<typeof setTimeout>[] = []
  let hidePopup: (() => void) | null = null
  let popupDismissed = false
  const at = (ms: number, fn: () => void) =>
    timers.push(
      setTimeout(() => {
        if (strip.isConnected) fn()
        else stop()
      }, ms),
    )
  at(timings.startDelayMs, () => strip.setAttribute('data-step', '1'))
  items.forEach((item, i) =>
    at(timings.startDelayMs + i * timings.stepMs, () => {
      item?.setAttribute('data-gone', '')
      if (i === total - 1) strip.setAttribute('data-done', '')
    }),
  )
  if (popup)
    at(timings.startDelayMs + (total - 1) * timings.stepMs + timings.popupDelayMs, () => {
      if (!popupDismissed) hidePopup = showIntroPopup(popup, { rotateMs: timings.rotateMs, takeFocus: 'if-unfocused' })
    })
  function stop() {
    timers.forEach(clearTimeout)
    hidePopup?.()
    if (running.get(strip)?.stop === stop) running.delete(strip)
  }
  running.set(strip, {
    stop,
    dismissPopup: () => {
      popupDismissed = true
      hidePopup?.()
    },
  })
  return stop
}

/**
 * The visitor found the voice widget by themselves (they pressed it): the intro popup, whose job is to point them
 * to it, closes if it is open and does not open later, so it never lands on top of the widget's consent notice,
 * toasts or call panel. The decorative strip's sequence goes on (SPEC §4 "Header intro"). Focus stays where the
 * visitor has it. A no-op when `root` has no running intro.
 * @param root the document (or subtree) holding the intro's strip. @default document
 */
export function dismissIntroPopup(root: ParentNode = document): void {
  const strip = root.querySelector<HTMLElement>(`[${STRIP_ATTR}]`)
  if (strip) running.get(strip)?.dismissPopup()
}
