/**
 * The call's first two steps, taken by the code already on the page at the mic press (the widget), before the
 * engine has loaded: `POST /call/web` is sent and the microphone is requested at once, in parallel with loading
 * the engine's chunks and daily-js. The engine then takes over the pending response and the stream
 * ({@link import('./options').VoiceCallOptions.pendingStart}): same start stages, events and errors as a start
 * without it, no second request and no second permission prompt.
 *
 * This module is deliberately tiny and imports nothing at run time: the idle widget bundles it (≤ 60 KB gzip
 * for the widget, `tests/budgets.ts`), and it holds none of the engine's own code.
 * @module
 */

/** What the press knows of the call: the same values the session later passes to `VoiceCall.start()`. */
export interface PrestartRequest {
  /** The platform public key (bearer of `POST /call/web`). */
  publicKey: string
  /** API origin, no trailing slash needed. @default 'https://api.vapi.ai' */
  apiBaseUrl?: string
  /** Assistant id (sent as `assistantId`). */
  assistantId: string
  /** `assistantOverrides` of the call (e.g. `{ variableValues: { sessionId, url } }`). */
  assistantOverrides?: Record<string, unknown>
  /** Extra top-level body fields (e.g. `roomDeleteOnUserLeaveEnabled`). */
  extra?: Record<string, unknown>
  /** @default globalThis.fetch */
  fetch?: typeof fetch
  /** Where the microphone is requested; `null` → not requested here (Daily asks at join, as without a prestart). @default navigator.mediaDevices */
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | null
}

/**
 * A call start begun at the press. Owned by whoever holds it last: the widget until the engine takes it over,
 * then the engine. {@link PendingStart.cancel} releases everything it holds.
 */
export interface PendingStart {
  /** The request's URL (`{apiBaseUrl}/call/web`). */
  readonly url: string
  /** The request's JSON body, as sent. */
  readonly body: string
  /** The response of the request sent at the press (rejects as `fetch` does; aborted by {@link cancel}). */
  readonly response: Promise<Response>
  /** The microphone stream requested at the press, or `null` when it was not requested. */
  readonly microphone: Promise<MediaStream> | null
  /** Whether the engine has taken the response over (set by the engine; a second take is refused). */
  taken: boolean
  /** Aborts the request if it is still in flight and stops the microphone's tracks (now, or when they arrive). Idempotent. */
  cancel(): void
  /** Stops the microphone's tracks (now, or when they arrive), leaving the request alone. Idempotent. */
  releaseMicrophone(): void
}

/**
 * The default API origin (SPEC §9): `DEFAULT_BASE_URL` of src/platform/core/defaults.ts, repeated here because this
 * module imports nothing at run time (see above); tests/unit/platform/defaults.test.ts keeps the two equal.
 */
const DEFAULT_BASE = 'https://api.vapi.ai'

/**
 * Sends `POST {apiBaseUrl}/call/web` and asks for the microphone, both synchronously inside the call (so inside
 * the press's task). The body is what the platform client's `buildWebCallBody` makes of
 * `{ assistant: assistantId, assistantOverrides, ...extra }`: `extra` and `assistantOverrides` first, then
 * `assistantId`. Never throws; failures surface through `response` / `microphone` (which are also observed
 * here, so nobody sees an unhandled rejection while the engine is still loading).
 */
export function prestartWebCall(request: PrestartRequest): PendingStart {
  const url = `${(request.apiBaseUrl || DEFAULT_BASE).replace(/\/+$/, '')}/call/web`
  const body: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(request.extra ?? {})) if (v !== undefined) body[k] = v
  if (request.assistantOverrides !== undefined) body.assistantOverrides = request.assistantOverrides
  body.assistantId = request.assistantId
  const json = JSON.stringify(body)
  const abort = new AbortController()
  const doFetch = request.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  let response: Promise<Response>
  try {
    response = doFetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${request.publicKey}`,
      },
      body: json,
      signal: abort.signal,
    })
  } catch (error) {
    response = Promise.reject(error)
  }
  response.catch(() => undefined)

  const devices =
    request.mediaDevices === undefined
      ? typeof navigator !== 'undefined'
        ? (navigator.mediaDevices ?? null)
        : null
      : request.mediaDevices
  let microphone: Promise<MediaStream> | null = null
  if (devices) {
    try {
      microphone = devices.getUserMedia({ audio: true })
    } catch (error) {
      microphone = Promise.reject(error)
    }
    microphone.catch(() => undefined)
  }

  let micReleased = false
  const releaseMicrophone = () => {
    if (micReleased) return
    micReleased = true
    microphone?.then(
      (stream) => stream.getTracks().forEach((t) => t.stop()),
      () => undefined,
    )
  }
  return {
    url,
    body: json,
    response,
    microphone,
    taken: false,
    cancel() {
      abort.abort()
      releaseMicrophone()
    },
    releaseMicrophone,
  }
}

/** Whether two JSON texts hold the same value (key order ignored). Never throws. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false
  try {
    return canonical(JSON.parse(a)) === canonical(JSON.parse(b))
  } catch {
    return false
  }
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}
