/**
 * What a host page loads of the embed (`dist/embed/`), read from the built files: the loader (`voiceos.js`,
 * loaded by the script tag), the widget chunk it imports on idle (`chunks/app-*.js`, found in the loader's
 * code) with its static-import closure, and every other chunk (loaded on the mic press). Shared by the budget
 * test (tests/e2e/budget.spec.ts) and `npm run bench` (bench/embed.bench.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { gzipSize, staticImports, type Chunk } from './bundle'

/** Sizes of one embed build. */
export interface EmbedSizes {
  loader: Chunk
  /** The widget chunk and its static imports, each once. */
  widget: { chunks: Chunk[]; gzip: number }
  /** Every other chunk: only ever loaded on the mic press (session, executor, engine, daily-js, supabase-js). */
  onPress: { chunks: Chunk[]; gzip: number }
}

const chunkOf = (dir: string, file: string, via: Chunk['via']): Chunk => {
  const code = readFileSync(join(dir, file))
  return { file, raw: code.length, gzip: gzipSize(code), via }
}

/** Measures `dir` (e.g. `dist/embed`). Throws when the loader names no widget chunk. */
export function embedSizes(dir: string): EmbedSizes {
  const loader = chunkOf(dir, 'voiceos.js', 'entry')
  const app = /["'`]\.\/(chunks\/app-[\w-]+\.js)["'`]/.exec(readFileSync(join(dir, 'voiceos.js'), 'utf8'))?.[1]
  if (!app) throw new Error(`${dir}/voiceos.js names no widget chunk (chunks/app-*.js)`)
  const seen = new Map<string, Chunk>()
  const visit = (file: string, via: Chunk['via']) => {
    if (seen.has(file)) return
    const c = chunkOf(dir, file, via)
    seen.set(file, c)
    for (const spec of staticImports(readFileSync(join(dir, file), 'utf8')))
      visit(posix.join(posix.dirname(file), spec), 'import')
  }
  visit(app, 'entry')
  const widget = [...seen.values()]
  const rest = readdirSync(join(dir, 'chunks'))
    .map((f) => `chunks/${f}`)
    .filter((f) => f.endsWith('.js') && !seen.has(f))
    .map((f) => chunkOf(dir, f, 'import'))
  const sum = (cs: Chunk[]) => cs.reduce((n, c) => n + c.gzip, 0)
  return { loader, widget: { chunks: widget, gzip: sum(widget) }, onPress: { chunks: rest, gzip: sum(rest) } }
}
