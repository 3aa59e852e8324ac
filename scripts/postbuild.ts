import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, relative, sep } from 'node:path'
import { pageScripts, staticImports } from './chunks.ts'
import { securityHeaders, withCspMeta, type CspSources } from './csp.ts'
import { trimPageCss } from './pageCss.ts'
import { precompress } from './precompress.ts'
import { PREFETCH_TEMPLATE_ID } from '../src/app/prefetch.ts'

/** Every `.html` file under `dir`, recursively. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) return htmlFiles(p)
    return f.endsWith('.html') ? [p] : []
  })
}

/**
 * Moves the critical `<style data-ssr-…>` tags (src/ssr/emotionCollector.tsx) that vite-react-ssg puts straight after `<head>` to
 * after `<meta charset>` and the viewport meta, so the charset stays in the first 1024 bytes (Lighthouse).
 * Their order is kept (the layer-order rule comes first).
 */
export function placeStyleAfterCharset(html: string): string {
  const m = /(?:<style data-ssr-[^>]*>[\s\S]*?<\/style>)+/.exec(html)
  if (!m) return html
  const without = html.slice(0, m.index) + html.slice(m.index + m[0].length)
  const anchor = /<meta name="viewport"[^>]*>/.exec(without) ?? /<meta charset="[^"]*"\s*\/?>/i.exec(without)
  if (!anchor) return html
  const at = anchor.index + anchor[0].length
  return without.slice(0, at) + m[0] + without.slice(at)
}

export { PREFETCH_TEMPLATE_ID }

/** Route component chunks (lazy routes of src/app/routes.tsx), by file-name prefix. */
const PAGE_CHUNK = /^assets\/(Home|Pricing|Feedback|Waitlist)-[\w-]+\.js$/
/** The app's chunk (src/main.tsx), which the browser entry (src/boot.ts) imports at the visitor's first intent. */
const APP_CHUNK = /^assets\/main-[\w-]+\.js$/
/** react-dom/client, which vite-react-ssg imports with `import()` right before it hydrates. */
const CLIENT_CHUNK = /^assets\/client-[\w-]+\.js$/

/** The page chunk (src/app/routes.tsx) a pre-rendered route renders: `/` and `/hi` → Home, `/pricing` → Pricing…; none for 404. */
export function pageChunkName(route: string): string | null {
  const path = route.replace(/^\/(hi)(?=\/|$)/, '') || '/'
  const names: Record<string, string> = {
    '/': 'Home',
    '/pricing': 'Pricing',
    '/feedback': 'Feedback',
    '/waitlist': 'Waitlist',
  }
  return names[path] ?? null
}

/**
 * The scripts of a pre-rendered page, as the browser should get them. vite-react-ssg preloads every chunk
 * reachable from a rendered module (other routes, other languages' copy, deferred overlays, the voice engine)
 * with `<link rel="modulepreload">`, which also compiles them on the main thread. Here:
 * - the entry `<script type="module">` (src/boot.ts: intro, voice widget, hydration on intent) stays;
 * - what hydration needs — the static-import closure of the app chunk, of the route's page chunk (`page`, see
 *   {@link pageChunkName}) and of react-dom/client — is listed as `<link rel="prefetch">` in an inert
 *   `<template id="app-prefetch">`: src/boot.ts fetches them into the HTTP cache once the page is idle (not
 *   compiled, and not inserted as links, whose insertion alone cost ~40 ms of main thread on a phone-class CPU),
 *   so that the first intent hydrates without waiting for the network;
 * - every other preload goes: those chunks load when needed.
 */
export function trimModulePreloads(html: string, dir: string, page: string | null = null): string {
  const links = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"[^>]*>/g)]
  if (links.length === 0) return html
  const { entries, preloads } = pageScripts(html)
  const code = (file: string) => {
    try {
      return readFileSync(join(dir, file), 'utf8')
    } catch {
      return ''
    }
  }
  const closure = (starts: string[], into = new Set<string>()) => {
    const visit = (file: string) => {
      if (into.has(file)) return
      into.add(file)
      for (const dep of staticImports(code(file))) visit(posix.join(posix.dirname(file), dep))
    }
    starts.forEach(visit)
    return into
  }
  const atLoad = closure(entries)
  const entryImports = entries.flatMap((e) =>
    [...code(e).matchAll(/import\(["'`]\.\/([\w-]+\.js)["'`]\)/g)].map((m) => posix.join(posix.dirname(e), m[1]!)),
  )
  const pageChunk = page ? preloads.filter((f) => f.startsWith(`assets/${page}-`) && PAGE_CHUNK.test(f)) : []
  const app = [...entryImports.filter((f) => APP_CHUNK.test(f)), ...preloads.filter((f) => APP_CHUNK.test(f))]
  const client = [...preloads, ...entryImports].filter((f) => CLIENT_CHUNK.test(f))
  const forHydration = [
    ...closure([...app, ...pageChunk]),
    ...closure(client.length ? client : clientChunkOf(dir)),
  ].filter((f) => !atLoad.has(f))
  let out = html
  for (const m of links) out = out.replace(m[0], '')
  const prefetch = [...new Set(forHydration)]
    .map((f) => `<link rel="prefetch" as="script" crossorigin="" href="/${f}">`)
    .join('')
  const at = out.lastIndexOf('</body>')
  return at < 0
    ? out
    : `${out.slice(0, at)}<template id="${PREFETCH_TEMPLATE_ID}">${prefetch}</template>${out.slice(at)}`
}

/** The react-dom/client chunk of a build (`assets/client-*.js`), found by name. */
function clientChunkOf(dir: string): string[] {
  try {
    return readdirSync(join(dir, 'assets'))
      .map((f) => `assets/${f}`)
      .filter((f) => CLIENT_CHUNK.test(f))
  } catch {
    return []
  }
}

/** Id of the `<template>` that holds a page's module scripts until its first paint (see {@link deferBootUntilPainted}). */
export const BOOT_TEMPLATE_ID = 'boot-modules'

/**
 * Starts the page's JavaScript only after its first paint. The pre-rendered page is complete without
 * JavaScript, but Chromium fetches `<script type="module" async>` and `<link rel="modulepreload">` at High
 * priority from the start, and on a slow phone evaluating them (React, Chakra's system) runs before the first
 * paint. Lighthouse's simulation then puts every one of them in front of FCP and LCP (lantern
 * `FirstContentfulPaint` / `LargestContentfulPaint`: a script that finished loading before the paint counts as
 * blocking it).
 *
 * The module tags move, unchanged, into an inert `<template id="boot-modules">` at the end of `<body>`, followed
 * by a small inline script that inserts them once the browser reports the first contentful paint (Paint
 * Timing; where that is not supported, two animation frames later), at once when the page is hidden (nothing
 * is painted then), and at the latest after 3 s.
 * Build-output readers (scripts/chunks.ts `pageScripts`, the CSP hashes) see the same tags as before.
 * `SITE_BOOT=eager` at build time keeps the tags where they were (to measure the difference).
 */
export function deferBootUntilPainted(html: string): string {
  if (process.env.SITE_BOOT === 'eager') return html
  const tags = [...html.matchAll(/<link rel="modulepreload"[^>]*>|<script type="module"[^>]*><\/script>/g)].map(
    (m) => m[0],
  )
  if (tags.length === 0 || !html.includes('</body>')) return html
  let out = html
  for (const tag of tags) out = out.replace(tag, '')
  // Preloads first, so their fetches start with the entry's.
  const ordered = [...tags.filter((t) => t.startsWith('<link')), ...tags.filter((t) => t.startsWith('<script'))]
  const boot =
    `(function(){var d=document,done=0;function boot(){if(done)return;done=1;d.head.appendChild(d.importNode(d.getElementById('${BOOT_TEMPLATE_ID}').content,true))}` +
    `function later(){setTimeout(boot,0)}if(d.visibilityState==='hidden')boot();` +
    `else if((PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0)new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)later()}).observe({type:'paint',buffered:true});` +
    `else requestAnimationFrame(function(){requestAnimationFrame(later)});setTimeout(boot,3000)})()`
  const block = `<template id="${BOOT_TEMPLATE_ID}">${ordered.join('')}</template><script>${boot}</script>`
  const at = out.lastIndexOf('</body>')
  return out.slice(0, at) + block + out.slice(at)
}

/** sitemap.xml for the given absolute page URLs. */
export function sitemap(urls: string[]): string {
  const body = urls.map((u) => `  <url><loc>${u}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
}

/** `_headers` block for the hashed build output: file names change with content, so browsers keep them a year. */
export const IMMUTABLE_ASSETS_RULE = ['/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '']
/**
 * `_headers` block for the site search index's shards: their folder is named by the build's content hash
 * (src/voice/search/terms.ts), so they are kept a year too; the manifest that names the folder is not.
 */
export const IMMUTABLE_SHARDS_RULE = ['/site-index/t/*', '  Cache-Control: public, max-age=31536000, immutable', '']

/**
 * Drops each `<link rel="expect" href="#id" blocking="render">` whose target is not on the page. The template
 * (index.html) asks the browser to hold the first paint until the section after the hero is parsed, so the
 * hero's icons never paint from a half-parsed document and then move (a layout shift before hydration; HTML's
 * "render-blocking" `expect` link). A page without that section would only wait for the whole document, so the
 * link is removed there: it costs bytes and does nothing.
 * @param html a rendered page.
 * @returns the page without expect links that point at an id it does not have.
 */
export function dropUnmetRenderExpectations(html: string): string {
  return html.replace(/<link rel="expect" href="#([^"]+)"[^>]*>\s*/g, (link, id: string) =>
    html.includes(`id="${id}"`) ? link : '',
  )
}

/**
 * Post-processes the pre-rendered pages in `dir`: style after charset, only the modulepreloads hydration
 * needs, started after the first paint (deferBootUntilPainted), inline CSS cut to what the page uses (scripts/pageCss.ts; writes the full global CSS as an asset), a
 * per-page CSP meta (hashes of its own inline scripts); writes `_headers` (security headers, immutable caching
 * of `/assets/*`, each page's CSP), sitemap.xml, robots.txt; and finally the brotli and gzip siblings of every
 * text file (scripts/precompress.ts) for the static server.
 */
export async function postBuild(
  dir: string,
  siteUrl: string,
  pagePaths: readonly string[],
  langPrefixes: readonly string[],
  csp: CspSources,
): Promise<void> {
  const headers: string[] = [
    '/*',
    ...Object.entries(securityHeaders).map(([k, v]) => `  ${k}: ${v}`),
    '',
    ...IMMUTABLE_ASSETS_RULE,
    ...IMMUTABLE_SHARDS_RULE,
  ]
  for (const file of htmlFiles(dir)) {
    const rel = relative(dir, file).split(sep).join('/')
    const route = rel === 'index.html' ? '/' : `/${rel.replace(/(\/index)?\.html$/, '')}`
    const pre = deferBootUntilPainted(
      trimModulePreloads(
        dropUnmetRenderExpectations(placeStyleAfterCharset(readFileSync(file, 'utf8'))),
        dir,
        pageChunkName(route),
      ),
    )
    const { html: page, fullGlobal } = await trimPageCss(pre)
    if (fullGlobal) {
      const target = join(dir, fullGlobal.href)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, fullGlobal.css)
    }
    const { html, policy } = withCspMeta(page, csp)
    writeFileSync(file, html)
    headers.push(route, `  Content-Security-Policy: ${policy}`, '')
  }
  writeFileSync(join(dir, '_headers'), headers.join('\n'))
  const urls = langPrefixes.flatMap((prefix) =>
    pagePaths.map((p) => `${siteUrl}${prefix}${p === '/' && prefix ? '' : p}`),
  )
  writeFileSync(join(dir, 'sitemap.xml'), sitemap(urls))
  writeFileSync(join(dir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`)
  precompress(dir)
}
