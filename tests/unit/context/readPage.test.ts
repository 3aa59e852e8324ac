// @vitest-environment happy-dom
/**
 * The read tool (src/voice/context/readPage.ts): the page's visible text or a named section's, in reading
 * order, within 2 KB; never a form value, a password, hidden or aria-hidden content, or the widget.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { readPage, PAGE_TEXT_HEADER, READ_PAGE_MAX_BYTES } from '../../../src/voice/context/readPage'
import { utf8Bytes } from '../../../src/voice/context/pageMap'

afterEach(() => {
  document.body.innerHTML = ''
})

const PRICING = `
  <header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header>
  <main>
    <h1>Pricing</h1>
    <p>Choose the plan that suits you.</p>
    <section aria-labelledby="free-h"><h2 id="free-h">Free plan</h2><ul><li>1 site</li><li>Community support</li></ul></section>
    <div class="card"><h2>Pro plan</h2><p>Everything in Free, plus:</p><ul><li>10 sites</li><li>Priority support</li><li>Custom voice</li></ul></div>
    <h2>FAQ</h2><p>Can I cancel? Yes, any time.</p>
    <h3>Refunds</h3><p>Within 30 days.</p>
    <h2>Contact</h2>
    <form><label for="e">Email</label><input id="e" value="secret@example.com"><label for="p">Password</label><input id="p" type="password" value="hunter2">
      <textarea>typed words</textarea><select><option selected>Chosen option</option></select><div contenteditable>draft text</div></form>
    <p hidden>Hidden promo</p><p aria-hidden="true">Decorative</p><p style="display:none">Not shown</p>
    <div data-voice-ignore><p>Voice widget text</p></div>
  </main>`

describe('readPage', () => {
  it('reads the whole page in reading order, without values, hidden content or the widget', () => {
    document.body.innerHTML = PRICING
    const r = readPage(document)
    expect(r.found).toBe(true)
    expect(r.text.startsWith(PAGE_TEXT_HEADER)).toBe(true)
    const order = [
      'Pricing',
      'Choose the plan',
      'Free plan',
      '1 site',
      'Pro plan',
      '10 sites',
      'FAQ',
      'Refunds',
      'Contact',
      'Email',
      'Password',
    ]
    let at = 0
    for (const needle of order) {
      const i = r.text.indexOf(needle, at)
      expect(i, needle).toBeGreaterThanOrEqual(at)
      at = i
    }
    for (const never of [
      'secret@example.com',
      'hunter2',
      'typed words',
      'Chosen option',
      'draft text',
      'Hidden promo',
      'Decorative',
      'Not shown',
      'Voice widget text',
    ]) {
      expect(r.text).not.toContain(never)
    }
  })

  it('reads a named section: a card opened by its heading, a labelled region, a heading up to the next of its level', () => {
    document.body.innerHTML = PRICING
    const pro = readPage(document, { section: 'Pro plan' })
    expect(pro).toMatchObject({ found: true, section: 'Pro plan' })
    expect(pro.text).toContain('Priority support')
    expect(pro.text).not.toContain('Community support')
    expect(pro.text).not.toContain('Can I cancel')
    const free = readPage(document, { section: 'free plan' })
    expect(free.text).toContain('Community support')
    expect(free.text).not.toContain('10 sites')
    const faq = readPage(document, { section: 'FAQ' })
    expect(faq.text).toContain('Can I cancel? Yes, any time.')
    expect(faq.text).toContain('Within 30 days') // h3 inside the h2's part
    expect(faq.text).not.toContain('Email')
  })

  it('a section that is not there: not found, with the sections the page has', () => {
    document.body.innerHTML = PRICING
    const r = readPage(document, { section: 'opening hours' })
    expect(r.found).toBe(false)
    expect(r.text).toContain('no section named "opening hours"')
    expect(r.text).toContain('Pro plan')
  })

  it('stays within 2 KB of UTF-8 on a long page, cut at a word', () => {
    document.body.innerHTML = `<main><h1>Long</h1>${'<p>नमस्ते world, this is a long paragraph of text. </p>'.repeat(400)}</main>`
    const r = readPage(document)
    expect(utf8Bytes(r.text)).toBeLessThanOrEqual(READ_PAGE_MAX_BYTES)
    expect(r.text).toContain('… (cut; ask for a section by its heading)')
  })
})
