/**
 * Vapi platform REST client (SPEC §7 "Platform API"). See src/platform/README.md.
 *
 * Browser bundles that only create web calls should import from `src/platform/web` (core + createWebCall,
 * no resource classes) to stay small.
 */
export { createPlatformClient, PlatformClient } from './client'
export {
  PlatformCore,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type CoreRequest,
  type PlatformClientOptions,
  type RequestOptions,
} from './core/core'
export * from './core/errors'
export { REDACTED, type PlatformLogger } from './core/log'
export { path } from './core/path'
export { Page, PagePromise, type PageMetadata, type PageResponse } from './core/pagination'
export { DEFAULT_MAX_RETRY_DELAY_MS } from './core/retry'
export type {
  Schemas,
  components,
  paths,
  operations,
  JsonBody,
  QueryParams,
  ResponseBody,
  PathParams,
  PathsWith,
  Method,
} from './core/types'
export {
  createWebCall,
  buildWebCallBody,
  MISSING_CALL_TARGET_MESSAGE,
  type CreateWebCallParams,
  type CreateWebCallBody,
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
export {
  createEventStreamParser,
  MAX_EVENT_STREAM_LINE,
  type EventStreamParser,
  type ServerSentEvent,
} from './core/sse'
export * from './resources/assistants'
export * from './resources/calls'
export * from './resources/chats'
export * from './resources/crud'
export * from './resources/files'
export * from './resources/orgs'
export * from './resources/test-suites'
