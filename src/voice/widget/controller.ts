import type { LevelSource, NetworkState, RealtimeSettings, VoiceSession } from '../session/session'
import type { ProblemKind } from '../session/problems'
import { appendTurn, type ConversationTurn, type PartialTurn } from './conversation'
import { createSessionId } from '../session/sessionId'
import type { WidgetStatus, WidgetToast } from '../session/types'
import type { PendingStart } from '../engine/prestart'
import type { HandoffRecord } from '../session/handoff'
import { saveChatHandoff, type ChatHandoffRecord, type HandoffTurn } from '../session/handoffRecord'
import type { ChatFactory, EngineFactory } from './engine'
import type { ChatSession } from '../chat'
import type { NetworkDiagnostics } from '../engine/diagnostics'

/** What the widget renders from. */
export interface WidgetState {
  /** SPEC §4 status. */
  status: WidgetStatus
  /** Partial transcript while the visitor speaks ('' otherwise). */
  transcript: string
  /** `session_…` id of the current or last call, '' before the first. */
  sessionId: string
  /** Whether the current start rejoins a call handed over by the previous page (the widget says Reconnecting). */
  reconnecting: boolean
  /** Finished turns of both sides in this call, newest last, at most `TRANSCRIPT_CAP` (50); `[]` between calls. */
  turns: readonly ConversationTurn[]
  /** What either side is saying right now (latest partial transcript), or `null`. */
  partial: PartialTurn | null
  /** Whether the visitor's microphone is muted (reset to `false` at each call). */
  muted: boolean
  /** Whether the call's engine can mute the microphone (the widget offers mute only then). */
  canMute: boolean
  /** The start stage in progress while connecting (`call-start-progress` stage, or `assistant`), else `null`. */
  stage: string | null
  /** The call's network ({@link NetworkState}); `good` between calls. */
  network: NetworkState
  /**
   * Why the last call failed or ended without the visitor asking (`ProblemKind`), shown until the next press or
   * {@link WidgetController.dismissProblem}; `null` otherwise.
   */
  problem: ProblemKind | null
  /**
   * The typed conversation without a call (Vapi's widget "chat" mode, `POST /chat/web`): `open` while its panel
   * is open, `closed` otherwise. Its turns are {@link turns}; the status stays `idle` (no call, no microphone).
   */
  chat: 'open' | 'closed'
  /** Whether a typed message is on its way and the assistant's answer still arriving. */
  chatBusy: boolean
  /**
   * The network check offered after a failed start ({@link WidgetController.checkNetwork}): `running`, then what it
   * found — `reachable` (Daily's TURN relay and signalling websockets passed), `blocked` (either failed: a firewall,
   * VPN or captive portal), `unavailable` (the check itself could not run); `null` before a check and after the
   * next press or a dismissed problem.
   */
  diagnosis: Diagnosis | null
}

/** What the network check found ({@link WidgetState.diagnosis}). */
export type Diagnosis = 'running' | 'reachable' | 'blocked' | 'unavailable'

/**
 * Reads {@link NetworkDiagnostics} as the visitor needs it: `blocked` when Daily's TURN relay test or its websocket
 * test failed, `reachable` when both passed (a websocket `warning` — some regions failed — still reaches one),
 * `unavailable` when the check could not run or a test was aborted.
 */
export function diagnosisOf(result: NetworkDiagnostics): Exclude<Diagnosis, 'running'> {
  if (result.error) return 'unavailable'
  const turn = result.networkConnectivity?.result
  const ws = result.websocketConnectivity?.result
  if (turn === 'failed' || ws === 'failed') return 'blocked'
  if (turn === 'passed' && (ws === 'passed' || ws === 'warning')) return 'reachable'
  return 'unavailable'
}

/**
 * Outcome of {@link WidgetController.sendText}: sent, refused as empty, refused because the previous message is
 * still being answered (`busy`), or not sent (no call or chat, or sending failed).
 */
export type SendTextResult = 'sent' | 'empty' | 'busy' | 'failed'

/** The turns as a handoff record carries them (no ids). */
const toHandoffTurns = (turns: readonly ConversationTurn[]): HandoffTurn[] =>
  turns.map((t) => ({ role: t.role, text: t.text, ...(t.typed && { typed: true }) }))

/** What a call's end resets (and a new start starts from). */
const IN_CALL: Pick<WidgetState, 'transcript' | 'turns' | 'partial' | 'muted' | 'canMute' | 'stage' | 'network'> = {
  transcript: '',
  turns: [],
  partial: null,
  muted: false,
  canMute: false,
  stage: null,
  network: 'good',
}

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
  assistantOverrides?: () => ({ variableValues?: Record<string, unknown> } & Record<string, unknown>) | null
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
  let state: WidgetState = {
    status: 'idle',
    sessionId: '',
    reconnecting: false,
    problem: null,
    chat: 'closed',
    chatBusy: false,
    diagnosis: null,
    ...IN_CALL,
  }
  /** The typed conversation while its panel is open (created on the first message), and its generation. */
  let chat: Promise<ChatSession | null> | null = null
  let chatAttempt = 0
  let turnId = 0
  let session: VoiceSession | null = null
  let attempt = 0
  let destroyed = false
  let preloaded = false
  let chatPreloaded = false
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
  /** The typed chat's ids: ours (`session_…`) and the platform's, continued from the previous page when handed over. */
  let chatIds: { sessionId: string; chatSessionId?: string } | null = null
  let chatHandle: ChatSession | null = null
  /** At pagehide an open chat with a conversation hands it to the next page of the tab (sessionStorage only). */
  const onPageHide = () => {
    if (state.chat !== 'open' || state.turns.length === 0 || !chatIds) return
    const chatSessionId = chatHandle?.chatSessionId ?? chatIds.chatSessionId
    saveChatHandoff({
      sessionId: chatIds.sessionId,
      assistantId: options.assistantId,
      ...(chatSessionId !== undefined && { chatSessionId }),
      turns: toHandoffTurns(state.turns),
    })
  }
  if (options.createChat && typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide)
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

  async function start(resume?: HandoffRecord): Promise<void> {
    if (destroyed || state.status !== 'idle') return
    if (!options.configured) return configurationRequired()
    if (state.chat === 'open') closeChat() // the call takes the conversation over: typed text goes into it
    const mine = ++attempt
    const sessionId = resume?.sessionId ?? createSessionId()
    const assistantId = resume?.assistantId ?? (options.assistantId || 'scripted-assistant')
    const pageUrl = options.pageUrl ? options.pageUrl() : window.location.href
    const extra = options.assistantOverrides?.() ?? undefined
    // The press starts the call itself: the request and the microphone go out now, while the code loads.
    const factory = options.createEngine
    const mineStart = resume
      ? undefined
      : factory.prestart?.({
          assistantId,
          assistantOverrides: {
            ...extra,
            variableValues: { ...extra?.variableValues, sessionId, url: pageUrl },
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
        pageUrl,
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

  function closeChat(): void {
    chatAttempt++
    const c = chat
    chat = null
    chatIds = null
    chatHandle = null
    if (c) void c.then((s) => s?.stop())
    if (state.chat === 'open') set({ chat: 'closed', chatBusy: false, turns: [], partial: null })
  }

  /** The typed conversation of the open chat panel, created once per opening (null when it could not load). */
  const chatSession = (): Promise<ChatSession | null> => {
    const mine = chatAttempt
    const factory = options.createChat!
    return (chat ??= Promise.resolve()
      .then(() =>
        factory({
          assistantId: options.assistantId,
          sessionId: (chatIds ??= { sessionId: createSessionId() }).sessionId,
          ...(chatIds.chatSessionId !== undefined && { chatSessionId: chatIds.chatSessionId }),
          ...(options.siteIndex !== undefined && { siteIndex: options.siteIndex }),
          pageUrl: options.pageUrl ? options.pageUrl() : window.location.href,
          realtime: options.realtime,
          onTurn: (turn) => {
            if (mine !== chatAttempt) return
            if (!turn.final) set({ partial: turn.text ? { role: turn.role, text: turn.text } : null })
            // The visitor's own turn is already shown (typed) from the moment it was sent.
            else if (turn.role === 'assistant')
              set({
                turns: addTurn('assistant', turn.text),
                partial: state.partial?.role === 'assistant' ? null : state.partial,
              })
          },
          onBusy: (busy) => {
            if (mine === chatAttempt) set({ chatBusy: busy, ...(!busy && { partial: null }) })
          },
          notify,
          logger: log,
        }),
      )
      .then((session) => {
        if (mine === chatAttempt) chatHandle = session
        return session
      })
      .catch((error: unknown) => {
        log.error('[voice] the chat could not load', error)
        if (mine === chatAttempt) {
          chat = null // the next message retries
          notify({
            type: 'error',
            titleKey: 'widget.toast.connectionFailed.title',
            descriptionKey: 'widget.toast.connectionFailed.description',
          })
          set({ chatBusy: false })
        }
        return null
      }))
  }

  function sendText(text: string): SendTextResult {
    const content = text.trim()
    if (content === '') return 'empty'
    if (state.chat === 'open' && state.status === 'idle') {
      if (state.chatBusy) return 'busy'
      const mine = chatAttempt
      set({ turns: addTurn('user', content, true), chatBusy: true })
      void chatSession().then((s) => {
        if (s && mine === chatAttempt) void s.send(content)
      })
      return 'sent'
    }
    const active = state.status === 'listening' || state.status === 'processing'
    if (!active || !session || !session.sendText(content)) return 'failed'
    set({ turns: addTurn('user', content, true) })
    return 'sent'
  }

  const resumeChat = options.resumeChat
  if (resumeChat && options.createChat && options.configured) {
    chatIds = {
      sessionId: resumeChat.sessionId,
      ...(resumeChat.chatSessionId !== undefined && { chatSessionId: resumeChat.chatSessionId }),
    }
    state = { ...state, chat: 'open', turns: restoreTurns(resumeChat.turns) }
  }

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
      if (destroyed || !options.createChat || state.status !== 'idle' || state.chat === 'open') return
      if (!options.configured) return configurationRequired()
      set({ chat: 'open', chatBusy: false, problem: null, turns: [], partial: null })
    },
    closeChat,
    preloadChat() {
      if (chatPreloaded || destroyed || !options.configured || !options.createChat) return
      chatPreloaded = true
      options.createChat.preload?.()
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
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide)
      closeChat()
      void stop()
      destroyed = true
    },
  }
}
