/**
 * The production-like static server of the built site: `npm start`, `npm run preview`, the Playwright
 * webServers and the benches serve `dist/` (or another build folder) through it, the way the hosts named in
 * the README serve it:
 *
 * - files come from `sirv` (https://github.com/lukeed/sirv): the precompressed `.br` / `.gz` siblings written
 *   at build time (scripts/precompress.ts) when the browser accepts them, ETags, `Vary: Accept-Encoding`;
 * - clean URLs: `/pricing` → `pricing.html`, `/hi` and `/hi/` → `hi.html`;
 * - an unknown path gets the nearest `404.html` (`/hi/…` → `hi/404.html`, else `404.html`) with status 404;
 *   an unknown asset (a path with a file extension) gets a plain 404;
 * - response headers from the build's `_headers` file (Netlify / Cloudflare Pages format: security headers,
 *   each page's Content-Security-Policy, `Cache-Control: immutable` for the hashed `/assets/*`), as those
 *   hosts apply it; anything `_headers` does not cover is revalidated (`Cache-Control: no-cache`).
 * - `spa` mode (the bench's client-only build): unknown page paths get `index.html` with status 200.
 *
 * The folder is generic: a second build output inside it (e.g. `dist/embed/`) is served, compressed and
 * cached the same way. CLI: `node --import tsx scripts/serve.ts [--dir dist] [--port 4173] [--host 127.0.0.1] [--spa]`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import sirv from 'sirv'
import { precompress } from './precompress.ts'

/** One block of a `_headers` file: a path pattern and the headers it sets. */
export interface HeaderRule {
  /** `/pricing`, or a prefix pattern ending in `/*` (`/assets/*`, `/*`). */
  path: string
  headers: Record<string, string>
}

/** Parses Netlify/Cloudflare `_headers`: a path line, then indented `Name: value` lines; `#` starts a comment. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const blocks: HeaderRule[] = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) blocks.push({ path: line.trim(), headers: {} })
    else {
      const i = line.indexOf(':')
      const block = blocks.at(-1)
      if (block && i > 0) block.headers[line.slice(0, i).trim()] = line.slice(i + 1).trim()
    }
  }
  return blocks
}

/** Whether a `_headers` path pattern matches a request path (exact, or a `/*` prefix; `/x` also matches `/x/`). */
export function headerRuleMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) return path.startsWith(pattern.slice(0, -1))
  return pattern === path || `${pattern}/` === path
}

/** Options of {@link serveSite}. */
export interface ServeOptions {
  /** Build folder to serve. */
  root: string
  /** `prerendered` (404 pages) or `spa` (unknown pages → `index.html`, 200). @default 'prerendered' */
  mode?: 'prerendered' | 'spa'
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string
}

/** A running server: its base URL (no trailing slash) and how to stop it. */
export interface SiteServer {
  url: string
  close(): Promise<void>
}

/** True for a path that names a file (`/assets/app-x.js`, `/robots.txt`) rather than a page. */
const looksLikeAsset = (path: string) => /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')

/**
 * Builds the request handler for `root` (see the module doc). Compresses (once) any text file of `root` that
 * has no up-to-date `.br`/`.gz` yet, e.g. the output of a build chained after the site's.
 * @throws Error when `root` has no `index.html`.
 */
export function siteHandler(
  root: string,
  mode: 'prerendered' | 'spa' = 'prerendered',
): (req: IncomingMessage, res: ServerResponse) => void {
  const dir = resolve(root)
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`${dir} has no index.html: build the site first (npm run build)`)
  precompress(dir)
  const rules = existsSync(join(dir, '_headers')) ? parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8')) : []
  /** `_headers` rules for a route; a CSP applies to documents only. */
  const applyHeaders = (res: ServerResponse, route: string, document: boolean) => {
    res.setHeader('Cache-Control', 'no-cache')
    for (const rule of rules) {
      if (!headerRuleMatches(rule.path, route)) continue
      for (const [name, value] of Object.entries(rule.headers)) {
        if (!document && name.toLowerCase() === 'content-security-policy') continue
        res.setHeader(name, value)
      }
    }
  }
  const files = sirv(dir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    single: mode === 'spa',
    setHeaders: (res, pathname) =>
      applyHeaders(res, routeOf(pathname), pathname.endsWith('.html') || !looksLikeAsset(pathname)),
  })
  const notFoundPages = sirv(dir, { dev: false, brotli: true, gzip: true, extensions: [] })

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    const path = decodeURIComponentSafe(new URL(req.url ?? '/', 'http://localhost').pathname)
    // Host configuration files are read by the host, never served (as on Netlify and Cloudflare Pages).
    const hostFile = /^\/_(headers|redirects)$/.test(path)
    const serve = hostFile ? (_req: IncomingMessage, _res: ServerResponse, next: () => void) => next() : files
    serve(req, res, () => {
      if (looksLikeAsset(path) || hostFile) {
        res
          .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end('Not found')
        return
      }
      const first = /^\/([^/]+)\//.exec(`${path.replace(/\/+$/, '')}/`)?.[1]
      const page = first && existsSync(join(dir, first, '404.html')) ? `/${first}/404.html` : '/404.html'
      if (!existsSync(join(dir, page))) {
        res
          .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end('Not found')
        return
      }
      // sirv always answers 200; the page must go out as a 404, and never as a 304 of some earlier 404.
      const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse
      ;(res as { writeHead: (status: number, ...rest: unknown[]) => ServerResponse }).writeHead = (_status, ...rest) =>
        writeHead(404, ...rest)
      applyHeaders(res, routeOf(page), true)
      delete req.headers['if-none-match']
      req.url = page
      notFoundPages(req, res, () => {
        res.writeHead(404).end('Not found')
      })
    })
  }
}

/** `_headers` route of a served path: `/pricing.html` and `/pricing/` → `/pricing`, `/index.html` → `/`. */
function routeOf(pathname: string): string {
  let route = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '')
  if (route.length > 1) route = route.replace(/\/+$/, '')
  return route || '/'
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** Starts the server (see the module doc); resolves once it listens. */
export async function serveSite({
  root,
  mode = 'prerendered',
  port = 0,
  host = '127.0.0.1',
}: ServeOptions): Promise<SiteServer> {
  const server: Server = createServer(siteHandler(root, mode))
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, ok)
  })
  const { port: actual } = server.address() as AddressInfo
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    close: () =>
      new Promise((ok) => {
        server.close(() => ok())
        server.closeAllConnections()
      }),
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`)
    return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  }
  const server = await serveSite({
    root: flag('dir') ?? 'dist',
    mode: args.includes('--spa') ? 'spa' : 'prerendered',
    port: Number(flag('port') ?? 4173),
    host: flag('host') ?? '127.0.0.1',
  })
  console.log(`serving ${flag('dir') ?? 'dist'} on ${server.url}/ (brotli/gzip, _headers, 404 pages)`)
  const stop = () => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
