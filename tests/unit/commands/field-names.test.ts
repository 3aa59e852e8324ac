// @vitest-environment happy-dom
/**
 * Field names as assistive technology computes them, and synonyms on both sides of a fill (./README.md "Targeting
 * order"): a synonym never overrides an exact name; two fields that fit equally are refused with both names.
 */
import { afterEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createCommandExecutor, type CommandExecutor } from '../../../src/voice/commands'
import { synonymHints, FIELD_SYNONYMS } from '../../../src/voice/commands/synonyms'

let current: CommandExecutor | undefined
afterEach(() => {
  current?.dispose()
  current = undefined
  document.body.innerHTML = ''
})

function setup(html: string) {
  document.body.innerHTML = html
  // Silent: a log still on its way to the test runner when the file ends fails the run ("Closing rpc while
  // onUserConsoleLog was pending"); these tests read values and results, not logs.
  current = createCommandExecutor({ notify: () => {}, logger: {} })
  const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value
  return { executor: current, value }
}

describe('synonyms on both sides', () => {
  it('"mobile" fills a field labelled only by its placeholder "Enter phone number"', () => {
    const { executor, value } = setup(`
      <label for="name">Full name</label><input id="name">
      <input id="phone" type="tel" placeholder="Enter phone number">`)
    const r = executor.execute({ action: 'fill', fieldHint: 'mobile', value: '9876543210' })
    expect(r.status).toBe('executed')
    expect(value('phone')).toBe('9876543210')
  })

  it.each([
    ['zip', 'PIN code', '110001'],
    ['pin code', 'Postcode', '110001'],
    ['postcode', 'ZIP', '94103'],
    ['surname', 'Last name', 'Verma'],
    ['last name', 'Surname', 'Verma'],
    ['DOB', 'Date of birth', '31/03/1980'],
    ['date of birth', 'DOB', '31/03/1980'],
    ['cell', 'Mobile number', '9876543210'],
    ['phone number', 'मोबाइल नंबर', '9876543210'],
  ])('"%s" fills the field named "%s"', (hint, name, v) => {
    const { executor, value } = setup(`
      <label for="other">Company</label><input id="other">
      <label for="f">${name}</label><input id="f">`)
    expect(executor.execute({ action: 'fill', fieldHint: hint, value: v }).status).toBe('executed')
    expect(value('f')).toBe(v)
    expect(value('other')).toBe('')
  })

  it('a synonym never overrides an exact name', () => {
    const { executor, value } = setup(`
      <label for="mobile">Mobile</label><input id="mobile" type="tel">
      <label for="phone">Phone</label><input id="phone" type="tel">`)
    executor.execute({ action: 'fill', fieldHint: 'phone', value: '022 2345 6789' })
    expect(value('phone')).toBe('022 2345 6789')
    expect(value('mobile')).toBe('')
  })

  it('two fields that fit a synonym equally are refused with both names, nothing written', () => {
    const { executor, value } = setup(`
      <label for="mobile">Mobile</label><input id="mobile" type="tel">
      <label for="tel">Telephone</label><input id="tel" type="tel">`)
    const r = executor.execute({ action: 'fill', fieldHint: 'cell', value: '9876543210' })
    expect(r).toMatchObject({ status: 'refused', reason: 'not-found' })
    expect(r.status === 'refused' && r.detail).toMatch(/"Mobile".*"Telephone"/)
    expect(value('mobile') + value('tel')).toBe('')
  })

  it('two fields with the same name are refused with the groups they are in, unless the visitor is in one', () => {
    const { executor, value } = setup(`
      <fieldset><legend>Billing</legend><label for="b">Address</label><input id="b"></fieldset>
      <fieldset><legend>Shipping</legend><label for="s">Address</label><input id="s"></fieldset>`)
    const r = executor.execute({ action: 'fill', fieldHint: 'address', value: '12 MG Road' })
    expect(r.status === 'refused' && r.detail).toContain('"Address (Billing)", "Address (Shipping)"')
    expect(value('b') + value('s')).toBe('')
  })

  it('a name the hint contains plus another word is not that field: refused with the names there are', () => {
    const { executor, value } = setup(`
      <label for="jd">Journey date</label><input id="jd" type="date">
      <label for="from">From station</label><input id="from">`)
    const r = executor.execute({ action: 'fill', fieldHint: 'return journey date', value: '12 March 2027' })
    expect(r).toMatchObject({ status: 'refused', reason: 'not-found' })
    expect(r.status === 'refused' && r.detail).toContain('"Journey date"')
    expect(value('jd')).toBe('')
  })

  it('synonym hints are symmetric: each phrase of a group reaches every other (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_SYNONYMS), fc.nat(), fc.nat(), (group, i, j) => {
        const a = group[i % group.length]!
        const b = group[j % group.length]!
        if (a === b) return
        const norm = (t: string) =>
          t
            .normalize('NFC')
            .replace(/\u093c/g, '')
            .toLowerCase()
            .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
            .trim()
        expect(synonymHints(a).map(norm)).toContain(norm(b))
      }),
    )
  })
})
