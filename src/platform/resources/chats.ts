import type { RequestOptions } from '../core/core'
import { APIResource, paginate } from '../core/resource'
import type { JsonBody, QueryParams, ResponseBody, Schemas } from '../core/types'

/** A chat (official `Chat`). */
export type Chat = Schemas['Chat']
/** Query of `GET /chat` (paginated). */
export type ChatListParams = QueryParams<'/chat', 'get'>

/** Chats: `/chat`, `/chat/{id}`, `/chat/responses`, `/chat/web`, `/chat/web/responses` (SPEC §7). */
export class Chats extends APIResource {
  /** `GET /chat` — auto-paginated (`await` → first page, `for await` → every chat). */
  list(query?: ChatListParams, options?: RequestOptions) {
    return paginate((q) => this._core.call('get', '/chat', { query: q }, options), query)
  }
  /** `POST /chat` — body `CreateChatDTO` (`input` required). */
  create(body: JsonBody<'/chat', 'post'>, options?: RequestOptions): Promise<ResponseBody<'/chat', 'post'>> {
    return this._core.call('post', '/chat', { body }, options)
  }
  /** `GET /chat/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Chat> {
    return this._core.call('get', '/chat/{id}', { path: { id } }, options)
  }
  /** `DELETE /chat/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Chat> {
    return this._core.call('delete', '/chat/{id}', { path: { id } }, options)
  }
  /** `POST /chat/responses` — OpenAI Responses-compatible chat (body `OpenAIResponsesRequest`). */
  createResponse(
    body: JsonBody<'/chat/responses', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/chat/responses', 'post'>> {
    return this._core.call('post', '/chat/responses', { body }, options)
  }
  /** `POST /chat/web` — web chat with a public key (body `CreateWebChatDTO`, `input` required). */
  createWeb(body: JsonBody<'/chat/web', 'post'>, options?: RequestOptions): Promise<Schemas['WebChat']> {
    return this._core.call('post', '/chat/web', { body }, options)
  }
  /** `POST /chat/web/responses` — web chat in the Responses format (supplement; body passed through). */
  createWebResponse(
    body: JsonBody<'/chat/web/responses', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/chat/web/responses', 'post'>> {
    return this._core.call('post', '/chat/web/responses', { body }, options)
  }
}
