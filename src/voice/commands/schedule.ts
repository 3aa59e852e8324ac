/**
 * When a command runs: a lookup runs in slices that leave the page its turns, and commands that go on after
 * `execute()` returned keep their order.
 *
 * - {@link LOOKUP_SLICE_MS}: a click's, toggle's or fill's lookup on a big page (./steps.ts: a pass over more than
 *   256 candidates, fields or text nodes) that has not chosen its target within one slice gives the page a turn
 *   ({@link yieldToPage}) and goes on in slices of that length (a long task is 50 ms: web.dev "Optimize long
 *   tasks"). Small pages always finish in the first slice, synchronously.
 * - `later`: while a command is under way, later commands wait for it (a "click Submit" never overtakes the fill
 *   before it).
 */
import { currentLookupScope, inLookupScope } from './dom'
import type { IgnoreState, WidgetFilter } from './ignore'
import { errorMessage } from './logLimit'
import type { NotFoundMemo } from './notFoundMemo'
import type { LookupSteps } from './steps'
import type { VoiceCommand } from './schema'
import type { CommandResult } from './result'

/**
 * Longest run of a lookup in one task, in ms; past it the page gets a turn and the lookup goes on in slices of
 * this length, so a command never blocks the page for long.
 */
export const LOOKUP_SLICE_MS = 8

/** A lookup refused before it ran: the browser rejects the command's selector. */
export type BadSelector = { ok: false; reason: 'bad-selector'; detail: string }

/** Gives the page a turn: `scheduler.yield()` where there is one (Chromium), else a `setTimeout(0)` task. */
export function yieldToPage(win: Window | undefined): Promise<void> {
  const scheduler = (win as { scheduler?: { yield?: () => Promise<void> } } | undefined)?.scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => (win?.setTimeout ?? setTimeout)(resolve, 0))
}

const clock = () => globalThis.performance?.now?.() ?? Date.now()

/** Runs steps until they end or `sliceMs` has passed (at least one step). */
export function runSlice<T>(steps: LookupSteps<T>, sliceMs: number): IteratorResult<void, T> {
  const end = clock() + sliceMs
  let r = steps.next()
  while (!r.done && clock() < end) r = steps.next()
  return r
}

/** Options of {@link createScheduler}. */
export interface SchedulerOptions {
  /** Longest slice of a lookup, in ms. */
  sliceMs: number
  /** The "not found" answers reused while the document is unchanged. */
  memo: NotFoundMemo
  /** The widget filter whose per-command cache a sliced lookup keeps. */
  filter: WidgetFilter
  /**
   * The result of a command that threw after `execute()` returned; `reported` is false once the scheduler is
   * disposed (the call ended: no toast for a command of a call that is over).
   */
  failed(command: VoiceCommand, error: unknown, reported: boolean): CommandResult
}

/** What {@link createScheduler} returns. */
export interface Scheduler {
  /**
   * Runs a lookup after checking the selector: one the browser rejects is refused ("bad-selector"), never thrown.
   * A "not found" answer is reused while the document is unchanged (./notFoundMemo.ts). The answer comes now,
   * or — a big page's lookup that outlasts one slice — as a promise, the lookup going on in later tasks with its
   * caches (the lookup scope, the widget's elements) kept.
   */
  choose<T extends { ok: true } | { ok: false; reason: string; detail: string }>(
    doc: Document,
    win: Window | undefined,
    command: VoiceCommand & { selector?: string | undefined },
    steps: () => LookupSteps<T>,
  ): T | BadSelector | Promise<T>
  /**
   * The result of a command whose end comes later: `executed` with `settled`, and `settledResult` holding how it
   * ended (executed or refused) once `settled` resolves.
   */
  later(command: VoiceCommand, outcome: Promise<CommandResult>, target?: Element): CommandResult
  /** Runs `run` now, or — while a command is under way — after every command queued so far. */
  inTurn(command: VoiceCommand, run: () => CommandResult): CommandResult
  /** Stops sliced lookups at their next slice (they end as failed, unreported). */
  dispose(): void
}

/** The scheduler of one executor. */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { sliceMs, memo, filter } = options
  let underWay = 0
  let queue: Promise<void> = Promise.resolve()
  let disposed = false

  function choose<T extends { ok: true } | { ok: false; reason: string; detail: string }>(
    doc: Document,
    win: Window | undefined,
    command: VoiceCommand & { selector?: string | undefined },
    steps: () => LookupSteps<T>,
  ): T | BadSelector | Promise<T> {
    const selector = command.selector
    if (selector !== undefined) {
      try {
        doc.createDocumentFragment().querySelector(selector)
      } catch (error) {
        return {
          ok: false,
          reason: 'bad-selector',
          detail: `invalid selector ${JSON.stringify(selector.slice(0, 120))}: ${errorMessage(error)}`,
        }
      }
    }
    const started = memo.begin<T>(doc, command)
    if ('answer' in started) return started.answer
    const lookupSteps = steps()
    const first = runSlice(lookupSteps, sliceMs)
    if (first.done) {
      started.keep(first.value)
      return first.value
    }
    const kept = currentLookupScope()
    const state: IgnoreState = filter.current()
    return (async () => {
      for (;;) {
        await yieldToPage(win)
        if (disposed) throw new Error('the executor was disposed')
        const run = () => {
          filter.resume(state)
          return runSlice(lookupSteps, sliceMs)
        }
        const step = kept ? inLookupScope(kept, run) : run()
        if (step.done) {
          started.keep(step.value)
          return step.value
        }
      }
    })()
  }

  const later: Scheduler['later'] = (command, outcome, target) => {
    const pending: Extract<CommandResult, { status: 'executed' }> = { status: 'executed', command }
    if (target) pending.target = target
    underWay++
    pending.settled = outcome
      .catch((error: unknown): CommandResult => options.failed(command, error, !disposed))
      .then(async (r) => {
        if (r.status === 'executed' && r.settled) {
          await r.settled
          r = r.settledResult ?? r
        }
        pending.settledResult = r
        if (r.status === 'executed' && r.target) pending.target = r.target
      })
      .finally(() => {
        underWay--
      })
    // After every command queued so far, not only this one: a queued command that goes on later again (its own
    // lookup in slices) comes here a second time, and the commands queued behind it must still wait for them.
    const before = queue
    queue = before.then(() => pending.settled)
    return pending
  }

  return {
    choose,
    later,
    inTurn: (command, run) => (underWay > 0 ? later(command, queue.then(run)) : run()),
    dispose() {
      disposed = true
    },
  }
}
