import type { RequestOptions } from '../core/core'
import { APIResource } from '../core/resource'
import type { JsonBody, QueryParams, ResponseBody } from '../core/types'
import { createWebCall, type CreateWebCallParams, type WebCall } from '../web-call'

/** Body of `POST /call` (official `CreateCallDTO`). */
export type CallCreateParams = JsonBody<'/call', 'post'>
/** Query of `GET /call`. */
export type CallListParams = QueryParams<'/call', 'get'>
/** Body of `PATCH /call/{id}`. */
export type CallUpdateParams = JsonBody<'/call/{id}', 'patch'>
/** Body of `DELETE /call/{id}` (`ids` for a bulk delete). */
export type CallDeleteParams = JsonBody<'/call/{id}', 'delete'>
/** Body of `POST /call/phone` (supplement; loose). */
export type CallCreatePhoneParams = JsonBody<'/call/phone', 'post'>
/** A call (official `Call` schema). */
export type Call = ResponseBody<'/call/{id}', 'get'>

/** Calls: `/call`, `/call/{id}`, `/call/phone`, `/call/web` (SPEC §7). */
export class Calls extends APIResource {
  /** `POST /call` — creates an outbound/inbound call (or a batch). POST: not retried unless safe. */
  create(body: CallCreateParams, options?: RequestOptions): Promise<ResponseBody<'/call', 'post'>> {
    return this._core.call('post', '/call', { body }, options)
  }

  /** `GET /call` — lists calls (filters: `assistantId`, `phoneNumberId`, `limit`, `createdAtGt`…). */
  list(query?: CallListParams, options?: RequestOptions): Promise<ResponseBody<'/call', 'get'>> {
    return this._core.call('get', '/call', { query }, options)
  }

  /** `GET /call/{id}` — one call. @throws {NotFoundError} unknown id */
  retrieve(id: string, options?: RequestOptions): Promise<Call> {
    return this._core.call('get', '/call/{id}', { path: { id } }, options)
  }

  /** `PATCH /call/{id}` — updates a call's editable fields (e.g. `name`). */
  update(id: string, body: CallUpdateParams, options?: RequestOptions): Promise<Call> {
    return this._core.call('patch', '/call/{id}', { path: { id }, body }, options)
  }

  /** `DELETE /call/{id}` — deletes a call's data; `body.ids` deletes several (asynchronous on the server). */
  delete(id: string, body: CallDeleteParams = {}, options?: RequestOptions): Promise<Call> {
    return this._core.call('delete', '/call/{id}', { path: { id }, body }, options)
  }

  /** `POST /call/phone` — creates a phone call (supplement endpoint; body passed through). */
  createPhone(body: CallCreatePhoneParams, options?: RequestOptions): Promise<ResponseBody<'/call/phone', 'post'>> {
    return this._core.call('post', '/call/phone', { body }, options)
  }

  /**
   * `POST /call/web` — creates a web call (SPEC §3/§5). `assistant`/`squad`/`workflow`: a string is an id, an
   * object an inline definition; at least one is required.
   * @throws {PlatformValidationError} `Assistant or Squad or Workflow must be provided.` — no request is made
   * @throws {APIUserAbortError} when `options.signal` aborts
   */
  createWeb(params: CreateWebCallParams, options?: RequestOptions): Promise<WebCall> {
    return createWebCall(this._core, params, options)
  }
}
