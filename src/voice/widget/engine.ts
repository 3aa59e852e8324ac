import type { VoiceEngineLike } from '../session/types'

/** Creates the call engine for one call (called on the mic press, never before). */
export type EngineFactory = () => VoiceEngineLike | Promise<VoiceEngineLike>

/** Which engine a build uses and the keys the real one needs. */
export interface EngineSettings {
  /** `live`: the real web call (daily-js + POST /call/web); `scripted`: the e2e build's and demos' scripted call. */
  kind: 'live' | 'scripted'
  /** The platform's public key (bearer of POST /call/web). */
  publicKey: string
  /** Platform API base URL, e.g. `https://api.vapi.ai`. */
  apiBaseUrl: string
}

/**
 * The engine factory of a build: the real {@link import('../engine').VoiceCall} (daily-js and the platform
 * client load only now, on the first mic press) or the scripted one, which also replays steps posted to the
 * window (see `ScriptedVoiceEngine`'s `windowMessages`) so end-to-end tests can send tool calls.
 */
export function createEngineFactory(settings: EngineSettings): EngineFactory {
  if (settings.kind === 'scripted') {
    return () => import('../session/scriptedEngine').then((m) => new m.ScriptedVoiceEngine({ windowMessages: true }))
  }
  return () =>
    import('../engine').then((m) => new m.VoiceCall({ publicKey: settings.publicKey, apiBaseUrl: settings.apiBaseUrl }))
}
