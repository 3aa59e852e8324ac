/**
 * Call engine bench, run by `npm run bench` (node --import tsx):
 * 1. gzip size of the engine's own code (daily-js external) beside @vapi-ai/web's own code (daily-js external),
 *    minified for the browser with esbuild. Target: the engine at most half the reference.
 * 2. time from start() to call-start-success on the fake Daily call object, engine and reference, both creating
 *    the web call through their own HTTP client over an in-process fetch stub.
 * Writes bench/results/engine.md and prints it.
 */
import { build, type Plugin } from 'esbuild'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { VoiceCall } from '../src/voice/engine'
import { FakeDailyCall, WEB_CALL } from '../tests/unit/engine/fakes'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

interface Size {
  raw: number
  min: number
  gzip: number
}

/** Bundles `entry` (minified, browser, ESM, code splitting) and sums the output chunks it lists. */
async function bundle(entry: string, plugins: Plugin[] = [], external = ['@daily-co/daily-js']) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    splitting: true,
    outdir: join(root, 'bench/.out'),
    write: false,
    metafile: true,
    external,
    plugins,
    logLevel: 'silent',
    legalComments: 'none',
  })
  const chunks = result.outputFiles
    .filter((f) => f.path.endsWith('.js'))
    .map((f) => ({ path: f.path, min: f.contents.length, gzip: gzipSync(f.contents, { level: 9 }).length }))
  const inputs = Object.values(result.metafile.inputs).reduce((n, i) => n + i.bytes, 0)
  return { chunks, inputs }
}

function sum(chunks: { min: number; gzip: number }[], inputs = 0): Size {
  return chunks.reduce<Size>((s, c) => ({ raw: s.raw, min: s.min + c.min, gzip: s.gzip + c.gzip }), {
    raw: inputs,
    min: 0,
    gzip: 0,
  })
}

/**
 * Resolves the engine's lazy `import('../../platform')` to only what it uses (PlatformCore + createWebCall),
 * as Rollup/Vite tree-shake a destructured dynamic import; esbuild would otherwise pull every resource in.
 */
const platformSubset: Plugin = {
  name: 'platform-subset',
  setup(b) {
    b.onResolve({ filter: /\/platform$/ }, (args) =>
      args.importer.includes('/src/voice/engine/') ? { path: 'platform-subset', namespace: 'subset' } : undefined,
    )
    b.onLoad({ filter: /.*/, namespace: 'subset' }, () => ({
      contents: `export { PlatformCore } from './core/core'\nexport { createWebCall } from './web-call'\n`,
      resolveDir: join(root, 'src/platform'),
      loader: 'ts',
    }))
  },
}
/** Leaves the platform client out entirely (the engine alone). */
const platformExternal: Plugin = {
  name: 'platform-external',
  setup(b) {
    b.onResolve({ filter: /\/platform$/ }, () => ({ path: 'platform', external: true }))
  },
}

async function sizes() {
  const entry = join(root, 'src/voice/engine/index.ts')
  const engineOnly = await bundle(entry, [platformExternal])
  const withPlatform = await bundle(entry, [platformSubset])
  const entryChunk = withPlatform.chunks.find((c) => c.path.endsWith('index.js'))
  const lazyChunks = withPlatform.chunks.filter((c) => c !== entryChunk)
  const refEntry = require.resolve('@vapi-ai/web')
  const reference = await bundle(refEntry)
  const referenceNoEvents = await bundle(refEntry, [], ['@daily-co/daily-js', 'events'])
  return {
    engine: sum(engineOnly.chunks, engineOnly.inputs),
    engineEntry: entryChunk ? sum([entryChunk]) : sum([]),
    engineLazy: sum(lazyChunks),
    engineTotal: sum(withPlatform.chunks, withPlatform.inputs),
    reference: sum(reference.chunks, reference.inputs),
    referenceNoEvents: sum(referenceNoEvents.chunks, referenceNoEvents.inputs),
  }
}

// ── start() → call-start-success ──
const fetchStub: typeof fetch = async () =>
  new Response(JSON.stringify(WEB_CALL), { status: 201, headers: { 'content-type': 'application/json' } })
const fakeFactory = (options: unknown) => new FakeDailyCall(options)
const silent = { debug() {}, warn() {}, error() {} }

interface Startable {
  start(assistant: string): Promise<unknown>
  stop(): Promise<void>
  on(event: 'call-start-success', listener: () => void): unknown
}

async function timeStarts(make: () => Startable, runs: number): Promise<number[]> {
  const times: number[] = []
  const target = make()
  let t0 = 0
  let done = 0
  target.on('call-start-success', () => (done = performance.now()))
  for (let i = 0; i < runs; i++) {
    t0 = performance.now()
    const result = await target.start('asst_1')
    if (!result) throw new Error('start failed')
    times.push(done - t0)
    await target.stop()
  }
  return times
}

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b)
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN
  return { median: q(0.5), p95: q(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length }
}

async function startTimes(runs = 500, warmup = 50) {
  const engine = () =>
    new VoiceCall({
      publicKey: 'pk',
      fetch: fetchStub,
      createCallObject: fakeFactory,
      isMobile: () => false,
      logger: silent,
      startTimeoutMs: 0,
    })
  // The reference: its daily-js copy's createCallObject replaced, global fetch stubbed.
  const vapiRequire = createRequire(require.resolve('@vapi-ai/web'))
  const Daily = vapiRequire('@daily-co/daily-js') as { createCallObject: unknown }
  const Vapi = (vapiRequire('@vapi-ai/web') as { default: new (token: string) => Startable }).default
  const originalCreate = Daily.createCallObject
  const originalFetch = globalThis.fetch
  Daily.createCallObject = fakeFactory
  globalThis.fetch = fetchStub
  try {
    await timeStarts(engine, warmup)
    await timeStarts(() => new Vapi('pk'), warmup)
    const injected = () =>
      new VoiceCall({
        publicKey: 'pk',
        createWebCall: async () => ({ ...WEB_CALL }),
        createCallObject: fakeFactory,
        isMobile: () => false,
        logger: silent,
        startTimeoutMs: 0,
      })
    await timeStarts(injected, warmup)
    return {
      engine: stats(await timeStarts(engine, runs)),
      injected: stats(await timeStarts(injected, runs)),
      reference: stats(await timeStarts(() => new Vapi('pk'), runs)),
      runs,
    }
  } finally {
    Daily.createCallObject = originalCreate
    globalThis.fetch = originalFetch
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`
const ms = (n: number) => `${n.toFixed(3)} ms`

const s = await sizes()
const t = await startTimes()
const ratio = s.engine.gzip / s.reference.gzip
const totalRatio = s.engineTotal.gzip / s.reference.gzip
const md = `# Call engine bench

Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. esbuild, minified, browser ESM, gzip level 9, daily-js external.

## Own code size

| bundle | source | minified | gzip |
|---|---:|---:|---:|
| engine alone (\`src/voice/engine\`, platform client excluded) | ${kb(s.engine.raw)} | ${kb(s.engine.min)} | **${kb(s.engine.gzip)}** |
| engine entry chunk (what a page loads on mic press) | | ${kb(s.engineEntry.min)} | ${kb(s.engineEntry.gzip)} |
| + web-call creation from the platform client (lazy chunk: request core, errors, \`createWebCall\`) | | ${kb(s.engineLazy.min)} | ${kb(s.engineLazy.gzip)} |
| **engine total** (entry + lazy platform chunk) | ${kb(s.engineTotal.raw)} | ${kb(s.engineTotal.min)} | **${kb(s.engineTotal.gzip)}** |
| @vapi-ai/web 2.7.1 own code (incl. its \`events\` polyfill and generated API client) | ${kb(s.reference.raw)} | ${kb(s.reference.min)} | **${kb(s.reference.gzip)}** |
| @vapi-ai/web 2.7.1 without \`events\` | ${kb(s.referenceNoEvents.raw)} | ${kb(s.referenceNoEvents.min)} | ${kb(s.referenceNoEvents.gzip)} |

Engine's own code / reference's own code (gzip): **${(ratio * 100).toFixed(0)} %** (target ≤ 50 %: ${ratio <= 0.5 ? 'met' : 'NOT met'}).
With the lazily loaded web-call path of the platform client (src/platform/web) counted too: ${(totalRatio * 100).toFixed(0)} %.
The reference's own code includes its HTTP client (a generated client for the whole API, used for one endpoint);
the engine's counterpart is the platform client's request core, which the site shares with any other API use.

## start() → call-start-success on the fake Daily call object

${t.runs} runs each after warm-up; web call created through each SDK's own HTTP client over an in-process fetch stub.

| | median | p95 | mean |
|---|---:|---:|---:|
| engine (platform client over the fetch stub) | ${ms(t.engine.median)} | ${ms(t.engine.p95)} | ${ms(t.engine.mean)} |
| engine alone (\`createWebCall\` injected) | ${ms(t.injected.median)} | ${ms(t.injected.p95)} | ${ms(t.injected.mean)} |
| @vapi-ai/web 2.7.1 | ${ms(t.reference.median)} | ${ms(t.reference.p95)} | ${ms(t.reference.mean)} |
`
console.log(md)
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(join(root, 'bench/results/engine.md'), md)
if (ratio > 0.5) process.exitCode = 1
