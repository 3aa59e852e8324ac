/**
 * Errors of the call engine. Every one is a {@link VoiceCallError} with a machine-readable `code`; the codes
 * reported on the `error` event are the call client event names of SPEC §8.
 * @module
 */
import { platformRefusalReason, type PlatformRefusalReason } from '../../platform/core/refusal'
import { MISSING_TARGET_MESSAGE, NO_CALL_OBJECT_MESSAGE } from './constants'

/**
 * The codes of {@link VoiceCallError}, which are also the `type` of the `error` event.
 * - SPEC §8 names: `validation-error`, `daily-call-object-creation-error`, `daily-call-join-error`,
 *   `video-recording-setup-error`, `audio-observer-setup-error`, `audio-processing-setup-error`,
 *   `start-method-error` (any other start failure, e.g. the web-call request).
 * - During a call: `daily-error` (Daily's fatal `error` event), `audio-start-failed` (the assistant's audio
 *   could not play, usually autoplay policy), `audio-processor-recovery-error` (turning noise cancellation off
 *   after Daily's `audio-processor-error` failed).
 * - Engine additions: `start-timeout` (no "listening" message in time), `call-object-unavailable`.
 * - `app-message-too-large`: thrown by `send()` (never emitted) for a client message above the call's Daily
 *   app-message limit ({@link AppMessageTooLargeError}).
 * - `reconnect-error`: `reconnect(webCall)` failed at any stage (as `@vapi-ai/web` 2.7.1 names it); when Daily
 *   said the room no longer exists (the platform ended the call meanwhile) the code is `call-ended` instead.
 */
export type VoiceCallErrorCode =
  | 'validation-error'
  | 'daily-call-object-creation-error'
  | 'daily-call-join-error'
  | 'video-recording-setup-error'
  | 'audio-observer-setup-error'
  | 'audio-processing-setup-error'
  | 'start-method-error'
  | 'start-timeout'
  | 'daily-error'
  | 'audio-start-failed'
  | 'audio-processor-recovery-error'
  | 'call-object-unavailable'
  | 'reconnect-error'
  | 'call-ended'
  | 'app-message-too-large'

/** Base class of every engine error: an `Error` with a {@link VoiceCallErrorCode} and an optional `cause`. */
export class VoiceCallError extends Error {
  override readonly name: string = 'VoiceCallError'
  /** What went wrong, machine-readable. */
  readonly code: VoiceCallErrorCode

  /**
   * @param code - the error code.
   * @param message - human-readable text; defaults to the cause's message, then the code.
   * @param cause - the underlying error, kept as `cause`.
   */
  constructor(code: VoiceCallErrorCode, message?: string, cause?: unknown) {
    super(message ?? messageOf(cause) ?? code, cause === undefined ? undefined : { cause })
    this.code = code
  }

  /** Wraps `cause` unless it already is a {@link VoiceCallError}. */
  static from(cause: unknown, code: VoiceCallErrorCode): VoiceCallError {
    return cause instanceof VoiceCallError ? cause : new VoiceCallError(code, undefined, cause)
  }
}

/** No assistant, squad or workflow was given to `start()` (SPEC §5). Code `validation-error`. */
export class ValidationError extends VoiceCallError {
  override readonly name = 'ValidationError'
  constructor(message = MISSING_TARGET_MESSAGE) {
    super('validation-error', message)
  }
}

/** A device or mute method was called while there is no Daily call object (SPEC §5). */
export class CallObjectUnavailableError extends VoiceCallError {
  override readonly name = 'CallObjectUnavailableError'
  constructor() {
    super('call-object-unavailable', NO_CALL_OBJECT_MESSAGE)
  }
}

/** The "listening" app message did not arrive within the start timeout. Code `start-timeout`. */
export class StartTimeoutError extends VoiceCallError {
  override readonly name = 'StartTimeoutError'
  /** @param timeoutMs - the timeout that elapsed, in ms. */
  constructor(readonly timeoutMs: number) {
    super('start-timeout', `The assistant did not start listening within ${timeoutMs} ms.`)
  }
}

/**
 * A client message is larger than the call's Daily app-message limit (`./appMessage.ts`): thrown by
 * `VoiceCall.send()` before daily-js would throw its own `Message data too large. Max size is <limit>`, with
 * the same message and the figures. Code `app-message-too-large`.
 */
export class AppMessageTooLargeError extends VoiceCallError {
  override readonly name = 'AppMessageTooLargeError'
  /**
   * @param size - the message's size as daily-js measures it (`JSON.stringify(data).length`, characters).
   * @param limit - the call's limit, in the same characters.
   */
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super('app-message-too-large', `Message data too large. Max size is ${limit}`)
  }
}

/**
 * One line for a failure, for an event's `metadata.error` or a message: `NotAllowedError: Permission denied` for a
 * named error such as a DOMException, the bare message for a plain `Error`, else `String(error)`. (The network
 * diagnostics write `String(error)` instead, as the reference SDK's results do.)
 */
export function describeError(error: unknown): string {
  if (error instanceof Error)
    return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message
  return String(error)
}

function messageOf(cause: unknown): string | undefined {
  if (cause instanceof Error) return cause.message
  if (typeof cause === 'string') return cause
  if (cause && typeof cause === 'object') {
    const c = cause as { errorMsg?: unknown; message?: unknown }
    const m = c.errorMsg ?? c.message
    if (typeof m === 'string') return m
  }
  return undefined
}

/**
 * Why the platform refused to create the web call (`POST /call/web`): `invalid-key`, `no-credit`,
 * `assistant-not-found`, `rate-limited`, `platform-error` or `network` — the platform client's
 * {@link PlatformRefusalReason} (src/platform/core/refusal.ts), shared with the web chat (`POST /chat/web`).
 */
export type WebCallRefusalReason = PlatformRefusalReason

/**
 * The platform refused the start, or could not be reached (code `start-method-error`, SPEC §8). Reported as the
 * `error` of the `error` event whether the press's request (`prestart.ts`) or the engine sent `POST /call/web`,
 * so the widget can say what to do (`event.error instanceof WebCallRefusedError` → `reason`).
 */
export class WebCallRefusedError extends VoiceCallError {
  override readonly name = 'WebCallRefusedError'
  /**
   * @param status - the HTTP status of the answer, `null` when there was none (`reason` is then `network`).
   * @param reason - see {@link WebCallRefusalReason}.
   * @param message - the platform's message (e.g. `401 Invalid Key. Hot tip, …`) or the transport's.
   * @param cause - the underlying error (the platform client's `APIError`, or `fetch`'s `TypeError`).
   * @param body - the answer's parsed JSON body (or text), when there was one.
   */
  constructor(
    readonly status: number | null,
    readonly reason: WebCallRefusalReason,
    message: string,
    cause?: unknown,
    readonly body?: unknown,
  ) {
    super('start-method-error', message, cause)
  }
}

/** Classifies an answer of the platform to `POST /call/web` (moved to src/platform/core/refusal.ts, shared). */
export { platformRefusalReason }

/**
 * The {@link WebCallRefusedError} for a failure of the web-call request: an error carrying a numeric `status`
 * (and `body`), as the platform client's `APIError` does, is a refusal by the platform; one without (the
 * platform client's `APIConnectionError`, `fetch`'s `TypeError`) is `network`. An error that already is a
 * {@link VoiceCallError} is returned as is.
 */
export function webCallRefusal(error: unknown): VoiceCallError {
  if (error instanceof VoiceCallError) return error
  const e = (error && typeof error === 'object' ? error : {}) as { status?: unknown; body?: unknown }
  const status = typeof e.status === 'number' && e.status > 0 ? e.status : null
  const message = messageOf(error) ?? (status === null ? 'The platform could not be reached.' : `${status}`)
  return new WebCallRefusedError(
    status,
    platformRefusalReason(status, e.body),
    message,
    error,
    status === null ? undefined : e.body,
  )
}
