import type { LevelSource, RealtimeSettings, VoiceSession } from '../session/session'
import { appendTurn, type ConversationTurn } from './conversation'
import { createSessionId } from '../session/sessionId'
import type { WidgetToast } from '../session/types'
import type { PendingStart } from '../engine/prestart'
import type { HandoffRecord } from '../session/handoff'
import type { ChatHandoffRecord, HandoffTurn } from '../session/handoffRecord'
import type { ChatFactory, EngineFactory } from './engine'
import { createChatController, type ChatController } from './chatController'
import {
  diagnosisOf,
  IN_CALL,
  INITIAL_STATE,
  toHandoffTurns,
  type SendTextResult,
  type WidgetState,
} from './widgetState'

export { diagnosisOf, type Diagnosis, type SendTextResult, type WidgetState } from './widgetState'

/** Options of {@link createWidgetController}. */
export interface WidgetControllerOptions {
  /** Whether the voice keys are present; when not, a press shows Configuration Required (SPEC §8). */
  configured: boolean
  /** Creates the engine on the first press. */
  createEngine: EngineFactory
  /** Creates the typed conversation on its first message (./engine.ts `createChatFactory`); without it there is no chat. */
  createChat?: ChatFactory
  /** Assistant id the call starts with (SPEC §7). */
  assistantId: string
  /** Realtime channel settings; `null` → commands arrive only as tool calls. */
  realtime: RealtimeSettings | null
  /** Every state change. */
  onState: (state: WidgetState) => void
  /** Shows a toast. */
  notify: (toast: WidgetToast) => void
  /** URL sent as the call variable `url`. @default () => window.location.href */
  pageUrl?: () => string
  /**
   * More `assistantOverrides` for a call, asked at each press: the widget language's transcriber, voice, first
   * message and `{{language}}` (src/voice/assistant/overrides.ts). `null` → only `sessionId` and `url`. @default none
   */
  assistantOverrides?: () => ({ variableValues?: Record<string, unknown> } & Record<string, unknown>) | null | undefined
  /** Log sink. @default console */
  logger?: Pick<Console, 'info' | 'warn' | 'error'>
  /** One conversation across the site's pages (`createVoiceSession`'s `persist`). @default false */
  persist?: boolean
  /**
   * Volume levels 0..1 as the engine emits them (~every 100 ms each): the assistant's and the visitor's
   * microphone. Kept out of {@link WidgetState} on purpose: the widget draws them once per frame without
   * re-rendering. @default none
   */
  onLevel?: (source: LevelSource, level: number) => void
  /**
   * Where the site's search index is published (`data-site-index`; the `search_site` and `open_page` tools, README
   * "Site search"). @default none
   */
  siteIndex?: string
  /**
   * A typed chat the previous page of this tab handed over (`claimChatHandoff()`): the panel opens with its
   * transcript and the next message continues its platform session. @default none
   */
  resumeChat?: ChatHandoffRecord | null
}

/** The widget's behaviour, independent of how it is drawn. */
export interface WidgetController {
  /** Current state. */
  readonly state: WidgetState
  /** Mic press: start when idle, otherwise stop (also cancels a start in progress). */
  toggle(): void
  /** A sign of intent (pointer over, focus or touch of the mic): fetches the session's and engine's code. Once. */
  preload(): void
  /** Starts a call (no-op unless idle). */
  start(): Promise<void>
  /** Rejoins the call the previous page of this tab handed over (no-op unless idle); Reconnecting, then Listening. */
  resume(record: HandoffRecord): Promise<void>
  /** Stops the call or cancels the start; back to idle with the transcript cleared. */
  stop(): Promise<void>
  /**
   * Sends what the visitor typed into the active call as their own turn (`add-message`, role `user`,
   * `triggerResponseEnabled: true`): trimmed; whitespace only is refused (`empty`); `failed` when no call is
   * active or the engine could not send it. A sent text is added to {@link WidgetState.turns} (`typed: true`).
   */
  sendText(text: string): SendTextResult
  /** Mutes (`true`) or unmutes the microphone of the active call; no-op without one or when the engine cannot. */
  setMuted(muted: boolean): void
  /**
   * Opens the typed conversation (no call, no microphone): {@link WidgetState.chat} `open`; the conversation itself
   * starts with the first message. No-op during a call, without `createChat`, or when not configured (then
   * Configuration Required, SPEC §8).
   */
  openChat(): void
  /** Closes the typed conversation: aborts an answer in progress, leaves its realtime channel, forgets its turns. */
  closeChat(): void
  /** A sign of intent toward the chat (pointer over, focus or touch of its button): fetches its code. Once. */
  preloadChat(): void
  /**
   * Runs the network check (the engine factory's `diagnose`) while idle after a failed start: `diagnosis` goes
   * `running`, then to what it found. No-op during a call, while a check runs, or without `diagnose`.
   */
  checkNetwork(): void
  /** Whether this build can run the network check. */
  readonly canCheckNetwork: boolean
  /** Clears {@link WidgetState.problem} (the visitor dismissed the explanation). */
  dismissProblem(): void
  /** Stops any call and drops every listener; the controller is unusable afterwards. */
  destroy(): void
}

/**
 * Binds the mic to a voice session (SPEC §4 "Voice widget status"). Nothing of the engine, daily-js,
 * supabase-js or the command executor is loaded before the first press: the session module and the engine
 * are imported then. A press while connecting cancels; a stale start (cancelled while loading) never
 * touches the state again.
 */
export function createWidgetController(options: WidgetControllerOptions): WidgetController {
  const log = options.logger ?? console
  let state: WidgetState = INITIAL_STATE
  let turnId = 0
  let session: VoiceSession | null = null
  let attempt = 0
  let destroyed = false
  let preloaded = false
  /** The start begun at the press, until the engine takes it over. */
  let pending: PendingStart | undefined
  const dropPending = () => {
    pending?.cancel()
    pending = undefined
  }

  const set = (patch: Partial<WidgetState>) => {
    const next = { ...state, ...patch }
    if ((Object.keys(next) as (keyof WidgetState)[]).every((k) => next[k] === state[k])) return
    state = next
    if (!destroyed) options.onState(state)
  }
  const addTurn = (role: ConversationTurn['role'], text: string, typed = false) => {
    const turn: ConversationTurn = { id: ++turnId, role, text, ...(typed && { typed }) }
    return appendTurn(state.turns, turn)
  }
  /** Turns handed over by the previous page, with this widget's ids. */
  const restoreTurns = (turns: readonly HandoffTurn[] | undefined): readonly ConversationTurn[] =>
    (turns ?? []).reduce<readonly ConversationTurn[]>((all, t) => appendTurn(all, { id: ++turnId, ...t }), [])
  const notify = (toast: WidgetToast) => {
    if (!destroyed) options.notify(toast)
  }
  /** A press without the voice keys: Configuration Required (SPEC §8), nothing else. */
  const configurationRequired = () =>
    notify({
      type: 'info',
      titleKey: 'widget.toast.configurationRequired.title',
      descriptionKey: 'widget.toast.configurationRequired.description',
    })
  const pageUrl = () => (options.pageUrl ? options.pageUrl() : window.location.href)
  /** The typed conversation's half (./chatController.ts), when this build has one. */
  const chat: ChatController | null = options.createChat
    ? createChatController({
        createChat: options.createChat,
        assistantId: options.assistantId,
        realtime: options.realtime,
        siteIndex: options.siteIndex,
        pageUrl,
        state: () => state,
        set,
        addTurn,
        restoreTurns,
        notify,
        log,
      })
    : null
  const closeChat = () => chat?.close()

  async function start(resume?: HandoffRecord): Promise<void> {
    if (destroyed || state.status !== 'idle') return
    if (!options.configured) return configurationRequired()
    if (state.chat === 'open') closeChat() // the call takes the conversation over: typed text goes into it
    const mine = ++attempt
    const sessionId = resume?.sessionId ?? createSessionId()
    const assistantId = resume?.assistantId ?? (options.assistantId || 'scripted-assistant')
    const url = pageUrl()
    const extra = options.assistantOverrides?.() ?? undefined
    // The press starts the call itself: the request and the microphone go out now, while the code loads.
    const factory = options.createEngine
    const mineStart = resume
      ? undefined
      : factory.prestart?.({
          assistantId,
          assistantOverrides: {
            ...extra,
            variableValues: { ...extra?.variableValues, sessionId, url },
          },
        })
    pending = mineStart
    set({
      status: 'connecting',
      sessionId,
      reconnecting: !!resume,
      problem: null,
      diagnosis: null,
      ...IN_CALL,
      // The conversation so far, handed over by the previous page (same cap, same lifetime as the call's record).
      turns: restoreTurns(resume?.turns),
    })
    try {
      const [{ createVoiceSession }, engine] = await Promise.all([
        import('../session/session'),
        Promise.resolve(factory(mineStart)),
      ])
      if (mine !== attempt) {
        mineStart?.cancel()
        return // stopped while loading
      }
      pending = undefined // the engine owns it now
      const s = createVoiceSession({
        engine,
        assistantId,
        sessionId,
        pageUrl: url,
        ...(extra && { assistantOverrides: extra }),
        realtime: options.realtime,
        onStatus: (status) => {
          if (mine !== attempt) return
          if (status === 'connecting') set({ status })
          else if (status === 'idle') set({ status, reconnecting: false, ...IN_CALL })
          else set({ status, reconnecting: false, stage: null })
        },
        persist: options.persist === true,
        resume: resume ?? null,
        transcript: () => toHandoffTurns(state.turns),
        ...(options.siteIndex !== undefined && { siteIndex: options.siteIndex }),
        onTranscript: (transcript) => {
          if (mine === attempt) set({ transcript })
        },
        onTurn: (turn) => {
          if (mine !== attempt || state.status === 'idle') return
          if (!turn.final) set({ partial: turn.text ? { role: turn.role, text: turn.text } : null })
          else
            set({
              turns: addTurn(turn.role, turn.text),
              partial: state.partial?.role === turn.role ? null : state.partial,
            })
        },
        onLevel: (source, level) => {
          if (mine === attempt && !destroyed) options.onLevel?.(source, level)
        },
        onStage: (stage) => {
          if (mine === attempt && state.status === 'connecting') set({ stage })
        },
        onNetwork: (network) => {
          if (mine === attempt && state.status !== 'idle') set({ network })
        },
        onProblem: (problem) => {
          if (mine === attempt) set({ problem })
        },
        notify,
        logger: log,
      })
      session = s
      set({ canMute: s.canMute })
      await s.start()
    } catch (error) {
      log.error('[voice] could not start the voice assistant', error)
      mineStart?.cancel()
      if (pending === mineStart) pending = undefined
      if (mine !== attempt) return
      notify({
        type: 'error',
        titleKey: 'widget.toast.connectionFailed.title',
        descriptionKey: 'widget.toast.connectionFailed.description',
      })
      set({ status: 'idle', reconnecting: false, problem: 'unknown', ...IN_CALL })
    }
  }

  async function stop(): Promise<void> {
    attempt++
    dropPending()
    const s = session
    session = null
    set({ status: 'idle', reconnecting: false, ...IN_CALL })
    if (s) await s.stop()
  }

  function sendText(text: string): SendTextResult {
    const content = text.trim()
    if (content === '') return 'empty'
    if (chat && state.chat === 'open' && state.status === 'idle') return chat.send(content)
    const active = state.status === 'listening' || state.status === 'processing'
    if (!active || !session || !session.sendText(content)) return 'failed'
    set({ turns: addTurn('user', content, true) })
    return 'sent'
  }

  const resumeChat = options.resumeChat
  if (resumeChat && chat && options.configured) state = { ...state, ...chat.resume(resumeChat) }

  return {
    get state() {
      return state
    },
    toggle() {
      if (state.status === 'idle') void start()
      else void stop()
    },
    preload() {
      if (preloaded || destroyed || !options.configured) return
      preloaded = true
      // The embed's factory fetches the session's chunk with the engine's (without running it) and says so.
      if (options.createEngine.preload?.() !== true) void import('../session/session').catch(() => undefined)
    },
    start: () => start(),
    resume: (record) => start(record),
    stop,
    sendText,
    setMuted(muted) {
      if (!session || state.status === 'idle' || state.status === 'connecting') return
      const now = session.setMuted(muted)
      if (now !== null) set({ muted: now })
    },
    openChat() {
      if (destroyed || !chat || state.status !== 'idle' || state.chat === 'open') return
      if (!options.configured) return configurationRequired()
      chat.open()
    },
    closeChat,
    preloadChat() {
      if (destroyed || !options.configured) return
      chat?.preload()
    },
    checkNetwork() {
      const diagnose = options.createEngine.diagnose
      if (destroyed || !diagnose || state.status !== 'idle' || state.diagnosis === 'running') return
      set({ diagnosis: 'running' })
      void diagnose().then(
        (result) => {
          if (state.diagnosis === 'running') set({ diagnosis: diagnosisOf(result) })
        },
        () => {
          if (state.diagnosis === 'running') set({ diagnosis: 'unavailable' })
        },
      )
    },
    get canCheckNetwork() {
      return typeof options.createEngine.diagnose === 'function'
    },
    dismissProblem() {
      set({ problem: null, diagnosis: null })
    },
    destroy() {
      if (destroyed) return
      chat?.destroy()
      void stop()
      destroyed = true
    },
  }
}
