/**
 * Typed conversations with the assistant (Vapi's widget modes `chat` and `hybrid`): see ./README.md.
 * @module
 */
export {
  createChatSession,
  MAX_PENDING_NOTES,
  MAX_TOOL_ROUNDS,
  REALTIME_JOIN_WAIT_MS,
  TOOL_MESSAGE_MAX_CHARS,
  TOOL_RESULT_WAIT_MS,
  type ChatSession,
  type ChatSessionOptions,
} from './session'
