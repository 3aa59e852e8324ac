/**
 * Voice commands on big pages, run by `npm run bench` (node --import tsx), in Chromium (scripts/chromium.ts):
 * product-listing pages of about 1,000, 10,000 and 30,000 elements (a table of products, each row with a link,
 * a price, a labelled "Compare" checkbox and an "Add to cart" button, under a header with a search form), the
 * command executor (src/voice/commands), the page map and the read tool (src/voice/context) bundled with esbuild
 * and loaded into the page. Measured in the page with `performance.now()` around each call (what the embed runs
 * between a command's arrival and its `COMMAND RESULT`; the transport adds ~1 ms):
 * - command → action: from `execute()` to the first click or input it dispatches (or to its answer, for a
 *   refusal): on a big page the lookup runs in slices with the page given turns in between (./executor.ts
 *   `LOOKUP_SLICE_MS`), so this includes those turns; "longest task of a command" is the part `execute()` runs
 *   before returning (the first slice; later slices are as short) and "long tasks" counts the Long Tasks API's
 *   entries (≥ 50 ms) while the commands ran; a click on the last row's button, a toggle of a middle row's checkbox, a fill of the search
 *   box, a fill of a select, and a click that matches nothing (the slowest path: every candidate and the
 *   page's text are searched); each 25 times, median and p95 over all of them;
 * - the page map (collect + serialise) and the read tool (whole page; one named section), median and p95 of 15;
 * - fills on long forms of 300, 1,000 and 3,000 labelled text fields (an order sheet: one "Quantity of item N"
 *   field per row): a fill of the last field, and a fill of a field the form does not have (the refusal names
 *   the closest fields, so every field's name is compared), each 25 times, the same figures as above.
 * - on the widget-library corpus (tests/fixtures/widgets: forms rendered by react-select, Select2, MUI with MUI X
 *   Date Pickers, Radix and flatpickr from their own code), every command of each page's table in order, on a fresh
 *   load of the page, ${WIDGET_RUNS} times: command → effect, from `execute()` until what the case says must hold
 *   holds (read where the library shows it, checked at every DOM mutation, input event and 4 ms), for the
 *   commands that took; and command → report (until `settled`), for all of them; median and p95 per library.
 * `--widgets` runs the widget-library section alone, `--page=<file>` one page of it. `BENCH_SRC=/path/to/src` measures another checkout's sources (e.g. an older commit, for before/after).
 * Writes bench/results/commands.md and prints it. Goal (tests nothing): p95 ≤ 16 ms per command and ≤ 20 ms for
 * the page map at 10,000 elements, growing no faster than the page.
 */
import { build } from 'esbuild'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from '../scripts/chromium'
import { buildWidgetPages, WIDGET_PAGES_DIR } from '../tests/fixtures/widgets/build'
import { installWidgetReaders, POPUPS, WIDGET_CORPUS, type WidgetReaders } from '../tests/fixtures/widgets/cases'
import { startStaticOrigin } from '../tests/servers/static-origin'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const src = resolve(process.env['BENCH_SRC'] ?? join(root, 'src'))
const quick = process.argv.includes('--quick')
// `--widgets`: the widget-library section alone (npm run bench -- commands --widgets).
const widgetsOnly = process.argv.includes('--widgets')
// `--page=select2.html`: that page of the widget corpus alone.
const onlyPage = process.argv.find((a) => a.startsWith('--page='))?.slice('--page='.length)
const SIZES = widgetsOnly ? [] : quick ? [1_000, 10_000] : [1_000, 10_000, 30_000]
const FORM_FIELDS = widgetsOnly ? [] : quick ? [300, 1_000] : [300, 1_000, 3_000]
const RUNS = quick ? 10 : 25
const WIDGET_RUNS = quick ? 3 : 10

const hasRead = existsSync(join(src, 'voice/context/readPage.ts'))
const entry = [
  `export * as commands from ${JSON.stringify(join(src, 'voice/commands/index.ts'))}`,
  `export * as pageMap from ${JSON.stringify(join(src, 'voice/context/pageMap.ts'))}`,
  hasRead ? `export * as read from ${JSON.stringify(join(src, 'voice/context/readPage.ts'))}` : '',
].join('\n')
const bundle = (
  await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'VoiceBench',
    write: false,
    target: 'es2022',
    logLevel: 'silent',
    minify: true,
  })
).outputFiles[0]!.text

/** A product-listing page of about `elements` elements. */
function listing(elements: number): string {
  const rows = Math.max(1, Math.round((elements - 60) / 9))
  const row = (i: number) =>
    `<tr><td><a href="/p/${i}">Product ${i} — ceramic mug</a></td><td>₹${(i % 90) + 10}</td><td><label><input type="checkbox" name="cmp${i}"> Compare product ${i}</label></td><td><button type="button">Add product ${i} to cart</button></td></tr>`
  const head = `<header><nav><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/about">About</a></nav>
    <form role="search"><label for="q">Search</label><input id="q" type="search"><label for="sort">Sort by</label>
    <select id="sort"><option>Relevance</option><option>Price: low to high</option><option>Price: high to low</option></select><button>Go</button></form></header>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><style>body{font:14px system-ui;margin:0 16px}td{padding:2px 6px}</style></head>
    <body>${head}<main><h1>All products</h1><p>Hand-made ceramics from small studios.</p><h2>Catalogue</h2><table><tbody>${Array.from({ length: rows }, (_, i) => row(i)).join('')}</tbody></table>
    <h2>Delivery</h2><p>Free delivery on orders over ₹999. Returns within 30 days.</p></main><footer><p>© Shop</p></footer></body></html>`
}

/** A long order form of `fields` labelled text fields, one per row, and a select after them. */
function longForm(fields: number): string {
  const row = (i: number) =>
    `<div><label for="q${i}">Quantity of item ${i}</label> <input id="q${i}" name="q${i}" type="text" inputmode="numeric"></div>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order sheet</title><style>body{font:14px system-ui;margin:0 16px}</style></head>
    <body><main><h1>Order sheet</h1><form>${Array.from({ length: fields }, (_, i) => row(i)).join('')}
    <label for="ship">Shipping</label><select id="ship"><option>Standard</option><option>Express</option></select><button>Place order</button></form>
    <h2>Delivery</h2><p>Orders ship within two days.</p></main></body></html>`
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))]!
}
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1))

const browser = await chromium.launch(chromiumLaunchOptions())
const lines: string[] = [
  '# Voice commands on big pages (Chromium, in the page)',
  '',
  `Sources: \`${src === join(root, 'src') ? 'src/' : src}\`. ${RUNS} runs of each command; the page map and read tool 15 runs.`,
  '',
  '| elements | command → action median | p95 | slowest command (p95) | longest task of a command (p95 / max) | long tasks ≥ 50 ms | page map median | p95 | read tool (page / section) median | p95 |',
  '|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|',
]
/** Runs the commands of the page's `kind` `RUNS` times each in `html`, then (listing) the page map and the read tool. */
async function measure(html: string, kind: 'listing' | 'form') {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  try {
    await page.setContent(html)
    await page.addScriptTag({ content: bundle })
    // tsx names the functions of the evaluated callback with a `__name` helper the page lacks.
    await page.addScriptTag({ content: 'window.__name = (f) => f' })
    const r = await page.evaluate(
      async ({ runs, kind }) => {
        const B = (window as unknown as { VoiceBench: any }).VoiceBench // eslint-disable-line @typescript-eslint/no-explicit-any
        const count = document.getElementsByTagName('*').length
        const rows = document.querySelectorAll('tbody tr').length
        const fields = document.querySelectorAll('form input').length
        const executor = B.commands.createCommandExecutor({
          notify: () => {},
          logger: {},
          highlightMs: 0,
          notFoundMemoMs: 0,
          prefersReducedMotion: true,
        })
        Element.prototype.scrollIntoView = function () {} // keep the page still between runs
        const commands: Record<string, () => unknown> =
          kind === 'listing'
            ? {
                'click last row': () => ({ action: 'click', targetText: `Add product ${rows - 1} to cart` }),
                'toggle middle row': () => ({ action: 'toggle', targetText: `Compare product ${rows >> 1}` }),
                'fill search': () => ({ action: 'fill', fieldHint: 'search', value: 'mugs' }),
                'fill select': () => ({ action: 'fill', fieldHint: 'sort by', value: 'price: low to high' }),
                'click nothing': () => ({ action: 'click', targetText: 'Checkout now' }),
              }
            : {
                'fill last field': () => ({ action: 'fill', fieldHint: `quantity of item ${fields - 1}`, value: '3' }),
                'fill no such field': () => ({ action: 'fill', fieldHint: 'gift card number', value: '1234' }),
              }
        const refusals = new Set(['click nothing', 'fill no such field'])
        document.addEventListener('click', (e) => e.preventDefault(), true)
        // The action: the first click or input the command dispatches (a command on a big page may act in a
        // later task, after the page had turns: ./executor.ts LOOKUP_SLICE_MS).
        let actedAt = 0
        let acted: () => void = () => {}
        for (const type of ['click', 'input'])
          document.addEventListener(
            type,
            () => {
              if (actedAt === 0) actedAt = performance.now()
              acted()
            },
            true,
          )
        // Long tasks (≥ 50 ms) while the commands run: what the slicing is for.
        const longTasks: number[] = []
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration)
        })
        try {
          observer.observe({ type: 'longtask', buffered: false })
        } catch {
          /* no Long Tasks API */
        }
        const all: number[] = []
        const sync: number[] = []
        const per: Record<string, number[]> = {}
        // Commands arrive seconds apart: the page renders in between (a frame and a task), so each command
        // meets a page whose style and layout are up to date, as a visitor's page would be.
        const rendered = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
        for (let i = 0; i < runs; i++) {
          for (const [name, make] of Object.entries(commands)) {
            await rendered()
            actedAt = 0
            const actedNow = new Promise<void>((resolve) => (acted = resolve))
            const t0 = performance.now()
            let result = executor.execute(make())
            sync.push(performance.now() - t0)
            // Went on in later tasks: the action, or the answer (a refusal acts on nothing).
            if (result.settled) await Promise.race([actedNow, result.settled])
            const dt = (actedAt || performance.now()) - t0
            if (result.settled) {
              await result.settled
              result = result.settledResult ?? result
            }
            if (i === 0 && refusals.has(name) === (result.status === 'executed'))
              throw new Error(`${name}: ${JSON.stringify(result)}`)
            if (
              i === 0 &&
              name === 'fill last field' &&
              document.querySelector<HTMLInputElement>(`#q${fields - 1}`)?.value !== '3'
            )
              throw new Error(`${name}: the value is not in the last field`)
            all.push(dt)
            ;(per[name] ??= []).push(dt)
          }
        }
        const timeIt = async (fn: () => unknown, n = 15) => {
          const out: number[] = []
          for (let i = 0; i < n; i++) {
            await rendered()
            const t0 = performance.now()
            fn()
            out.push(performance.now() - t0)
          }
          return out
        }
        // The page map and the read tool are reported for the listing only (the forms' table has no column for them).
        const map =
          kind === 'listing' ? await timeIt(() => B.pageMap.serializePageMap(B.pageMap.collectPageMap(document))) : []
        const read =
          kind === 'listing' && B.read
            ? [
                ...(await timeIt(() => B.read.readPage(document), 8)),
                ...(await timeIt(() => B.read.readPage(document, { section: 'delivery' }), 7)),
              ]
            : []
        observer.disconnect()
        return { count, all, sync, longTasks, per, map, read }
      },
      { runs: RUNS, kind },
    )
    return r
  } finally {
    await page.close()
  }
}

try {
  for (const size of SIZES) {
    const r = await measure(listing(size), 'listing')
    const slowest = Object.entries(r.per).sort((a, b) => pct(b[1], 0.95) - pct(a[1], 0.95))[0]!
    lines.push(
      `| ${r.count.toLocaleString('en')} | ${ms(pct(r.all, 0.5))} ms | ${ms(pct(r.all, 0.95))} ms | ${slowest[0]} (${ms(pct(slowest[1], 0.95))} ms) | ${ms(pct(r.sync, 0.95))} / ${ms(Math.max(...r.sync))} ms | ${r.longTasks.length} of ${r.all.length} | ${ms(pct(r.map, 0.5))} ms | ${ms(pct(r.map, 0.95))} ms | ${r.read.length ? `${ms(pct(r.read, 0.5))} ms | ${ms(pct(r.read, 0.95))} ms` : '— | —'} |`,
    )
    console.error(
      `${r.count} elements: ${Object.entries(r.per)
        .map(([k, v]) => `${k} ${ms(pct(v, 0.5))}/${ms(pct(v, 0.95))}`)
        .join(', ')}`,
    )
  }
  lines.push(
    '',
    'Goal: p95 ≤ 16 ms per command and ≤ 20 ms for the page map at 10,000 elements, no worse than linear growth beyond.',
    '',
    '## Fills on long forms',
    '',
    `An order sheet of labelled text fields, one per row; ${RUNS} runs of each fill.`,
    '',
    '| fields | elements | fill the last field, median / p95 | fill a field it does not have (refused), median / p95 | longest task of a fill (p95 / max) | long tasks ≥ 50 ms |',
    '|---:|---:|---:|---:|---:|---:|',
  )
  for (const fields of FORM_FIELDS) {
    const r = await measure(longForm(fields), 'form')
    const cell = (name: string) => `${ms(pct(r.per[name]!, 0.5))} / ${ms(pct(r.per[name]!, 0.95))} ms`
    lines.push(
      `| ${fields.toLocaleString('en')} | ${r.count.toLocaleString('en')} | ${cell('fill last field')} | ${cell('fill no such field')} | ${ms(pct(r.sync, 0.95))} / ${ms(Math.max(...r.sync))} ms | ${r.longTasks.length} of ${r.all.length} |`,
    )
  }
  lines.push(...(await measureWidgets()))
} finally {
  await browser.close()
}
/**
 * The widget-library corpus, timed: each page's table in order on a fresh load, {@link WIDGET_RUNS} times. Returns
 * the section's markdown lines (one row per page: commands that took of those that have a target, command → effect
 * and command → report, median / p95).
 */
async function measureWidgets(): Promise<string[]> {
  await buildWidgetPages()
  const server = await startStaticOrigin({ port: 0, root: WIDGET_PAGES_DIR })
  const out = [
    '',
    '## Widgets rendered by libraries',
    '',
    `The widget-library corpus (tests/fixtures/widgets), each page's commands in order on a fresh load, ${WIDGET_RUNS} runs. Command → effect: from \`execute()\` until what the case says must hold holds (commands that took); command → report: until the result is settled (every command).`,
    '',
    '| page | took / with a target | command → effect, median / p95 | command → report, median / p95 |',
    '|---|---:|---:|---:|',
  ]
  try {
    for (const widgetPage of WIDGET_CORPUS.filter((p) => onlyPage === undefined || p.file === onlyPage)) {
      const effect: number[] = []
      const report: number[] = []
      let took = 0
      let targeted = 0
      for (let run = 0; run < WIDGET_RUNS; run++) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
        try {
          // tsx names the functions of the evaluated callback with a `__name` helper the page lacks.
          await page.addInitScript({ content: 'window.__name = (f) => f' })
          await page.addInitScript(installWidgetReaders, POPUPS)
          await page.goto(`${server.origin}/${widgetPage.file}`)
          await page.waitForLoadState('load')
          await page.addScriptTag({ content: bundle })
          await page.evaluate(() => {
            const B = (window as unknown as { VoiceBench: any }).VoiceBench // eslint-disable-line @typescript-eslint/no-explicit-any
            document.addEventListener('submit', (e) => e.preventDefault(), true)
            ;(window as unknown as { __executor: unknown }).__executor = B.commands.createCommandExecutor({
              notify: () => {},
              logger: {},
              highlightMs: 0,
              prefersReducedMotion: true,
            })
          })
          const r: { effect?: number; report: number; targeted: boolean }[] = []
          for (const c of widgetPage.cases) {
            r.push(
              await page.evaluate(async (c) => {
                const executor = (window as unknown as { __executor: any }).__executor // eslint-disable-line @typescript-eslint/no-explicit-any
                const readers = (window as unknown as { __widgetReaders: WidgetReaders }).__widgetReaders
                // Commands arrive seconds apart: the page has rendered since the last one.
                await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
                const checks = 'holds' in c.expect ? c.expect.holds : []
                const holds = () => checks.length > 0 && checks.every((k) => readers.read(k) === k.is)
                let effectAt = 0
                const check = () => {
                  if (effectAt === 0 && holds()) effectAt = performance.now()
                }
                const observer = new MutationObserver(check)
                observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
                for (const type of ['input', 'change']) document.addEventListener(type, check, true)
                const timer = setInterval(check, 4)
                const t0 = performance.now()
                const result = executor.execute(c.command)
                if (result.settled) await result.settled
                const reportAt = performance.now()
                // What must hold may show a moment after the report (a menu closing): up to a second.
                const until = reportAt + 1000
                while (checks.length > 0 && effectAt === 0 && performance.now() < until)
                  await new Promise((resolve) => setTimeout(resolve, 4))
                check()
                observer.disconnect()
                clearInterval(timer)
                for (const type of ['input', 'change']) document.removeEventListener(type, check, true)
                return {
                  targeted: checks.length > 0,
                  report: reportAt - t0,
                  ...(effectAt > 0 && { effect: effectAt - t0 }),
                }
              }, c),
            )
            // Close what a command left open, as a visitor would: a click on the page's empty margin.
            await page.mouse.click(5, 5)
          }
          for (const row of r) {
            report.push(row.report)
            if (!row.targeted) continue
            targeted++
            if (row.effect !== undefined) {
              took++
              effect.push(row.effect)
            }
          }
        } finally {
          await page.close()
        }
      }
      const cell = (v: number[]) => (v.length ? `${ms(pct(v, 0.5))} / ${ms(pct(v, 0.95))} ms` : '—')
      out.push(
        `| ${widgetPage.file.replace(/\.html$/, '')} | ${took / WIDGET_RUNS} / ${targeted / WIDGET_RUNS} | ${cell(effect)} | ${cell(report)} |`,
      )
      console.error(`${widgetPage.file}: took ${took} of ${targeted}; effect ${cell(effect)}; report ${cell(report)}`)
    }
  } finally {
    await server.close()
  }
  return out
}

const md = lines.join('\n')
mkdirSync(join(root, 'bench/results'), { recursive: true })
if (!process.env['BENCH_SRC']) writeFileSync(join(root, 'bench/results/commands.md'), `${md}\n`)
console.log(md)
