import type { RequestOptions } from '../core/core'
import { APIResource, paginate } from '../core/resource'
import type { JsonBody, QueryParams, ResponseBody, Schemas } from '../core/types'

/** An assistant (official `Assistant`). */
export type Assistant = Schemas['Assistant']
/** Body of `POST /assistant` and `PUT /assistant/{id}` (official `CreateAssistantDTO`). */
export type AssistantCreateParams = JsonBody<'/assistant', 'post'>
/** Body of `PATCH /assistant/{id}` (official `UpdateAssistantDTO`). */
export type AssistantUpdateParams = JsonBody<'/assistant/{id}', 'patch'>
/** Query of `GET /assistant`. */
export type AssistantListParams = QueryParams<'/assistant', 'get'>
/** Query of `GET /assistant/{id}/version`. */
export type AssistantVersionListParams = QueryParams<'/assistant/{id}/version', 'get'>

/** Assistants: `/assistant`, `/assistant/{id}`, `/assistant/{id}/version` (SPEC §7). */
export class Assistants extends APIResource {
  /** `POST /assistant` — creates an assistant. */
  create(body: AssistantCreateParams, options?: RequestOptions): Promise<Assistant> {
    return this._core.call('post', '/assistant', { body }, options)
  }

  /** `GET /assistant` — lists assistants (array; `limit` default 100 server-side, `createdAtGt`…). */
  list(query?: AssistantListParams, options?: RequestOptions): Promise<Assistant[]> {
    return this._core.call('get', '/assistant', { query }, options)
  }

  /** `GET /assistant/{id}`. @throws {NotFoundError} unknown id */
  retrieve(id: string, options?: RequestOptions): Promise<Assistant> {
    return this._core.call('get', '/assistant/{id}', { path: { id } }, options)
  }

  /** `PATCH /assistant/{id}` — partial update. */
  update(id: string, body: AssistantUpdateParams, options?: RequestOptions): Promise<Assistant> {
    return this._core.call('patch', '/assistant/{id}', { path: { id }, body }, options)
  }

  /** `PUT /assistant/{id}` — replaces the whole assistant (idempotent, so retried like a GET). */
  replace(id: string, body: JsonBody<'/assistant/{id}', 'put'>, options?: RequestOptions): Promise<Assistant> {
    return this._core.call('put', '/assistant/{id}', { path: { id }, body }, options)
  }

  /** `DELETE /assistant/{id}` — resolves with the deleted assistant. */
  delete(id: string, options?: RequestOptions): Promise<Assistant> {
    return this._core.call('delete', '/assistant/{id}', { path: { id } }, options)
  }

  /** `GET /assistant/{id}/version` — the assistant's versions, auto-paginated (`for await`). */
  listVersions(id: string, query?: AssistantVersionListParams, options?: RequestOptions) {
    return paginate(
      (q) => this._core.call('get', '/assistant/{id}/version', { path: { id }, query: q }, options),
      query,
    )
  }
}

/** A squad (official `Squad`). */
export type Squad = Schemas['Squad']

/** Squads: `/squad`, `/squad/{id}` (SPEC §7). */
export class Squads extends APIResource {
  /** `POST /squad` — body `CreateSquadDTO` (`members` required). */
  create(body: JsonBody<'/squad', 'post'>, options?: RequestOptions): Promise<Squad> {
    return this._core.call('post', '/squad', { body }, options)
  }
  /** `GET /squad` — array of squads. */
  list(query?: QueryParams<'/squad', 'get'>, options?: RequestOptions): Promise<Squad[]> {
    return this._core.call('get', '/squad', { query }, options)
  }
  /** `GET /squad/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Squad> {
    return this._core.call('get', '/squad/{id}', { path: { id } }, options)
  }
  /** `PATCH /squad/{id}` — body `UpdateSquadDTO`. */
  update(id: string, body: JsonBody<'/squad/{id}', 'patch'>, options?: RequestOptions): Promise<Squad> {
    return this._core.call('patch', '/squad/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /squad/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Squad> {
    return this._core.call('delete', '/squad/{id}', { path: { id } }, options)
  }
}

/** A workflow (official `Workflow`). */
export type Workflow = Schemas['Workflow']

/** Workflows: `/workflow`, `/workflow/{id}` (SPEC §7; supplement endpoints with official DTOs). */
export class Workflows extends APIResource {
  /** `GET /workflow` — array of workflows. */
  list(query?: QueryParams<'/workflow', 'get'>, options?: RequestOptions): Promise<Workflow[]> {
    return this._core.call('get', '/workflow', { query }, options)
  }
  /** `POST /workflow` — body `CreateWorkflowDTO` (`name`, `nodes`, `edges` required). */
  create(body: JsonBody<'/workflow', 'post'>, options?: RequestOptions): Promise<Workflow> {
    return this._core.call('post', '/workflow', { body }, options)
  }
  /** `GET /workflow/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Workflow> {
    return this._core.call('get', '/workflow/{id}', { path: { id } }, options)
  }
  /** `PATCH /workflow/{id}` — body `UpdateWorkflowDTO`. */
  update(id: string, body: JsonBody<'/workflow/{id}', 'patch'>, options?: RequestOptions): Promise<Workflow> {
    return this._core.call('patch', '/workflow/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /workflow/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Workflow> {
    return this._core.call('delete', '/workflow/{id}', { path: { id } }, options)
  }
}

/** Result of a v2 listing. */
export type V2AssistantPage = ResponseBody<'/v2/assistant', 'get'>
