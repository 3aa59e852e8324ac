/**
 * Keeps refusal toasts from flooding the page while success toasts always pass (SPEC §8 toasts; a hostile or
 * confused sender can refuse thousands of commands a second).
 *
 * - success and info toasts (Element Clicked, Field Filled, New Tab Blocked) are shown at once, always;
 * - the first refusal toast (Command Failed, Field Not Found) is shown at once and opens a window of `windowMs`;
 *   further refusals inside the window are only counted; when the window ends with a count, one summary toast
 *   (`commandsFailed`, "More voice commands could not be executed: N") is shown and a window twice as long opens
 *   (up to {@link MAX_REFUSAL_TOAST_WINDOW_MS}), so a steady flood of refusals shows a handful of toasts (about
 *   5 in the first minute); a window that ends without refusals resets the gate;
 * - malformed messages never reach it: the executor only logs them (SPEC §8 "An unknown command type is only
 *   logged").
 */
import { voiceToast, type VoiceToast } from './toasts'

/** Default length of the first refusal window, in ms. */
export const REFUSAL_TOAST_WINDOW_MS = 3_000
/** Longest refusal window, in ms (windows double while refusals keep coming). */
export const MAX_REFUSAL_TOAST_WINDOW_MS = 30_000

/** Options of {@link createToastGate}. */
export interface ToastGateOptions {
  /** Shows a toast. Exceptions are the caller's to catch. */
  notify: (toast: VoiceToast) => void
  /** Window in ms within which refusals after the first are counted, not shown. 0 shows every refusal. @default 3000 */
  windowMs?: number
  /** Timers (inject for tests). @default globalThis.setTimeout / clearTimeout */
  setTimeout?: (fn: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
}

/** The gate returned by {@link createToastGate}. */
export interface ToastGate {
  /** Shows or counts a toast per the rules above. */
  push(toast: VoiceToast): void
  /** Drops a pending summary and its timer. */
  dispose(): void
}

/** Creates a {@link ToastGate}. */
export function createToastGate(options: ToastGateOptions): ToastGate {
  const windowMs = Math.max(0, options.windowMs ?? REFUSAL_TOAST_WINDOW_MS)
  const setT = options.setTimeout ?? ((fn, ms) => setTimeout(fn, ms))
  const clearT = options.clearTimeout ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
  let timer: unknown
  let suppressed = 0

  const openWindow = (ms: number) => {
    timer = setT(() => {
      timer = undefined
      if (suppressed > 0) {
        const count = suppressed
        suppressed = 0
        options.notify(voiceToast('commandsFailed', { count: String(count) }))
        openWindow(Math.min(ms * 2, Math.max(windowMs, MAX_REFUSAL_TOAST_WINDOW_MS)))
      }
    }, ms)
  }

  return {
    push(toast) {
      if (toast.type !== 'error' || windowMs === 0) {
        options.notify(toast)
        return
      }
      if (timer !== undefined) {
        suppressed++
        return
      }
      options.notify(toast)
      openWindow(windowMs)
    },
    dispose() {
      if (timer !== undefined) clearT(timer)
      timer = undefined
      suppressed = 0
    },
  }
}
