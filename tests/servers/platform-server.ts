/**
 * A real Node HTTP server on 127.0.0.1 (random port) standing in for the Vapi platform API in tests and the
 * bench. It records every request (method, url, headers, raw body) and answers from a script of replies
 * (status/headers/body, a delay, a connection reset, a hang) or, when the script is empty, from `fallback`.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One scripted reply. */
export interface Reply {
  status?: number
  headers?: Record<string, string>
  /** Object → JSON (content-type application/json); string → sent as is. */
  body?: unknown
  /** Wait this long before answering, ms. */
  delayMs?: number
  /** Destroy the socket instead of answering (connection reset). */
  reset?: boolean
}

/** A request as the server saw it. */
export interface RecordedRequest {
  method: string
  url: string
  path: string
  query: URLSearchParams
  headers: http.IncomingHttpHeaders
  body: Buffer
  /** Parsed JSON body when the content type is JSON, else undefined. */
  json: unknown
}

/** Handle returned by {@link startPlatformServer}. */
export interface PlatformServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: RecordedRequest[]
  /** Queue replies answered in order before the fallback applies. */
  script(...replies: Reply[]): void
  /** Reply used when the script is empty. */
  fallback: (req: RecordedRequest) => Reply
  reset(): void
  close(): Promise<void>
}

const DEFAULT_REPLY: Reply = { status: 200, body: { id: 'res_1' } }

/** Starts the server; resolves once it listens. Close it with `close()`. */
export async function startPlatformServer(): Promise<PlatformServer> {
  const queue: Reply[] = []
  const sockets = new Set<import('node:net').Socket>()
  const state: PlatformServer = {
    url: '',
    requests: [],
    script: (...r) => queue.push(...r),
    fallback: () => DEFAULT_REPLY,
    reset() {
      queue.length = 0
      state.requests.length = 0
      state.fallback = () => DEFAULT_REPLY
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const u = new URL(req.url ?? '/', 'http://x')
      let json: unknown
      if ((req.headers['content-type'] ?? '').includes('json') && body.length) {
        try {
          json = JSON.parse(body.toString('utf8'))
        } catch {
          json = undefined
        }
      }
      const rec: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body,
        json,
      }
      state.requests.push(rec)
      const reply = queue.shift() ?? state.fallback(rec)
      const send = (): void => {
        if (reply.reset) {
          req.socket.destroy()
          return
        }
        const headers: Record<string, string> = { ...reply.headers }
        let payload = ''
        if (reply.body !== undefined) {
          if (typeof reply.body === 'string') payload = reply.body
          else {
            payload = JSON.stringify(reply.body)
            headers['content-type'] ??= 'application/json; charset=utf-8'
          }
        }
        res.writeHead(reply.status ?? 200, headers)
        res.end(payload)
      }
      if (reply.delayMs) setTimeout(send, reply.delayMs)
      else send()
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return state
}
