/**
 * One typed conversation with the assistant — Vapi's widget modes `chat` and `hybrid`: the visitor types, the
 * assistant answers in text over `POST /chat/web` (src/platform/chat-web.ts), with no call, no microphone and no
 * Daily. The page still obeys: the same acting half as a voice session (src/voice/session/actions.ts) runs the
 * commands broadcast on the realtime channel `voice-commands-{sessionId}` (SPEC §3, §7) and the `tool_calls` of
 * the project's client tools (src/voice/assistant/definition.ts) found in a `WebChat` answer, whose results go
 * back as `ToolMessage`s. Framework-free; the widget loads it as its own chunk.
 * @module
 */
import { APIUserAbortError } from '../../platform/core/errors'
import {
  streamWebChat,
  WebChatError,
  type ChatContentMessage,
  type ChatInputMessage,
  type ChatOutputMessage,
  type StreamWebChatOptions,
} from '../../platform/chat-web'
import type { PageContextOptions } from '../context/pageContext'
import { PAGE_MAP_HEADER } from '../context/pageMap'
import { RESULT_HEADER } from '../context/report'
import { stripRecord } from '../context/record'
import type { VapiClientMessage, VapiMessage } from '../engine/messages'
import { toolCallToCommands, toolCallToReads, toolCallToSiteTools, toolCallToUnanswered } from '../realtime/toolCalls'
import { createSessionActions, type SessionActions } from '../session/actions'
import { classifyError, type ProblemKind } from '../session/problems'
import type { RealtimeSettings, TranscriptTurn } from '../session/session'
import type { WidgetToast } from '../session/types'

/** How long the session waits for the page to answer a tool call (a toggle settles, a read finishes), in ms. */
export const TOOL_RESULT_WAIT_MS = 3000
/**
 * Longest wait of a message for the realtime channel's join, in ms: a command the assistant's server tools
 * broadcast during the answer must find the page subscribed; a channel that cannot join in time (it keeps
 * trying) does not hold the conversation up longer.
 */
export const REALTIME_JOIN_WAIT_MS = 3000
/** Most follow-up requests carrying tool results after one visitor message. */
export const MAX_TOOL_ROUNDS = 3
/**
 * Most command results kept for the next message (the newest); anyone holding the anon key can broadcast on a
 * public channel, so a flood must not grow the next request without bound.
 */
export const MAX_PENDING_NOTES = 20
/** Longest `ToolMessage.content` the vendored document allows, in characters. */
export const TOOL_MESSAGE_MAX_CHARS = 10_000

/** Options of {@link createChatSession}. */
export interface ChatSessionOptions {
  /** Vapi API origin. @default 'https://api.vapi.ai' */
  apiBaseUrl?: string | undefined
  /** The site's public key (`Authorization: Bearer …`). */
  publicKey: string
  /** Assistant id (SPEC §7). */
  assistantId: string
  /**
   * Our `session_…` id: sent as the template variable `sessionId` (with `url`) in
   * `assistantOverrides.variableValues`, and the realtime channel's suffix (`voice-commands-{sessionId}`).
   */
  sessionId: string
  /** Current page URL, sent as the template variable `url`. */
  pageUrl: string
  /** Realtime channel settings (SPEC §7); `null` → commands come only as tool calls. */
  realtime: RealtimeSettings | null
  /**
   * Ask for a streamed answer (`CreateWebChatDTO.stream: true`). @default false — the JSON answer (`WebChat`),
   * because the documented stream (`CreateChatStreamResponse`, openapi/vapi-openapi.json) carries only content
   * deltas (`path: chat.output[N].content`), never the assistant's `tool_calls`, and the assistant's page tools
   * (`npm run assistant`) are client tools without a server URL, so nothing else brings them to the page: only
   * `WebChat.output[].tool_calls` does. `true` suits an assistant without client tools (its text then arrives
   * word by word, as partial turns).
   */
  stream?: boolean | undefined
  /**
   * The conversation as turns, the shape a voice session emits: the visitor's own turn final at send; the
   * assistant's partial text while it streams (the whole text so far, not a delta), then final.
   */
  onTurn: (turn: TranscriptTurn) => void
  /** `true` while a message is on its way and answered (including tool-result follow-ups), then `false`. */
  onBusy: (busy: boolean) => void
  /** Shows a toast (a failed message; the commands' own SPEC §8 toasts). */
  notify: (toast: WidgetToast) => void
  /** Why a message failed ({@link ProblemKind}: invalid key, no credit, unknown assistant, …), per failed send. */
  onProblem?: ((kind: ProblemKind) => void) | undefined
  /**
   * The platform's chat session to continue (the `sessionId` of an earlier answer, e.g. from the previous page);
   * omitted → the first answer opens one.
   */
  chatSessionId?: string | undefined
  /** Document the commands act on and the page map describes. @default document */
  root?: Document | undefined
  /**
   * Page context: the page map (src/voice/context) goes with the next message as a system message, taken at the
   * start and after each navigation (only when it changed). `false` turns the map off; the results of realtime
   * commands (`COMMAND RESULT …`) still go with the next message. @default on, when there is a document
   */
  pageContext?: false | Omit<PageContextOptions, 'doc' | 'send'> | undefined
  /** Inactivity timeout of each request, ms (see `streamWebChat`). @default 60000 */
  timeoutMs?: number | undefined
  /** `fetch` to use. @default globalThis.fetch */
  fetch?: typeof fetch | undefined
  /** Log sink. @default console */
  logger?: Pick<Console, 'info' | 'warn' | 'error'> | undefined
  /** Where the site's search index is published (`search_site`; README "Site search"). @default none */
  siteIndex?: string | undefined
  /**
   * Opens a page `open_page` accepted, once the answer in progress has arrived (the chat goes on on the next
   * page with its session id). @default `location.assign`
   */
  openPage?: ((url: string) => void) | undefined
}

/** A running chat conversation. */
export interface ChatSession {
  /**
   * Sends what the visitor typed (trimmed) and streams the answer.
   * @returns `true` once the answer (and any tool-result follow-up) arrived; `false` without sending for empty or
   *   whitespace text, while a message is still busy, or after {@link stop}; `false` when the request failed (a
   *   toast was shown and `onProblem` called) or was stopped. Never rejects.
   */
  send(text: string): Promise<boolean>
  /** Aborts the answer in progress, leaves the realtime channel and stops the page context. Idempotent. */
  stop(): void
  /** Whether a message is busy. */
  readonly busy: boolean
  /** The platform's chat session id (from the first answer), to continue the conversation elsewhere. */
  readonly chatSessionId: string | undefined
}

/** A tool call the page answers, awaiting its result. */
interface Awaited {
  resolve: (message: ChatInputMessage) => void
}

/**
 * Creates one chat conversation. Nothing is sent before {@link ChatSession.send}; the realtime channel is joined
 * and the page map taken at once, and the first message waits for the join (at most
 * {@link REALTIME_JOIN_WAIT_MS}), so a command broadcast during the first answer already runs.
 *
 * Each `send`: the visitor's turn (final) → `POST /chat/web` `{ assistantId, input, sessionId?,
 * assistantOverrides: { variableValues: { sessionId, url } }, stream }` (`false` unless the `stream` option: see
 * there why) → with a stream, the assistant's partial turns per delta → its final turn. `input` is the text, or — when page context or command results are pending — those as
 * `{ role: 'system', content }` messages followed by `{ role: 'user', content: text }`; should the platform
 * refuse that with 400, the text alone is sent again and context stays off for the session. A `WebChat` answer
 * whose assistant `tool_calls` name the project's client tools runs them (up to {@link MAX_TOOL_ROUNDS} rounds)
 * and sends the results as `ToolMessage`s `{ role: 'tool', tool_call_id, content }` with the `sessionId`. The
 * assistant's `note_unanswered` (it could not help; src/voice/realtime/toolCalls.ts) runs nothing: it is answered
 * `noted`, with the turn's other results or, alone, before the visitor's next message (no round of its own).
 */
export function createChatSession(options: ChatSessionOptions): ChatSession {
  const log = options.logger ?? console
  const doc: Document | undefined = options.root ?? (typeof document === 'undefined' ? undefined : document)
  let chatSessionId = options.chatSessionId
  let busy = false
  let stopped = false
  let controller: AbortController | undefined
  /** Whether context (page map, command results) goes with requests; off once the platform refused it. */
  let contextEnabled = true
  /** The latest page map not yet sent (only the newest matters). */
  let pendingMap: string | undefined
  /** Command results and other system notes not yet sent, in order. */
  const pendingNotes: string[] = []
  /** `ToolMessage`s of notes that the assistant could not help, not sent yet (they go before the next message). */
  const pendingAcks: ChatInputMessage[] = []
  /** Tool calls whose results the page is producing, by id. */
  const awaiting = new Map<string, Awaited>()
  /** A page `open_page` accepted: opened once the message in progress is answered (or at once when idle). */
  let opening: string | undefined
  const openNow = (url: string) => {
    if (stopped) return
    if (options.openPage) options.openPage(url)
    else doc?.defaultView?.location.assign(url)
  }

  /** The acting half's way to "send into the call": tool results, page maps and notes for the next request. */
  const capture = (message: VapiClientMessage): boolean => {
    if (stopped || message.type !== 'add-message') return false
    const content = typeof message.message.content === 'string' ? message.message.content : ''
    if (content === '') return false
    const result = toolResult(stripRecord(content))
    const waiter = result ? awaiting.get(result.toolCallId) : undefined
    if (result && waiter) {
      awaiting.delete(result.toolCallId)
      waiter.resolve(toolMessage(result.toolCallId, result.text))
    } else if (content.startsWith(PAGE_MAP_HEADER)) {
      pendingMap = content
    } else {
      pendingNotes.push(content)
      if (pendingNotes.length > MAX_PENDING_NOTES) pendingNotes.splice(0, pendingNotes.length - MAX_PENDING_NOTES)
    }
    return true
  }

  const actions: SessionActions = createSessionActions({
    notify: options.notify,
    ...(options.root && { root: options.root }),
    doc,
    send: capture,
    ...(options.pageContext !== undefined && { pageContext: options.pageContext }),
    // Every result is kept for the next request; nothing is "spoken at once" in a chat.
    triggerResponse: 'never',
    onCommand: () => undefined,
    isHidden: () => false,
    logger: log,
    ...(options.siteIndex !== undefined && { siteIndex: options.siteIndex }),
    openPage: (url) => {
      if (busy) opening = url
      else openNow(url)
    },
  })
  actions.startPageContext()
  /** Settles once the channel is joined or failed to (`subscribe` never rejects); `true` without a channel. */
  let joined: Promise<unknown> | true = options.realtime ? actions.subscribe(options.realtime, options.sessionId) : true
  /** Waits for the join, at most {@link REALTIME_JOIN_WAIT_MS} (the first message only: later ones find it settled). */
  const awaitJoin = async () => {
    if (joined === true) return
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([joined, new Promise((resolve) => (timer = setTimeout(resolve, REALTIME_JOIN_WAIT_MS)))])
    clearTimeout(timer)
    joined = true
  }

  const setBusy = (next: boolean) => {
    if (busy === next) return
    busy = next
    options.onBusy(next)
  }

  /** One request and its streamed answer; emits the assistant's turns. */
  const request = async (input: StreamWebChatOptions['input'], signal: AbortSignal) => {
    let partial = ''
    try {
      const result = await streamWebChat({
        apiBaseUrl: options.apiBaseUrl,
        publicKey: options.publicKey,
        assistantId: options.assistantId,
        input,
        sessionId: chatSessionId,
        variableValues: { sessionId: options.sessionId, url: options.pageUrl },
        stream: options.stream ?? false,
        signal,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
        logger: log,
        onDelta: (_delta, text) => {
          partial = text
          const trimmed = text.trim()
          if (trimmed !== '') options.onTurn({ role: 'assistant', text: trimmed, final: false })
        },
      })
      if (result.sessionId) chatSessionId = result.sessionId
      const text = result.text.trim()
      if (text !== '') options.onTurn({ role: 'assistant', text, final: true })
      return result
    } catch (error) {
      // What arrived before the failure or the stop stays in the conversation, as a finished turn.
      if (partial.trim() !== '') options.onTurn({ role: 'assistant', text: partial.trim(), final: true })
      throw error
    }
  }

  /** Runs the client tool calls of a `WebChat` output; resolves their `ToolMessage`s (none: `[]`). */
  const answerToolCalls = async (output: ChatOutputMessage[]): Promise<ChatInputMessage[]> => {
    const message = toolCallsMessage(output)
    if (!message) return []
    // The assistant's note that it could not help changes nothing on the page: acknowledged without running
    // anything, with the other results of the turn, or else before the visitor's next message (no round of its
    // own, so the assistant does not answer twice).
    const noted = toolCallToUnanswered(message).map((id) => toolMessage(id, 'noted'))
    const ids = new Set<string>()
    for (const c of toolCallToCommands(message)) if (c.id !== undefined) ids.add(c.id)
    for (const r of toolCallToReads(message)) if (r.id !== undefined) ids.add(r.id)
    for (const t of toolCallToSiteTools(message)) if (t.id !== undefined) ids.add(t.id)
    if (ids.size === 0) {
      pendingAcks.push(...noted)
      return []
    }
    const answers = [...ids].map(
      (id) =>
        new Promise<ChatInputMessage>((resolve) => {
          const timer = setTimeout(() => {
            awaiting.delete(id)
            resolve(toolMessage(id, 'refused: the page did not answer in time'))
          }, TOOL_RESULT_WAIT_MS)
          awaiting.set(id, {
            resolve: (m) => {
              clearTimeout(timer)
              resolve(m)
            },
          })
        }),
    )
    actions.runToolCalls(message)
    return [...noted, ...(await Promise.all(answers))]
  }

  /** Takes the pending page map and notes as system messages (`[]` when there are none or context is off). */
  const takeContext = (): ChatContentMessage[] => {
    const context: ChatContentMessage[] = []
    if (contextEnabled) {
      if (pendingMap !== undefined) context.push({ role: 'system', content: pendingMap })
      for (const note of pendingNotes) context.push({ role: 'system', content: note })
    }
    pendingMap = undefined
    pendingNotes.length = 0
    return context
  }

  /**
   * Sends `messages` (the visitor's text, or tool results) with the pending context; when the platform refuses
   * the context with 400, sends `messages` alone again and leaves context off for the session.
   */
  const requestWithContext = async (messages: string | ChatInputMessage[], signal: AbortSignal) => {
    const acks = pendingAcks.splice(0)
    const context = takeContext()
    if (context.length === 0 && acks.length === 0) return request(messages, signal)
    const input: StreamWebChatOptions['input'] =
      typeof messages === 'string'
        ? [...acks, ...context, { role: 'user', content: messages }]
        : [...acks, ...messages, ...context]
    try {
      return await request(input, signal)
    } catch (error) {
      if (!(error instanceof WebChatError && error.status === 400)) throw error
      log.warn('[chat] the platform refused the page context; sending messages alone from now on', error)
      contextEnabled = false
      return request(messages, signal)
    }
  }

  return {
    async send(raw) {
      const text = typeof raw === 'string' ? raw.trim() : ''
      if (text === '' || busy || stopped) return false
      setBusy(true)
      const own = new AbortController()
      controller = own
      options.onTurn({ role: 'user', text, final: true })
      try {
        await awaitJoin()
        if (own.signal.aborted) return false
        let result = await requestWithContext(text, own.signal)
        for (let round = 0; round < MAX_TOOL_ROUNDS && !own.signal.aborted; round++) {
          const results = await answerToolCalls(result.output)
          if (results.length === 0 || own.signal.aborted) break
          result = await requestWithContext(results, own.signal)
        }
        return !own.signal.aborted
      } catch (error) {
        if (error instanceof APIUserAbortError || own.signal.aborted) return false
        const kind = classifyError({ error: error as never })
        log.warn('[chat] the message failed', error)
        options.notify({
          type: 'error',
          titleKey: 'widget.toast.chatFailed.title',
          descriptionKey: kind === 'unknown' ? 'widget.toast.error.fallback' : `widget.problem.${kind}.description`,
        })
        options.onProblem?.(kind)
        return false
      } finally {
        if (controller === own) controller = undefined
        setBusy(false)
        const url = opening
        opening = undefined
        if (url !== undefined) openNow(url)
      }
    },
    stop() {
      if (stopped) return
      stopped = true
      controller?.abort()
      controller = undefined
      for (const [id, waiter] of awaiting) waiter.resolve(toolMessage(id, 'refused: the chat was closed'))
      awaiting.clear()
      actions.dispose()
    },
    get busy() {
      return busy
    },
    get chatSessionId() {
      return chatSessionId
    },
  }
}

/**
 * The `tool-calls` client message (`ClientMessageToolCalls` shape) of the assistant `tool_calls` in a `WebChat`
 * output that no `ToolMessage` of the same output answers already (server tools the platform ran), or `null`.
 */
function toolCallsMessage(output: ChatOutputMessage[]): VapiMessage | null {
  const answered = new Set<string>()
  const calls: unknown[] = []
  for (const m of output as unknown[]) {
    if (!isRecord(m)) continue
    if (m['role'] === 'tool' && typeof m['tool_call_id'] === 'string') answered.add(m['tool_call_id'])
    if (m['role'] === 'assistant' && Array.isArray(m['tool_calls'])) calls.push(...(m['tool_calls'] as unknown[]))
  }
  const open = calls.filter((c) => isRecord(c) && typeof c['id'] === 'string' && !answered.has(c['id']))
  return open.length ? { type: 'tool-calls', toolCallList: open } : null
}

/**
 * The `ToolCallResult` carried by a result message (`COMMAND RESULT {"name","toolCallId","result"|"error"}`,
 * src/voice/context/report.ts) as the text of a `ToolMessage`: the result, or `refused: <error>`; `null` for any
 * other content.
 */
function toolResult(content: string): { toolCallId: string; text: string } | null {
  const prefix = `${RESULT_HEADER} {`
  if (!content.startsWith(prefix)) return null
  try {
    const r: unknown = JSON.parse(content.slice(RESULT_HEADER.length + 1))
    if (!isRecord(r) || typeof r['toolCallId'] !== 'string') return null
    if (typeof r['result'] === 'string') return { toolCallId: r['toolCallId'], text: r['result'] }
    if (typeof r['error'] === 'string') return { toolCallId: r['toolCallId'], text: `refused: ${r['error']}` }
    return null
  } catch {
    return null
  }
}

/** A `ToolMessage` (vendored document: `role: 'tool'`, `tool_call_id`, `content` ≤ 10 000 characters). */
function toolMessage(toolCallId: string, content: string): ChatInputMessage {
  const cut = content.length > TOOL_MESSAGE_MAX_CHARS ? `${content.slice(0, TOOL_MESSAGE_MAX_CHARS - 1)}…` : content
  return { role: 'tool', tool_call_id: toolCallId, content: cut }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
