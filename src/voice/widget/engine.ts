import type { PendingStart } from '../engine/prestart'
import { prestartWebCall } from '../engine/prestart'
import type { VoiceEngineLike } from '../session/types'

/** What the press knows of the call it starts (the values the session passes to the engine's `start()`). */
export interface PressedCall {
  /** Assistant id. */
  assistantId: string
  /** `assistantOverrides` of the call, e.g. `{ variableValues: { sessionId, url } }`. */
  assistantOverrides: Record<string, unknown>
}

/**
 * Creates the call engine for one call (called on the mic press, never before), handed the start the press
 * began, if any. Optional members let a build start the call's network work before its engine has loaded.
 */
export interface EngineFactory {
  (pending?: PendingStart): VoiceEngineLike | Promise<VoiceEngineLike>
  /**
   * Called synchronously in the mic press: sends `POST /call/web` and requests the microphone at once, and
   * starts fetching daily-js (README "How fast the press is"). The engine takes the result over.
   */
  prestart?: (call: PressedCall) => PendingStart
  /** Called on the first sign of intent (pointer over, focus or touch of the mic): fetches the engine's chunks and daily-js. */
  preload?: () => void
}

/** Which engine a build uses and the keys the real one needs. */
export interface EngineSettings {
  /** `live`: the real web call (daily-js + POST /call/web); `scripted`: the e2e build's and demos' scripted call. */
  kind: 'live' | 'scripted'
  /** The platform's public key (bearer of POST /call/web). */
  publicKey: string
  /** Platform API base URL, e.g. `https://api.vapi.ai`. */
  apiBaseUrl: string
  /** Calls whose room outlives the page (`roomDeleteOnUserLeaveEnabled: false`), for the multi-page handoff. @default false */
  persist?: boolean
}

/**
 * The engine factory of a build: the real {@link import('../engine').VoiceCall} or the scripted one, which also
 * replays steps posted to the window (see `ScriptedVoiceEngine`'s `windowMessages`) so end-to-end tests can send
 * tool calls. The live one loads nothing before intent: on pointer over, focus or touch of the mic it fetches
 * the engine's chunk (its static imports preloaded in parallel) and daily-js; at the press it sends the web-call
 * request and asks for the microphone itself, in parallel with whatever of that code is still loading.
 */
export function createEngineFactory(settings: EngineSettings): EngineFactory {
  if (settings.kind === 'scripted') {
    return () => import('../session/scriptedEngine').then((m) => new m.ScriptedVoiceEngine({ windowMessages: true }))
  }
  let engine: Promise<typeof import('../engine')> | undefined
  const load = () =>
    (engine ??= import('../engine').catch((error: unknown) => {
      engine = undefined // a failed chunk load may be retried by the next press
      throw error
    }))
  const factory: EngineFactory = (pending) =>
    load().then(
      (m) =>
        new m.VoiceCall({
          publicKey: settings.publicKey,
          apiBaseUrl: settings.apiBaseUrl,
          ...(settings.persist && { roomDeleteOnUserLeaveEnabled: false }),
          ...(pending && { pendingStart: pending }),
        }),
    )
  // daily-js is needed as soon as the web call's response arrives: fetched beside the engine (the engine's own
  // import of it then gets this same module instance), never after the request.
  const fetchCode = () => {
    void load().catch(() => undefined)
    void import('@daily-co/daily-js').catch(() => undefined)
  }
  factory.preload = fetchCode
  factory.prestart = (call) => {
    const pending = prestartWebCall({
      publicKey: settings.publicKey,
      apiBaseUrl: settings.apiBaseUrl,
      ...call,
      ...(settings.persist && { extra: { roomDeleteOnUserLeaveEnabled: false } }),
    })
    fetchCode() // a press without a prior intent (e.g. a screen reader's activation) fetches it now
    return pending
  }
  return factory
}
