/**
 * The call engine: the web-call client of SPEC §4 on daily-js. Creates the web call through the platform client
 * (public key), joins the Daily room, plays the assistant, detects speech, relays messages and ends cleanly.
 * Reference: `@vapi-ai/web` 2.7.1; differences are listed in the class docs.
 * @module
 */
import { type AudioPlayer, type AudioSink, domAudioSink } from './audio'
import { type Clock, type TimerHandle, systemClock } from './clock'
import {
  AUDIO_LEVEL_INTERVAL_MS,
  DEFAULT_API_BASE_URL,
  DEFAULT_END_GRACE_MS,
  DEFAULT_START_TIMEOUT_MS,
  LISTENING_MESSAGE,
  MOBILE_JOIN_DELAY_MS,
  PLAYABLE_MESSAGE,
  RECORDING_OPTIONS,
  SPEAKER_NAME,
  SPEECH_END_DELAY_MS,
  SPEECH_THRESHOLD,
  VOLUME_LEVEL_SCALE,
} from './constants'
import {
  type CallObjectFactory,
  type CallObjectOptions,
  type DailyCallLike,
  type DailyConfig,
  type DailyEventPayloads,
  type DailyHandlers,
  type DailyParticipantLike,
  type InputDevices,
  type MeetingState,
  createDailyCallObject,
  listen,
  safeCallObjectOptions,
  safeDailyConfig,
  safeInputDevices,
} from './daily'
import { TypedEmitter } from './emitter'
import {
  CallObjectUnavailableError,
  StartTimeoutError,
  ValidationError,
  VoiceCallError,
  type VoiceCallErrorCode,
} from './errors'
import type { CallStartFailedEvent, CallStartProgressEvent, StartStage, VoiceCallEvents } from './events'
import { type VapiClientMessage, type VapiMessage, isVapiMessage } from './messages'
import { type CreateWebCall, type WebCall, type WebCallPayload, platformWebCall } from './web-call'

/** Where the engine logs: state changes (`debug`), settings corrections (`warn`), swallowed errors (`error`). */
export interface EngineLogger {
  debug(...args: unknown[]): void
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

/** Options of {@link VoiceCall}. Everything that touches the outside world can be injected. */
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
}

/** Everything one call owns; discarded whole on teardown. */
interface Session {
  readonly abort: AbortController
  readonly t0: number
  readonly context: CallStartFailedEvent['context']
  readonly timers: Set<TimerHandle>
  readonly players: Map<string, AudioPlayer>
  stage: StartStage
  stageAt: number
  call?: DailyCallLike | undefined
  unbind?: (() => void) | undefined
  recording: boolean
  video: boolean
  recordingAt: number
  joined: boolean
  succeeded: boolean
  listening: boolean
  startTimer?: TimerHandle
  speaking?: TimerHandle | undefined
  firstMessageSent: boolean
  endedStatus: boolean
  ended: boolean
  release?: (() => void) | undefined
}

const CANCELLED = Symbol('cancelled')
const ACTIVE_STATES: readonly MeetingState[] = ['loading', 'loaded', 'joining-meeting', 'joined-meeting']
const MOBILE_UA = /android|iphone|ipad|ipod|iemobile|blackberry|bada/i
const STAGE_ERROR: Partial<Record<StartStage, VoiceCallErrorCode>> = {
  initialization: 'validation-error',
  'daily-call-object-creation': 'daily-call-object-creation-error',
  'daily-call-join': 'daily-call-join-error',
  'video-recording-setup': 'video-recording-setup-error',
  'audio-observer-setup': 'audio-observer-setup-error',
  'audio-processing-setup': 'audio-processing-setup-error',
}

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
  readonly #createWebCall: CreateWebCall
  readonly #createCallObject: CallObjectFactory
  readonly #dailyConfig: DailyConfig
  readonly #callObjectOptions: CallObjectOptions
  readonly #clock: Clock
  readonly #isMobile: () => boolean
  readonly #startTimeoutMs: number
  readonly #endGraceMs: number
  readonly #noiseCancellation: boolean
  readonly #sink: AudioSink
  readonly #log: EngineLogger
  #session: Session | null = null
  #destroying: Promise<void> = Promise.resolve()
  #meetingState: MeetingState = 'new'

  /**
   * @param options - see {@link VoiceCallOptions}; only `publicKey` is required. Touches no browser global.
   */
  constructor(options: VoiceCallOptions) {
    super()
    const log = options.logger ?? console
    this.logger = this.#log = log
    this.#createWebCall =
      options.createWebCall ??
      platformWebCall({ token: options.publicKey, baseUrl: options.apiBaseUrl ?? DEFAULT_API_BASE_URL, fetch: options.fetch })
    this.#createCallObject = options.createCallObject ?? createDailyCallObject
    this.#dailyConfig = safeDailyConfig(options.dailyConfig, log)
    this.#callObjectOptions = safeCallObjectOptions(options.callObjectOptions, log)
    this.#clock = options.clock ?? systemClock
    this.#isMobile =
      options.isMobile ?? (() => typeof navigator !== 'undefined' && MOBILE_UA.test(navigator.userAgent ?? ''))
    this.#startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS
    this.#endGraceMs = options.endGraceMs ?? DEFAULT_END_GRACE_MS
    this.#noiseCancellation = options.noiseCancellation ?? true
    this.#sink = options.audioSink ?? domAudioSink
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
  ): Promise<WebCall | null> {
    if (this.#session) {
      this.emit('call-start-progress', this.#progress('validation', 'failed', undefined, { reason: 'already-started' }))
      return null
    }
    const clock = this.#clock
    const now = clock.now()
    const context = { hasAssistant: !!assistant, hasSquad: !!squad, hasWorkflow: !!workflow, isMobile: false }
    const s: Session = (this.#session = {
      abort: new AbortController(),
      t0: now,
      context,
      timers: new Set(),
      players: new Map(),
      stage: 'initialization',
      stageAt: now,
      recording: false,
      video: false,
      recordingAt: now,
      joined: false,
      succeeded: false,
      listening: false,
      firstMessageSent: false,
      endedStatus: false,
      ended: false,
    })
    if (this.#startTimeoutMs > 0) {
      s.startTimer = this.#timer(s, () => this.#fail(s, new StartTimeoutError(this.#startTimeoutMs)), this.#startTimeoutMs)
    }
    try {
      await this.#stage(
        s,
        'initialization',
        () => {
          context.isMobile = this.#isMobile()
          if (!assistant && !squad && !workflow) throw new ValidationError()
        },
        undefined,
        { hasAssistant: context.hasAssistant, hasSquad: context.hasSquad, hasWorkflow: context.hasWorkflow },
      )
      const webCall = await this.#stage(
        s,
        'web-call-creation',
        async () => {
          const payload: WebCallPayload = { assistant, assistantOverrides, squad, workflow, workflowOverrides }
          for (const k of Object.keys(payload) as (keyof WebCallPayload)[]) if (payload[k] === undefined) delete payload[k]
          const created = await this.#createWebCall(payload, { signal: s.abort.signal })
          if (!created?.webCallUrl) throw new VoiceCallError('start-method-error', 'The web call has no webCallUrl.')
          return created
        },
        (c) => ({
          callId: c.id,
          videoRecordingEnabled: !!c.artifactPlan?.videoRecordingEnabled,
          voiceProvider: c.assistant?.voice?.provider ?? 'unknown',
        }),
      )
      s.recording = !!webCall.artifactPlan?.videoRecordingEnabled
      s.video = webCall.assistant?.voice?.provider === 'tavus'
      const transport = webCall['transport'] as { callToken?: unknown } | undefined
      const token = typeof transport?.callToken === 'string' ? transport.callToken : undefined

      const call = await this.#stage(s, 'daily-call-object-creation', async () => {
        await this.#destroying // daily-js allows one call object at a time
        const created = await this.#createCallObject({
          audioSource: this.#callObjectOptions.audioSource ?? true,
          videoSource: s.recording,
          ...(this.#callObjectOptions.startAudioOff !== undefined
            ? { startAudioOff: this.#callObjectOptions.startAudioOff }
            : {}),
          dailyConfig: this.#dailyConfig,
        })
        if (s.ended) {
          void created.destroy().catch((e) => this.#log.error('[voice] destroy failed', e))
          throw CANCELLED
        }
        s.call = created
        this.#setMeetingState('new')
        created.iframe?.()?.style.setProperty('display', 'none')
        s.unbind = listen(created, this.#handlers(s, created))
        return created
      })

      const isMobile = context.isMobile
      await this.#stage(
        s,
        'mobile-permissions',
        () => (isMobile ? this.#sleep(s, MOBILE_JOIN_DELAY_MS) : undefined),
        () => ({ action: isMobile ? 'permissions-wait' : 'skipped-not-mobile' }),
        { isMobile },
      )

      const joined = await this.#stage(s, 'daily-call-join', () => {
        s.recordingAt = clock.now()
        return call.join({ url: webCall.webCallUrl, ...(token ? { token } : {}), subscribeToTracksAutomatically: false })
      })
      s.joined = true
      // Participants already in the room get no participant-joined event: subscribe to them too.
      if (joined && typeof joined === 'object') {
        for (const p of Object.values(joined as Record<string, DailyParticipantLike>)) this.#subscribe(s, call, p)
      }

      await this.#stage(
        s,
        'video-recording-setup',
        () => {
          if (!s.recording) return 'skipped-not-enabled'
          if (token) return 'auto-started-via-meeting-token'
          s.recordingAt = clock.now()
          call.startRecording(RECORDING_OPTIONS)
          return 'recording-requested'
        },
        (action) => ({ action }),
      )
      await this.#stage(s, 'audio-observer-setup', () =>
        call.startRemoteParticipantsAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS),
      )
      await this.#stage(
        s,
        'audio-processing-setup',
        async () => {
          if (!this.#noiseCancellation) return 'skipped-disabled'
          await call.updateInputSettings({ audio: { processor: { type: 'noise-cancellation' } } })
          return 'noise-cancellation'
        },
        (action) => ({ action }),
      )

      s.succeeded = true
      this.emit('call-start-success', {
        totalDuration: clock.now() - s.t0,
        callId: webCall.id,
        timestamp: this.#iso(),
      })
      return s.ended ? null : webCall
    } catch (error) {
      this.#fail(s, VoiceCallError.from(error, STAGE_ERROR[s.stage] ?? 'start-method-error'))
      return null
    }
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
        this.#timer(s, resolve, this.#endGraceMs)
      })
    }
    return this.stop()
  }

  /**
   * Sends a live-call-control message to the assistant as a Daily app message (JSON text).
   * @returns whether there was a call object to send it through (there is none between calls).
   */
  send(message: VapiClientMessage): boolean {
    const call = this.#session?.call
    if (!call) return false
    call.sendAppMessage(JSON.stringify(message))
    return true
  }

  /**
   * Makes the assistant say `message` (SPEC §3 "Say message").
   * @param endCallAfterSpoken - end the call once said.
   * @param interruptionsEnabled - whether the user may interrupt it. @default false
   * @param interruptAssistantEnabled - whether it interrupts the assistant. @default false
   */
  say(message: string, endCallAfterSpoken?: boolean, interruptionsEnabled = false, interruptAssistantEnabled = false): boolean {
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
   * Switches input devices. `audioSource: false` is dropped with a warning (default device, SPEC §5).
   * @throws {CallObjectUnavailableError} "Call object is not available." between calls (as a rejection).
   */
  async setInputDevicesAsync(devices: InputDevices): Promise<void> {
    const call = this.#requireCall()
    await call.setInputDevicesAsync(safeInputDevices(devices, this.#log))
  }

  /**
   * Switches the audio output device.
   * @throws {CallObjectUnavailableError} "Call object is not available." between calls (as a rejection).
   */
  async setOutputDeviceAsync(device: { outputDeviceId?: string }): Promise<void> {
    await this.#requireCall().setOutputDeviceAsync(device)
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────────────────────

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
    this.#log.debug(`[voice] meeting state ${previous} -> ${next}`)
    this.emit('meeting-state-change', next, previous)
  }

  #iso(): string {
    return new Date(this.#clock.now()).toISOString()
  }

  #progress(
    stage: CallStartProgressEvent['stage'],
    status: CallStartProgressEvent['status'],
    duration?: number,
    metadata?: Record<string, unknown>,
  ): CallStartProgressEvent {
    const event: CallStartProgressEvent = { stage, status, timestamp: this.#iso() }
    if (duration !== undefined) event.duration = duration
    if (metadata) event.metadata = metadata
    return event
  }

  /** Runs one start stage: `started`, the work (abortable), `completed`. A failure is thrown to `start()`. */
  async #stage<T>(
    s: Session,
    stage: StartStage,
    run: () => T | Promise<T>,
    completedMeta?: (value: T) => Record<string, unknown>,
    startedMeta?: Record<string, unknown>,
  ): Promise<T> {
    s.stage = stage
    s.stageAt = this.#clock.now()
    this.emit('call-start-progress', this.#progress(stage, 'started', undefined, startedMeta))
    if (s.ended) throw CANCELLED
    const value = await untilAborted(s.abort.signal, run)
    if (s.ended) throw CANCELLED
    this.emit(
      'call-start-progress',
      this.#progress(stage, 'completed', this.#clock.now() - s.stageAt, completedMeta?.(value)),
    )
    if (s.ended) throw CANCELLED
    return value
  }

  #timer(s: Session, fn: () => void, ms: number): TimerHandle {
    const handle = this.#clock.setTimeout(() => {
      s.timers.delete(handle)
      fn()
    }, ms)
    s.timers.add(handle)
    return handle
  }

  #clearTimer(s: Session, handle: TimerHandle | undefined): void {
    if (handle === undefined || !s.timers.delete(handle)) return
    this.#clock.clearTimeout(handle)
  }

  #sleep(s: Session, ms: number): Promise<void> {
    return new Promise((resolve) => this.#timer(s, resolve, ms))
  }

  #error(code: VoiceCallErrorCode | VoiceCallError, cause?: unknown, stage?: StartStage): void {
    const error = code instanceof VoiceCallError ? code : new VoiceCallError(code, undefined, cause)
    const event = { type: error.code, message: error.message, error, timestamp: this.#iso() }
    if (!this.emit('error', stage ? { ...event, stage } : event)) this.#log.error('[voice]', error)
  }

  /** A start (or the wait for "listening") failed: tear down, then report, then `call-end`. No-op once ended. */
  #fail(s: Session, error: VoiceCallError): void {
    if (s.ended) return
    const staging = !s.succeeded
    this.#teardown(s)
    if (staging) {
      const now = this.#clock.now()
      this.emit('call-start-progress', this.#progress(s.stage, 'failed', now - s.stageAt, { error: error.message }))
      this.emit('call-start-failed', {
        stage: s.stage,
        totalDuration: now - s.t0,
        error: error.message,
        ...(error.stack ? { errorStack: error.stack } : {}),
        timestamp: this.#iso(),
        context: s.context,
      })
    }
    this.#error(error, undefined, staging ? s.stage : undefined)
    this.#ended(s)
  }

  /** Normal end (stop, end, left-meeting): tear down, then `call-end` and the synthetic status-update. */
  #finish(s: Session): void {
    if (s.ended) return
    this.#teardown(s)
    this.#ended(s)
  }

  #ended(s: Session): void {
    this.emit('call-end')
    if (s.joined && !s.endedStatus) {
      s.endedStatus = true
      this.emit('message', { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' })
    }
  }

  /** Releases everything the session holds, synchronously; the call object's destroy continues in the background. */
  #teardown(s: Session): void {
    s.ended = true
    if (this.#session === s) this.#session = null
    for (const handle of s.timers) this.#clock.clearTimeout(handle)
    s.timers.clear()
    s.speaking = undefined
    s.unbind?.()
    s.unbind = undefined
    for (const player of s.players.values()) player.remove()
    s.players.clear()
    s.abort.abort()
    s.release?.()
    const call = s.call
    s.call = undefined
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
      this.#log.error('[voice] stopRecording failed', error)
    }
    try {
      await call.destroy()
    } catch (error) {
      this.#log.error('[voice] destroy failed', error)
    }
  }

  #subscribe(s: Session, call: DailyCallLike, p: DailyParticipantLike | undefined): void {
    if (!p || p.local || !p.session_id) return
    try {
      call.updateParticipant(p.session_id, { setSubscribedTracks: { audio: true, video: s.recording || s.video } })
    } catch (error) {
      this.#log.error('[voice] subscribing to tracks failed', error)
    }
  }

  /** The Daily adapter: one handler per Daily event, all bound to this session, all removed on teardown. */
  #handlers(s: Session, call: DailyCallLike): DailyHandlers {
    const state = (next: MeetingState) => () => this.#setMeetingState(next)
    return {
      loading: state('loading'),
      loaded: state('loaded'),
      'joining-meeting': state('joining-meeting'),
      'joined-meeting': () => {
        s.joined = true
        this.#setMeetingState('joined-meeting')
      },
      'left-meeting': () => {
        this.#setMeetingState('left-meeting')
        if (s.succeeded) this.#finish(s)
        else this.#fail(s, new VoiceCallError(STAGE_ERROR[s.stage] ?? 'start-method-error', 'The meeting was left during start.'))
      },
      error: (e) => {
        this.#setMeetingState('error')
        const error = new VoiceCallError(s.succeeded ? 'daily-error' : STAGE_ERROR[s.stage] ?? 'start-method-error', e?.errorMsg ?? e?.error?.msg ?? 'Daily error', e)
        // Daily follows a fatal error with left-meeting, which ends the call.
        if (s.succeeded) this.#error(error)
        else this.#fail(s, error)
      },
      'nonfatal-error': (e) => {
        if (e?.type !== 'audio-processor-error') return
        // SPEC §8: turn noise cancellation off and re-enable local audio.
        Promise.resolve()
          .then(() => call.updateInputSettings({ audio: { processor: { type: 'none' } } }))
          .then(() => {
            if (!s.ended) call.setLocalAudio(true)
          })
          .catch((error: unknown) => {
            if (!s.ended) this.#error('audio-processor-recovery-error', error)
          })
      },
      'app-message': (e) => this.#onAppMessage(s, e),
      'remote-participants-audio-level': (e) => this.#onLevels(s, e),
      'participant-joined': (e) => this.#subscribe(s, call, e?.participant),
      'participant-left': (e) => {
        const id = e?.participant?.session_id
        const player = id === undefined ? undefined : s.players.get(id)
        if (player && id !== undefined) {
          s.players.delete(id)
          player.remove()
        }
      },
      'track-started': (e) => void this.#onTrack(s, call, e),
      'recording-started': () => {
        if (!s.recording || s.firstMessageSent) return
        s.firstMessageSent = true
        const delaySeconds = (this.#clock.now() - s.recordingAt) / 1000
        this.emit(
          'call-start-progress',
          this.#progress('video-recording-started', 'completed', undefined, { delaySeconds }),
        )
        if (!s.ended) this.send({ type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: delaySeconds })
      },
    }
  }

  #onAppMessage(s: Session, e: DailyEventPayloads['app-message']): void {
    const data = e?.data
    if (data === LISTENING_MESSAGE) {
      if (s.listening) return
      s.listening = true
      this.#clearTimer(s, s.startTimer)
      this.emit('call-start')
      return
    }
    let message: VapiMessage
    try {
      message = typeof data === 'string' ? (JSON.parse(data) as VapiMessage) : (data as VapiMessage)
    } catch (error) {
      this.#log.warn('[voice] could not parse app message', error)
      return
    }
    if (typeof message !== 'object' || message === null) return
    if (isVapiMessage(message, 'status-update') && message.status === 'ended') s.endedStatus = true
    this.emit('message', message)
  }

  /** Speech detection (SPEC §4, §9): volume-level every observer tick, speech-start/-end around the threshold. */
  #onLevels(s: Session, e: DailyEventPayloads['remote-participants-audio-level']): void {
    let sum = 0
    for (const level of Object.values(e?.participantsAudioLevel ?? {})) sum += level
    this.emit('volume-level', Math.min(1, sum / VOLUME_LEVEL_SCALE))
    if (s.ended || !(sum > SPEECH_THRESHOLD)) return
    if (s.speaking !== undefined) this.#clearTimer(s, s.speaking)
    else {
      this.emit('speech-start')
      if (s.ended) return
    }
    s.speaking = this.#timer(
      s,
      () => {
        s.speaking = undefined
        this.emit('speech-end')
      },
      SPEECH_END_DELAY_MS,
    )
  }

  /** Only the speaker's tracks are played (SPEC §9); audio through the sink, video handed out on `video`. */
  async #onTrack(s: Session, call: DailyCallLike, e: DailyEventPayloads['track-started']): Promise<void> {
    const p = e?.participant
    const track = e?.track
    if (!p || p.local || p.user_name !== SPEAKER_NAME || !track) return
    if (track.kind === 'video') this.emit('video', track)
    else if (track.kind === 'audio') {
      let player: AudioPlayer
      try {
        player = await this.#sink.play(track, p.session_id)
      } catch (error) {
        if (!s.ended) this.#error('audio-start-failed', error)
        return
      }
      if (s.ended) return player.remove()
      s.players.get(p.session_id)?.remove()
      s.players.set(p.session_id, player)
      this.emit('audio', player)
    } else return
    if (!s.ended) call.sendAppMessage(PLAYABLE_MESSAGE)
  }
}

/** Runs `run` and settles with it, or rejects with {@link CANCELLED} as soon as `signal` aborts. */
function untilAborted<T>(signal: AbortSignal, run: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(CANCELLED)
    signal.addEventListener('abort', onAbort, { once: true })
    const done = () => signal.removeEventListener('abort', onAbort)
    new Promise<T>((r) => r(run())).then(
      (value) => {
        done()
        resolve(value)
      },
      (error: unknown) => {
        done()
        reject(error)
      },
    )
  })
}
