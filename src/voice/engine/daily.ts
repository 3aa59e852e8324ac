/**
 * The Daily adapter: the slice of daily-js's call object the engine uses, the lazy default factory, the
 * settings guards (SPEC §5) and {@link listen}, which keeps every handler reference so teardown removes all.
 * Only types are imported from daily-js at module level; the library itself is loaded inside `start()`.
 * @module
 */
import type { DailyAdvancedConfig, DailyFactoryOptions } from '@daily-co/daily-js'

/** Daily's meeting states (SPEC §4). */
export type MeetingState =
  'new' | 'loading' | 'loaded' | 'joining-meeting' | 'joined-meeting' | 'left-meeting' | 'error'

/** The part of a Daily participant the engine reads. */
export interface DailyParticipantLike {
  session_id: string
  user_name?: string
  local?: boolean
}

/** The payloads of the Daily events the engine handles (subset of daily-js's `DailyEventObject`). */
export interface DailyEventPayloads {
  loading: unknown
  loaded: unknown
  'joining-meeting': unknown
  'joined-meeting': unknown
  'left-meeting': unknown
  error: { errorMsg?: string; error?: { type?: string; msg?: string } } | undefined
  'nonfatal-error': { type?: string; errorMsg?: string } | undefined
  'app-message': { data?: unknown; fromId?: string } | undefined
  'remote-participants-audio-level': { participantsAudioLevel?: Record<string, number> } | undefined
  'participant-joined': { participant?: DailyParticipantLike } | undefined
  'participant-left': { participant?: DailyParticipantLike } | undefined
  'track-started': { participant?: DailyParticipantLike | null; track?: MediaStreamTrack } | undefined
  'recording-started': unknown
  'local-audio-level': { audioLevel?: number } | undefined
  'network-quality-change': import('@daily-co/daily-js').DailyEventObjectNetworkQualityEvent | undefined
  'network-connection': import('@daily-co/daily-js').DailyEventObjectNetworkConnectionEvent | undefined
}

/** A Daily event name the engine listens to. */
export type DailyEventName = keyof DailyEventPayloads

/** A handler per Daily event. */
export type DailyHandlers = { [E in DailyEventName]?: (event: DailyEventPayloads[E]) => void }

/**
 * The methods of daily-js's `DailyCall` that the engine calls. The real call object satisfies it; tests pass a
 * scripted fake.
 */
export interface DailyCallLike {
  join(options: { url: string; token?: string; subscribeToTracksAutomatically?: boolean }): Promise<unknown>
  destroy(): Promise<void>
  iframe?(): { style: { setProperty(name: string, value: string): void } } | null
  // `any` so daily-js's generic `on<T extends DailyEvent>(…, (e: DailyEventObject<T>) => void)` fits;
  // the engine's handlers are typed by DailyHandlers instead.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: DailyEventName, handler: (event: any) => void): unknown
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  off(event: DailyEventName, handler: (event: any) => void): unknown
  updateParticipant(sessionId: string, update: { setSubscribedTracks: { audio: boolean; video: boolean } }): unknown
  sendAppMessage(data: string, to?: string): unknown
  startRecording(options?: typeof import('./constants').RECORDING_OPTIONS): unknown
  stopRecording(): unknown
  startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void>
  /** Daily's local (microphone) level observer; emits `local-audio-level` every `interval` ms. */
  startLocalAudioLevelObserver?(interval?: number): Promise<void>
  stopLocalAudioLevelObserver?(): void
  /** Pre-call diagnostics (see `./diagnostics`): TURN relay reachability with a video track. */
  testNetworkConnectivity?(
    videoTrack: MediaStreamTrack,
  ): Promise<import('@daily-co/daily-js').DailyNetworkConnectivityTestStats>
  /** Pre-call diagnostics: Daily's websocket reachability per region. */
  testWebsocketConnectivity?(): Promise<import('@daily-co/daily-js').DailyWebsocketConnectivityTestResults>
  updateInputSettings(settings: { audio: { processor: { type: 'none' | 'noise-cancellation' } } }): Promise<unknown>
  setLocalAudio(enabled: boolean): unknown
  localAudio(): boolean
  setInputDevicesAsync(devices: InputDevices): Promise<unknown>
  setOutputDeviceAsync(device: { outputDeviceId?: string }): Promise<unknown>
}

/** Devices for `setInputDevicesAsync` (daily-js's shape). `audioSource: false` is corrected (SPEC §5). */
export interface InputDevices {
  audioDeviceId?: string | false | null
  audioSource?: MediaStreamTrack | string | boolean
  videoDeviceId?: string | false | null
  videoSource?: MediaStreamTrack | string | boolean
}

/** Advanced Daily settings accepted by the engine (passed as `dailyConfig` to the call object). */
export type DailyConfig = Pick<DailyAdvancedConfig, 'avoidEval' | 'alwaysIncludeMicInPermissionPrompt'> &
  Record<string, unknown>

/** Call-object options accepted by the engine. `audioSource: false` is corrected (SPEC §5). */
export type CallObjectOptions = Pick<DailyFactoryOptions, 'audioSource' | 'startAudioOff'>

/** What the engine passes to the call-object factory. */
export interface CallObjectFactoryOptions {
  audioSource: NonNullable<DailyFactoryOptions['audioSource']>
  videoSource: NonNullable<DailyFactoryOptions['videoSource']>
  startAudioOff?: boolean
  dailyConfig: DailyConfig
}

/** Creates a Daily call object. May be async (the default one imports daily-js on first use). */
export type CallObjectFactory = (options: CallObjectFactoryOptions) => DailyCallLike | Promise<DailyCallLike>

/** The default factory: imports daily-js lazily (its own chunk in a bundle) and calls `createCallObject`. */
export const createDailyCallObject: CallObjectFactory = async (options) => {
  const mod = await (dailyModule ??= import('@daily-co/daily-js').catch((error: unknown) => {
    dailyModule = undefined // a failed chunk load may be retried by the next start
    throw error
  }))
  // Under Node/SSR interop the default export may be the module namespace itself.
  const Daily = mod.default ?? mod
  return Daily.createCallObject(options)
}
let dailyModule: Promise<typeof import('@daily-co/daily-js')> | undefined

/** Something with a `warn` method (the engine's logger). */
interface Warn {
  warn(...args: unknown[]): void
}

/** SPEC §5: `alwaysIncludeMicInPermissionPrompt: false` is removed with a warning (it breaks Chrome 140+). */
export function safeDailyConfig(config: DailyConfig | undefined, log: Warn): DailyConfig {
  if (!config) return {}
  const { alwaysIncludeMicInPermissionPrompt, ...rest } = config
  if (alwaysIncludeMicInPermissionPrompt !== false) return config
  log.warn('[voice] alwaysIncludeMicInPermissionPrompt: false can break Chrome 140+; removing it.')
  return rest
}

/** SPEC §5: a call-object `audioSource: false` is replaced by `true` with a warning. */
export function safeCallObjectOptions(options: CallObjectOptions | undefined, log: Warn): CallObjectOptions {
  if (options?.audioSource !== false) return options ?? {}
  log.warn('[voice] audioSource: false can break Chrome 140+; using true.')
  return { ...options, audioSource: true }
}

/** SPEC §5: `setInputDevicesAsync({ audioSource: false })` drops the key (default device) with a warning. */
export function safeInputDevices(devices: InputDevices, log: Warn): InputDevices {
  if (devices.audioSource !== false) return devices
  log.warn('[voice] setInputDevicesAsync with audioSource: false can break Chrome 140+; using the default device.')
  const { audioSource: _dropped, ...rest } = devices
  return rest
}

/**
 * Registers `handlers` on `call` and returns a function that removes exactly those handlers again.
 * The references are kept here, so no inline `.bind` can escape teardown.
 */
export function listen(call: DailyCallLike, handlers: DailyHandlers): () => void {
  const entries = Object.entries(handlers) as [DailyEventName, (event: unknown) => void][]
  for (const [event, handler] of entries) call.on(event, handler)
  return () => {
    for (const [event, handler] of entries) call.off(event, handler)
  }
}
