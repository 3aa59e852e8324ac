import type { PendingStart } from '../engine/prestart'
import { atPress } from '../local/press'
import { prestartWebCall } from '../engine/prestart'
import type { VoiceEngineLike } from '../session/types'
import type { NetworkDiagnostics } from '../engine/diagnostics'
import type { ChatSession, ChatSessionOptions } from '../chat'

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
   * starts fetching daily-js (README "How fast the press is"). The engine takes the result over. The local
   * engine's does what needs the press's user activation (src/voice/local/press.ts) and returns `undefined`.
   */
  prestart?: (call: PressedCall) => PendingStart | undefined
  /**
   * Called on the first sign of intent (pointer over, focus or touch of the mic): fetches the call's code.
   * Returns `true` when that includes the session's chunk (the embed's build: every chunk of the call is
   * fetched with `<link rel="modulepreload">`, nothing evaluated), so the caller need not import it itself.
   */
  preload?: () => boolean | void
  /**
   * Runs the pre-call network diagnostics (src/voice/engine/diagnostics.ts, `@vapi-ai/web`'s
   * `runNetworkTestsStandalone`), loading its own chunk and daily-js first (never fetched at the press); the widget offers it when a start failed
   * for a reason the network may explain. Never rejects. Absent in builds without a real call (scripted).
   */
  diagnose?: () => Promise<NetworkDiagnostics>
}

/**
 * The file names (relative to this chunk) of every chunk the call needs — the session, the engine, the
 * platform's web-call client, daily-js and their static imports — as a JSON array, written in by the embed's
 * build (`callChunks()` in vite.embed.config.ts). In any other build it stays this placeholder.
 */
const CALL_CHUNKS: string = '__VOICEOS_CALL_CHUNKS__'

/**
 * Adds a `<link rel="modulepreload">` per chunk of {@link CALL_CHUNKS} (skipping those already linked, as
 * Vite's preload helper does): one parallel round trip that fetches and caches the call's code without running
 * any of it, so the page does no work at intent that a press landing then would wait for. Returns `false`
 * (nothing done) when the build did not list the chunks or there is no document.
 */
function preloadCallChunks(): boolean {
  if (typeof document === 'undefined') return false
  let names: unknown
  try {
    names = JSON.parse(CALL_CHUNKS) // throws on the placeholder (a check of the literal could be folded away)
  } catch {
    return false
  }
  if (!Array.isArray(names)) return false
  for (const name of names) {
    if (typeof name !== 'string') continue
    const href = new URL(name, import.meta.url).href
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = '' // module scripts are fetched in CORS mode; the preload must match to be reused
    link.href = href
    document.head.appendChild(link)
  }
  return true
}

/**
 * Creates the typed conversation (src/voice/chat, `POST /chat/web`) on its first message, with the build's keys;
 * its code is imported then (or at {@link ChatFactory.preload}), never before.
 */
export interface ChatFactory {
  (options: Omit<ChatSessionOptions, 'publicKey' | 'apiBaseUrl'>): Promise<ChatSession>
  /** Fetches and runs the chat's code (intent toward the chat button). */
  preload?: () => void
}

/**
 * The chat factory of a build: the real typed conversation against the platform's `POST /chat/web` with the
 * site's public key and API base (the same keys as the call).
 */
export function createChatFactory(settings: Pick<EngineSettings, 'publicKey' | 'apiBaseUrl'>): ChatFactory {
  const load = () => import('../chat')
  const factory: ChatFactory = (options) =>
    load().then((m) =>
      m.createChatSession({ ...options, publicKey: settings.publicKey, apiBaseUrl: settings.apiBaseUrl }),
    )
  factory.preload = () => void load().catch(() => undefined)
  return factory
}

/** Which engine a build uses and the keys the real one needs. */
export interface EngineSettings {
  /**
   * `live`: the real web call (daily-js + POST /call/web); `local`: the browser's own recognizer and voice with the
   * command grammar, no platform (src/voice/local, README "Voice without a platform account"); `scripted`: the e2e
   * build's and demos' scripted call.
   */
  kind: 'live' | 'scripted' | 'local'
  /**
   * BCP 47 language of the page, for the `local` engine's recognizer, grammar and voice; a function is read at each
   * press (the embed's language switch changes it). @default the document's `lang`
   */
  lang?: string | (() => string)
  /**
   * Whether the owner published a site index (`data-site-index`): the `local` engine's "search for …" and questions
   * ("what does …") then search the site and open the best page (src/voice/local/engine.ts). @default false
   */
  siteSearch?: boolean
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
 * the call's chunks (the embed's build: all in parallel with `modulepreload`, none run; other builds: the
 * engine's chunk and daily-js, imported); at the press it sends the web-call request and asks for the microphone
 * itself, then runs that code, in parallel with whatever of it is still arriving.
 */
export function createEngineFactory(settings: EngineSettings): EngineFactory {
  if (settings.kind === 'local') {
    // Nothing of the platform, daily-js or a key: the recognizer, the grammar and the answers, loaded at intent.
    const load = () => import('../local/engine')
    const factory: EngineFactory = () => {
      const lang = typeof settings.lang === 'function' ? settings.lang() : settings.lang
      return load().then(
        (m) =>
          new m.LocalVoiceEngine({
            ...(lang && { lang }),
            ...(settings.siteSearch && { siteSearch: true }),
          }),
      )
    }
    factory.preload = () => void load().catch(() => undefined)
    // In the press, before the chunk loads: install() and speech unlocked while the activation lasts.
    factory.prestart = () => {
      const lang =
        (typeof settings.lang === 'function' ? settings.lang() : settings.lang) || document.documentElement.lang
      atPress(lang || 'en')
      return undefined
    }
    return factory
  }
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
  // daily-js is needed as soon as the web call's response arrives: loaded beside the engine (the engine's own
  // import of it then gets this same module instance), never after the request.
  const runCode = () => {
    void load().catch(() => undefined)
    void import('@daily-co/daily-js').catch(() => undefined)
  }
  factory.diagnose = () =>
    import('../engine/diagnostics').then(
      (m) => m.runNetworkDiagnostics(),
      (error: unknown): NetworkDiagnostics => ({ error: String(error) }),
    )
  // At intent: fetch only (modulepreload) where the build lists the chunks, else import as before.
  factory.preload = () => preloadCallChunks() || void runCode()
  factory.prestart = (call) => {
    const pending = prestartWebCall({
      publicKey: settings.publicKey,
      apiBaseUrl: settings.apiBaseUrl,
      ...call,
      ...(settings.persist && { extra: { roomDeleteOnUserLeaveEnabled: false } }),
    })
    // After the request and the microphone are on their way (above): run the code fetched at intent, or fetch
    // it now for a press without a prior intent (e.g. a screen reader's activation). Asynchronous: nothing of
    // it runs inside the press's task.
    runCode()
    return pending
  }
  return factory
}
