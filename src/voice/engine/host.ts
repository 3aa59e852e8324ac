/**
 * What the parts of the engine ask of the {@link import('./VoiceCall').VoiceCall} that owns them: its resolved
 * options, its emitter and its lifecycle transitions. Internal; not exported from the engine's index.
 * @module
 */
import { clearSessionTimer, type CallSession } from './callSession'
import type { MeetingState } from './daily'
import type { VoiceCallError, VoiceCallErrorCode } from './errors'
import type { CallStartProgressEvent, StartStage, VoiceCallEvents } from './events'
import type { VapiClientMessage } from './messages'
import type { ResolvedOptions } from './options'

/** The engine as seen from its parts (start stages, Daily adapter, speech detection, tracks). */
export interface EngineHost {
  readonly options: ResolvedOptions
  /** Emits a public event; returns whether anyone listened. */
  emit<E extends keyof VoiceCallEvents>(event: E, ...args: Parameters<VoiceCallEvents[E]>): boolean
  /** The one place the meeting state changes (repeats skipped, `meeting-state-change` emitted). */
  setMeetingState(next: MeetingState): void
  /** Emits `error` (logged when nobody listens). */
  error(code: VoiceCallErrorCode | VoiceCallError, cause?: unknown, stage?: StartStage): void
  /** A start (or the wait for "listening") failed: teardown, report, `call-end`. No-op once ended. */
  fail(s: CallSession, error: VoiceCallError): void
  /** Normal end: teardown, `call-end`, the synthetic status-update. No-op once ended. */
  finish(s: CallSession): void
  /** Sends a client message through the current call object; false without one. */
  send(message: VapiClientMessage): boolean
  /** The playback volume set with `setVolume()` (0..1), or `null` when never set (the element's default). */
  volume(): number | null
  /**
   * Starts the local level observer of the current call if something listens to `local-volume-level` and
   * noise cancellation has settled; stops it when nothing listens any more.
   */
  syncLocalLevel(): void
  /** Resolves once every previous call object is destroyed (daily-js allows one at a time). */
  destroyed(): Promise<void>
}

/** ISO 8601 time of `clock.now()`. */
export function isoNow(host: EngineHost): string {
  return new Date(host.options.clock.now()).toISOString()
}

/** A `call-start-progress` payload; `duration` in ms. */
export function progressEvent(
  host: EngineHost,
  stage: CallStartProgressEvent['stage'],
  status: CallStartProgressEvent['status'],
  duration?: number,
  metadata?: Record<string, unknown>,
): CallStartProgressEvent {
  const event: CallStartProgressEvent = { stage, status, timestamp: isoNow(host) }
  if (duration !== undefined) event.duration = duration
  if (metadata) event.metadata = metadata
  return event
}

/** The `error` type of a failure in each start stage (SPEC §8); unlisted stages fail as `start-method-error`. */
export const STAGE_ERROR: Partial<Record<StartStage, VoiceCallErrorCode>> = {
  initialization: 'validation-error',
  'daily-call-object-creation': 'daily-call-object-creation-error',
  'daily-call-join': 'daily-call-join-error',
  'video-recording-setup': 'video-recording-setup-error',
  'audio-observer-setup': 'audio-observer-setup-error',
  'audio-processing-setup': 'audio-processing-setup-error',
}

/** The error type of a failure during `stage`. */
export function stageError(stage: StartStage): VoiceCallErrorCode {
  return STAGE_ERROR[stage] ?? 'start-method-error'
}

/** Daily's error types that mean the room is gone: the platform ended the call. */
const ROOM_GONE = ['no-room', 'exp-room', 'ejected', 'nbf-room']

/**
 * The error type of a start failure of session `s`: the stage's (SPEC §8), or for a reconnect `reconnect-error`
 * — `call-ended` when Daily's error says the room no longer exists (`no-room`, `exp-room`, `ejected`, `nbf-room`).
 */
export function sessionError(s: CallSession, dailyError?: { error?: { type?: string } }): VoiceCallErrorCode {
  if (!s.reconnect) return stageError(s.stage)
  return ROOM_GONE.includes(dailyError?.error?.type ?? '') ? 'call-ended' : 'reconnect-error'
}

/**
 * The assistant is listening (SPEC §4: the "listening" app message, or a rejoin of a call whose assistant already
 * listens): clears the start timeout and emits `call-start` — once per call; later calls are no-ops. The one place
 * this transition happens.
 */
export function enterListening(host: EngineHost, s: CallSession): void {
  if (s.listening) return
  s.listening = true
  clearSessionTimer(host.options.clock, s, s.startTimer)
  host.emit('call-start')
}
