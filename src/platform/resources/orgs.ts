import type { RequestOptions } from '../core/core'
import { APIResource, paginate, toFormData } from '../core/resource'
import { path } from '../core/path'
import type { JsonBody, QueryParams, ResponseBody, Schemas } from '../core/types'

/** An org (official `Org`). */
export type Org = Schemas['Org']
/** An org member (official `User`). */
export type OrgUser = Schemas['User']

/**
 * Orgs: `/org`, `/org/feature-flag`, `/org/{id}` and its users, leave, member removal, invite, role and auth
 * endpoints (SPEC §6, §7). Private-key operations: run them on a server.
 */
export class Orgs extends APIResource {
  /** `POST /org` — body `CreateOrgDTO`. */
  create(body: JsonBody<'/org', 'post'>, options?: RequestOptions): Promise<Org> {
    return this._core.call('post', '/org', { body }, options)
  }
  /** `GET /org` — the orgs the token's user belongs to. */
  list(options?: RequestOptions): Promise<Org[]> {
    return this._core.call('get', '/org', {}, options)
  }
  /** `GET /org/feature-flag` — feature flags of the current org (loose). */
  featureFlags(
    query?: QueryParams<'/org/feature-flag', 'get'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/org/feature-flag', 'get'>> {
    return this._core.call('get', '/org/feature-flag', { query }, options)
  }
  /** `GET /org/{id}`. */
  retrieve(id: string, options?: RequestOptions): Promise<Org> {
    return this._core.call('get', '/org/{id}', { path: { id } }, options)
  }
  /** `PATCH /org/{id}` — body `UpdateOrgDTO`. */
  update(id: string, body: JsonBody<'/org/{id}', 'patch'>, options?: RequestOptions): Promise<Org> {
    return this._core.call('patch', '/org/{id}', { path: { id }, body }, options)
  }
  /** `DELETE /org/{id}` — deletes the org. */
  delete(id: string, options?: RequestOptions): Promise<ResponseBody<'/org/{id}', 'delete'>> {
    return this._core.call('delete', '/org/{id}', { path: { id } }, options)
  }
  /** `GET /org/{id}/user` — the org's members. */
  listUsers(id: string, options?: RequestOptions): Promise<OrgUser[]> {
    return this._core.call('get', '/org/{id}/user', { path: { id } }, options)
  }
  /** `DELETE /org/{id}/leave` — the token's user leaves the org. */
  leave(id: string, options?: RequestOptions): Promise<ResponseBody<'/org/{id}/leave', 'delete'>> {
    return this._core.call('delete', '/org/{id}/leave', { path: { id } }, options)
  }
  /** `DELETE /org/{id}/member/{userId}/leave` — removes a member. */
  removeMember(
    id: string,
    userId: string,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/org/{id}/member/{userId}/leave', 'delete'>> {
    return this._core.call('delete', '/org/{id}/member/{userId}/leave', { path: { id, userId } }, options)
  }
  /** `POST /org/{id}/invite` — body `InviteUserDTO` (`emails`, `role`, optional `redirectTo`). */
  invite(
    id: string,
    body: JsonBody<'/org/{id}/invite', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/org/{id}/invite', 'post'>> {
    return this._core.call('post', '/org/{id}/invite', { path: { id }, body }, options)
  }
  /** `PATCH /org/{id}/role` — body `UpdateUserRoleDTO` (`userId`, `role`). */
  updateRole(
    id: string,
    body: JsonBody<'/org/{id}/role', 'patch'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/org/{id}/role', 'patch'>> {
    return this._core.call('patch', '/org/{id}/role', { path: { id }, body }, options)
  }
  /** `GET /org/{id}/auth` — org-scoped auth (loose). */
  auth(id: string, options?: RequestOptions): Promise<ResponseBody<'/org/{id}/auth', 'get'>> {
    return this._core.call('get', '/org/{id}/auth', { path: { id } }, options)
  }
}

/** A voice of the voice library (official `VoiceLibrary`). */
export type VoiceLibraryVoice = Schemas['VoiceLibrary']

/** Voice library: `/voice-library/…` (SPEC §7). */
export class VoiceLibrary extends APIResource {
  /** `GET /voice-library/{provider}` — voices of a provider (query: `page`, `limit`, `keyword`, `language`…). */
  list(
    provider: string,
    query?: QueryParams<'/voice-library/{provider}', 'get'>,
    options?: RequestOptions,
  ): Promise<VoiceLibraryVoice[]> {
    return this._core.call('get', '/voice-library/{provider}', { path: { provider }, query }, options)
  }
  /** `GET /voice-library/{provider}/accents`. */
  accents(provider: string, options?: RequestOptions): Promise<string[]> {
    return this._core.call('get', '/voice-library/{provider}/accents', { path: { provider } }, options)
  }
  /** `POST /voice-library/sync/{provider}` — syncs one provider's voices. */
  syncProvider(provider: string, options?: RequestOptions): Promise<VoiceLibraryVoice[]> {
    return this._core.call('post', '/voice-library/sync/{provider}', { path: { provider } }, options)
  }
  /** `POST /voice-library/sync` — body `SyncVoiceLibraryDTO` (`providers`). */
  sync(body: JsonBody<'/voice-library/sync', 'post'> = {}, options?: RequestOptions): Promise<VoiceLibraryVoice[]> {
    return this._core.call('post', '/voice-library/sync', { body }, options)
  }
  /** `POST /voice-library/create-sesame-voice` — body `CreateSesameVoiceDTO` (`voiceName`, `transcription`, `file`). */
  createSesameVoice(
    body: JsonBody<'/voice-library/create-sesame-voice', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/voice-library/create-sesame-voice', 'post'>> {
    return this._core.call('post', '/voice-library/create-sesame-voice', { body }, options)
  }
}

/** Multipart fields of `POST /11labs/voice/clone` (official `CloneVoiceDTO`, audio `files` as Blobs). */
export interface CloneVoiceParams {
  /** Name of the cloned voice in the provider account. */
  name: string
  /** Description of the voice. */
  description?: string
  /** Serialized labels dictionary (JSON string). */
  labels?: string
  /** Audio samples (`File`s or `Blob`s). */
  files: Blob[]
}

/** A provider resource (official schema, loose fields). */
export type ProviderResource = ResponseBody<'/provider/{provider}/{resourceName}/{id}', 'get'>

/**
 * Provider resources and integrations: `/provider/{provider}/{resourceName}[/{id}]`,
 * `/{provider}/workflows`, `/{provider}/locations`, `/{provider}/voices/…`, `/11labs/voice/clone` (SPEC §7).
 */
export class Providers extends APIResource {
  /** `POST /provider/{provider}/{resourceName}` — e.g. (`11labs`, `pronunciation-dictionary`); body passed as JSON. */
  create(
    provider: string,
    resourceName: string,
    body: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<ProviderResource> {
    return this._core.request({ method: 'POST', path: path`/provider/${provider}/${resourceName}`, body }, options)
  }
  /** `GET /provider/{provider}/{resourceName}` — auto-paginated. */
  list(
    provider: string,
    resourceName: string,
    query?: QueryParams<'/provider/{provider}/{resourceName}', 'get'>,
    options?: RequestOptions,
  ) {
    return paginate(
      (q) =>
        this._core.call(
          'get',
          '/provider/{provider}/{resourceName}',
          { path: { provider, resourceName }, query: q },
          options,
        ),
      query,
    )
  }
  /** `GET /provider/{provider}/{resourceName}/{id}`. */
  retrieve(provider: string, resourceName: string, id: string, options?: RequestOptions): Promise<ProviderResource> {
    return this._core.call(
      'get',
      '/provider/{provider}/{resourceName}/{id}',
      { path: { provider, resourceName, id } },
      options,
    )
  }
  /** `PATCH /provider/{provider}/{resourceName}/{id}` — body passed as JSON. */
  update(
    provider: string,
    resourceName: string,
    id: string,
    body: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<ProviderResource> {
    return this._core.request(
      { method: 'PATCH', path: path`/provider/${provider}/${resourceName}/${id}`, body },
      options,
    )
  }
  /** `DELETE /provider/{provider}/{resourceName}/{id}`. */
  delete(provider: string, resourceName: string, id: string, options?: RequestOptions): Promise<ProviderResource> {
    return this._core.call(
      'delete',
      '/provider/{provider}/{resourceName}/{id}',
      { path: { provider, resourceName, id } },
      options,
    )
  }
  /** `GET /{provider}/workflows` — e.g. GoHighLevel workflows (`locationId`). */
  workflows(
    provider: string,
    query?: QueryParams<'/{provider}/workflows', 'get'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/{provider}/workflows', 'get'>> {
    return this._core.call('get', '/{provider}/workflows', { path: { provider }, query }, options)
  }
  /** `GET /{provider}/workflows/{workflowId}/hooks`. */
  workflowHooks(
    provider: string,
    workflowId: string,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/{provider}/workflows/{workflowId}/hooks', 'get'>> {
    return this._core.call(
      'get',
      '/{provider}/workflows/{workflowId}/hooks',
      { path: { provider, workflowId } },
      options,
    )
  }
  /** `GET /{provider}/locations`. */
  locations(provider: string, options?: RequestOptions): Promise<ResponseBody<'/{provider}/locations', 'get'>> {
    return this._core.call('get', '/{provider}/locations', { path: { provider } }, options)
  }
  /** `GET /{provider}/voices/search` — searches the provider's shared voices (`name`). */
  searchVoices(
    provider: string,
    query?: QueryParams<'/{provider}/voices/search', 'get'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/{provider}/voices/search', 'get'>> {
    return this._core.call('get', '/{provider}/voices/search', { path: { provider }, query }, options)
  }
  /**
   * `GET /{provider}/voice/search`.
   * @deprecated Singular form kept by the API; use {@link Providers.searchVoices}.
   */
  searchVoice(
    provider: string,
    query?: QueryParams<'/{provider}/voice/search', 'get'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/{provider}/voice/search', 'get'>> {
    return this._core.call('get', '/{provider}/voice/search', { path: { provider }, query }, options)
  }
  /** `POST /{provider}/voices/add` — adds a shared voice to the account (loose body). */
  addVoices(
    provider: string,
    body: JsonBody<'/{provider}/voices/add', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/{provider}/voices/add', 'post'>> {
    return this._core.call('post', '/{provider}/voices/add', { path: { provider }, body }, options)
  }
  /**
   * `POST /{provider}/voice/add`.
   * @deprecated Singular form kept by the API; use {@link Providers.addVoices}.
   */
  addVoice(
    provider: string,
    body: JsonBody<'/{provider}/voice/add', 'post'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/{provider}/voice/add', 'post'>> {
    return this._core.call('post', '/{provider}/voice/add', { path: { provider }, body }, options)
  }
  /** `POST /11labs/voice/clone` — clones an ElevenLabs voice from audio samples (multipart/form-data). */
  cloneElevenLabsVoice(
    params: CloneVoiceParams,
    options?: RequestOptions,
  ): Promise<ResponseBody<'/11labs/voice/clone', 'post'>> {
    return this._core.call('post', '/11labs/voice/clone', { body: toFormData(params) }, options)
  }
}

/**
 * The v2 listings `{ results, metadata }` (SPEC §7): `await` for one page, `for await` for every item.
 */
export class V2 extends APIResource {
  /** `GET /v2/assistant`. */
  readonly assistants = {
    /** `GET /v2/assistant` — auto-paginated assistants. */
    list: (query?: QueryParams<'/v2/assistant', 'get'>, options?: RequestOptions) =>
      paginate((q) => this._core.call('get', '/v2/assistant', { query: q }, options), query),
  }
  /** `GET /v2/call`, `/v2/call/export`, `/v2/call/metadata`. */
  readonly calls = {
    /** `GET /v2/call` — auto-paginated calls. */
    list: (query?: QueryParams<'/v2/call', 'get'>, options?: RequestOptions) =>
      paginate((q) => this._core.call('get', '/v2/call', { query: q }, options), query),
    /** `GET /v2/call/export` — exports calls (JSON, or text such as CSV when the server answers so). */
    export: (
      query?: QueryParams<'/v2/call/export', 'get'>,
      options?: RequestOptions,
    ): Promise<ResponseBody<'/v2/call/export', 'get'> | string> =>
      this._core.call('get', '/v2/call/export', { query }, options),
    /** `GET /v2/call/metadata` — call metadata (loose). */
    metadata: (
      query?: QueryParams<'/v2/call/metadata', 'get'>,
      options?: RequestOptions,
    ): Promise<ResponseBody<'/v2/call/metadata', 'get'>> =>
      this._core.call('get', '/v2/call/metadata', { query }, options),
  }
  /** `GET /v2/phone-number`. */
  readonly phoneNumbers = {
    /** `GET /v2/phone-number` — auto-paginated phone numbers. */
    list: (query?: QueryParams<'/v2/phone-number', 'get'>, options?: RequestOptions) =>
      paginate((q) => this._core.call('get', '/v2/phone-number', { query: q }, options), query),
  }
}
