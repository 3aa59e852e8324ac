/**
 * A real Node HTTP server on 127.0.0.1 serving a folder: one origin of the embed's end-to-end tests (the
 * embed's own origin serving `dist-e2e/embed/`, or a third-party host page). Every response can carry extra
 * headers (CORS for the embed, a strict CSP for a host page); HTML may use `%NAME%` placeholders (`vars`) and
 * can have a snippet injected into its head (a page that does not know the embed gets its script tag). Records every request path, so tests can say what a page fetched and when.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
}

/** Options of {@link startStaticOrigin}. */
export interface StaticOriginOptions {
  /** Port on 127.0.0.1; 0 picks a free one (read it from `origin`). */
  port: number
  /** Folder served at `/`. */
  root: string
  /** Extra response headers for a path (e.g. CORS, CSP). @default none */
  headers?: (path: string) => Record<string, string>
  /** `%NAME%` → value in served HTML. @default {} */
  vars?: Record<string, string>
  /** HTML inserted before `</head>` of the page at a path (e.g. the embed's script tag); '' for none. @default none */
  inject?: (path: string) => string
  /** gzip text responses (HTML, JS, CSS, JSON) when the request accepts it, as a production host does. @default false */
  gzip?: boolean
}

/** A running origin. */
export interface StaticOrigin {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Paths requested so far, oldest first (query strings kept). */
  requests: string[]
  close(): Promise<void>
}

/** Starts a static origin; resolves once it listens. */
export async function startStaticOrigin({
  port,
  root,
  headers = () => ({}),
  vars = {},
  inject = () => '',
  gzip = false,
}: StaticOriginOptions): Promise<StaticOrigin> {
  const base = resolve(root)
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/'
    requests.push(url)
    const path = decodeURIComponent(url.split('?')[0] ?? '/')
    const file = normalize(join(base, path === '/' ? 'index.html' : path))
    const extra = headers(path)
    if (req.method === 'OPTIONS') {
      res.writeHead(204, extra).end()
      return
    }
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain', ...extra }).end('not found')
      return
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    let body: Buffer | string = readFileSync(file)
    if (type.startsWith('text/html')) {
      const html = body.toString('utf8').replace(/%([A-Z_]+)%/g, (m, name: string) => vars[name] ?? m)
      const snippet = inject(path)
      body = snippet ? html.replace(/<\/head>/i, `${snippet}</head>`) : html
    }
    const compress =
      gzip && /^(text\/|application\/json)/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    if (compress) body = gzipSync(body, { level: 9 })
    res
      .writeHead(200, {
        'content-type': type,
        'cache-control': 'no-store',
        ...(compress && { 'content-encoding': 'gzip', vary: 'accept-encoding' }),
        ...extra,
      })
      .end(body)
  })
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => ok())
  })
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}
