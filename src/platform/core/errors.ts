/**
 * One error hierarchy for the platform client (shape after openai-node `src/core/error.ts`).
 *
 * ```
 * PlatformError
 * ├── PlatformValidationError        the client refused the input before any request (SPEC §5)
 * ├── APIError                       the server answered with a non-2xx status (or an unreadable 2xx body)
 * │   ├── BadRequestError            400
 * │   ├── AuthenticationError        401
 * │   ├── PermissionDeniedError      403
 * │   ├── NotFoundError              404
 * │   ├── ConflictError              409
 * │   ├── UnprocessableEntityError   422
 * │   ├── RateLimitError             429
 * │   ├── InternalServerError        >= 500
 * │   └── APIResponseParseError      2xx whose JSON body could not be parsed
 * ├── APIConnectionError             no response: DNS, refused or reset connection, …
 * │   └── APIConnectionTimeoutError  no complete response within `timeoutMs`
 * └── APIUserAbortError              the caller's `AbortSignal` fired
 * ```
 * No error ever holds the bearer token: messages and bodies pass through the client's redactor and request
 * headers are never stored.
 */

/** HTTP methods the platform API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Root of every error the platform client throws. `instanceof PlatformError` catches them all. */
export class PlatformError extends Error {
  override name = 'PlatformError'
}

/**
 * The client refused the arguments before sending anything (no request is made), e.g. `calls.createWeb({})`
 * throws one with the message `Assistant or Squad or Workflow must be provided.` (SPEC §5 "Call start").
 */
export class PlatformValidationError extends PlatformError {
  override name = 'PlatformValidationError'
}

/** Fields shared by every {@link APIError}. */
export interface APIErrorInit {
  /** HTTP status of the answer (an error without an answer is an {@link APIConnectionError}, not an `APIError`). */
  status: number
  /** Response headers (lower-case names), or `undefined`. */
  headers: Headers | undefined
  /** Parsed JSON body, the raw text when it is not JSON, or `undefined`; strings holding the token are redacted. */
  body: unknown
  /** HTTP method of the failed request. */
  method: HttpMethod
  /** Path of the failed request, relative to `baseUrl`, query string excluded (e.g. `/assistant/asst_1`). */
  path: string
  /** Message to use instead of the one derived from `status` and `body`. */
  message?: string
}

/** Picks the server's human-readable message out of an error body (`message` string or list, `error`). */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() ? body.trim().slice(0, 500) : undefined
  if (!body || typeof body !== 'object') return undefined
  const b = body as Record<string, unknown>
  const m = b['message']
  if (typeof m === 'string' && m) return m
  if (Array.isArray(m) && m.length) return m.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('; ')
  const e = b['error']
  if (typeof e === 'string' && e) return e
  if (e && typeof e === 'object' && typeof (e as Record<string, unknown>)['message'] === 'string') {
    return (e as Record<string, string>)['message']
  }
  return undefined
}

/**
 * The server answered with an error status. `message` reads `"<status> <server message>"`, e.g.
 * `"404 Assistant not found"`. `requestId` comes from the `x-request-id` header (or `request-id`, `cf-ray`).
 */
export class APIError extends PlatformError {
  override name = 'APIError'
  /**
   * HTTP status code of the answer: always set (a request that got no answer fails with an
   * {@link APIConnectionError}, which is not an `APIError`).
   */
  readonly status: number
  /** Response headers. */
  readonly headers: Headers | undefined
  /** Parsed error body (JSON) or raw text. */
  readonly body: unknown
  /** Request id reported by the server, for support tickets. */
  readonly requestId: string | undefined
  /** HTTP method of the request. */
  readonly method: HttpMethod
  /** Request path relative to the base URL. */
  readonly path: string

  constructor(init: APIErrorInit) {
    super(init.message ?? APIError.makeMessage(init.status, init.body))
    this.status = init.status
    this.headers = init.headers
    this.body = init.body
    this.method = init.method
    this.path = init.path
    this.requestId =
      init.headers?.get('x-request-id') ?? init.headers?.get('request-id') ?? init.headers?.get('cf-ray') ?? undefined
  }

  /** Builds `"<status> <server message>"`, falling back to `"<status> status code (no body)"`. */
  static makeMessage(status: number | undefined, body: unknown): string {
    const msg = serverMessage(body)
    if (status && msg) return `${status} ${msg}`
    if (status) return `${status} status code${body === undefined || body === '' ? ' (no body)' : ''}`
    return msg ?? 'Connection error.'
  }

  /** Creates the subclass matching `status` (400 → BadRequestError, …, ≥ 500 → InternalServerError). */
  static generate(init: APIErrorInit): APIError {
    switch (init.status) {
      case 400:
        return new BadRequestError(init)
      case 401:
        return new AuthenticationError(init)
      case 403:
        return new PermissionDeniedError(init)
      case 404:
        return new NotFoundError(init)
      case 409:
        return new ConflictError(init)
      case 422:
        return new UnprocessableEntityError(init)
      case 429:
        return new RateLimitError(init)
      default:
        return init.status >= 500 ? new InternalServerError(init) : new APIError(init)
    }
  }
}

/** 400: the request was malformed or failed server-side validation. */
export class BadRequestError extends APIError {
  override name = 'BadRequestError'
}
/** 401: the token is missing, invalid or expired. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError'
}
/** 403: the token is valid but lacks permission (e.g. a public key on a private endpoint). */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError'
}
/** 404: the resource does not exist (or is not visible to this token). */
export class NotFoundError extends APIError {
  override name = 'NotFoundError'
}
/** 409: the request conflicts with the resource's current state. */
export class ConflictError extends APIError {
  override name = 'ConflictError'
}
/** 422: the request was well-formed but semantically invalid. */
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError'
}
/** 429: rate limited; retried automatically (honouring `Retry-After`) before this is thrown. */
export class RateLimitError extends APIError {
  override name = 'RateLimitError'
}
/** Any status ≥ 500. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError'
}
/** A 2xx response whose body claimed to be JSON but could not be parsed; `body` holds the raw text. */
export class APIResponseParseError extends APIError {
  override name = 'APIResponseParseError'
}

/** No HTTP response was received (DNS failure, refused or reset connection, CORS failure in browsers). */
export class APIConnectionError extends PlatformError {
  override name = 'APIConnectionError'
  /** HTTP method of the request. */
  readonly method: HttpMethod
  /** Request path relative to the base URL. */
  readonly path: string
  constructor(init: { method: HttpMethod; path: string; message?: string; cause?: unknown }) {
    super(init.message ?? 'Connection error.', init.cause === undefined ? undefined : { cause: init.cause })
    this.method = init.method
    this.path = init.path
  }
}

/** No complete response within the configured `timeoutMs` (per attempt). */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError'
  constructor(init: { method: HttpMethod; path: string; timeoutMs: number }) {
    super({ ...init, message: `Request timed out after ${init.timeoutMs} ms.` })
  }
}

/** The caller's `AbortSignal` fired before the request completed; nothing is retried after this. */
export class APIUserAbortError extends PlatformError {
  override name = 'APIUserAbortError'
  constructor(message = 'Request was aborted.') {
    super(message)
  }
}
