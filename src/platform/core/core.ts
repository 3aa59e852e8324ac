/**
 * The one request core every resource goes through: URL building, auth header, JSON/multipart bodies,
 * per-attempt timeout, caller abort, retries with backoff, response parsing and error mapping.
 * No resource contains HTTP code of its own.
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIResponseParseError,
  APIUserAbortError,
  PlatformValidationError,
  type HttpMethod,
} from './errors'
import { makeRedactor, redactingLogger, type PlatformLogger } from './log'
import { fillPath, stringifyQuery } from './path'
import {
  DEFAULT_MAX_RETRY_DELAY_MS,
  isConnectionRefused,
  retryDelayMs,
  shouldRetryConnection,
  shouldRetryStatus,
} from './retry'
import type { InitArgs, Method, ResponseBody, PathsWith } from './types'
import { DEFAULT_BASE_URL } from './defaults'

export { DEFAULT_BASE_URL }

/** Default per-attempt timeout, milliseconds. */
export const DEFAULT_TIMEOUT_MS = 60_000
/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2

/** Options of {@link createPlatformClient} / {@link PlatformCore}. */
export interface PlatformClientOptions {
  /**
   * Bearer token: a Vapi *public* key in the browser (enough for `calls.createWeb`), a *private* key only on a
   * server. Never logged, never in an error, never in `toString()`.
   */
  token: string
  /** API origin (no trailing slash needed). Default `https://api.vapi.ai`. */
  baseUrl?: string
  /** `fetch` implementation; default `globalThis.fetch` looked up at call time. */
  fetch?: typeof fetch
  /** Per-attempt timeout covering headers and body, milliseconds. Default 60 000. */
  timeoutMs?: number
  /** Retries after the first attempt (see retry rules in README). Default 2; 0 disables retries. */
  maxRetries?: number
  /** Cap on a server-requested `Retry-After` wait, milliseconds. Default 60 000. */
  maxRetryDelayMs?: number
  /** Receives redacted debug/info/warn/error lines; default none. `console` works. */
  logger?: PlatformLogger
  /** Headers added to every request (cannot override `Authorization`). */
  defaultHeaders?: Record<string, string>
  /**
   * Waits between retries; default an abortable `setTimeout`. Tests inject one that records the waits.
   * @param ms milliseconds to wait
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/** Per-call options accepted as the last argument of every resource method. */
export interface RequestOptions {
  /** Aborting it rejects the call with {@link APIUserAbortError} and stops retries. */
  signal?: AbortSignal | undefined
  /** Overrides the client's per-attempt timeout, milliseconds. */
  timeoutMs?: number
  /** Overrides the client's retry count. */
  maxRetries?: number
  /** Extra headers for this call; `null` removes a default one. `Authorization` cannot be set here. */
  headers?: Record<string, string | null>
}

/** A fully described request for {@link PlatformCore.request}: `path` is already encoded. */
export interface CoreRequest {
  method: HttpMethod
  /** Encoded path relative to `baseUrl`, starting with `/`. */
  path: string
  /** Query parameters, serialised by {@link stringifyQuery}. */
  query?: object | undefined
  /** JSON-serialisable body, or `FormData` sent as multipart/form-data. */
  body?: unknown
}

const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError())
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(new APIUserAbortError())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/** `POST /credential/webhook` is the one call sent without `Authorization` (SPEC §6). */
export const isUnauthenticated = (method: HttpMethod, path: string): boolean =>
  method === 'POST' && path === '/credential/webhook'

type Attempt<T> = { ok: true; value: T } | { ok: false; error: Error; retry: boolean; headers?: Headers }

/**
 * The request core. Resources hold a reference to one instance and call {@link PlatformCore.call} (typed by the
 * generated OpenAPI paths) or {@link PlatformCore.request} (already-built path).
 */
export class PlatformCore {
  readonly #token: string
  /** API origin without trailing slash. */
  readonly baseUrl: string
  /** Per-attempt timeout, ms. */
  readonly timeoutMs: number
  /** Retries after the first attempt. */
  readonly maxRetries: number
  /** Cap on server-requested waits, ms. */
  readonly maxRetryDelayMs: number
  /** Redacting logger (no-ops when none was configured). */
  readonly log: Required<PlatformLogger>
  /** Replaces the token in any value; used for errors and logs. */
  readonly redact: <T>(v: T) => T
  readonly #fetch: typeof fetch
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly #defaultHeaders: Record<string, string>
  readonly #logging: boolean

  /** @param options see {@link PlatformClientOptions}; defaults applied here. */
  constructor(options: PlatformClientOptions) {
    this.#token = options.token
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS
    this.redact = makeRedactor(options.token)
    this.log = redactingLogger(options.logger, this.redact)
    this.#logging = !!options.logger
    const f = options.fetch
    this.#fetch = f ?? ((input, init) => globalThis.fetch(input, init))
    this.#sleep = options.sleep ?? abortableSleep
    this.#defaultHeaders = { ...options.defaultHeaders }
  }

  /**
   * Typed call: `core.call('get', '/assistant/{id}', { path: { id } })`. The template selects the generated
   * operation; path parameters are encoded; the result is the operation's 2xx JSON body.
   * @throws {PlatformValidationError} missing path parameter (only reachable by bypassing the types)
   * @throws {APIError} (subclass by status), {@link APIConnectionError}, {@link APIConnectionTimeoutError},
   *   {@link APIUserAbortError}
   */
  call<M extends Method, P extends PathsWith<M>>(
    method: M,
    template: P,
    ...[init, options]: InitArgs<P, M, RequestOptions>
  ): Promise<ResponseBody<P, M>> {
    const i = init as { path?: Record<string, unknown>; query?: object; body?: unknown } | undefined
    let path: string
    try {
      path = fillPath(template, i?.path)
    } catch (err) {
      return Promise.reject(err) // always a rejected promise, never a synchronous throw
    }
    return this.request({ method: method.toUpperCase() as HttpMethod, path, query: i?.query, body: i?.body }, options)
  }

  /**
   * Sends one logical request (with retries) and resolves with the parsed body: JSON → value, 204 or empty →
   * `undefined`, other content types → text.
   */
  async request<T>(req: CoreRequest, options?: RequestOptions): Promise<T> {
    const url = this.baseUrl + req.path + stringifyQuery(req.query)
    const maxRetries = options?.maxRetries ?? this.maxRetries
    const signal = options?.signal
    const headers = this.#headers(req, options)
    const body = req.body === undefined ? undefined : req.body instanceof FormData ? req.body : JSON.stringify(req.body)
    for (let retriesDone = 0; ; retriesDone++) {
      if (signal?.aborted) throw new APIUserAbortError()
      if (this.#logging) this.log.debug(`→ ${req.method} ${req.path}`, { attempt: retriesDone + 1 })
      const r = await this.#attempt<T>(req, url, headers, body, options)
      if (r.ok) return r.value
      if (!r.retry || retriesDone >= maxRetries) {
        if (this.#logging) this.log.debug(`✗ ${req.method} ${req.path}: ${r.error.message}`)
        throw r.error
      }
      const wait = retryDelayMs(retriesDone, r.headers, this.maxRetryDelayMs)
      if (this.#logging) {
        this.log.warn(
          `${req.method} ${req.path} failed (${r.error.message}); retry ${retriesDone + 1}/${maxRetries} in ${Math.round(wait)} ms`,
        )
      }
      await this.#sleep(wait, signal)
    }
  }

  #headers(req: CoreRequest, options: RequestOptions | undefined): Headers {
    const h = new Headers(this.#defaultHeaders)
    h.set('accept', 'application/json')
    if (req.body !== undefined && !(req.body instanceof FormData)) h.set('content-type', 'application/json')
    for (const [k, v] of Object.entries(options?.headers ?? {})) {
      if (v === null) h.delete(k)
      else h.set(k, v)
    }
    h.delete('authorization')
    if (!isUnauthenticated(req.method, req.path)) {
      if (!this.#token) throw new PlatformValidationError('A token is required: pass `token` to createPlatformClient.')
      h.set('authorization', `Bearer ${this.#token}`)
    }
    return h
  }

  async #attempt<T>(
    req: CoreRequest,
    url: string,
    headers: Headers,
    body: string | FormData | undefined,
    options: RequestOptions | undefined,
  ): Promise<Attempt<T>> {
    const { method, path } = req
    const timeoutMs = options?.timeoutMs ?? this.timeoutMs
    const userSignal = options?.signal
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onAbort = (): void => controller.abort()
    userSignal?.addEventListener('abort', onAbort, { once: true })
    let res: Response
    let text: string
    try {
      res = await this.#fetch(url, { method, headers, body, signal: controller.signal })
      text = await res.text()
    } catch (err) {
      if (userSignal?.aborted) throw new APIUserAbortError()
      if (timedOut) {
        return {
          ok: false,
          error: new APIConnectionTimeoutError({ method, path, timeoutMs }),
          retry: shouldRetryConnection(method, false),
        }
      }
      const refused = isConnectionRefused(err)
      return {
        ok: false,
        error: new APIConnectionError({
          method,
          path,
          cause: err,
          message: refused ? 'Connection refused.' : 'Connection error.',
        }),
        retry: shouldRetryConnection(method, refused),
      }
    } finally {
      clearTimeout(timer)
      userSignal?.removeEventListener('abort', onAbort)
    }
    if (!res.ok) {
      let parsed: unknown = text === '' ? undefined : text
      try {
        if (text) parsed = JSON.parse(text)
      } catch {
        /* keep the text */
      }
      const error = APIError.generate({
        status: res.status,
        headers: res.headers,
        body: this.redact(parsed),
        method,
        path,
        message: this.redact(APIError.makeMessage(res.status, parsed)),
      })
      return { ok: false, error, retry: shouldRetryStatus(method, res.status, res.headers), headers: res.headers }
    }
    if (res.status === 204 || text === '') return { ok: true, value: undefined as T }
    const type = res.headers.get('content-type') ?? ''
    if (type !== '' && !type.includes('json')) return { ok: true, value: text as T }
    try {
      return { ok: true, value: JSON.parse(text) as T }
    } catch {
      const error = new APIResponseParseError({
        status: res.status,
        headers: res.headers,
        body: this.redact(text),
        method,
        path,
        message: `Could not parse the ${res.status} response body as JSON.`,
      })
      return { ok: false, error, retry: false }
    }
  }

  /** Never reveals the token. */
  toString(): string {
    return `PlatformCore(${this.baseUrl})`
  }

  /** Never reveals the token. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, timeoutMs: this.timeoutMs, maxRetries: this.maxRetries }
  }
}
