/**
 * The voice session (framework-free): the session wiring (`./session`, imported on demand at the mic press), the
 * scripted engine for tests and demos, and the session id. The widget itself is `src/voice/widget`.
 */
export * from './types'
export { createSessionId } from './sessionId'
