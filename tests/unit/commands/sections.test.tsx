// @vitest-environment happy-dom
/**
 * Date fields typed into by sections (src/voice/commands/sections.ts): the real MUI X v9 `DatePicker` (its field is
 * a group of editable month / day / year sections, the named input hidden behind them) rendered by React in
 * happy-dom. A fill types the spoken date into the sections in the order the locale shows them and reports what
 * the field then holds.
 */
import { afterEach, expect, it } from 'vitest'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { DatePicker } from '@mui/x-date-pickers/DatePicker'
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider'
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs'
import dayjs from 'dayjs'
import 'dayjs/locale/en-gb'
import { createCommandExecutor, type CommandResult } from '../../../src/voice/commands'
import { describeCommandResult } from '../../../src/voice/context/report'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false

let root: Root | null = null

afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
})

async function render(locale: string, props: { maxDate?: dayjs.Dayjs } = {}): Promise<void> {
  const host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  await act(async () => {
    root!.render(
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale}>
        <form>
          <DatePicker label="Departure date" name="departure" {...props} />
          <label htmlFor="guest">Guest name</label>
          <input id="guest" />
        </form>
      </LocalizationProvider>,
    )
  })
}

const hidden = () => document.querySelector<HTMLInputElement>('input[name="departure"]')!
const sections = () =>
  Array.from(document.querySelectorAll('[role="spinbutton"]')).map(
    (s) => `${s.getAttribute('aria-label')}=${s.getAttribute('aria-valuenow')}`,
  )

const run = async (fieldHint: string, value: string): Promise<CommandResult> => {
  const executor = createCommandExecutor({ notify: () => {}, highlightMs: 0, logger: {} })
  const result = executor.execute({ action: 'fill', fieldHint, value })
  if (result.status === 'executed' && result.settled) {
    await result.settled
    return result.settledResult ?? result
  }
  return result
}

it('types a spoken date into the month, day and year sections (MM/DD/YYYY) and reports what the field holds', async () => {
  await render('en')
  expect(hidden().value).toBe('')
  const result = await run('departure date', '12 March 2027')
  expect(result.status).toBe('executed')
  expect(hidden().value).toBe('03/12/2027')
  expect(sections()).toEqual(['Month=3', 'Day=12', 'Year=2027'])
  expect(describeCommandResult(result)).toMatchObject({
    outcome: 'done',
    text: expect.stringContaining('Departure date'),
  })
})

it('reads an all-digit date in the order the locale shows the sections (DD/MM/YYYY)', async () => {
  await render('en-gb')
  const result = await run('departure date', '05/08/2027')
  expect(result.status).toBe('executed')
  expect(hidden().value).toBe('05/08/2027')
  expect(sections()).toEqual(['Day=5', 'Month=8', 'Year=2027'])
})

it('fills the field again over a date it holds', async () => {
  await render('en')
  expect((await run('departure date', '12 March 2027')).status).toBe('executed')
  expect((await run('departure date', '1 December 2028')).status).toBe('executed')
  expect(hidden().value).toBe('12/01/2028')
})

it('refuses a date the field marks invalid (after its maxDate), saying what it shows', async () => {
  await render('en', { maxDate: dayjs('2030-12-31') })
  const result = await run('departure date', '12 March 2035')
  expect(result.status).toBe('refused')
  expect(result.status === 'refused' && result.detail).toMatch(/does not accept "12 March 2035".*03\/12\/2035/)
})

it('refuses what is no date, and the sections are not fields of their own', async () => {
  await render('en')
  const notDate = await run('departure date', 'soon')
  expect(notDate.status === 'refused' && notDate.detail).toContain('is not a date')
  expect(hidden().value).toBe('')
  const year = await run('year', '2027')
  expect(year.status).toBe('refused')
  expect(sections()).toEqual(['Month=null', 'Day=null', 'Year=null'])
})
