import type { PlatformCore } from './core'

/** Base of every resource class: holds the shared request core (no HTTP code lives in resources). */
export abstract class APIResource {
  /** The shared request core. */
  protected readonly _core: PlatformCore
  /** @param core the client's request core */
  constructor(core: PlatformCore) {
    this._core = core
  }
}
