/**
 * The mic press on a phone, run by `npm run bench` (node --import tsx): how soon after the press the call's
 * first steps happen, for the embed (`voiceos.js` by script tag, the production build with daily-js replaced by
 * the Daily stand-in) and for `@vapi-ai/web` 2.7.1 on the same kind of page, against the same local stand-ins
 * (a `POST /call/web` server, tests/servers/platform-server.ts; the Daily stand-in, tests/servers/daily-standin.ts).
 *
 * Throttling: Lighthouse's mobile preset as its DevTools throttling applies it through CDP (lighthouse's
 * `throttling.mobileSlow4G`: 150 ms RTT → 562.5 ms request latency, 1.6 Mbps → 1474.56 kbps down, 675 kbps up,
 * CPU ×4). Each press is a real mouse press after the pointer has rested on the button for {@link HOVER_MS}
 * (a visitor moves to the mic, then clicks; the hover is the embed's intent signal). Cold: a new browser
 * context (empty HTTP cache) per press. Warm: one context per page; a first press primes the cache and is not
 * counted. The two pages are pressed in turn (embed, vapi, embed, …) so both see the same machine load.
 *
 * Measured in the page, all from the click event's timestamp: `getUserMedia` called, `fetch` of `/call/web`
 * called, and Listening (the widget's status / the SDK's `call-start`). Also checked per press: exactly one
 * `POST /call/web` reached the server. Flags: `--runs=N` (default 10), `--only=embed|vapi`, and to see where a press
 * spends its time `--timeline` (resource timings), `--profile` (`--profile-from=MS`; JS self time, `BENCH_UNMINIFIED=1`
 * for readable names) and `--trace` (the main thread's native work; `--trace-from=MS`). Writes bench/results/press.md.
 */
import { mkdirSync, writeFileSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright'
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium'
import { startPlatformServer, type PlatformServer } from '../tests/servers/platform-server'
import { startStaticOrigin, type StaticOrigin } from '../tests/servers/static-origin'
import { WEB_CALL } from '../tests/unit/engine/fakes'
import { buildStandInEmbed, buildStandInVapi } from './lib/standins'
import type { TraceEvent } from './lib/embedTasks'

const OUT = 'bench/.out/press'
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 10)
/** `--only=embed` or `--only=vapi`: measure one page (while iterating; the README's table needs both). */
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice(7)
/** `--timeline`: print each press's resource timings relative to the press (to see what is still arriving). */
const TIMELINE = process.argv.includes('--timeline')
/** `--profile`: print where each press's main thread spent its time until Listening (CDP CPU profile, top 15). */
const PROFILE = process.argv.includes('--profile')
/** `--profile-from=MS`: count only the samples this long after the profile started (about the press), ms. */
const PROFILE_FROM = Number(process.argv.find((a) => a.startsWith('--profile-from='))?.slice(15) ?? 0)
/** `--trace`: print the renderer main thread's self time per trace event (style, layout, paint, script…) until Listening. */
const TRACE = process.argv.includes('--trace')
/** `--trace-from=MS`: count only the trace's work this long after the press (e.g. from the platform's answer), ms. */
const TRACE_FROM = Number(process.argv.find((a) => a.startsWith('--trace-from='))?.slice(13) ?? -5)
/** Time the pointer rests on the button before the press, ms. */
export const HOVER_MS = 300
const PUBLIC_KEY = 'pk_bench_0000000000000000'
const ASSISTANT_ID = '00000000-0000-4000-8000-000000000001'
/** lighthouse/core/config/constants.js `throttling.mobileSlow4G` (Lighthouse 12.8). */
const MOBILE = {
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
  cpuSlowdownMultiplier: 4,
}

type Subject = 'embed' | 'vapi'
interface Press {
  gum: number
  post: number
  listening: number
  posts: number
  gums: number
}

const INSTRUMENT = () => {
  const w = window as unknown as { __press: { press?: number; gum: number[]; post: number[]; listening?: number } }
  w.__press = { gum: [], post: [] }
  const md = navigator.mediaDevices
  if (md) {
    const gum = md.getUserMedia.bind(md)
    md.getUserMedia = (c) => {
      w.__press.gum.push(performance.now())
      return gum(c).then((stream) => {
        ;(w.__press as { gumDone?: number[] }).gumDone = [
          ...((w.__press as { gumDone?: number[] }).gumDone ?? []),
          performance.now(),
        ]
        return stream
      })
    }
  }
  const f = window.fetch
  window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (url.includes('/call/web')) w.__press.post.push(performance.now())
    return f.call(this, input, init)
  }
  addEventListener('click', (e) => (w.__press.press ??= e.timeStamp), true)
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.requestLatencyMs,
    downloadThroughput: Math.floor((MOBILE.downloadThroughputKbps * 1024) / 8),
    uploadThroughput: Math.floor((MOBILE.uploadThroughputKbps * 1024) / 8),
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdownMultiplier })
}

/** The pressable button of a subject's page, once it can be pressed. */
async function button(page: Page, subject: Subject) {
  if (subject === 'vapi') {
    const b = page.locator('#start:not([disabled])')
    await b.waitFor({ timeout: 60_000 })
    return b
  }
  const b = page.getByTestId('voice-mic')
  await b.waitFor({ timeout: 60_000 })
  // Listening as the visitor sees it: the widget's status attribute.
  await page.evaluate(() => {
    const root = document.querySelector('[data-voiceos]')?.shadowRoot?.querySelector('[data-testid=voice-widget]')
    const w = window as unknown as { __press: { listening?: number } }
    new MutationObserver(() => {
      if (root?.getAttribute('data-status') === 'listening') w.__press.listening ??= performance.now()
    }).observe(root!, { attributes: true, attributeFilter: ['data-status'] })
  })
  return b
}

async function press(context: BrowserContext, url: string, subject: Subject, platform: PlatformServer): Promise<Press> {
  const page = await context.newPage()
  try {
    await throttle(page)
    await page.addInitScript(INSTRUMENT)
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    const b = await button(page, subject)
    await page.waitForTimeout(500) // the page settles (the embed's widget mounts on idle)
    const before = platform.requests.filter((r) => r.method === 'POST').length
    const box = (await b.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 })
    await page.waitForTimeout(HOVER_MS)
    const profiler = PROFILE ? await page.context().newCDPSession(page) : null
    if (profiler) {
      await profiler.send('Profiler.enable')
      await profiler.send('Profiler.setSamplingInterval', { interval: 100 })
      await profiler.send('Profiler.start')
    }
    if (TRACE) await page.context().browser()!.startTracing(page, { categories: TRACE_CATEGORIES })
    await page.mouse.down()
    await page.mouse.up()
    await page.waitForFunction(
      () => (window as unknown as { __press: { listening?: number } }).__press.listening !== undefined,
      undefined,
      { timeout: 60_000, polling: 50 },
    )
    const t = await page.evaluate(
      () =>
        (window as unknown as { __press: { press: number; gum: number[]; post: number[]; listening: number } }).__press,
    )
    if (profiler) {
      // Where the main thread spent the press (self time per function and script), to see what delays Listening.
      const { profile } = (await profiler.send('Profiler.stop')) as unknown as {
        profile: {
          nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
          samples: number[]
          timeDeltas: number[]
        }
      }
      const self = new Map<number, number>()
      let at = 0
      profile.samples.forEach((id, i) => {
        at += (profile.timeDeltas[i] ?? 0) / 1000
        if (at >= PROFILE_FROM) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000)
      })
      const by = new Map<string, number>()
      for (const n of profile.nodes) {
        const ms = self.get(n.id) ?? 0
        if (!ms) continue
        const f = n.callFrame
        const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`
        by.set(key, (by.get(key) ?? 0) + ms)
      }
      const top = [...by]
        .filter(([k]) => !k.startsWith('(idle)'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
      console.error(`${subject} profile:`, top.map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join(' | '))
    }
    if (TRACE) {
      const trace = await page.context().browser()!.stopTracing()
      console.error(`${subject} trace:`, mainThreadSelfTimes(trace, t.listening - t.press, TRACE_FROM))
    }
    if (TIMELINE) {
      // What the network did around the press, relative to it (ms): which request was still arriving.
      const rows = await page.evaluate((press) => {
        const out = performance
          .getEntriesByType('resource')
          .map((e) => [
            e.name.split('/').pop(),
            Math.round(e.startTime - press),
            Math.round((e as PerformanceResourceTiming).responseEnd - press),
          ])
        return out
      }, t.press)
      const done = ((t as { gumDone?: number[] }).gumDone ?? []).map((x) => Math.round(x - t.press))
      console.error(
        `${subject}: listening ${Math.round(t.listening - t.press)} ms; getUserMedia at ${t.gum.map((x) => Math.round(x - t.press)).join(', ')} → done at ${done.join(', ')}`,
        JSON.stringify(rows),
      )
    }
    await page.waitForTimeout(200)
    const posts = platform.requests.filter((r) => r.method === 'POST').length - before
    return {
      gum: (t.gum[0] ?? NaN) - t.press,
      post: (t.post[0] ?? NaN) - t.press,
      listening: t.listening - t.press,
      posts,
      gums: t.gum.length,
    }
  } finally {
    await page.close()
  }
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'cc']
/**
 * The renderer main thread's self time per trace event name (ms, top 15) from `fromMs` after the click's dispatch
 * (default 5 ms before it) until `windowMs` after it: which native work (style, layout, paint, compile…) fills the
 * press.
 */
function mainThreadSelfTimes(trace: Buffer, windowMs: number, fromMs = -5): string {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click')
  if (!click) return 'no click in the trace'
  const main = events.filter((e) => e.pid === click.pid && e.tid === click.tid && e.ph === 'X' && e.dur !== undefined)
  const end = click.ts + windowMs * 1000
  const inWindow = main
    .filter((e) => e.ts >= click.ts + fromMs * 1000 && e.ts < end)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  // Self time: each event's duration less its children's (complete events nest on one thread).
  const self = new Map<string, number>()
  const stack: TraceEvent[] = []
  for (const e of inWindow) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop()
    const parent = stack.at(-1)
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - Math.min(e.dur!, parent.ts + parent.dur! - e.ts))
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!)
    stack.push(e)
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const count = (name: string) => inWindow.filter((e) => e.name === name).length
  const long = inWindow
    .filter((e) => e.name === 'RunTask' && e.dur! > 5000)
    .map((e) => `${((e.ts - click.ts) / 1000).toFixed(0)}+${(e.dur! / 1000).toFixed(0)}`)
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`)
  return (
    `${(total / 1000).toFixed(0)} ms busy in ${count('RunTask')} tasks (${count('ProxyMain::BeginMainFrame')} frames); ` +
    `tasks over 5 ms at [start+ms] ${long.join(' ')}; self ms: ${top.join(' | ')}`
  )
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? NaN
}
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—')

// ── set-up ──
mkdirSync(`${OUT}/host`, { recursive: true })
await buildStandInEmbed(`${OUT}/embed`)
await buildStandInVapi(`${OUT}/vapi.js`)
copyFileSync(`${OUT}/vapi.js`, `${OUT}/host/vapi.js`)

const platform = await startPlatformServer()
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-max-age': '0',
}
platform.fallback = (req) =>
  req.method === 'OPTIONS'
    ? { status: 204, headers: CORS }
    : req.path === '/call/web'
      ? { status: 201, headers: CORS, body: WEB_CALL }
      : { status: 404, headers: CORS, body: { message: 'not found' } }
const cache = { 'cache-control': 'public, max-age=3600' }
const embed: StaticOrigin = await startStaticOrigin({
  port: 0,
  root: `${OUT}/embed`,
  gzip: true,
  headers: () => ({ 'access-control-allow-origin': '*', ...cache }),
})
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Press bench</title></head><body><main><h1>A host page</h1><p>${'Some text of the page. '.repeat(40)}</p></main>${body}</body></html>`
writeFileSync(
  `${OUT}/host/embed.html`,
  page(
    `<script src="%EMBED%/voiceos.js" data-public-key="${PUBLIC_KEY}" data-assistant-id="${ASSISTANT_ID}" data-api-base-url="%API%" async></script>`,
  ),
)
writeFileSync(
  `${OUT}/host/vapi.html`,
  page(
    `<button id="start" type="button" disabled>Talk</button><script src="/vapi.js" data-public-key="${PUBLIC_KEY}" data-assistant-id="${ASSISTANT_ID}" data-api-base-url="%API%"></script>`,
  ),
)
const host: StaticOrigin = await startStaticOrigin({
  port: 0,
  root: `${OUT}/host`,
  gzip: true,
  vars: { EMBED: embed.origin, API: platform.url },
  headers: (path) => (path.endsWith('.js') ? cache : {}),
})

const executablePath = findChromium()
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
})
const results: Record<string, Press[]> = {}
try {
  // Interleaved (embed, vapi, embed, …): both pages see the same machine load, press by press, so a busy
  // moment cannot favour one of them.
  const subjects = (['embed', 'vapi'] as const).filter((s) => !ONLY || ONLY === s)
  for (const mode of ['cold', 'warm'] as const) {
    const opts = { permissions: ['microphone'] }
    const warm = new Map<Subject, BrowserContext>()
    if (mode === 'warm') {
      for (const subject of subjects) {
        const context = await browser.newContext(opts)
        await press(context, `${host.origin}/${subject}.html`, subject, platform) // primes the HTTP cache
        warm.set(subject, context)
      }
    }
    for (let i = 0; i < RUNS; i++) {
      for (const subject of subjects) {
        const context = warm.get(subject) ?? (await browser.newContext(opts))
        ;(results[`${subject} ${mode}`] ??= []).push(
          await press(context, `${host.origin}/${subject}.html`, subject, platform),
        )
        if (!warm.has(subject)) await context.close()
      }
    }
    for (const context of warm.values()) await context.close()
    console.error(`${mode}: done`)
  }
} finally {
  await browser.close()
  await Promise.all([platform.close(), embed.close(), host.close()])
}

const row = (name: string, label: string) => {
  const r = results[name]
  if (!r) return `| ${label} | not measured (--only) | | | | |`
  const m = (k: 'gum' | 'post' | 'listening') =>
    `${ms(
      q(
        r.map((x) => x[k]),
        0.5,
      ),
    )} / ${ms(
      q(
        r.map((x) => x[k]),
        0.95,
      ),
    )}`
  const posts = [...new Set(r.map((x) => x.posts))].join(', ')
  const gums = [...new Set(r.map((x) => x.gums))].join(', ')
  return `| ${label} | ${m('gum')} | ${m('post')} | ${m('listening')} | ${posts} | ${gums} |`
}
const md = [
  '# The mic press on a phone (median / p95)',
  '',
  `Chromium, Lighthouse mobile throttling through CDP (562.5 ms request latency, 1474.56 kbps down, 675 kbps up, CPU ×4); ${RUNS} presses per row; pointer rests ${HOVER_MS} ms on the button before the press. ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| page | press → getUserMedia | press → POST /call/web | press → Listening | POSTs per press | getUserMedia calls per press |',
  '|---|---:|---:|---:|---:|---:|',
  row('embed cold', 'embed (`voiceos.js`), cold'),
  row('embed warm', 'embed, warm (chunks in the HTTP cache)'),
  row('vapi cold', '`@vapi-ai/web` 2.7.1 bundled into the page, cold'),
  row('vapi warm', '`@vapi-ai/web` 2.7.1, warm'),
  '',
].join('\n')
mkdirSync('bench/results', { recursive: true })
writeFileSync(join('bench/results', 'press.md'), md)
console.log(md)
