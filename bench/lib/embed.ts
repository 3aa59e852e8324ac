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

/** What a press in local mode adds to the idle widget, for one language of the widget's copy. */
export interface LocalModeIntent {
  /** BCP 47 language of the in-call copy (`locales/<lang>/voiceCall.json`) and of the grammar table. */
  lang: string
  /** Each chunk once, none of the idle widget's; the command executor (a dynamic import of the session) excluded. */
  chunks: Chunk[]
  gzip: number
}

/**
 * The chunks a press in local mode (README "Voice without a platform account") fetches beyond the idle widget,
 * from the built files, one row per language whose in-call copy the widget has: the local mode's chunk
 * (`chunks/local-*.js`), the session's (`chunks/session-*.js`), the conversation view, each with its static
 * imports, the language's in-call copy and its grammar table (English's where it has none). The command executor
 * loads later, as in a call, and is not counted (its chunk is only ever imported dynamically). Used by the
 * budget test (tests/e2e/budget.spec.ts, `EMBED_BUDGETS.localIntent`) and `npm run bench -- local`.
 * Throws when the build lacks one of those chunks or the maps that name them (the check would be vacuous).
 */
export function localModeAtIntent(dir: string): LocalModeIntent[] {
  const { widget } = embedSizes(dir)
  const idle = new Set(widget.chunks.map((c) => c.file))
  const files = readdirSync(join(dir, 'chunks')).map((f) => `chunks/${f}`)
  const one = (name: string) => {
    const found = files.filter((f) => new RegExp(`^chunks/${name}-[\\w-]+\\.js$`).test(f))
    if (found.length !== 1) throw new Error(`${dir} has ${found.length} chunks named ${name} (expected 1)`)
    return found[0]!
  }
  const read = (f: string) => readFileSync(join(dir, f), 'utf8')
  const app = widget.chunks.find((c) => c.via === 'entry')!.file
  const local = one('local')
  // Vite's lazy glob maps: `"…/locales/en/voiceCall.json":()=>…import(`./voiceCall-….js`)…`
  const mapOf = (code: string, key: RegExp) =>
    new Map(
      [...code.matchAll(new RegExp(`"${key.source}":[^\`]*?import\\(\`\\./([\\w-]+\\.js)\``, 'g'))].map((m) => [
        m[1]!,
        `chunks/${m[2]!}`,
      ]),
    )
  const copies = mapOf(read(app), /[./]*locales\/([\w-]+)\/voiceCall\.json/)
  const grammars = mapOf(read(local), /\.\/grammar\/([\w-]+)\.json/)
  if (!copies.size || !grammars.has('en')) throw new Error(`${dir}: no in-call copy chunks or no English grammar chunk`)
  const closure = (roots: string[]) => {
    const seen = new Map<string, Chunk>()
    const visit = (file: string, via: Chunk['via']) => {
      if (seen.has(file) || idle.has(file)) return
      seen.set(file, chunkOf(dir, file, via))
      for (const spec of staticImports(read(file))) visit(posix.join(posix.dirname(file), spec), 'import')
    }
    for (const r of roots) visit(r, 'entry')
    return [...seen.values()]
  }
  return [...copies].map(([lang, copy]) => {
    const chunks = closure([
      local,
      one('session'),
      one('conversationView'),
      copy,
      grammars.get(lang) ?? grammars.get('en')!,
    ])
    return { lang, chunks, gzip: chunks.reduce((n, c) => n + c.gzip, 0) }
  })
}
