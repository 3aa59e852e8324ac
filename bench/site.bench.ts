/**
 * Site speed bench, run by `npm run bench` (or `npm run bench -- site`):
 *
 * 1. builds the app twice, into its own folders so it never races the `dist/` that tests serve:
 *    - pre-rendered: `vite-react-ssg build` (ANALYZE=1 for source maps, which are then moved aside and the
 *      `sourceMappingURL` comments stripped, so the measured files are the production ones),
 *    - client-rendered only: `vite build` of the same entry (index.html with an empty #root; ViteReactSSG
 *      renders instead of hydrating when the page has no `data-server-rendered`);
 * 2. serves both the way production does (scripts/serve.ts: precompressed brotli/gzip, immutable caching of
 *    `/assets/*`, the build's `_headers`, 404 pages; an SPA fallback for the client-only build) and checks that
 *    every route really renders the same h1;
 * 3. runs Lighthouse 12 (mobile, simulated throttling, Debian Chromium) 3× per route per build, interleaved
 *    so machine load hits both alike, and reports medians, ratios (pre-rendered ÷ client-only) and budgets,
 *    with the 1-minute load average of every run;
 * 4. reports each pre-rendered page's HTML bytes (raw, gzip, brotli) against its ceiling, and `/`'s initial JS
 *    (entry + modulepreloads + static-import closure, gzip) with a per-package breakdown from the source maps.
 *
 * Lighthouse's simulated throttling multiplies the main-thread work it observes, so other processes on the
 * machine inflate TBT and LCP. The bench therefore refuses to report on a busy machine: before every run it
 * measures, over 2 s while it does nothing itself, the share of all cores' time that other work takes
 * (bench/lib/quiet.ts; the 1-minute load average cannot tell, it still carries the previous Lighthouse run), waits
 * up to 1 min for that to drop to `--max-busy` (default {@link DEFAULT_MAX_BUSY}), and discards the report when
 * any run started above it. `--allow-busy` reports anyway, marked as measured on a busy machine. The 1-minute load
 * average of every run is recorded too.
 *
 * Flags: `--quick` (1 run per route), `--runs=N`, `--no-build` (reuse dist-bench/), `--max-busy=0.25`,
 * `--allow-busy`.
 * Writes bench/results/site.md and bench/results/site.json. Budgets: tests/budgets.ts.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { chromiumLaunchOptions } from '../scripts/chromium'
import {
  HTML_BROTLI_CEILING,
  HTML_BROTLI_TARGET,
  INITIAL_JS_CEILING,
  INITIAL_JS_TARGET,
  LIGHTHOUSE_BUDGETS as B,
} from '../tests/budgets'
import { allFiles, gzipSize, htmlBytes, initialJs, kb, type Chunk } from './lib/bundle'
import { runLighthouse, type LighthouseRun } from './lib/lighthouse'
import { busyShare } from './lib/quiet'
import { serveStatic, type StaticServer } from './lib/server'
import { packageBreakdown, UNMAPPED } from './lib/sourcemap'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const args = process.argv.slice(2)
const RUNS = args.includes('--quick') ? 1 : Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3)
const BUILD = !args.includes('--no-build')
/**
 * Share of all cores' time (0–1) that other work may take just before a run for the machine to count as quiet:
 * 0.25, half a core of a 2-core machine (an idle machine reads 0.00–0.05 here).
 */
const DEFAULT_MAX_BUSY = 0.25
const MAX_BUSY = Number(args.find((a) => a.startsWith('--max-busy='))?.slice(11) ?? DEFAULT_MAX_BUSY)
const ALLOW_BUSY = args.includes('--allow-busy')
const ROUTES = ['/', '/pricing', '/feedback', '/waitlist', '/hi/'] as const
/** The built page of each route (dist-relative). */
const PAGE_OF: Record<(typeof ROUTES)[number], string> = {
  '/': 'index.html',
  '/pricing': 'pricing.html',
  '/feedback': 'feedback.html',
  '/waitlist': 'waitlist.html',
  '/hi/': 'hi.html',
}
const OUT = 'dist-bench'
const SSG_DIR = join(OUT, 'ssg')
const CSR_DIR = join(OUT, 'csr')
const MAPS_DIR = join(OUT, 'ssg-maps')
const CONFIG = 'bench/lib/vite.bench.config.ts'
const started = Date.now()
const secs = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
const load = () => loadavg()[0]!.toFixed(1)

type Build = 'pre-rendered' | 'client-only'
const BUILDS: Build[] = ['pre-rendered', 'client-only']

/** Runs a build command, retrying: concurrent vite-react-ssg builds in one tree delete each other's temp dir. */
function build(title: string, cmd: string[], env: Record<string, string>): void {
  for (let attempt = 1; ; attempt++) {
    const t = Date.now()
    const r = spawnSync('npx', cmd, { env: { ...process.env, ...env }, encoding: 'utf8' })
    if (r.status === 0) {
      console.log(`built ${title} in ${((Date.now() - t) / 1000).toFixed(1)} s`)
      return
    }
    const tail = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-15).join('\n')
    if (attempt >= 3) throw new Error(`${title} build failed:\n${tail}`)
    console.warn(`${title} build failed (attempt ${attempt}), retrying:\n${tail}`)
  }
}

/** Moves `*.js.map` out of the measured build and strips the `sourceMappingURL` comments. */
function setMapsAside(): void {
  rmSync(MAPS_DIR, { recursive: true, force: true })
  for (const f of allFiles(SSG_DIR)) {
    if (f.endsWith('.js.map')) {
      mkdirSync(dirname(join(MAPS_DIR, f)), { recursive: true })
      renameSync(join(SSG_DIR, f), join(MAPS_DIR, f))
    } else if (f.endsWith('.js')) {
      const code = readFileSync(join(SSG_DIR, f), 'utf8')
      const stripped = code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '')
      if (stripped !== code) writeFileSync(join(SSG_DIR, f), stripped)
    }
  }
}

/** Loads every route in Chromium on both servers: the h1 must render, and be the same in both builds. */
async function checkBothRender(servers: Record<Build, StaticServer>): Promise<void> {
  const csrHtml = readFileSync(join(CSR_DIR, 'index.html'), 'utf8')
  if (!/<div id="root"><\/div>/.test(csrHtml)) throw new Error('client-only index.html: #root is not empty')
  const browser = await chromium.launch(chromiumLaunchOptions())
  try {
    for (const route of ROUTES) {
      const h1: string[] = []
      for (const b of BUILDS) {
        const page = await browser.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(e.message))
        await page.goto(servers[b].url + route)
        const text = await page.locator('h1').first().textContent({ timeout: 15_000 })
        if (!text?.trim()) throw new Error(`${b} ${route}: no h1 rendered`)
        if (errors.length) throw new Error(`${b} ${route}: ${errors.join('; ')}`)
        h1.push(text.trim())
        await page.close()
      }
      if (h1[0] !== h1[1]) throw new Error(`${route}: pre-rendered h1 “${h1[0]}” ≠ client-only h1 “${h1[1]}”`)
      console.log(`renders ${route.padEnd(10)} “${h1[0]}” in both builds`)
    }
  } finally {
    await browser.close()
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/** Waits up to `maxWaitMs` for other work to take at most {@link MAX_BUSY} of the cores; returns the last reading. */
async function waitForQuiet(maxWaitMs: number): Promise<number> {
  const until = Date.now() + maxWaitMs
  let busy = await busyShare()
  while (busy > MAX_BUSY && Date.now() < until) {
    console.log(
      `machine busy: other work takes ${(busy * 100).toFixed(0)} % of the cores (> ${(MAX_BUSY * 100).toFixed(0)} %); waiting…`,
    )
    await new Promise((r) => setTimeout(r, 5_000))
    busy = await busyShare()
  }
  return busy
}
const pct = (share: number) => `${(share * 100).toFixed(0)} %`

type Metric =
  'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'jsTransfer'
const METRICS: Array<{
  key: Metric
  label: string
  fmt: (n: number) => string
  ok: (n: number) => boolean
  budget: string
}> = [
  { key: 'performance', label: 'Perf', fmt: String, ok: (n) => n >= B.performance, budget: `≥ ${B.performance}` },
  { key: 'accessibility', label: 'A11y', fmt: String, ok: (n) => n >= B.accessibility, budget: `= ${B.accessibility}` },
  { key: 'bestPractices', label: 'BP', fmt: String, ok: (n) => n >= B.bestPractices, budget: `= ${B.bestPractices}` },
  { key: 'seo', label: 'SEO', fmt: String, ok: (n) => n >= B.seo, budget: `= ${B.seo}` },
  {
    key: 'fcpMs',
    label: 'FCP',
    fmt: (n) => `${(n / 1000).toFixed(2)} s`,
    ok: (n) => n <= B.fcpMs,
    budget: `≤ ${B.fcpMs / 1000} s`,
  },
  {
    key: 'lcpMs',
    label: 'LCP',
    fmt: (n) => `${(n / 1000).toFixed(2)} s`,
    ok: (n) => n <= B.lcpMs,
    budget: `≤ ${B.lcpMs / 1000} s`,
  },
  { key: 'tbtMs', label: 'TBT', fmt: (n) => `${Math.round(n)} ms`, ok: (n) => n <= B.tbtMs, budget: `≤ ${B.tbtMs} ms` },
  {
    key: 'cls',
    label: 'CLS',
    fmt: (n) => n.toFixed(3),
    ok: (n) => n <= B.cls,
    budget: B.cls === 0 ? '0' : `≤ ${String(B.cls)}`,
  },
  { key: 'jsTransfer', label: 'JS transferred', fmt: kb, ok: () => true, budget: '—' },
]

/** A markdown table (also readable in a terminal). */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n')
}

async function main(): Promise<void> {
  console.log(
    `site bench: ${RUNS} Lighthouse run(s) per route per build · ${cpus().length} cores · load ${load()} (busy above ${pct(MAX_BUSY)} of the cores)`,
  )
  if (BUILD) {
    rmSync(OUT, { recursive: true, force: true })
    build('pre-rendered (vite-react-ssg, ANALYZE=1)', ['vite-react-ssg', 'build', '--config', CONFIG], {
      BENCH_OUT_DIR: SSG_DIR,
      ANALYZE: '1',
    })
    setMapsAside()
    build('client-only (vite build)', ['vite', 'build', '--config', CONFIG, '--outDir', CSR_DIR, '--emptyOutDir'], {})
  } else if (!existsSync(SSG_DIR) || !existsSync(CSR_DIR)) {
    throw new Error('--no-build needs dist-bench/ssg and dist-bench/csr from an earlier run')
  }

  // Initial JS of `/` (static, deterministic) and what it is made of.
  const initial = initialJs(SSG_DIR, 'index.html')
  const csrInitial = initialJs(CSR_DIR, 'index.html')

  const servers: Record<Build, StaticServer> = {
    'pre-rendered': await serveStatic(resolve(SSG_DIR), 'prerendered'),
    'client-only': await serveStatic(resolve(CSR_DIR), 'spa'),
  }
  const runs: Record<Build, Record<string, Array<LighthouseRun & { load: number; busy: number }>>> = {
    'pre-rendered': {},
    'client-only': {},
  }
  const loads: number[] = []
  const busies: number[] = []
  try {
    await checkBothRender(servers)
    for (let i = 1; i <= RUNS; i++) {
      for (const route of ROUTES) {
        for (const b of BUILDS) {
          const busy = await waitForQuiet(60_000)
          if (busy > MAX_BUSY && !ALLOW_BUSY)
            throw new BusyMachine(
              `other work took ${pct(busy)} of the cores before run ${i} of ${route} (${b}), still after waiting 1 min`,
            )
          const l = loadavg()[0]!
          loads.push(l)
          busies.push(busy)
          const r = { ...(await runLighthouse(servers[b].url + route)), load: l, busy }
          ;(runs[b][route] ??= []).push(r)
          console.log(
            `[${secs()}] run ${i}/${RUNS} ${b.padEnd(12)} ${route.padEnd(9)} perf ${r.performance} · LCP ${(r.lcpMs / 1000).toFixed(2)} s · TBT ${Math.round(r.tbtMs)} ms · CLS ${r.cls.toFixed(3)} · JS ${kb(r.jsTransfer)} · other work before ${pct(busy)} · load ${l.toFixed(1)}`,
          )
        }
      }
    }
  } finally {
    await Promise.all(BUILDS.map((b) => servers[b].close()))
  }

  const busyRuns = busies.filter((x) => x > MAX_BUSY).length
  const med = (b: Build, route: string, key: Metric) => median(runs[b][route]!.map((r) => r[key]))
  const out: string[] = []
  const say = (s = '') => {
    out.push(s)
    console.log(s)
  }

  say(`# Site bench: pre-rendered vs client-only`)
  say()
  say(
    `Lighthouse 12.8.2, mobile preset, simulated throttling, Chromium (${chromiumLaunchOptions().executablePath ?? 'Playwright'}),`,
  )
  say(
    `median of ${RUNS} run(s) per route per build, ${new Date().toISOString()}. Machine: ${cpus().length} cores; other work just`,
  )
  say(
    `before the runs ${pct(Math.min(...busies))}–${pct(Math.max(...busies))} of the cores (busy above ${pct(MAX_BUSY)}); 1-min load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  )
  say(
    `(mostly the bench's own Lighthouse runs). **Figures vary with machine load**: other processes on these cores inflate`,
  )
  say(`TBT and LCP (simulated throttling multiplies the observed main-thread work).`)
  if (busyRuns)
    say(
      `\n**Measured on a busy machine** (\`--allow-busy\`): ${busyRuns} of ${busies.length} runs started with other work above ${pct(MAX_BUSY)}. Not a verdict on the budgets.`,
    )
  say()

  for (const b of BUILDS) {
    say(`## ${b === 'pre-rendered' ? 'Pre-rendered (vite-react-ssg)' : 'Client-only (same app, no pre-rendering)'}`)
    say()
    say(
      table(
        ['route', ...METRICS.map((m) => m.label)],
        ROUTES.map((r) => [r, ...METRICS.map((m) => m.fmt(med(b, r, m.key)))]),
      ),
    )
    say()
    for (const r of ROUTES)
      say(`- LCP element of ${r}: \`${[...new Set(runs[b][r]!.map((x) => x.lcpElement))].join('` / `')}\``)
    say()
    say(`Every run (perf · FCP · LCP · TBT · other work just before it):`)
    say()
    for (const r of ROUTES) {
      say(
        `- ${r}: ${runs[b][r]!.map((x) => `${x.performance} · ${(x.fcpMs / 1000).toFixed(2)} s · ${(x.lcpMs / 1000).toFixed(2)} s · ${Math.round(x.tbtMs)} ms · ${pct(x.busy)}`).join(' | ')}`,
      )
    }
    say()
  }

  say(`## Ratios pre-rendered ÷ client-only (medians; < 1 means pre-rendered is better)`)
  say()
  const ratio = (r: string, k: Metric) => {
    const c = med('client-only', r, k)
    return c === 0 ? (med('pre-rendered', r, k) === 0 ? '1.00' : '∞') : (med('pre-rendered', r, k) / c).toFixed(2)
  }
  say(
    table(
      ['route', 'FCP', 'LCP', 'TBT', 'JS bytes'],
      ROUTES.map((r) => [r, ratio(r, 'fcpMs'), ratio(r, 'lcpMs'), ratio(r, 'tbtMs'), ratio(r, 'jsTransfer')]),
    ),
  )
  say()

  say(`## HTML of each pre-rendered page (bytes as built; brotli quality 11 and gzip level 9, as served)`)
  say()
  const html = ROUTES.map((r) => ({ r, ...htmlBytes(SSG_DIR, PAGE_OF[r]) }))
  say(
    table(
      ['route', 'raw', 'gzip', 'brotli', 'npm test ceiling (brotli)'],
      html.map((h) => [
        h.r,
        kb(h.raw),
        kb(h.gzip),
        kb(h.brotli),
        `${kb(HTML_BROTLI_CEILING[PAGE_OF[h.r]] ?? Number.NaN)}${h.r === '/' ? ` (target ${kb(HTML_BROTLI_TARGET)})` : ''}`,
      ]),
    ),
  )
  say()

  say(`## Budgets (pre-rendered build, medians)`)
  say()
  const budgetRows: string[][] = []
  for (const m of METRICS.filter((x) => x.budget !== '—')) {
    const values = ROUTES.map((r) => ({ r, v: med('pre-rendered', r, m.key) }))
    const missed = values.filter((x) => !m.ok(x.v))
    budgetRows.push([
      m.label,
      m.budget,
      values.map((x) => `${x.r} ${m.fmt(x.v)}`).join(', '),
      missed.length ? `MISSED (${missed.map((x) => x.r).join(', ')})` : 'met',
    ])
  }
  const lcpRatios = ROUTES.map((r) => ({ r, v: med('pre-rendered', r, 'lcpMs') / med('client-only', r, 'lcpMs') }))
  const lcpMissed = lcpRatios.filter((x) => !(x.v <= B.lcpRatio))
  budgetRows.push([
    'LCP pre-rendered ÷ client-only',
    `≤ ${B.lcpRatio}`,
    lcpRatios.map((x) => `${x.r} ${x.v.toFixed(2)}`).join(', '),
    lcpMissed.length ? `MISSED (${lcpMissed.map((x) => x.r).join(', ')})` : 'met',
  ])
  const homeHtml = html[0]!
  budgetRows.push([
    'HTML of / (brotli)',
    `≤ ${kb(HTML_BROTLI_TARGET)}`,
    kb(homeHtml.brotli),
    homeHtml.brotli <= HTML_BROTLI_TARGET ? 'met' : 'MISSED',
  ])
  const lhScripts = new Map<string, number>()
  for (const r of runs['pre-rendered']['/']!)
    for (const s of r.scripts) lhScripts.set(s.path.replace(/^\//, ''), s.transfer)
  const loadedGzip = median(runs['pre-rendered']['/']!.map((r) => r.jsTransfer))
  budgetRows.push([
    'initial JS of / (static closure, gzip)',
    `≤ ${kb(INITIAL_JS_TARGET)}`,
    `${kb(initial.gzip)} (npm test ceiling ${kb(INITIAL_JS_CEILING.static)})`,
    initial.gzip <= INITIAL_JS_TARGET ? 'met' : 'MISSED',
  ])
  budgetRows.push([
    'JS / loads without interaction (Lighthouse, on the wire)',
    `≤ ${kb(INITIAL_JS_TARGET)}`,
    `${kb(loadedGzip)} (npm test ceiling for hydration ${kb(INITIAL_JS_CEILING.hydration)})`,
    loadedGzip <= INITIAL_JS_TARGET ? 'met' : 'MISSED',
  ])
  say(table(['budget', 'target', 'measured', 'verdict'], budgetRows))
  say()
  const failedAudits = new Set(
    ROUTES.flatMap((r) => runs['pre-rendered'][r]!.flatMap((x) => x.failed.map((f) => `${r} ${f}`))),
  )
  if (failedAudits.size) {
    say(`Failed Accessibility / Best Practices / SEO audits (any run):`)
    for (const f of failedAudits) say(`- ${f}`)
    say()
  }

  say(`## Initial JavaScript of / (pre-rendered)`)
  say()
  say(
    `Static closure: entry script + modulepreloads + their static imports = **${kb(initial.gzip)} gzip** (${kb(initial.raw)} minified)`,
  )
  say(
    `in ${initial.chunks.length} chunks; client-only build: ${kb(csrInitial.gzip)} gzip. Also loaded by / without interaction`,
  )
  say(`(Lighthouse network log), through \`import()\`:`)
  const dynamic = [...lhScripts.keys()].filter((f) => !initial.chunks.some((c) => c.file === f))
  const dynChunks: Chunk[] = dynamic
    .filter((f) => existsSync(join(SSG_DIR, f)))
    .map((f) => {
      const code = readFileSync(join(SSG_DIR, f))
      return { file: f, raw: code.length, gzip: gzipSize(code), via: 'import' as const }
    })
  say()
  say(
    table(
      ['chunk', 'how', 'gzip', 'minified'],
      [
        ...initial.chunks.map((c) => [c.file, c.via, kb(c.gzip), kb(c.raw)]),
        ...dynChunks.map((c) => [c.file, 'import() at run time', kb(c.gzip), kb(c.raw)]),
      ],
    ),
  )
  say()
  const all = [...initial.chunks, ...dynChunks]
  const breakdown = packageBreakdown(SSG_DIR, all, MAPS_DIR)
  const staticBreakdown = packageBreakdown(SSG_DIR, initial.chunks, MAPS_DIR)
  say(`### Per package (source maps; gzip shared out by minified bytes per chunk)`)
  say()
  const staticOf = new Map(staticBreakdown.rows.map((r) => [r.name, r.gzipEstimate]))
  say(
    table(
      ['package / app folder', 'minified', '≈ gzip (all loaded)', '≈ gzip (static closure)'],
      breakdown.rows
        .filter((r) => r.min >= 200)
        .map((r) => [r.name, kb(r.min), kb(r.gzipEstimate), kb(staticOf.get(r.name) ?? 0)]),
    ),
  )
  if (breakdown.unmappedSources.length)
    say(`\nSources with no mapped bytes (counted in “${UNMAPPED}”): ${breakdown.unmappedSources.join(', ')}`)
  if (breakdown.missingMaps.length) say(`\n(no source map for: ${breakdown.missingMaps.join(', ')})`)
  say()
  say(`Total bench time ${secs()}.`)

  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/site.md', `${out.join('\n')}\n`)
  const json = {
    date: new Date().toISOString(),
    runs: RUNS,
    medians: Object.fromEntries(
      BUILDS.map((b) => [
        b,
        Object.fromEntries(ROUTES.map((r) => [r, Object.fromEntries(METRICS.map((m) => [m.key, med(b, r, m.key)]))])),
      ]),
    ),
    load: { min: Math.min(...loads), max: Math.max(...loads) },
    otherWork: { min: Math.min(...busies), max: Math.max(...busies), busyAbove: MAX_BUSY, busyRuns },
    html,
    initialJs: { gzip: initial.gzip, raw: initial.raw, chunks: initial.chunks, dynamic: dynChunks },
    packages: breakdown.rows,
    all: runs,
  }
  writeFileSync('bench/results/site.json', JSON.stringify(json, null, 2))
  console.log(`\nwrote bench/results/site.md and bench/results/site.json`)
}

/** The machine was too busy for Lighthouse figures to mean anything. */
class BusyMachine extends Error {
  override readonly name = 'BusyMachine'
}

main().catch((e: unknown) => {
  if (e instanceof BusyMachine) {
    console.error(`\nsite bench: not reporting — the machine is busy: ${e.message}.`)
    console.error(`Run it again when the machine is quiet, or pass --allow-busy (or --max-busy=N) to report anyway.`)
    process.exit(2)
  }
  console.error(e)
  process.exit(1)
})
