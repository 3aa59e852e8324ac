/**
 * The clock the engine reads and schedules with. Injected so tests drive time by hand.
 * @module
 */

/** An opaque timer handle, as returned by {@link Clock.setTimeout}. */
export type TimerHandle = unknown

/** Time source and one-shot timers. All durations in ms. */
export interface Clock {
  /** Current time in ms since the epoch. */
  now(): number
  /** Schedules `fn` after `ms` milliseconds; returns a handle for {@link Clock.clearTimeout}. */
  setTimeout(fn: () => void, ms: number): TimerHandle
  /** Cancels a timer; unknown or fired handles are ignored. */
  clearTimeout(handle: TimerHandle): void
}

/** The real clock: `Date.now` and the global timers (looked up at call time, so fake timers apply). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}
