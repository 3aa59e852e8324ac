// @vitest-environment happy-dom
/**
 * A click's first look at its candidates' names (src/voice/commands/namePrefilter.ts) never drops a candidate the
 * full accessible name would match: names from `aria-labelledby`, labels, an inner image's `alt`, shadow roots and
 * slots, text beside a `script`, names in Hindi, Tamil and with diacritics. Each case is chosen so that the
 * candidate's own text alone would not match: were it ruled out on that text, another element (or none) would be
 * clicked.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { chooseClickTarget, CLICKABLE_SELECTOR } from '../../../src/voice/commands/click'
import { accessibleName } from '../../../src/voice/commands/accessibleNames'
import { queryAllDeep, searchRoots } from '../../../src/voice/commands/dom'
import { createMatcher } from '../../../src/voice/commands/match'
import { createNamePrefilter } from '../../../src/voice/commands/namePrefilter'

afterEach(() => {
  document.body.innerHTML = ''
})

/** The element a click on `text` chooses: its id (inside a shadow root too), or the refusal's reason. */
function clickTarget(text: string): string {
  const choice = chooseClickTarget(document, { action: 'click', targetText: text }, { isIgnored: () => false })
  return choice.ok ? choice.element.id || `<${choice.element.localName}>` : choice.reason
}

/** A shadow root under `#hostId` with `html` in it. */
function shadow(hostId: string, html: string): ShadowRoot {
  const root = document.getElementById(hostId)!.attachShadow({ mode: 'open' })
  root.innerHTML = html
  return root
}

/**
 * Every clickable element of the page (document, shadow roots) against every query: wherever the full name scores,
 * the first look lets the element through.
 */
function expectNoneDropped(queries: string[]): void {
  const roots = searchRoots(document)
  const counts: number[] = []
  const found = queryAllDeep(document, CLICKABLE_SELECTOR, roots, counts)
  expect(found.length).toBeGreaterThan(0)
  for (const query of queries) {
    const score = createMatcher(query)
    const prefilter = createNamePrefilter(document, score)
    found.forEach((el, i) => {
      if (score(accessibleName(el)) > 0)
        expect([query, el.outerHTML, prefilter.mayMatch(el, i < counts[0]!)]).toEqual([query, el.outerHTML, true])
    })
  }
}

describe("a click's first look at names drops no candidate the full name matches", () => {
  it('a name from aria-labelledby (its own text says something else)', () => {
    document.body.innerHTML = `<span id="n">Darjeeling</span><button id="t" aria-labelledby="n">Buy</button>`
    expect(clickTarget('Darjeeling')).toBe('t')
    expectNoneDropped(['Darjeeling', 'buy'])
  })

  it('a checkbox named by <label for> is chosen before its label', () => {
    document.body.innerHTML = `<input type="checkbox" id="t"><label for="t" id="l">Weekly tasting notes</label>`
    expect(clickTarget('weekly tasting notes')).toBe('t')
    expectNoneDropped(['weekly tasting notes', 'notes'])
  })

  it('a checkbox inside its label', () => {
    document.body.innerHTML = `<label id="l"><input type="checkbox" id="t"> Weekly <b>tasting</b> notes</label>`
    expect(clickTarget('weekly tasting notes')).toBe('t')
    expectNoneDropped(['weekly tasting notes', 'tasting'])
  })

  it("a link named by its image's alt (no text of its own)", () => {
    document.body.innerHTML = `<a id="t" href="#x"><img alt="Darjeeling first flush"> </a><p>Teas</p>`
    expect(clickTarget('Darjeeling first flush')).toBe('t')
    expectNoneDropped(['Darjeeling first flush', 'darjeeling'])
  })

  it('an aria-label on the candidate, or inside it, goes to the full computation', () => {
    document.body.innerHTML = `
      <button id="t" aria-label="Add Darjeeling to cart">+</button>
      <a id="u" href="#u">Buy <span aria-label="Assam">☕</span></a>`
    expect(clickTarget('add Darjeeling to the cart')).toBe('t')
    expectNoneDropped(['add Darjeeling to the cart', 'Assam', 'buy', 'buy assam'])
  })

  it('text in a shadow root inside the candidate (its light text alone would not match)', () => {
    document.body.innerHTML = `<button id="t">Buy <span><tea-name id="host"></tea-name></span></button>`
    shadow('host', `<span id="inner">Darjeeling</span>`)
    expect(clickTarget('Darjeeling')).toBe('t')
    expectNoneDropped(['Darjeeling', 'buy Darjeeling'])
  })

  it('a button inside a shadow root whose name comes through a slot', () => {
    document.body.innerHTML = `<tea-card id="host"><span slot="name">Darjeeling</span></tea-card>`
    shadow('host', `<button id="t">Add <slot name="name"></slot> to cart</button>`)
    expect(clickTarget('add Darjeeling to cart')).toBe('t')
    expectNoneDropped(['add Darjeeling to cart', 'Darjeeling'])
  })

  it('a script or style inside the candidate is left out of its name, not read as part of a word', () => {
    document.body.innerHTML = `
      <button id="t">Dar<script>var x = 1</script>jeeling</button>
      <button id="u">Ass<style>b { color: red }</style>am</button>`
    expect(clickTarget('Darjeeling')).toBe('t')
    expect(clickTarget('Assam')).toBe('u')
    expectNoneDropped(['Darjeeling', 'Assam'])
  })

  it('names in Hindi (nukta spelt precomposed on the page, decomposed in the query) and Tamil', () => {
    // U+095B ज़ and U+095E फ़ on the page; ज + U+093C and फ + U+093C said.
    document.body.innerHTML = `
      <button id="t">\u095Bाफ\u093Cरान <b>चाय</b> जोड़ें</button>
      <button id="o">मसाला चाय जोड़ें</button>
      <a id="ta" href="#ta">தேநீர் வாங்கு</a>
      <a id="tb" href="#tb">காபி வாங்கு</a>`
    expect(clickTarget('\u091C\u093Cा\u095Eरान चाय जोड़ें')).toBe('t')
    expect(clickTarget('தேநீர் வாங்கு')).toBe('ta')
    expectNoneDropped(['\u091C\u093Cा\u095Eरान चाय', 'चाय', 'தேநீர்', 'வாங்கு'])
  })

  it('names with diacritics, decomposed or upper-case on the page', () => {
    // "Crème brûlée" decomposed (NFD) on the page; said precomposed.
    document.body.innerHTML = `
      <button id="t">${'Crème brûlée'.normalize('NFD')}</button>
      <button id="u">DARJÉELING SPÉCIAL</button>
      <button id="o">Crema catalana</button>`
    expect(clickTarget('crème brûlée')).toBe('t')
    expect(clickTarget('darjéeling spécial')).toBe('u')
    expectNoneDropped(['crème brûlée', 'darjéeling', 'spécial', 'brûlée crème'])
  })

  it("a name made only of the query's words (fillers included) is let through", () => {
    // "Cart" is inside what was said (score 60); ruled out, nothing else would be clicked.
    document.body.innerHTML = `<button id="t">Cart</button><a id="u" href="#u">Add to the cart</a><button>Checkout</button>`
    expect(clickTarget('add Darjeeling to the cart')).toBe('t')
    expect(clickTarget('Darjeeling to the cart')).toBe('t')
    expectNoneDropped(['add Darjeeling to the cart', 'the cart', 'to', 'add to the cart now'])
  })

  it('a title still names a candidate whose text is ruled out', () => {
    document.body.innerHTML = `<button id="t" title="Darjeeling">Buy</button><button id="o">Sell</button>`
    expect(clickTarget('Darjeeling')).toBe('t')
  })

  it('long texts, deep candidates and blank ones go to the full computation', () => {
    const deep = `${'<span>'.repeat(70)}Darjeeling${'</span>'.repeat(70)}`
    document.body.innerHTML = `
      <button id="d">${deep}</button>
      <a id="l" href="#l">Darjeeling ${'leaf '.repeat(500)}</a>
      <button id="b">   </button>`
    expectNoneDropped(['Darjeeling', 'Darjeeling leaf', 'leaf'])
  })
})
