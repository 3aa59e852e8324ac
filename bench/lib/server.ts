/**
 * A small static server for the bench, the same for both builds so the comparison is fair: gzip for text
 * (as any production host does), and either
 * - `prerendered`: `/pricing` → `pricing.html`, unknown → `404.html` with status 404, and the headers of
 *   `dist/_headers` (security headers + per-route CSP) applied as a host would, or
 * - `spa`: unknown paths → `index.html` with status 200 (the client-only site's fallback).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

/** Parses Netlify/Cloudflare `_headers`: a path line, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): Array<{ path: string; headers: Record<string, string> }> {
  const blocks: Array<{ path: string; headers: Record<string, string> }> = []
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

const matches = (pattern: string, path: string) =>
  pattern === path || (pattern.endsWith('/*') && path.startsWith(pattern.slice(0, -1)))

export interface StaticServer {
  url: string
  close(): Promise<void>
}

/** Serves `root` on 127.0.0.1 at a free port. */
export async function serveStatic(root: string, mode: 'prerendered' | 'spa'): Promise<StaticServer> {
  const headerRules = existsSync(join(root, '_headers')) ? parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8')) : []
  const cache = new Map<string, { body: Buffer; gz: Buffer | null }>()
  const load = (file: string) => {
    let hit = cache.get(file)
    if (!hit) {
      const body = readFileSync(file)
      const type = TYPES[extname(file)] ?? ''
      const text = /text|javascript|json|svg|xml/.test(type)
      hit = { body, gz: text && body.length > 1024 ? gzipSync(body, { level: 6 }) : null }
      cache.set(file, hit)
    }
    return hit
  }
  const isFile = (p: string) => existsSync(p) && statSync(p).isFile()

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = normalize(decodeURIComponent(url.pathname)).replace(/\\/g, '/')
    let file = join(root, path)
    let status = 200
    let route = path
    if (!file.startsWith(root)) file = join(root, '404.html')
    if (!isFile(file)) {
      const clean = path.replace(/\/+$/, '') || '/'
      const candidates = clean === '/' ? ['index.html'] : [`${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`]
      const page = mode === 'prerendered' ? candidates.map((c) => join(root, c)).find(isFile) : undefined
      const looksLikeAsset = /\.[a-z0-9]+$/i.test(clean)
      if (page) file = page
      else if (mode === 'spa' && !looksLikeAsset) file = join(root, 'index.html')
      else {
        status = 404
        file = join(root, mode === 'prerendered' && !looksLikeAsset ? '404.html' : '')
        route = '/404'
      }
      if (page) route = clean
    }
    if (!isFile(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
      return
    }
    const { body, gz } = load(file)
    const headers: Record<string, string> = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', Vary: 'Accept-Encoding' }
    headers['Cache-Control'] = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    for (const rule of headerRules) if (matches(rule.path, route)) Object.assign(headers, rule.headers)
    if (!file.endsWith('.html')) delete headers['Content-Security-Policy']
    const useGzip = gz && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    if (useGzip) headers['Content-Encoding'] = 'gzip'
    const out = useGzip ? gz : body
    headers['Content-Length'] = String(out.length)
    res.writeHead(status, headers)
    res.end(req.method === 'HEAD' ? undefined : out)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
