/**
 * Minimal browser entry: the request core, the errors and `createWebCall` — no resource classes, so a bundle
 * that only starts web calls stays a few KB.
 *
 * ```ts
 * import { PlatformCore, createWebCall } from '@/platform/web'
 * const core = new PlatformCore({ token: publicKey })
 * const call = await createWebCall(core, { assistant: 'asst_123' }, { signal })
 * ```
 */
export { PlatformCore, type PlatformClientOptions, type RequestOptions } from './core/core'
export * from './core/errors'
export {
  createWebCall,
  buildWebCallBody,
  MISSING_CALL_TARGET_MESSAGE,
  type CreateWebCallParams,
  type WebCall,
} from './web-call'
export {
  streamWebChat,
  WebChatError,
  DEFAULT_CHAT_BASE_URL,
  DEFAULT_CHAT_TIMEOUT_MS,
  CHAT_STREAM_DONE,
  type StreamWebChatOptions,
  type WebChatResult,
  type CreateWebChatBody,
  type ChatInputMessage,
  type ChatContentMessage,
  type ChatOutputMessage,
  type ChatAssistantMessage,
  type ChatStreamChunk,
} from './chat-web'
export { platformRefusalReason, type PlatformRefusalReason } from './core/refusal'
