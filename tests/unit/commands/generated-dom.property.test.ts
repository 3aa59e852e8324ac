// @vitest-environment happy-dom
/**
 * Properties on generated pages (fast-check): for random DOMs built from the patterns third-party sites use —
 * links (safe, `javascript:`/`vbscript:`/`data:` with obfuscation, SVG `href`/`xlink:href`), submit buttons in
 * forms with unsafe actions and the labels that activate them, shadow roots with slotted text, fields with
 * labels and decoy placeholders/aria-labels, disabled and hidden items, the widget (`[data-voice-ignore]`) —
 * and random click/toggle/fill commands:
 * - nothing ever activates a script URL, an invisible or disabled element, or anything inside the widget;
 * - fill never writes a field other than the best label match when one exists.
 * The oracles below are independent of the executor: they watch the events the page receives and judge them
 * with their own rules. (happy-dom has no layout: box-based visibility is checked in tests/e2e/corpus.spec.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import fc from 'fast-check'
import { createCommandExecutor, createCommandRouter } from '../../../src/voice/commands'

const WORDS = [
  'Company',
  'Email',
  'Delete Account',
  'Delete Account Settings',
  'Pricing',
  'Subscribe',
  'City',
  'Coupon',
  'Next',
]
const UNSAFE = [
  'javascript:window.__pwned=1',
  ' JaVa\tScRiPt:1',
  'vbscript:msgbox(1)',
  'data:text/html,<b>x</b>',
  'java\nscript:1',
]
const SAFE = ['#a', '#b', '/page', 'https://example.com/x']

type Hide = 'none' | 'hidden-attr' | 'display-none' | 'opacity' | 'aria-hidden' | 'visibility'
interface Item {
  kind: 'link' | 'svg-link' | 'button' | 'submit-in-form' | 'label-for-submit' | 'shadow-link' | 'field' | 'checkbox'
  word: string
  url: string
  unsafe: boolean
  disabled: boolean
  hide: Hide
  ignored: boolean
  decoy: 'none' | 'placeholder' | 'aria-label' | 'title'
}

const item: fc.Arbitrary<Item> = fc
  .record({
    kind: fc.constantFrom(
      'link',
      'svg-link',
      'button',
      'submit-in-form',
      'label-for-submit',
      'shadow-link',
      'field',
      'field',
      'checkbox',
    ),
    word: fc.constantFrom(...WORDS),
    unsafe: fc.boolean(),
    unsafeUrl: fc.constantFrom(...UNSAFE),
    safeUrl: fc.constantFrom(...SAFE),
    disabled: fc.constantFrom(false, false, false, true),
    hide: fc.constantFrom<Hide>(
      'none',
      'none',
      'none',
      'hidden-attr',
      'display-none',
      'opacity',
      'aria-hidden',
      'visibility',
    ),
    ignored: fc.constantFrom(false, false, false, true),
    decoy: fc.constantFrom('none', 'none', 'placeholder', 'aria-label', 'title'),
  })
  .map(({ unsafeUrl, safeUrl, ...r }) => ({ ...r, url: r.unsafe ? unsafeUrl : safeUrl }))

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Builds the page; returns the ids of fields whose `<label>` text is each word. */
function render(items: Item[]): { html: string; shadow: { id: string; url: string }[] } {
  const parts: string[] = []
  const shadow: { id: string; url: string }[] = []
  items.forEach((it, i) => {
    const id = `i${i}`
    const dis = it.disabled ? ' disabled' : ''
    const decoyWord = WORDS[(WORDS.indexOf(it.word) + 1) % WORDS.length]!
    const decoy = it.decoy === 'none' ? '' : ` ${it.decoy}="${esc(decoyWord)}"`
    let inner: string
    switch (it.kind) {
      case 'link':
        inner = `<a id="${id}" href="${esc(it.url)}"${it.disabled ? ' aria-disabled="true"' : ''}${decoy}>${esc(it.word)}</a>`
        break
      case 'svg-link':
        inner = `<svg><a id="${id}" ${i % 2 ? 'href' : 'xlink:href'}="${esc(it.url)}" xmlns:xlink="http://www.w3.org/1999/xlink"><text>${esc(it.word)}</text></a></svg>`
        break
      case 'button':
        inner = `<button type="button" id="${id}"${dis}${decoy}>${esc(it.word)}</button>`
        break
      case 'submit-in-form':
        inner = `<form action="${esc(it.url)}"><button id="${id}"${dis}>${esc(it.word)}</button></form>`
        break
      case 'label-for-submit':
        inner = `<form action="${esc(it.url)}"><button id="${id}-btn"${dis}>Go ${i}</button></form><label id="${id}" for="${id}-btn">${esc(it.word)}</label>`
        break
      case 'shadow-link':
        inner = `<x-host id="${id}-host"><span id="${id}">${esc(it.word)}</span></x-host>`
        shadow.push({ id: `${id}-host`, url: it.url })
        break
      case 'field':
        inner = `<label for="${id}">${esc(it.word)}</label><input id="${id}"${dis}${decoy}>`
        break
      case 'checkbox':
        inner = `<label><input type="checkbox" id="${id}"${dis}> ${esc(it.word)}</label>`
        break
    }
    const hideAttr = {
      none: '',
      'hidden-attr': ' hidden',
      'display-none': ' style="display:none"',
      opacity: ' style="opacity:0"',
      'aria-hidden': ' aria-hidden="true"',
      visibility: ' style="visibility:hidden"',
    }[it.hide]
    const marks = `${it.hide !== 'none' ? ' data-gen-hidden' : ''}${it.ignored ? ' data-voice-ignore' : ''}`
    parts.push(`<div${hideAttr}${marks}>${inner}</div>`)
  })
  return { html: parts.join('\n'), shadow }
}

const command = fc.oneof(
  fc.record({ action: fc.constant('click'), targetText: fc.constantFrom(...WORDS, 'delete', 'account', 'go 1') }),
  fc.record({ action: fc.constant('toggle'), targetText: fc.constantFrom(...WORDS) }),
  fc.record({ action: fc.constant('fill'), fieldHint: fc.constantFrom(...WORDS), value: fc.constant('v') }),
  fc.record({
    action: fc.constant('click'),
    selector: fc.constantFrom('a', 'button', 'label', 'span', 'svg text', '#i0', '#i1', '#i2', '[id] span'),
  }),
)

const scriptUrl = (url: string | null) =>
  // eslint-disable-next-line no-control-regex -- C0 controls and space, which browsers strip from a URL's scheme
  url !== null && /^(javascript|vbscript|data):/i.test(url.replace(/[\u0000-\u0020\u007f]/g, ''))

/** The flat-tree parent in these generated pages: a light child of a host goes to the host's only slot. */
function parentOf(node: Element): Element | null {
  const parent = node.parentNode as (Node & { host?: Element }) | null
  if (parent && (parent as Element).shadowRoot && node.parentElement === parent) {
    const slot = (parent as Element).shadowRoot!.querySelector('slot')
    if (slot) return slot
  }
  if (parent && parent.nodeType === 11 && parent.host) return parent.host
  return node.parentElement
}

let violations: string[] = []
const written: Element[] = []

function judgeActivation(target: Element, what: string) {
  for (let n: Element | null = target; n; n = parentOf(n)) {
    if (n.hasAttribute('data-gen-hidden')) violations.push(`${what} inside a hidden item (#${target.id})`)
    if (n.hasAttribute('data-voice-ignore')) violations.push(`${what} inside the widget (#${target.id})`)
    if ((n as HTMLButtonElement).disabled === true || n.getAttribute('aria-disabled') === 'true')
      violations.push(`${what} a disabled element (#${n.id})`)
    if (
      n.localName === 'a' &&
      (scriptUrl(n.getAttribute('href')) || scriptUrl(n.getAttributeNS('http://www.w3.org/1999/xlink', 'href')))
    ) {
      violations.push(`${what} a script link (#${target.id})`)
    }
    const control = n.localName === 'label' ? (n as HTMLLabelElement).control : n
    if (
      control &&
      control.localName === 'button' &&
      scriptUrl((control as HTMLButtonElement).form?.getAttribute('action') ?? null)
    ) {
      violations.push(`${what} a submit into a script form action (#${target.id})`)
    }
  }
}

beforeAll(() => {
  customElements.define('x-host', class extends HTMLElement {})
  document.addEventListener(
    'click',
    (e) => {
      judgeActivation(e.target as Element, 'clicked')
      // Nothing navigates; a checkbox still toggles, as it does for a visitor (a press that changes nothing
      // is pressed again and reported not taken: src/voice/commands/taken.ts).
      const checkbox = e.target instanceof HTMLInputElement && e.target.type === 'checkbox'
      if (!checkbox) e.preventDefault()
    },
    true,
  )
  document.addEventListener(
    'input',
    (e) => {
      judgeActivation(e.target as Element, 'filled')
      written.push(e.target as Element)
    },
    true,
  )
  document.addEventListener(
    'submit',
    (e) => {
      if (scriptUrl((e.target as HTMLFormElement).getAttribute('action'))) violations.push('submitted a script form')
      e.preventDefault()
    },
    true,
  )
})
afterAll(() => {
  document.body.innerHTML = ''
})

it('on generated pages, no command activates a script URL, an invisible or disabled element, or the widget; fill takes the best label', () => {
  const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, prefersReducedMotion: true })
  let t = 0
  const router = createCommandRouter({ executor, logger: {}, now: () => (t += 5_000) })
  const tally: Record<string, number> = {}
  fc.assert(
    fc.property(
      fc.array(item, { minLength: 1, maxLength: 12 }),
      fc.array(command, { minLength: 1, maxLength: 6 }),
      (items, commands) => {
        const { html, shadow } = render(items)
        document.body.innerHTML = html
        for (const s of shadow) {
          const host = document.getElementById(s.id)!
          host.attachShadow({ mode: 'open' }).innerHTML = `<a href="${esc(s.url)}"><slot></slot></a>`
        }
        for (const cmd of commands) {
          violations = []
          written.length = 0
          const result = router.route(cmd, 'realtime')
          const key = `${cmd.action}:${result.status}${result.status === 'refused' ? `:${result.reason}` : ''}`
          tally[key] = (tally[key] ?? 0) + 1
          if (violations.length > 0) throw new Error(`${JSON.stringify(cmd)} → ${violations.join('; ')}\n${html}`)
          if (cmd.action === 'fill' && written.length > 0) {
            const hint = (cmd as { fieldHint: string }).fieldHint
            const exact = items.flatMap((it, i) =>
              it.kind === 'field' && it.word === hint && !it.ignored ? [`i${i}`] : [],
            )
            if (exact.length > 0 && !exact.includes(written[0]!.id)) {
              throw new Error(
                `fill ${JSON.stringify(hint)} wrote #${written[0]!.id}, not one of the fields labelled so (${exact.join(', ')})\n${html}`,
              )
            }
          }
        }
      },
    ),
    { numRuns: 400, seed: Number(process.env.FC_SEED ?? 13_013), endOnFailure: true },
  )
  executor.dispose()
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
  // Not vacuous: commands really execute and really get refused for each reason.
  for (const key of [
    'click:executed',
    'fill:executed',
    'toggle:executed',
    'click:refused:unsafe-url',
    'click:refused:hidden',
    'click:refused:disabled',
    'fill:refused:hidden',
  ]) {
    expect(tally[key] ?? 0, `${key} in ${JSON.stringify(tally)}`).toBeGreaterThan(5)
  }
}, 120_000)
