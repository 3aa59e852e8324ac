// @vitest-environment happy-dom
/**
 * Fill on every common control by its label, with the value spoken (src/voice/commands/README.md "Controls"),
 * and no guessed field: a fill that names nothing on the page is refused with the closest field names.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createCommandExecutor, type CommandExecutor, type CommandResult } from '../../../src/voice/commands'
import {
  announcedDateFormat,
  dateInputValue,
  formatSpokenDate,
  parseSpokenDate,
  parseSpokenNumber,
  parseSpokenTime,
  isoWeekOf,
} from '../../../src/voice/commands/spoken'

let executor: CommandExecutor | undefined
function setup(html: string) {
  document.body.innerHTML = html
  executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, notFoundMemoMs: 0 })
  const events: string[] = []
  for (const type of ['input', 'change', 'click', 'keydown'])
    document.addEventListener(type, (e) => events.push(`${type}:${(e.target as Element).id}`), true)
  return {
    run: (m: Record<string, unknown>) => executor!.execute(m),
    events,
    el: <T extends Element = HTMLInputElement>(id: string) => document.getElementById(id) as unknown as T,
  }
}
afterEach(() => {
  executor?.dispose()
  executor = undefined
  document.body.innerHTML = ''
})
const detail = (r: CommandResult) => (r.status === 'refused' ? r.detail : '')
/** The outcome of a command that may go on after execute() returns (a combobox drawn in later turns). */
async function settle(r: CommandResult): Promise<CommandResult> {
  if (r.status !== 'executed' || !r.settled) return r
  await r.settled
  return r.settledResult ?? r
}

const CHECKOUT = `
  <form>
    <label for="firstName">First name</label><input id="firstName">
    <label for="email">Email</label><input id="email" type="email">
    <label for="country">Country</label>
    <select id="country"><option value="">Choose...</option><option>United States</option><option value="IN">India</option><option>Côte d’Ivoire</option></select>
    <label for="state">State</label>
    <select id="state"><option value="">Choose...</option><option>California</option></select>
    <label for="promo">Promo code</label><input id="promo">
    <label for="pw">Password</label><input id="pw" type="password">
  </form>`

describe('no guessed field', () => {
  it('a fill naming a missing field is refused with the closest field names, nothing is written', () => {
    const { run, el } = setup(CHECKOUT)
    const r = run({ action: 'fill', fieldHint: 'phone number', value: '98765' })
    expect(r).toMatchObject({ status: 'refused', reason: 'not-found' })
    expect(detail(r)).toMatch(/^no field labelled "phone number"; fields here: /)
    expect(detail(r).split('; fields here: ')[1]!.split('", "').length).toBeLessThanOrEqual(5)
    for (const id of ['firstName', 'email', 'promo', 'pw']) expect(el(id).value).toBe('')
  })

  it('refuses malformed field types instead of writing anywhere (the password field above all)', () => {
    const { run, el } = setup(CHECKOUT)
    for (const fieldType of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(run({ action: 'fill', fieldType, value: 'x' }).status).toBe('invalid')
    }
    expect(el('pw').value).toBe('')
    expect(el('promo').value).toBe('')
  })

  it('never falls back into a lone password field', () => {
    const { run, el } = setup('<form><input id="pw" type="password" aria-label="Secret"></form>')
    expect(run({ action: 'fill', fieldHint: 'nickname', value: 'x' }).status).toBe('refused')
    expect(el('pw').value).toBe('')
  })

  it('falls back only within the form the visitor is in when it has one field', () => {
    const { run, el } = setup(`
      <form><input id="a" aria-label="Search the shop"></form>
      <form><input id="b" aria-label="Newsletter"><button id="go">Go</button></form>`)
    expect(run({ action: 'fill', value: 'mugs' }).status).toBe('refused')
    el<HTMLButtonElement>('go').focus()
    expect(run({ action: 'fill', value: 'asha@example.com' }).status).toBe('executed')
    expect(el('b').value).toBe('asha@example.com')
    expect(el('a').value).toBe('')
  })

  it('a type named by a command decides only when one field has it', () => {
    const { run, el } = setup(
      '<input id="a" type="email" aria-label="Work"><input id="b" type="email" aria-label="Home"><input id="t" type="tel" aria-label="Tel">',
    )
    expect(run({ action: 'fill', fieldType: 'email', value: 'x@y.z' })).toMatchObject({ status: 'refused' })
    expect(el('a').value + el('b').value).toBe('')
    expect(run({ action: 'fill', fieldType: 'phone', value: '123' }).status).toBe('executed')
    expect(el('t').value).toBe('123')
  })
})

describe('select', () => {
  it('picks the option by text or value, case- and accent-insensitive, firing input and change', () => {
    const { run, el, events } = setup(CHECKOUT)
    expect(run({ action: 'fill', fieldHint: 'country', value: 'united states' }).status).toBe('executed')
    expect(el<HTMLSelectElement>('country').value).toBe('United States')
    expect(events).toContain('change:country')
    expect(events).toContain('input:country')
    run({ action: 'fill', fieldHint: 'country', value: 'cote d ivoire' })
    expect(el<HTMLSelectElement>('country').selectedOptions[0]!.textContent).toBe('Côte d’Ivoire')
    run({ action: 'fill', fieldHint: 'country', value: 'in' })
    expect(el<HTMLSelectElement>('country').value).toBe('IN')
    expect(run({ action: 'fill', fieldHint: 'state', value: 'California' }).status).toBe('executed')
    expect(el<HTMLSelectElement>('state').value).toBe('California')
    expect(el('promo').value).toBe('')
  })

  it('refuses an option that is not there, listing the options', () => {
    const { run, el } = setup(CHECKOUT)
    const r = run({ action: 'fill', fieldHint: 'state', value: 'Texas' })
    expect(r).toMatchObject({ status: 'refused', reason: 'rejected-value' })
    expect(detail(r)).toBe('no option "Texas" in "State"; options: "California"')
    expect(el<HTMLSelectElement>('state').value).toBe('')
  })

  it('selects several options of a multiple select', () => {
    const { run, el } = setup(
      '<label for="t">Toppings</label><select id="t" multiple><option>Cheese</option><option>Olives</option><option>Basil</option></select>',
    )
    expect(run({ action: 'fill', fieldHint: 'toppings', value: 'cheese and basil' }).status).toBe('executed')
    expect(Array.from(el<HTMLSelectElement>('t').selectedOptions).map((o) => o.text)).toEqual(['Cheese', 'Basil'])
  })
})

/** A select-only combobox as in the WAI-ARIA APG example (keyboard: Alt+Down opens, arrows move, Enter chooses). */
function apgSelectOnly(): void {
  document.body.innerHTML = `
    <label id="combo1-label">Favorite Fruit</label>
    <div id="combo1" role="combobox" tabindex="0" aria-controls="listbox1" aria-expanded="false" aria-labelledby="combo1-label" aria-haspopup="listbox">Choose a Fruit</div>
    <div role="listbox" id="listbox1" aria-labelledby="combo1-label" tabindex="-1">
      <div role="option" id="combo1-0">Choose a Fruit</div><div role="option" id="combo1-1">Apple</div>
      <div role="option" id="combo1-2">Banana</div><div role="option" id="combo1-3">Blueberry</div>
    </div>
    <label for="other">Other</label><input id="other">`
  const combo = document.getElementById('combo1')!
  const options = Array.from(document.querySelectorAll('[role=option]'))
  let active = 0
  let open = false
  const setOpen = (v: boolean) => {
    open = v
    combo.setAttribute('aria-expanded', String(v))
  }
  const setActive = (i: number) => {
    active = Math.max(0, Math.min(options.length - 1, i))
    combo.setAttribute('aria-activedescendant', options[active]!.id)
  }
  const select = (i: number) => {
    options.forEach((o, j) => o.setAttribute('aria-selected', String(i === j)))
    combo.textContent = options[i]!.textContent
  }
  combo.addEventListener('keydown', (e) => {
    if (!open && (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ')) {
      setOpen(true)
      if (!e.altKey) setActive(active + 1)
      else setActive(active)
      return
    }
    if (!open) return
    if (e.key === 'ArrowDown') setActive(active + 1)
    else if (e.key === 'ArrowUp') setActive(active - 1)
    else if (e.key === 'Enter') {
      select(active)
      setOpen(false)
    } else if (e.key === 'Escape') setOpen(false)
  })
}

describe('ARIA combobox and listbox', () => {
  it('a select-only combobox is opened, the option reached with the arrow keys, chosen with Enter, closed', async () => {
    const { run } = setup('')
    apgSelectOnly()
    const r = await settle(run({ action: 'fill', fieldHint: 'favorite fruit', value: 'Banana' }))
    expect(r.status).toBe('executed')
    const combo = document.getElementById('combo1')!
    expect(combo.textContent).toBe('Banana')
    expect(document.getElementById('combo1-2')!.getAttribute('aria-selected')).toBe('true')
    expect(combo.getAttribute('aria-expanded')).toBe('false')
    expect((document.getElementById('other') as HTMLInputElement).value).toBe('')
  })

  it('refuses a value that is no option, listing the options, and leaves it closed', () => {
    const { run } = setup('')
    apgSelectOnly()
    const r = run({ action: 'fill', fieldHint: 'favorite fruit', value: 'Mango' })
    expect(r).toMatchObject({ status: 'refused', reason: 'rejected-value' })
    expect(detail(r)).toContain('"Apple", "Banana", "Blueberry"')
    expect(document.getElementById('combo1')!.getAttribute('aria-expanded')).toBe('false')
  })

  /**
   * An editable combobox drawn the way accessible-autocomplete (Preact) and tom-select draw theirs: the list is
   * rendered in a later turn after each `input`, and the keys are read from the legacy `keyCode`.
   */
  function laterTurnAutocomplete(countries: string[]) {
    document.body.innerHTML = `
      <label for="loc">Last location</label>
      <div class="wrapper"><input id="loc" role="combobox" aria-expanded="false" aria-controls="loc-list" aria-autocomplete="list" value="United Kingdom"><ul id="loc-list" role="listbox"></ul></div>
      <label for="other">Other</label><input id="other">`
    const input = document.getElementById('loc') as HTMLInputElement
    const list = document.getElementById('loc-list')!
    let selected = -1
    let shown: string[] = []
    const render = () => {
      list.innerHTML = shown.length
        ? shown.map((c, i) => `<li role="option" id="loc-${i}" aria-selected="${i === selected}">${c}</li>`).join('')
        : input.value
          ? '<li role="option" aria-disabled="true">No results found</li>'
          : ''
      input.setAttribute('aria-expanded', String(shown.length > 0 || input.value !== ''))
      if (selected >= 0) input.setAttribute('aria-activedescendant', `loc-${selected}`)
      else input.removeAttribute('aria-activedescendant')
    }
    input.addEventListener('input', () => {
      const q = input.value.toLowerCase()
      shown = countries.filter((c) => q.length > 1 && c.toLowerCase().includes(q))
      selected = -1
      setTimeout(render, 0)
    })
    list.addEventListener('click', (e) => {
      const i = shown.indexOf((e.target as Element).textContent ?? '')
      if (i >= 0) {
        input.value = shown[i]!
        shown = []
        setTimeout(render, 0)
      }
    })
    input.addEventListener('keydown', (e) => {
      if (e.keyCode === 40 && !e.altKey) selected = Math.min(selected + 1, shown.length - 1)
      else if (e.keyCode === 38) selected = Math.max(selected - 1, 0)
      else if (e.keyCode === 13 && selected >= 0) {
        input.value = shown[selected]!
        shown = []
        selected = -1
      } else if (e.keyCode === 27) shown = []
      else return
      setTimeout(render, 0)
    })
    return input
  }

  it('an editable combobox that draws its list in a later turn: typed, the option reached with keys (keyCode), chosen', async () => {
    const input = laterTurnAutocomplete(['France', 'French Guiana', 'Germany', 'East Germany'])
    executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, notFoundMemoMs: 0 })
    const pending = executor.execute({ action: 'fill', fieldHint: 'last location', value: 'germany' })
    expect(pending).toMatchObject({ status: 'executed', target: input })
    const r = await settle(pending)
    expect(r).toMatchObject({ status: 'executed', target: input })
    expect(input.value).toBe('Germany')
    expect((document.getElementById('other') as HTMLInputElement).value).toBe('')
  })

  it('an editable combobox that offers no such option: refused with its earlier text back, nothing else written', async () => {
    const input = laterTurnAutocomplete(['France', 'Germany'])
    executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, notFoundMemoMs: 0 })
    const r = await settle(executor.execute({ action: 'fill', fieldHint: 'last location', value: 'Atlantis' }))
    expect(r).toMatchObject({ status: 'refused', reason: 'rejected-value' })
    expect(detail(r)).toContain('no option "Atlantis" in "Last location"')
    expect(input.value).toBe('United Kingdom')
    expect((document.getElementById('other') as HTMLInputElement).value).toBe('')
  })

  it('an option named with "and" for "&" ("olive and thyme" → "Olive & Thyme")', () => {
    const { run, el } = setup(`
      <label for="r">Restaurant</label>
      <select id="r"><option value="">Pick</option><option value="olive">Olive &amp; Thyme</option><option value="north">North Street Grill</option></select>`)
    expect(run({ action: 'fill', fieldHint: 'restaurant', value: 'olive and thyme' }).status).toBe('executed')
    expect(el<HTMLSelectElement>('r').value).toBe('olive')
  })

  it('a standalone listbox: the option is clicked and becomes selected', () => {
    const { run } = setup(`
      <span id="lb">Transport</span>
      <ul role="listbox" id="lst" aria-labelledby="lb" tabindex="0"><li role="option" id="o1" aria-selected="false">Bus</li><li role="option" id="o2" aria-selected="false">Train</li></ul>`)
    document.getElementById('lst')!.addEventListener('click', (e) => {
      const o = (e.target as Element).closest('[role=option]')
      if (!o) return
      for (const x of document.querySelectorAll('[role=option]')) x.setAttribute('aria-selected', String(x === o))
    })
    expect(run({ action: 'fill', fieldHint: 'transport', value: 'train' }).status).toBe('executed')
    expect(document.getElementById('o2')!.getAttribute('aria-selected')).toBe('true')
  })
})

describe('dates, numbers, ranges', () => {
  it('spoken dates, times, months and weeks become the input formats', () => {
    expect(parseSpokenDate('12 March 2027')).toEqual({ year: 2027, month: 3, day: 12 })
    expect(parseSpokenDate('March 12th, 2027')).toEqual({ year: 2027, month: 3, day: 12 })
    expect(parseSpokenDate('31/03/1980')).toEqual({ year: 1980, month: 3, day: 31 })
    expect(parseSpokenDate('03/12/2027', true)).toEqual({ year: 2027, month: 3, day: 12 })
    expect(parseSpokenDate('31 February 2027')).toBeNull()
    expect(parseSpokenDate('constructor 2027')).toBeNull()
    // Hindi: month names (with or without nukta, either spelling of the nasal), Devanagari digits, "को".
    expect(parseSpokenDate('31 मार्च 1980')).toEqual({ year: 1980, month: 3, day: 31 })
    expect(parseSpokenDate('३१ मार्च १९८०')).toEqual({ year: 1980, month: 3, day: 31 })
    expect(parseSpokenDate('12 फ़रवरी 2027 को')).toEqual({ year: 2027, month: 2, day: 12 })
    expect(parseSpokenDate('12 फरवरी 2027')).toEqual({ year: 2027, month: 2, day: 12 })
    expect(parseSpokenDate('5 सितम्बर 2027')).toEqual(parseSpokenDate('5 सितंबर 2027'))
    expect(parseSpokenDate('29 फरवरी 2027')).toBeNull()
    expect(dateInputValue('month', 'दिसंबर २०२७')).toBe('2027-12')
    expect(parseSpokenTime('3:30 pm')).toBe('15:30')
    expect(parseSpokenTime('12 am')).toBe('00:00')
    expect(parseSpokenTime('25:00')).toBeNull()
    expect(dateInputValue('month', 'March 2027')).toBe('2027-03')
    expect(dateInputValue('week', 'week 11 of 2027')).toBe('2027-W11')
    expect(isoWeekOf({ year: 2027, month: 1, day: 1 })).toBe('2026-W53')
    expect(dateInputValue('datetime-local', '12 March 2027 at 3 pm')).toBe('2027-03-12T15:00')
    expect(parseSpokenNumber('1,250')).toBe(1250)
    expect(parseSpokenNumber('forty two')).toBe(42)
    expect(parseSpokenNumber('valueOf')).toBeNull()
  })

  it('fills date and time inputs from spoken values; refuses what is not a date', () => {
    const { run, el, events } = setup(`
      <label for="d">Arrival date</label><input id="d" type="date">
      <label for="t">Arrival time</label><input id="t" type="time">`)
    expect(run({ action: 'fill', fieldHint: 'arrival date', value: '12 March 2027' }).status).toBe('executed')
    expect(el('d').value).toBe('2027-03-12')
    expect(events).toContain('change:d')
    expect(run({ action: 'fill', fieldHint: 'arrival time', value: '3:30 pm' }).status).toBe('executed')
    expect(el('t').value).toBe('15:30')
    expect(run({ action: 'fill', fieldHint: 'arrival date', value: 'next Tuesday-ish' })).toMatchObject({
      status: 'refused',
      reason: 'rejected-value',
    })
    expect(el('d').value).toBe('2027-03-12')
  })

  it('a text date picker that announces its format (placeholder or hint) gets the spoken date in it', async () => {
    // A text date picker is read back after the picker parsed the date: each fill settles after execute().
    expect(announcedDateFormat('YYYY-MM-DD')).toBe('YYYY-MM-DD')
    expect(announcedDateFormat('For example, dd/mm/yyyy')).toBe('DD/MM/YYYY')
    expect(announcedDateFormat('MM.DD.YYYY')).toBe('MM.DD.YYYY')
    expect(announcedDateFormat('DD-MM-DD')).toBeNull() // no year
    expect(announcedDateFormat('Your name')).toBeNull()
    expect(formatSpokenDate('31 March 1980', 'DD/MM/YYYY')).toBe('31/03/1980')
    expect(formatSpokenDate('March 5th, 2027', 'M/D/YYYY')).toBe('3/5/2027')
    const { run: runNow, el } = setup(`
      <label for="bd">Booking date</label><input id="bd" placeholder="YYYY-MM-DD">
      <label for="dob">Date of birth</label><span id="dob-hint">Use DD/MM/YYYY</span><input id="dob" aria-describedby="dob-hint">
      <label for="n">Notes</label><input id="n">`)
    const run = async (m: Record<string, unknown>) => settle(runNow(m))
    expect((await run({ action: 'fill', fieldHint: 'booking date', value: '12 March 2027' })).status).toBe('executed')
    expect(el('bd').value).toBe('2027-03-12')
    expect((await run({ action: 'fill', fieldHint: 'date of birth', value: '31 March 1980' })).status).toBe('executed')
    expect(el('dob').value).toBe('31/03/1980')
    const r = await run({ action: 'fill', fieldHint: 'booking date', value: 'next blursday' })
    expect(r).toMatchObject({ status: 'refused', reason: 'rejected-value' })
    expect(detail(r)).toContain('it takes YYYY-MM-DD')
    expect(el('bd').value).toBe('2027-03-12')
    // A field that announces no format takes the words as said.
    expect((await run({ action: 'fill', fieldHint: 'notes', value: '12 March 2027' })).status).toBe('executed')
    expect(el('n').value).toBe('12 March 2027')
  })

  it('a text date picker refuses a date outside the min / max on it or on its custom element, as a date input does', async () => {
    // A text date picker is read back after the picker parsed the date: each fill settles after execute().
    const { run: runNow, el } = setup(`
      <form>
        <label for="bd">Booking date</label>
        <duet-like-picker id="host" min="2026-01-01" max="2030-12-31"><input id="bd" placeholder="YYYY-MM-DD"></duet-like-picker>
        <label for="dob">Date of birth</label><input id="dob" placeholder="DD/MM/YYYY" max="31/12/2008">
      </form>`)
    const run = async (m: Record<string, unknown>) => settle(runNow(m))
    expect((await run({ action: 'fill', fieldHint: 'booking date', value: '12 March 2027' })).status).toBe('executed')
    expect(el('bd').value).toBe('2027-03-12')
    // The bounds themselves are inside.
    expect((await run({ action: 'fill', fieldHint: 'booking date', value: '31 December 2030' })).status).toBe(
      'executed',
    )
    expect(el('bd').value).toBe('2030-12-31')
    const late = await run({ action: 'fill', fieldHint: 'booking date', value: '1 January 2031' })
    expect(late).toMatchObject({ status: 'refused', reason: 'rejected-value' })
    expect(detail(late)).toBe(
      '"Booking date" does not accept "1 January 2031" (it takes from 2026-01-01 to 2030-12-31)',
    )
    expect(el('bd').value).toBe('2030-12-31')
    const early = await run({ action: 'fill', fieldHint: 'booking date', value: '31 December 2025' })
    expect(detail(early)).toBe(
      '"Booking date" does not accept "31 December 2025" (it takes from 2026-01-01 to 2030-12-31)',
    )
    // A bound on the field itself, in the picker's own format; one side only.
    const young = await run({ action: 'fill', fieldHint: 'date of birth', value: '1 January 2010' })
    expect(detail(young)).toBe('"Date of birth" does not accept "1 January 2010" (it takes to 31/12/2008)')
    expect(el('dob').value).toBe('')
    expect((await run({ action: 'fill', fieldHint: 'date of birth', value: '31 March 1980' })).status).toBe('executed')
    expect(el('dob').value).toBe('31/03/1980')
    // Set as a property (a framework's, Duet's unreflected `min` / `max`), not as an attribute.
    const host = el<HTMLElement>('host')
    host.removeAttribute('min')
    host.removeAttribute('max')
    Object.assign(host, { min: '2028-01-01' })
    expect(detail(await run({ action: 'fill', fieldHint: 'booking date', value: '12 March 2027' }))).toBe(
      '"Booking date" does not accept "12 March 2027" (it takes from 2028-01-01)',
    )
    expect((await run({ action: 'fill', fieldHint: 'booking date', value: '12 March 2029' })).status).toBe('executed')
    expect(el('bd').value).toBe('2029-03-12')
  })

  it('a range takes a number or min/max and refuses a number outside it', () => {
    const { run, el } = setup('<label for="v">Volume</label><input id="v" type="range" min="0" max="11">')
    expect(run({ action: 'fill', fieldHint: 'volume', value: '7' }).status).toBe('executed')
    expect(el('v').value).toBe('7')
    run({ action: 'fill', fieldHint: 'volume', value: 'max' })
    expect(el('v').value).toBe('11')
    expect(run({ action: 'fill', fieldHint: 'volume', value: '40' })).toMatchObject({
      status: 'refused',
      reason: 'rejected-value',
    })
    expect(el('v').value).toBe('11')
  })

  it('an ARIA slider and spin button are moved with the keys until aria-valuenow is the value', () => {
    const { run } = setup(`
      <span id="tl">Temperature</span><div role="slider" id="s" tabindex="0" aria-labelledby="tl" aria-valuemin="10" aria-valuemax="30" aria-valuenow="20"></div>
      <span id="gl">Guests</span><div role="spinbutton" id="g" tabindex="0" aria-labelledby="gl" aria-valuemin="1" aria-valuemax="8" aria-valuenow="2"></div>`)
    for (const id of ['s', 'g']) {
      const el = document.getElementById(id)!
      el.addEventListener('keydown', (e) => {
        const now = Number(el.getAttribute('aria-valuenow'))
        const min = Number(el.getAttribute('aria-valuemin'))
        const max = Number(el.getAttribute('aria-valuemax'))
        const next = {
          ArrowRight: now + 1,
          ArrowUp: now + 1,
          ArrowLeft: now - 1,
          ArrowDown: now - 1,
          Home: min,
          End: max,
        }[e.key]
        if (next !== undefined) el.setAttribute('aria-valuenow', String(Math.max(min, Math.min(max, next))))
      })
    }
    expect(run({ action: 'fill', fieldHint: 'temperature', value: '24' }).status).toBe('executed')
    expect(document.getElementById('s')!.getAttribute('aria-valuenow')).toBe('24')
    expect(run({ action: 'fill', fieldHint: 'temperature', value: 'min' }).status).toBe('executed')
    expect(document.getElementById('s')!.getAttribute('aria-valuenow')).toBe('10')
    expect(run({ action: 'fill', fieldHint: 'guests', value: 'five' }).status).toBe('executed')
    expect(document.getElementById('g')!.getAttribute('aria-valuenow')).toBe('5')
    expect(run({ action: 'fill', fieldHint: 'guests', value: '12' })).toMatchObject({
      status: 'refused',
      reason: 'rejected-value',
    })
  })

  it('a text input that is a spin button (Chakra, React Aria) holds its aria-valuemin/max: a number outside is refused, nothing written', () => {
    const { run } = setup(`
      <label for="seats">Seats</label>
      <input id="seats" type="text" inputmode="decimal" role="spinbutton" aria-valuemin="1" aria-valuemax="50" aria-valuenow="2" value="2">`)
    const input = document.getElementById('seats') as HTMLInputElement
    let events = 0
    input.addEventListener('input', () => events++)
    expect(run({ action: 'fill', fieldHint: 'seats', value: '80' })).toMatchObject({
      status: 'refused',
      reason: 'rejected-value',
      detail: '"Seats" takes a number between 1 and 50, not 80',
    })
    expect(input.value).toBe('2')
    expect(events).toBe(0)
    expect(run({ action: 'fill', fieldHint: 'seats', value: '४०' }).status).toBe('executed')
    expect(input.value).toBe('40')
  })
})

describe('editable regions, radio groups, split dates, conditional reveals', () => {
  it('contenteditable takes plain text, never markup', () => {
    const { run } = setup(
      '<span id="el">Message</span><div id="ed" contenteditable="true" role="textbox" aria-labelledby="el"><p>old</p></div>',
    )
    expect(run({ action: 'fill', fieldHint: 'message', value: '<img src=x onerror=alert(1)> hello' }).status).toBe(
      'executed',
    )
    const ed = document.getElementById('ed')!
    expect(ed.textContent).toBe('<img src=x onerror=alert(1)> hello')
    expect(ed.querySelector('img')).toBeNull()
  })

  it('a role=textbox that is not editable is refused as read-only', () => {
    const { run } = setup('<div role="textbox" aria-label="Notes" id="n">fixed</div>')
    expect(run({ action: 'fill', fieldHint: 'notes', value: 'x' })).toMatchObject({
      status: 'refused',
      reason: 'readonly',
    })
  })

  it('a radio group by its legend and the option ("payment method PayPal")', () => {
    const { run, el } = setup(`
      <fieldset><legend>Payment method</legend>
        <input type="radio" name="pm" id="card"><label for="card">Credit card</label>
        <input type="radio" name="pm" id="paypal"><label for="paypal">PayPal</label></fieldset>
      <label for="n">Name on card</label><input id="n">`)
    expect(run({ action: 'fill', fieldHint: 'payment method', value: 'PayPal' }).status).toBe('executed')
    expect(el('paypal').checked).toBe(true)
    const r = run({ action: 'fill', fieldHint: 'payment method', value: 'Bitcoin' })
    expect(detail(r)).toBe('no choice "Bitcoin" in "Payment method"; choices: "Credit card", "PayPal"')
    expect(el('n').value).toBe('')
  })

  it('a date split into Day, Month and Year fields is filled from one spoken date', () => {
    const { run, el } = setup(`
      <label for="ni">National Insurance number</label><input id="ni">
      <fieldset role="group"><legend>What is your date of birth?</legend>
        <label for="dob-day">Day</label><input id="dob-day" name="dob-day" inputmode="numeric">
        <label for="dob-month">Month</label><input id="dob-month" name="dob-month" inputmode="numeric">
        <label for="dob-year">Year</label><input id="dob-year" name="dob-year" inputmode="numeric"></fieldset>`)
    expect(run({ action: 'fill', fieldHint: 'date of birth', value: '31 March 1980' }).status).toBe('executed')
    expect([el('dob-day').value, el('dob-month').value, el('dob-year').value]).toEqual(['31', '3', '1980'])
    expect(el('ni').value).toBe('')
  })

  it('a hidden field revealed by a choice: the refusal names the choice', () => {
    const { run } = setup(`
      <fieldset><legend>How would you like to be contacted?</legend>
        <input type="radio" name="c" id="c-email" aria-controls="reveal-email"><label for="c-email">Email</label>
        <div id="reveal-email" hidden><label for="ce">Email address</label><input id="ce"></div>
        <input type="radio" name="c" id="c-phone"><label for="c-phone">Phone</label></fieldset>`)
    const r = run({ action: 'fill', fieldHint: 'email address', value: 'a@b.co' })
    expect(r).toMatchObject({ status: 'refused', reason: 'hidden' })
    expect(detail(r)).toBe(
      'the field "Email address" appears only after choosing "Email" (How would you like to be contacted?)',
    )
  })
})
