// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createCommandExecutor,
  HIGHLIGHT_ATTRIBUTE,
  type CommandExecutor,
  type VoiceToast,
} from '../../../src/voice/commands'

function setup(html: string, opts: { reduced?: boolean; highlightMs?: number } = {}) {
  document.body.innerHTML = html
  const toasts: VoiceToast[] = []
  const logs: string[] = []
  const logger = {
    debug: (m: string) => logs.push(`debug ${m}`),
    info: (m: string) => logs.push(`info ${m}`),
    warn: (m: string) => logs.push(`warn ${m}`),
    error: (m: string) => logs.push(`error ${m}`),
  }
  const executor = createCommandExecutor({
    notify: (t) => toasts.push(t),
    logger,
    prefersReducedMotion: opts.reduced ?? false,
    highlightMs: opts.highlightMs ?? 50,
  })
  return { executor, toasts, logs }
}

let current: CommandExecutor | undefined
afterEach(() => {
  current?.dispose()
  current = undefined
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('scroll', () => {
  let scrollBy: ReturnType<typeof vi.fn>
  let scrollTo: ReturnType<typeof vi.fn>
  beforeEach(() => {
    scrollBy = vi.fn()
    scrollTo = vi.fn()
    vi.spyOn(window, 'scrollBy').mockImplementation(scrollBy as never)
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as never)
  })

  it('moves down and up by 80% of the window height, smoothly', () => {
    const { executor, toasts } = setup('<main style="height:5000px"></main>')
    current = executor
    expect(executor.execute({ action: 'scroll', direction: 'down' }).status).toBe('executed')
    expect(executor.execute({ type: 'scroll', direction: 'UP' }).status).toBe('executed')
    const step = Math.round(window.innerHeight * 0.8)
    expect(scrollBy.mock.calls).toEqual([[{ top: step, behavior: 'smooth' }], [{ top: -step, behavior: 'smooth' }]])
    expect(toasts).toEqual([])
  })

  it('jumps to top and bottom, instantly under reduced motion', () => {
    const { executor } = setup('<main></main>', { reduced: true })
    current = executor
    executor.execute({ action: 'scroll', direction: 'top' })
    executor.execute({ action: 'scroll', direction: 'bottom' })
    expect(scrollTo.mock.calls[0]).toEqual([{ top: 0, behavior: 'auto' }])
    expect(scrollTo.mock.calls[1]?.[0]).toMatchObject({ behavior: 'auto' })
  })

  it('defaults a missing direction to down and refuses a bad one', () => {
    const { executor, logs, toasts } = setup('')
    current = executor
    expect(executor.execute({ action: 'scroll' }).status).toBe('executed')
    expect(executor.execute({ action: 'scroll', direction: 'sideways' }).status).toBe('invalid')
    expect(logs.some((l) => l.startsWith('warn refused invalid voice command'))).toBe(true)
    // SPEC §8: malformed messages are only logged
    expect(toasts).toEqual([])
  })
})

describe('click', () => {
  it('clicks by visible text / accessible name and toasts Element Clicked', () => {
    const { executor, toasts } = setup(`
      <p>Want to watch demo videos? Read on.</p>
      <a id="demo" href="#demo-video">Watch Demo</a>
      <button id="icon" aria-label="Open menu"><svg></svg></button>`)
    current = executor
    const clicked: string[] = []
    document.addEventListener('click', (e) => clicked.push((e.target as Element).id))
    document.querySelector('a')!.addEventListener('click', (e) => e.preventDefault())
    expect(executor.execute({ action: 'click', targetText: 'the watch demo button' })).toMatchObject({
      status: 'executed',
    })
    expect(executor.execute({ action: 'click', targetText: 'open menu' })).toMatchObject({ status: 'executed' })
    expect(clicked).toEqual(['demo', 'icon'])
    expect(toasts).toEqual([
      expect.objectContaining({
        type: 'success',
        titleKey: 'toast.elementClicked.title',
        title: 'Element Clicked',
        ns: 'voice',
      }),
      expect.objectContaining({ title: 'Element Clicked' }),
    ])
  })

  it('clicks by selector and by role, skipping hidden and disabled elements', () => {
    const { executor } = setup(`
      <button class="go" hidden>Go</button>
      <button class="go" disabled>Go</button>
      <button class="go" id="ok">Go</button>
      <div role="tab" id="tab1" style="display:none">One</div>
      <div role="tab" id="tab2">Two</div>`)
    current = executor
    const clicked: string[] = []
    document.addEventListener('click', (e) => {
      const el = e.target as Element
      clicked.push(el.id)
      if (el.getAttribute('role') === 'tab') el.setAttribute('aria-selected', 'true') // a tab selects on click
    })
    expect(executor.execute({ action: 'click', selector: 'button.go' }).status).toBe('executed')
    expect(executor.execute({ action: 'click', role: 'tab' }).status).toBe('executed')
    expect(executor.execute({ action: 'click', role: 'tab', targetText: 'two' }).status).toBe('executed')
    expect(clicked).toEqual(['ok', 'tab2', 'tab2'])
  })

  it('clicks a React-style onClick div found only by its text', () => {
    const { executor } = setup(`<div class="card"><div id="plain">Join the waitlist</div></div>`)
    current = executor
    const onClick = vi.fn()
    document.getElementById('plain')!.addEventListener('click', onClick)
    expect(executor.execute({ action: 'click', targetText: 'join the waitlist' }).status).toBe('executed')
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('refuses disabled-only and hidden-only matches with Command Failed (one toast per window, see toast-flood.test.ts)', () => {
    const { executor, toasts } = setup(`<button disabled>Buy</button><button style="visibility:hidden">Sell</button>`)
    current = executor
    expect(executor.execute({ action: 'click', targetText: 'buy' })).toMatchObject({
      status: 'refused',
      reason: 'disabled',
    })
    expect(executor.execute({ action: 'click', targetText: 'sell' })).toMatchObject({
      status: 'refused',
      reason: 'hidden',
    })
    expect(executor.execute({ action: 'click', targetText: 'nothing like this' })).toMatchObject({
      status: 'refused',
      reason: 'not-found',
    })
    expect(toasts.map((t) => [t.title, t.description])).toEqual([
      ['Command Failed', 'Could not execute the voice command'],
    ])
  })

  it('never follows a javascript: URL (also obfuscated, also via a nested span or a form action)', () => {
    const { executor } = setup(`
      <a id="a1" href="javascript:alert(1)">Evil one</a>
      <a id="a2" href="  JaVa&#9;ScRiPt:alert(2)"><span>Evil two</span></a>
      <form action="javascript:alert(3)"><button id="b3">Evil three</button></form>`)
    current = executor
    const clicks = vi.fn()
    document.addEventListener('click', clicks, true)
    for (const targetText of ['evil one', 'evil two', 'evil three']) {
      expect(executor.execute({ action: 'click', targetText })).toMatchObject({
        status: 'refused',
        reason: 'unsafe-url',
      })
    }
    expect(executor.execute({ action: 'click', selector: 'a span' })).toMatchObject({
      status: 'refused',
      reason: 'unsafe-url',
    })
    expect(clicks).not.toHaveBeenCalled()
  })

  it('refuses a bad selector with a log line instead of throwing', () => {
    const { executor, logs, toasts } = setup('<button>x</button>')
    current = executor
    expect(() => executor.execute({ action: 'click', selector: 'button[[[' })).not.toThrow()
    expect(executor.execute({ action: 'click', selector: ':::nope' })).toMatchObject({
      status: 'refused',
      reason: 'bad-selector',
    })
    expect(logs.filter((l) => l.includes('bad-selector'))).toHaveLength(2)
    expect(toasts.every((t) => t.title === 'Command Failed')).toBe(true)
  })

  it('never acts inside [data-voice-ignore] (the widget itself)', () => {
    const { executor } = setup(`<div data-voice-ignore><button>Stop</button></div>`)
    current = executor
    expect(executor.execute({ action: 'click', targetText: 'stop' })).toMatchObject({ status: 'refused' })
  })

  it('highlights the element briefly and restores its style', async () => {
    const { executor } = setup(`<button id="b" style="color: red">Hi</button>`, { highlightMs: 20 })
    current = executor
    executor.execute({ action: 'click', targetText: 'hi' })
    const b = document.getElementById('b')!
    expect(b.hasAttribute(HIGHLIGHT_ATTRIBUTE)).toBe(true)
    expect(b.style.getPropertyValue('outline')).not.toBe('')
    expect(b.style.getPropertyValue('transition')).not.toBe('')
    await new Promise((r) => setTimeout(r, 40))
    expect(b.hasAttribute(HIGHLIGHT_ATTRIBUTE)).toBe(false)
    expect(b.style.getPropertyValue('outline')).toBe('')
    expect(b.style.getPropertyValue('color')).toBe('red')
  })

  it('adds no transition under reduced motion', () => {
    const { executor } = setup(`<button id="b">Hi</button>`, { reduced: true })
    current = executor
    executor.execute({ action: 'click', targetText: 'hi' })
    expect(document.getElementById('b')!.style.getPropertyValue('transition')).toBe('')
  })
})

describe('fill', () => {
  const form = `
    <form>
      <input id="search" type="search" placeholder="Search">
      <label for="name">Full name</label><input id="name" name="fullName">
      <label>Work e-mail <input id="email" type="email" name="contact"></label>
      <input id="phone" type="tel" name="userPhone">
      <input id="site" name="website_url">
      <input id="ro" type="text" readonly aria-label="Locked">
      <input id="pw" type="password" aria-label="Password">
      <input id="num" type="number" aria-label="Team size" maxlength="3">
      <input id="cb" type="checkbox" aria-label="Agree">
      <textarea id="msg" aria-label="Tell us more"></textarea>
    </form>`

  it('finds the field by label text first', () => {
    const { executor, toasts } = setup(form)
    current = executor
    expect(executor.execute({ action: 'fill', fieldHint: 'full name', value: 'Ada Lovelace' })).toMatchObject({
      status: 'executed',
    })
    expect((document.getElementById('name') as HTMLInputElement).value).toBe('Ada Lovelace')
    expect(executor.execute({ action: 'fill', fieldHint: 'work email', value: 'ada@example.com' }).status).toBe(
      'executed',
    )
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('ada@example.com')
    expect(toasts[1]).toMatchObject({
      type: 'success',
      title: 'Field Filled',
      titleKey: 'toast.fieldFilled.title',
      descriptionKey: 'toast.fieldFilled.description',
      values: { value: 'ada@example.com' },
      description: 'Entered: ada@example.com',
    })
  })

  it('then by field type mapping (fieldType or a type word in the hint)', () => {
    const { executor } = setup(form)
    current = executor
    executor.execute({ action: 'fill', fieldType: 'phone', value: '+91 98765 43210' })
    expect((document.getElementById('phone') as HTMLInputElement).value).toBe('+91 98765 43210')
    executor.execute({ action: 'fill', fieldType: 'textarea', value: 'Hello' })
    expect((document.getElementById('msg') as HTMLTextAreaElement).value).toBe('Hello')
    executor.execute({ action: 'fill', fieldHint: 'your mobile', value: '123' })
    expect((document.getElementById('phone') as HTMLInputElement).value).toBe('123')
  })

  it('then by name; the first visible enabled field only when it is the only one (never a guess)', () => {
    const { executor } = setup(form)
    current = executor
    executor.execute({ action: 'fill', fieldHint: 'website', value: 'example.com' })
    expect((document.getElementById('site') as HTMLInputElement).value).toBe('example.com')
    const many = executor.execute({ action: 'fill', value: 'anything' })
    expect(many).toMatchObject({ status: 'refused', reason: 'not-found' })
    expect((document.getElementById('search') as HTMLInputElement).value).toBe('')
    executor.dispose()
    const one = setup(
      '<form><label>Search <input id="only" type="search"></label><input type="checkbox" aria-label="Exact"></form>',
    )
    current = one.executor
    expect(one.executor.execute({ action: 'fill', value: 'anything' }).status).toBe('executed')
    expect((document.getElementById('only') as HTMLInputElement).value).toBe('anything')
  })

  it('never writes into read-only, disabled, hidden or non-text fields; Field Not Found when none is left', () => {
    const { executor, toasts } = setup(`
      <input readonly aria-label="Locked"><input disabled aria-label="Off"><input type="hidden" name="h">
      <input type="checkbox" aria-label="Agree"><select aria-label="Pick"></select><div contenteditable>x</div>`)
    current = executor
    // the best label match is read-only: refused with that reason, not passed to another field
    expect(executor.execute({ action: 'fill', fieldHint: 'locked', value: 'x' })).toMatchObject({
      status: 'refused',
      reason: 'readonly',
    })
    expect(toasts.at(-1)).toMatchObject({
      type: 'error',
      title: 'Field Not Found',
      description: 'Could not locate the input field',
      titleKey: 'toast.fieldNotFound.title',
      descriptionKey: 'toast.fieldNotFound.description',
    })
    expect(executor.execute({ action: 'fill', selector: 'input[readonly]', value: 'x' })).toMatchObject({
      reason: 'readonly',
    })
    expect(executor.execute({ action: 'fill', selector: 'input[disabled]', value: 'x' })).toMatchObject({
      reason: 'disabled',
    })
  })

  it('masks passwords in the toast; a value maxlength would cut short is refused, nothing written', () => {
    const { executor, toasts } = setup(form)
    current = executor
    executor.execute({ action: 'fill', fieldHint: 'password', value: 'hunter2' })
    expect((document.getElementById('pw') as HTMLInputElement).value).toBe('hunter2')
    expect(toasts.at(-1)?.description).toBe('Entered: •••••••')
    expect(JSON.stringify(toasts)).not.toContain('hunter2')
    // maxlength does not apply to number inputs (HTML §4.10.5.3.1): the whole number is written.
    executor.execute({ action: 'fill', fieldHint: 'team size', value: '12345' })
    expect((document.getElementById('num') as HTMLInputElement).value).toBe('12345')
    const pw = document.getElementById('pw') as HTMLInputElement
    pw.maxLength = 4
    const result = executor.execute({ action: 'fill', fieldHint: 'password', value: 'correct horse' })
    expect(result).toMatchObject({ status: 'refused', reason: 'rejected-value' })
    expect(result.status === 'refused' && result.detail).toContain('at most 4 characters')
    expect(pw.value).toBe('hunter2')
    expect(JSON.stringify(result)).not.toContain('hunter2')
  })

  it('fires input then change and focuses the field', () => {
    const { executor } = setup(form)
    current = executor
    const events: string[] = []
    const el = document.getElementById('name') as HTMLInputElement
    el.addEventListener('input', () => events.push(`input:${el.value}`))
    el.addEventListener('change', () => events.push(`change:${el.value}`))
    executor.execute({ action: 'fill', fieldHint: 'full name', value: 'Grace' })
    expect(events).toEqual(['input:Grace', 'change:Grace'])
    expect(document.activeElement).toBe(el)
  })
})

describe('toggle', () => {
  it('toggles checkboxes (by label), and honours an explicit end state', () => {
    const { executor, toasts } = setup(`<label><input id="news" type="checkbox"> Subscribe to newsletter</label>`)
    current = executor
    const cb = document.getElementById('news') as HTMLInputElement
    const changes = vi.fn()
    cb.addEventListener('change', changes)
    expect(executor.execute({ action: 'toggle', targetText: 'newsletter' }).status).toBe('executed')
    expect(cb.checked).toBe(true)
    expect(executor.execute({ action: 'toggle', targetText: 'newsletter', value: 'on' }).status).toBe('executed')
    expect(cb.checked).toBe(true)
    expect(executor.execute({ action: 'toggle', fieldHint: 'subscribe to newsletter', value: false }).status).toBe(
      'executed',
    )
    expect(cb.checked).toBe(false)
    expect(changes).toHaveBeenCalledTimes(2)
    expect(toasts).toEqual([])
  })

  it('toggles a visually hidden input through its visible label', () => {
    const { executor } = setup(
      `<input id="dark" type="checkbox" style="display:none"><label for="dark">Dark mode</label>`,
    )
    current = executor
    expect(executor.execute({ action: 'toggle', targetText: 'dark mode' }).status).toBe('executed')
    expect((document.getElementById('dark') as HTMLInputElement).checked).toBe(true)
  })

  it('toggles role=switch, aria-pressed and aria-expanded controls by clicking them', () => {
    const { executor } = setup(`
      <button id="sw" role="switch" aria-checked="false">Notifications</button>
      <button id="bold" aria-pressed="false">Bold</button>
      <button id="faq" aria-expanded="false" aria-controls="p">Show FAQ</button>`)
    current = executor
    for (const id of ['sw', 'bold', 'faq']) {
      const el = document.getElementById(id)!
      el.addEventListener('click', () => {
        const attr = id === 'sw' ? 'aria-checked' : id === 'bold' ? 'aria-pressed' : 'aria-expanded'
        el.setAttribute(attr, String(el.getAttribute(attr) !== 'true'))
      })
    }
    executor.execute({ action: 'toggle', role: 'switch' })
    executor.execute({ action: 'toggle', targetText: 'bold' })
    executor.execute({ action: 'toggle', targetText: 'show faq' })
    expect(document.getElementById('sw')!.getAttribute('aria-checked')).toBe('true')
    expect(document.getElementById('bold')!.getAttribute('aria-pressed')).toBe('true')
    expect(document.getElementById('faq')!.getAttribute('aria-expanded')).toBe('true')
  })

  it('opens and closes details by its summary text', () => {
    const { executor } = setup(`<details id="d"><summary>Pricing details</summary><p>Soon</p></details>`)
    current = executor
    const d = document.getElementById('d') as HTMLDetailsElement
    executor.execute({ action: 'toggle', targetText: 'pricing details' })
    expect(d.open).toBe(true)
    executor.execute({ action: 'toggle', selector: '#d' })
    expect(d.open).toBe(false)
  })

  it('selects radios but refuses to switch one off; refuses disabled switches', () => {
    const { executor } = setup(`
      <label><input type="radio" name="plan" id="pro"> Pro</label>
      <button role="switch" aria-checked="false" aria-disabled="true">Beta</button>`)
    current = executor
    expect(executor.execute({ action: 'toggle', targetText: 'pro' }).status).toBe('executed')
    expect((document.getElementById('pro') as HTMLInputElement).checked).toBe(true)
    expect(executor.execute({ action: 'toggle', targetText: 'pro', value: 'off' })).toMatchObject({
      reason: 'not-toggleable',
    })
    expect(executor.execute({ action: 'toggle', targetText: 'beta' })).toMatchObject({ reason: 'disabled' })
  })
})

describe('messages', () => {
  it('only logs an unknown type and refuses invalid messages without throwing', () => {
    const { executor, logs, toasts } = setup('')
    current = executor
    expect(executor.execute({ action: 'navigate', url: '/pricing' })).toMatchObject({ status: 'unknown' })
    expect(toasts).toEqual([])
    expect(logs).toContain('info ignored voice command of unknown type "navigate"')
    for (const bad of [null, undefined, 42, 'click', [], { action: 7 }, { action: 'click' }, { action: 'fill' }]) {
      expect(executor.execute(bad).status).toBe('invalid')
    }
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom')
        },
      },
    )
    expect(executor.execute(throwing).status).toBe('invalid')
  })

  it('refuses everything (no throw) when there is no document', () => {
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, root: undefined })
    const spy = vi.spyOn(globalThis, 'document', 'get').mockReturnValue(undefined as never)
    expect(executor.execute({ action: 'scroll', direction: 'down' })).toMatchObject({
      status: 'refused',
      reason: 'no-document',
    })
    spy.mockRestore()
  })

  it('survives a throwing notify()', () => {
    document.body.innerHTML = '<button>Hi</button>'
    const executor = createCommandExecutor({
      notify: () => {
        throw new Error('toast down')
      },
      logger: {},
    })
    current = executor
    expect(executor.execute({ action: 'click', targetText: 'hi' }).status).toBe('executed')
  })
})

describe('a lookup on a big page runs in slices, giving the page turns', () => {
  const bigPage = (rows: number) => {
    document.body.innerHTML = `<label for="q">Search</label><input id="q"><table><tbody>${Array.from(
      { length: rows },
      (_, i) =>
        `<tr><td><label><input type="checkbox" id="cmp${i}"> Compare product ${i}</label></td><td><button type="button" id="add${i}">Add product ${i} to cart</button></td></tr>`,
    ).join('')}</tbody></table>`
  }

  it('acts on the right element after the page had turns, and later commands wait for it', async () => {
    bigPage(400)
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, lookupSliceMs: 0 })
    const order: string[] = []
    document.addEventListener('click', (e) => order.push((e.target as Element).id), true)
    document.addEventListener('input', (e) => order.push((e.target as Element).id), true)
    let turns = 0
    const ticking = setInterval(() => turns++, 0)
    const click = executor.execute({ action: 'click', targetText: 'Add product 399 to cart' })
    // Queued behind the click: runs only once it has ended, though its own lookup is short.
    const fill = executor.execute({ action: 'fill', fieldHint: 'search', value: 'mugs' })
    expect(click.status).toBe('executed')
    expect(order).toEqual([]) // nothing acted yet: the lookup goes on in later tasks
    if (click.status !== 'executed' || !click.settled || fill.status !== 'executed' || !fill.settled)
      throw new Error('expected commands that end later')
    await click.settled
    await fill.settled
    clearInterval(ticking)
    expect(turns).toBeGreaterThan(0)
    expect(click.settledResult).toMatchObject({ status: 'executed', target: document.getElementById('add399') })
    expect(fill.settledResult).toMatchObject({ status: 'executed', target: document.getElementById('q') })
    expect(order).toEqual(['add399', 'q'])
    executor.dispose()
  })

  it('commands queued behind one that ends later run in the order they came, even when each is sliced', async () => {
    bigPage(400)
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, lookupSliceMs: 0 })
    const order: string[] = []
    document.addEventListener('click', (e) => order.push((e.target as Element).id), true)
    const first = executor.execute({ action: 'click', targetText: 'Add product 399 to cart' })
    const second = executor.execute({ action: 'click', targetText: 'Add product 398 to cart' })
    const third = executor.execute({ action: 'click', targetText: 'Add product 397 to cart' })
    if (first.status !== 'executed' || !first.settled) throw new Error('expected a click that ends later')
    await first.settled
    await new Promise((resolve) => setTimeout(resolve, 0))
    // The second command's own lookup is now under way in slices; the third still waits for it.
    expect(order).toEqual(['add399'])
    const fourth = executor.execute({ action: 'click', targetText: 'Add product 396 to cart' })
    for (const r of [second, third, fourth]) if (r.status === 'executed') await r.settled
    expect(order).toEqual(['add399', 'add398', 'add397', 'add396'])
    executor.dispose()
  })

  it('a refusal found in slices is reported as the settled result; a toggle too', async () => {
    bigPage(400)
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, lookupSliceMs: 0 })
    const nothing = executor.execute({ action: 'click', targetText: 'Checkout now' })
    const toggle = executor.execute({ action: 'toggle', targetText: 'Compare product 200' })
    if (nothing.status !== 'executed' || !nothing.settled || toggle.status !== 'executed' || !toggle.settled)
      throw new Error('expected commands that end later')
    await nothing.settled
    await toggle.settled
    expect(nothing.settledResult).toMatchObject({ status: 'refused', reason: 'not-found' })
    expect(toggle.settledResult).toMatchObject({ status: 'executed', target: document.getElementById('cmp200') })
    expect((document.getElementById('cmp200') as HTMLInputElement).checked).toBe(true)
    executor.dispose()
  })

  it('a small page answers at once (execute() returns the outcome)', () => {
    bigPage(20)
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, lookupSliceMs: 0 })
    const r = executor.execute({ action: 'click', targetText: 'Add product 19 to cart' })
    expect(r).toMatchObject({ status: 'executed', target: document.getElementById('add19') })
    expect(r.status === 'executed' && r.settled).toBeFalsy()
    executor.dispose()
  })

  /** An order form with a labelled quantity field per row (and a size select every tenth row). */
  const orderForm = (rows: number) => {
    document.body.innerHTML = `<form><label for="promo">Promo code</label><input id="promo"><table><tbody>${Array.from(
      { length: rows },
      (_, i) =>
        `<tr><td><label for="qty${i}">Quantity of item ${i}</label><input id="qty${i}" type="number"></td>${
          i % 10 === 0
            ? `<td><label for="size${i}">Size of item ${i}</label><select id="size${i}"><option>Small</option><option>Large</option></select></td>`
            : ''
        }</tr>`,
    ).join('')}</tbody></table></form>`
  }

  it('a fill on a page of many fields gives the page turns, then fills the field named', async () => {
    orderForm(2_000)
    const toasts: VoiceToast[] = []
    const executor = createCommandExecutor({
      notify: (t) => toasts.push(t),
      logger: {},
      highlightMs: 0,
      lookupSliceMs: 0,
    })
    const inputs: string[] = []
    document.addEventListener('input', (e) => inputs.push((e.target as Element).id), true)
    let turns = 0
    const ticking = setInterval(() => turns++, 0)
    const qty = executor.execute({ action: 'fill', fieldHint: 'quantity of item 1999', value: 'three' })
    const size = executor.execute({ action: 'fill', fieldHint: 'size of item 1990', value: 'large' })
    expect(inputs).toEqual([]) // nothing filled yet: the lookup goes on in later tasks
    if (qty.status !== 'executed' || !qty.settled || size.status !== 'executed' || !size.settled)
      throw new Error('expected fills that end later')
    await qty.settled
    await size.settled
    clearInterval(ticking)
    expect(turns).toBeGreaterThan(0)
    expect(qty.settledResult).toMatchObject({ status: 'executed', target: document.getElementById('qty1999') })
    expect(size.settledResult).toMatchObject({ status: 'executed', target: document.getElementById('size1990') })
    expect((document.getElementById('qty1999') as HTMLInputElement).value).toBe('3')
    expect((document.getElementById('size1990') as HTMLSelectElement).value).toBe('Large')
    expect(inputs).toEqual(['qty1999', 'size1990'])
    expect(toasts.map((t) => t.values?.['value'])).toEqual(['3', 'Large'])
    executor.dispose()
  })

  it('a fill refused in slices lists the closest field names, as in one go', async () => {
    orderForm(2_000)
    const sliced = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, lookupSliceMs: 0 })
    const whole = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, lookupSliceMs: Infinity })
    const inOneGo = whole.execute({ action: 'fill', fieldHint: 'coupon', value: 'SAVE10' })
    const r = sliced.execute({ action: 'fill', fieldHint: 'coupon', value: 'SAVE10' })
    expect(inOneGo).toMatchObject({ status: 'refused', reason: 'not-found' })
    expect(inOneGo.status === 'refused' && inOneGo.detail).toMatch(/^no field labelled "coupon"; fields here: "/)
    if (r.status !== 'executed' || !r.settled) throw new Error('expected a fill that ends later')
    await r.settled
    expect(r.settledResult).toEqual(inOneGo)
    expect((document.getElementById('promo') as HTMLInputElement).value).toBe('')
    sliced.dispose()
    whole.dispose()
  })

  it('a fill on a page of a few fields answers at once', () => {
    orderForm(100)
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, lookupSliceMs: 0 })
    const r = executor.execute({ action: 'fill', fieldHint: 'quantity of item 99', value: '2' })
    expect(r).toMatchObject({ status: 'executed', target: document.getElementById('qty99') })
    expect(r.status === 'executed' && r.settled).toBeFalsy()
    executor.dispose()
  })
})
