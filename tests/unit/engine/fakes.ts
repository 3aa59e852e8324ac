/**
 * Test doubles for the call engine: a scripted fake Daily call object (records the calls made on it, emits
 * Daily's events), a hand-driven clock, and an event recorder.
 */
import type { DailyNetworkConnectivityTestStats, DailyWebsocketConnectivityTestResults } from '@daily-co/daily-js'
import type { Clock } from '../../../src/voice/engine'

type Handler = (event?: unknown) => void

/** Methods of the fake that a test can make fail (reject or throw). */
export type FailingMethod =
  | 'join'
  | 'startRecording'
  | 'startRemoteParticipantsAudioLevelObserver'
  | 'startLocalAudioLevelObserver'
  | 'updateInputSettings'
  /** Only `updateInputSettings` that asks for noise cancellation (Krisp failing to start: `KrispInitError: Canceled`). */
  | 'noiseCancellation'
  | 'destroy'
  | 'testNetworkConnectivity'
  | 'testWebsocketConnectivity'

/** A scripted stand-in for daily-js's call object. */
export class FakeDailyCall {
  /** Every method call, in order: `[name, ...args]` (on/off excluded; see `listenerCount`). */
  readonly calls: [string, ...unknown[]][] = []
  readonly #listeners = new Map<string, Set<Handler>>()
  /** Per-method failures. */
  readonly fail: Partial<Record<FailingMethod, Error>> = {}
  /** What `join()` resolves with (Daily resolves with the participants object). */
  joinResult: unknown = { local: { session_id: 'local-1', local: true, user_name: 'me' } }
  /** When set, `join()` waits for this before resolving. */
  joinGate: Promise<void> | undefined
  /** When set, called by `join()` after joining-meeting (e.g. to emit Daily's error + left-meeting). */
  duringJoin: ((call: FakeDailyCall) => void) | undefined
  joined = false
  destroyed = false
  /**
   * daily-js's app-message limit of this call, in characters of `JSON.stringify(data)`: 4096 until joined, then
   * what the room's join answer says ({@link roomMaxAppMessageSize}), 4096 again after leaving (daily-js 0.87.0).
   */
  _maxAppMessageSize = 4096
  /** The limit the room's join answer carries (`internal._maxAppMessageSize`); `undefined`: daily-js's 4096. */
  roomMaxAppMessageSize: number | undefined
  localAudioOn = true
  /** Options the factory was called with. */
  constructor(readonly options: unknown) {}

  on(event: string, handler: Handler): this {
    let set = this.#listeners.get(event)
    if (!set) this.#listeners.set(event, (set = new Set()))
    set.add(handler)
    return this
  }

  once(event: string, handler: Handler): this {
    const wrapper: Handler = (e) => {
      this.off(event, wrapper)
      handler(e)
    }
    return this.on(event, wrapper)
  }

  off(event: string, handler: Handler): this {
    const set = this.#listeners.get(event)
    set?.delete(handler)
    if (set?.size === 0) this.#listeners.delete(event)
    return this
  }

  /** Total number of handlers registered on this call object. */
  listenerCount(event?: string): number {
    if (event) return this.#listeners.get(event)?.size ?? 0
    let n = 0
    for (const set of this.#listeners.values()) n += set.size
    return n
  }

  /** Emits a Daily event with `action` filled in, like daily-js does. */
  emit(event: string, payload: Record<string, unknown> = {}): void {
    for (const handler of [...(this.#listeners.get(event) ?? [])]) handler({ action: event, ...payload })
  }

  iframe(): null {
    this.calls.push(['iframe'])
    return null
  }

  async join(options: unknown): Promise<unknown> {
    this.calls.push(['join', options])
    this.emit('loading')
    this.emit('loaded')
    this.emit('joining-meeting')
    if (this.joinGate) await this.joinGate
    this.duringJoin?.(this)
    if (this.fail.join) {
      this.emit('error', { errorMsg: this.fail.join.message })
      this.emit('left-meeting')
      throw this.fail.join
    }
    this.joined = true
    this._maxAppMessageSize = this.roomMaxAppMessageSize || 4096
    this.emit('joined-meeting', { participants: this.joinResult })
    return this.joinResult
  }

  async leave(): Promise<void> {
    this.calls.push(['leave'])
    this._maxAppMessageSize = 4096
    if (this.joined) {
      this.joined = false
      this.emit('left-meeting')
    }
  }

  async destroy(): Promise<void> {
    this.calls.push(['destroy'])
    if (this.fail.destroy) throw this.fail.destroy
    this._maxAppMessageSize = 4096
    if (this.joined) {
      this.joined = false
      this.emit('left-meeting')
    }
    this.destroyed = true
    this.emit('call-instance-destroyed')
  }

  updateParticipant(sessionId: string, update: unknown): this {
    this.calls.push(['updateParticipant', sessionId, update])
    return this
  }

  /**
   * daily-js 0.87.0's `sendAppMessage`, as strict: only once joined (`sendAppMessage() only supported after
   * join.`), and never above the call's limit: `JSON.stringify(data).length > _maxAppMessageSize` throws
   * `Message data too large. Max size is <limit>`. A refused message is recorded as `sendAppMessage:refused`.
   */
  sendAppMessage(data: unknown, to?: string): this {
    const refuse = (message: string) => {
      this.calls.push(['sendAppMessage:refused', data, message])
      throw new Error(message)
    }
    if (!this.joined) refuse('sendAppMessage() only supported after join.')
    if (JSON.stringify(data).length > this._maxAppMessageSize)
      refuse(`Message data too large. Max size is ${this._maxAppMessageSize}`)
    this.calls.push(to === undefined ? ['sendAppMessage', data] : ['sendAppMessage', data, to])
    return this
  }

  startRecording(options: unknown): void {
    this.calls.push(['startRecording', options])
    if (this.fail.startRecording) throw this.fail.startRecording
  }

  stopRecording(): void {
    this.calls.push(['stopRecording'])
  }

  async startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void> {
    this.calls.push(['startRemoteParticipantsAudioLevelObserver', interval])
    if (this.fail.startRemoteParticipantsAudioLevelObserver) throw this.fail.startRemoteParticipantsAudioLevelObserver
  }

  async startLocalAudioLevelObserver(interval?: number): Promise<void> {
    this.calls.push(['startLocalAudioLevelObserver', interval])
    if (this.fail.startLocalAudioLevelObserver) throw this.fail.startLocalAudioLevelObserver
  }

  stopLocalAudioLevelObserver(): void {
    this.calls.push(['stopLocalAudioLevelObserver'])
  }

  /** What Daily's TURN test resolves with. */
  networkConnectivity: DailyNetworkConnectivityTestStats = { result: 'passed' }
  /** What Daily's websocket test resolves with. */
  websocketConnectivity: DailyWebsocketConnectivityTestResults = {
    result: 'passed',
    abortedRegions: [],
    failedRegions: [],
    passedRegions: ['eu-central-1'],
  }

  async testNetworkConnectivity(track: unknown): Promise<DailyNetworkConnectivityTestStats> {
    this.calls.push(['testNetworkConnectivity', track])
    if (this.fail.testNetworkConnectivity) throw this.fail.testNetworkConnectivity
    return this.networkConnectivity
  }

  async testWebsocketConnectivity(): Promise<DailyWebsocketConnectivityTestResults> {
    this.calls.push(['testWebsocketConnectivity'])
    if (this.fail.testWebsocketConnectivity) throw this.fail.testWebsocketConnectivity
    return this.websocketConnectivity
  }

  updateInputSettings(settings: unknown): Promise<unknown> {
    this.calls.push(['updateInputSettings', settings])
    if (this.fail.updateInputSettings) return Promise.reject(this.fail.updateInputSettings)
    const type = (settings as { audio?: { processor?: { type?: unknown } } } | undefined)?.audio?.processor?.type
    if (this.fail.noiseCancellation && type === 'noise-cancellation') return Promise.reject(this.fail.noiseCancellation)
    return Promise.resolve({ inputSettings: settings })
  }

  setLocalAudio(enabled: boolean): this {
    this.calls.push(['setLocalAudio', enabled])
    this.localAudioOn = enabled
    return this
  }

  localAudio(): boolean {
    return this.localAudioOn
  }

  async setInputDevicesAsync(devices: unknown): Promise<unknown> {
    this.calls.push(['setInputDevicesAsync', devices])
    return {}
  }

  async setOutputDeviceAsync(device: unknown): Promise<unknown> {
    this.calls.push(['setOutputDeviceAsync', device])
    return {}
  }

  // ── scripted server side ──
  /** The assistant joins the room (Daily's participant-joined for "Vapi Speaker"). */
  speakerJoins(id = 'speaker-1'): void {
    this.emit('participant-joined', { participant: { session_id: id, user_name: 'Vapi Speaker', local: false } })
  }
  /** A track of a participant starts. */
  trackStarts(kind: 'audio' | 'video', id = 'speaker-1', userName = 'Vapi Speaker'): void {
    this.emit('track-started', {
      participant: { session_id: id, user_name: userName, local: false },
      track: { kind, id: `${kind}-${id}` },
      type: kind,
    })
  }
  /** An app message from the server. */
  appMessage(data: unknown): void {
    this.emit('app-message', { data, fromId: 'speaker-1' })
  }
  /** One tick of the remote audio level observer. */
  levels(participantsAudioLevel: Record<string, number>): void {
    this.emit('remote-participants-audio-level', { participantsAudioLevel })
  }
  /** The room closes under the customer (server ended the call, network gone): Daily's left-meeting. */
  roomCloses(): void {
    this.joined = false
    this.emit('left-meeting')
  }
}

/** A factory that records every fake it creates. */
export function fakeDaily(configure?: (call: FakeDailyCall) => void) {
  const created: FakeDailyCall[] = []
  const factory = (options: unknown) => {
    const call = new FakeDailyCall(options)
    configure?.(call)
    created.push(call)
    return call
  }
  return {
    created,
    factory,
    get last(): FakeDailyCall {
      const call = created[created.length - 1]
      if (!call) throw new Error('no call object created')
      return call
    },
  }
}

/** A clock driven by `advance()`; counts pending timers. */
export class FakeClock implements Clock {
  t = 1_700_000_000_000
  #next = 1
  readonly timers = new Map<number, { at: number; fn: () => void }>()
  now(): number {
    return this.t
  }
  setTimeout(fn: () => void, ms: number): number {
    const id = this.#next++
    this.timers.set(id, { at: this.t + ms, fn })
    return id
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }
  /** Moves time forward by `ms`, firing due timers in order. */
  advance(ms: number): void {
    const target = this.t + ms
    for (;;) {
      let due: [number, { at: number; fn: () => void }] | undefined
      for (const entry of this.timers) if (entry[1].at <= target && (!due || entry[1].at < due[1].at)) due = entry
      if (!due) break
      this.timers.delete(due[0])
      this.t = due[1].at
      due[1].fn()
    }
    this.t = target
  }
}

/** A logger that records instead of printing. */
export function quietLogger() {
  const lines: [string, ...unknown[]][] = []
  return {
    lines,
    debug: (...a: unknown[]) => void lines.push(['debug', ...a]),
    warn: (...a: unknown[]) => void lines.push(['warn', ...a]),
    error: (...a: unknown[]) => void lines.push(['error', ...a]),
  }
}

/** The public events both the engine and the reference emit. */
export const PUBLIC_EVENTS = [
  'call-start-progress',
  'call-start-success',
  'call-start-failed',
  'call-start',
  'call-end',
  'speech-start',
  'speech-end',
  'volume-level',
  'message',
  'error',
  'audio',
  'video',
] as const

interface Emitterish {
  on(event: string, listener: (...args: never[]) => void): unknown
}

/**
 * Records events as short strings: `call-start-progress:<stage>:<status>`, `message:<type>[:<status>]`,
 * `error:<type>`, `volume-level:<n>`, else the name.
 */
export function record(emitter: Emitterish, events: readonly string[] = PUBLIC_EVENTS): string[] {
  const log: string[] = []
  for (const name of events) {
    emitter.on(name, (arg?: Record<string, unknown> | number) => {
      if (name === 'call-start-progress' && typeof arg === 'object') log.push(`${name}:${arg.stage}:${arg.status}`)
      else if (name === 'message' && typeof arg === 'object')
        log.push(['message', arg.type, arg.status, arg.transcriptType].filter((x) => x !== undefined).join(':'))
      else if (name === 'error' && typeof arg === 'object') log.push(`error:${String(arg.type)}`)
      else if (name === 'volume-level') log.push(`volume-level:${Number(arg).toFixed(2)}`)
      else log.push(name)
    })
  }
  return log
}

/** Lets pending promise callbacks run. */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve()
}

export const WEB_CALL = {
  id: 'call-1',
  webCallUrl: 'https://vapi.daily.co/room-1',
  artifactPlan: { videoRecordingEnabled: false },
  assistant: { voice: { provider: '11labs' } },
}
