/**
 * What a built page loads before any interaction, from the files alone (deterministic): the entry
 * `<script type="module" src>`, every `<link rel="modulepreload">`, and the static-import closure of those
 * chunks. Dynamic `import()` is NOT followed (that is what keeps on-click code off the page).
 * Used by tests/e2e/budget.spec.ts (enforcement) and bench/site.bench.ts (report).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

/** gzip size (zlib level 9) of a buffer or string. */
export const gzipSize = (data: string | Buffer): number => gzipSync(data, { level: 9 }).length

/** One JS chunk of a page's initial load. */
export interface Chunk {
  /** Path relative to the dist root, POSIX separators, e.g. `assets/app-abc.js`. */
  file: string
  raw: number
  gzip: number
  /** Why it is loaded: the entry script, a modulepreload, or a static import of another chunk. */
  via: 'entry' | 'modulepreload' | 'import'
}

/** The static (non-`import()`) relative imports of a minified ES module chunk, as written (`./x.js`). */
export function staticImports(code: string): string[] {
  const out = new Set<string>()
  const patterns = [
    // import x from"./a.js" · import{a as b}from"./a.js" · import*as n from"./a.js" · import x,{y}from"./a.js"
    /(?<![\w$.])import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+|\{[\w$\s,]*\})?\s*from\s*(["'])(\.{1,2}\/[^"']+)\1/g,
    // import"./a.js"  (side effect)
    /(?<![\w$.])import\s*(["'])(\.{1,2}\/[^"']+)\1/g,
    // export*from"./a.js" · export{a}from"./a.js" · export*as n from"./a.js"
    /(?<![\w$.])export\s*(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[\w$\s,]*\}\s*)from\s*(["'])(\.{1,2}\/[^"']+)\1/g,
  ]
  for (const re of patterns) for (const m of code.matchAll(re)) out.add(m[2] as string)
  return [...out]
}

/** `src` of the page's module entry scripts and `href` of its modulepreloads, as dist-relative paths. */
export function pageScripts(html: string): { entries: string[]; preloads: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1]
  const entries: string[] = []
  const preloads: string[] = []
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src')
    if (src && /\stype\s*=\s*"module"/i.test(tag)) entries.push(src)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')
    const href = attr(tag, 'href')
    if (rel && /(^|\s)modulepreload(\s|$)/i.test(rel) && href) preloads.push(href)
  }
  const local = (u: string) => u.replace(/^\/+/, '')
  return { entries: entries.map(local), preloads: preloads.map(local) }
}

/** The static initial JS of one HTML page of `distDir` (see module doc), each chunk once, in load order. */
export function initialJs(distDir: string, htmlFile: string): { chunks: Chunk[]; raw: number; gzip: number } {
  const html = readFileSync(join(distDir, htmlFile), 'utf8')
  const { entries, preloads } = pageScripts(html)
  const seen = new Map<string, Chunk>()
  const visit = (file: string, via: Chunk['via']) => {
    if (seen.has(file)) return
    const abs = join(distDir, file)
    if (!existsSync(abs)) throw new Error(`${htmlFile} loads ${file}, which is not in ${distDir}`)
    const code = readFileSync(abs)
    seen.set(file, { file, raw: code.length, gzip: gzipSize(code), via })
    for (const spec of staticImports(code.toString('utf8'))) visit(posix.join(posix.dirname(file), spec), 'import')
  }
  for (const e of entries) visit(e, 'entry')
  for (const p of preloads) visit(p, 'modulepreload')
  const chunks = [...seen.values()]
  return { chunks, raw: chunks.reduce((n, c) => n + c.raw, 0), gzip: chunks.reduce((n, c) => n + c.gzip, 0) }
}

/** Which marker groups (e.g. `daily-js`) a chunk's code contains, with the marker found. */
export function markersIn(code: string, markers: Record<string, readonly string[]>): string[] {
  return Object.entries(markers).flatMap(([name, list]) => {
    const hit = list.find((m) => code.includes(m))
    return hit ? [`${name} (“${hit}”)`] : []
  })
}

/** Every file under `dir`, recursively, as dist-relative POSIX paths. */
export function allFiles(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? allFiles(p, root) : [relative(root, p).split(sep).join('/')]
  })
}

/** Every `.html` page of a dist, dist-relative. */
export const htmlPages = (dir: string): string[] => allFiles(dir).filter((f) => f.endsWith('.html'))

/** URL path a pre-rendered page answers (`index.html` → `/`, `hi/pricing.html` → `/hi/pricing`). */
export function routeOf(htmlFile: string): string {
  if (htmlFile === 'index.html') return '/'
  return `/${htmlFile.replace(/(\/index)?\.html$/, '')}`
}

/** Formats bytes as KB with one decimal (1 KB = 1000 B). */
export const kb = (n: number): string => `${(n / 1000).toFixed(1)} KB`
