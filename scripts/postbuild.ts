import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

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

/** Post-processes the pre-rendered pages in `dir` and writes sitemap.xml and robots.txt. */
export function postBuild(dir: string, siteUrl: string, pagePaths: readonly string[], langPrefixes: readonly string[]): void {
  for (const file of htmlFiles(dir)) {
    writeFileSync(file, placeStyleAfterCharset(readFileSync(file, 'utf8')))
  }
  const urls = langPrefixes.flatMap((prefix) =>
    pagePaths.map((p) => `${siteUrl}${prefix}${p === '/' && prefix ? '' : p}`),
  )
  writeFileSync(join(dir, 'sitemap.xml'), sitemap(urls))
  writeFileSync(join(dir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`)
  void relative
}
