/**
 * The third-party page corpus (tests/fixtures/sites, tables in cases.ts) driven through the embed: each page
 * is served by a host origin that adds `voiceos.js` (e2e build, scripted engine, its own origin) by script tag;
 * the mic is pressed; every command of the page's table arrives as the call's tool call or over the local
 * Realtime channel (alternately); the outcome is read from the page (the element that got the click or input,
 * the value, the scroll) and from the result the widget reports back to the call. A case passes when exactly
 * the expected element was acted on (with the value), or when a refusal was expected, the widget reported the
 * command refused and nothing on the page was touched. Wrong targets must be 0.
 */
import { expect, test, type Page } from '@playwright/test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { CORPUS, installActPathResolver, type CorpusCase } from '../fixtures/sites/cases'
import {
  sendCommand,
  startCall,
  startEmbedOrigins,
  viaFor,
  type CommandVia,
  type EmbedOrigins,
} from './fixtures/embedCall'

/**
 * The mic's accessible name in every widget language: the widget speaks the page's language (`<html lang>`), so
 * the Hindi, Tamil, Bengali and Urdu pages name it in their own words (locales/<lng>/voice.json `widget.start`).
 */
const MIC_NAME = new RegExp(
  `^(?:${readdirSync('locales')
    .filter((l) => existsSync(`locales/${l}/voice.json`))
    .map(
      (l) =>
        (JSON.parse(readFileSync(`locales/${l}/voice.json`, 'utf8')) as { widget: { start: string } }).widget.start,
    )
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})$`,
)
const PROBE = 'voiceos-corpus-probe'

test.describe.configure({ mode: 'default' })

let origins: EmbedOrigins
test.beforeAll(async () => {
  origins = await startEmbedOrigins({
    hostRoot: 'tests/fixtures/sites',
    pages: new Set(CORPUS.map((p) => `/${p.file}`)),
  })
})
test.afterAll(async () => {
  await origins?.close()
})

interface Outcome {
  say: string
  via: CommandVia
  kind: 'hit' | 'refused-as-expected' | 'wrong'
  detail: string
}
const outcomes: Outcome[] = []
/** The corpus pages this worker ran (a subset when `--grep` picks some, or after a failure restarted the worker). */
const pagesRun = new Set<string>()
test.afterAll(() => {
  // A worker that ran no page of the corpus (the read tool's test alone) has no summary to print.
  if (pagesRun.size === 0) return
  const count = (k: Outcome['kind']) => outcomes.filter((o) => o.kind === k).length
  const pages = pagesRun.size === CORPUS.length ? `${CORPUS.length}` : `${pagesRun.size} of ${CORPUS.length}`
  console.log(
    [
      `corpus through the embed: ${outcomes.length} commands on ${pages} pages (${outcomes.filter((o) => o.via === 'realtime').length} over Realtime) — exact hits ${count('hit')}, refusals as expected ${count('refused-as-expected')}, wrong targets ${count('wrong')}`,
      ...outcomes.filter((o) => o.kind === 'wrong').map((o) => `  WRONG (${o.via}): ${o.say}: ${o.detail}`),
    ].join('\n'),
  )
})

async function runCase(page: Page, c: CorpusCase, index: number, channel: string): Promise<Outcome> {
  const via = viaFor(index)
  const id = `case_${index}_${Math.random().toString(36).slice(2, 8)}`
  const restores = 'restores' in c.expect ? c.expect.restores : undefined
  const before = await page.evaluate(
    ({ k, restores }) => {
      const p = (window as unknown as Record<symbol, { results: string[]; touched: Element[] }>)[Symbol.for(k)]!
      p.touched.length = 0
      const w = window as unknown as Record<string, (x: never) => unknown>
      const el = restores ? (w['__resolveActPath'] as (path: string) => Element | null)(restores) : null
      const value = el ? (w['__readCaseValue'] as (e: Element) => string | undefined)(el) : undefined
      return { results: p.results.length, scrollY: window.scrollY, restoreValue: value }
    },
    { k: PROBE, restores },
  )
  await sendCommand(page, origins.realtime, {
    channel,
    via,
    id,
    command: c.command,
    key: PROBE,
    before: before.results,
  })
  // Motion is not reduced here, so a scroll is smooth: the page moves over a few frames after the result is sent.
  if ('scroll' in c.expect)
    await page.waitForFunction((y) => window.scrollY !== y, before.scrollY, { timeout: 3_000 }).catch(() => undefined)
  const r = await page.evaluate(
    ({ k, expected, scrollBefore, restoreBefore }) => {
      const p = (window as unknown as Record<symbol, { results: string[]; touched: Element[] }>)[Symbol.for(k)]!
      const resolve = (window as unknown as Record<string, (path: string) => Element | null>)['__resolveActPath']!
      const target = 'act' in expected ? resolve(expected.act) : null
      const read = (window as unknown as Record<string, (el: Element) => string | undefined>)['__readCaseValue']!
      const valueEl = 'act' in expected && expected.valueAt ? resolve(expected.valueAt) : target
      // A combobox's popup (aria-controls: the listbox whose option a keyboard user or a click picks) is part of it.
      const owned = (target?.getAttribute('aria-controls') ?? '')
        .split(/\s+/)
        .flatMap((id) => (id ? [target!.getRootNode() as Document | ShadowRoot] : []).map((r) => r.getElementById(id)))
        .filter((el): el is HTMLElement => el !== null)
      const describe = (el: Element) => `<${el.localName}${el.id ? `#${el.id}` : ''}>`
      const inWidget = p.touched.some(
        (el) =>
          el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).host.hasAttribute('data-voiceos'),
      )
      const restoreEl = 'restores' in expected && expected.restores ? resolve(expected.restores) : null
      const restorePopupId = restoreEl?.getAttribute('aria-controls')
      const restorePopup = restorePopupId ? (restoreEl!.getRootNode() as Document).getElementById(restorePopupId) : null
      const onlyRestored =
        restoreEl !== null &&
        p.touched.every((el) => el === restoreEl || restoreEl.contains(el) || restorePopup?.contains(el)) &&
        read(restoreEl) === restoreBefore
      return {
        report: p.results.at(-1) ?? '',
        onlyRestored,
        touched: [...new Set(p.touched)].map(describe),
        touchedExpected:
          target !== null &&
          p.touched.length > 0 &&
          p.touched.every(
            (el) =>
              el === target ||
              target.contains(el) ||
              owned.some((o) => o.contains(el)) ||
              el === valueEl || // the element a widget stands in for (tom-select updates its <select>)
              (el as HTMLLabelElement).control === target ||
              el.closest('label')?.control === target,
          ),
        inWidget,
        expectedFound: target !== null,
        value: valueEl ? read(valueEl) : undefined,
        scrolled: window.scrollY !== scrollBefore,
      }
    },
    { k: PROBE, expected: c.expect, scrollBefore: before.scrollY, restoreBefore: before.restoreValue },
  )
  const refused = /^COMMAND RESULT (refused:|\{.*"error":)/.test(r.report)
  const done = /^COMMAND RESULT (done:|\{.*"result":"done:)/.test(r.report)
  const e = c.expect
  const out = (kind: Outcome['kind'], detail: string): Outcome => ({ say: c.say, via, kind, detail })
  if (r.inWidget) return out('wrong', `acted inside the widget: ${r.touched.join(', ')}`)
  if ('refuse' in e) {
    const namesOk =
      (e.names ?? []).every((n) => r.report.includes(n)) && (e.says === undefined || r.report.includes(e.says))
    return refused && namesOk && (r.touched.length === 0 || r.onlyRestored)
      ? out('refused-as-expected', r.report)
      : out(
          'wrong',
          `expected a refusal (${e.refuse}${e.names ? ` naming ${e.names.join(', ')}` : ''}${e.says ? ` saying ${e.says}` : ''}), got ${r.report} touching ${r.touched.join(', ') || 'nothing'}`,
        )
  }
  if ('scroll' in e)
    return done && r.scrolled ? out('hit', 'scrolled') : out('wrong', `expected a scroll, got ${r.report}`)
  if (!r.expectedFound) return out('wrong', `the table's element ${e.act} is not on the page`)
  const valueOk = e.value === undefined || r.value === e.value
  return done && r.touchedExpected && valueOk
    ? out('hit', r.touched.join(', '))
    : out(
        'wrong',
        `expected ${e.act}${e.value !== undefined ? ` = ${e.value}` : ''}, got ${r.report} touching ${r.touched.join(', ') || 'nothing'} (value ${String(r.value)})`,
      )
}

for (const corpusPage of CORPUS) {
  test(`corpus through the embed: ${corpusPage.file} — ${corpusPage.pattern}`, async ({ page }) => {
    test.slow()
    pagesRun.add(corpusPage.file)
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.addInitScript(installActPathResolver)
    await page.goto(`${origins.host.origin}/${corpusPage.file}`)
    await page.waitForLoadState('load')
    const channel = await startCall(page, origins.realtime, { key: PROBE, mic: MIC_NAME, touched: true })

    const failures: string[] = []
    for (const [i, c] of corpusPage.cases.entries()) {
      const o = await runCase(page, c, i, channel)
      outcomes.push(o)
      if (o.kind === 'wrong') failures.push(`${c.say} (${o.via}): ${o.detail}`)
    }
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(pageErrors).toEqual([])
    expect(failures).toEqual([])
  })
}

test('the read tool through the embed: the page or a named section, visible text only, as the tool call’s result', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${origins.host.origin}/govuk-dates.html`)
  await page.waitForLoadState('load')
  await page.locator('#national-insurance-number').fill('AB 98 76 54 D') // a value typed by the visitor
  await startCall(page, origins.realtime, { key: PROBE, mic: MIC_NAME, touched: true })
  const read = async (id: string, args: Record<string, unknown>) => {
    await page.evaluate(
      ([callId, a]) => {
        const message = {
          type: 'tool-calls',
          toolCallList: [
            { id: callId, type: 'function', function: { name: 'read_page', arguments: JSON.stringify(a) } },
          ],
        }
        window.postMessage({ voiceosScript: { event: 'message', args: [message] } }, '*')
      },
      [id, args] as const,
    )
    let content = ''
    await expect
      .poll(async () => {
        content = await page.evaluate(
          ([k, callId]) =>
            (window as unknown as Record<symbol, { results: string[] }>)[Symbol.for(k)]!.results.find((r) =>
              r.includes(`"toolCallId":"${callId}"`),
            ) ?? '',
          [PROBE, id] as const,
        )
        return content
      })
      .not.toBe('')
    // The content ends with the record tag line (src/voice/context/record.ts).
    return JSON.parse(content.replace(/^COMMAND RESULT /, '').replace(/\n\[voiceos\/\d+ [^\n]*\]$/, '')) as {
      name: string
      result?: string
      error?: string
    }
  }
  const whole = await read('read_1', {})
  expect(whole.name).toBe('read_page')
  expect(whole.result).toMatch(/^PAGE TEXT/)
  expect(whole.result).toContain('What is your date of birth?')
  expect(whole.result).toContain('How would you prefer to be contacted?')
  expect(whole.result).not.toContain('AB 98 76 54 D') // a form value is never read
  expect(whole.result).not.toContain('Email address') // a hidden conditional question is not read
  expect(whole.result).not.toContain('Stop voice assistant') // nor the widget
  expect(new TextEncoder().encode(whole.result).length).toBeLessThanOrEqual(2048)
  const section = await read('read_2', { section: 'date of birth' })
  expect(section.result).toContain('For example, 31 3 1980')
  expect(section.result).not.toContain('Sort by')
  const missing = await read('read_3', { section: 'opening hours' })
  expect(missing.error).toContain('no section named "opening hours"')
})
