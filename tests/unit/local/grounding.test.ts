/**
 * Understanding grounded in the page's names (src/voice/local/grounding.ts): the phrases people say, each against
 * the names a real page's map lists, in any word order and with filler; what is not clearly one thing is refused.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { groundUtterance, prepareNames, wordMatch, type PageItem } from '../../../src/voice/local/grounding'
import type { GrammarTable, Intent } from '../../../src/voice/local/grammar'

const table = (lng: string) =>
  JSON.parse(readFileSync(join(__dirname, '../../../src/voice/local/grammar', `${lng}.json`), 'utf8')) as GrammarTable
const en = table('en')
const hi = table('hi')
const command = (i: Intent | null) => (i?.intent === 'command' ? i.command : null)

const checkout: PageItem[] = [
  { kind: 'field', name: 'First name', type: 'text' },
  { kind: 'field', name: 'Last name', type: 'text' },
  { kind: 'field', name: 'Email', type: 'email' },
  { kind: 'field', name: 'Country', type: 'select' },
  { kind: 'field', name: 'State', type: 'select' },
  { kind: 'field', name: 'Credit card', type: 'radio' },
  { kind: 'field', name: 'PayPal', type: 'radio' },
  { kind: 'field', name: 'Phone', type: 'radio' },
  { kind: 'field', name: 'Save this information for next time', type: 'checkbox' },
  { kind: 'button', name: 'Continue to checkout' },
  { kind: 'button', name: 'Is there free parking on public holidays?' },
  { kind: 'link', name: 'Pricing' },
]

describe('groundUtterance (English)', () => {
  it.each([
    ['put Lovelace as the last name', { action: 'fill', fieldHint: 'Last name', value: 'Lovelace' }],
    ['choose United States as the country', { action: 'fill', fieldHint: 'Country', value: 'United States' }],
    ['select California for the state', { action: 'fill', fieldHint: 'State', value: 'California' }],
    ['pay with PayPal', { action: 'click', targetText: 'PayPal', role: 'radio' }],
    ['contact me by phone', { action: 'click', targetText: 'Phone', role: 'radio' }],
    [
      'save this information for next time',
      { action: 'toggle', targetText: 'Save this information for next time', value: 'on' },
    ],
    ['continue to checkout', { action: 'click', targetText: 'Continue to checkout' }],
    ['my email is ada at example dot com', { action: 'fill', fieldHint: 'Email', value: 'ada at example dot com' }],
    ['email ada@example.com', { action: 'fill', fieldHint: 'Email', value: 'ada@example.com' }],
  ])('"%s"', (said, expected) => {
    expect(command(groundUtterance(said, checkout, en))).toEqual(expected)
  })

  it('refuses what names nothing, or more than a name', () => {
    expect(groundUtterance('the weather is nice', checkout, en)).toBeNull()
    expect(groundUtterance('call my mother on her phone tomorrow morning', checkout, en)).toBeNull()
    expect(groundUtterance('Lovelace', checkout, en)).toBeNull()
  })

  it('strict: a question that is nearly an FAQ button whole presses it; a loose one does not', () => {
    expect(command(groundUtterance('is there free parking on holidays', checkout, en, true))).toEqual({
      action: 'click',
      targetText: 'Is there free parking on public holidays?',
    })
    expect(groundUtterance('is parking free', checkout, en, true)).toBeNull()
  })
})

describe('groundUtterance (Hindi)', () => {
  const page: PageItem[] = [
    { kind: 'field', name: 'नाम', type: 'text' },
    { kind: 'field', name: 'मोबाइल नंबर', type: 'tel' },
    { kind: 'field', name: 'ईमेल', type: 'email' },
    { kind: 'field', name: 'राज्य', type: 'select' },
    { kind: 'field', name: 'मैं नियम और शर्तें स्वीकार करता/करती हूँ', type: 'checkbox' },
    { kind: 'button', name: 'ऑर्डर करें' },
  ]
  it.each([
    ['मोबाइल नंबर ९८७६५४३२१० भरो', { action: 'fill', fieldHint: 'मोबाइल नंबर', value: '९८७६५४३२१०' }],
    ['शर्तें स्वीकार करो', { action: 'toggle', targetText: 'मैं नियम और शर्तें स्वीकार करता/करती हूँ', value: 'on' }],
    ['राज्य में कर्नाटक चुनो', { action: 'fill', fieldHint: 'राज्य', value: 'कर्नाटक' }],
    [
      'ईमेल में rahul at the rate gmail dot com डालो',
      { action: 'fill', fieldHint: 'ईमेल', value: 'rahul at the rate gmail dot com' },
    ],
    ['नाम में राहुल लिखो', { action: 'fill', fieldHint: 'नाम', value: 'राहुल' }],
  ])('"%s"', (said, expected) => {
    expect(command(groundUtterance(said, page, hi))).toEqual(expected)
  })
})

describe('groundUtterance: light verbs, radios set as values, a field said by its head noun', () => {
  const shop: PageItem[] = [
    { kind: 'field', name: 'Navy', type: 'radio' },
    { kind: 'field', name: 'Forest Green', type: 'radio' },
    { kind: 'field', name: 'City', type: 'select' },
    { kind: 'field', name: 'Pune', type: 'radio' },
    { kind: 'field', name: 'Delivery pincode', type: 'text' },
    { kind: 'field', name: 'First name', type: 'text' },
    { kind: 'field', name: 'Last name', type: 'text' },
    { kind: 'button', name: 'Add to Cart' },
  ]
  const hiLatn = table('hi-Latn')
  it.each([
    ['make it forest green', en, { action: 'click', targetText: 'Forest Green', role: 'radio' }],
    ['change the colour to navy', en, { action: 'click', targetText: 'Navy', role: 'radio' }],
    ['add to cart kar do', hiLatn, { action: 'click', targetText: 'Add to Cart' }],
    ['pincode 411001 daal do', hiLatn, { action: 'fill', fieldHint: 'Delivery pincode', value: '411001' }],
    // A select named beats a radio named by the value, under a fill verb.
    ['fill city with Pune', en, { action: 'fill', fieldHint: 'City', value: 'Pune' }],
  ] as const)('"%s"', (said, lang, expected) => {
    expect(command(groundUtterance(said, shop, lang))).toEqual(expected)
  })

  it('reads a name by one of its parts said whole: either side of "&", what comes before "for" the product', () => {
    const product: PageItem[] = [
      { kind: 'field', name: 'Quantity', type: 'number' },
      { kind: 'button', name: 'Increase quantity for Merino Wool Crew Sweater' },
      { kind: 'button', name: 'Decrease quantity for Merino Wool Crew Sweater' },
      { kind: 'button', name: 'Ratings & Reviews' },
      { kind: 'link', name: 'Login' },
    ]
    const c = (said: string, lang = en) => command(groundUtterance(said, product, lang))
    expect(c('increase the quantity')).toEqual({
      action: 'click',
      targetText: 'Increase quantity for Merino Wool Crew Sweater',
    })
    expect(c('reviews dikhana', hiLatn)).toEqual({ action: 'click', targetText: 'Ratings & Reviews' })
    expect(c('set the quantity to 3')).toEqual({ action: 'fill', fieldHint: 'Quantity', value: '3' })
    expect(c('login karna hai', hiLatn)).toEqual({ action: 'click', targetText: 'Login' })
    expect(c('wool sweater')).toBeNull()
  })

  it('takes a head noun said first as the field named first ("my name Karthik")', () => {
    const bus: PageItem[] = [
      { kind: 'field', name: 'புறப்படும் இடம்', type: 'select' },
      { kind: 'field', name: 'பயணி பெயர்', type: 'text' },
      { kind: 'field', name: 'கைபேசி எண்', type: 'tel' },
    ]
    expect(command(groundUtterance('என் பெயர் கார்த்திக்', bus, table('ta')))).toEqual({
      action: 'fill',
      fieldHint: 'பயணி பெயர்',
      value: 'கார்த்திக்',
    })
  })

  it('picks a radio by one word of its two only when nothing else is said and no other radio shares it', () => {
    const colours: PageItem[] = [
      { kind: 'field', name: 'Midnight Black', type: 'radio' },
      { kind: 'field', name: 'Navy Blue', type: 'radio' },
      { kind: 'field', name: 'Light Blue', type: 'radio' },
    ]
    expect(command(groundUtterance('black wala chahiye', colours, hiLatn))).toEqual({
      action: 'click',
      targetText: 'Midnight Black',
      role: 'radio',
    })
    expect(groundUtterance('blue', colours, en)).toBeNull()
    expect(groundUtterance('black shoes tomorrow', colours, en)).toBeNull()
  })

  it('ticks a checkbox by the first word of a short label only when switching on is said, and nothing else', () => {
    const hotel: PageItem[] = [
      { kind: 'field', name: 'नाश्ता शामिल करें (₹450 प्रति व्यक्ति)', type: 'checkbox' },
      { kind: 'field', name: 'एयरपोर्ट पिकअप चाहिए', type: 'checkbox' },
    ]
    expect(command(groundUtterance('नाश्ता चाहिए', hotel, hi))).toEqual({
      action: 'toggle',
      targetText: 'नाश्ता शामिल करें (₹450 प्रति व्यक्ति)',
      value: 'on',
    })
    expect(groundUtterance('नाश्ता', hotel, hi)).toBeNull()
    expect(groundUtterance('नाश्ता कब मिलेगा चाहिए', hotel, hi)).toBeNull()
  })

  it('never takes "no" for yes: a negation said outside the name refuses, unless the verb switches off', () => {
    const form: PageItem[] = [
      { kind: 'field', name: 'Weekly digest', type: 'radio' },
      { kind: 'field', name: 'Email me offers', type: 'checkbox' },
      { kind: 'field', name: 'एयरपोर्ट पिकअप चाहिए', type: 'checkbox' },
      { kind: 'button', name: 'No thanks' },
    ]
    expect(groundUtterance('I do not want the weekly digest', form, en)).toBeNull()
    expect(groundUtterance('पिकअप नहीं चाहिए', form, hi)).toBeNull()
    expect(groundUtterance('email me offers nahi', form, hiLatn)).toBeNull()
    expect(command(groundUtterance("don't email me offers", form, en))).toEqual({
      action: 'toggle',
      targetText: 'Email me offers',
      value: 'off',
    })
    expect(command(groundUtterance('no thanks', form, en))).toEqual({ action: 'click', targetText: 'No thanks' })
  })

  it('does not guess between two fields with the same head noun', () => {
    expect(groundUtterance('name Ada likho', shop, hiLatn)).toBeNull()
  })
})

describe('wordMatch', () => {
  it('reads inflected forms as the word, and different words as different', () => {
    expect(wordMatch('शर्तों', 'शर्तें')).toBeGreaterThan(0)
    expect(wordMatch('பெயரை', 'பெயர்')).toBeGreaterThan(0)
    expect(wordMatch('phones', 'phone')).toBeGreaterThan(0)
    expect(wordMatch('name', 'namita')).toBe(0)
    expect(wordMatch('कर', 'करता')).toBe(0)
  })
})

describe('prepareNames', () => {
  it('reads the page the same once its names were prepared ahead', () => {
    const said = ['put Lovelace as the last name', 'pay with PayPal', 'continue to checkout', 'order a pizza']
    const fresh = table('en')
    const before = said.map((s) => groundUtterance(s, checkout, en))
    prepareNames(checkout, fresh)
    expect(said.map((s) => groundUtterance(s, checkout, fresh))).toEqual(before)
  })
})
