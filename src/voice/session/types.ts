import type { VoiceCallEvents } from '../engine/events'
import type { VapiClientMessage } from '../engine/messages'

/** The widget's status (SPEC §3 "Voice widget local state"). */
export type WidgetStatus = 'idle' | 'connecting' | 'listening' | 'processing'

/**
 * What the widget needs of a call engine: {@link import('../engine').VoiceCall} and the scripted engine
 * both satisfy it. Events are the engine's typed event map.
 */
export interface VoiceEngineLike {
  on<E extends keyof VoiceCallEvents>(event: E, listener: VoiceCallEvents[E]): unknown
  off<E extends keyof VoiceCallEvents>(event: E, listener: VoiceCallEvents[E]): unknown
  /** Starts a call with an assistant id; resolves to the call, or `null` when the start failed or was cancelled. */
  start(assistant: string, assistantOverrides?: Record<string, unknown>): Promise<unknown>
  /**
   * Rejoins a web call whose room outlived the previous page (`VoiceCall.reconnect`); resolves like `start`.
   * Optional: without it a handoff record is ignored and the visitor starts a new call.
   */
  reconnect?(webCall: never): Promise<unknown>
  /** Leaves the call (or cancels a start in progress). */
  stop(): Promise<void>
  /**
   * Ends the call on the platform (Live Call Control's `end-call`), then leaves it (`VoiceCall.end`). Optional:
   * the session uses it for a call whose room outlives the page, which leaving alone would not end.
   */
  end?(): Promise<void>
  /**
   * Sends a client message into the call (the page map and command results, src/voice/context); returns
   * whether there was a call to send it through. Optional: without it the assistant gets no page context.
   */
  send?(message: VapiClientMessage): boolean
  /**
   * The largest client message the call carries, in characters of `JSON.stringify(JSON.stringify(message))`
   * (daily-js's app-message check, src/voice/engine/appMessage.ts). Optional: without it 4096, daily-js's default.
   */
  appMessageLimit?(): number
  /**
   * Mutes (`true`) or unmutes the visitor's microphone for the rest of the call (`VoiceCall.setMuted`). Optional:
   * without it the widget offers no mute button. May throw between calls (the session catches it).
   */
  setMuted?(muted: boolean): void
  /** Whether the microphone is muted; `false` between calls. Optional (see {@link setMuted}). */
  isMuted?(): boolean
}

/**
 * Every event the widget listens to on an engine: the engine's own map, including the widget contract's
 * additions (`local-volume-level`, `network-quality-change`, `network-connection`, @vapi-ai/web 2.7.1 names).
 */
export type WidgetEngineEvents = VoiceCallEvents

/**
 * A toast the widget asks its host to show: i18next keys in the `voice` namespace plus values.
 * `descriptionText` is literal text shown instead of a key (never an engine's own English message: the session
 * describes engine errors with localized copy chosen by the error's kind, `./problems.ts`).
 */
export interface WidgetToast {
  type: 'success' | 'error' | 'info'
  titleKey: string
  descriptionKey?: string
  descriptionText?: string
  values?: Record<string, string>
  /** English fallback of the title (used when a key is missing). */
  title?: string
  /** English fallback of the description. */
  description?: string
  /** A button that opens `url` in a new tab on the visitor's click (label: i18next key + English fallback). */
  action?: { labelKey: string; label: string; url: string }
}

/** Where voice commands come from besides the call's own tool calls. */
export interface RealtimeSettings {
  /** Supabase project URL. */
  supabaseUrl: string
  /** Supabase anon (public) key. */
  anonKey: string
  /** Join as a private channel (the secure setting; needs RLS on realtime.messages and a visitor JWT). */
  private?: boolean
  /** The visitor's JWT for private channels. */
  accessToken?: string | (() => Promise<string | null>)
  /** WebSocket constructor for Node tests. */
  transport?: unknown
}
