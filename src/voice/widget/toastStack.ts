/**
 * The widget's own toasts (SPEC §2 "Voice widget": Voice Assistant Active, Element Clicked, Field Filled, …): a
 * stack of at most `max`, the oldest going first, each dismissed after its time (twice as long with a button),
 * paused while hovered or focused, with a close button and an optional action button (New Tab Blocked's Open,
 * which opens the tab on the visitor's own click, the user gesture a popup blocker wants).
 * @module
 */
import type { WidgetToast } from '../session/types'
import { el } from './dom'
import { icon } from './icons'

/** Options of {@link createToastStack}. */
export interface ToastStackOptions {
  /** The live region the toasts are appended to (`aria-live="polite"`). */
  container: HTMLElement
  /** The shadow root, whose `activeElement` says whether focus is in a toast. */
  shadow: ShadowRoot
  /** Looks up the copy (callCopy.ts `t`). */
  t: (key: string, values?: Record<string, string>, fallback?: string) => string
  /** Where focus goes when the focused toast is dismissed (the widget's main button), so it stays in the widget. */
  focusFallback: () => void
  /** How long a toast stays, ms (twice as long with an action button). @default 5000 */
  durationMs?: number
  /** Most toasts shown at once; the oldest goes first. @default 4 */
  max?: number
}

/** A widget's toast stack. */
export interface ToastStack {
  /** How many toasts are shown. */
  readonly size: number
  /** Shows `toast` as the newest; ignored after {@link destroy}. */
  show(toast: WidgetToast): void
  /** Dismisses the newest toast; `false` when none is shown (Escape then closes what is behind). */
  dismissNewest(): boolean
  /** Clears every timer and forgets the toasts (the shadow content is removed by the widget). Idempotent. */
  destroy(): void
}

interface Shown {
  node: HTMLElement
  timer: ReturnType<typeof setTimeout> | undefined
  ms: number
}

/** Creates the toast stack of one widget. */
export function createToastStack(options: ToastStackOptions): ToastStack {
  const { container, shadow, t } = options
  const toastMs = options.durationMs ?? 5000
  const maxToasts = options.max ?? 4
  const shown = new Set<Shown>()
  let destroyed = false
  const dismiss = (s: Shown) => {
    if (!shown.delete(s)) return
    clearTimeout(s.timer)
    // Keep focus inside the widget when the focused toast goes away.
    const hadFocus = s.node.contains(shadow.activeElement)
    s.node.remove()
    if (hadFocus) options.focusFallback()
  }
  const arm = (s: Shown) => {
    clearTimeout(s.timer)
    s.timer = setTimeout(() => dismiss(s), s.ms)
  }
  const show = (toast: WidgetToast) => {
    if (destroyed) return
    const node = el('div', `toast ${toast.type}`, { 'data-testid': 'voice-toast', 'data-type': toast.type })
    const text = el('div', 'toast-text')
    const title = el('p', 'toast-title')
    title.textContent = t(toast.titleKey, toast.values, toast.title ?? toast.titleKey)
    text.append(title)
    const description =
      toast.descriptionText ??
      (toast.descriptionKey ? t(toast.descriptionKey, toast.values, toast.description ?? '') : '')
    if (description) {
      const p = el('p', 'toast-description')
      p.textContent = description
      text.append(p)
    }
    node.append(text)
    const s: Shown = { node, timer: undefined, ms: toast.action ? toastMs * 2 : toastMs }
    const action = toast.action
    if (action) {
      const button = el('button', 'action', { type: 'button' })
      button.textContent = t(action.labelKey, undefined, action.label)
      // The visitor's own click is the user gesture the popup blocker wants.
      button.addEventListener('click', () => {
        window.open(action.url, '_blank', 'noopener,noreferrer')
        dismiss(s)
      })
      node.append(button)
    }
    const close = el('button', 'close', {
      type: 'button',
      'aria-label': t('widget.dismiss', undefined, 'Dismiss notification'),
    })
    close.append(icon('close'))
    close.addEventListener('click', () => dismiss(s))
    node.append(close)
    const pause = () => clearTimeout(s.timer)
    const resume = () => {
      if (!node.matches(':hover') && !node.contains(shadow.activeElement)) arm(s)
    }
    node.addEventListener('mouseenter', pause)
    node.addEventListener('focusin', pause)
    node.addEventListener('mouseleave', resume)
    node.addEventListener('focusout', () => setTimeout(resume, 0))
    container.append(node)
    shown.add(s)
    arm(s)
    while (shown.size > maxToasts) dismiss(shown.values().next().value as Shown)
  }
  return {
    get size() {
      return shown.size
    },
    show,
    dismissNewest() {
      const newest = [...shown].pop()
      if (!newest) return false
      dismiss(newest)
      return true
    },
    destroy() {
      destroyed = true
      for (const s of shown) clearTimeout(s.timer)
      shown.clear()
    },
  }
}
