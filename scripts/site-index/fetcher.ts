/**
 * Polite HTTP for the site indexer: a User-Agent naming VoiceOS, at most {@link MAX_CONCURRENCY} requests at a
 * time, retries with exponential backoff on network errors, 429 and 5xx (honouring `Retry-After`), redirects
 * followed by hand so a loop or a jump to another origin is seen, and bodies read up to a byte limit.
 * @module
 */
import { decodeHtml } from './decode'

/** The User-Agent of every request (robots.txt rules are matched against `VoiceOS`). */
export const USER_AGENT = 'VoiceOS-SiteIndexer/1.0 (+https://github.com/voiceos; site search for the VoiceOS assistant)'
/** The robots.txt product token. */
export const ROBOTS_AGENT = 'VoiceOS'
/** Most requests in flight at once. */
export const MAX_CONCURRENCY = 4
/** Most attempts of one request (1 + retries). */
export const MAX_ATTEMPTS = 4
/** Most redirects followed for one URL. */
export const MAX_REDIRECTS = 5
/** Largest page body read, in bytes (5 MiB); a bigger page is skipped as too big. */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024

/** Why a fetch gave no usable body. */
export type FetchFailure =
  | { kind: 'status'; status: number }
  | { kind: 'network'; message: string }
  | { kind: 'redirect-loop' }
  | { kind: 'too-many-redirects' }
  | { kind: 'off-origin'; location: string }
  | { kind: 'too-big'; bytes: number }
  | { kind: 'not-text'; detail: string }

/** A fetched response (after redirects), its body read (or not, for 304). */
export interface Fetched {
  ok: true
  /** The final URL (after same-origin redirects). */
  url: string
  status: number
  contentType: string
  etag: string | null
  lastModified: string | null
  /** The body as text, decoded in the charset it declares (./decode.ts; '' for 304). */
  body: string
}

/** Options of {@link createFetcher}. */
export interface FetcherOptions {
  /** @default globalThis.fetch */
  fetch?: typeof fetch
  /** @default {@link MAX_CONCURRENCY} */
  concurrency?: number
  /** First backoff, in ms (doubled per retry). @default 500 */
  backoffMs?: number
  /** @default {@link DEFAULT_MAX_BYTES} */
  maxBytes?: number
  /** Waits (tests shorten it). @default setTimeout */
  sleep?: (ms: number) => Promise<void>
}

/** A limited, retrying fetch. */
export interface Fetcher {
  /**
   * GETs `url` within `origin`. Conditional headers (`If-None-Match`, `If-Modified-Since`) go out when given.
   * Never throws: a failure is returned.
   */
  get(
    url: string,
    origin: string,
    conditional?: { etag?: string | null; lastModified?: string | null },
  ): Promise<Fetched | ({ ok: false; url: string } & FetchFailure)>
  /** Requests in flight now (at most the concurrency). */
  readonly inFlight: number
  /** Highest number of requests that were in flight at once. */
  readonly peak: number
}

/** Creates a {@link Fetcher}. */
export function createFetcher(options: FetcherOptions = {}): Fetcher {
  const doFetch = options.fetch ?? globalThis.fetch
  const limit = Math.max(1, Math.min(options.concurrency ?? MAX_CONCURRENCY, MAX_CONCURRENCY))
  const backoff = options.backoffMs ?? 500
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  let inFlight = 0
  let peak = 0
  const queue: (() => void)[] = []
  const acquire = async () => {
    if (inFlight >= limit) await new Promise<void>((r) => queue.push(r))
    inFlight++
    peak = Math.max(peak, inFlight)
  }
  const release = () => {
    inFlight--
    queue.shift()?.()
  }

  /** One request with retries (no redirects followed). */
  const once = async (url: string, headers: Record<string, string>): Promise<Response | { error: string }> => {
    let last: Response | { error: string } = { error: 'no attempt' }
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) {
        const retryAfter = last instanceof Response ? Number(last.headers.get('retry-after')) : NaN
        await sleep(
          Number.isFinite(retryAfter) && retryAfter > 0
            ? Math.min(retryAfter * 1000, 30_000)
            : backoff * 2 ** (attempt - 1),
        )
      }
      await acquire()
      try {
        last = await doFetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
      } catch (error) {
        last = { error: (error as Error).message || String(error) }
      } finally {
        release()
      }
      if (last instanceof Response && last.status !== 429 && last.status < 500) return last
      if (last instanceof Response) await last.body?.cancel().catch(() => undefined)
    }
    return last
  }

  const readBody = async (res: Response): Promise<{ bytes: Uint8Array } | { tooBig: number }> => {
    const declared = Number(res.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel().catch(() => undefined)
      return { tooBig: declared }
    }
    if (!res.body) return { bytes: new Uint8Array(0) }
    const reader = res.body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined)
        return { tooBig: size }
      }
      chunks.push(value)
    }
    return { bytes: Buffer.concat(chunks) }
  }

  return {
    async get(start, origin, conditional) {
      const headers: Record<string, string> = {
        'user-agent': USER_AGENT,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.5',
      }
      if (conditional?.etag) headers['if-none-match'] = conditional.etag
      if (conditional?.lastModified) headers['if-modified-since'] = conditional.lastModified
      const seen = new Set<string>()
      let url = start
      for (let hop = 0; ; hop++) {
        if (seen.has(url)) return { ok: false, url: start, kind: 'redirect-loop' }
        seen.add(url)
        const res = await once(url, headers)
        if (!(res instanceof Response)) return { ok: false, url: start, kind: 'network', message: res.error }
        if (res.status >= 300 && res.status < 400 && res.status !== 304) {
          await res.body?.cancel().catch(() => undefined)
          const location = res.headers.get('location')
          if (!location) return { ok: false, url: start, kind: 'status', status: res.status }
          if (hop >= MAX_REDIRECTS) return { ok: false, url: start, kind: 'too-many-redirects' }
          const next = new URL(location, url)
          next.hash = ''
          if (next.origin !== origin) return { ok: false, url: start, kind: 'off-origin', location: next.href }
          url = next.href
          continue
        }
        if (res.status >= 400) {
          await res.body?.cancel().catch(() => undefined)
          return { ok: false, url: start, kind: 'status', status: res.status }
        }
        const meta = {
          ok: true as const,
          url,
          status: res.status,
          contentType: (res.headers.get('content-type') ?? '').toLowerCase(),
          etag: res.headers.get('etag'),
          lastModified: res.headers.get('last-modified'),
        }
        if (res.status === 304) return { ...meta, body: '' }
        const isText = /^(text\/|application\/(xhtml\+)?xml)/.test(meta.contentType) || meta.contentType === ''
        if (!isText) {
          await res.body?.cancel().catch(() => undefined)
          return { ...meta, body: '' }
        }
        const body = await readBody(res)
        if ('tooBig' in body) return { ok: false, url: start, kind: 'too-big', bytes: body.tooBig }
        const decoded = decodeHtml(body.bytes, res.headers.get('content-type'))
        if (!decoded.ok) return { ok: false, url: start, kind: 'not-text', detail: decoded.detail }
        return { ...meta, body: decoded.text }
      }
    },
    get inFlight() {
      return inFlight
    },
    get peak() {
      return peak
    },
  }
}
