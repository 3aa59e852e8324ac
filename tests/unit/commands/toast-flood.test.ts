// @vitest-environment happy-dom
/**
 * No toast floods (SPEC §8: "An unknown command type is only logged"): malformed messages are only logged,
 * refusals coalesce into one toast with a count per window, success toasts always pass.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createCommandExecutor, REFUSAL_TOAST_WINDOW_MS, type VoiceToast } from '../../../src/voice/commands'

beforeEach(() => {
  vi.useFakeTimers()
  document.body.innerHTML = `<button id="ok">Save</button><button disabled>Delete</button><label for="e">Email</label><input id="e">`
})
afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

function setup() {
  const toasts: VoiceToast[] = []
  const logs: string[] = []
  const log = (m: string) => logs.push(m)
  const executor = createCommandExecutor({
    notify: (t) => toasts.push(t),
    logger: { info: log, warn: log, debug: log, error: log },
    highlightMs: 0,
  })
  return { executor, toasts, logs }
}

it('malformed and unknown messages are only logged', () => {
  const { executor, toasts, logs } = setup()
  for (let i = 0; i < 1000; i++) {
    executor.execute(i % 3 === 0 ? { hello: i } : i % 3 === 1 ? { action: 'dance' } : { action: 'click' })
  }
  vi.advanceTimersByTime(REFUSAL_TOAST_WINDOW_MS * 3)
  expect(toasts).toEqual([])
  // logged, but at most 20 lines a second; the rest are counted in one line
  expect(logs.length).toBe(20)
  executor.execute({ hello: 'again' })
  expect(logs).toContain('980 similar log lines suppressed in the last second')
})

it('a burst of refusals shows one toast, then one summary with the count; successes are never held back', () => {
  const { executor, toasts } = setup()
  for (let i = 0; i < 500; i++) executor.execute({ action: 'click', targetText: 'delete' })
  expect(toasts.map((t) => t.title)).toEqual(['Command Failed'])
  expect(executor.execute({ action: 'fill', fieldHint: 'email', value: 'a@b.co' }).status).toBe('executed')
  expect(toasts.map((t) => t.title)).toEqual(['Command Failed', 'Field Filled'])
  vi.advanceTimersByTime(REFUSAL_TOAST_WINDOW_MS)
  expect(toasts).toHaveLength(3)
  expect(toasts[2]).toMatchObject({
    id: 'commandsFailed',
    type: 'error',
    titleKey: 'toast.commandsFailed.title',
    descriptionKey: 'toast.commandsFailed.description',
    values: { count: '499' },
    description: 'More voice commands could not be executed: 499',
  })
  // the window passes without refusals: nothing more
  vi.advanceTimersByTime(REFUSAL_TOAST_WINDOW_MS * 5)
  expect(toasts).toHaveLength(3)
  // a later single refusal shows at once again
  executor.execute({ action: 'fill', fieldHint: 'nothing like it', selector: '#missing', value: 'x' })
  expect(toasts.at(-1)?.title).toBe('Field Not Found')
  executor.dispose()
})

it('a steady flood of refusals shows a handful of toasts a minute (windows double while it lasts)', () => {
  const { executor, toasts } = setup()
  for (let ms = 0; ms < 60_000; ms += 50) {
    executor.execute({ action: 'click', targetText: 'delete' })
    vi.advanceTimersByTime(50)
  }
  expect(toasts.length).toBeGreaterThanOrEqual(3)
  expect(toasts.length).toBeLessThanOrEqual(6)
  vi.advanceTimersByTime(60_000)
  const all = toasts.slice(1).reduce((sum, t) => sum + Number(t.values?.count ?? 0), 0)
  expect(all).toBe(1200 - 1) // every refusal after the first is counted in exactly one summary
  executor.dispose()
})

it('dispose() drops a pending summary', () => {
  const { executor, toasts } = setup()
  executor.execute({ action: 'click', targetText: 'delete' })
  executor.execute({ action: 'click', targetText: 'delete' })
  executor.dispose()
  vi.advanceTimersByTime(REFUSAL_TOAST_WINDOW_MS * 2)
  expect(toasts).toHaveLength(1)
})
