// @vitest-environment happy-dom
/**
 * A native `<select>` that Select2 / selectWoo hides behind the widget it draws, reached with no code for Select2
 * (src/voice/commands/popups.ts): named by its label, judged visible on the widget drawn right after it, chosen
 * as a person chooses — a press on that widget, the option clicked in the list it opens — and read back from the
 * `<select>`, which Select2 itself writes (`option.selected`, then `input` and `change` through jQuery,
 * `SelectAdapter.select`). Runs the real Select2 (its dist build,
 * a devDependency) on jQuery in happy-dom, for the markup it writes and the events it gets; happy-dom's selector
 * engine lacks the `:selected` that Select2 reads the `<select>` back with, so its redrawn selection is checked in
 * Chromium by the widget corpus (tests/e2e/embed-widgets.spec.ts, select2.html).
 */
import { createRequire } from 'node:module'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { createCommandExecutor, type CommandResult } from '../../../src/voice/commands'

const require = createRequire(import.meta.url)
type JQ = ((sel: string) => { select2: (o?: object) => unknown }) & { fn: object }
let $: JQ

beforeAll(() => {
  // Browsers give mouse events the legacy `which` (UI Events: the button plus one), which Select2's press handler
  // reads; happy-dom's MouseEvent lacks it.
  if (!('which' in MouseEvent.prototype))
    Object.defineProperty(MouseEvent.prototype, 'which', {
      configurable: true,
      get(this: MouseEvent) {
        return this.button + 1
      },
    })
  $ = require('jquery') as JQ
  const factory = require('select2/dist/js/select2.js') as (root: Window, jq: JQ) => unknown
  factory(window, $)
})

afterEach(() => {
  document.body.innerHTML = ''
})

function checkout(): void {
  document.body.innerHTML = `<form>
    <p><label for="first">First name</label><input id="first"></p>
    <p id="country-field"><label for="country">Country / Region</label>
      <select id="country"><option value="">Select a country / region…</option><option value="FR">France</option>
        <option value="DE">Germany</option><option value="IN">India</option></select></p>
    <p><label for="days">Delivery days</label>
      <select id="days" multiple><option value="mon">Monday</option><option value="tue">Tuesday</option>
        <option value="wed">Wednesday</option></select></p>
  </form>`
  $('#country').select2({ placeholder: 'Select a country / region…' })
  $('#days').select2({ placeholder: 'Choose days' })
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

it('fills a Select2 single select through the widget it draws, which then shows the option', async () => {
  checkout()
  const select = document.getElementById('country') as HTMLSelectElement
  expect(select.classList.contains('select2-hidden-accessible')).toBe(true)
  const events: string[] = []
  const jq = $ as unknown as (el: Element) => { on: (type: string, fn: () => void) => void }
  for (const type of ['input', 'change']) jq(select).on(type, () => events.push(`${type} ${select.value}`))
  const result = await run('country', 'Germany')
  expect(result.status).toBe('executed')
  expect(select.value).toBe('DE')
  // Select2's own list made the choice (SelectAdapter.select): input, then change, triggered by Select2 itself.
  expect(events).toEqual(['input DE', 'change DE'])
})

it('adds each spoken value to a Select2 multiple select', async () => {
  checkout()
  const result = await run('delivery days', 'Monday and Wednesday')
  expect(result.status).toBe('executed')
  const select = document.getElementById('days') as HTMLSelectElement
  expect(Array.from(select.selectedOptions, (o) => o.value)).toEqual(['mon', 'wed'])
})

it('refuses an option the select lacks as such, not as a hidden field', async () => {
  checkout()
  const result = await run('country', 'Atlantis')
  expect(result).toMatchObject({ status: 'refused', reason: 'rejected-value' })
  expect(result.status === 'refused' && result.detail).toMatch(/no option "Atlantis" in "Country \/ Region"/)
  expect((document.getElementById('country') as HTMLSelectElement).value).toBe('')
})

it('does not take the widget parts for fields: the refusal lists the select by its label', async () => {
  checkout()
  const result = await run('company name', 'Acme')
  expect(result).toMatchObject({ status: 'refused', reason: 'not-found' })
  const detail = result.status === 'refused' ? result.detail : ''
  expect(detail).toContain('"Country / Region"')
  expect(detail).not.toContain('Select a country')
})

it('refuses the select as not visible when the widget standing for it is hidden', async () => {
  checkout()
  ;(document.querySelector('#country-field .select2-container') as HTMLElement).style.display = 'none'
  const result = await run('country', 'Germany')
  expect(result).toMatchObject({ status: 'refused', reason: 'hidden' })
  expect((document.getElementById('country') as HTMLSelectElement).value).toBe('')
})

it('refuses a select hidden without a stand-in, as before', async () => {
  document.body.innerHTML = `<label for="s">Country</label><select id="s" class="select2-hidden-accessible" aria-hidden="true">
    <option value="DE">Germany</option></select>`
  const result = await run('country', 'Germany')
  expect(result).toMatchObject({ status: 'refused', reason: 'hidden' })
})
