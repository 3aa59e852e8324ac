import { appMessageSize, DAILY_MAX_APP_MESSAGE_SIZE } from '../engine/appMessage'
import { TypedEmitter } from '../engine/emitter'
import { AppMessageTooLargeError } from '../engine/errors'
import type { VoiceCallErrorEvent } from '../engine/events'
import type { VapiClientMessage, VapiMessage } from '../engine/messages'
import type { VoiceEngineLike, WidgetEngineEvents } from './types'

/**
 * One step of a script: after `at` ms from `start()` (or from the `send()` that `replies` answered), emit
 * `event` with `args`. Any event of the widget's engine map, including the contract's additions
 * (`local-volume-level`, `network-quality-change`, `network-connection`) whether or not the real engine has them yet.
 */
export type ScriptStep = {
  [E in keyof WidgetEngineEvents]: { at: number; event: E; args: Parameters<WidgetEngineEvents[E]> }
}[keyof WidgetEngineEvents]

/** Options of {@link ScriptedVoiceEngine}. */
export interface ScriptedEngineOptions {
  /** Steps played after `start()`. @default {@link DEMO_SCRIPT} */
  script?: ScriptStep[]
  /**
   * Make `start()` resolve `null` after `failAfterMs` (a failed start); the script's steps due before then are
   * played (e.g. `call-start-progress` stages), and `startError`, if given, is emitted as `error` first.
   */
  failStart?: boolean
  /** Delay of a failed start, in ms. @default 300 */
  failAfterMs?: number
  /** The `error` event a failed start emits before resolving `null` (as the real engine does). @default none */
  startError?: VoiceCallErrorEvent
  /** Keep `start()` pending forever (the connecting state in stories); the script still plays. @default false */
  hang?: boolean
  /**
   * Steps to play in answer to a client message sent during a call (`at` counts from the send), e.g. the
   * assistant's transcript and a tool call after the visitor's typed `add-message`. @default none
   */
  replies?: (message: VapiClientMessage) => ScriptStep[]
  /**
   * While a call runs, also emit steps posted to this window as `{ voiceosScript: { event, args } }` (a
   * `message` event whose source is the window itself): how end-to-end tests send tool calls to a page whose
   * engine they cannot reach. @default false
   */
  windowMessages?: boolean
  /**
   * The call's app-message limit, in characters as daily-js measures them (src/voice/engine/appMessage.ts): a
   * larger message makes `send()` throw, as the real engine does. @default 4096 (daily-js's default)
   */
  appMessageLimit?: number
}

/** The `data` of a window message that {@link ScriptedVoiceEngine} replays (with `windowMessages`). */
export interface ScriptWindowMessage {
  voiceosScript: { event: keyof WidgetEngineEvents; args: unknown[] }
}

const transcript = (text: string, transcriptType: 'partial' | 'final'): VapiMessage => ({
  type: 'transcript',
  role: 'user',
  transcriptType,
  transcript: text,
})

/** The default demo: the assistant answers, the visitor starts speaking (partial transcript). */
export const DEMO_SCRIPT: ScriptStep[] = [
  { at: 400, event: 'call-start', args: [] },
  { at: 900, event: 'message', args: [transcript('Show me', 'partial')] },
  { at: 1300, event: 'message', args: [transcript('Show me the pricing', 'partial')] },
]

/** Event the scripted engine dispatches on `window` for each client message it is asked to send. */
export const SCRIPTED_SEND_EVENT = 'voiceos:scripted-send'
/**
 * Event the scripted engine dispatches on `window` at each `start()`, as the real engine's start request would
 * carry them (`detail`: `{ assistant, overrides }`, the call's `assistantOverrides`).
 */
export const SCRIPTED_START_EVENT = 'voiceos:scripted-start'
/** Event the scripted engine dispatches on `window` when the microphone is muted or unmuted (`detail`: muted). */
export const SCRIPTED_MUTE_EVENT = 'voiceos:scripted-mute'

/**
 * A call engine that plays a script instead of calling the platform: the e2e build's engine
 * (`VITE_VOICE_ENGINE=scripted`) and the widget stories' engine. Never the production default.
 * `stop()` clears pending steps and emits `call-end` once, like the real engine.
 */
export class ScriptedVoiceEngine extends TypedEmitter<WidgetEngineEvents> implements VoiceEngineLike {
  readonly #options: ScriptedEngineOptions
  #timers: ReturnType<typeof setTimeout>[] = []
  #active = false
  /** Arguments of every `start()` call (assertions in tests). */
  readonly starts: { assistant: string; overrides: Record<string, unknown> | undefined }[] = []
  /** Every client message sent during a call, in order (page maps, command results). */
  readonly sent: VapiClientMessage[] = []
  /** Every `setMuted()` argument during a call, in order. */
  readonly mutes: boolean[] = []
  /** When `true`, `send()` refuses every message (returns `false`, records nothing): a send that fails. */
  failSends = false
  #muted = false

  constructor(options: ScriptedEngineOptions = {}) {
    super()
    this.#options = options
  }

  /** Whether a call is in progress. */
  get active(): boolean {
    return this.#active
  }

  /** Emits an event now (drive the engine by hand from a story or test). */
  emitNow<E extends keyof WidgetEngineEvents>(event: E, ...args: Parameters<WidgetEngineEvents[E]>): void {
    this.emit(event, ...args)
  }

  async start(assistant: string, overrides?: Record<string, unknown>): Promise<unknown> {
    if (this.#active) return null
    this.starts.push({ assistant, overrides })
    dispatch(SCRIPTED_START_EVENT, { assistant, overrides })
    this.#active = true
    if (this.#options.windowMessages && typeof window !== 'undefined')
      window.addEventListener('message', this.#onWindowMessage)
    this.#muted = false
    const { hang, failStart } = this.#options
    for (const step of this.#options.script ?? (hang || failStart ? [] : DEMO_SCRIPT)) {
      this.#timers.push(setTimeout(() => this.playStep(step), step.at))
    }
    if (hang) return new Promise(() => {})
    if (failStart) {
      await new Promise((r) => this.#timers.push(setTimeout(r, this.#options.failAfterMs ?? 300)))
      this.#timers.forEach(clearTimeout)
      this.#timers = []
      if (this.#options.startError) this.emit('error', this.#options.startError)
      this.#active = false
      if (typeof window !== 'undefined') window.removeEventListener('message', this.#onWindowMessage)
      return null
    }
    return { id: `scripted-${this.starts.length}`, webCallUrl: 'about:blank' }
  }

  /** Replays a step posted to the window by the page itself (never by another frame or origin). */
  readonly #onWindowMessage = (e: MessageEvent): void => {
    if (!this.#active || e.source !== window) return
    const step = (e.data as Partial<ScriptWindowMessage> | null)?.voiceosScript
    if (!step || typeof step.event !== 'string' || !Array.isArray(step.args)) return
    this.playStep({ at: 0, event: step.event, args: step.args } as ScriptStep)
  }

  /** Emits one script step. */
  private playStep(step: ScriptStep): void {
    ;(this.emit as (event: string, ...args: unknown[]) => boolean)(step.event, ...step.args)
  }

  /**
   * Records a client message sent during a call (like the real engine, nothing goes out between calls) and,
   * in a browser, dispatches it as a `voiceos:scripted-send` event on `window` (`detail`: the message) so
   * end-to-end tests can read what the assistant was told.
   * @returns whether a call was in progress.
   * @throws {AppMessageTooLargeError} above {@link appMessageLimit}, as the real engine.
   */
  send(message: VapiClientMessage): boolean {
    if (!this.#active || this.failSends) return false
    const limit = this.appMessageLimit()
    const size = appMessageSize(message)
    if (size > limit) throw new AppMessageTooLargeError(size, limit)
    this.sent.push(message)
    dispatch(SCRIPTED_SEND_EVENT, message)
    for (const step of this.#options.replies?.(message) ?? []) {
      this.#timers.push(setTimeout(() => this.playStep(step), step.at))
    }
    return true
  }

  /** The call's app-message limit (option `appMessageLimit`, default 4096), in characters. */
  appMessageLimit(): number {
    return this.#options.appMessageLimit ?? DAILY_MAX_APP_MESSAGE_SIZE
  }

  /**
   * Mutes or unmutes the microphone (recorded in {@link mutes}; in a browser also dispatched as
   * `voiceos:scripted-mute` on `window`, `detail`: muted).
   * @throws Error between calls, as the real engine's `CallObjectUnavailableError`.
   */
  setMuted(muted: boolean): void {
    if (!this.#active) throw new Error('Call object is not available.')
    this.#muted = muted
    this.mutes.push(muted)
    dispatch(SCRIPTED_MUTE_EVENT, muted)
  }

  /** Whether the microphone is muted; `false` between calls. */
  isMuted(): boolean {
    return this.#active && this.#muted
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the engine contract's stop is async; this one has nothing to wait for
  async stop(): Promise<void> {
    this.#timers.forEach(clearTimeout)
    this.#timers = []
    if (typeof window !== 'undefined') window.removeEventListener('message', this.#onWindowMessage)
    if (!this.#active) return
    this.#active = false
    this.emit('call-end')
  }
}

/** Dispatches a `CustomEvent` on `window` when there is one (end-to-end tests listen for them). */
function dispatch(type: string, detail: unknown): void {
  const win = globalThis.window as (Window & typeof globalThis) | undefined
  if (win && typeof win.dispatchEvent === 'function' && typeof win.CustomEvent === 'function') {
    win.dispatchEvent(new win.CustomEvent(type, { detail }))
  }
}
