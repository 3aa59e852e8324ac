import type { ChatSession } from '../chat'
import type { RealtimeSettings } from '../session/session'
import type { WidgetToast } from '../session/types'
import { saveChatHandoff, type ChatHandoffRecord, type HandoffTurn } from '../session/handoffRecord'
import { createSessionId } from '../session/sessionId'
import type { ConversationTurn } from './conversation'
import type { ChatFactory } from './engine'
import { toHandoffTurns, type SendTextResult, type WidgetState } from './widgetState'

/**
 * The typed conversation without a call (Vapi's widget "chat" mode, `POST /chat/web`), as one half of the widget's
 * controller (./controller.ts composes it with the call): its panel opens and closes, its first message creates the
 * chat session, an open chat with turns is handed to the next page of the tab at `pagehide`, and a chat handed over
 * by the previous page continues. It shares the widget's one {@link WidgetState} through {@link ChatContext}.
 * @module
 */

/** What the chat half shares with the widget's controller. */
export interface ChatContext {
  /** Creates the typed conversation on its first message. */
  createChat: ChatFactory
  /** Assistant id the chat runs with (SPEC §7). */
  assistantId: string
  /** Realtime channel settings; `null` → commands arrive only as tool calls. */
  realtime: RealtimeSettings | null
  /** `data-site-index` (README "Site search"), or undefined. */
  siteIndex: string | undefined
  /** The page's URL (sent with the chat). */
  pageUrl: () => string
  /** The widget's state now. */
  state: () => WidgetState
  /** Patches the widget's state (and renders it). */
  set: (patch: Partial<WidgetState>) => void
  /** The state's turns with one more (capped; `typed` for a turn the visitor typed). */
  addTurn: (role: ConversationTurn['role'], text: string, typed?: boolean) => readonly ConversationTurn[]
  /** Turns handed over by the previous page, with this widget's ids. */
  restoreTurns: (turns: readonly HandoffTurn[] | undefined) => readonly ConversationTurn[]
  /** Shows a toast (nothing after the widget is destroyed). */
  notify: (toast: WidgetToast) => void
  /** Log sink. */
  log: Pick<Console, 'info' | 'warn' | 'error'>
}

/** The chat half of the widget's controller. */
export interface ChatController {
  /** Opens the panel: `chat` `open` with no turns; the conversation itself starts with the first message. */
  open(): void
  /** Closes it: aborts an answer in progress, leaves its realtime channel, forgets its turns. No-op when closed. */
  close(): void
  /**
   * Sends a typed message (already trimmed, not empty) into the open chat as the visitor's turn: `busy` while the
   * previous one is being answered, otherwise `sent` (the chat session is created on the first message).
   */
  send(content: string): SendTextResult
  /** Fetches the chat's code (the factory's `preload`). Once. */
  preload(): void
  /**
   * Continues a chat the previous page of this tab handed over: its ids are kept for the next message.
   * @returns the state it opens with (`chat` `open` and its turns), for the controller's initial state
   */
  resume(record: ChatHandoffRecord): Pick<WidgetState, 'chat' | 'turns'>
  /** Closes the chat and stops handing it over at `pagehide`. */
  destroy(): void
}

/** Creates the chat half of the widget's controller (listens for `pagehide` until {@link ChatController.destroy}). */
export function createChatController(ctx: ChatContext): ChatController {
  /** The typed conversation while its panel is open (created on the first message), and its generation. */
  let chat: Promise<ChatSession | null> | null = null
  let attempt = 0
  let preloaded = false
  /** The typed chat's ids: ours (`session_…`) and the platform's, continued from the previous page when handed over. */
  let ids: { sessionId: string; chatSessionId?: string } | null = null
  let handle: ChatSession | null = null

  /** At pagehide an open chat with a conversation hands it to the next page of the tab (sessionStorage only). */
  const onPageHide = () => {
    const state = ctx.state()
    if (state.chat !== 'open' || state.turns.length === 0 || !ids) return
    const chatSessionId = handle?.chatSessionId ?? ids.chatSessionId
    saveChatHandoff({
      sessionId: ids.sessionId,
      assistantId: ctx.assistantId,
      ...(chatSessionId !== undefined && { chatSessionId }),
      turns: toHandoffTurns(state.turns),
    })
  }
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide)

  function close(): void {
    attempt++
    const c = chat
    chat = null
    ids = null
    handle = null
    if (c) void c.then((s) => s?.stop())
    if (ctx.state().chat === 'open') ctx.set({ chat: 'closed', chatBusy: false, turns: [], partial: null })
  }

  /** The typed conversation of the open chat panel, created once per opening (null when it could not load). */
  const session = (): Promise<ChatSession | null> => {
    const mine = attempt
    return (chat ??= Promise.resolve()
      .then(() =>
        ctx.createChat({
          assistantId: ctx.assistantId,
          sessionId: (ids ??= { sessionId: createSessionId() }).sessionId,
          ...(ids.chatSessionId !== undefined && { chatSessionId: ids.chatSessionId }),
          ...(ctx.siteIndex !== undefined && { siteIndex: ctx.siteIndex }),
          pageUrl: ctx.pageUrl(),
          realtime: ctx.realtime,
          onTurn: (turn) => {
            if (mine !== attempt) return
            const partial = ctx.state().partial
            if (!turn.final) ctx.set({ partial: turn.text ? { role: turn.role, text: turn.text } : null })
            // The visitor's own turn is already shown (typed) from the moment it was sent.
            else if (turn.role === 'assistant')
              ctx.set({
                turns: ctx.addTurn('assistant', turn.text),
                partial: partial?.role === 'assistant' ? null : partial,
              })
          },
          onBusy: (busy) => {
            if (mine === attempt) ctx.set({ chatBusy: busy, ...(!busy && { partial: null }) })
          },
          notify: ctx.notify,
          logger: ctx.log,
        }),
      )
      .then((s) => {
        if (mine === attempt) handle = s
        return s
      })
      .catch((error: unknown) => {
        ctx.log.error('[voice] the chat could not load', error)
        if (mine === attempt) {
          chat = null // the next message retries
          ctx.notify({
            type: 'error',
            titleKey: 'widget.toast.connectionFailed.title',
            descriptionKey: 'widget.toast.connectionFailed.description',
          })
          ctx.set({ chatBusy: false })
        }
        return null
      }))
  }

  return {
    open() {
      ctx.set({ chat: 'open', chatBusy: false, problem: null, turns: [], partial: null })
    },
    close,
    send(content) {
      if (ctx.state().chatBusy) return 'busy'
      const mine = attempt
      ctx.set({ turns: ctx.addTurn('user', content, true), chatBusy: true })
      void session().then((s) => {
        if (s && mine === attempt) void s.send(content)
      })
      return 'sent'
    },
    preload() {
      if (preloaded) return
      preloaded = true
      ctx.createChat.preload?.()
    },
    resume(record) {
      ids = {
        sessionId: record.sessionId,
        ...(record.chatSessionId !== undefined && { chatSessionId: record.chatSessionId }),
      }
      return { chat: 'open', turns: ctx.restoreTurns(record.turns) }
    },
    destroy() {
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide)
      close()
    },
  }
}
