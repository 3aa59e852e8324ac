/**
 * React bindings of the voice engine: {@link useVoiceWidget} (status per SPEC §4, lazy session), the scripted
 * engine for tests and demos, and the session id. The session wiring (`./session`) is imported on demand.
 */
export * from './types'
export { useVoiceWidget, defaultEngineFactory, type EngineFactory, type UseVoiceWidgetOptions, type VoiceWidgetState } from './useVoiceWidget'
export { createSessionId } from './sessionId'
