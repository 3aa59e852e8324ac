// @vitest-environment happy-dom
/**
 * Read-only inputs that flatpickr writes from the calendar it draws (src/voice/commands/pickers.ts): a fill opens
 * the calendar, goes to the month with its year box and month list, clicks the day (both days of a range), or
 * fills the time boxes, and reads the value flatpickr wrote. Runs the real flatpickr (its dist build, a
 * devDependency) in happy-dom.
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
  const executor = createCommandExecutor({ notify: () => {}, highlightMs: 0 })
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
  // A day its calendar does not offer is refused before anything is typed: the field keeps its date.
  const late = await run('arrival date', '12 March 2035')
  expect(late.status === 'refused' && late.detail).toContain('does not accept')
  expect(valueOf('d')).toBe('2027-03-12')
})
