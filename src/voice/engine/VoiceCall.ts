/**
 * The call engine's public face: the {@link VoiceCall} class, its lifecycle (start, stop, end, teardown) and
 * its in-call controls. How a start runs is `./start`; what each Daily event does is `./dailyAdapter`;
 * speech detection is `./speech`; track playback is `./tracks` (the map is in this folder's README).
 * Reference: `@vapi-ai/web` 2.7.1; differences are listed in the class docs.
 * @module
 */
import { type CallSession, newCallSession, sessionTimer } from './callSession'
import { type DailyCallLike, type InputDevices, type MeetingState, safeInputDevices } from './daily'
import { TypedEmitter } from './emitter'
import { appMessageLimitOf, appMessageSize, DAILY_MAX_APP_MESSAGE_SIZE } from './appMessage'
import {
  AppMessageTooLargeError,
  CallObjectUnavailableError,
  StartTimeoutError,
  VoiceCallError,
  type VoiceCallErrorCode,
} from './errors'
import type { StartStage, VoiceCallEvents } from './events'
import { type EngineHost, isoNow, progressEvent } from './host'
import { stopLocalLevel, syncLocalLevel } from './localLevel'
import type { VapiClientMessage } from './messages'
import { type ResolvedOptions, type VoiceCallOptions, resolveOptions } from './options'
import { runStart, type StartTarget } from './start'
import type { WebCall, WebCallPayload } from './web-call'

export type { EngineLogger, VoiceCallOptions } from './options'

/** Options of a start (the 6th argument of `start()`, as in `@vapi-ai/web` 2.7.1). */
export interface StartOptions {
  /**
   * Whether the platform deletes the call's room when the visitor leaves it (`POST /call/web`'s
   * `roomDeleteOnUserLeaveEnabled`, server default `true`). `false` keeps the call alive across a page load so
   * the next page can {@link VoiceCall.reconnect} to it; the call then ends by `end()`, by the platform's
   * end-call (Live Call Control) or by the assistant's silence/idle timeouts.
   */
  roomDeleteOnUserLeaveEnabled?: boolean
}

const ACTIVE_STATES: readonly MeetingState[] = ['loading', 'loaded', 'joining-meeting', 'joined-meeting']

/**
 * A web call with a Vapi assistant (SPEC §4 "Call-start client"). One instance runs at most one call at a time
 * and can be reused after the call ends.
 *
 * Lifecycle: `start()` → `call-start-progress` per stage → `call-start-success` → (app message "listening")
 * `call-start` → … → `call-end` (exactly once). Failures: `call-start-failed`, `error`, `call-end`.
 *
 * Better than the reference (`@vapi-ai/web` 2.7.1), each covered by a test:
 * - `error` with no listener never throws, and a throwing listener never leaves the engine stuck;
 * - the token and base URL belong to the instance (the reference keeps them in a module-wide client);
 * - `stop()` during `start()` aborts the web-call request and nothing fires afterwards;
 * - exactly one `call-end` on every path, and no `speech-end` after it;
 * - `end()` waits for the server to close the room (or `endGraceMs`) before destroying it;
 * - a start that never receives "listening" fails after `startTimeoutMs`;
 * - daily-js and the platform client are imported inside `start()`: importing this module touches no browser
 *   global.
 * Start-stage failures are all fatal, as SPEC §4 says (the reference continues after video-recording,
 * observer and noise-cancellation failures).
 */
export class VoiceCall extends TypedEmitter<VoiceCallEvents> {
  readonly #o: ResolvedOptions
  readonly #host: EngineHost
  #session: CallSession | null = null
  #destroying: Promise<void> = Promise.resolve()
  #meetingState: MeetingState = 'new'
  /** Playback volume set with {@link setVolume}, remembered across calls; `null`: never set. */
  #volume: number | null = null

  /**
   * @param options - see {@link VoiceCallOptions}; only `publicKey` is required. Touches no browser global.
   */
  constructor(options: VoiceCallOptions) {
    super()
    const o = (this.#o = resolveOptions(options))
    this.logger = o.log
    this.#host = {
      options: o,
      emit: (event, ...args) => this.emit(event, ...args),
      setMeetingState: (next) => this.#setMeetingState(next),
      error: (code, cause, stage) => this.#error(code, cause, stage),
      fail: (s, error) => this.#fail(s, error),
      finish: (s) => this.#finish(s),
      send: (message) => this.send(message),
      volume: () => this.#volume,
      syncLocalLevel: () => this.#syncLocalLevel(),
      destroyed: () => this.#destroying,
    }
  }

  /** Daily's meeting state of the current (or last) call: new, loading, loaded, joining-meeting, joined-meeting, left-meeting, error. */
  get meetingState(): MeetingState {
    return this.#meetingState
  }

  /** Whether a call is starting or running (a `start()` now would be ignored). */
  get started(): boolean {
    return this.#session !== null
  }

  /** The current Daily call object, or `null` between calls. */
  get dailyCallObject(): DailyCallLike | null {
    return this.#session?.call ?? null
  }

  /**
   * Starts a call (SPEC §4, §5). At least one of `assistant`, `squad`, `workflow` is required; a string is an
   * id, an object an inline definition. Reports each stage on `call-start-progress`, then `call-start-success`.
   *
   * Never rejects. Resolves with the created web call, or `null` when: a call is already started (ignored),
   * validation failed (`validation-error`), a stage failed (`call-start-failed`, `error`, `call-end`), or
   * `stop()`/`end()` was called meanwhile (nothing more is emitted).
   */
  async start(
    assistant?: WebCallPayload['assistant'],
    assistantOverrides?: WebCallPayload['assistantOverrides'],
    squad?: WebCallPayload['squad'],
    workflow?: WebCallPayload['workflow'],
    workflowOverrides?: WebCallPayload['workflowOverrides'],
    options?: StartOptions,
  ): Promise<WebCall | null> {
    const room = options?.roomDeleteOnUserLeaveEnabled ?? this.#o.roomDeleteOnUserLeaveEnabled
    return this.#begin(
      { hasAssistant: !!assistant, hasSquad: !!squad, hasWorkflow: !!workflow, isMobile: false },
      {
        payload: {
          assistant,
          assistantOverrides,
          squad,
          workflow,
          workflowOverrides,
          ...(room !== undefined && { roomDeleteOnUserLeaveEnabled: room }),
        },
      },
    )
  }

  /**
   * Rejoins an active web call (one started with `roomDeleteOnUserLeaveEnabled: false`, whose room outlives the
   * page), as `@vapi-ai/web` 2.7.1's `reconnect(webCall)`: no `POST /call/web`; stages
   * `reconnect-initialization` then the Daily stages of a start, the same events (`call-start-success`, then
   * `call-start` on "listening"). Never rejects. Resolves the web call, or `null` when a call is already started
   * (ignored; the reference throws), or the rejoin failed: `error` type `call-ended` when the platform has ended
   * the call meanwhile (Daily: the room does not exist), `reconnect-error` otherwise (a missing `webCallUrl`
   * included) — always followed by `call-end`.
   */
  async reconnect(webCall: WebCall): Promise<WebCall | null> {
    return this.#begin(
      { hasAssistant: true, hasSquad: false, hasWorkflow: false, isMobile: false, isReconnect: true },
      { webCall },
    )
  }

  async #begin(context: CallSession['context'], target: StartTarget): Promise<WebCall | null> {
    if (this.#session) {
      this.emit(
        'call-start-progress',
        progressEvent(this.#host, 'validation', 'failed', undefined, { reason: 'already-started' }),
      )
      return null
    }
    const o = this.#o
    const s = (this.#session = newCallSession(o.clock.now(), context))
    if ('webCall' in target) s.reconnect = true
    else {
      s.pending = o.pendingStart
      o.pendingStart = undefined
    }
    if (o.startTimeoutMs > 0) {
      s.startTimer = sessionTimer(
        o.clock,
        s,
        () => this.#fail(s, new StartTimeoutError(o.startTimeoutMs)),
        o.startTimeoutMs,
      )
    }
    return runStart(this.#host, s, target)
  }

  /**
   * Ends the call from the client side now: leaves and destroys the Daily call object, aborts a start in
   * progress (its web-call request included). Emits `call-end` (and the status-update "ended" once joined) if a
   * call was starting or running; nothing fires afterwards. Resolves once the call object is destroyed.
   */
  async stop(): Promise<void> {
    const s = this.#session
    if (s) this.#finish(s)
    await this.#destroying
  }

  /**
   * Asks the server to end the call (`{ type: 'end-call' }`), waits until the room closes or `endGraceMs`
   * passes, so the message goes out before the room is destroyed, then stops. Before joining it is `stop()`.
   */
  async end(): Promise<void> {
    const s = this.#session
    if (s?.joined && s.call) {
      this.send({ type: 'end-call' })
      await new Promise<void>((resolve) => {
        const previous = s.release // a concurrent end() waits too
        s.release = () => {
          previous?.()
          resolve()
        }
        sessionTimer(this.#o.clock, s, resolve, this.#o.endGraceMs)
      })
    }
    return this.stop()
  }

  /**
   * Sends a client message to the assistant as a Daily app message (its JSON text, as @vapi-ai/web 2.7.1's
   * `send`). The message must fit the call's app-message limit ({@link appMessageLimit}); src/voice/context
   * splits what does not.
   * @returns whether there was a call object to send it through (there is none between calls).
   * @throws {AppMessageTooLargeError} when the message is above the limit (daily-js would throw
   *   `Message data too large. Max size is <limit>`); daily-js's own errors (e.g. not joined yet) pass through.
   */
  send(message: VapiClientMessage): boolean {
    const call = this.#session?.call
    if (!call) return false
    const limit = appMessageLimitOf(call)
    const size = appMessageSize(message)
    if (size > limit) throw new AppMessageTooLargeError(size, limit)
    call.sendAppMessage(JSON.stringify(message))
    return true
  }

  /**
   * The largest client message the current call carries, in characters as daily-js measures it
   * (`JSON.stringify(JSON.stringify(message)).length`, `./appMessage.ts`): the room's limit once joined
   * (daily-js's `_maxAppMessageSize`), else daily-js's default {@link DAILY_MAX_APP_MESSAGE_SIZE} (4096).
   */
  appMessageLimit(): number {
    const call = this.#session?.call
    return call ? appMessageLimitOf(call) : DAILY_MAX_APP_MESSAGE_SIZE
  }

  /**
   * Makes the assistant say `message` (SPEC §3 "Say message").
   * @param endCallAfterSpoken - end the call once said.
   * @param interruptionsEnabled - whether the user may interrupt it. @default false
   * @param interruptAssistantEnabled - whether it interrupts the assistant. @default false
   */
  say(
    message: string,
    endCallAfterSpoken?: boolean,
    interruptionsEnabled = false,
    interruptAssistantEnabled = false,
  ): boolean {
    return this.send({ type: 'say', message, endCallAfterSpoken, interruptionsEnabled, interruptAssistantEnabled })
  }

  /**
   * Mutes or unmutes the microphone.
   * @throws {CallObjectUnavailableError} "Call object is not available." between calls.
   */
  setMuted(muted: boolean): void {
    this.#requireCall().setLocalAudio(!muted)
  }

  /** Whether the microphone is muted; `false` between calls. */
  isMuted(): boolean {
    const call = this.#session?.call
    return call ? call.localAudio() === false : false
  }

  /**
   * Sets the assistant's playback volume, 0..1 (as `@vapi-ai/web` 2.7.1). Remembered: it applies to the
   * player of the current call at once, to a player still starting, to a replaced track's new player and to
   * every later call of this instance. Values outside 0..1 are clamped; non-finite values (NaN, ±Infinity) are
   * ignored (the DOM throws on both). Playback only: what the assistant hears and `volume-level` are unchanged.
   */
  setVolume(volume: number): void {
    if (!Number.isFinite(volume)) return
    const v = (this.#volume = Math.min(1, Math.max(0, volume)))
    for (const player of this.#session?.players.values() ?? []) player.volume = v
  }

  /**
   * The `<audio>` element playing the assistant (the default sink's; with a custom `audioSink`, what its
   * `play()` resolved with), or `null` before the assistant's track has started and between calls. Pair with
   * the `audio` event to get it the moment it exists. Writing its `volume` directly is not remembered; use
   * {@link setVolume}.
   */
  getAudioPlayer(): HTMLAudioElement | null {
    let last: import('./audio').AudioPlayer | null = null
    for (const player of this.#session?.players.values() ?? []) last = player
    return last as HTMLAudioElement | null
  }

  /** Adds a listener; the first `local-volume-level` listener starts Daily's local level observer mid-call. */
  override on<E extends keyof VoiceCallEvents>(event: E, listener: VoiceCallEvents[E]): this {
    super.on(event, listener)
    if (event === 'local-volume-level') this.#syncLocalLevel()
    return this
  }

  /** Removes a listener; when the last `local-volume-level` listener goes, the local level observer stops. */
  override off<E extends keyof VoiceCallEvents>(event: E, listener: VoiceCallEvents[E]): this {
    super.off(event, listener)
    if (event === 'local-volume-level') this.#syncLocalLevel()
    return this
  }

  /** Removes every listener of `event` (or all); stops the local level observer when none is left for it. */
  override removeAllListeners(event?: keyof VoiceCallEvents): this {
    super.removeAllListeners(event)
    this.#syncLocalLevel()
    return this
  }

  /**
   * Switches input devices. `audioSource: false` is dropped with a warning (default device, SPEC §5).
   * @throws {CallObjectUnavailableError} "Call object is not available." between calls (as a rejection).
   */
  async setInputDevicesAsync(devices: InputDevices): Promise<void> {
    const call = this.#requireCall()
    await call.setInputDevicesAsync(safeInputDevices(devices, this.#o.log))
  }

  /**
   * Switches the audio output device.
   * @throws {CallObjectUnavailableError} "Call object is not available." between calls (as a rejection).
   */
  async setOutputDeviceAsync(device: { outputDeviceId?: string }): Promise<void> {
    await this.#requireCall().setOutputDeviceAsync(device)
  }

  // ── lifecycle ─────────────────────────────────────────────────────────────────────────────────────────────

  #requireCall(): DailyCallLike {
    const call = this.#session?.call
    if (!call) throw new CallObjectUnavailableError()
    return call
  }

  /** The one place the meeting state changes: skips repeats, logs `old -> new`, emits `meeting-state-change`. */
  #setMeetingState(next: MeetingState): void {
    const previous = this.#meetingState
    if (previous === next) return
    this.#meetingState = next
    this.#o.log.debug(`[voice] meeting state ${previous} -> ${next}`)
    this.emit('meeting-state-change', next, previous)
  }

  #syncLocalLevel(): void {
    syncLocalLevel(
      this.#session,
      this.listenerCount('local-volume-level') > 0,
      (error) => this.emit('local-audio-level-observer-error', error),
      this.#o.log,
    )
  }

  #error(code: VoiceCallErrorCode | VoiceCallError, cause?: unknown, stage?: StartStage): void {
    const error = code instanceof VoiceCallError ? code : new VoiceCallError(code, undefined, cause)
    const event = { type: error.code, message: error.message, error, timestamp: isoNow(this.#host) }
    if (!this.emit('error', stage ? { ...event, stage } : event)) this.#o.log.error('[voice]', error)
  }

  /** A start (or the wait for "listening") failed: tear down, then report, then `call-end`. No-op once ended. */
  #fail(s: CallSession, error: VoiceCallError): void {
    if (s.ended) return
    const staging = !s.succeeded
    this.#teardown(s)
    if (staging) {
      const now = this.#o.clock.now()
      this.emit(
        'call-start-progress',
        progressEvent(this.#host, s.stage, 'failed', now - s.stageAt, { error: error.message }),
      )
      this.emit('call-start-failed', {
        stage: s.stage,
        totalDuration: now - s.t0,
        error: error.message,
        ...(error.stack ? { errorStack: error.stack } : {}),
        timestamp: isoNow(this.#host),
        context: s.context,
      })
    }
    this.#error(error, undefined, staging ? s.stage : undefined)
    this.#ended(s)
  }

  /** Normal end (stop, end, left-meeting): tear down, then `call-end` and the synthetic status-update. */
  #finish(s: CallSession): void {
    if (s.ended) return
    this.#teardown(s)
    this.#ended(s)
  }

  #ended(s: CallSession): void {
    this.emit('call-end')
    if (s.joined && !s.endedStatus) {
      s.endedStatus = true
      this.emit('message', { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' })
    }
  }

  /** Releases everything the session holds, synchronously; the call object's destroy continues in the background. */
  #teardown(s: CallSession): void {
    s.ended = true
    if (this.#session === s) this.#session = null
    for (const handle of s.timers) this.#o.clock.clearTimeout(handle)
    s.timers.clear()
    s.speaking = undefined
    s.unbind?.()
    s.unbind = undefined
    for (const player of s.players.values()) player.remove()
    s.players.clear()
    s.abort.abort()
    s.release?.()
    s.pending?.cancel()
    const call = s.call
    s.call = undefined
    if (call) stopLocalLevel(s, call, this.#o.log)
    if (call) {
      const previous = this.#destroying
      this.#destroying = this.#destroy(call, s.recording && s.joined).then(() => previous)
    }
    if (ACTIVE_STATES.includes(this.#meetingState)) this.#setMeetingState('left-meeting')
  }

  async #destroy(call: DailyCallLike, stopRecording: boolean): Promise<void> {
    try {
      if (stopRecording) call.stopRecording()
    } catch (error) {
      this.#o.log.error('[voice] stopRecording failed', error)
    }
    try {
      await call.destroy()
    } catch (error) {
      this.#o.log.error('[voice] destroy failed', error)
    }
  }
}
