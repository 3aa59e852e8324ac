/**
 * The widget-library corpus (tests/fixtures/widgets: forms rendered by react-select, Select2, MUI with MUI X Date
 * Pickers, Radix Primitives, Chakra UI, flatpickr, Headless UI, Ant Design, react-datepicker, Choices.js,
 * intl-tel-input, Element Plus (Vue) and svelte-select (Svelte) from their own published code) driven through the embed: each page is
 * served by a host origin that adds `voiceos.js` (e2e build, scripted engine, its own origin) by script tag; the
 * mic is pressed; every command of the page's table arrives as the call's tool call or over the local Realtime
 * channel (alternately). What happened is read from the page where each library shows it (its shown value, ARIA
 * state, the control a form posts) — never from the report — and set against the report the widget sends to the
 * call: hit, refused right, refused wrong reason, wrong, miss or false report (../fixtures/widgets/cases.ts).
 *
 * What must always hold: no wrong target or value and no false report, except those listed in KNOWN_FAILURES
 * with what was observed (each must still fail so: a fixed one is taken off the list), and at least MIN_HITS hits on each page (a
 * ratchet: raise it as the executor learns more widgets). The table is printed for every page.
 */
import { expect, test, type Page } from '@playwright/test'
import { buildWidgetPages, WIDGET_PAGES_DIR } from '../fixtures/widgets/build'
import {
  classify,
  installWidgetReaders,
  POPUPS,
  WIDGET_CORPUS,
  type Observed,
  type WidgetCase,
  type WidgetOutcome,
  type WidgetReaders,
} from '../fixtures/widgets/cases'
import {
  resultCount,
  sendCommand,
  startCall,
  startEmbedOrigins,
  viaFor,
  type CommandVia,
  type EmbedOrigins,
} from './fixtures/embedCall'
import { stripRecord } from '../../src/voice/context/record'

/**
 * The cases the executor gets wrong today, each with what was observed: `say` of the case → its outcome (`false
 * report`: the report contradicts what happened; `wrong`: a control the command did not name was changed) and
 * the behaviour seen. Each must still end so when the spec runs — a case that no longer does fails the spec
 * until it is taken off this list — and any other false report or wrong target fails the spec.
 */
const KNOWN_FAILURES: Record<string, { outcome: 'false report' | 'wrong'; observed: string }> = {}

/** The fewest hits each page must have (what the executor achieves today: raise, never lower). */
const MIN_HITS: Record<string, number> = {
  'select2.html': 8,
  'react-select.html': 7,
  'mui.html': 7,
  'radix.html': 8,
  'chakra.html': 7,
  'flatpickr.html': 6,
  'headlessui.html': 5,
  'antd.html': 7,
  'react-datepicker.html': 3,
  'choices.html': 5,
  'intl-tel-input.html': 3,
  'element-plus.html': 6,
  'svelte-select.html': 3,
}

const PROBE = 'voiceos-widgets-probe'
/** How long a hit may take to show after the report (a menu's closing transition, a re-render). */
const SETTLE_MS = 1_000

test.describe.configure({ mode: 'default' })

let origins: EmbedOrigins
test.beforeAll(async () => {
  await buildWidgetPages()
  origins = await startEmbedOrigins({
    hostRoot: WIDGET_PAGES_DIR,
    pages: new Set(WIDGET_CORPUS.map((p) => `/${p.file}`)),
  })
})
test.afterAll(async () => {
  await origins?.close()
})

interface Row {
  page: string
  say: string
  via: CommandVia
  outcome: WidgetOutcome
  report: string
  detail: string
}
const rows: Row[] = []

const OUTCOMES: WidgetOutcome[] = ['hit', 'refused right', 'refused wrong reason', 'wrong', 'miss', 'false report']

/** The table of the rows run by this worker: one line per outcome count, then every row that is not a hit or a right refusal. */
function table(of: Row[]): string {
  const count = (o: WidgetOutcome) => of.filter((r) => r.outcome === o).length
  return [
    `widget corpus through the embed: ${of.length} commands — ${OUTCOMES.map((o) => `${o} ${count(o)}`).join(', ')}`,
    ...of
      .filter((r) => r.outcome !== 'hit' && r.outcome !== 'refused right')
      .map(
        (r) =>
          `  ${r.outcome.toUpperCase()} [${r.page}] ${r.say} (${r.via}): ${r.report}${r.detail ? ` — ${r.detail}` : ''}`,
      ),
  ].join('\n')
}
test.afterAll(() => {
  if (rows.length > 0) console.log(table(rows))
})

/** The report's outcome and sentence, from a `COMMAND RESULT` message (a tool call's JSON result or a Realtime line). */
function parseReport(content: string): Observed['report'] {
  // The session ends every message with its record tag (src/voice/context/record.ts): read before it.
  const body = stripRecord(content)
    .replace(/^COMMAND RESULT /, '')
    .trimEnd()
  if (body.startsWith('{')) {
    const r = JSON.parse(body) as { result?: string; error?: string }
    return r.error !== undefined
      ? { outcome: 'refused', text: r.error }
      : { outcome: 'done', text: (r.result ?? '').replace(/^done: /, '') }
  }
  return body.startsWith('done:')
    ? { outcome: 'done', text: body.slice(5).trim() }
    : { outcome: 'refused', text: body.replace(/^refused:\s*/, '') }
}

const readers = (page: Page) => ({
  snapshot: () =>
    page.evaluate(() => (window as unknown as { __widgetReaders: WidgetReaders }).__widgetReaders.snapshot()),
  holds: (c: WidgetCase) =>
    page.evaluate(
      (checks) =>
        checks.map((k) => (window as unknown as { __widgetReaders: WidgetReaders }).__widgetReaders.read(k) ?? null),
      'holds' in c.expect ? c.expect.holds : [],
    ),
  changes: (control?: string) =>
    page.evaluate(
      (control) => (window as unknown as { __widgetReaders: WidgetReaders }).__widgetReaders.changes(control),
      control,
    ),
})

async function runCase(page: Page, file: string, c: WidgetCase, index: number, channel: string): Promise<Row> {
  const via = viaFor(index)
  const id = `case_${index}_${Math.random().toString(36).slice(2, 8)}`
  const r = readers(page)
  await r.snapshot()
  const checksBefore = await r.holds(c)
  const before = await resultCount(page, PROBE)
  const content = await sendCommand(
    page,
    origins.realtime,
    { channel, via, id, command: c.command, key: PROBE, before },
    15_000,
  )
  const report = parseReport(content)
  // What must hold may show a moment after the report (a menu closing, a re-render): give it SETTLE_MS.
  const wanted = 'holds' in c.expect ? c.expect.holds.map((k) => k.is) : []
  let readings = await r.holds(c)
  const deadline = Date.now() + ('holds' in c.expect ? SETTLE_MS : SETTLE_MS / 2)
  while (Date.now() < deadline && !readings.every((v, i) => v === wanted[i])) {
    await page.waitForTimeout(50)
    readings = await r.holds(c)
  }
  if (!('holds' in c.expect)) await page.waitForTimeout(SETTLE_MS / 2)
  const changes = await r.changes(c.control)
  const observed: Observed = {
    report,
    holds: readings.map((v, i) => v === wanted[i]),
    checksChanged: readings.some((v, i) => v !== checksBefore[i]),
    changedElsewhere: changes.elsewhere,
    changedAnywhere: changes.anywhere,
  }
  const outcome = classify(c, observed)
  const detail =
    outcome === 'hit' || outcome === 'refused right'
      ? ''
      : [
          'holds' in c.expect
            ? `holds: ${c.expect.holds.map((k, i) => `${k.at} ${k.read} ${JSON.stringify(readings[i])}${readings[i] === k.is ? '' : ` (want ${JSON.stringify(k.is)})`}`).join('; ')}`
            : '',
          changes.elsewhere.length ? `changed elsewhere: ${changes.elsewhere.join('; ')}` : '',
          'refuse' in c.expect && changes.anywhere.length ? `changed: ${changes.anywhere.join('; ')}` : '',
        ]
          .filter(Boolean)
          .join(' | ')
  // Leave no popup open for the next command (a list a miss left open would cover the next control): a click on
  // the page's empty margin, as a visitor closes one.
  await page.mouse.click(5, 5)
  // The next command is the visitor's next sentence, seconds later: the page's transitions (a popup fading out after
  // that click) end first — 2 s at most; an endless one (a spinner) is not waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => undefined)
  // A widget may still act on that blur (a number field clamping its value): let it, before the next snapshot.
  await page.waitForTimeout(200)
  return { page: file, say: c.say, via, outcome, report: `${report.outcome}: ${report.text}`, detail }
}

for (const widgetPage of WIDGET_CORPUS) {
  test(`widget corpus through the embed: ${widgetPage.file} — ${widgetPage.pattern}`, async ({ page }) => {
    test.slow()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.addInitScript(installWidgetReaders, POPUPS)
    await page.goto(`${origins.host.origin}/${widgetPage.file}`)
    await page.waitForLoadState('load')
    const channel = await startCall(page, origins.realtime, { key: PROBE, mic: 'Start voice assistant' })

    const mine: Row[] = []
    for (const [i, c] of widgetPage.cases.entries()) {
      const row = await runCase(page, widgetPage.file, c, i, channel)
      rows.push(row)
      mine.push(row)
    }
    console.log(table(mine))
    expect(pageErrors).toEqual([])
    // No wrong target and no false report beyond the known ones; each known one still as it was.
    const contradictions = mine.filter((r) => r.outcome === 'wrong' || r.outcome === 'false report')
    expect(
      contradictions
        .filter((r) => KNOWN_FAILURES[r.say]?.outcome !== r.outcome)
        .map((r) => `${r.outcome}: ${r.say}: ${r.report} — ${r.detail}`),
      'wrong targets and false reports (none may be added)',
    ).toEqual([])
    expect(
      mine
        .filter((r) => r.say in KNOWN_FAILURES && KNOWN_FAILURES[r.say]!.outcome !== r.outcome)
        .map((r) => `${r.say}: now ${r.outcome}`),
      'fixed: take these off KNOWN_FAILURES',
    ).toEqual([])
    expect(mine.filter((r) => r.outcome === 'hit').length).toBeGreaterThanOrEqual(MIN_HITS[widgetPage.file] ?? 0)
    // Every must-refuse case refused for its own reason (a refusal for another reason hides what went wrong).
    expect(
      mine.filter((r) => r.outcome === 'refused wrong reason').map((r) => `${r.say}: ${r.report}`),
      'must-refuse cases refused for another reason',
    ).toEqual([])
  })
}
