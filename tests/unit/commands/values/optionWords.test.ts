// @vitest-environment happy-dom
/**
 * Options named by another form of what was said (src/voice/commands/values/optionWords.ts through
 * src/voice/commands/selects.ts `matchOption`): numbers in words, clothing sizes, a quantity with its unit.
 */
import { describe, expect, it } from 'vitest'
import { optionForms } from '../../../../src/voice/commands/values/optionWords'
import { matchOption } from '../../../../src/voice/commands/selects'

const select = (...texts: string[]): HTMLOptionElement[] => {
  const el = document.createElement('select')
  el.innerHTML = texts.map((t, i) => `<option value="v${i}">${t}</option>`).join('')
  return Array.from(el.options)
}
const chosen = (options: HTMLOptionElement[], said: string) =>
  matchOption(options, said, (o) => o.value)?.textContent ?? null

describe('optionForms', () => {
  it('writes numbers said in words as digits, sizes both ways, units joined', () => {
    expect(optionForms('three')).toContain('3')
    expect(optionForms('तीन')).toContain('3')
    expect(optionForms('teen')).toContain('3')
    expect(optionForms('দুই')).toContain('2')
    expect(optionForms('medium')).toContain('m')
    expect(optionForms('XL')).toContain('extra large')
    expect(optionForms('512 GB')).toContain('512gb')
    expect(optionForms('11 to 50')).toContain('11 50')
    expect(optionForms('11 से 50')).toContain('11 50')
    expect(optionForms('Pune')).toEqual([])
  })
})

describe('matchOption with the other forms', () => {
  it('finds the option the words name', () => {
    expect(chosen(select('1', '2', '3', '4'), 'तीन')).toBe('3')
    expect(chosen(select('1', '2', '3'), 'teen')).toBe('3')
    expect(chosen(select('XS', 'S', 'M', 'L', 'XL'), 'medium')).toBe('M')
    expect(chosen(select('XS', 'S', 'M', 'L', 'XL'), 'extra large')).toBe('XL')
    expect(chosen(select('Small', 'Medium', 'Large'), 'L')).toBe('Large')
    expect(chosen(select('8GB + 128GB', '8GB + 256GB', '12GB + 512GB'), '512 GB')).toBe('12GB + 512GB')
    // A range said with "to", written with a dash.
    expect(chosen(select('1–10 employees', '11–50 employees', '51–200 employees'), '11 to 50')).toBe('11–50 employees')
    expect(chosen(select('18-24', '25-34', '35-44'), '25 से 34')).toBe('25-34')
  })

  it('still finds nothing where nothing or several are named', () => {
    expect(chosen(select('1', '2', '3'), 'seven')).toBeNull()
    expect(chosen(select('8GB + 128GB', '8GB + 256GB'), '8 GB')).toBeNull()
    expect(chosen(select('Pune', 'Mumbai'), 'medium')).toBeNull()
    expect(chosen(select('1–10 employees', '11–50 employees'), '10 to 50')).toBeNull()
  })
})
