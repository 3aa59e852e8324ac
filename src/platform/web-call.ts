/**
 * `POST /call/web` — web-call creation (SPEC §3 "Web-call creation payload", §5 "Call start", §7 Web-call
 * client). Kept in its own module with no dependency on the resource classes so a browser bundle that only
 * creates web calls tree-shakes down to this file, the request core and the error classes.
 */
import type { PlatformCore, RequestOptions } from './core/core'
import { PlatformValidationError } from './core/errors'
import type { Schemas } from './core/types'

/** The message SPEC §5 prescribes when no assistant, squad or workflow is given. */
export const MISSING_CALL_TARGET_MESSAGE = 'Assistant or Squad or Workflow must be provided.'

/**
 * Arguments of `calls.createWeb`. A string for `assistant`/`squad`/`workflow` is an id (sent as
 * `assistantId`/`squadId`/`workflowId`); an object is an inline (transient) definition (sent as
 * `assistant`/`squad`/`workflow`). At least one of the three is required.
 */
export interface CreateWebCallParams {
  /** Assistant id, or an inline assistant definition. */
  assistant?: string | Schemas['CreateAssistantDTO'] | null | undefined
  /** Overrides of the assistant's settings and template variables (e.g. `variableValues`). */
  assistantOverrides?: Schemas['AssistantOverrides'] | undefined
  /** Assistant version to use; only with an assistant id. */
  assistantVersion?: string | null | undefined
  /** Squad id, or an inline squad definition. */
  squad?: string | Schemas['CreateSquadDTO'] | null | undefined
  /** Overrides applied to every squad member. */
  squadOverrides?: Schemas['AssistantOverrides'] | undefined
  /** Workflow id, or an inline workflow definition. */
  workflow?: string | Schemas['CreateWorkflowDTO'] | null | undefined
  /** Overrides of the workflow's settings and template variables. */
  workflowOverrides?: Schemas['WorkflowOverrides'] | undefined
  /** Delete the room when the user leaves (server default `true`). */
  roomDeleteOnUserLeaveEnabled?: boolean | undefined
}

/** The request body `POST /call/web` expects (official schema `CreateWebCallDTO`). */
export type CreateWebCallBody = Schemas['CreateWebCallDTO']

/**
 * The created web call. `id`, `webCallUrl` (the realtime room to join), `artifactPlan.videoRecordingEnabled`
 * and `assistant.voice.provider` are typed (the fields SPEC §3 reads); everything else is passed through.
 */
export interface WebCall {
  /** Call id. */
  id: string
  /** URL of the realtime audio room to join (daily-js). */
  webCallUrl: string
  /** Artifact plan; `videoRecordingEnabled` turns on video recording in the call client. */
  artifactPlan?: { videoRecordingEnabled?: boolean; [key: string]: unknown } | undefined
  /** The assistant the call runs; `voice.provider` (e.g. `tavus`) decides video track subscription. */
  assistant?: { voice?: { provider?: string; [key: string]: unknown } | undefined; [key: string]: unknown } | undefined
  [key: string]: unknown
}

/**
 * Maps {@link CreateWebCallParams} to the wire body: string → `<kind>Id`, object → inline `<kind>`.
 * @throws {PlatformValidationError} `Assistant or Squad or Workflow must be provided.` when all three are empty.
 */
export function buildWebCallBody(params: CreateWebCallParams): CreateWebCallBody {
  const { assistant, squad, workflow, ...rest } = params ?? {}
  if (!assistant && !squad && !workflow) throw new PlatformValidationError(MISSING_CALL_TARGET_MESSAGE)
  const body: CreateWebCallBody = {}
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (body as Record<string, unknown>)[k] = v
  if (typeof assistant === 'string') body.assistantId = assistant
  else if (assistant) body.assistant = assistant
  if (typeof squad === 'string') body.squadId = squad
  else if (squad) body.squad = squad
  if (typeof workflow === 'string') body.workflowId = workflow
  else if (workflow) body.workflow = workflow
  return body
}

/**
 * Creates a web call: validates (SPEC §5), then `POST {baseUrl}/call/web` with `Authorization: Bearer <token>`
 * and a JSON body. A POST is retried only on 429, 503 with Retry-After, or a refused connection.
 *
 * @param core the request core (`client.core`, or `new PlatformCore({ token })` for a minimal bundle)
 * @throws {PlatformValidationError} no assistant, squad or workflow — no request is made
 * @throws {APIUserAbortError} `options.signal` aborted (e.g. stop pressed during start)
 * @throws {APIError} subclass by status; {@link APIConnectionError}; {@link APIConnectionTimeoutError}
 */
export async function createWebCall(
  core: PlatformCore,
  params: CreateWebCallParams,
  options?: RequestOptions,
): Promise<WebCall> {
  const body = buildWebCallBody(params)
  const call: WebCall = await core.call('post', '/call/web', { body }, options)
  return call
}
