/**
 * What a voice session (./session.ts) is given and what it gives: its options, the session itself, and the
 * transcript, network and level shapes of its callbacks. Types only.
 * @module
 */
import type { PageContextOptions } from '../context/pageContext'
import type { TriggerResponse } from '../context/report'
import type { HandoffRecord } from './handoffRecord'
import type { ProblemKind } from './problems'
import type { RealtimeSettings, VoiceEngineLike, WidgetStatus, WidgetToast } from './types'

/** One side's words as the call transcribes them (Vapi `transcript` messages). */
export interface TranscriptTurn {
  /** Who speaks: the visitor (`user`) or the assistant. */
  role: 'user' | 'assistant'
  /** The words; a partial transcript is the whole utterance so far, not a delta. */
  text: string
  /** `transcriptType: 'final'` (the utterance is finished) or partial. */
  final: boolean
}

/**
 * The call's network as the visitor should know it: `interrupted` while Daily reports a `network-connection`
 * `interrupted` (it reconnects by itself), `poor` while `network-quality-change` says `very-low`, else `good`.
 */
export type NetworkState = 'good' | 'poor' | 'interrupted'

/** Where a volume level comes from: the assistant's audio (`volume-level`) or the visitor's microphone (`local-volume-level`). */
export type LevelSource = 'assistant' | 'visitor'

/** Options of {@link createVoiceSession}. */
export interface VoiceSessionOptions {
  /** The call engine (created by the host; the session only listens and starts/stops it). */
  engine: VoiceEngineLike
  /** Assistant id the call starts with (SPEC §7). */
  assistantId: string
  /** `session_…` id: variable `sessionId` of the call and the realtime channel suffix. */
  sessionId: string
  /** Current page URL, sent as the call variable `url`. */
  pageUrl: string
  /**
   * More `assistantOverrides` of the call (the widget language's transcriber, voice, first message and
   * `{{language}}`, src/voice/assistant/overrides.ts); their variables are merged with `sessionId` and `url`.
   */
  assistantOverrides?: { variableValues?: Record<string, unknown> } & Record<string, unknown>
  /** Realtime channel settings; `null` → commands arrive only as tool calls. */
  realtime: RealtimeSettings | null
  /** Status changes (SPEC §4 table). */
  onStatus: (status: WidgetStatus) => void
  /** Partial transcript of what the visitor is saying ('' clears it). */
  onTranscript: (text: string) => void
  /** Shows a toast. */
  notify: (toast: WidgetToast) => void
  /** Document the commands act on. @default document */
  root?: Document
  /** Timers (inject for tests). @default global setTimeout/clearTimeout */
  setTimeout?: (fn: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
  /** Log sink. @default console */
  logger?: Pick<Console, 'info' | 'warn' | 'error'>
  /**
   * Page context (src/voice/context): when the call starts and after each navigation the assistant gets the
   * page map through the engine's `send`. `false` turns it off; an object tunes it (settle/poll timing, byte
   * budget, ignore selector). @default on, when the engine can send and there is a document
   */
  pageContext?: false | Omit<PageContextOptions, 'doc' | 'send'>
  /**
   * Report every command's outcome to the call (done / refused with the reason), as a tool result for tool
   * calls. `false` turns it off. @default true
   */
  reportResults?: boolean
  /** When a result makes the assistant respond at once (see `resultMessage`). @default 'refusals' */
  triggerResponse?: TriggerResponse
  /**
   * One conversation across the pages of the site (./handoff.ts): once the call is set up, a same-origin
   * navigation hands it to the next page of the tab, and leaving otherwise ends it. The engine must keep the room
   * (`roomDeleteOnUserLeaveEnabled: false`). @default false
   */
  persist?: boolean
  /**
   * A call handed over by the previous page: rejoined with the engine's `reconnect` (same session id), and on
   * call-start the assistant gets the page map and one message saying where the visitor is now.
   */
  resume?: HandoffRecord | null
  /** Partial and final transcripts of both sides (roles other than user/assistant and empty finals are dropped). */
  onTurn?: (turn: TranscriptTurn) => void
  /**
   * Where the site's search index is published (`search_site`, `open_page`; README "Site search"); nothing of it
   * is fetched before the call starts, then its manifest loads, and the visitor's transcripts (partial and final)
   * fetch ahead the shards a search of their words needs. @default none: `search_site` answers that the site has no index
   */
  siteIndex?: string
  /**
   * The conversation so far, written into the handoff record at pagehide (same lifetime and claim rules), so the
   * next page's open panel shows it. @default none
   */
  transcript?: () => HandoffRecord['turns']
  /**
   * Volume levels, 0..1, as the engine emits them (every 100 ms each): the assistant's (`volume-level`) and the
   * visitor's microphone (`local-volume-level`). Not throttled here: the widget draws them once per frame.
   */
  onLevel?: (source: LevelSource, level: number) => void
  /** The start stage in progress (`call-start-progress` `started`; `assistant` once the call is set up and the assistant is loading). */
  onStage?: (stage: string) => void
  /** The network state changed ({@link NetworkState}). */
  onNetwork?: (network: NetworkState) => void
  /**
   * Why the call failed or ended, when that needs explaining ({@link ProblemKind}): a failed start, an error during
   * the call, or an ending the visitor did not ask for (`status-update` ended `endedReason`). Once per session.
   */
  onProblem?: (kind: ProblemKind) => void
}

/** A running voice session (one call). */
export interface VoiceSession {
  /** Starts the call; resolves `true` once the call is created, `false` when it failed (a toast was shown). */
  start(): Promise<boolean>
  /** Ends the call (or cancels the start); the engine's call-end brings the status back to idle. */
  stop(): Promise<void>
  /** Runs a command as if it arrived over realtime (scripted demos). */
  route(message: unknown): void
  /**
   * Sends what the visitor typed into the call as their own turn: the client message `add-message` with
   * `{ role: 'user', content: text }` and `triggerResponseEnabled: true` (vendored openapi/
   * "ClientInboundMessageAddMessage"), so the assistant answers, and any command it gives runs as a spoken one
   * would. `text` is sent as given (the caller trims and refuses empty input).
   * @returns whether it went out (`false` after the call ended, without an engine `send`, or when sending threw).
   */
  sendText(text: string): boolean
  /** Whether the engine can mute the microphone (`setMuted`). */
  readonly canMute: boolean
  /**
   * Mutes or unmutes the visitor's microphone (`engine.setMuted`).
   * @returns the microphone's muted state afterwards (`engine.isMuted()` when it has one), or `null` when the
   * engine cannot mute or the call is over. Never throws.
   */
  setMuted(muted: boolean): boolean | null
}
