import type { RequestOptions } from '../core/core'
import { APIResource, paginate } from '../core/resource'
import type { JsonBody, QueryParams, ResponseBody, Schemas } from '../core/types'

/** A campaign (official `Campaign`). */
export type Campaign = Schemas['Campaign']
/** Campaigns: `/campaign`, `/campaign/{id}` (SPEC §7). */
export class Campaigns extends APIResource {
  /** `POST /campaign` — body `CreateCampaignDTO`. */
  create(body: JsonBody<'/campaign', 'post'>, options?: RequestOptions): Promise<Campaign> {
    return this._core.call('post', '/campaign', { body }, options)
  }
  /** `GET /campaign` — auto-paginated. */
  list(query?: QueryParams<'/campaign', 'get'>, options?: RequestOptions) {
    return paginate((q) => this._core.call('get', '/campaign', { query: q }, options), query)
  }
  /** `GET /campaign/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Campaign> {
    return this._core.call('get', '/campaign/{id}', { path: { id } }, options)
  }
  /** `PATCH /campaign/{id}` — body `UpdateCampaignDTO`. */
  update(id: string, body: JsonBody<'/campaign/{id}', 'patch'>, options?: RequestOptions): Promise<Campaign> {
    return this._core.call('patch', '/campaign/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /campaign/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Campaign> {
    return this._core.call('delete', '/campaign/{id}', { path: { id } }, options)
  }
}

/** A session (official `Session`). */
export type Session = Schemas['Session']
/** Sessions: `/session`, `/session/{id}` (SPEC §7). */
export class Sessions extends APIResource {
  /** `POST /session` — body `CreateSessionDTO`. */
  create(body: JsonBody<'/session', 'post'>, options?: RequestOptions): Promise<Session> {
    return this._core.call('post', '/session', { body }, options)
  }
  /** `GET /session` — auto-paginated. */
  list(query?: QueryParams<'/session', 'get'>, options?: RequestOptions) {
    return paginate((q) => this._core.call('get', '/session', { query: q }, options), query)
  }
  /** `GET /session/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Session> {
    return this._core.call('get', '/session/{id}', { path: { id } }, options)
  }
  /** `PATCH /session/{id}` — body `UpdateSessionDTO`. */
  update(id: string, body: JsonBody<'/session/{id}', 'patch'>, options?: RequestOptions): Promise<Session> {
    return this._core.call('patch', '/session/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /session/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Session> {
    return this._core.call('delete', '/session/{id}', { path: { id } }, options)
  }
}

/** A tool (one of the official tool schemas). */
export type Tool = ResponseBody<'/tool/{id}', 'get'>
/** Tools: `/tool`, `/tool/{id}` (SPEC §7). */
export class Tools extends APIResource {
  /** `POST /tool` — body one of the `Create…ToolDTO` schemas (discriminated by `type`). */
  create(body: JsonBody<'/tool', 'post'>, options?: RequestOptions): Promise<ResponseBody<'/tool', 'post'>> {
    return this._core.call('post', '/tool', { body }, options)
  }
  /** `GET /tool` — array of tools. */
  list(query?: QueryParams<'/tool', 'get'>, options?: RequestOptions): Promise<ResponseBody<'/tool', 'get'>> {
    return this._core.call('get', '/tool', { query }, options)
  }
  /** `GET /tool/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Tool> {
    return this._core.call('get', '/tool/{id}', { path: { id } }, options)
  }
  /** `PATCH /tool/{id}` — body one of the `Update…ToolDTO` schemas. */
  update(
    id: string,
    body: JsonBody<'/tool/{id}', 'patch'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/tool/{id}', 'patch'>> {
    return this._core.call('patch', '/tool/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /tool/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<ResponseBody<'/tool/{id}', 'delete'>> {
    return this._core.call('delete', '/tool/{id}', { path: { id } }, options)
  }
}

/** A v1 knowledge base (supplement; fields not shown by the spec). */
export type KnowledgeBase = ResponseBody<'/knowledge-base/{id}', 'get'>
/** Knowledge bases (v1): `/knowledge-base`, `/knowledge-base/{id}` (SPEC §7; loose supplement schemas). */
export class KnowledgeBases extends APIResource {
  /** `POST /knowledge-base`. */
  create(body: JsonBody<'/knowledge-base', 'post'>, options?: RequestOptions): Promise<KnowledgeBase> {
    return this._core.call('post', '/knowledge-base', { body }, options)
  }
  /** `GET /knowledge-base` — array. */
  list(query?: QueryParams<'/knowledge-base', 'get'>, options?: RequestOptions): Promise<KnowledgeBase[]> {
    return this._core.call('get', '/knowledge-base', { query }, options)
  }
  /** `GET /knowledge-base/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<KnowledgeBase> {
    return this._core.call('get', '/knowledge-base/{id}', { path: { id } }, options)
  }
  /** `PATCH /knowledge-base/{id}`. */
  update(
    id: string,
    body: JsonBody<'/knowledge-base/{id}', 'patch'>,
    options?: RequestOptions,
  ): Promise<KnowledgeBase> {
    return this._core.call('patch', '/knowledge-base/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /knowledge-base/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<KnowledgeBase> {
    return this._core.call('delete', '/knowledge-base/{id}', { path: { id } }, options)
  }
}

/** An API token (official `Token`). */
export type Token = Schemas['Token']
/** Tokens: `/token`, `/token/{id}` (SPEC §7). Private-key operations: run them on a server. */
export class Tokens extends APIResource {
  /** `POST /token` — body `CreateTokenDTO` (`tag` public/private, `name`, `restrictions`). */
  create(body: JsonBody<'/token', 'post'>, options?: RequestOptions): Promise<Token> {
    return this._core.call('post', '/token', { body }, options)
  }
  /** `GET /token` — array. */
  list(query?: QueryParams<'/token', 'get'>, options?: RequestOptions): Promise<Token[]> {
    return this._core.call('get', '/token', { query }, options)
  }
  /** `GET /token/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Token> {
    return this._core.call('get', '/token/{id}', { path: { id } }, options)
  }
  /** `PATCH /token/{id}` — body `UpdateTokenDTO`. */
  update(id: string, body: JsonBody<'/token/{id}', 'patch'>, options?: RequestOptions): Promise<Token> {
    return this._core.call('patch', '/token/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /token/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Token> {
    return this._core.call('delete', '/token/{id}', { path: { id } }, options)
  }
}

/** A provider credential (supplement; loose). */
export type Credential = ResponseBody<'/credential/{id}', 'get'>
/**
 * Credentials: `/credential`, `/credential/{id}`, `/credential/session`, `/credential/webhook` (sent WITHOUT
 * `Authorization`), `/credential/trigger` (SPEC §6, §7).
 */
export class Credentials extends APIResource {
  /** `POST /credential` — body e.g. `{ provider: 'openai', apiKey }` (loose). */
  create(body: JsonBody<'/credential', 'post'>, options?: RequestOptions): Promise<Credential> {
    return this._core.call('post', '/credential', { body }, options)
  }
  /** `GET /credential` — array. */
  list(query?: QueryParams<'/credential', 'get'>, options?: RequestOptions): Promise<Credential[]> {
    return this._core.call('get', '/credential', { query }, options)
  }
  /** `GET /credential/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Credential> {
    return this._core.call('get', '/credential/{id}', { path: { id } }, options)
  }
  /** `PATCH /credential/{id}`. */
  update(id: string, body: JsonBody<'/credential/{id}', 'patch'>, options?: RequestOptions): Promise<Credential> {
    return this._core.call('patch', '/credential/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /credential/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Credential> {
    return this._core.call('delete', '/credential/{id}', { path: { id } }, options)
  }
  /** `POST /credential/session` — starts an OAuth connect session; resolves with `CredentialSessionResponse`. */
  createSession(
    body: JsonBody<'/credential/session', 'post'>,
    options?: RequestOptions,
  ): Promise<Schemas['CredentialSessionResponse']> {
    return this._core.call('post', '/credential/session', { body }, options)
  }
  /**
   * `POST /credential/webhook` — the integration provider's callback (body `CredentialWebhookDTO`). The one
   * call sent without an `Authorization` header (SPEC §6).
   */
  webhook(
    body: JsonBody<'/credential/webhook', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/credential/webhook', 'post'>> {
    return this._core.call('post', '/credential/webhook', { body }, options)
  }
  /** `POST /credential/trigger` — triggers a credential action (loose body). */
  trigger(
    body: JsonBody<'/credential/trigger', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/credential/trigger', 'post'>> {
    return this._core.call('post', '/credential/trigger', { body }, options)
  }
}

/** A tool template (official `Template`). */
export type Template = Schemas['Template']
/** Templates: `/template`, `/template/{id}`, `/template/pinned` (SPEC §7). */
export class Templates extends APIResource {
  /** `POST /template` — body `CreateToolTemplateDTO`. */
  create(body: JsonBody<'/template', 'post'>, options?: RequestOptions): Promise<Template> {
    return this._core.call('post', '/template', { body }, options)
  }
  /** `GET /template` — array. */
  list(query?: QueryParams<'/template', 'get'>, options?: RequestOptions): Promise<Template[]> {
    return this._core.call('get', '/template', { query }, options)
  }
  /** `GET /template/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Template> {
    return this._core.call('get', '/template/{id}', { path: { id } }, options)
  }
  /** `PATCH /template/{id}` — body `UpdateToolTemplateDTO`. */
  update(id: string, body: JsonBody<'/template/{id}', 'patch'>, options?: RequestOptions): Promise<Template> {
    return this._core.call('patch', '/template/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /template/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<Template> {
    return this._core.call('delete', '/template/{id}', { path: { id } }, options)
  }
  /** `GET /template/pinned` — the pinned templates. */
  listPinned(options?: RequestOptions): Promise<Template[]> {
    return this._core.call('get', '/template/pinned', {}, options)
  }
}

/** A phone number (one of the official phone-number schemas). */
export type PhoneNumber = ResponseBody<'/phone-number/{id}', 'get'>
/** Phone numbers: `/phone-number`, `/phone-number/{id}`, `/phone-number/import/{twilio,vonage}` (SPEC §7). */
export class PhoneNumbers extends APIResource {
  /** `POST /phone-number` — body one of the `Create…PhoneNumberDTO` schemas (by `provider`). */
  create(
    body: JsonBody<'/phone-number', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/phone-number', 'post'>> {
    return this._core.call('post', '/phone-number', { body }, options)
  }
  /** `GET /phone-number` — array (see `client.v2.phoneNumbers.list` for the paginated listing). */
  list(
    query?: QueryParams<'/phone-number', 'get'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/phone-number', 'get'>> {
    return this._core.call('get', '/phone-number', { query }, options)
  }
  /** `GET /phone-number/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<PhoneNumber> {
    return this._core.call('get', '/phone-number/{id}', { path: { id } }, options)
  }
  /** `PATCH /phone-number/{id}`. */
  update(
    id: string,
    body: JsonBody<'/phone-number/{id}', 'patch'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/phone-number/{id}', 'patch'>> {
    return this._core.call('patch', '/phone-number/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /phone-number/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<ResponseBody<'/phone-number/{id}', 'delete'>> {
    return this._core.call('delete', '/phone-number/{id}', { path: { id } }, options)
  }
  /** `POST /phone-number/import/twilio` — body `ImportTwilioPhoneNumberDTO` (`twilioPhoneNumber`, `twilioAccountSid`). */
  importTwilio(
    body: JsonBody<'/phone-number/import/twilio', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/phone-number/import/twilio', 'post'>> {
    return this._core.call('post', '/phone-number/import/twilio', { body }, options)
  }
  /** `POST /phone-number/import/vonage` — body `ImportVonagePhoneNumberDTO`. */
  importVonage(
    body: JsonBody<'/phone-number/import/vonage', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/phone-number/import/vonage', 'post'>> {
    return this._core.call('post', '/phone-number/import/vonage', { body }, options)
  }
}

/** A structured output (official `StructuredOutput`). */
export type StructuredOutput = Schemas['StructuredOutput']
/** Structured outputs: `/structured-output`, `/structured-output/{id}` (SPEC §7). */
export class StructuredOutputs extends APIResource {
  /** `POST /structured-output` — body `CreateStructuredOutputDTO`. */
  create(body: JsonBody<'/structured-output', 'post'>, options?: RequestOptions): Promise<StructuredOutput> {
    return this._core.call('post', '/structured-output', { body }, options)
  }
  /** `GET /structured-output` — auto-paginated. */
  list(query?: QueryParams<'/structured-output', 'get'>, options?: RequestOptions) {
    return paginate((q) => this._core.call('get', '/structured-output', { query: q }, options), query)
  }
  /** `GET /structured-output/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<StructuredOutput> {
    return this._core.call('get', '/structured-output/{id}', { path: { id } }, options)
  }
  /** `PATCH /structured-output/{id}` — body `UpdateStructuredOutputDTO`; query `schemaOverride`. */
  update(
    id: string,
    body: JsonBody<'/structured-output/{id}', 'patch'>,
    query?: QueryParams<'/structured-output/{id}', 'patch'>,
    options?: RequestOptions,
  ): Promise<StructuredOutput> {
    return this._core.call('patch', '/structured-output/{id}', { path: { id }, body, query }, options)
  }
  /** `DELETE /structured-output/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<StructuredOutput> {
    return this._core.call('delete', '/structured-output/{id}', { path: { id } }, options)
  }
}

/** Analytics: `POST /analytics` (SPEC §7). */
export class Analytics extends APIResource {
  /** `POST /analytics` — runs analytics queries (body `AnalyticsQueryDTO`); resolves with one result per query. */
  query(body: JsonBody<'/analytics', 'post'>, options?: RequestOptions): Promise<ResponseBody<'/analytics', 'post'>> {
    return this._core.call('post', '/analytics', { body }, options)
  }
}
