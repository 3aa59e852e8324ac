import { pageAttrs, withRecord } from '../context/record'
import { fitMessage, undeliveredNote } from '../context/fit'
import { DAILY_MAX_APP_MESSAGE_SIZE } from '../engine/appMessage'
import { isVapiMessage, type VapiClientMessage, type VapiMessage } from '../engine/messages'
import type { VoiceCallErrorEvent } from '../engine/events'
import type { SessionActions } from './actions'
import { loadSiteSearch, type SiteSearchLoad } from './siteSearchLoad'
import { arrivalMessage, endCall, handoffWebCall, watchForHandoff, type HandoffWebCall } from './handoff'
import { classifyEndedReason, classifyError, type ProblemKind } from './problems'
import type { WidgetEngineEvents, WidgetStatus } from './types'

/** Time a voice command shows "processing" before the status returns to listening, in ms (SPEC §4, §9). */
export const COMMAND_STATUS_RESET_MS = 500

export type { RealtimeSettings } from './types'
export type { LevelSource, NetworkState, TranscriptTurn, VoiceSession, VoiceSessionOptions } from './sessionOptions'
import type { LevelSource, NetworkState, VoiceSession, VoiceSessionOptions } from './sessionOptions'

/**
 * Binds one call to the widget, per SPEC §4 "Voice widget status":
 * idle → connecting (start) → listening (call-start, toast Voice Assistant Active); speech-start → listening;
 * speech-end → processing; function-call / tool-calls message → processing; a voice command → processing then
 * listening after 500 ms; call-end → idle with the transcript cleared; error → idle (toast Voice Assistant Error,
 * or Connection Failed while still connecting). Commands from the realtime channel and from tool calls go
 * through one de-duplicating router, so a command arriving both ways runs once.
 *
 * Page context (src/voice/context/README.md): on call-start, and after each navigation during the call, the
 * page map goes to the call as a silent `add-message`; after each command its outcome follows (done / refused
 * with the reason; for a tool call in the `ToolCallResult` shape), through the engine's `send`.
 */
export function createVoiceSession(options: VoiceSessionOptions): VoiceSession {
  const log = options.logger ?? console
  const setT = options.setTimeout ?? ((fn, ms) => setTimeout(fn, ms))
  const clearT = options.clearTimeout ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
  const { engine } = options
  let status: WidgetStatus = 'idle'
  let resetTimer: unknown
  let subscribing = false
  let ended = false
  /** From pagehide on this page runs no command: the next page (or nobody) does (./handoff.ts). */
  let hidden = false
  let watcher: { stop(): void } | undefined
  /** The web call of a persistent call (its room outlives the page) while it runs: stop must end it on the platform. */
  let persistentCall: HandoffWebCall | null = null
  let arrived = false
  let lastError: VoiceCallErrorEvent | undefined
  /** The problem reported for this call (one per session: the first explains it best). */
  let problem: ProblemKind | undefined
  /** Why the platform ended the call (`status-update` ended), told once the call ends. */
  let endedKind: ProblemKind | null = null
  let networkInterrupted = false
  let networkPoor = false
  let network: NetworkState = 'good'
  const reportProblem = (kind: ProblemKind) => {
    if (problem !== undefined) return
    problem = kind
    options.onProblem?.(kind)
  }
  const updateNetwork = () => {
    const next: NetworkState = networkInterrupted ? 'interrupted' : networkPoor ? 'poor' : 'good'
    if (next === network) return
    network = next
    options.onNetwork?.(next)
  }
  /** Set by stop(): a start the visitor cancelled is not a failure to report. */
  let cancelled = false
  const doc: Document | undefined = options.root ?? (typeof document === 'undefined' ? undefined : document)
  /**
   * Every client message goes out through here: an `add-message` larger than the call's app-message limit is
   * split into parts (src/voice/context/fit.ts); one that still fails is reported — to the visitor (the
   * `messageUndelivered` problem) and to the assistant (a short note, or the tool call's result with `error`) —
   * and `false` is returned. Never throws.
   */
  const send = engine.send
    ? (message: VapiClientMessage): boolean => {
        const raw = (m: VapiClientMessage) => engine.send?.(m) ?? false
        try {
          for (const part of fitMessage(message, engine.appMessageLimit?.() ?? DAILY_MAX_APP_MESSAGE_SIZE)) {
            if (!raw(part)) return false
          }
          return true
        } catch (error) {
          log.warn('[voice] a message could not be sent into the call', error)
          if (message.type !== 'add-message' || ended) return false
          reportProblem('messageUndelivered')
          try {
            raw(undeliveredNote(message))
          } catch (noteError) {
            log.warn('[voice] the assistant could not be told either', noteError)
          }
          return false
        }
      }
    : undefined
  /** The acting half (./actions.ts), once its chunk has arrived; `undefined` before, or when it failed to load. */
  let actions: SessionActions | undefined
  /** The site's search, loaded at call-start when the owner published an index (./siteSearchLoad.ts). */
  let siteSearch: SiteSearchLoad | undefined
  const startSiteSearch = () => {
    // An acting half already here (a command came before Listening) made its own, and warms it at call-start.
    if (!options.siteIndex || siteSearch || ended || actions) return
    const load = (siteSearch = loadSiteSearch(options.siteIndex, doc, log))
    load.search.catch(() => {
      if (siteSearch === load) siteSearch = undefined // the acting half loads it again for a search
    })
  }
  /** What waits for the acting half, in arrival order (commands, tool calls, the page map's start). */
  let waiting: ((a: SessionActions) => void)[] = []
  let actionsReady: Promise<void> | undefined
  /**
   * Imports the acting half, once: on the first thing that needs it (call-start's page map, a command), never on
   * the way to Listening, so neither its download nor its evaluation competes with the call's set-up.
   */
  const loadActions = (): Promise<void> =>
    (actionsReady ??= import('./actions').then(
      (m) => {
        if (ended) return
        actions = m.createSessionActions({
          notify: options.notify,
          ...(options.root && { root: options.root }),
          doc,
          send,
          ...(options.pageContext !== undefined && { pageContext: options.pageContext }),
          ...(options.reportResults !== undefined && { reportResults: options.reportResults }),
          ...(options.triggerResponse !== undefined && { triggerResponse: options.triggerResponse }),
          onCommand,
          isHidden: () => hidden,
          logger: log,
          ...(options.siteIndex !== undefined && { siteIndex: options.siteIndex }),
          ...(siteSearch && { siteSearch: siteSearch.search }),
        })
        const queued = waiting
        waiting = []
        for (const fn of queued) fn(actions)
      },
      (error: unknown) => {
        waiting = []
        log.error('[voice] the command executor could not load; voice commands will not run on this page', error)
      },
    ))
  /** Runs `fn` with the acting half: at once when it is here, else once it arrives (nothing after teardown). */
  const withActions = (fn: (a: SessionActions) => void) => {
    if (actions) fn(actions)
    else if (!ended) {
      waiting.push(fn)
      void loadActions()
    }
  }
  /** Routes a command and reports its result (./actions.ts). */
  const run = (message: unknown, source: 'realtime' | 'tool-call') => withActions((a) => a.run(message, source))

  /**
   * Runs `fn` in a task after the next frame (a frame callback, then a timer): whatever the current task drew
   * is painted first. In a hidden document (no frames) or without `requestAnimationFrame`, a timer alone.
   */
  const afterNextPaint = (fn: () => void) => {
    if (typeof requestAnimationFrame !== 'function' || (typeof document !== 'undefined' && document.hidden)) setT(fn, 0)
    else requestAnimationFrame(() => setT(fn, 0))
  }

  const setStatus = (next: WidgetStatus) => {
    if (next !== 'processing' && resetTimer !== undefined) {
      clearT(resetTimer)
      resetTimer = undefined
    }
    if (next === status) return
    status = next
    options.onStatus(next)
  }

  const onCommand = () => {
    setStatus('processing')
    if (resetTimer !== undefined) clearT(resetTimer)
    resetTimer = setT(() => {
      resetTimer = undefined
      if (status === 'processing') setStatus('listening')
    }, COMMAND_STATUS_RESET_MS)
  }

  const subscribe = () => {
    const rt = options.realtime
    if (!rt || subscribing) return
    subscribing = true
    withActions((a) => void a.subscribe(rt, options.sessionId))
  }

  const onCallStart = () => {
    setStatus('listening')
    startSiteSearch()
    if (options.resume && !arrived && doc) {
      arrived = true
      try {
        send?.({
          type: 'add-message',
          message: { role: 'system', content: withRecord('page-change', arrivalMessage(doc), pageAttrs(doc)) },
          triggerResponseEnabled: false,
        })
      } catch (error) {
        log.warn('[voice] could not tell the assistant about the new page', error)
      }
    }
    // What follows Listening comes after the frame that paints it, not in the same task: the status the visitor
    // waits for is drawn first. Then commands can come: the acting half is requested (its chunk's fetch and
    // evaluation), the realtime channel joined and the page map sent; a command that arrives sooner loads it
    // itself and waits, in order. Then the toast. A call that ended meanwhile gets none of it.
    afterNextPaint(() => {
      if (ended) return
      subscribe()
      withActions((a) => a.startPageContext())
      if (status === 'idle' || status === 'connecting') return
      options.notify({
        type: 'success',
        titleKey: 'widget.toast.active.title',
        descriptionKey: 'widget.toast.active.description',
      })
    })
  }
  const onSpeechStart = () => {
    if (status !== 'idle' && status !== 'connecting') setStatus('listening')
  }
  const onSpeechEnd = () => {
    if (status !== 'idle' && status !== 'connecting') setStatus('processing')
  }
  const onMessage = (message: VapiMessage) => {
    if (!message || typeof message !== 'object') return // junk from the call: ignored, never thrown
    if (isTranscript(message)) {
      if (message.role === 'user') {
        options.onTranscript(message.transcriptType === 'partial' ? message.transcript : '')
      }
      if ((message.role === 'user' || message.role === 'assistant') && typeof message.transcript === 'string') {
        const final = message.transcriptType === 'final' || message.type === 'transcript[transcriptType="final"]'
        const text = message.transcript.trim()
        if (!final || text !== '') options.onTurn?.({ role: message.role, text, final })
        // The visitor's question reaches the page, word by word as they speak, before the assistant's search of
        // it: fetch ahead.
        if (text !== '' && message.role === 'user') (siteSearch ?? actions)?.anticipate(text, !final)
      }
      return
    }
    if (isVapiMessage(message, 'status-update')) {
      if (message.status === 'ended') endedKind = classifyEndedReason(message.endedReason)
      return
    }
    if (message.type === 'function-call' || message.type === 'tool-calls') {
      setStatus('processing')
      withActions((a) => a.runToolCalls(message))
    }
  }
  const onError = (event: VoiceCallErrorEvent) => {
    if (event?.type === 'audio-observer-setup-error' || event?.type === 'audio-processing-setup-error') {
      // Not critical (the engine turned noise cancellation off and went on, SPEC §8): the call continues.
      log.warn(`[voice] ${event.type}; the call goes on without it`, event.error)
      return
    }
    lastError = event
    if (status === 'connecting') return // the failed start shows Connection Failed instead
    // Never the engine's own message (English, technical): the copy of its kind, in the page's language.
    const kind = classifyError(event)
    options.notify({
      type: 'error',
      titleKey: 'widget.toast.error.title',
      descriptionKey: kind === 'unknown' ? 'widget.toast.error.fallback' : `widget.problem.${kind}.description`,
    })
    reportProblem(kind)
    setStatus('idle')
  }
  const onCallEnd = () => {
    const wasCall = !ended
    persistentCall = null
    teardown()
    if (wasCall && endedKind && !cancelled) reportProblem(endedKind)
    options.onTranscript('')
    setStatus('idle')
  }
  const onStartProgress: WidgetEngineEvents['call-start-progress'] = (event) => {
    if (event?.status === 'started' && typeof event.stage === 'string') options.onStage?.(event.stage)
  }
  const onStartSuccess = () => options.onStage?.('assistant')
  const level =
    (source: LevelSource) =>
    (value: number): void => {
      if (typeof value !== 'number' || Number.isNaN(value)) return
      options.onLevel?.(source, Math.min(1, Math.max(0, value)))
    }
  const onVolume = level('assistant')
  const onLocalVolume = level('visitor')
  // Daily's payloads, passed through by the engine; read defensively (an odd payload changes nothing).
  const onNetworkQuality: WidgetEngineEvents['network-quality-change'] = (event) => {
    networkPoor = (event as { threshold?: unknown } | undefined)?.threshold === 'very-low'
    updateNetwork()
  }
  const onNetworkConnection: WidgetEngineEvents['network-connection'] = (event) => {
    const what = (event as { event?: unknown } | undefined)?.event
    if (what === 'interrupted') networkInterrupted = true
    else if (what === 'connected') networkInterrupted = false
    updateNetwork()
  }

  /** Adds (`on`) or removes (`off`) every engine listener of this session: one list for both directions. */
  const bind = (method: 'on' | 'off') => {
    const listen = <E extends keyof WidgetEngineEvents>(event: E, listener: WidgetEngineEvents[E]) =>
      engine[method](event, listener)
    listen('call-start', onCallStart)
    listen('speech-start', onSpeechStart)
    listen('speech-end', onSpeechEnd)
    listen('message', onMessage)
    listen('error', onError)
    listen('call-end', onCallEnd)
    listen('call-start-progress', onStartProgress)
    listen('call-start-success', onStartSuccess)
    listen('volume-level', onVolume)
    listen('local-volume-level', onLocalVolume)
    listen('network-quality-change', onNetworkQuality)
    listen('network-connection', onNetworkConnection)
  }
  bind('on')

  function teardown() {
    if (ended) return
    ended = true
    watcher?.stop()
    watcher = undefined
    bind('off')
    if (resetTimer !== undefined) clearT(resetTimer)
    resetTimer = undefined
    waiting = []
    actions?.dispose()
    actions = undefined
  }

  return {
    async start() {
      setStatus('connecting')
      let call: unknown = null
      try {
        const resume = options.resume && engine.reconnect ? options.resume : null
        call = resume
          ? await engine.reconnect!(resume.webCall as never)
          : await engine.start(options.assistantId, {
              ...options.assistantOverrides,
              variableValues: {
                ...options.assistantOverrides?.variableValues,
                sessionId: options.sessionId,
                url: options.pageUrl,
              },
            })
      } catch (error) {
        log.error('[voice] start failed', error)
      }
      if (call) {
        const webCall = options.persist ? handoffWebCall(call) : null
        persistentCall = webCall
        if (webCall && !ended) {
          watcher = watchForHandoff({
            webCall,
            sessionId: options.sessionId,
            assistantId: options.assistantId,
            onHidden: () => {
              hidden = true
            },
            ...(options.transcript && { transcript: options.transcript }),
          })
        }
        // The acting half loads at call-start (Listening), not here: the platform's "listening" may follow the
        // join within milliseconds, and its download and evaluation would compete with it. A command that comes
        // earlier loads it at once and waits for it, in order.
        return true
      }
      // The engine ends a failed start with call-end (which tears the session down): report it all the same,
      // once, unless the visitor cancelled it (SPEC §8 Connection Failed).
      if (!cancelled) {
        const kind = classifyError(lastError)
        options.notify(
          kind === 'callEnded'
            ? {
                type: 'info',
                titleKey: 'widget.toast.callEnded.title',
                descriptionKey: 'widget.toast.callEnded.description',
              }
            : {
                type: 'error',
                titleKey: 'widget.toast.connectionFailed.title',
                descriptionKey:
                  kind === 'unknown'
                    ? 'widget.toast.connectionFailed.description'
                    : `widget.problem.${kind}.description`,
              },
        )
        reportProblem(kind)
      }
      teardown()
      options.onTranscript('')
      setStatus('idle')
      return false
    },
    async stop() {
      cancelled = true
      // A call whose room outlives the page (persist) would go on after the visitor left it: end it on the
      // platform — the end-call app message (`end()`), and Live Call Control's URL where the call has one.
      const persistent = persistentCall
      persistentCall = null
      watcher?.stop() // stopped: nothing is handed to the next page, even while the end is on its way
      watcher = undefined
      if (persistent) endCall(persistent)
      if (persistent && engine.end) await engine.end()
      else await engine.stop()
      // An engine that never started a call sends no call-end: settle here too.
      onCallEnd()
    },
    route(message) {
      run(message, 'realtime')
    },
    sendText(text) {
      if (ended || !send) return false
      try {
        return send({ type: 'add-message', message: { role: 'user', content: text }, triggerResponseEnabled: true })
      } catch (error) {
        log.warn('[voice] could not send the typed message', error)
        return false
      }
    },
    canMute: typeof engine.setMuted === 'function',
    setMuted(muted) {
      if (ended || typeof engine.setMuted !== 'function') return null
      try {
        engine.setMuted(muted)
      } catch (error) {
        log.warn('[voice] could not change the microphone', error)
      }
      try {
        return engine.isMuted ? engine.isMuted() : muted
      } catch {
        return muted
      }
    },
  }
}

/**
 * Whether `message` is a transcript: `type` `transcript`, or the filtered forms the vendored openapi/ document
 * names (`transcript[transcriptType="final"]`), with a string `transcript`.
 */
function isTranscript(message: VapiMessage): message is VapiMessage & {
  role?: unknown
  transcriptType?: unknown
  transcript: string
} {
  const m = message as { type?: unknown; transcript?: unknown } | null
  return (
    !!m &&
    typeof m.type === 'string' &&
    (m.type === 'transcript' || m.type.startsWith('transcript[')) &&
    typeof m.transcript === 'string'
  )
}
