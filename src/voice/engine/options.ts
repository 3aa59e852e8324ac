/**
 * What a {@link import('./VoiceCall').VoiceCall} can be configured with, and the defaults it resolves to.
 * @module
 */
import { type AudioSink, domAudioSink } from './audio'
import { type Clock, systemClock } from './clock'
import { DEFAULT_API_BASE_URL, DEFAULT_END_GRACE_MS, DEFAULT_START_TIMEOUT_MS } from './constants'
import {
  type CallObjectFactory,
  type CallObjectOptions,
  type DailyConfig,
  createDailyCallObject,
  safeCallObjectOptions,
  safeDailyConfig,
} from './daily'
import { type PendingStart, sameJson } from './prestart'
import { type CreateWebCall, platformWebCall } from './web-call'

/** Where the engine logs: state changes (`debug`), settings corrections (`warn`), swallowed errors (`error`). */
export interface EngineLogger {
  debug(...args: unknown[]): void
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

/** Options of {@link import('./VoiceCall').VoiceCall}. Everything that touches the outside world can be injected. */
export interface VoiceCallOptions {
  /** The platform *public* key: the bearer token of `POST /call/web`. Held by this engine only. */
  publicKey: string
  /** API origin for the default web-call creation. @default 'https://api.vapi.ai' */
  apiBaseUrl?: string
  /** `fetch` for the default web-call creation. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Creates the web call. @default the platform client's `createWebCall`, imported on first start */
  createWebCall?: CreateWebCall
  /** Creates the Daily call object. @default daily-js's `createCallObject`, imported inside `start()` */
  createCallObject?: CallObjectFactory
  /** Daily advanced config; `alwaysIncludeMicInPermissionPrompt: false` is removed with a warning (SPEC §5). */
  dailyConfig?: DailyConfig
  /** Call-object options; `audioSource: false` becomes `true` with a warning (SPEC §5). */
  callObjectOptions?: CallObjectOptions
  /** Clock and timers. @default Date.now and global timers */
  clock?: Clock
  /** Whether to wait 1000 ms before joining (SPEC §9). @default a user-agent test; false without `navigator` */
  isMobile?: () => boolean
  /** Time (ms) from `start()` to the "listening" message before the call fails with `start-timeout`; 0 = never. @default 30000 */
  startTimeoutMs?: number
  /** Time (ms) `end()` waits for the server to close the room after sending end-call. @default 1000 */
  endGraceMs?: number
  /** Noise cancellation during audio-processing-setup (SPEC §9). @default true */
  noiseCancellation?: boolean
  /** Plays the assistant's audio track. @default one hidden `<audio>` per participant in `document.body` */
  audioSink?: AudioSink
  /** Logger. @default console */
  logger?: EngineLogger
  /**
   * A start begun at the mic press by the widget (`prestartWebCall`): the first `start()` takes over its
   * pending `POST /call/web` response (when the request it sent is the one this start would send, same URL and
   * body) instead of sending a second request, and holds its microphone stream live until Daily has joined
   * (so Daily's own request for the microphone needs no second prompt), then stops it. A refused microphone
   * fails the `daily-call-join` stage. Used by the default web-call creation only (not with `createWebCall`).
   */
  pendingStart?: PendingStart
  /**
   * `roomDeleteOnUserLeaveEnabled` of every start that does not set it (see `StartOptions`); `false` keeps the
   * room when the page goes, so the next page can `reconnect(webCall)`. @default unset (the platform's `true`)
   */
  roomDeleteOnUserLeaveEnabled?: boolean
}

/** {@link VoiceCallOptions} with every default applied and every setting made safe (SPEC §5). */
export interface ResolvedOptions {
  readonly createWebCall: CreateWebCall
  readonly createCallObject: CallObjectFactory
  readonly dailyConfig: DailyConfig
  readonly callObjectOptions: CallObjectOptions
  readonly clock: Clock
  readonly isMobile: () => boolean
  readonly startTimeoutMs: number
  readonly endGraceMs: number
  readonly noiseCancellation: boolean
  readonly sink: AudioSink
  readonly log: EngineLogger
  /** The pending start of {@link VoiceCallOptions.pendingStart}, until a start takes it. */
  pendingStart: PendingStart | undefined
  readonly roomDeleteOnUserLeaveEnabled: boolean | undefined
}

const MOBILE_UA = /android|iphone|ipad|ipod|iemobile|blackberry|bada/i

/** Applies the defaults of {@link VoiceCallOptions}; warns (through the logger) about corrected settings. Touches no browser global. */
export function resolveOptions(options: VoiceCallOptions): ResolvedOptions {
  const log = options.logger ?? console
  return {
    log,
    createWebCall:
      options.createWebCall ??
      platformWebCall({
        token: options.publicKey,
        baseUrl: options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
        fetch: options.pendingStart ? takeOverFetch(options.pendingStart, options.fetch, log) : options.fetch,
      }),
    createCallObject: options.createCallObject ?? createDailyCallObject,
    dailyConfig: safeDailyConfig(options.dailyConfig, log),
    callObjectOptions: safeCallObjectOptions(options.callObjectOptions, log),
    clock: options.clock ?? systemClock,
    isMobile: options.isMobile ?? (() => typeof navigator !== 'undefined' && MOBILE_UA.test(navigator.userAgent ?? '')),
    startTimeoutMs: options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
    endGraceMs: options.endGraceMs ?? DEFAULT_END_GRACE_MS,
    noiseCancellation: options.noiseCancellation ?? true,
    sink: options.audioSink ?? domAudioSink,
    pendingStart: options.pendingStart,
    roomDeleteOnUserLeaveEnabled: options.roomDeleteOnUserLeaveEnabled,
  }
}

/**
 * A `fetch` that answers the first `POST /call/web` identical to the pending one (URL and JSON body) with the
 * pending response, so the platform client parses it and maps its errors exactly as for its own request; the
 * caller's abort signal aborts the pending request. Any other request, or a different body (logged, and the
 * pending one cancelled), goes to `base`.
 */
function takeOverFetch(pending: PendingStart, base: typeof fetch | undefined, log: EngineLogger): typeof fetch {
  const real: typeof fetch = base ?? ((input, init) => globalThis.fetch(input, init))
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!pending.taken && init?.method === 'POST' && url === pending.url) {
      pending.taken = true
      if (sameJson(init.body, pending.body)) {
        const signal = init.signal
        if (signal?.aborted) pending.cancel()
        else signal?.addEventListener('abort', () => pending.cancel(), { once: true })
        return pending.response
      }
      log.warn('[voice] the call started at the press differs from this start; sending this one instead')
      pending.cancel()
    }
    return real(input, init)
  }
}
