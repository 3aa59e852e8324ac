/**
 * Page-context bench, run by `npm run bench` (node --import tsx):
 * 1. gzip size of src/voice/context (page map, results, navigation watch), minified for the browser with esbuild
 *    — it loads with the voice session on the mic press, never before;
 * 2. the page map of every pre-rendered route (dist/, else dist-e2e/), parsed in happy-dom: bytes (budget 4096),
 *    items, and the time to collect and serialise it (median of 20);
 * 3. the same for a synthetic catalogue page of 3,000 links, 400 buttons and 300 fields (the byte budget cuts it).
 * Writes bench/results/context.md and prints it.
 */
import { build } from 'esbuild'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { Window } from 'happy-dom'
import { collectPageMap, serializePageMap, utf8Bytes, PAGE_MAP_MAX_BYTES } from '../src/voice/context/pageMap'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

async function contextSize(): Promise<{ min: number; gzip: number }> {
  const result = await build({
    stdin: {
      contents:
        "export * from './src/voice/context/pageMap'; export * from './src/voice/context/report'; export * from './src/voice/context/pageContext'",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  })
  const js = result.outputFiles[0]!.contents
  return { min: js.length, gzip: gzipSync(js, { level: 9 }).length }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

function measure(html: string, url: string) {
  const window = new Window({ url })
  window.document.write(html)
  const doc = window.document as unknown as Document
  const times: number[] = []
  let text = ''
  let items = 0
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now()
    const map = collectPageMap(doc)
    text = serializePageMap(map)
    times.push(performance.now() - t0)
    items = map.headings.length + map.links.length + map.buttons.length + map.fields.length
  }
  void window.happyDOM.close()
  return { bytes: utf8Bytes(text), items, ms: median(times), cut: text.includes(' more') }
}

function catalogue(): string {
  const links = Array.from(
    { length: 3000 },
    (_, i) => `<li><a href="/p/${i}">Product ${i} — hand-made ceramic mug, 350 ml</a></li>`,
  ).join('')
  const buttons = Array.from({ length: 400 }, (_, i) => `<button type="button">Add product ${i} to cart</button>`).join(
    '',
  )
  const fields = Array.from(
    { length: 300 },
    (_, i) => `<label>Quantity of product ${i} <input type="number" name="q${i}" value="1"></label>`,
  ).join('')
  return `<!doctype html><title>Catalogue</title><body><h1>Catalogue</h1><ul>${links}</ul>${buttons}<form>${fields}</form></body>`
}

const out = existsSync(join(root, 'dist/index.html'))
  ? 'dist'
  : existsSync(join(root, 'dist-e2e/index.html'))
    ? 'dist-e2e'
    : ''
const lines: string[] = ['# Page context', '']
const size = await contextSize()
lines.push(
  `src/voice/context minified: ${(size.min / 1000).toFixed(1)} KB, gzip ${(size.gzip / 1000).toFixed(1)} KB (loads with the session on the mic press).`,
  '',
)
lines.push(
  `| page | map bytes (≤ ${PAGE_MAP_MAX_BYTES}) | items | cut | collect + serialise, median ms (happy-dom) |`,
  '|---|---|---|---|---|',
)
if (out) {
  const pages = readdirSync(join(root, out)).filter((f) => f.endsWith('.html'))
  for (const dir of ['', 'hi/']) {
    for (const file of pages) {
      const path = join(root, out, dir, file)
      if (!existsSync(path)) continue
      const r = measure(
        readFileSync(path, 'utf8'),
        `http://127.0.0.1/${dir}${file.replace(/\.html$/, '').replace(/^index$/, '')}`,
      )
      lines.push(`| ${out}/${dir}${file} | ${r.bytes} | ${r.items} | ${r.cut ? 'yes' : 'no'} | ${r.ms.toFixed(1)} |`)
    }
  }
} else {
  lines.push('| (no dist/ or dist-e2e/: run `npm run build` first) | | | | |')
}
const big = measure(catalogue(), 'http://127.0.0.1/catalogue')
lines.push(
  `| synthetic catalogue (3,700 controls) | ${big.bytes} | ${big.items} | ${big.cut ? 'yes' : 'no'} | ${big.ms.toFixed(1)} |`,
)
const md = lines.join('\n')
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(join(root, 'bench/results/context.md'), `${md}\n`)
console.log(md)
