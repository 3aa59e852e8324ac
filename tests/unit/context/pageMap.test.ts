// @vitest-environment happy-dom
/**
 * The page map: what it lists (title, headings, links, buttons, fields by label and type), what it never
 * reads (values, hidden content, the widget), and the 4 KB budget (fast-check: any map fits, nothing is lost
 * when everything fits).
 */
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  collectPageMap,
  describePage,
  nameOfElement,
  serializePageMap,
  utf8Bytes,
  PAGE_MAP_HEADER,
  PAGE_MAP_MAX_BYTES,
  type PageMap,
} from '../../../src/voice/context/pageMap'
import { createCommandExecutor, type CommandResult, type VoiceCommand } from '../../../src/voice/commands'

const SECRETS = [
  's3cr3t-pass',
  'typed-by-visitor',
  'chosen-option-text',
  'edited-rich-text',
  'hidden-token-42',
  'aria-hidden-words',
  'display-none-words',
  'widget-words',
  'shadow-words',
  'template-words',
  'invisible-words',
  'closed-dialog-words',
]

function page(): void {
  document.title = 'Waitlist — VoiceOS'
  history.replaceState(null, '', '/waitlist?token=abc#form')
  document.body.innerHTML = `
    <header><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/pricing">Pricing</a></header>
    <main>
      <h1>Apply for a free trial</h1>
      <h2>What you <span hidden>hidden-token-42</span>get</h2>
      <div role="heading" aria-level="3">Priority support</div>
      <button type="button">Watch <span aria-hidden="true">aria-hidden-words</span>Demo</button>
      <button type="button" disabled>Coming Soon</button>
      <div role="tab">Suggest an Idea</div>
      <input type="submit" value="Submit application">
      <form>
        <label>Name <input type="text" name="name" required value="typed-by-visitor"></label>
        <label for="email">Email</label><input id="email" type="email" name="email">
        <label>Password <input type="password" name="pw" value="s3cr3t-pass"></label>
        <textarea aria-label="Comments">typed-by-visitor</textarea>
        <label>Country <select name="country"><option selected>chosen-option-text</option></select></label>
        <input type="tel" placeholder="Phone">
        <input type="hidden" name="csrf" value="hidden-token-42">
        <label><input type="checkbox" name="terms"> I accept the terms</label>
        <div contenteditable="true" aria-label="Notes">edited-rich-text</div>
        <input type="url" name="website_url">
      </form>
      <section style="display:none"><h2>display-none-words</h2><a href="/x">display-none-words</a></section>
      <p style="visibility:hidden"><button>invisible-words</button></p>
      <template><button>template-words</button></template>
      <dialog><button>closed-dialog-words</button></dialog>
      <div inert><a href="/inert">hidden-token-42</a></div>
    </main>
    <aside data-voice-ignore=""><button>widget-words</button><h2>widget-words</h2></aside>
    <div id="host"></div>
    <div id="widget-host" data-voice-ignore=""></div>
    <div id="closed-host"></div>`
  const input = document.querySelector<HTMLInputElement>('#email')!
  input.value = 'typed-by-visitor@example.com'
  const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' })
  shadow.innerHTML = '<button>Open shadow button</button><p hidden><button>hidden-token-42</button></p>'
  document.getElementById('widget-host')!.attachShadow({ mode: 'open' }).innerHTML = '<button>shadow-words</button>'
  document.getElementById('closed-host')!.attachShadow({ mode: 'closed' }).innerHTML = '<button>shadow-words</button>'
}

describe('collectPageMap', () => {
  beforeEach(page)

  it('lists the title, url (origin + path), headings, links, buttons and fields by label and type', () => {
    const map = collectPageMap(document)
    expect(map.title).toBe('Waitlist — VoiceOS')
    expect(map.url).toBe(`${location.origin}/waitlist`)
    expect(map.headings).toEqual([
      { level: 1, text: 'Apply for a free trial' },
      { level: 2, text: 'What you get' },
      { level: 3, text: 'Priority support' },
    ])
    expect(map.links).toEqual([{ name: 'Home' }, { name: 'Pricing' }])
    expect(map.buttons).toEqual([
      { name: 'Watch Demo' },
      { name: 'Coming Soon', disabled: true },
      { name: 'Suggest an Idea' },
      { name: 'Submit application' },
      { name: 'Open shadow button' },
    ])
    expect(map.fields).toEqual([
      { label: 'Name', type: 'text', required: true },
      { label: 'Email', type: 'email' },
      { label: 'Password', type: 'password' },
      { label: 'Comments', type: 'textarea' },
      { label: 'Country', type: 'select' },
      { label: 'Phone', type: 'tel' },
      { label: 'I accept the terms', type: 'checkbox' },
      { label: 'Notes', type: 'editable' },
      { label: 'website_url', type: 'url' },
    ])
  })

  it('never contains a value, hidden content, the widget (shadow root included) or a closed shadow root', () => {
    const text = describePage(document)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
    expect(text).not.toContain('token=abc')
    expect(text).not.toContain('#form')
    expect(text.startsWith(PAGE_MAP_HEADER)).toBe(true)
  })

  it('serialises one line per list', () => {
    const text = describePage(document)
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^PAGE MAP \(/),
      `url: ${location.origin}/waitlist`,
      'title: Waitlist — VoiceOS',
      'headings: h1 Apply for a free trial | h2 What you get | h3 Priority support',
      'fields: Name (text, required) | Email (email) | Password (password) | Comments (textarea) | Country (select) | Phone (tel) | I accept the terms (checkbox) | Notes (editable) | website_url (url)',
      'buttons: Watch Demo | Coming Soon (disabled) | Suggest an Idea | Submit application | Open shadow button',
      'links: Home | Pricing',
    ])
  })

  it('names elements for results without reading values', () => {
    expect(nameOfElement(document.querySelector('#email')!)).toBe('Email')
    expect(nameOfElement(document.querySelector('input[type=password]')!)).toBe('Password')
    expect(nameOfElement(document.querySelector('button')!)).toBe('Watch Demo')
  })

  it('never throws on an empty or odd document', () => {
    document.body.innerHTML = ''
    document.title = ''
    expect(collectPageMap(document)).toMatchObject({ title: '', headings: [], links: [], buttons: [], fields: [] })
    expect(collectPageMap(document, { ignoreSelector: '::not-a-selector((' }).links).toEqual([])
  })
})

describe('serializePageMap: the 4 KB budget', () => {
  const longPage = (): PageMap => ({
    title: 'Catalogue',
    url: 'https://shop.example/catalogue',
    headings: Array.from({ length: 60 }, (_, i) => ({ level: 2, text: `सेक्शन ${i} हिन्दी शीर्षक` })),
    links: Array.from({ length: 300 }, (_, i) => ({ name: `Product number ${i} with a long descriptive name` })),
    buttons: Array.from({ length: 40 }, (_, i) => ({ name: `Add to cart ${i}` })),
    fields: [{ label: 'Search', type: 'search' }],
  })

  it('cuts the longest lists first and says how many items were left out', () => {
    const text = serializePageMap(longPage())
    expect(utf8Bytes(text)).toBeLessThanOrEqual(PAGE_MAP_MAX_BYTES)
    expect(text).toContain('fields: Search (search)')
    expect(text).toMatch(/links: .*\| \+\d+ more$/m)
    expect(text).toMatch(/headings: .*\| \+\d+ more$/m)
    expect(text).toContain('title: Catalogue')
  })

  it('counts the bytes TextEncoder writes, lone surrogates (U+FFFD, 3 bytes) included', () => {
    const encoder = new TextEncoder()
    const anyUnit = fc.string({ unit: fc.nat(0xffff).map((c) => String.fromCharCode(c)), maxLength: 30 })
    const text = fc.oneof(anyUnit, fc.string({ unit: 'binary', maxLength: 30 }))
    fc.assert(
      fc.property(text, (t) => {
        expect(utf8Bytes(t)).toBe(encoder.encode(t).length)
      }),
      { numRuns: 500 },
    )
  })

  it('any map fits the budget; a map that fits loses nothing', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'ß', 'हि', '😀', ' ', '|'), maxLength: 40 })
    const mapArb = fc.record({
      title: name,
      url: fc.constantFrom('', 'https://example.com/', 'https://example.com/a/very/long/path'),
      headings: fc.array(fc.record({ level: fc.integer({ min: 1, max: 6 }), text: name }), { maxLength: 80 }),
      links: fc.array(fc.record({ name }), { maxLength: 150 }),
      buttons: fc.array(fc.record({ name, disabled: fc.boolean() }), { maxLength: 80 }),
      fields: fc.array(
        fc.record({ label: name, type: fc.constantFrom('text', 'email', 'textarea'), required: fc.boolean() }),
        { maxLength: 60 },
      ),
    })
    fc.assert(
      fc.property(mapArb, fc.integer({ min: 256, max: 6000 }), (map, maxBytes) => {
        const text = serializePageMap(map, { maxBytes })
        expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(maxBytes)
        const full = serializePageMap(map, { maxBytes: 1_000_000 })
        if (utf8Bytes(full) <= maxBytes) expect(text).toBe(full)
        else expect(text).toMatch(/\+\d+ more|^PAGE MAP[^\n]*(\nurl: [^\n]*)?(\ntitle: [^\n]*)?$/)
      }),
      { numRuns: 300 },
    )
  })
})

describe('a page with more controls than the map lists', () => {
  it('lists the headings after the point where links, buttons and fields are full, as a full walk would', () => {
    const rows = (from: number, n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `<tr><td><a href="/p/${from + i}">Product ${from + i}</a></td><td><label><input type="checkbox"> Compare ${from + i}</label></td><td><button>Add ${from + i}</button></td></tr>`,
      ).join('')
    document.body.innerHTML = `
      <h1>All products</h1>
      <table><tbody>${rows(0, 250)}</tbody></table>
      <section><h2>Delivery</h2><p>Free delivery.</p></section>
      <div hidden><h2>Hidden heading</h2></div>
      <a href="/x"><h3>Heading inside a link</h3></a>
      <div role="heading" aria-level="3">Returns</div>
      <h2 aria-hidden="true">Decorative</h2>
      <footer><h2>Contact</h2></footer>`
    const map = collectPageMap(document, { maxItems: 200 })
    expect(map.links).toHaveLength(200)
    expect(map.buttons).toHaveLength(200)
    expect(map.fields).toHaveLength(200)
    expect(map.headings).toEqual([
      { level: 1, text: 'All products' },
      { level: 2, text: 'Delivery' },
      { level: 3, text: 'Returns' },
      { level: 2, text: 'Contact' },
    ])
  })
})

describe('controls named as the executor names them', () => {
  const run = async (command: VoiceCommand): Promise<CommandResult> => {
    const executor = createCommandExecutor({ notify: () => {}, highlightMs: 0, logger: {} })
    const result = executor.execute(command)
    if (result.status === 'executed' && result.settled) {
      await result.settled
      return result.settledResult ?? result
    }
    return result
  }

  it('lists a switch and a searchable select with no programmatic name by the text next to them, the names commands find them by', async () => {
    document.body.innerHTML = `
      <form>
        <div class="row"><span>Email me offers</span><button type="button" role="switch" aria-checked="false"></button></div>
        <div><div>Favourite colour</div><div><input role="combobox" aria-expanded="false" aria-autocomplete="list"></div></div>
        <p><label for="city">City</label><input id="city" name="city"></p>
      </form>`
    const sw = document.querySelector('[role=switch]')!
    sw.addEventListener('click', () =>
      sw.setAttribute('aria-checked', String(sw.getAttribute('aria-checked') !== 'true')),
    )
    const map = collectPageMap(document)
    expect(map.fields).toEqual([
      { label: 'Email me offers', type: 'switch' },
      { label: 'Favourite colour', type: 'text' },
      { label: 'City', type: 'text' },
    ])
    expect(map.buttons).toEqual([])
    // The executor finds them under those names: the switch toggled by its row's text, the select listed by its
    // text above among the fields a command could mean.
    expect((await run({ action: 'toggle', targetText: 'email me offers', state: true })).status).toBe('executed')
    expect(sw.getAttribute('aria-checked')).toBe('true')
    const missing = await run({ action: 'fill', fieldHint: 'favourite animal', value: 'cat' })
    expect(missing.status === 'refused' && missing.detail).toContain('"Favourite colour"')
  })

  it('lists an accordion header as the button it wraps, not as a heading', () => {
    document.body.innerHTML = `
      <h2>Questions</h2>
      <h3><button type="button" aria-expanded="false" aria-controls="p1">Shipping and returns</button></h3>
      <div id="p1" hidden><p>Free returns within 30 days.</p></div>
      <h3>Payment <button type="button">Edit</button></h3>`
    const map = collectPageMap(document)
    expect(map.buttons).toEqual([{ name: 'Shipping and returns' }])
    expect(map.headings).toEqual([
      { level: 2, text: 'Questions' },
      { level: 3, text: 'Payment Edit' },
    ])
  })
})
