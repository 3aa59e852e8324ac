import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { securityHeaders, withCspMeta, type CspSources } from './csp.ts'

/** Every `.html` file under `dir`, recursively. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) return htmlFiles(p)
    return f.endsWith('.html') ? [p] : []
  })
}

/**
 * Moves the Emotion critical `<style data-emotion>` that vite-react-ssg puts straight after `<head>` to
 * after `<meta charset>` and the viewport meta, so the charset stays in the first 1024 bytes (Lighthouse).
 */
export function placeStyleAfterCharset(html: string): string {
  const m = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/.exec(html)
  if (!m) return html
  const without = html.slice(0, m.index) + html.slice(m.index + m[0].length)
  const anchor = /<meta name="viewport"[^>]*>/.exec(without) ?? /<meta charset="[^"]*"\s*\/?>/i.exec(without)
  if (!anchor) return html
  const at = anchor.index + anchor[0].length
  return without.slice(0, at) + m[0] + without.slice(at)
}

/** sitemap.xml for the given absolute page URLs. */
export function sitemap(urls: string[]): string {
  const body = urls.map((u) => `  <url><loc>${u}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
}

/**
 * Post-processes the pre-rendered pages in `dir`: style after charset, a per-page CSP meta (hashes of its
 * own inline scripts), and writes `_headers` (security headers + each page's CSP), sitemap.xml, robots.txt.
 */
export function postBuild(
  dir: string,
  siteUrl: string,
  pagePaths: readonly string[],
  langPrefixes: readonly string[],
  csp: CspSources,
): void {
  const headers: string[] = ['/*', ...Object.entries(securityHeaders).map(([k, v]) => `  ${k}: ${v}`), '']
  for (const file of htmlFiles(dir)) {
    const { html, policy } = withCspMeta(placeStyleAfterCharset(readFileSync(file, 'utf8')), csp)
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
}
