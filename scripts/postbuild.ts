import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, relative, sep } from 'node:path'
import { pageScripts, staticImports } from './chunks.ts'
import { securityHeaders, withCspMeta, type CspSources } from './csp.ts'
import { trimPageCss } from './pageCss.ts'
import { precompress } from './precompress.ts'

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

/** Route component chunks (lazy routes of src/app/routes.tsx), by file-name prefix. */
const PAGE_CHUNK = /^assets\/(Home|Pricing|Feedback|Waitlist)-[\w-]+\.js$/

/**
 * Keeps only the `<link rel="modulepreload">` a page needs to hydrate: the static-import closure of its entry
 * script and of its route's page chunk. vite-react-ssg also preloads every chunk reachable through `import()`
 * from a rendered module (STACK.md): other languages' copy, overlays deferred to idle time, the voice engine.
 * Those load when needed; preloading them only competes with the page for bandwidth.
 */
export function trimModulePreloads(html: string, dir: string): string {
  const links = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"[^>]*>/g)]
  if (links.length === 0) return html
  const { entries, preloads } = pageScripts(html)
  const page = preloads.filter((f) => PAGE_CHUNK.test(f))
  const keep = new Set<string>()
  const visit = (file: string) => {
    if (keep.has(file)) return
    keep.add(file)
    let code = ''
    try {
      code = readFileSync(join(dir, file), 'utf8')
    } catch {
      return
    }
    for (const dep of staticImports(code)) visit(posix.join(posix.dirname(file), dep))
  }
  for (const f of [...entries, ...page]) visit(f)
  let out = html
  for (const m of links) if (!keep.has(m[1]!)) out = out.replace(m[0], '')
  return out
}

/** sitemap.xml for the given absolute page URLs. */
export function sitemap(urls: string[]): string {
  const body = urls.map((u) => `  <url><loc>${u}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
}

/** `_headers` block for the hashed build output: file names change with content, so browsers keep them a year. */
export const IMMUTABLE_ASSETS_RULE = ['/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '']

/**
 * Post-processes the pre-rendered pages in `dir`: style after charset, only the modulepreloads hydration
 * needs, inline CSS cut to what the page uses (scripts/pageCss.ts; writes the full global CSS as an asset), a
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
  const headers: string[] = ['/*', ...Object.entries(securityHeaders).map(([k, v]) => `  ${k}: ${v}`), '', ...IMMUTABLE_ASSETS_RULE]
  for (const file of htmlFiles(dir)) {
    const pre = trimModulePreloads(placeStyleAfterCharset(readFileSync(file, 'utf8')), dir)
    const { html: page, fullGlobal } = await trimPageCss(pre)
    if (fullGlobal) {
      const target = join(dir, fullGlobal.href)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, fullGlobal.css)
    }
    const { html, policy } = withCspMeta(page, csp)
    writeFileSync(file, html)
    const rel = relative(dir, file).split(sep).join('/')
    const route = rel === 'index.html' ? '/' : `/${rel.replace(/\.html$/, '')}`
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
