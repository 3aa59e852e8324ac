// @vitest-environment happy-dom
/**
 * Exact and safe targeting on markup nobody here wrote: label-first fill (SPEC §5 "Voice fill"), exact accessible
 * names before weaker matches, the javascript: guard judging what really gets activated, no fall-through from a
 * refused best match, refusal reasons a person can read. (Layout-dependent refusals — opacity, zero size,
 * off-screen — run in Chromium: tests/e2e/corpus.spec.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createCommandExecutor,
  type CommandExecutor,
  type CommandResult,
  type VoiceToast,
} from '../../../src/voice/commands'
import { accessibleFieldName } from '../../../src/voice/commands/fieldNames'

let current: CommandExecutor | undefined
afterEach(() => {
  current?.dispose()
  current = undefined
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function setup(html: string) {
  document.body.innerHTML = html
  const toasts: VoiceToast[] = []
  const executor = createCommandExecutor({
    notify: (t) => toasts.push(t),
    logger: {},
    highlightMs: 0,
    prefersReducedMotion: true,
  })
  current = executor
  const clicked: string[] = []
  document.addEventListener(
    'click',
    (e) => {
      clicked.push((e.composedPath()[0] as Element).id || (e.target as Element).id)
      const link = (e.composedPath() as Element[]).find((n) => n instanceof Element && n.localName === 'a')
      if (link) e.preventDefault()
    },
    { capture: true },
  )
  const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value
  return { executor, toasts, clicked, value }
}

const reasonOf = (r: CommandResult) => (r.status === 'refused' ? r.reason : r.status)

describe('fill is label-first (SPEC §5)', () => {
  it('"fill company" writes Company, not the email field whose placeholder mentions a company', () => {
    const { executor, value } = setup(`
      <label for="email">Work email</label><input id="email" type="email" placeholder="you@company.com">
      <label for="company">Company <span>(optional)</span></label><input id="company" name="company">`)
    expect(executor.execute({ action: 'fill', fieldHint: 'company', value: 'Acme' }).status).toBe('executed')
    expect(value('company')).toBe('Acme')
    expect(value('email')).toBe('')
  })

  it('a field is named as assistive technology names it: aria-labelledby, aria-label, label, title, placeholder (HTML-AAM)', () => {
    const html = `<span id="lb">By labelledby</span>
      <label for="f">By label</label><input id="f" aria-labelledby="lb" aria-label="By aria label" title="By title" placeholder="By placeholder">`
    const sources = ['aria-labelledby', 'aria-label', 'label', 'title', 'placeholder']
    const expected = ['By labelledby', 'By aria label', 'By label', 'By title', 'By placeholder']
    for (let i = 0; i < sources.length; i++) {
      document.body.innerHTML = html
      const el = document.getElementById('f')!
      for (const gone of sources.slice(0, i)) {
        if (gone === 'label') document.querySelector('label')!.remove()
        else el.removeAttribute(gone)
      }
      expect(accessibleFieldName({ kind: 'text', element: el }), sources[i]).toBe(expected[i])
    }
  })

  it('the accessible name decides before a label an aria-label overrides', () => {
    const { executor, value } = setup(`
      <label for="a">Town</label><input id="a" aria-label="City">
      <input id="b" placeholder="Town">`)
    expect(executor.execute({ action: 'fill', fieldHint: 'town', value: 'Pune' }).status).toBe('executed')
    expect(value('b')).toBe('Pune')
    expect(executor.execute({ action: 'fill', fieldHint: 'city', value: 'Agra' }).status).toBe('executed')
    expect(value('a')).toBe('Agra')
  })

  it('a placeholder names a field only after every field’s name (an exact name wins over it)', () => {
    const { executor, value } = setup(`
      <label for="full">Full name</label><input id="full" placeholder="Asha">
      <label for="nick">Asha</label><input id="nick">`)
    executor.execute({ action: 'fill', fieldHint: 'asha', value: 'x' })
    expect(value('nick')).toBe('x')
    expect(value('full')).toBe('')
  })

  it('a refused best label match is reported, never replaced by another field', () => {
    const { executor, value } = setup(`
      <label for="co">Company</label><input id="co" disabled>
      <label for="other">Company website</label><input id="other">`)
    const result = executor.execute({ action: 'fill', fieldHint: 'company', value: 'Acme' })
    expect(result).toMatchObject({ status: 'refused', reason: 'disabled' })
    expect(result.status === 'refused' && result.detail).toMatch(/company/i)
    expect(value('other')).toBe('')
  })

  it('among fields tied for the best label, the usable one is chosen (hidden duplicate in another tab)', () => {
    const { executor, value } = setup(`
      <div hidden><label for="e1">Email</label><input id="e1"></div>
      <div><label for="e2">Email</label><input id="e2"></div>`)
    expect(executor.execute({ action: 'fill', fieldHint: 'email', value: 'a@b.co' }).status).toBe('executed')
    expect(value('e2')).toBe('a@b.co')
  })

  it('a refusal says what was not found in words ("no field labelled …")', () => {
    const { executor } = setup(`<label>Checkbox <input type="checkbox"></label>`)
    const result = executor.execute({ action: 'fill', fieldHint: 'Company', value: 'x' })
    expect(result).toMatchObject({ status: 'refused', reason: 'not-found' })
    expect(result.status === 'refused' && result.detail).toBe('no field labelled "Company"')
  })
})

describe('click: an exact accessible name wins', () => {
  it('over an element that only has the words in its title', () => {
    const { executor, clicked } = setup(
      `<button id="plans" title="Pricing">Plans</button><a id="pricing" href="#p">Pricing</a>`,
    )
    executor.execute({ action: 'click', targetText: 'pricing' })
    expect(clicked).toEqual(['pricing'])
  })

  it('over a longer name containing it, and a disabled exact match refuses instead of falling through', () => {
    const { executor, clicked, toasts } = setup(`
      <button id="settings">Delete Account Settings</button>
      <button id="delete" disabled>Delete Account</button>`)
    const result = executor.execute({ action: 'click', targetText: 'Delete Account' })
    expect(result).toMatchObject({ status: 'refused', reason: 'disabled' })
    expect(result.status === 'refused' && result.detail).toMatch(/"Delete Account" is disabled/)
    expect(clicked).toEqual([])
    expect(toasts.map((t) => t.title)).not.toContain('Element Clicked')
  })

  it('a tied duplicate (hidden mobile menu + visible desktop menu) is fine', () => {
    const { executor, clicked } = setup(`
      <nav hidden><a id="m" href="#x">Pricing</a></nav><nav><a id="d" href="#x">Pricing</a></nav>`)
    expect(executor.execute({ action: 'click', targetText: 'pricing' }).status).toBe('executed')
    expect(clicked).toEqual(['d'])
  })
})

describe('the javascript: guard judges what actually gets activated', () => {
  const evil = 'javascript:window.__pwned=1'

  it('a label (for= or wrapping) of a submit button in a javascript: form', () => {
    const { executor, clicked } = setup(`
      <form action="${evil}"><button id="send">Go</button></form>
      <label id="l1" for="send">Send it</label>
      <form action="${evil}"><label id="l2">Post now <input type="submit" value=""></label></form>`)
    for (const targetText of ['send it', 'post now']) {
      expect(reasonOf(executor.execute({ action: 'click', targetText }))).toBe('unsafe-url')
      expect(reasonOf(executor.execute({ action: 'toggle', targetText }))).not.toBe('executed')
    }
    expect(reasonOf(executor.execute({ action: 'click', selector: '#l1' }))).toBe('unsafe-url')
    expect(clicked).toEqual([])
  })

  it('an SVG link (href and xlink:href)', () => {
    const { executor, clicked } = setup(`
      <svg><a id="s1" href="${evil}"><text>Open chart</text></a>
      <a id="s2" xlink:href=" javascript:alert(2)" xmlns:xlink="http://www.w3.org/1999/xlink"><text>Open map</text></a></svg>`)
    expect(reasonOf(executor.execute({ action: 'click', targetText: 'open chart' }))).toBe('unsafe-url')
    expect(reasonOf(executor.execute({ action: 'click', targetText: 'open map' }))).toBe('unsafe-url')
    expect(reasonOf(executor.execute({ action: 'click', selector: 'svg text' }))).toBe('unsafe-url')
    expect(clicked).toEqual([])
  })

  it('a link inside a shadow root, reached through slotted text', () => {
    const { executor, clicked } = setup(`<fancy-link><span id="slotted">Resources</span></fancy-link>`)
    const host = document.querySelector('fancy-link')!
    host.attachShadow({ mode: 'open' }).innerHTML = `<a id="inner" href="${evil}"><slot></slot></a>`
    expect(reasonOf(executor.execute({ action: 'click', targetText: 'resources' }))).toBe('unsafe-url')
    expect(reasonOf(executor.execute({ action: 'click', selector: '#slotted' }))).toBe('unsafe-url')
    expect(clicked).toEqual([])
  })

  it('a javascript: link inside a shadow root is refused, never clicked through its host', () => {
    const { executor, clicked } = setup(`<privacy-link id="host" tabindex="0"></privacy-link>`)
    const host = document.getElementById('host')!
    host.attachShadow({ mode: 'open' }).innerHTML = `<a id="inner" href="${evil}">Privacy notice</a>`
    const onHost = vi.fn()
    host.addEventListener('click', onHost)
    expect(reasonOf(executor.execute({ action: 'click', targetText: 'privacy notice' }))).toBe('unsafe-url')
    expect(onHost).not.toHaveBeenCalled()
    expect(clicked).toEqual([])
  })

  it('still clicks a safe link inside a shadow root by its slotted text', () => {
    const { executor } = setup(`<fancy-button><span>Add to cart</span></fancy-button>`)
    const host = document.querySelector('fancy-button')!
    host.attachShadow({ mode: 'open' }).innerHTML = `<button id="inner"><slot></slot></button>`
    const inner = host.shadowRoot!.getElementById('inner')!
    const onClick = vi.fn()
    inner.addEventListener('click', onClick)
    expect(executor.execute({ action: 'click', targetText: 'add to cart' }).status).toBe('executed')
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
