/**
 * What went wrong, or why a call ended, as a kind the widget has localized copy for
 * (`locales/<lng>/voice.json` → `widget.problem.<kind>.{title,description,hint}`). The widget never shows an
 * engine's own (English) error message: it shows the copy of the kind, in the page's language.
 *
 * Sources (the widget contract, named as in @vapi-ai/web 2.7.1 and the vendored openapi/ document):
 * - an `error` event's `error`: a `WebCallRefusedError` (`reason`, told apart by the HTTP status and body of
 *   `POST /call/web`), or an error whose `cause` chain holds getUserMedia's DOMException (`NotAllowedError`:
 *   blocked, `NotFoundError`: no microphone, `NotReadableError`: in use elsewhere), or its `code`;
 * - a `status-update` message with `status: 'ended'` and its `endedReason` (`assistant-ended-call`,
 *   `exceeded-max-duration`, `silence-timed-out`, …).
 * @module
 */
import type { VoiceCallErrorEvent } from '../engine/events'

/**
 * A problem or an ending the widget explains. `title` names it (the panel's status line), `description` is the
 * one sentence a toast carries, `hint` says what to do now.
 */
export type ProblemKind =
  /** The browser or the visitor blocked the microphone (`NotAllowedError`, `SecurityError`). */
  | 'microphoneBlocked'
  /** No microphone (`NotFoundError`, `OverconstrainedError`). */
  | 'microphoneMissing'
  /** The microphone could not be opened: another app holds it (`NotReadableError`). */
  | 'microphoneBusy'
  /** The platform refused the site's public key (HTTP 401/403). */
  | 'invalidKey'
  /** The site owner's account has no credit left (HTTP 402, or a body saying so). */
  | 'noCredit'
  /** The assistant id is unknown to the platform (HTTP 404). */
  | 'assistantNotFound'
  /** Too many calls (HTTP 429). */
  | 'rateLimited'
  /** The platform failed (HTTP 5xx or an unexpected answer). */
  | 'platformError'
  /** The platform could not be reached (no response). */
  | 'network'
  /** The assistant did not start listening in time. */
  | 'startTimeout'
  /** The assistant's audio could not play (autoplay policy). */
  | 'audioBlocked'
  /** The call broke off (Daily's fatal error during a call). */
  | 'callInterrupted'
  /** The call ended while the page was loading (a handed-over call the platform had ended). */
  | 'callEnded'
  /** The assistant ended the call (`assistant-ended-call`, `assistant-said-end-call-phrase`, …). */
  | 'assistantEnded'
  /** The call reached its maximum duration (`exceeded-max-duration`). */
  | 'maxDuration'
  /** The call ended after a long silence (`silence-timed-out`). */
  | 'silenceTimedOut'
  /** The platform ended the call because of an error on its side (an `endedReason` naming an error). */
  | 'endedByError'
  /**
   * Something the page had to tell the assistant (the page map, a command's result, a typed turn) could not be
   * sent into the call, even split to fit Daily's app-message limit (src/voice/context/fit.ts).
   */
  | 'messageUndelivered'
  /** Anything else. */
  | 'unknown'

/** The `reason` values of the engine's `WebCallRefusedError` (widget contract) and the kind each maps to. */
const REFUSAL_KINDS: Record<string, ProblemKind> = {
  'invalid-key': 'invalidKey',
  'no-credit': 'noCredit',
  'assistant-not-found': 'assistantNotFound',
  'rate-limited': 'rateLimited',
  'platform-error': 'platformError',
  network: 'network',
}

/** getUserMedia's DOMException names (and Daily's and older browsers' aliases) and their kinds. */
const MEDIA_ERROR_KINDS: Record<string, ProblemKind> = {
  NotAllowedError: 'microphoneBlocked',
  PermissionDeniedError: 'microphoneBlocked',
  SecurityError: 'microphoneBlocked',
  NotFoundError: 'microphoneMissing',
  DevicesNotFoundError: 'microphoneMissing',
  OverconstrainedError: 'microphoneMissing',
  NotReadableError: 'microphoneBusy',
  TrackStartError: 'microphoneBusy',
}

/** Engine error codes (src/voice/engine/errors.ts) with a kind of their own. */
const CODE_KINDS: Record<string, ProblemKind> = {
  'start-timeout': 'startTimeout',
  'audio-start-failed': 'audioBlocked',
  'daily-error': 'callInterrupted',
  'call-ended': 'callEnded',
}

/** How deep {@link classifyError} follows `cause` (a loop in a cause chain must not hang the widget). */
const MAX_CAUSE_DEPTH = 6

/**
 * The kind of an engine `error` event. Looks, in order, for a refusal `reason` (`WebCallRefusedError`), a
 * microphone DOMException anywhere in the `cause` chain (also Daily's `{ type: 'permissions' | 'not-found' }`
 * camera-error shape), then the error code; `unknown` otherwise. Never throws, whatever the payload.
 */
export function classifyError(event: Partial<VoiceCallErrorEvent> | null | undefined): ProblemKind {
  try {
    let node: unknown = event?.error
    for (let depth = 0; node && typeof node === 'object' && depth < MAX_CAUSE_DEPTH; depth++) {
      const n = node as { reason?: unknown; name?: unknown; type?: unknown; cause?: unknown; error?: unknown }
      if (typeof n.reason === 'string' && REFUSAL_KINDS[n.reason]) return REFUSAL_KINDS[n.reason]!
      if (typeof n.name === 'string' && MEDIA_ERROR_KINDS[n.name]) return MEDIA_ERROR_KINDS[n.name]!
      if (n.type === 'permissions') return 'microphoneBlocked'
      if (n.type === 'not-found') return 'microphoneMissing'
      node = n.cause ?? n.error
    }
    const code = typeof event?.type === 'string' ? event.type : undefined
    if (code && CODE_KINDS[code]) return CODE_KINDS[code]
  } catch {
    /* a hostile or odd payload: unknown */
  }
  return 'unknown'
}

/**
 * `endedReason` values (vendored openapi/ document, `ServerMessageStatusUpdate.endedReason`) that mean the
 * assistant ended the call on purpose.
 */
export const ASSISTANT_ENDED_REASONS: ReadonlySet<string> = new Set([
  'assistant-ended-call',
  'assistant-said-end-call-phrase',
  'assistant-ended-call-after-message-spoken',
  'assistant-ended-call-with-hangup-task',
  'assistant-forwarded-call',
])

/** The other `endedReason` values the widget names (vendored openapi/ document, `ServerMessageStatusUpdate`). */
export const NAMED_ENDED_REASONS = {
  maxDuration: 'exceeded-max-duration',
  silenceTimedOut: 'silence-timed-out',
  manuallyCanceled: 'manually-canceled',
  customerEnded: 'customer-ended-call',
} as const

/**
 * The kind of a call's `endedReason` (from a `status-update` message with `status: 'ended'`), or `null` when
 * the ending needs no explanation (the visitor ended it: `customer-ended-call`, `customer-did-not-give-microphone-permission`
 * is explained by the start failure instead, an unknown reason without "error" in it).
 */
export function classifyEndedReason(reason: unknown): ProblemKind | null {
  if (typeof reason !== 'string' || reason === '') return null
  if (ASSISTANT_ENDED_REASONS.has(reason)) return 'assistantEnded'
  if (reason === NAMED_ENDED_REASONS.maxDuration) return 'maxDuration'
  if (reason === NAMED_ENDED_REASONS.silenceTimedOut) return 'silenceTimedOut'
  if (reason.startsWith('customer-') || reason === NAMED_ENDED_REASONS.manuallyCanceled) return null
  if (/error|fault|failed/i.test(reason)) return 'endedByError'
  return null
}
