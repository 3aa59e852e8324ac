/**
 * Vapi platform REST client (issue 5). See src/platform/README.md.
 */
export { createPlatformClient, PlatformClient } from './client'
export {
  PlatformCore,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type PlatformClientOptions,
  type RequestOptions,
} from './core/core'
export * from './core/errors'
export type { PlatformLogger } from './core/log'
export { path } from './core/path'
export type { Schemas, components, paths, operations } from './core/types'
export {
  createWebCall,
  buildWebCallBody,
  MISSING_CALL_TARGET_MESSAGE,
  type CreateWebCallParams,
  type CreateWebCallBody,
  type WebCall,
} from './web-call'
export * from './resources/calls'
