/**
 * Platform client bench, run by `npm run bench` (node --import tsx):
 * 1. per-request overhead of the client against raw `fetch` on a local 127.0.0.1 server: the same
 *    `POST /call/web` (bearer auth, JSON body, JSON response), interleaved rounds, median per-request time;
 *    target ratio ≤ 1.1×;
 * 2. gzip size of a browser bundle (esbuild, minified, ESM) that only creates a web call, beside the same call
 *    through @vapi-ai/server-sdk (which has no /call/web, so its closest equivalent `calls.create`); target
 *    ≤ 5 KB gzip. Also reported: the full `createPlatformClient` bundle.
 * Writes bench/results/platform.md and prints it.
 */
import { build } from 'esbuild'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { createPlatformClient } from '../src/platform'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const TOKEN = 'pk_bench_token'
const RESPONSE = JSON.stringify({
  id: 'call_1',
  webCallUrl: 'https://vapi.daily.co/room',
  artifactPlan: { videoRecordingEnabled: false },
})

async function startServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(RESPONSE) })
      res.end(RESPONSE)
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, close: () => new Promise((r) => server.close(() => r())) }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}

async function overhead(url: string) {
  const client = createPlatformClient({ token: TOKEN, baseUrl: url })
  const payload = {
    assistant: 'asst_1',
    assistantOverrides: { variableValues: { sessionId: 's1', url: 'https://site/' } },
  }
  const rawBody = { assistantId: 'asst_1', assistantOverrides: payload.assistantOverrides }
  const raw = async (): Promise<unknown> => {
    const res = await fetch(`${url}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(rawBody),
    })
    if (!res.ok) throw new Error(String(res.status))
    return res.json()
  }
  const viaClient = (): Promise<unknown> => client.calls.createWeb(payload)
  const batch = async (fn: () => Promise<unknown>, n: number): Promise<number> => {
    const t = performance.now()
    for (let i = 0; i < n; i++) await fn()
    return (performance.now() - t) / n
  }
  // warm-up (connection pool, JIT)
  await batch(raw, 300)
  await batch(viaClient, 300)
  const rounds = 15
  const per = 200
  const rawTimes: number[] = []
  const clientTimes: number[] = []
  for (let r = 0; r < rounds; r++) {
    // alternate the order each round so drift affects both equally
    if (r % 2 === 0) {
      rawTimes.push(await batch(raw, per))
      clientTimes.push(await batch(viaClient, per))
    } else {
      clientTimes.push(await batch(viaClient, per))
      rawTimes.push(await batch(raw, per))
    }
  }
  const rawMs = median(rawTimes)
  const clientMs = median(clientTimes)
  return { rawUs: rawMs * 1000, clientUs: clientMs * 1000, ratio: clientMs / rawMs, requests: rounds * per }
}

async function bundleSize(contents: string): Promise<{ min: number; gzip: number }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    treeShaking: true,
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength }
}

const kb = (n: number): string => `${(n / 1024).toFixed(2)} KB`

async function main(): Promise<void> {
  const { url, close } = await startServer()
  const o = await overhead(url)
  await close()

  const minimal = await bundleSize(`
    import { PlatformCore, createWebCall } from './src/platform/web'
    export const start = (token: string, assistant: string) => createWebCall(new PlatformCore({ token }), { assistant })
  `)
  const full = await bundleSize(`
    import { createPlatformClient } from './src/platform'
    export const start = (token: string, assistant: string) => createPlatformClient({ token }).calls.createWeb({ assistant })
  `)
  let sdk: { min: number; gzip: number } | string
  try {
    sdk = await bundleSize(`
      import { VapiClient } from '@vapi-ai/server-sdk'
      export const start = (token: string, assistantId: string) => new VapiClient({ token }).calls.create({ assistantId })
    `)
  } catch (err) {
    sdk = `bundle failed: ${(err as Error).message.split('\n')[0]}`
  }

  const lines = [
    '## Platform client bench',
    '',
    `Node ${process.version}, ${new Date().toISOString()}`,
    '',
    '### Per-request overhead (POST /call/web on 127.0.0.1, keep-alive, median of 15 interleaved rounds × 200)',
    '',
    '| | µs / request |',
    '|---|---:|',
    `| raw fetch | ${o.rawUs.toFixed(1)} |`,
    `| platform client (calls.createWeb) | ${o.clientUs.toFixed(1)} |`,
    `| **ratio** | **${o.ratio.toFixed(3)}×** (target ≤ 1.1×) ${o.ratio <= 1.1 ? '✅' : '❌'} |`,
    '',
    '### Browser bundle that only creates a web call (esbuild, minified, ESM)',
    '',
    '| bundle | minified | gzip |',
    '|---|---:|---:|',
    `| src/platform/web (PlatformCore + createWebCall) | ${kb(minimal.min)} | **${kb(minimal.gzip)}** (target ≤ 5 KB) ${minimal.gzip <= 5 * 1024 ? '✅' : '❌'} |`,
    `| src/platform createPlatformClient().calls.createWeb | ${kb(full.min)} | ${kb(full.gzip)} |`,
    typeof sdk === 'string'
      ? `| @vapi-ai/server-sdk calls.create | ${sdk} | |`
      : `| @vapi-ai/server-sdk VapiClient.calls.create | ${kb(sdk.min)} | ${kb(sdk.gzip)} |`,
    '',
    typeof sdk === 'string' ? '' : `**size ratio** (ours / server-sdk, gzip): ${(minimal.gzip / sdk.gzip).toFixed(3)}×`,
    '',
  ]
  const md = lines.join('\n')
  console.log(md)
  mkdirSync(resolve(root, 'bench/results'), { recursive: true })
  writeFileSync(resolve(root, 'bench/results/platform.md'), md)
}

await main()
