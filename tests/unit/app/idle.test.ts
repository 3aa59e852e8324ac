// @vitest-environment happy-dom
/**
 * Work in idle periods (src/lib/idle.ts `eachWhenIdle`): items run in order, as many per idle callback as its
 * deadline allows, so a long list never makes one long task.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eachWhenIdle, nextTask } from '../../../src/lib/idle'

type IdleCallback = (deadline: IdleDeadline) => void
let queued: Array<{ cb: IdleCallback; timeout?: number }> = []
const original = (window as { requestIdleCallback?: unknown }).requestIdleCallback

function installIdle(): void {
  queued = []
  Object.assign(window, {
    requestIdleCallback: (cb: IdleCallback, o?: { timeout: number }) => queued.push({ cb, timeout: o?.timeout }),
    cancelIdleCallback: (id: number) => {
      queued[id - 1] = { cb: () => {} }
    },
  })
}

/** Fires the oldest pending idle callback with a deadline that has `budget` units left (1 per item run). */
function fireIdle(spent: () => number, budget: number, didTimeout = false): void {
  const { cb } = queued.shift()!
  const start = spent()
  cb({ didTimeout, timeRemaining: () => Math.max(0, budget - (spent() - start)) })
}

afterEach(() => {
  Object.assign(window, { requestIdleCallback: original })
  vi.useRealTimers()
})

describe('eachWhenIdle', () => {
  it('runs items in order, only as many per idle callback as its deadline allows', () => {
    installIdle()
    const done: number[] = []
    eachWhenIdle([1, 2, 3, 4, 5, 6, 7], (n) => done.push(n), 5000)
    expect(done).toEqual([])
    expect(queued[0]!.timeout).toBe(5000)
    fireIdle(() => done.length, 3)
    expect(done).toEqual([1, 2, 3])
    fireIdle(() => done.length, 0)
    expect(done).toEqual([1, 2, 3, 4])
    fireIdle(() => done.length, 10)
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(queued).toHaveLength(0)
  })

  it('takes one item when the callback fires on its timeout, and goes on after a step that throws', () => {
    installIdle()
    const done: number[] = []
    const reported = vi.fn()
    vi.stubGlobal('reportError', reported)
    eachWhenIdle(
      [1, 2, 3],
      (n) => {
        if (n === 1) throw new Error('boom')
        done.push(n)
      },
      100,
    )
    fireIdle(() => done.length, 50, true)
    expect(reported).toHaveBeenCalledOnce()
    expect(done).toEqual([])
    fireIdle(() => done.length, 50)
    expect(done).toEqual([2, 3])
    vi.unstubAllGlobals()
  })

  it('cancels what has not run yet', () => {
    installIdle()
    const done: number[] = []
    const cancel = eachWhenIdle([1, 2, 3], (n) => done.push(n), 100)
    fireIdle(() => done.length, 1)
    expect(done).toEqual([1])
    cancel()
    fireIdle(() => done.length, 10)
    expect(done).toEqual([1])
  })

  it('runs one item per task where idle callbacks are not supported', () => {
    Object.assign(window, { requestIdleCallback: undefined })
    vi.useFakeTimers()
    const done: number[] = []
    eachWhenIdle([1, 2, 3], (n) => done.push(n), 100)
    vi.advanceTimersToNextTimer()
    expect(done).toEqual([1])
    vi.runAllTimers()
    expect(done).toEqual([1, 2, 3])
  })
})

describe('nextTask', () => {
  it('resolves in a later task, after the microtasks of the current one (setTimeout where there is no scheduler.yield)', async () => {
    const order: string[] = []
    const done = nextTask().then(() => order.push('next task'))
    void Promise.resolve().then(() => order.push('microtask'))
    setTimeout(() => order.push('task queued after'), 0)
    order.push('sync')
    await done
    expect(order).toEqual(['sync', 'microtask', 'next task'])
  })

  it('yields through scheduler.yield() where the browser has it', async () => {
    const yielded = vi.fn(() => Promise.resolve())
    const g = globalThis as { scheduler?: unknown }
    const before = g.scheduler
    g.scheduler = { yield: yielded }
    try {
      await nextTask()
      expect(yielded).toHaveBeenCalledTimes(1)
    } finally {
      g.scheduler = before
    }
  })
})
