/**
 * Lookups that may run in slices (see ./schedule.ts): a lookup is a generator that yields (nothing) at points where
 * the page may be given a turn, and returns its answer.
 * @module
 */

/**
 * A lookup that may be run in slices: it yields (nothing) at points where the page may be given a turn, and
 * returns its answer. Small pages never yield (the first {@link SLICE_AFTER} elements are looked at in one go; the pages of the unit tests are smaller),
 * so their commands stay synchronous; ./schedule.ts decides when to give the page a turn.
 */
export type LookupSteps<T> = Generator<void, T, void>

/** Elements looked at before a lookup first offers to yield (below it a command never goes on in a later task). */
export const SLICE_AFTER = 256
/** Then a yield point every this many elements. */
export const SLICE_EVERY = 64

/** Runs a lookup's steps to the end in this task. */
export function runToEnd<T>(steps: LookupSteps<T>): T {
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
  }
}
