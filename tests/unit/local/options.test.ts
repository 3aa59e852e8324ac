// @vitest-environment happy-dom
/**
 * An option said by itself (src/voice/local/options.ts): the page's selects read where the local engine runs, the
 * table's verbs and fillers taken out, exactly one option named — else nothing, so the grammar's answer stands.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { optionFill } from '../../../src/voice/local/options'
import type { GrammarTable } from '../../../src/voice/local/grammar'

const table = (lng: string) =>
  JSON.parse(readFileSync(join(__dirname, '../../../src/voice/local/grammar', `${lng}.json`), 'utf8')) as GrammarTable

const page = `
  <label for="size">Company size</label>
  <select id="size"><option value="">Select…</option><option value="1-10">1–10 employees</option>
    <option value="11-50">11–50 employees</option><option value="51-200">51–200 employees</option></select>
  <label for="spice">Spice level</label>
  <select id="spice"><option value="mild">Mild</option><option value="medium">Medium</option><option value="hot">Extra hot</option></select>
  <label for="bus">பேருந்து வகை</label>
  <select id="bus"><option value="">தேர்ந்தெடுக்கவும்</option><option value="ac">ஏசி ஸ்லீப்பர்</option><option value="seater">சீட்டர்</option></select>
  <label for="city">شہر</label>
  <select id="city"><option value="lhr">لاہور</option><option value="khi">کراچی</option></select>
  <label for="other">Other size</label>
  <select id="other"><option value="m">Medium</option><option value="l">Large</option></select>
  <div data-voice-ignore><label for="lang">Language</label><select id="lang"><option value="ta">Tamil</option></select></div>
  <label for="off">Plan</label><select id="off" disabled><option value="pro">Pro</option></select>
`

afterEach(() => {
  document.body.innerHTML = ''
})

describe('optionFill', () => {
  it.each([
    ['en', 'select 51 to 200 employees', 'Company size', '51–200 employees'],
    ['en', '1 to 10 employees please', 'Company size', '1–10 employees'],
    ['hi-Latn', 'extra hot chahiye', 'Spice level', 'Extra hot'],
    ['ta', 'ஏசி ஸ்லீப்பர் தேர்ந்தெடு', 'பேருந்து வகை', 'ஏசி ஸ்லீப்பர்'],
    ['ur', 'لاہور چنیں', 'شہر', 'لاہور'],
  ])('%s “%s” fills %s with %s', (lng, said, fieldHint, value) => {
    document.body.innerHTML = page
    expect(optionFill(said, table(lng), document)).toEqual({ action: 'fill', fieldHint, value })
  })

  it.each([
    ['en', 'medium', 'two selects offer Medium'],
    ['en', 'choose tamil', 'the widget’s own select'],
    ['en', 'choose pro', 'a disabled select'],
    ['en', 'choose 51 employees', 'a part of an option is not the option'],
    ['en', 'not extra hot', 'a negation'],
    ['en', 'select', 'no words left'],
    ['en', 'choose the cheapest one', 'no option named'],
  ])('en “%s”: nothing (%s)', (lng, said) => {
    document.body.innerHTML = page
    expect(optionFill(said, table(lng), document)).toBeNull()
  })

  it('leaves a select hidden from the visitor out', () => {
    document.body.innerHTML = `<div hidden><label for="s">Size</label><select id="s"><option value="s">Small</option></select></div>`
    expect(optionFill('small', table('en'), document)).toBeNull()
  })
})
