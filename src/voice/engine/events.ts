/**
 * The engine's public events: each name with its listener signature (SPEC §4, §7, §8).
 * @module
 */
import type { DailyEventObjectNetworkConnectionEvent, DailyEventObjectNetworkQualityEvent } from '@daily-co/daily-js'
import type { MeetingState } from './daily'
import type { VoiceCallError, VoiceCallErrorCode } from './errors'
import type { VapiMessage } from './messages'

/** The start stages, in order (SPEC §4). */
export type StartStage =
  | 'reconnect-initialization'
  | 'initialization'
  | 'web-call-creation'
  | 'daily-call-object-creation'
  | 'mobile-permissions'
  | 'daily-call-join'
  | 'video-recording-setup'
  | 'audio-observer-setup'
  | 'audio-processing-setup'

/** Progress of one start stage. Every stage reports `started` and then exactly one of `completed`/`failed`. */
export interface CallStartProgressEvent {
  /** A {@link StartStage}; also `validation` (a second start, ignored) and `video-recording-started`. */
  stage: StartStage | 'validation' | 'video-recording-started'
  status: 'started' | 'completed' | 'failed'
  /** Time the stage took, in ms (on `completed` and `failed`). */
  duration?: number
  /** ISO 8601 time of the event. */
  timestamp: string
  /** Stage details, e.g. `{ callId, videoRecordingEnabled, voiceProvider }` after web-call creation. */
  metadata?: Record<string, unknown>
}

/** The call is set up; the assistant may still be loading (wait for `call-start`). */
export interface CallStartSuccessEvent {
  /** Time from `start()` to now, in ms. */
  totalDuration: number
  callId: string
  /** ISO 8601 time of the event. */
  timestamp: string
}

/** The start failed at `stage`; the engine is cleaned up and `start()` resolves `null`. */
export interface CallStartFailedEvent {
  stage: StartStage
  /** Time from `start()` to the failure, in ms. */
  totalDuration: number
  /** The error's message. */
  error: string
  errorStack?: string
  /** ISO 8601 time of the event. */
  timestamp: string
  context: { hasAssistant: boolean; hasSquad: boolean; hasWorkflow: boolean; isMobile: boolean; isReconnect?: boolean }
}

/** An error (SPEC §8). `type` is the error's code; `error` the {@link VoiceCallError} itself. */
export interface VoiceCallErrorEvent {
  type: VoiceCallErrorCode
  /** The start stage the error happened in, when it happened during `start()`. */
  stage?: StartStage
  /** Human-readable text, same as `error.message`. */
  message: string
  error: VoiceCallError
  /** ISO 8601 time of the event. */
  timestamp: string
}

/**
 * Daily's `network-quality-change` payload, passed through as `@vapi-ai/web` 2.7.1 does: `threshold`
 * (`'good' | 'low' | 'very-low'`), `quality` (0..100), and the newer `networkState` (`'good' | 'warning' |
 * 'bad' | 'unknown'`), `networkStateReasons`, `stats`.
 */
export type NetworkQualityEvent = DailyEventObjectNetworkQualityEvent

/**
 * Daily's `network-connection` payload, passed through: `type` (`'signaling' | 'peer-to-peer' | 'sfu'`) and
 * `event` (`'connected' | 'interrupted'`), with `session_id`/`sfu_id` where Daily gives them.
 */
export type NetworkConnectionEvent = DailyEventObjectNetworkConnectionEvent

/** Every event of the engine and its listener. */
export type VoiceCallEvents = {
  /** A start stage started, completed or failed. */
  'call-start-progress': (event: CallStartProgressEvent) => void
  /** Every stage completed; `start()` is about to resolve with the web call. */
  'call-start-success': (event: CallStartSuccessEvent) => void
  /** A start stage failed (then `error`, then `call-end`). */
  'call-start-failed': (event: CallStartFailedEvent) => void
  /** The assistant is listening (the app message "listening" arrived). At most once per call. */
  'call-start': () => void
  /** The call is over. Exactly once for every start that reported the `initialization` stage. */
  'call-end': () => void
  /** The assistant started speaking (summed remote level > 0.01). */
  'speech-start': () => void
  /** The assistant stopped speaking (1000 ms without a level > 0.01). Never after `call-end`. */
  'speech-end': () => void
  /** The assistant's volume, 0..1 (summed remote level / 0.15, capped at 1), every 100 ms. */
  'volume-level': (level: number) => void
  /**
   * The visitor's microphone level, 0..1, every 100 ms, from Daily's local audio level observer
   * (`local-audio-level`'s `audioLevel`). As `@vapi-ai/web` 2.7.1: the observer runs only while something
   * listens to this event, starts once noise cancellation has settled (after `audio-processing-setup`) or when
   * the first listener is added mid-call, and stops when the last listener goes or the call ends.
   */
  'local-volume-level': (level: number) => void
  /** Daily's local audio level observer could not start (the level then stays silent for this call). */
  'local-audio-level-observer-error': (error: unknown) => void
  /** Daily's network quality changed (the payload passed through). */
  'network-quality-change': (event: NetworkQualityEvent) => void
  /** A Daily connection (signaling, peer-to-peer or SFU) connected or was interrupted (the payload passed through). */
  'network-connection': (event: NetworkConnectionEvent) => void
  /** A Vapi server message (parsed JSON app message), or the synthetic status-update "ended". */
  message: (message: VapiMessage) => void
  /** Something went wrong. Emitting it with no listener is safe. */
  error: (event: VoiceCallErrorEvent) => void
  /** The assistant's audio element started playing (only "Vapi Speaker"). */
  audio: (player: import('./audio').AudioPlayer) => void
  /** The assistant's video track started (video recording or the tavus voice provider). */
  video: (track: MediaStreamTrack) => void
  /** Daily's meeting state changed (SPEC §4). */
  'meeting-state-change': (state: MeetingState, previous: MeetingState) => void
}
