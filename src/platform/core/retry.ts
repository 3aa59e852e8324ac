/**
 * Retry policy (openai-node `src/client.ts` habits, plus a rule for non-idempotent methods):
 *
 * - the server's word comes first, as openai-node's `shouldRetry`: a response carrying `x-should-retry: true` is
 *   retried and one carrying `x-should-retry: false` is not, whatever its status and method;
 * - GET, PUT, DELETE are retried on 408, 409, 429, ≥ 500, timeouts and connection errors;
 * - POST and PATCH are retried only where the server cannot have acted on them: 429, 503 carrying
 *   `Retry-After`/`retry-after-ms`, and a refused connection (ECONNREFUSED — nothing reached the server);
 * - the wait honours `retry-after-ms` (milliseconds) then `Retry-After` (seconds or an HTTP date), capped at
 *   `maxRetryDelayMs`; otherwise exponential backoff 0.5 s · 2ⁿ up to 8 s, minus up to 25 % jitter.
 */
import type { HttpMethod } from './errors'

/** Initial backoff, milliseconds. */
export const INITIAL_RETRY_DELAY_MS = 500
/** Largest computed backoff (without a server hint), milliseconds. */
export const MAX_BACKOFF_MS = 8_000
/** Default cap on a server-requested wait (`Retry-After`), milliseconds. */
export const DEFAULT_MAX_RETRY_DELAY_MS = 60_000

/** True for methods a server may safely receive twice. */
export const isIdempotent = (method: HttpMethod): boolean => method === 'GET' || method === 'PUT' || method === 'DELETE'

/** True when the response carries a usable `Retry-After` or `retry-after-ms` header. */
export const hasRetryAfter = (headers: Headers): boolean => headers.has('retry-after-ms') || headers.has('retry-after')

/**
 * The server's own say on retrying (`x-should-retry: true | false`, as openai-node reads it), or `undefined`
 * when the header is absent or holds anything else.
 */
export function serverRetryWord(headers: Headers): boolean | undefined {
  const word = headers.get('x-should-retry')?.trim().toLowerCase()
  return word === 'true' ? true : word === 'false' ? false : undefined
}

/**
 * Whether an HTTP error status may be retried for `method`: the server's `x-should-retry` when it sent one,
 * else the rules of the module comment.
 */
export function shouldRetryStatus(method: HttpMethod, status: number, headers: Headers): boolean {
  const word = serverRetryWord(headers)
  if (word !== undefined) return word
  if (isIdempotent(method)) return status === 408 || status === 409 || status === 429 || status >= 500
  return status === 429 || (status === 503 && hasRetryAfter(headers))
}

/** Whether a request that got no response may be retried: refused connections always, others if idempotent. */
export function shouldRetryConnection(method: HttpMethod, refused: boolean): boolean {
  return refused || isIdempotent(method)
}

/** Walks an error's `cause` chain (and AggregateError members) looking for `code === 'ECONNREFUSED'`. */
export function isConnectionRefused(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown }
  if (e.code === 'ECONNREFUSED') return true
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionRefused(x, depth + 1))) return true
  return isConnectionRefused(e.cause, depth + 1)
}

/** The server-requested wait in milliseconds, or `undefined` when absent or unparsable. */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined
  const ms = headers.get('retry-after-ms')
  if (ms !== null) {
    const n = Number.parseFloat(ms)
    if (Number.isFinite(n) && n >= 0) return n
  }
  const ra = headers.get('retry-after')
  if (ra !== null) {
    const secs = Number(ra.trim())
    if (ra.trim() !== '' && Number.isFinite(secs)) return secs >= 0 ? secs * 1000 : undefined
    const date = Date.parse(ra)
    if (Number.isFinite(date)) return Math.max(0, date - now)
  }
  return undefined
}

/**
 * Milliseconds to wait before retry number `retriesDone + 1`: the server's hint capped at `maxRetryDelayMs`,
 * else `min(500 · 2^retriesDone, 8000) · (1 − 0.25 · random())`.
 */
export function retryDelayMs(
  retriesDone: number,
  headers: Headers | undefined,
  maxRetryDelayMs: number = DEFAULT_MAX_RETRY_DELAY_MS,
  random: () => number = Math.random,
): number {
  const hinted = retryAfterMs(headers)
  if (hinted !== undefined) return Math.min(hinted, maxRetryDelayMs)
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retriesDone, MAX_BACKOFF_MS)
  return Math.min(base * (1 - 0.25 * random()), maxRetryDelayMs)
}
