import { useCallback, useEffect, useState } from 'react'

/** Timings of the header intro (SPEC §4 "Header intro", §9), all in milliseconds. */
export interface IntroTimings {
  /** Delay after load before the first decorative item vanishes. SPEC: 1000 ms. */
  startDelayMs: number
  /** Gap between two items vanishing. SPEC: 200 ms. */
  stepMs: number
  /** Delay after the last item vanished before the intro popup opens. SPEC: 500 ms. */
  popupDelayMs: number
  /** Rotation period of the "Try saying" example in the popup. SPEC: 2000 ms. */
  rotateMs: number
}

/** The spec's timings. Stories pass shorter ones; tests use these through the built site. */
export const INTRO_TIMINGS: IntroTimings = { startDelayMs: 1000, stepMs: 200, popupDelayMs: 500, rotateMs: 2000 }

/** Decorative items (SPEC §2), in order; keys of `common:decorative`. Phones show the first {@link MOBILE_DECORATIVE_COUNT}. */
export const DECORATIVE_ITEMS = [
  'dashboard', 'analytics', 'settings', 'notifications', 'search', 'help',
  'archive', 'bookmarks', 'calendar', 'files', 'global', 'favorites',
  'keys', 'messages', 'themes', 'security', 'mobile', 'tablet',
] as const
/** Items shown on phones (SPEC §9). */
export const MOBILE_DECORATIVE_COUNT = 6
/** Items shown on desktop (SPEC §9). */
export const DESKTOP_DECORATIVE_COUNT = DECORATIVE_ITEMS.length
/** Media query of the desktop layout (Chakra's `md` breakpoint, 48em = 768 px). */
export const DESKTOP_QUERY = '(min-width: 48em)'

/** State of the intro: `step` 0 before the start delay, 1 after; `vanished` items gone; `popupOpen`. */
export interface IntroState {
  step: 0 | 1
  vanished: number
  total: number
  popupOpen: boolean
}

/**
 * Runs the header intro once after mount: after `startDelayMs` (step 0 → 1) the `total` visible items
 * vanish one every `stepMs`; `popupDelayMs` after the last one the popup opens. `total` is measured at
 * mount (18 on desktop, 6 on phones). The sequence runs the same under reduced motion (only the CSS
 * transitions are dropped). Pass `enabled: false` to keep the initial state (static stories).
 */
export function useIntroSequence(timings: IntroTimings = INTRO_TIMINGS, enabled = true): IntroState & { closePopup: () => void } {
  const [state, setState] = useState<IntroState>({ step: 0, vanished: 0, total: DESKTOP_DECORATIVE_COUNT, popupOpen: false })
  useEffect(() => {
    if (!enabled) return
    const desktop = typeof window.matchMedia !== 'function' || window.matchMedia(DESKTOP_QUERY).matches
    const total = desktop ? DESKTOP_DECORATIVE_COUNT : MOBILE_DECORATIVE_COUNT
    setState((s) => ({ ...s, total }))
    const timers: ReturnType<typeof setTimeout>[] = []
    const at = (ms: number, fn: () => void) => timers.push(setTimeout(fn, ms))
    at(timings.startDelayMs, () => setState((s) => ({ ...s, step: 1 })))
    for (let i = 1; i <= total; i++) {
      at(timings.startDelayMs + (i - 1) * timings.stepMs, () => setState((s) => ({ ...s, vanished: i })))
    }
    at(timings.startDelayMs + (total - 1) * timings.stepMs + timings.popupDelayMs, () =>
      setState((s) => ({ ...s, popupOpen: true })),
    )
    return () => timers.forEach(clearTimeout)
  }, [enabled, timings.startDelayMs, timings.stepMs, timings.popupDelayMs])
  // Stable, so the (memoised) popup does not re-render on every intro step.
  const closePopup = useCallback(() => setState((s) => ({ ...s, popupOpen: false })), [])
  return { ...state, closePopup }
}
