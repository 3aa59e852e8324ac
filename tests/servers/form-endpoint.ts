/**
 * A real Node HTTP server on 127.0.0.1 standing in for the waitlist's form service (SPEC §7): it records every
 * request (method, path, headers, raw body) and answers `status` with a tiny body. The site posts with
 * `mode: 'no-cors'`, so the browser sends the request but never reads the answer: any status will do.
 *
 * The port is fixed because the endpoint is baked into the build (`VITE_WAITLIST_ENDPOINT`); see
 * {@link FORM_ENDPOINT_URL}.
 */
import http from 'node:http'

/** Port of the test endpoint (override with FORM_ENDPOINT_PORT; the build must use the same). */
export const FORM_ENDPOINT_PORT = Number(process.env.FORM_ENDPOINT_PORT ?? 4599)
/** The URL the e2e build must be made with: `VITE_WAITLIST_ENDPOINT=<this> npx vite-react-ssg build`. */
export const FORM_ENDPOINT_URL = `http://127.0.0.1:${FORM_ENDPOINT_PORT}/formResponse`

/** A request as the server saw it. */
export interface ReceivedForm {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  /** Raw body, UTF-8. */
  body: string
}

/** A running endpoint. */
export interface FormEndpoint {
  url: string
  /** Every request so far, oldest first. */
  received: ReceivedForm[]
  /** Resolves with the next request (or the oldest not yet awaited). Rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ReceivedForm>
  close(): Promise<void>
}

/** Starts the endpoint on 127.0.0.1:`port` answering `status` (default 200). */
export async function startFormEndpoint({
  port = FORM_ENDPOINT_PORT,
  status = 200,
}: { port?: number; status?: number } = {}): Promise<FormEndpoint> {
  const received: ReceivedForm[] = []
  let consumed = 0
  const waiters: Array<(r: ReceivedForm) => void> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const r: ReceivedForm = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(r)
      const w = waiters.shift()
      if (w) {
        consumed++
        w(r)
      }
      res.writeHead(status, { 'Content-Type': 'text/plain' })
      res.end('ok')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${port}/formResponse`,
    received,
    next(timeoutMs = 5000) {
      if (consumed < received.length) return Promise.resolve(received[consumed++]!)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`form endpoint: no request within ${timeoutMs} ms`)), timeoutMs)
        waiters.push((r) => {
          clearTimeout(timer)
          resolve(r)
        })
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
