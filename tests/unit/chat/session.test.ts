// @vitest-environment happy-dom
/**
 * The chat session (src/voice/chat) against real local servers: the web chat (tests/servers/chat-server.ts,
 * Server-Sent Events and `WebChat` JSON) and Supabase Realtime (tests/servers/realtime-server.ts, Phoenix frames).
 * Turns, busy state, session continuation, stop, refusals → problem kinds and toasts, commands broadcast during a
 * chat, and `tool_calls` answered as `ToolMessage`s.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { createChatSession, MAX_PENDING_NOTES, type ChatSessionOptions } from '../../../src/voice/chat'
import type { ProblemKind } from '../../../src/voice/session/problems'
import type { TranscriptTurn } from '../../../src/voice/session/session'
import type { WidgetToast } from '../../../src/voice/session/types'
import { startChatServer, type ChatServer } from '../../servers/chat-server'
import { startRealtimeServer, type RealtimeServer } from '../../servers/realtime-server'
import { bodyValidator, componentValidator } from '../platform/schema'
import { createSessionId } from '../../../src/voice/session/sessionId'

/**
 * Each test's session id, new per test as the widget makes one per chat: supabase-js warns ("Multiple GoTrueClient
 * instances") when two clients in one document share a storage key, which this id is part of.
 */
let SESSION = createSessionId()
let chat: ChatServer
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

interface Recorded {
  turns: TranscriptTurn[]
  busy: boolean[]
  toasts: WidgetToast[]
  problems: ProblemKind[]
}

function setup(over: Partial<ChatSessionOptions> = {}) {
  const rec: Recorded = { turns: [], busy: [], toasts: [], problems: [] }
  const session = createChatSession({
    apiBaseUrl: chat.url,
    publicKey: 'pk_test',
    assistantId: 'asst_test',
    sessionId: SESSION,
    pageUrl: 'https://example.com/contact',
    realtime: null,
    onTurn: (t) => rec.turns.push(t),
    onBusy: (b) => rec.busy.push(b),
    notify: (t) => rec.toasts.push(t),
    onProblem: (k) => rec.problems.push(k),
    logger: quiet,
    ...over,
  })
  return { session, rec }
}

beforeAll(async () => {
  chat = await startChatServer()
})
afterAll(async () => {
  await chat.close()
})
beforeEach(() => {
  SESSION = createSessionId()
  chat.reset()
  document.body.innerHTML =
    '<main><h1>Contact</h1><form><label>Work email <input type="email" name="email"></label>' +
    '<button type="button">Send</button></form></main>'
})

describe('chat session: a conversation', () => {
  it('asks for the JSON answer by default (page actions come only in WebChat.output tool_calls); one final turn', async () => {
    const { session, rec } = setup({ pageContext: false })
    expect(await session.send('Hello there')).toBe(true)
    expect(chat.requests[0]!.json!['stream']).toBe(false)
    expect(rec.turns).toEqual([
      { role: 'user', text: 'Hello there', final: true },
      { role: 'assistant', text: 'Turn 1: you said "Hello there"', final: true },
    ])
    const validate = bodyValidator('post', '/chat/web')!
    expect(validate(chat.requests[0]!.json), JSON.stringify(validate.errors)).toBe(true)
    session.stop()
  })

  it('stream: true — sends the visitor turn, streams partial assistant turns, ends with the final one; busy around it', async () => {
    const { session, rec } = setup({ pageContext: false, stream: true })
    expect(await session.send('  Hello there  ')).toBe(true)
    expect(rec.turns[0]).toEqual({ role: 'user', text: 'Hello there', final: true })
    const partials = rec.turns.filter((t) => t.role === 'assistant' && !t.final)
    expect(partials.length).toBeGreaterThan(2)
    for (let i = 1; i < partials.length; i++) expect(partials[i]!.text.startsWith(partials[i - 1]!.text)).toBe(true)
    expect(rec.turns.at(-1)).toEqual({ role: 'assistant', text: 'Turn 1: you said "Hello there"', final: true })
    expect(rec.busy).toEqual([true, false])
    expect(session.busy).toBe(false)
    const body = chat.requests[0]!.json!
    expect(body).toEqual({
      assistantId: 'asst_test',
      input: 'Hello there',
      assistantOverrides: { variableValues: { sessionId: SESSION, url: 'https://example.com/contact' } },
      stream: true,
    })
    const validate = bodyValidator('post', '/chat/web')!
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true)
    // happy-dom's fetch enforces CORS as a browser does: the request went through a preflight.
    expect(chat.preflights.length).toBeGreaterThanOrEqual(1)
    expect(chat.requests[0]!.headers.origin).toBeTruthy()
    session.stop()
  })

  it('continues the conversation: the second request carries the sessionId of the first answer', async () => {
    const { session, rec } = setup({ pageContext: false })
    await session.send('one')
    expect(session.chatSessionId).toBe('sess_1')
    await session.send('two')
    expect(chat.requests[1]!.json).toMatchObject({ sessionId: 'sess_1', input: 'two' })
    expect(rec.turns.at(-1)).toEqual({ role: 'assistant', text: 'Turn 2: you said "two"', final: true })
    expect(chat.sessions.get('sess_1')).toEqual(['one', 'two'])
    session.stop()
  })

  it('continues a conversation given by chatSessionId (e.g. from the previous page)', async () => {
    const first = setup({ pageContext: false })
    await first.session.send('before navigating')
    first.session.stop()
    const { session } = setup({ pageContext: false, chatSessionId: first.session.chatSessionId })
    await session.send('after')
    expect(chat.requests[1]!.json!['sessionId']).toBe('sess_1')
    expect(chat.sessions.get('sess_1')).toHaveLength(2)
    session.stop()
  })

  it('refuses empty or whitespace text, a send while busy, and any send after stop — without a request', async () => {
    const { session, rec } = setup({ pageContext: false })
    expect(await session.send('')).toBe(false)
    expect(await session.send(' \n\t ')).toBe(false)
    chat.script({
      events: [{ id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: 'slow' }],
      eventDelayMs: 100,
    })
    const first = session.send('first')
    expect(session.busy).toBe(true)
    expect(await session.send('second')).toBe(false)
    expect(await first).toBe(true)
    session.stop()
    expect(await session.send('third')).toBe(false)
    expect(chat.requests).toHaveLength(1)
    expect(rec.turns.filter((t) => t.role === 'user').map((t) => t.text)).toEqual(['first'])
  })

  it('stop aborts the stream: the answer so far becomes final, busy ends, the response is closed', async () => {
    const { session, rec } = setup({ pageContext: false, stream: true })
    chat.script({
      events: Array.from({ length: 40 }, (_, i) => ({
        id: 'c',
        sessionId: 's',
        path: 'chat.output[0].content',
        delta: `w${i} `,
      })),
      eventDelayMs: 25,
    })
    const before = chat.abortedResponses
    const pending = session.send('tell me a long story')
    await vi.waitFor(() => expect(rec.turns.filter((t) => t.role === 'assistant').length).toBeGreaterThan(1))
    session.stop()
    expect(await pending).toBe(false)
    const last = rec.turns.at(-1)!
    expect(last.role).toBe('assistant')
    expect(last.final).toBe(true)
    expect(last.text).toMatch(/^w0 w1/)
    expect(last.text).not.toContain('w39')
    expect(rec.busy).toEqual([true, false])
    expect(rec.toasts).toEqual([])
    expect(rec.problems).toEqual([])
    await vi.waitFor(() => expect(chat.abortedResponses).toBe(before + 1))
  })
})

describe('chat session: failures', () => {
  const cases: [label: string, over: Partial<ChatSessionOptions>, kind: ProblemKind][] = [
    ['401 wrong public key', { publicKey: 'pk_wrong' }, 'invalidKey'],
    ['404 unknown assistant', { assistantId: 'asst_missing' }, 'assistantNotFound'],
    ['no server at all', { apiBaseUrl: 'http://127.0.0.1:9' }, 'network'],
  ]
  it.each(cases)('%s → toast and onProblem(%s)', async (_label, over, kind) => {
    const { session, rec } = setup({ pageContext: false, ...over })
    expect(await session.send('hi')).toBe(false)
    expect(rec.problems).toEqual([kind])
    expect(rec.toasts).toEqual([
      {
        type: 'error',
        titleKey: 'widget.toast.chatFailed.title',
        descriptionKey: `widget.problem.${kind}.description`,
      },
    ])
    expect(rec.busy).toEqual([true, false])
    session.stop()
  })

  it.each([
    [402, { message: 'Payment Required' }, 'noCredit'],
    [429, { message: 'Too Many Requests' }, 'rateLimited'],
    [502, 'Bad Gateway', 'platformError'],
  ] as const)('%s → %s; the next message goes out again', async (status, body, kind) => {
    const { session, rec } = setup({ pageContext: false })
    chat.script({ status, body })
    expect(await session.send('hi')).toBe(false)
    expect(rec.problems).toEqual([kind])
    expect(await session.send('hi again')).toBe(true)
    expect(rec.turns.at(-1)).toMatchObject({ role: 'assistant', final: true })
    session.stop()
  })

  it('a stream lost midway keeps what arrived as a final turn and reports network', async () => {
    const { session, rec } = setup({ pageContext: false, stream: true })
    chat.script({
      events: [{ id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: 'Half an ans' }],
      done: false,
      resetAfter: true,
    })
    expect(await session.send('hi')).toBe(false)
    expect(rec.turns.at(-1)).toEqual({ role: 'assistant', text: 'Half an ans', final: true })
    expect(rec.problems).toEqual(['network'])
    session.stop()
  })
})

describe('chat session: page context', () => {
  it('sends the page map with the first message as a system message, not again while the page is unchanged', async () => {
    const { session } = setup()
    await session.send('What is on this page?')
    const input = chat.requests[0]!.json!['input'] as { role: string; content: string }[]
    expect(input.map((m) => m.role)).toEqual(['system', 'user'])
    expect(input[0]!.content).toMatch(/^PAGE MAP/)
    expect(input[0]!.content).toContain('Work email')
    expect(input[1]).toEqual({ role: 'user', content: 'What is on this page?' })
    await session.send('thanks')
    expect(chat.requests[1]!.json!['input']).toBe('thanks')
    session.stop()
  })

  it('when the platform refuses the context (400), sends the text alone and keeps context off', async () => {
    const { session, rec } = setup()
    chat.script({ status: 400, body: { message: ['input must be a string'], error: 'Bad Request', statusCode: 400 } })
    expect(await session.send('hello')).toBe(true)
    expect(Array.isArray(chat.requests[0]!.json!['input'])).toBe(true)
    expect(chat.requests[1]!.json!['input']).toBe('hello')
    expect(rec.problems).toEqual([])
    document.body.innerHTML = '<main><h1>Pricing</h1><button>Buy</button></main>'
    await new Promise((r) => setTimeout(r, 50))
    await session.send('and now?')
    expect(chat.requests[2]!.json!['input']).toBe('and now?')
    session.stop()
  })
})

describe('chat session: tool calls in a WebChat answer', () => {
  it('runs client tool_calls on the page and answers them as ToolMessages with the sessionId', async () => {
    const { session, rec } = setup({ pageContext: false })
    chat.script({
      status: 201,
      body: {
        id: 'chat_t',
        sessionId: 'sess_tools',
        output: [
          {
            role: 'assistant',
            content: 'Filling it in.',
            tool_calls: [
              {
                id: 'call_fill',
                type: 'function',
                function: {
                  name: 'fill_field',
                  arguments: JSON.stringify({ fieldHint: 'Work email', value: 'ada@example.com' }),
                },
              },
              { id: 'call_read', type: 'function', function: { name: 'read_page', arguments: '{}' } },
              { id: 'call_server', type: 'function', function: { name: 'lookup_order', arguments: '{}' } },
              { id: 'call_other', type: 'function', function: { name: 'send_sms', arguments: '{}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_server', content: 'order 42 shipped' },
        ],
      },
    })
    chat.sessions.set('sess_tools', ['earlier'])
    expect(await session.send('My email is ada@example.com')).toBe(true)
    expect(document.querySelector('input')!.value).toBe('ada@example.com')

    const follow = chat.requests[1]!.json!
    expect(follow['sessionId']).toBe('sess_tools')
    const input = follow['input'] as { role: string; tool_call_id: string; content: string }[]
    expect(input.map((m) => [m.role, m.tool_call_id])).toEqual([
      ['tool', 'call_fill'],
      ['tool', 'call_read'],
    ])
    expect(input[0]!.content).toMatch(/^done: filled the field labelled Work email/)
    expect(input[0]!.content).not.toContain('ada@example.com')
    expect(input[1]!.content).toContain('Contact')
    const validate = bodyValidator('post', '/chat/web')!
    expect(validate(follow), JSON.stringify(validate.errors)).toBe(true)

    const finals = rec.turns.filter((t) => t.final && t.role === 'assistant').map((t) => t.text)
    expect(finals[0]).toBe('Filling it in.')
    expect(finals[1]).toMatch(/^Turn 2: Tool results: done: filled the field labelled Work email/)
    expect(rec.busy).toEqual([true, false])
    session.stop()
  })

  it('a refused tool call is answered with refused: and the reason', async () => {
    const { session } = setup({ pageContext: false })
    chat.script({
      status: 201,
      body: {
        id: 'chat_r',
        sessionId: 'sess_r',
        output: [
          {
            role: 'assistant',
            tool_calls: [
              {
                id: 'call_click',
                type: 'function',
                function: { name: 'click_element', arguments: '{"targetText":"Delete account"}' },
              },
            ],
          },
        ],
      },
    })
    await session.send('delete my account')
    const input = chat.requests[1]!.json!['input'] as { tool_call_id: string; content: string }[]
    expect(input).toHaveLength(1)
    expect(input[0]!.tool_call_id).toBe('call_click')
    expect(input[0]!.content).toMatch(/^refused: /)
    expect(input[0]!.content).toContain('Delete account')
    session.stop()
  })
})

describe("chat session: the assistant's note that it could not help", () => {
  it("is acknowledged without a round of its own, before the visitor's next message", async () => {
    const { session, rec } = setup({ pageContext: false })
    const note = (id: string) => ({
      id,
      type: 'function',
      function: { name: 'note_unanswered', arguments: JSON.stringify({ question: 'புனே டெலிவரி' }) },
    })
    chat.script({
      status: 201,
      body: {
        id: 'chat_n',
        sessionId: 'sess_n',
        output: [{ role: 'assistant', content: 'மன்னிக்கவும், அதற்கு என்னால் உதவ முடியாது.', tool_calls: [note('call_n1')] }],
      },
    })
    expect(await session.send('நீங்கள் புனேவுக்கு டெலிவரி செய்கிறீர்களா')).toBe(true)
    expect(chat.requests).toHaveLength(1) // no extra round: the assistant does not answer twice
    expect(rec.turns.filter((t) => t.final && t.role === 'assistant').map((t) => t.text)).toEqual([
      'மன்னிக்கவும், அதற்கு என்னால் உதவ முடியாது.',
    ])
    expect(await session.send('சரி')).toBe(true)
    const next = chat.requests[1]!.json!
    expect(next['input']).toEqual([
      { role: 'tool', tool_call_id: 'call_n1', content: 'noted' },
      { role: 'user', content: 'சரி' },
    ])
    // The acknowledgement is a documented ToolMessage. (The visitor's turn beside it is OpenAI-style `content`, as
    // the chat mode sends context today; the document's UserMessage has `message` + times: see the page-context
    // fallback on a 400.)
    expect(componentValidator('ToolMessage')((next['input'] as unknown[])[0])).toBe(true)
    session.stop()
  })
})

describe('chat session: commands over the realtime channel', () => {
  let realtime: RealtimeServer
  beforeEach(async () => {
    realtime = await startRealtimeServer({ port: 0 })
  })
  afterEach(async () => {
    await realtime.close()
  })

  it('joins voice-commands-{sessionId}; a command broadcast during a chat runs on the page; its result goes with the next message', async () => {
    const { session } = setup({
      pageContext: false,
      realtime: { supabaseUrl: realtime.url, anonKey: 'anon', transport: WebSocket },
    })
    const join = await realtime.waitForJoin(`voice-commands-${SESSION}`)
    expect(join.channel).toBe(`voice-commands-${SESSION}`)
    // The assistant's server tool broadcasts while its answer is still streaming.
    chat.script({
      events: Array.from({ length: 8 }, (_, i) => ({
        id: 'c',
        sessionId: 'sess_rt',
        path: 'chat.output[0].content',
        delta: `part${i} `,
      })),
      eventDelayMs: 30,
    })
    const pending = session.send('Please fill my email with grace@example.com')
    await vi.waitFor(() => expect(chat.requests).toHaveLength(1))
    realtime.broadcast(join.channel, 'voice_command', {
      action: 'fill',
      fieldType: 'email',
      value: 'grace@example.com',
    })
    await vi.waitFor(() => expect(document.querySelector('input')!.value).toBe('grace@example.com'))
    expect(await pending).toBe(true)

    await session.send('thanks')
    const input = chat.requests[1]!.json!['input'] as { role: string; content: string }[]
    // The page map is off here; the command's result still goes with the next message, as a system message.
    expect(input).toEqual([
      {
        role: 'system',
        content: expect.stringMatching(/^COMMAND RESULT done: filled the field labelled Work email/) as unknown,
      },
      { role: 'user', content: 'thanks' },
    ])
    session.stop()
    await vi.waitFor(() => expect(realtime.connectionCount()).toBe(0), { timeout: 5000 })
  })

  it('the first message waits for the channel to be joined, so commands broadcast during its answer find the page', async () => {
    const { session } = setup({
      pageContext: false,
      realtime: { supabaseUrl: realtime.url, anonKey: 'anon', transport: WebSocket },
    })
    expect(await session.send('right away')).toBe(true)
    expect(realtime.joins).toHaveLength(1)
    expect(realtime.joins[0]!.at).toBeLessThanOrEqual(chat.requests[0]!.at)
    session.stop()
  })

  it('a channel that cannot join holds the first message up only until it gives up or the wait ends', async () => {
    const { session, rec } = setup({
      pageContext: false,
      realtime: { supabaseUrl: 'http://127.0.0.1:9', anonKey: 'anon', transport: WebSocket },
    })
    expect(await session.send('hello')).toBe(true)
    expect(rec.turns.at(-1)).toMatchObject({ role: 'assistant', final: true })
    session.stop()
  })

  it('keeps only the newest command results for the next message when the channel floods', async () => {
    const { session } = setup({
      pageContext: false,
      realtime: { supabaseUrl: realtime.url, anonKey: 'anon', transport: WebSocket },
    })
    const join = await realtime.waitForJoin(`voice-commands-${SESSION}`)
    for (let i = 0; i < MAX_PENDING_NOTES + 5; i++) {
      realtime.broadcast(join.channel, 'voice_command', { id: `flood_${i}`, action: 'jump', direction: 'down' })
    }
    // Frames arrive in order on one socket: once this last command has run, the flood before it has been routed.
    realtime.broadcast(join.channel, 'voice_command', {
      id: 'marker',
      action: 'fill',
      fieldType: 'email',
      value: 'x@example.com',
    })
    await vi.waitFor(() => expect(document.querySelector('input')!.value).toBe('x@example.com'))
    await session.send('hello')
    const input = chat.requests[0]!.json!['input'] as { role: string; content: string }[]
    expect(input.filter((m) => m.role === 'system')).toHaveLength(MAX_PENDING_NOTES)
    const system = input.filter((m) => m.role === 'system').map((m) => m.content)
    expect(system.slice(0, -1).every((c) => c.startsWith('COMMAND RESULT refused: jump is not an action'))).toBe(true)
    expect(system.at(-1)).toMatch(/^COMMAND RESULT done: filled/)
    expect(input.at(-1)).toEqual({ role: 'user', content: 'hello' })
    session.stop()
  })
})
