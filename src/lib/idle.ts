/** The part of the `requestIdleCallback` API this module uses (not in every browser, so looked up at run time). */
type IdleWindow = Window & {
  requestIdleCallback?: (cb: (deadline: IdleDeadline) => void, o?: { timeout: number }) => number
  cancelIdleCallback?: (id: number) => void
}

/**
 * Runs `fn` when the browser is idle (`requestIdleCallback`, `fn` gets its `IdleDeadline`), or after `timeoutMs`
 * at the latest; where idle callbacks are not supported, on the next task (`fn` gets no deadline). Browser only.
 * @param timeoutMs deadline in ms.
 * @returns a function that cancels the call.
 */
export function whenIdle(fn: (deadline?: IdleDeadline) => void, timeoutMs: number): () => void {
  const w = window as IdleWindow
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: timeoutMs })
    return () => w.cancelIdleCallback?.(id)
  }
  const id = setTimeout(fn, 1)
  return () => clearTimeout(id)
}

/**
 * Runs `step` on each of `items`, in order, spread over idle periods so that no task runs long: each idle
 * callback takes items while its deadline has time left (`IdleDeadline.timeRemaining()` > 0 ms, at least one
 * item per callback), then asks for another. A callback that fires because `timeoutMs` passed
 * (`didTimeout`) takes one item. Where idle callbacks are not supported, one item per task (`setTimeout`).
 * A `step` that throws stops nothing: the error is reported (`reportError`) and the next item runs.
 * Browser only.
 * @param timeoutMs how long each idle period may be waited for, in ms.
 * @returns a function that cancels the items not yet run.
 */
export function eachWhenIdle<T>(items: readonly T[], step: (item: T) => void, timeoutMs: number): () => void {
  let next = 0
  let cancel = () => {}
  const runOne = () => {
    const item = items[next++]!
    try {
      step(item)
    } catch (error) {
      reportError(error)
    }
  }
  const slice = (deadline?: IdleDeadline) => {
    if (next >= items.length) return
    runOne()
    if (deadline && !deadline.didTimeout) while (next < items.length && deadline.timeRemaining() > 0) runOne()
    schedule()
  }
  const schedule = () => {
    if (next < items.length) cancel = whenIdle(slice, timeoutMs)
  }
  schedule()
  return () => {
    next = items.length
    cancel()
  }
}

/** The part of the Prioritized Task Scheduling API (`scheduler.yield()`) this module uses, where the browser has it. */
type YieldingScheduler = { yield?: () => Promise<void> }

/**
 * Resolves in a new task, so that the work that follows does not lengthen the current one: through
 * `scheduler.yield()` where the browser has it (the continuation runs ahead of other queued tasks; Chromium 129+),
 * else through `setTimeout(…, 0)`. Between the two tasks the browser can render and handle input. Browser only.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
