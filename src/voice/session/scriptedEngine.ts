import { TypedEmitter } from '../engine/emitter'
import type { VoiceCallEvents } from '../engine/events'
import type { VapiClientMessage, VapiMessage } from '../engine/messages'
import type { VoiceEngineLike } from './types'

/** One step of a script: after `at` ms from `start()`, emit `event` with `args`. */
export type ScriptStep = {
  [E in keyof VoiceCallEvents]: { at: number; event: E; args: Parameters<VoiceCallEvents[E]> }
}[keyof VoiceCallEvents]

/** Options of {@link ScriptedVoiceEngine}. */
export interface ScriptedEngineOptions {
  /** Steps played after `start()`. @default {@link DEMO_SCRIPT} */
  script?: ScriptStep[]
  /** Make `start()` resolve `null` after `failAfterMs` (a failed start). */
  failStart?: boolean
  /** Delay of a failed start, in ms. @default 300 */
  failAfterMs?: number
  /** Keep `start()` pending forever (the connecting state in stories). @default false */
  hang?: boolean
  /**
   * While a call runs, also emit steps posted to this window as `{ voiceosScript: { event, args } }` (a
   * `message` event whose source is the window itself): how end-to-end tests send tool calls to a page whose
   * engine they cannot reach. @default false
   */
  windowMessages?: boolean
}

/** The `data` of a window message that {@link ScriptedVoiceEngine} replays (with `windowMessages`). */
export interface ScriptWindowMessage {
  voiceosScript: { event: keyof VoiceCallEvents; args: unknown[] }
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
 * A call engine that plays a script instead of calling the platform: the e2e build's engine
 * (`VITE_VOICE_ENGINE=scripted`) and the widget stories' engine. Never the production default.
 * `stop()` clears pending steps and emits `call-end` once, like the real engine.
 */
export class ScriptedVoiceEngine extends TypedEmitter<VoiceCallEvents> implements VoiceEngineLike {
  readonly #options: ScriptedEngineOptions
  #timers: ReturnType<typeof setTimeout>[] = []
  #active = false
  /** Arguments of every `start()` call (assertions in tests). */
  readonly starts: { assistant: string; overrides: Record<string, unknown> | undefined }[] = []
  /** Every client message sent during a call, in order (page maps, command results). */
  readonly sent: VapiClientMessage[] = []

  constructor(options: ScriptedEngineOptions = {}) {
    super()
    this.#options = options
  }

  /** Whether a call is in progress. */
  get active(): boolean {
    return this.#active
  }

  /** Emits an event now (drive the engine by hand from a story or test). */
  emitNow<E extends keyof VoiceCallEvents>(event: E, ...args: Parameters<VoiceCallEvents[E]>): void {
    this.emit(event, ...args)
  }

  async start(assistant: string, overrides?: Record<string, unknown>): Promise<unknown> {
    if (this.#active) return null
    this.starts.push({ assistant, overrides })
    this.#active = true
    if (this.#options.windowMessages && typeof window !== 'undefined')
      window.addEventListener('message', this.#onWindowMessage)
    if (this.#options.hang) return new Promise(() => {})
    if (this.#options.failStart) {
      await new Promise((r) => this.#timers.push(setTimeout(r, this.#options.failAfterMs ?? 300)))
      this.#active = false
      if (typeof window !== 'undefined') window.removeEventListener('message', this.#onWindowMessage)
      return null
    }
    for (const step of this.#options.script ?? DEMO_SCRIPT) {
      this.#timers.push(setTimeout(() => this.playStep(step), step.at))
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
   */
  send(message: VapiClientMessage): boolean {
    if (!this.#active) return false
    this.sent.push(message)
    const win = globalThis.window as (Window & typeof globalThis) | undefined
    if (win && typeof win.dispatchEvent === 'function' && typeof win.CustomEvent === 'function') {
      win.dispatchEvent(new win.CustomEvent(SCRIPTED_SEND_EVENT, { detail: message }))
    }
    return true
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
