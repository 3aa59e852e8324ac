import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * `vite preview` for a pre-rendered site (`npx vite preview`; `npm start` uses scripts/serve.ts): `/pricing` → `dist/pricing.html`, `/hi` → `dist/hi.html`,
 * and any other HTML request → `404.html` (or `<lng>/404.html`) with status 404, instead of the SPA fallback
 * that would hydrate the wrong page. Assets fall through to Vite's static server.
 */
export function prerenderedPreview(languages: readonly string[]): Plugin {
  return {
    name: 'prerendered-preview',
    configurePreviewServer(server) {
      const outDir = server.config.build.outDir
      const root = join(server.config.root, outDir)
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next()
        const url = new URL(req.url ?? '/', 'http://localhost')
        const path = decodeURIComponent(url.pathname)
        const accept = String(req.headers.accept ?? '')
        const looksLikePage = !/\.[a-z0-9]+$/i.test(path) || path.endsWith('.html')
        if (!looksLikePage || (!accept.includes('text/html') && !accept.includes('*/*') && accept !== '')) return next()
        const clean = path.replace(/\/+$/, '') || '/'
        const candidates = clean === '/' ? ['index.html'] : [`${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`, clean.slice(1)]
        for (const c of candidates) {
          const file = join(root, c)
          if (c.endsWith('.html') && file.startsWith(root) && existsSync(file)) {
            res.statusCode = 200
            res.setHeader('Content-Type', 'text/html; charset=utf-8')
            res.end(readFileSync(file))
            return
          }
        }
        const lng = languages.find((l) => clean === `/${l}` || clean.startsWith(`/${l}/`))
        const notFound = lng && existsSync(join(root, lng, '404.html')) ? join(root, lng, '404.html') : join(root, '404.html')
        res.statusCode = 404
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.end(existsSync(notFound) ? readFileSync(notFound) : 'Not found')
      })
    },
  }
}
