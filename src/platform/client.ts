import { PlatformCore, type PlatformClientOptions, type RequestOptions } from './core/core'
import type { InitArgs, Method, PathsWith, ResponseBody } from './core/types'
import { Assistants, Squads, Workflows } from './resources/assistants'
import { Calls } from './resources/calls'
import { Chats } from './resources/chats'
import {
  Analytics,
  Campaigns,
  Credentials,
  KnowledgeBases,
  PhoneNumbers,
  Sessions,
  StructuredOutputs,
  Templates,
  Tokens,
  Tools,
} from './resources/crud'
import { Files } from './resources/files'
import { Orgs, Providers, V2, VoiceLibrary } from './resources/orgs'
import { Evals, TestSuites } from './resources/test-suites'

/**
 * The Vapi platform client: one request core, resources as properties (openai-node shape). Create it with
 * {@link createPlatformClient}. Every resource method takes an optional {@link RequestOptions} last
 * (`signal`, `timeoutMs`, `maxRetries`, `headers`).
 */
export class PlatformClient {
  /** The shared request core. */
  readonly core: PlatformCore
  /** `/assistant…` */
  readonly assistants: Assistants
  /** `/squad…` */
  readonly squads: Squads
  /** `/workflow…` */
  readonly workflows: Workflows
  /** `/call…` incl. `createWeb` and `createPhone` */
  readonly calls: Calls
  /** `/chat…` */
  readonly chats: Chats
  /** `/campaign…` */
  readonly campaigns: Campaigns
  /** `/session…` */
  readonly sessions: Sessions
  /** `/phone-number…` incl. `importTwilio`, `importVonage` */
  readonly phoneNumbers: PhoneNumbers
  /** `/tool…` */
  readonly tools: Tools
  /** `/file…` (multipart uploads) */
  readonly files: Files
  /** `/knowledge-base…` (v1) */
  readonly knowledgeBases: KnowledgeBases
  /** `/structured-output…` */
  readonly structuredOutputs: StructuredOutputs
  /** `/test-suite…` with `.tests` and `.runs` */
  readonly testSuites: TestSuites
  /** `/eval…` with `.runs` */
  readonly evals: Evals
  /** `/org…` */
  readonly orgs: Orgs
  /** `/token…` */
  readonly tokens: Tokens
  /** `/credential…` (webhook sent without auth) */
  readonly credentials: Credentials
  /** `/template…` */
  readonly templates: Templates
  /** `/voice-library…` */
  readonly voiceLibrary: VoiceLibrary
  /** `/provider/…`, `/{provider}/…`, `/11labs/voice/clone` */
  readonly providers: Providers
  /** `POST /analytics` */
  readonly analytics: Analytics
  /** v2 listings: `v2.assistants.list`, `v2.calls.list|export|metadata`, `v2.phoneNumbers.list` */
  readonly v2: V2

  /** @param options see {@link PlatformClientOptions} */
  constructor(options: PlatformClientOptions) {
    const core = (this.core = new PlatformCore(options))
    this.assistants = new Assistants(core)
    this.squads = new Squads(core)
    this.workflows = new Workflows(core)
    this.calls = new Calls(core)
    this.chats = new Chats(core)
    this.campaigns = new Campaigns(core)
    this.sessions = new Sessions(core)
    this.phoneNumbers = new PhoneNumbers(core)
    this.tools = new Tools(core)
    this.files = new Files(core)
    this.knowledgeBases = new KnowledgeBases(core)
    this.structuredOutputs = new StructuredOutputs(core)
    this.testSuites = new TestSuites(core)
    this.evals = new Evals(core)
    this.orgs = new Orgs(core)
    this.tokens = new Tokens(core)
    this.credentials = new Credentials(core)
    this.templates = new Templates(core)
    this.voiceLibrary = new VoiceLibrary(core)
    this.providers = new Providers(core)
    this.analytics = new Analytics(core)
    this.v2 = new V2(core)
  }

  /**
   * Low-level typed call for any path of the official document or the supplement, e.g.
   * `client.request('get', '/eval/simulation/{id}', { path: { id } })`. Same retries, errors and auth rules.
   */
  request<M extends Method, P extends PathsWith<M>>(
    method: M,
    template: P,
    ...args: InitArgs<P, M, RequestOptions>
  ): Promise<ResponseBody<P, M>> {
    return this.core.call(method, template, ...args)
  }

  /** Never reveals the token. */
  toString(): string {
    return `PlatformClient(${this.core.baseUrl})`
  }

  /** Never reveals the token. */
  toJSON(): Record<string, unknown> {
    return this.core.toJSON()
  }
}

/**
 * Creates a platform client.
 *
 * @param options `token` (required: a public key in browsers, a private key only on servers), `baseUrl`
 *   (default `https://api.vapi.ai`), `fetch` (default global), `timeoutMs` (per attempt, default 60 000 ms),
 *   `maxRetries` (default 2), `maxRetryDelayMs` (cap on Retry-After, default 60 000 ms), `logger` (redacted)
 * @example
 * const vapi = createPlatformClient({ token: import.meta.env.VITE_VAPI_PUBLIC_KEY })
 * const call = await vapi.calls.createWeb({ assistant: 'asst_123' })
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  return new PlatformClient(options)
}
