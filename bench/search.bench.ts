/**
 * Site search (README "Site search"), run by `npm run bench -- search` (node --import tsx):
 * 1. Index build: the setup command (`npm run assistant -- index --sitemap …`, a child process) indexes a site of
 *    100 pages and a generated site of 5,000 pages, each served by a local HTTP server with its sitemap: wall time
 *    and the published folder's size (what an owner uploads; the re-run state file is counted apart).
 * 2. `search_site` in the page: the production embed by script tag (daily-js replaced by the Daily stand-in, a
 *    local `POST /call/web` server) on a page of the 5,000-page site with `data-site-index`, under Lighthouse's
 *    mobile throttling through CDP (562.5 ms request latency, 1474.56 kbps down, 675 kbps up, CPU ×4). A call is
 *    started by a press; then, as in a call, the visitor's question arrives as `transcript` messages — partial
 *    ones word by word at `--wpm` words a minute (default 150), the final one a word after the last partial — and,
 *    `--gap` ms after the final (default 700: the model's turn before it calls a tool), the assistant's
 *    `search_site` tool call, all delivered as the call's server delivers them; timed from the tool call until its
 *    `COMMAND RESULT` leaves the page (`sendAppMessage`). `--wpm=0`: the final transcript only; `--no-transcript`:
 *    the tool call alone (a question the page never heard). First query of a conversation: a new browser context
 *    each run (empty HTTP cache), its first word `--first-after` ms (default 1500, the greeting) after Listening;
 *    when the warm-up's files were sent is reported. Later queries: further questions in the same conversation.
 *    Bytes: the index's responses from the question's first word to the result (counted by the server; the index
 *    is served with the long cache lifetime its hashed file names allow).
 * 3. Bytes of the index before intent: index requests from page load until the press (expected: none).
 * Flags: `--runs=N` first queries (default 10), `--later=N` later queries (default 30), `--skip-5000`,
 * `--reuse-index` (search the 5,000-page index a previous run built; no build figures).
 * Writes bench/results/search.md.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize, resolve } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Page } from 'playwright'
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium'
import { startPlatformServer } from '../tests/servers/platform-server'
import { startStaticOrigin } from '../tests/servers/static-origin'
import { WEB_CALL } from '../tests/unit/engine/fakes'
import { LIBRARY } from '../tests/fixtures/site-search/library'
import { UTILITY } from '../tests/fixtures/site-search/utility'
import { renderPage, renderSitemap, type FixturePage, type FixtureSite } from '../tests/fixtures/site-search/render'
import { buildStandInEmbed } from './lib/standins'
import { defaultStateFile } from '../scripts/site-index/state'

const OUT = resolve('bench/.out/search')
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 10)
const LATER = Number(process.argv.find((a) => a.startsWith('--later='))?.slice(8) ?? 30)
const SKIP_5000 = process.argv.includes('--skip-5000')
const GAP = Number(process.argv.find((a) => a.startsWith('--gap='))?.slice(6) ?? 700)
const TRANSCRIPT = !process.argv.includes('--no-transcript')
/**
 * The visitor's speaking rate, words per minute (`--wpm`): 150, the average conversational rate of US English
 * speakers as the National Center for Voice and Speech gives it. `--wpm=0`: the final transcript alone (no partials).
 */
const WPM = Number(process.argv.find((a) => a.startsWith('--wpm='))?.slice(6) ?? 150)
/** `--reuse-index`: search the 5,000-page index a previous run built (no build figures). */
const REUSE = process.argv.includes('--reuse-index')
/**
 * ms from Listening to the visitor's first word of the first question (`--first-after`): the assistant's greeting
 * ("Hi, how can I help?", about 2 s spoken). The question itself then takes its words' time at `--wpm`.
 */
const FIRST_AFTER = Number(process.argv.find((a) => a.startsWith('--first-after='))?.slice(14) ?? 1500)
/** lighthouse/core/config/constants.js `throttling.mobileSlow4G` (Lighthouse 12.8), as bench/press.bench.ts. */
const MOBILE = {
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
  cpuSlowdownMultiplier: 4,
}
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'POST, OPTIONS',
}

// ---------------------------------------------------------------------------------------------------------------
// Sites

/** A seeded PRNG (mulberry32), so every run indexes the same generated site. */
function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The words of the fixture sites' real text: the generated pages' vocabulary. */
const VOCABULARY = [
  ...new Set(
    [...LIBRARY.pages, ...UTILITY.pages]
      .flatMap((p) => [p.title, p.lead, ...p.sections.flatMap(([, h, ...t]) => [h, ...t])])
      .join(' ')
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length > 2),
  ),
]

/**
 * A generated site of `n` pages: sentences drawn from the fixtures' vocabulary, three sections each, and a product
 * name and code of its own per page (a real catalogue's vocabulary grows with its pages).
 */
function generatedSite(n: number): FixtureSite {
  const rand = prng(n)
  const word = () => VOCABULARY[Math.floor(rand() * VOCABULARY.length)]!
  const sentence = (len: number) => {
    const words = Array.from({ length: len }, word)
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`
  }
  const pages: FixturePage[] = Array.from({ length: n }, (_, i) => {
    const code = `RV-${(1000 + i).toString(36).toUpperCase()}${Math.floor(rand() * 900 + 100)}`
    return {
      path: i === 0 ? '/' : `/catalogue/item-${i}`,
      title: `${word()} ${word()} ${code}`.replace(/^./, (c) => c.toUpperCase()),
      lead: sentence(14),
      sections: [
        ['overview', `Overview of ${word()} ${word()}`, sentence(30), sentence(25)],
        [
          'details',
          `${word()} and ${word()}`.replace(/^./, (c) => c.toUpperCase()),
          sentence(35),
          `Reference ${code}.`,
        ],
        ['questions', 'Questions', sentence(28)],
      ],
      links: i > 0 ? ['/'] : [],
    }
  })
  return { name: 'Generated Shop', nav: ['/'], pages }
}

/** Serves a fixture site (pages, sitemap) and its published index at `/site-index/`; HTML pages can carry a tag. */
async function serveSite(site: FixtureSite, index: string, head: () => string, port = 0) {
  const requests: { path: string; at: number; bytes: number; done: number }[] = []
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!)
    const record = { path, at: Date.now(), bytes: 0, done: 0 }
    res.on('finish', () => (record.done = Date.now()))
    requests.push(record)
    if (path === '/sitemap.xml')
      return void res.writeHead(200, { 'content-type': 'application/xml' }).end(renderSitemap(site, origin))
    if (path.startsWith('/site-index/')) {
      const file = normalize(join(index, path.slice('/site-index/'.length)))
      if (!file.startsWith(index) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end()
      const type = file.endsWith('.js')
        ? 'text/javascript'
        : file.endsWith('.json')
          ? 'application/json'
          : 'application/octet-stream'
      // The shards' folder is named by the build's content hash (src/voice/search/terms.ts); the manifest that names
      // it is revalidated.
      const cache = /voiceos-index\.json/.test(file) ? 'no-cache' : 'public, max-age=31536000'
      const body = readFileSync(file)
      record.bytes = body.length
      return void res.writeHead(200, { 'content-type': type, 'cache-control': cache }).end(body)
    }
    const html = renderPage(site, path, head())
    if (!html) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, requests, close: () => new Promise<void>((r) => server.close(() => r())) }
}

const folderBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) => sum + (e.isDirectory() ? folderBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  )

/** A fixture site served for the whole run (its index's origin is the origin it is searched on). */
type Served = Awaited<ReturnType<typeof serveSite>>

/** Runs the setup command on a served site; returns its wall time, ms, and the published folder's size, bytes. */
async function buildIndex(served: Served, pages: number, out: string) {
  rmSync(defaultStateFile(out), { force: true })
  const t0 = performance.now()
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/assistant.ts', 'index', '--sitemap', `${served.origin}/sitemap.xml`, '--out', out],
    { maxBuffer: 16 * 1024 * 1024 },
  )
  const ms = performance.now() - t0
  if (!stdout.includes(`Indexed ${pages} pages`)) throw new Error(`index of ${pages}: ${stdout}`)
  // The run's state is kept beside the published folder (scripts/site-index/state.ts), not in it.
  const state = statSync(defaultStateFile(out)).size
  return { ms, bytes: folderBytes(out), state, files: readdirSync(out, { recursive: true }).length }
}

const site100 = { ...generatedSite(100), name: 'Generated Shop 100' }
const site5000 = generatedSite(5000)
const searched = SKIP_5000 ? site100 : site5000
/** The embed's script tag, once the embed is built (the command indexes the pages without it). */
let tag = ''
const builds: { pages: number; ms: number; bytes: number; state: number; files: number }[] = []
mkdirSync(OUT, { recursive: true })
const served100 = await serveSite(site100, join(OUT, 'index-100'), () => (SKIP_5000 ? tag : ''))
rmSync(join(OUT, 'index-100'), { recursive: true, force: true })
builds.push({ pages: 100, ...(await buildIndex(served100, 100, join(OUT, 'index-100'))) })
console.log(`100 pages: ${Math.round(builds[0]!.ms)} ms`)
let host = served100
if (!SKIP_5000) {
  await served100.close()
  const manifest = join(OUT, 'index-5000/voiceos-index.json')
  // A reused index is served on the origin it was built for (its manifest names it; siteSearch checks it).
  const reused = REUSE && existsSync(manifest)
  const port = reused
    ? Number(new URL((JSON.parse(readFileSync(manifest, 'utf8')) as { origin: string }).origin).port)
    : 0
  host = await serveSite(site5000, join(OUT, 'index-5000'), () => tag, port)
  if (!reused) {
    rmSync(join(OUT, 'index-5000'), { recursive: true, force: true })
    builds.push({ pages: 5000, ...(await buildIndex(host, 5000, join(OUT, 'index-5000'))) })
    console.log(`5000 pages: ${Math.round(builds[1]!.ms)} ms`)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Queries in the page

await buildStandInEmbed('bench/.out/search/embed')
const platform = await startPlatformServer()
platform.fallback = (r) =>
  r.method === 'OPTIONS'
    ? { status: 204, headers: CORS }
    : r.path === '/call/web'
      ? { status: 201, headers: CORS, body: WEB_CALL }
      : { status: 200, headers: CORS, body: {} }
const embed = await startStaticOrigin({
  port: 0,
  root: 'bench/.out/search/embed',
  gzip: true,
  headers: () => ({ 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=3600' }),
})
tag = `<script src="${embed.origin}/voiceos.js" data-public-key="pk_bench_0000000000" data-assistant-id="00000000-0000-4000-8000-000000000001" data-api-base-url="${platform.url}" data-site-index="/site-index/" async></script>`

/** Questions about generated pages: two words of a page's text and its product's name. */
const rand = prng(7)
const questions = Array.from({ length: RUNS + LATER + 1 }, () => {
  const p = searched.pages[1 + Math.floor(rand() * (searched.pages.length - 1))]!
  const words = p.sections[0]![2]!.toLowerCase().replace(/\./g, '').split(' ')
  return {
    text: `where can I read about ${words[3]} ${words[7]} for the ${p.title.split(' ').slice(0, 2).join(' ').toLowerCase()}`,
    path: p.path,
  }
})

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

/** One `search_site` tool call: ms from its delivery to its result leaving the page, and the index bytes it fetched. */
async function query(
  page: Page,
  id: string,
  { text: question, path }: { text: string; path: string },
): Promise<{ ms: number; bytes: number; ok: boolean; top3: boolean; recent: number }> {
  // Bytes: what the site's server sent for the index during the query; a response from the HTTP cache costs none.
  const from = host.requests.length
  if (TRANSCRIPT) {
    const say = (transcriptType: 'partial' | 'final', transcript: string) =>
      page.evaluate(
        ([transcriptType, transcript]) => {
          const call = (window as unknown as { __dailyCalls: { appMessage(m: unknown): void }[] }).__dailyCalls.at(-1)!
          call.appMessage(JSON.stringify({ type: 'transcript', role: 'user', transcriptType, transcript }))
        },
        [transcriptType, transcript] as const,
      )
    // As the call's server delivers a question: partial transcripts of the utterance so far, a word each
    // 60,000 / WPM ms; the final one word later, bringing the last word (a recognizer's partials trail the audio;
    // Vapi's Deepgram endpointing default, 10 ms of silence, ends the utterance with the speech).
    if (WPM > 0) {
      const words = question.split(' ')
      const perWord = 60_000 / WPM
      const t0 = Date.now()
      for (let i = 1; i < words.length; i++) {
        await new Promise((ok) => setTimeout(ok, Math.max(0, t0 + (i - 1) * perWord - Date.now())))
        await say('partial', words.slice(0, i).join(' '))
      }
      await new Promise((ok) => setTimeout(ok, Math.max(0, t0 + (words.length - 1) * perWord - Date.now())))
    }
    await say('final', question)
    await new Promise((ok) => setTimeout(ok, GAP))
  }
  const called = Date.now()
  const r = await page.evaluate(
    ({ id, question }) =>
      new Promise<{ ms: number; ok: boolean; text?: string }>((done) => {
        const call = (
          window as unknown as { __dailyCalls: { appMessage(m: unknown): void; sendAppMessage(m: unknown): unknown }[] }
        ).__dailyCalls.at(-1)!
        const send = call.sendAppMessage.bind(call)
        let t0 = 0
        call.sendAppMessage = (m: unknown) => {
          const text = String(m)
          if (text.includes(id)) {
            const ms = performance.now() - t0
            call.sendAppMessage = send
            done({ ms, ok: text.includes('SEARCH RESULTS'), text })
          }
          return send(m)
        }
        t0 = performance.now()
        call.appMessage(
          JSON.stringify({
            type: 'tool-calls',
            toolCallList: [{ id, type: 'function', function: { name: 'search_site', arguments: { query: question } } }],
          }),
        )
      }),
    { id, question },
  )
  if (!r.ok) console.warn(`${id}: no results: ${r.text?.slice(0, 400)}`)
  // The page the question was drawn from, among the first three results (their lines read "1. Title (/path…)").
  // (the message is JSON: its newlines arrive escaped, once or more).
  const lines = (r.text ?? '').replace(/\\+n/g, '\n')
  const top3 = [1, 2, 3].some((i) => new RegExp(`\\n${i}\\. [^\\n]*\\(${path}[#)]`).test(lines))
  await new Promise((ok) => setTimeout(ok, 50)) // the last response's record
  const bytes = host.requests
    .slice(from)
    .filter((q) => q.path.startsWith('/site-index/'))
    .reduce((sum, q) => sum + q.bytes, 0)
  // Index requests the server began within a request's latency before the tool call, or after it: still on their way.
  const recent = host.requests
    .slice(from)
    .filter((q) => q.path.startsWith('/site-index/') && q.at > called - MOBILE.requestLatencyMs).length
  return { ms: r.ms, ok: r.ok, bytes, top3, recent }
}

const executablePath = findChromium()
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
})
const first: { ms: number; bytes: number; top3: boolean }[] = []
const later: { ms: number; bytes: number; top3: boolean; recent: number }[] = []
let beforeIntent = 0
const warm: { files: number; doneAfterListening: number }[] = []
let failures = 0
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ permissions: ['microphone'] })
    const page = await context.newPage()
    await page.addInitScript(() => performance.setResourceTimingBufferSize(10_000))
    await throttle(page)
    const start = host.requests.length
    await page.goto(`${host.origin}/`)
    const mic = page.getByTestId('voice-mic')
    await mic.waitFor({ timeout: 60_000 })
    await page.waitForTimeout(1000)
    await mic.hover()
    beforeIntent += host.requests.slice(start).filter((r) => r.path.startsWith('/site-index/')).length
    await mic.click()
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-voiceos]')
          ?.shadowRoot?.querySelector('[data-testid=voice-widget]')
          ?.getAttribute('data-status') === 'listening',
      undefined,
      { timeout: 60_000, polling: 50 },
    )
    const listeningAt = Date.now()
    // The assistant's greeting before the visitor starts asking (`--first-after`).
    await page.waitForTimeout(FIRST_AFTER)
    // The warm-up (the manifest): when the server had sent it, from Listening (the throttle's latency and transfer
    // come on top), and whether it had by now.
    const warmFiles = host.requests.slice(start).filter((q) => /\/site-index\/voiceos-index\.json$/.test(q.path))
    warm.push({
      files: warmFiles.length,
      doneAfterListening: warmFiles.every((q) => q.done > 0)
        ? Math.max(...warmFiles.map((q) => q.done)) - listeningAt
        : NaN,
    })
    const r = await query(page, `first-${run}`, questions[run]!)
    if (!r.ok) failures++
    first.push(r)
    if (run === 0) {
      for (let i = 0; i < LATER; i++) {
        const l = await query(page, `later-${i}`, questions[RUNS + i]!)
        if (!l.ok) failures++
        later.push(l)
      }
      console.log(
        `later queries, in order (ms, and index requests begun less than ${MOBILE.requestLatencyMs} ms before the call or after it): ${later.map((l) => `${Math.round(l.ms)} (${l.recent})`).join(' ')}`,
      )
    }
    await context.close()
    console.log(
      `run ${run + 1}/${RUNS}: first query ${Math.round(r.ms)} ms, ${r.bytes} B; warm-up sent ${Math.round(warm.at(-1)!.doneAfterListening)} ms after Listening (${warm.at(-1)!.files} files)`,
    )
  }
} finally {
  await browser.close()
  await Promise.all([platform.close(), embed.close(), host.close()])
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? NaN
}
const row = (label: string, xs: { ms: number; bytes: number }[]) =>
  `| ${label} | ${xs.length} | ${Math.round(
    quantile(
      xs.map((x) => x.ms),
      0.5,
    ),
  )} ms | ${Math.round(
    quantile(
      xs.map((x) => x.ms),
      0.95,
    ),
  )} ms | ${(
    quantile(
      xs.map((x) => x.bytes),
      0.5,
    ) / 1000
  ).toFixed(1)} KB | ${(Math.max(...xs.map((x) => x.bytes)) / 1000).toFixed(1)} KB |`
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`
const md = [
  '# Site search: index build and `search_site` in the page',
  '',
  `${new Date().toISOString().slice(0, 10)}. Index built by \`npm run assistant -- index --sitemap\` from a local server (4 requests at a time). Queries: the production embed in Chromium under Lighthouse's mobile throttling through CDP (562.5 ms request latency, 1474.56 kbps down, 675 kbps up, CPU ×4), on the ${searched.pages.length}-page site.`,
  '',
  '| site | build time | published index | files | re-run state (not published) |',
  '|---|---:|---:|---:|---:|',
  ...builds.map(
    (b) => `| ${b.pages} pages | ${(b.ms / 1000).toFixed(1)} s | ${kb(b.bytes)} | ${b.files} | ${kb(b.state)} |`,
  ),
  '',
  TRANSCRIPT
    ? `Each question reaches the page first as the visitor's transcript${WPM > 0 ? ` — partial transcripts word by word at ${WPM} words a minute (\`--wpm\`), the final one a word after the last partial —` : ' (final only, `--wpm=0`)'} then ${GAP} ms after the final as the assistant's \`search_site\` call (\`--gap\`); bytes are counted from the first word.`
    : 'Each question reaches the page only as the `search_site` call (`--no-transcript`).',
  '',
  '| `search_site` tool call → result sent | queries | median | p95 | bytes fetched, median | max |',
  '|---|---:|---:|---:|---:|---:|',
  row('first query of a conversation (empty cache)', first),
  row('later queries', later),
  '',
  `Warm-up (the manifest) sent by the server, from Listening: median ${Math.round(
    quantile(
      warm.map((w) => w.doneAfterListening).filter((x) => !Number.isNaN(x)),
      0.5,
    ),
  )} ms, max ${Math.round(Math.max(...warm.map((w) => w.doneAfterListening)))} ms (the throttle's latency and transfer come on top).`,
  '',
  `The page each question was drawn from is among the first three results for ${[...first, ...later].filter((x) => x.top3).length} of ${first.length + later.length} questions.`,
  '',
  `The visitor starts the first question ${FIRST_AFTER} ms after Listening (\`--first-after\`: the assistant's greeting); the index starts loading at call-start (Listening). Index requests from page load to the press (before intent): ${beforeIntent} in ${RUNS} runs. Searches that did not return results: ${failures}.`,
  '',
].join('\n')
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/search.md', md)
console.log(md)
if (beforeIntent !== 0 || failures !== 0) process.exitCode = 1
