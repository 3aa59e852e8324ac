// @vitest-environment happy-dom
/**
 * Sliders moved with their keys as a keyboard user moves them (src/voice/commands/sliders.ts): a widget that draws
 * a key's result in a later render (Zag's slider under Chakra UI v3), a visually hidden `<input type=range>` that
 * the page moves on keys (MUI's Slider), Page keys for a long way, and a native range the page leaves to the
 * browser. What is reported is what the control shows afterwards.
 */
import { afterEach, expect, it } from 'vitest'
import { createCommandExecutor, type CommandResult } from '../../../src/voice/commands'

afterEach(() => {
  document.body.innerHTML = ''
})

const run = (m: Record<string, unknown>): CommandResult =>
  createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, notFoundMemoMs: 0 }).execute(m)

async function settle(r: CommandResult): Promise<CommandResult> {
  if (r.status !== 'executed' || !r.settled) return r
  await r.settled
  return r.settledResult ?? r
}

/** A `role=slider` that moves by `step` on arrows and `page` on Page keys, drawn `delayMs` after each key (0: at once). */
function ariaSlider(opts: { now: number; min: number; max: number; step: number; page?: number; delayMs: number }) {
  document.body.innerHTML = `<span id="l">Storage</span>
    <div id="s" role="slider" tabindex="0" aria-labelledby="l" aria-valuemin="${opts.min}" aria-valuemax="${opts.max}" aria-valuenow="${opts.now}"></div>`
  const el = document.getElementById('s')!
  const keys: string[] = []
  let value = opts.now
  el.addEventListener('keydown', (e) => {
    keys.push(e.key)
    const by = { ArrowRight: opts.step, ArrowLeft: -opts.step, PageUp: opts.page, PageDown: -(opts.page ?? 0) }[e.key]
    if (e.key === 'Home') value = opts.min
    else if (e.key === 'End') value = opts.max
    else if (by) value = Math.max(opts.min, Math.min(opts.max, value + by))
    else return
    e.preventDefault()
    const draw = (v: number) => () => el.setAttribute('aria-valuenow', String(v))
    if (opts.delayMs) setTimeout(draw(value), opts.delayMs)
    else draw(value)()
  })
  return { el, keys }
}

it('a slider that shows each key later is moved to the value, and the report says what it shows', async () => {
  const { el, keys } = ariaSlider({ now: 20, min: 10, max: 100, step: 10, delayMs: 20 })
  const r = run({ action: 'fill', fieldHint: 'storage', value: '60' })
  expect(r.status).toBe('executed')
  expect(await settle(r)).toMatchObject({ status: 'executed' })
  expect(el.getAttribute('aria-valuenow')).toBe('60')
  expect(keys).toEqual(['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight'])
})

it('a value between two steps is refused with the value the slider shows, read after it has drawn', async () => {
  const { el } = ariaSlider({ now: 20, min: 10, max: 100, step: 10, delayMs: 20 })
  const r = await settle(run({ action: 'fill', fieldHint: 'storage', value: '65' }))
  expect(r).toMatchObject({ status: 'refused', reason: 'rejected-value' })
  expect(r.status === 'refused' && r.detail).toBe(
    `"Storage" did not reach 65 (it shows ${el.getAttribute('aria-valuenow')})`,
  )
})

it('a long way is taken with Page keys, then arrows', () => {
  const { el, keys } = ariaSlider({ now: 0, min: 0, max: 1000, step: 1, page: 100, delayMs: 0 })
  expect(run({ action: 'fill', fieldHint: 'storage', value: '702' }).status).toBe('executed')
  expect(el.getAttribute('aria-valuenow')).toBe('702')
  expect(keys.filter((k) => k === 'PageUp').length).toBe(7)
  expect(keys.length).toBeLessThan(15)
})

it('the bounds are reached with Home and End', () => {
  const { el, keys } = ariaSlider({ now: 40, min: 10, max: 100, step: 10, delayMs: 0 })
  expect(run({ action: 'fill', fieldHint: 'storage', value: 'max' }).status).toBe('executed')
  expect(el.getAttribute('aria-valuenow')).toBe('100')
  expect(run({ action: 'fill', fieldHint: 'storage', value: '10' }).status).toBe('executed')
  expect(el.getAttribute('aria-valuenow')).toBe('10')
  expect(keys).toEqual(['End', 'Home'])
})

it('a range input the page moves on keys (MUI Slider) is moved with them, never written behind its back', async () => {
  document.body.innerHTML = `<p id="tl">Number of travellers</p>
    <span class="thumb"><input id="r" type="range" min="1" max="9" step="1" value="2" aria-labelledby="tl" aria-valuenow="2"></span>`
  const input = document.getElementById('r') as HTMLInputElement
  let value = 2
  const inputEvents: string[] = []
  input.addEventListener('input', () => inputEvents.push(input.value))
  input.addEventListener('keydown', (e) => {
    const by = { ArrowUp: 1, ArrowDown: -1, ArrowRight: 1, ArrowLeft: -1 }[e.key]
    if (!by) return
    e.preventDefault()
    value = Math.max(1, Math.min(9, value + by))
    // Drawn in a later render, as React state is.
    setTimeout(() => {
      input.value = String(value)
      input.setAttribute('aria-valuenow', String(value))
    }, 5)
  })
  const r = await settle(run({ action: 'fill', fieldHint: 'number of travellers', value: '5' }))
  expect(r).toMatchObject({ status: 'executed' })
  expect(input.value).toBe('5')
  expect(inputEvents).toEqual([])
  expect(await settle(run({ action: 'fill', fieldHint: 'number of travellers', value: '20' }))).toMatchObject({
    status: 'refused',
    reason: 'rejected-value',
    detail: '"Number of travellers" takes a number between 1 and 9, not 20',
  })
  expect(input.value).toBe('5')
})

it('a native range the page leaves to the browser is set with input and change', () => {
  document.body.innerHTML = '<label for="v">Volume</label><input id="v" type="range" min="0" max="10" value="3">'
  const input = document.getElementById('v') as HTMLInputElement
  const events: string[] = []
  for (const type of ['input', 'change']) input.addEventListener(type, () => events.push(type))
  expect(run({ action: 'fill', fieldHint: 'volume', value: '8' }).status).toBe('executed')
  expect(input.value).toBe('8')
  expect(events).toEqual(['input', 'change'])
})
