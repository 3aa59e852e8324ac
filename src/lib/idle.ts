/**
 * Runs `fn` when the browser is idle (`requestIdleCallback`), or after `timeoutMs` at the latest; where idle
 * callbacks are not supported, on the next task. Browser only.
 * @param timeoutMs deadline in ms.
 * @returns a function that cancels the call.
 */
export function whenIdle(fn: () => void, timeoutMs: number): () => void {
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number
    cancelIdleCallback?: (id: number) => void
  }
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: timeoutMs })
    return () => w.cancelIdleCallback?.(id)
  }
  const id = setTimeout(fn, 1)
  return () => clearTimeout(id)
}
