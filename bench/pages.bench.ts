/**
 * One conversation across pages, run by `npm run bench` (node --import tsx): with a call running, the visitor
 * clicks a link to another page of the same site (a real document load); measured on each new page, from its
 * first paint to the widget showing Listening again (the handoff record claimed, the widget mounted, the engine
 * loaded and `reconnect(webCall)` joined). The production embed (live engine; daily-js replaced by the Daily
 * stand-in) by script tag, a local `POST /call/web` server, no throttling, HTTP cache warm after the first page
 * (as on a real site). Also checked: one `POST /call/web` for all navigations. Flags: `--runs=N` (default 20).
 * Writes bench/results/pages.md.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright'
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium'
import { startPlatformServer } from '../tests/servers/platform-server'
import { startStaticOrigin } from '../tests/servers/static-origin'
import { WEB_CALL } from '../tests/unit/engine/fakes'
import { buildStandInEmbed } from './lib/standins'

const OUT = 'bench/.out/pages'
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 20)
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'POST, OPTIONS',
}

await buildStandInEmbed(`${OUT}/embed`)
const platform = await startPlatformServer()
platform.fallback = (r) =>
  r.method === 'OPTIONS'
    ? { status: 204, headers: CORS }
    : r.path === '/call/web'
      ? { status: 201, headers: CORS, body: { ...WEB_CALL, monitor: { controlUrl: `${platform.url}/call-1/control` } } }
      : { status: 200, headers: CORS, body: {} }
const embed = await startStaticOrigin({
  port: 0,
  root: `${OUT}/embed`,
  gzip: true,
  headers: () => ({ 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=3600' }),
})
const site = http.createServer((req, res) => {
  const page = (req.url ?? '/').includes('two') ? 'two' : 'one'
  const next = page === 'one' ? '/two.html' : '/one.html'
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${page}</title>` +
        `<script src="${embed.origin}/voiceos.js" data-public-key="pk_bench_0000000000" data-assistant-id="00000000-0000-4000-8000-000000000001" data-api-base-url="${platform.url}" async></script>` +
        `</head><body><main><h1>Page ${page}</h1><p>${'Text of the page. '.repeat(60)}</p><a id="next" href="${next}">Next page</a></main></body></html>`,
    )
})
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`

const executablePath = findChromium()
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
})
const times: number[] = []
try {
  const context = await browser.newContext({ permissions: ['microphone'] })
  await context.addInitScript(() => {
    const w = window as unknown as { __listening?: number }
    const timer = setInterval(() => {
      const status = document
        .querySelector('[data-voiceos]')
        ?.shadowRoot?.querySelector('[data-testid=voice-widget]')
        ?.getAttribute('data-status')
      if (status === 'listening') {
        w.__listening = performance.now()
        clearInterval(timer)
      }
    }, 5)
  })
  const page = await context.newPage()
  await page.goto(`${origin}/one.html`)
  await page.getByRole('button', { name: 'Start voice assistant' }).click()
  await page.waitForFunction(() => (window as unknown as { __listening?: number }).__listening !== undefined)
  for (let i = 0; i < RUNS; i++) {
    await page.click('#next')
    await page.waitForFunction(
      () => (window as unknown as { __listening?: number }).__listening !== undefined,
      undefined,
      {
        timeout: 30_000,
      },
    )
    const t = await page.evaluate(() => {
      const fp = performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN
      return (window as unknown as { __listening: number }).__listening - fp
    })
    times.push(t)
  }
  await context.close()
} finally {
  await browser.close()
  await Promise.all([platform.close(), embed.close(), new Promise((r) => site.close(r))])
}
const creates = platform.requests.filter((r) => r.method === 'POST' && r.path === '/call/web').length
const sorted = [...times].sort((a, b) => a - b)
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN
const md = [
  '# New page → Listening again (one conversation across pages)',
  '',
  `Chromium, no throttling, warm HTTP cache, ${RUNS} link navigations with a call running. ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| | median | p95 | max |',
  '|---|---:|---:|---:|',
  `| first paint of the new page → Listening | ${Math.round(q(0.5))} ms | ${Math.round(q(0.95))} ms | ${Math.round(sorted.at(-1) ?? NaN)} ms |`,
  '',
  `\`POST /call/web\` requests for the whole run: ${creates} (one call across ${RUNS + 1} pages).`,
  '',
].join('\n')
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/pages.md', md)
console.log(md)
if (creates !== 1) process.exitCode = 1
