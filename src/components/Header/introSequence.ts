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
  'dashboard',
  'analytics',
  'settings',
  'notifications',
  'search',
  'help',
  'archive',
  'bookmarks',
  'calendar',
  'files',
  'global',
  'favorites',
  'keys',
  'messages',
  'themes',
  'security',
  'mobile',
  'tablet',
] as const
/** Items shown on phones (SPEC §9). */
export const MOBILE_DECORATIVE_COUNT = 6
/** Items shown on desktop (SPEC §9). */
export const DESKTOP_DECORATIVE_COUNT = DECORATIVE_ITEMS.length
/** Media query of the desktop layout (Chakra's `md` breakpoint, 48em = 768 px). */
export const DESKTOP_QUERY = '(min-width: 48em)'
