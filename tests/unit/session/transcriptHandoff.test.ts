// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://shop.example/products" }
/**
 * The conversation stays on screen across pages: the transcript travels in the call's handoff record, and a typed
 * chat's platform session and transcript in its own record — both in this tab's sessionStorage only, with the
 * handoff's lifetime (30 s) and claim rules (once per nonce, same origin).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { HANDOFF_KEY, HANDOFF_TTL_MS, claimHandoff, watchForHandoff } from '../../../src/voice/session/handoff'
import {
  CHAT_HANDOFF_KEY,
  HANDOFF_TURNS_CAP,
  claimChatHandoff,
  hasHandoff,
  saveChatHandoff,
} from '../../../src/voice/session/handoffRecord'
import { createWidgetController } from '../../../src/voice/widget/controller'

const WEB_CALL = { id: 'call-1', webCallUrl: 'https://vapi.daily.co/room-1' }
const turns = [
  { role: 'user' as const, text: 'What is your refund policy?' },
  { role: 'assistant' as const, text: 'Refunds take 14 days. Shall I open the page?' },
  { role: 'user' as const, text: 'yes please', typed: true },
]

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

describe('the call handoff carries the transcript', () => {
  it('writes the turns at pagehide and the next page claims them once', () => {
    watchForHandoff({ webCall: WEB_CALL, sessionId: 'session_1', assistantId: 'asst_1', transcript: () => turns })
    window.dispatchEvent(new Event('pagehide'))
    expect(JSON.parse(sessionStorage.getItem(HANDOFF_KEY)!).turns).toEqual(turns)
    const copy = sessionStorage.getItem(HANDOFF_KEY)!
    expect(claimHandoff()?.turns).toEqual(turns)
    // a duplicated tab's copy of the same record is refused
    sessionStorage.setItem(HANDOFF_KEY, copy)
    expect(claimHandoff()).toBeNull()
    // the transcript never reaches localStorage (only the claim's nonce mark does)
    for (let i = 0; i < localStorage.length; i++)
      expect(localStorage.getItem(localStorage.key(i)!)).not.toContain('refund')
  })

  it('keeps at most the cap, drops malformed turns, and expires with the record', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ role: 'user', text: `turn ${i}` }))
    const base = {
      v: 1,
      nonce: 'n1',
      origin: 'https://shop.example',
      sessionId: 's',
      assistantId: 'a',
      webCall: WEB_CALL,
    }
    sessionStorage.setItem(
      HANDOFF_KEY,
      JSON.stringify({ ...base, savedAt: Date.now(), turns: [...many, { role: 'system', text: 'x' }, 7] }),
    )
    const claimed = claimHandoff()
    expect(claimed?.turns).toHaveLength(HANDOFF_TURNS_CAP - 2)
    expect(claimed?.turns?.at(-1)).toEqual({ role: 'user', text: 'turn 79' })
    sessionStorage.setItem(
      HANDOFF_KEY,
      JSON.stringify({ ...base, nonce: 'n2', savedAt: Date.now() - HANDOFF_TTL_MS - 1, turns }),
    )
    expect(claimHandoff()).toBeNull()
  })

  it('the widget controller shows the handed-over transcript while it rejoins', () => {
    const controller = createWidgetController({
      configured: true,
      createEngine: Object.assign(() => new Promise<never>(() => undefined), {}),
      assistantId: 'asst_1',
      realtime: null,
      onState: () => undefined,
      notify: () => undefined,
      persist: true,
    })
    void controller.resume({
      v: 1,
      nonce: 'x',
      savedAt: Date.now(),
      origin: 'https://shop.example',
      sessionId: 's',
      assistantId: 'a',
      webCall: WEB_CALL,
      turns,
    })
    expect(controller.state.status).toBe('connecting')
    expect(controller.state.turns.map((t) => t.text)).toEqual(turns.map((t) => t.text))
    expect(controller.state.turns[2]?.typed).toBe(true)
    controller.destroy()
  })
})

describe('a typed chat continues on the next page', () => {
  it('saves its platform session and transcript; the next page claims them once, same origin only', () => {
    expect(saveChatHandoff({ sessionId: 'session_9', assistantId: 'asst_1', chatSessionId: 'chat_42', turns })).toBe(
      true,
    )
    expect(hasHandoff()).toBe(true)
    const raw = sessionStorage.getItem(CHAT_HANDOFF_KEY)!
    expect(claimChatHandoff()).toMatchObject({ sessionId: 'session_9', chatSessionId: 'chat_42', turns })
    sessionStorage.setItem(CHAT_HANDOFF_KEY, raw)
    expect(claimChatHandoff()).toBeNull()
    sessionStorage.setItem(
      CHAT_HANDOFF_KEY,
      JSON.stringify({ ...JSON.parse(raw), nonce: 'other', origin: 'https://evil.example' }),
    )
    expect(claimChatHandoff()).toBeNull()
  })

  it('the controller opens the chat with the transcript and its next message continues the platform session', async () => {
    const made: { chatSessionId?: string; sessionId: string }[] = []
    const controller = createWidgetController({
      configured: true,
      createEngine: Object.assign(() => new Promise<never>(() => undefined), {}),
      createChat: Object.assign(async (o: { chatSessionId?: string; sessionId: string }) => {
        made.push(o)
        return { send: async () => true, stop: () => undefined, busy: false, chatSessionId: o.chatSessionId }
      }, {}),
      assistantId: 'asst_1',
      realtime: null,
      onState: () => undefined,
      notify: () => undefined,
      resumeChat: {
        v: 1,
        nonce: 'n',
        savedAt: Date.now(),
        origin: 'https://shop.example',
        sessionId: 'session_9',
        assistantId: 'asst_1',
        chatSessionId: 'chat_42',
        turns,
      },
    })
    expect(controller.state.chat).toBe('open')
    expect(controller.state.turns).toHaveLength(3)
    expect(controller.sendText('and delivery to Pune?')).toBe('sent')
    await new Promise((r) => setTimeout(r, 0))
    expect(made[0]).toMatchObject({ sessionId: 'session_9', chatSessionId: 'chat_42' })
    // leaving the page hands it on again
    window.dispatchEvent(new Event('pagehide'))
    expect(JSON.parse(sessionStorage.getItem(CHAT_HANDOFF_KEY)!)).toMatchObject({
      chatSessionId: 'chat_42',
      sessionId: 'session_9',
    })
    expect(JSON.parse(sessionStorage.getItem(CHAT_HANDOFF_KEY)!).turns).toHaveLength(4)
    controller.destroy()
  })
})
