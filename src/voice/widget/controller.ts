import type { RealtimeSettings, VoiceSession } from '../session/session'
import { createSessionId } from '../session/sessionId'
import type { WidgetStatus, WidgetToast } from '../session/types'
import type { PendingStart } from '../engine/prestart'
import type { HandoffRecord } from '../session/handoff'
import type { EngineFactory } from './engine'

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
}

/** Options of {@link createWidgetController}. */
export interface WidgetControllerOptions {
  /** Whether the voice keys are present; when not, a press shows Configuration Required (SPEC §8). */
  configured: boolean
  /** Creates the engine on the first press. */
  createEngine: EngineFactory
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
  /** Log sink. @default console */
  logger?: Pick<Console, 'info' | 'warn' | 'error'>
  /** One conversation across the site's pages (`createVoiceSession`'s `persist`). @default false */
  persist?: boolean
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
  let state: WidgetState = { status: 'idle', transcript: '', sessionId: '', reconnecting: false }
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
    if (next.status === state.status && next.transcript === state.transcript && next.sessionId === state.sessionId)
      return
    state = next
    if (!destroyed) options.onState(state)
  }
  const notify = (toast: WidgetToast) => {
    if (!destroyed) options.notify(toast)
  }

  async function start(resume?: HandoffRecord): Promise<void> {
    if (destroyed || state.status !== 'idle') return
    if (!options.configured) {
      notify({
        type: 'info',
        titleKey: 'widget.toast.configurationRequired.title',
        descriptionKey: 'widget.toast.configurationRequired.description',
      })
      return
    }
    const mine = ++attempt
    const sessionId = resume?.sessionId ?? createSessionId()
    const assistantId = resume?.assistantId ?? (options.assistantId || 'scripted-assistant')
    const pageUrl = options.pageUrl ? options.pageUrl() : window.location.href
    // The press starts the call itself: the request and the microphone go out now, while the code loads.
    const factory = options.createEngine
    const mineStart = resume
      ? undefined
      : factory.prestart?.({
          assistantId,
          assistantOverrides: { variableValues: { sessionId, url: pageUrl } },
        })
    pending = mineStart
    set({ status: 'connecting', sessionId, reconnecting: !!resume })
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
        realtime: options.realtime,
        onStatus: (status) => {
          if (mine === attempt) set(status === 'connecting' ? { status } : { status, reconnecting: false })
        },
        persist: options.persist === true,
        resume: resume ?? null,
        onTranscript: (transcript) => {
          if (mine === attempt) set({ transcript })
        },
        notify,
        logger: log,
      })
      session = s
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
      set({ status: 'idle', transcript: '', reconnecting: false })
    }
  }

  async function stop(): Promise<void> {
    attempt++
    dropPending()
    const s = session
    session = null
    set({ status: 'idle', transcript: '', reconnecting: false })
    if (s) await s.stop()
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
    destroy() {
      if (destroyed) return
      void stop()
      destroyed = true
    },
  }
}
