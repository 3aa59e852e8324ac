import {
  createCommandExecutor,
  createCommandRouter,
  type CommandExecutor,
  type CommandResult,
  type CommandRouter,
  type CommandSource,
  type VoiceToast,
} from '../commands'
import { createPageContext, type PageContext, type PageContextOptions } from '../context/pageContext'
import {
  describeCommandResult,
  readResultMessage,
  resultMessage,
  type ToolCallRef,
  type TriggerResponse,
} from '../context/report'
import { isVapiMessage, type VapiMessage } from '../engine/messages'
import type { VoiceCallErrorEvent } from '../engine/events'
import {
  subscribeToVoiceCommands,
  toolCallToCommands,
  toolCallToReads,
  type VoiceCommandSubscription,
} from '../realtime'
import { readPage } from '../context/readPage'
import {
  arrivalMessage,
  endCall,
  handoffWebCall,
  watchForHandoff,
  type HandoffRecord,
  type HandoffWebCall,
} from './handoff'
import type { VoiceEngineLike, WidgetStatus, WidgetToast } from './types'

/** Time a voice command shows "processing" before the status returns to listening, in ms (SPEC §4, §9). */
export const COMMAND_STATUS_RESET_MS = 500

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
}

/** A running voice session (one call). */
export interface VoiceSession {
  /** Starts the call; resolves `true` once the call is created, `false` when it failed (a toast was shown). */
  start(): Promise<boolean>
  /** Ends the call (or cancels the start); the engine's call-end brings the status back to idle. */
  stop(): Promise<void>
  /** Runs a command as if it arrived over realtime (scripted demos). */
  route(message: unknown): void
}

const toWidgetToast = (t: VoiceToast): WidgetToast => ({
  type: t.type,
  titleKey: t.titleKey,
  ...(t.descriptionKey !== undefined && { descriptionKey: t.descriptionKey }),
  ...(t.values !== undefined && { values: t.values }),
  title: t.title,
  ...(t.description !== undefined && { description: t.description }),
  ...(t.action !== undefined && { action: t.action }),
})

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
  let subscription: VoiceCommandSubscription | undefined
  let subscribing: Promise<void> | undefined
  let ended = false
  /** From pagehide on this page runs no command: the next page (or nobody) does (./handoff.ts). */
  let hidden = false
  let watcher: { stop(): void } | undefined
  /** The web call of a persistent call (its room outlives the page) while it runs: stop must end it on the platform. */
  let persistentCall: HandoffWebCall | null = null
  let arrived = false
  let lastError: string | undefined
  /** Set by stop(): a start the visitor cancelled is not a failure to report. */
  let cancelled = false
  const doc: Document | undefined = options.root ?? (typeof document === 'undefined' ? undefined : document)
  const send = engine.send?.bind(engine)
  const pageContext: PageContext | undefined =
    send && doc && options.pageContext !== false
      ? createPageContext({ ...(options.pageContext || {}), doc, send, logger: log })
      : undefined

  /**
   * Tells the call what a command came to (done / refused with the reason). A malformed or unknown message from
   * the realtime channel is reported silently: anyone holding the anon key can broadcast on a public channel,
   * and junk must not make the assistant talk. Never throws.
   */
  const report = (result: CommandResult, source: CommandSource, toolCall?: ToolCallRef) => {
    if (!send || options.reportResults === false) return
    try {
      const r = describeCommandResult(result)
      const junk = source === 'realtime' && (result.status === 'invalid' || result.status === 'unknown')
      if (r) send(resultMessage(r, toolCall, junk ? 'never' : options.triggerResponse))
    } catch (error) {
      log.warn('[voice] could not report a command result', error)
    }
  }
  /** Routes a command and reports its result (a toggle's once its control has settled: the state after). */
  const run = (message: unknown, source: CommandSource, toolCall?: ToolCallRef) => {
    if (hidden) {
      // The rule for the gap between pages (./handoff.ts): from pagehide on this page runs nothing; the next page
      // tells the assistant that commands sent meanwhile were not run, so none runs twice and none is lost silently.
      log.warn('[voice] a command arrived after the page was hidden; not run here')
      return
    }
    const result = router.route(message, source)
    if (result.status === 'executed' && result.settled) void result.settled.then(() => report(result, source, toolCall))
    else report(result, source, toolCall)
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

  const executor: CommandExecutor = createCommandExecutor({
    notify: (t) => options.notify(toWidgetToast(t)),
    ...(options.root && { root: options.root }),
  })
  const router: CommandRouter = createCommandRouter({
    executor,
    onCommand: () => {
      setStatus('processing')
      if (resetTimer !== undefined) clearT(resetTimer)
      resetTimer = setT(() => {
        resetTimer = undefined
        if (status === 'processing') setStatus('listening')
      }, COMMAND_STATUS_RESET_MS)
    },
  })

  const subscribe = () => {
    const rt = options.realtime
    if (!rt || subscribing) return
    subscribing = subscribeToVoiceCommands({
      supabaseUrl: rt.supabaseUrl,
      anonKey: rt.anonKey,
      sessionId: options.sessionId,
      private: rt.private === true,
      ...(rt.accessToken !== undefined && { accessToken: rt.accessToken }),
      ...(rt.transport !== undefined && { transport: rt.transport as never }),
      onCommand: (message) => run(message, 'realtime'),
    }).then(
      (s) => {
        if (ended) void s.unsubscribe()
        else subscription = s
      },
      (error: unknown) => log.warn('[voice] realtime channel unavailable; commands arrive as tool calls only', error),
    )
  }

  const onCallStart = () => {
    setStatus('listening')
    if (options.resume && !arrived && doc) {
      arrived = true
      try {
        send?.({
          type: 'add-message',
          message: { role: 'system', content: arrivalMessage(doc) },
          triggerResponseEnabled: false,
        })
      } catch (error) {
        log.warn('[voice] could not tell the assistant about the new page', error)
      }
    }
    pageContext?.start()
    options.notify({
      type: 'success',
      titleKey: 'widget.toast.active.title',
      descriptionKey: 'widget.toast.active.description',
    })
  }
  const onSpeechStart = () => {
    if (status !== 'idle' && status !== 'connecting') setStatus('listening')
  }
  const onSpeechEnd = () => {
    if (status !== 'idle' && status !== 'connecting') setStatus('processing')
  }
  const onMessage = (message: VapiMessage) => {
    if (isVapiMessage(message, 'transcript')) {
      if (message.role === 'user') {
        options.onTranscript(message.transcriptType === 'partial' ? message.transcript : '')
      }
      return
    }
    if (message.type === 'function-call' || message.type === 'tool-calls') {
      setStatus('processing')
      const names = toolCallNames(message)
      for (const command of toolCallToCommands(message)) {
        const name = command.id !== undefined ? names.get(command.id) : undefined
        run(command, 'tool-call', command.id !== undefined && name !== undefined ? { id: command.id, name } : undefined)
      }
      // The read tool: the page's (or a section's) visible text, as the tool call's result.
      for (const read of toolCallToReads(message)) {
        if (!send || !doc) break
        try {
          send(readResultMessage(readPage(doc, read.section !== undefined ? { section: read.section } : {}), read))
        } catch (error) {
          log.warn('[voice] could not answer a read tool call', error)
        }
      }
    }
  }
  const onError = (event: VoiceCallErrorEvent) => {
    lastError = event.type
    if (status === 'connecting') return // the failed start shows Connection Failed instead
    options.notify({
      type: 'error',
      titleKey: 'widget.toast.error.title',
      ...(event.message ? { descriptionText: event.message } : { descriptionKey: 'widget.toast.error.fallback' }),
    })
    setStatus('idle')
  }
  const onCallEnd = () => {
    persistentCall = null
    teardown()
    options.onTranscript('')
    setStatus('idle')
  }

  /** Adds (`on`) or removes (`off`) every engine listener of this session: one list for both directions. */
  const bind = (method: 'on' | 'off') => {
    engine[method]('call-start', onCallStart)
    engine[method]('speech-start', onSpeechStart)
    engine[method]('speech-end', onSpeechEnd)
    engine[method]('message', onMessage)
    engine[method]('error', onError)
    engine[method]('call-end', onCallEnd)
  }
  bind('on')

  function teardown() {
    if (ended) return
    ended = true
    watcher?.stop()
    watcher = undefined
    bind('off')
    pageContext?.stop()
    if (resetTimer !== undefined) clearT(resetTimer)
    resetTimer = undefined
    executor.dispose()
    router.reset()
    const s = subscription
    subscription = undefined
    if (s) void s.unsubscribe()
  }

  return {
    async start() {
      setStatus('connecting')
      subscribe()
      let call: unknown = null
      try {
        const resume = options.resume && engine.reconnect ? options.resume : null
        call = resume
          ? await engine.reconnect!(resume.webCall as never)
          : await engine.start(options.assistantId, {
              variableValues: { sessionId: options.sessionId, url: options.pageUrl },
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
          })
        }
        return true
      }
      // The engine ends a failed start with call-end (which tears the session down): report it all the same,
      // once, unless the visitor cancelled it (SPEC §8 Connection Failed).
      if (!cancelled) {
        options.notify(
          lastError === 'call-ended'
            ? {
                type: 'info',
                titleKey: 'widget.toast.callEnded.title',
                descriptionKey: 'widget.toast.callEnded.description',
              }
            : {
                type: 'error',
                titleKey: 'widget.toast.connectionFailed.title',
                descriptionKey: 'widget.toast.connectionFailed.description',
              },
        )
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
  }
}

/** Tool call id → function name of a `tool-calls` message (for `ToolCallResult.name`). Never throws. */
function toolCallNames(message: VapiMessage): Map<string, string> {
  const names = new Map<string, string>()
  try {
    const m = message as { toolCallList?: unknown; toolWithToolCallList?: unknown }
    const list = Array.isArray(m.toolCallList)
      ? m.toolCallList
      : Array.isArray(m.toolWithToolCallList)
        ? m.toolWithToolCallList.map((t: unknown) => (t as { toolCall?: unknown } | null)?.toolCall)
        : []
    for (const call of list) {
      const id = (call as { id?: unknown } | null)?.id
      const name = (call as { function?: { name?: unknown } } | null)?.function?.name
      if (typeof id === 'string' && typeof name === 'string') names.set(id, name)
    }
  } catch {
    /* no names: results go out without the tool call reference */
  }
  return names
}
