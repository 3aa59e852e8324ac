/**
 * Web-call creation as the engine sees it: a function from the payload to the created call, and the default
 * one over the platform client (`POST /call/web`, SPEC §3, §7), imported lazily on the first start.
 * @module
 */
import type { CreateWebCallParams, WebCall as PlatformWebCall } from '../../platform/web'

type Overrides<T> = Omit<NonNullable<T>, 'variableValues'> & { variableValues?: Record<string, unknown> }

/**
 * What `start()` sends (SPEC §3 "Web-call creation payload"). A string `assistant`/`squad`/`workflow` is an
 * id, an object an inline definition (SPEC §5). `variableValues` is widened to `Record<string, unknown>`
 * (the generated schema types it as an empty record).
 */
export type WebCallPayload = Pick<
  CreateWebCallParams,
  'assistant' | 'squad' | 'workflow' | 'roomDeleteOnUserLeaveEnabled'
> & {
  assistantOverrides?: Overrides<CreateWebCallParams['assistantOverrides']> | undefined
  workflowOverrides?: Overrides<CreateWebCallParams['workflowOverrides']> | undefined
}

/**
 * The created web call. The engine reads `id`, `webCallUrl`, `artifactPlan.videoRecordingEnabled`,
 * `assistant.voice.provider` (SPEC §3) and, when present, `transport.callToken`.
 */
export type WebCall = PlatformWebCall

/**
 * Creates the web call. Must reject when `options.signal` aborts (stop during start).
 * @throws whatever the transport throws; the engine reports it as `start-method-error`.
 */
export type CreateWebCall = (payload: WebCallPayload, options: { signal: AbortSignal }) => Promise<WebCall>

/** Options of {@link platformWebCall}. */
export interface PlatformWebCallOptions {
  /** The public key, sent as `Authorization: Bearer <token>`. */
  token: string
  /** API origin; default the platform client's (`https://api.vapi.ai`). */
  baseUrl?: string | undefined
  /** `fetch` implementation; default `globalThis.fetch`. */
  fetch?: typeof fetch | undefined
}

/**
 * The default {@link CreateWebCall}: the platform client's `createWebCall` over a request core owned by this
 * one engine (so two engines never share a token or base URL). The platform module is imported on first use.
 */
export function platformWebCall({ token, baseUrl, fetch }: PlatformWebCallOptions): CreateWebCall {
  let ready: Promise<(payload: WebCallPayload, signal: AbortSignal) => Promise<WebCall>> | undefined
  return async (payload, { signal }) => {
    // The request core and the web-call module themselves, not the browser entry (../../platform/web), which
    // also carries the typed chat: a call's code never brings the chat's.
    ready ??= Promise.all([import('../../platform/core/core'), import('../../platform/web-call')]).then(
      ([{ PlatformCore }, { createWebCall }]) => {
        const core = new PlatformCore({ token, ...(baseUrl ? { baseUrl } : {}), ...(fetch ? { fetch } : {}) })
        return (p, s) => createWebCall(core, p, { signal: s })
      },
      (error: unknown) => {
        ready = undefined // a failed chunk load may be retried by the next start
        throw error
      },
    )
    return (await ready)(payload, signal)
  }
}
