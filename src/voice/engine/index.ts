/**
 * The call engine: {@link VoiceCall}, its events, errors, message types and injectable seams.
 * Importing this module touches no browser global; daily-js and the platform client load inside `start()`.
 * @module
 */
export { VoiceCall, type VoiceCallOptions, type EngineLogger, type StartOptions } from './VoiceCall'
export type {
  VoiceCallEvents,
  StartStage,
  CallStartProgressEvent,
  CallStartSuccessEvent,
  CallStartFailedEvent,
  VoiceCallErrorEvent,
  NetworkQualityEvent,
  NetworkConnectionEvent,
} from './events'
export {
  VoiceCallError,
  ValidationError,
  CallObjectUnavailableError,
  StartTimeoutError,
  WebCallRefusedError,
  AppMessageTooLargeError,
  platformRefusalReason,
  type VoiceCallErrorCode,
  type WebCallRefusalReason,
} from './errors'
// The diagnostics run only after a failed start: the widget imports ./diagnostics itself, so the press never
// fetches them.
export type { NetworkDiagnostics, NetworkDiagnosticsOptions, DiagnosticFailure } from './diagnostics'
export * from './messages'
export { DAILY_MAX_APP_MESSAGE_SIZE, appMessageBytes, appMessageSize, appMessageLimitOf } from './appMessage'
export {
  createDailyCallObject,
  type MeetingState,
  type DailyCallLike,
  type DailyConfig,
  type CallObjectOptions,
  type CallObjectFactory,
  type CallObjectFactoryOptions,
  type InputDevices,
} from './daily'
export { domAudioSink, type AudioSink, type AudioPlayer } from './audio'
export { systemClock, type Clock, type TimerHandle } from './clock'
export { platformWebCall, type CreateWebCall, type WebCall, type WebCallPayload } from './web-call'
export * as constants from './constants'
