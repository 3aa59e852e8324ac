/**
 * What a built page loads before any interaction, from the files alone (deterministic): the entry
 * `<script type="module" src>`, every `<link rel="modulepreload">`, and the static-import closure of those
 * chunks. Dynamic `import()` is NOT followed (that is what keeps on-click code off the page). With
 * `withHydration`, also the chunks the page prefetches at idle for its hydration at the visitor's first intent
 * (`<template id="app-prefetch">`, scripts/postbuild.ts) and their static imports: what the app needs before it
 * reacts to that first intent.
 * Used by tests/e2e/budget.spec.ts (enforcement) and bench/site.bench.ts (report).
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { pageScripts, staticImports } from '../../scripts/chunks.ts'
import { scriptHash } from '../../scripts/csp.ts'

export { pageScripts, staticImports }

/** gzip size (zlib level 9) of a buffer or string. */
export const gzipSize = (data: string | Buffer): number => gzipSync(data, { level: 9 }).length

/** brotli size (quality 11, as scripts/precompress.ts writes it for the server) of a buffer or string. */
export const brotliSize = (data: string | Buffer): number =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length

/**
 * vite-react-ssg's per-build id: `Math.random().toString(36).substring(2, 12)`, written into every page as
 * `<script>window.__VITE_REACT_SSG_HASH__ = '…'</script>` (it names the static-loader-data manifest), so two builds
 * of the same sources differ in it and in its script's CSP hash (scripts/csp.ts): up to ~40 bytes of a page's
 * brotli size (/waitlist: 11,140–11,178 over six builds of one commit).
 */
const SSG_BUILD_ID = /window\.__VITE_REACT_SSG_HASH__ = '([0-9a-z]*)'/

/**
 * A page's HTML with the build's random id ({@link SSG_BUILD_ID}) replaced by a fixed one of its usual length, and
 * the CSP hash of its script by that script's new hash: the same sources always measure the same, within a few
 * bytes of what a given build serves. Pages without the id are returned as they are.
 */
export function withFixedBuildId(html: string): string {
  const id = SSG_BUILD_ID.exec(html)?.[1]
  if (id === undefined) return html
  const script = (value: string) => `window.__VITE_REACT_SSG_HASH__ = '${value}'`
  const fixed = 'k3v9q0x7m2' // ten characters, as the id has but for one build in ~36
  return html.replace(scriptHash(script(id)), scriptHash(script(fixed))).replace(script(id), script(fixed))
}

/**
 * A built file name's content hash, as Vite writes it (`assets/Feedback-K91Ysdax.js`: the name, `-`, 8 base-64-url
 * characters, the extension).
 */
const ASSET_HASH = /(?<=assets\/([\w.-]+?)-)[\w-]{8}(?=\.(?:js|css)\b)/g

/**
 * A page's HTML with each asset's content hash replaced by a stand-in of the same length drawn from the asset's name
 * (the first 8 base-64-url characters of its SHA-256; of `name#n` for the name's n-th other asset, in the order the
 * page names them), as random as a hash is. A page names 20–35 hashed chunks, and
 * which characters a build's hashes happen to have moves the page's brotli size by up to ±40 bytes whatever the
 * change (measured: 60 random draws for `/hi/feedback`, 11,628–11,705 bytes), while the stand-ins change only when
 * an asset's name does. The length and the randomness of what is served are kept.
 */
export function withFixedAssetHashes(html: string): string {
  /** Each hash's stand-in; a name's second asset (two `dist-….js` chunks) draws from `dist#1`, so it differs too. */
  const standIns = new Map<string, string>()
  const drawn = new Map<string, number>()
  return html.replace(ASSET_HASH, (hash: string, name: string) => {
    let standIn = standIns.get(hash)
    if (standIn === undefined) {
      const nth = drawn.get(name) ?? 0
      drawn.set(name, nth + 1)
      const seed = nth === 0 ? name : `${name}#${nth}`
      standIns.set(hash, (standIn = createHash('sha256').update(seed).digest('base64url').slice(0, 8)))
    }
    return standIn
  })
}

/**
 * Bytes of one built HTML page, as served: as built, gzip (level 9) and brotli (quality 11), with the build's
 * random id and its assets' content hashes fixed ({@link withFixedBuildId}, {@link withFixedAssetHashes}) so that a
 * budget compares pages, not builds.
 */
export function htmlBytes(distDir: string, htmlFile: string): { raw: number; gzip: number; brotli: number } {
  const html = Buffer.from(withFixedAssetHashes(withFixedBuildId(readFileSync(join(distDir, htmlFile), 'utf8'))))
  return { raw: html.length, gzip: gzipSize(html), brotli: brotliSize(html) }
}

/** One JS chunk of a page's initial load. */
export interface Chunk {
  /** Path relative to the dist root, POSIX separators, e.g. `assets/app-abc.js`. */
  file: string
  raw: number
  gzip: number
  /** Why it is loaded: the entry script, a modulepreload, a prefetch for hydration, or a static import of another chunk. */
  via: 'entry' | 'modulepreload' | 'prefetch' | 'import'
}

/** The static initial JS of one HTML page of `distDir` (see module doc), each chunk once, in load order. `withHydration` @default false */
export function initialJs(
  distDir: string,
  htmlFile: string,
  { withHydration = false } = {},
): { chunks: Chunk[]; raw: number; gzip: number } {
  const html = readFileSync(join(distDir, htmlFile), 'utf8')
  const { entries, preloads, prefetches } = pageScripts(html)
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
  if (withHydration) for (const p of prefetches) visit(p, 'prefetch')
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

/**
 * The pre-rendered site pages of a build (paths relative to `dir`): every HTML file but vite-react-ssg's loader
 * data and the embed's demo page (`embed/demo.html`, a host page with its own checks in tests/e2e/embed.spec.ts).
 */
export const sitePages = (dir: string): string[] =>
  htmlPages(dir).filter((f) => !f.startsWith('static-loader-data') && !f.startsWith('embed/'))

/** URL path a pre-rendered page answers (`index.html` → `/`, `hi/pricing.html` → `/hi/pricing`). */
export function routeOf(htmlFile: string): string {
  if (htmlFile === 'index.html') return '/'
  return `/${htmlFile.replace(/(\/index)?\.html$/, '')}`
}

/** Formats bytes as KB with one decimal (1 KB = 1000 B). */
export const kb = (n: number): string => `${(n / 1000).toFixed(1)} KB`
