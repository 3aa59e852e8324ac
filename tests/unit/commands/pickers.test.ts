// @vitest-environment happy-dom
/**
 * Date pickers operated through the calendar they draw (src/voice/commands/pickers.ts, calendarGrid.ts), found
 * from the DOM and its events, not from a library's classes: a fill presses the read-only input, reads the popup
 * that appears as a calendar, goes to the month with its year box and month list (or its previous / next
 * buttons), presses the day (both days of a range), or fills the time boxes, and reads back the value the form
 * posts. Runs the real flatpickr (its dist build, a devDependency) in happy-dom, and a calendar written here with
 * none of its markup (a heading, arrows and unlabelled day buttons).
 */
import { createRequire } from 'node:module'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { createCommandExecutor, type CommandResult } from '../../../src/voice/commands'

const require = createRequire(import.meta.url)
type Flatpickr = (sel: string, config: object) => { destroy: () => void }
let flatpickr: Flatpickr
const instances: { destroy: () => void }[] = []

beforeAll(() => {
  flatpickr = require('flatpickr/dist/flatpickr.js') as Flatpickr
})

afterEach(() => {
  for (const i of instances.splice(0)) i.destroy()
  document.body.innerHTML = ''
})

function booking(): void {
  document.body.innerHTML = `<form>
    <p><label for="arrival">Arrival date</label><input id="arrival" type="text"></p>
    <p><label for="time">Check-in time</label><input id="time" type="text"></p>
    <p><label for="stay">Stay dates</label><input id="stay" type="text"></p>
    <p id="dob-field"><label for="dob">Date of birth</label><input id="dob" type="text" placeholder="Select your date of birth"></p>
    <p><label for="guest">Guest name</label><input id="guest" type="text"></p>
  </form>`
  instances.push(
    flatpickr('#arrival', { minDate: '2026-01-01', maxDate: '2030-12-31' }),
    flatpickr('#time', { enableTime: true, noCalendar: true, dateFormat: 'H:i', time_24hr: true }),
    flatpickr('#stay', { mode: 'range', minDate: '2026-01-01' }),
    flatpickr('#dob', { altInput: true, altFormat: 'F j, Y', dateFormat: 'Y-m-d' }),
  )
}

const run = async (fieldHint: string, value: string): Promise<CommandResult> => {
  const executor = createCommandExecutor({ notify: () => {}, highlightMs: 0, logger: {} })
  const result = executor.execute({ action: 'fill', fieldHint, value })
  if (result.status === 'executed' && result.settled) {
    await result.settled
    return result.settledResult ?? result
  }
  return result
}
const valueOf = (id: string) => (document.getElementById(id) as HTMLInputElement).value

it('picks a date in the calendar of a read-only flatpickr input', async () => {
  booking()
  expect(document.getElementById('arrival')!.hasAttribute('readonly')).toBe(true)
  const result = await run('arrival date', '12 March 2027')
  expect(result.status).toBe('executed')
  expect(valueOf('arrival')).toBe('2027-03-12')
})

it('refuses a date past maxDate as one the calendar does not offer, and writes nothing', async () => {
  booking()
  const result = await run('arrival date', '12 March 2035')
  expect(result).toMatchObject({ status: 'refused', reason: 'rejected-value' })
  expect(result.status === 'refused' && result.detail).toMatch(/"Arrival date" does not accept "12 March 2035"/)
  expect(valueOf('arrival')).toBe('')
})

it('picks both days of a range', async () => {
  booking()
  const result = await run('stay dates', '12 March 2027 to 15 March 2027')
  expect(result.status).toBe('executed')
  expect(valueOf('stay')).toBe('2027-03-12 to 2027-03-15')
})

it('fills the time boxes of a time-only picker', async () => {
  booking()
  const result = await run('check-in time', '3 pm')
  expect(result.status).toBe('executed')
  expect(valueOf('time')).toBe('15:00')
})

it('fills an altInput picker through its visible copy, named by the hidden input it stands for', async () => {
  booking()
  const result = await run('date of birth', '5 August 1990')
  expect(result.status).toBe('executed')
  expect(valueOf('dob')).toBe('1990-08-05')
  expect((document.querySelector('#dob-field input:not([type=hidden])') as HTMLInputElement).value).toBe(
    'August 5, 1990',
  )
})

it('still refuses a field the page lacks, with the pickers among the fields it lists', async () => {
  booking()
  const result = await run('flight number', 'AI 101')
  expect(result).toMatchObject({ status: 'refused', reason: 'not-found' })
  expect(result.status === 'refused' && result.detail).toContain('"Arrival date"')
  expect(valueOf('guest')).toBe('')
})

it('types a spoken date into a flatpickr input that takes typing (allowInput), in the format it shows', async () => {
  document.body.innerHTML = `<label for="d">Arrival date</label><input id="d" type="text">
    <label for="dob">Date of birth</label><input id="dob" type="text" placeholder="Select your date of birth">`
  instances.push(
    flatpickr('#d', { allowInput: true, maxDate: '2030-12-31' }),
    flatpickr('#dob', { allowInput: true, altInput: true, altFormat: 'd/m/Y', dateFormat: 'Y-m-d' }),
  )
  expect(document.getElementById('d')!.hasAttribute('readonly')).toBe(false)
  const dayClicks: unknown[] = []
  document.addEventListener('click', (e) => {
    if ((e.target as Element).classList?.contains('flatpickr-day')) dayClicks.push(e.target)
  })
  const result = await run('arrival date', '12 March 2027')
  expect(result).toMatchObject({ status: 'executed' })
  expect(valueOf('d')).toBe('2027-03-12')
  expect(dayClicks).toEqual([]) // typed, not picked
  expect(document.querySelector('.flatpickr-calendar.open')).toBeNull()
  // The visible copy takes typing in its altFormat; the form's input gets the dateFormat.
  expect((await run('date of birth', '5 August 1990')).status).toBe('executed')
  expect(valueOf('dob')).toBe('1990-08-05')
  expect((document.getElementById('dob')!.nextElementSibling as HTMLInputElement).value).toBe('05/08/1990')
  expect(dayClicks).toEqual([])
  // A day its calendar does not offer is not taken (the picker clears what it refuses): refused, and the field
  // gets its date back.
  const late = await run('arrival date', '12 March 2035')
  expect(late).toMatchObject({ status: 'refused', reason: 'rejected-value' })
  expect(late.status === 'refused' && late.detail).toContain('did not take "12 March 2035"')
  expect(valueOf('d')).toBe('2027-03-12')
})

/**
 * A date picker with none of flatpickr's markup (as a site might write its own): a read-only input that opens a
 * dialog with a "Month YYYY" heading, previous / next buttons and a grid of unlabelled day buttons; a day press
 * writes `DD/MM/YYYY`; days after `max` are disabled buttons.
 */
function ownCalendar(max: string): void {
  document.body.innerHTML = `<form><label for="visit">Visit date</label><input id="visit" readonly></form>`
  const input = document.getElementById('visit') as HTMLInputElement
  let shown = { y: 2026, m: 10 } // November 2026 (month 0-based)
  const dialog = document.createElement('div')
  dialog.setAttribute('role', 'dialog')
  dialog.hidden = true
  document.body.append(dialog)
  const names = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ]
  const pad = (n: number) => String(n).padStart(2, '0')
  const draw = () => {
    const days = new Date(shown.y, shown.m + 1, 0).getDate()
    const lead = new Date(shown.y, shown.m, 1).getDay()
    const before = new Date(shown.y, shown.m, 0).getDate()
    const cells = [
      ...Array.from(
        { length: lead },
        (_, i) => `<td><button type="button" tabindex="-1" class="other">${before - lead + i + 1}</button></td>`,
      ),
      ...Array.from({ length: days }, (_, i) => {
        const iso = `${shown.y}-${pad(shown.m + 1)}-${pad(i + 1)}`
        return `<td><button type="button" data-iso="${iso}"${iso > max ? ' disabled' : ''}>${i + 1}</button></td>`
      }),
    ]
    const rows: string[] = []
    for (let i = 0; i < cells.length; i += 7) rows.push(`<tr>${cells.slice(i, i + 7).join('')}</tr>`)
    dialog.innerHTML = `<button type="button" aria-label="Previous month">‹</button>
      <h2>${names[shown.m]} ${shown.y}</h2><button type="button" aria-label="Next month">›</button>
      <table role="grid"><tbody>${rows.join('')}</tbody></table>`
  }
  input.addEventListener('click', () => {
    draw()
    dialog.hidden = false
  })
  dialog.addEventListener('click', (e) => {
    const b = (e.target as Element).closest('button')
    if (!b || b.disabled) return
    const label = b.getAttribute('aria-label')
    if (label) {
      const m = shown.m + (label.startsWith('Next') ? 1 : -1)
      shown = { y: shown.y + Math.floor(m / 12), m: ((m % 12) + 12) % 12 }
      draw()
    } else if (b.dataset.iso) {
      const [y, m, d] = b.dataset.iso.split('-')
      input.value = `${d}/${m}/${y}`
      dialog.hidden = true
    }
  })
}

it('operates a calendar it was never told about: heading, arrows and day buttons, read back as written', async () => {
  ownCalendar('2027-06-30')
  const result = await run('visit date', '12 March 2027')
  expect(result.status).toBe('executed')
  expect(valueOf('visit')).toBe('12/03/2027')
  // A day past the last it offers is a disabled button: refused, the value kept.
  const late = await run('visit date', '2 July 2027')
  expect(late).toMatchObject({ status: 'refused', reason: 'rejected-value' })
  expect(valueOf('visit')).toBe('12/03/2027')
})

it('takes a labelled hidden date input and the visible copy after it as one field; an unlabelled hidden input stands for nothing', async () => {
  document.body.innerHTML = `<form>
    <label for="when">Delivery date</label><input type="hidden" id="when" name="when" value="2027-03-01"><input type="text" value="1 March 2027" readonly>
    <input type="hidden" name="csrf" value="t0k3n"><input type="text" id="coupon" placeholder="Coupon code">
  </form>`
  // The copy opens no calendar here: the field the visitor names is the hidden input, refused as the read-only
  // field it is (nothing written).
  const when = await run('delivery date', '5 March 2027')
  expect(when).toMatchObject({ status: 'refused', reason: 'readonly' })
  expect(when.status === 'refused' && when.detail).toContain('"Delivery date"')
  expect(valueOf('when')).toBe('2027-03-01')
  // A text field after a hidden token is a field of its own, named as always.
  expect((await run('coupon code', 'SPRING')).status).toBe('executed')
  expect(valueOf('coupon')).toBe('SPRING')
})
