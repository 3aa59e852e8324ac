import { PlatformCore, type PlatformClientOptions } from './core/core'
import { Calls } from './resources/calls'

/**
 * The Vapi platform client: one request core, resources as properties. Create it with
 * {@link createPlatformClient}.
 */
export class PlatformClient {
  /** The shared request core (also usable directly: `client.core.call('get', '/assistant/{id}', …)`). */
  readonly core: PlatformCore
  /** `/call`, `/call/{id}`, `/call/phone`, `/call/web`. */
  readonly calls: Calls

  /** @param options see {@link PlatformClientOptions} */
  constructor(options: PlatformClientOptions) {
    this.core = new PlatformCore(options)
    this.calls = new Calls(this.core)
  }

  /** Never reveals the token. */
  toString(): string {
    return `PlatformClient(${this.core.baseUrl})`
  }
}

/**
 * Creates a platform client.
 * @param options `token` (required; a public key in browsers, a private key only on servers), `baseUrl`
 *   (default `https://api.vapi.ai`), `fetch`, `timeoutMs` (60 000), `maxRetries` (2), `logger`
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  return new PlatformClient(options)
}
