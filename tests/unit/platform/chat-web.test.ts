/**
 * `streamWebChat` (`POST /chat/web`) against a real local HTTP server speaking Vapi's web chat protocol
 * (tests/servers/chat-server.ts): streamed deltas, session continuation, the JSON answer, aborts, timeouts,
 * refusals by status and body, and malformed streams. Request bodies are validated against the vendored
 * `CreateWebChatDTO` with ajv.
 */
import net from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  APIUserAbortError,
  PlatformValidationError,
  streamWebChat,
  WebChatError,
  type PlatformRefusalReason,
  type StreamWebChatOptions,
} from '../../../src/platform/web'
import { classifyError, type ProblemKind } from '../../../src/voice/session/problems'
import { startChatServer, type ChatReply, type ChatServer } from '../../servers/chat-server'
import { bodyValidator } from './schema'

const KEY = 'pk_test'
let server: ChatServer
const warnings: unknown[][] = []
const logger = { warn: (...args: unknown[]) => void warnings.push(args) }

const chat = (over: Partial<StreamWebChatOptions> = {}) =>
  streamWebChat({ apiBaseUrl: server.url, publicKey: KEY, assistantId: 'asst_test', input: 'Hello', logger, ...over })

beforeAll(async () => {
  server = await startChatServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.reset()
  warnings.length = 0
})

describe('streamWebChat: the stream', () => {
  it('sends the web chat request and assembles the streamed deltas in order', async () => {
    const deltas: [string, string][] = []
    const result = await chat({
      input: 'What are your hours?',
      variableValues: { sessionId: 'session_1_abc', url: 'https://example.com/pricing' },
      onDelta: (delta, text) => deltas.push([delta, text]),
    })
    expect(result.text).toBe('Turn 1: you said "What are your hours?"')
    expect(result.streamed).toBe(true)
    expect(result.sessionId).toBe('sess_1')
    expect(result.chatId).toMatch(/^chat_\d+$/)
    expect(deltas.length).toBeGreaterThan(3)
    expect(deltas.map(([d]) => d).join('')).toBe(result.text)
    expect(deltas.at(-1)![1]).toBe(result.text)

    const [req] = server.requests
    expect(req!.path).toBe('/chat/web')
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(req!.headers['content-type']).toBe('application/json')
    expect(req!.headers.accept).toContain('text/event-stream')
    expect(req!.json).toEqual({
      assistantId: 'asst_test',
      input: 'What are your hours?',
      assistantOverrides: { variableValues: { sessionId: 'session_1_abc', url: 'https://example.com/pricing' } },
      stream: true,
    })
    const validate = bodyValidator('post', '/chat/web')!
    expect(validate(req!.json), JSON.stringify(validate.errors)).toBe(true)
  })

  it('continues the conversation with the sessionId the stream gave', async () => {
    const first = await chat({ input: 'one' })
    const second = await chat({ input: 'two', sessionId: first.sessionId })
    expect(server.requests[1]!.json).toMatchObject({ sessionId: first.sessionId, input: 'two' })
    expect(second.sessionId).toBe(first.sessionId)
    expect(second.text).toBe('Turn 2: you said "two"')
    expect(server.sessions.get(first.sessionId!)).toEqual(['one', 'two'])
    const validate = bodyValidator('post', '/chat/web')!
    expect(validate(server.requests[1]!.json), JSON.stringify(validate.errors)).toBe(true)
  })

  it('sends ToolMessages as input (CreateWebChatDTO message array)', async () => {
    const input = [{ role: 'tool' as const, tool_call_id: 'call_1', content: 'done: scrolled down' }]
    const result = await chat({ input, sessionId: 'sess_x' })
    expect(server.requests[0]!.json!['input']).toEqual(input)
    const validate = bodyValidator('post', '/chat/web')!
    expect(validate(server.requests[0]!.json), JSON.stringify(validate.errors)).toBe(true)
    expect(result.text).toBe('Turn 1: Tool results: done: scrolled down')
  })

  it('joins the content of a later output index after a blank line and skips other paths', async () => {
    server.script({
      events: [
        { id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: 'Scrolling' },
        { id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: ' now.' },
        // not a documented path (raw: the stand-in sends only CreateChatStreamResponse objects); skipped
        `data: ${JSON.stringify({ id: 'c', sessionId: 's', path: 'chat.output[0].tool_calls[0].function.arguments', delta: '{"dir' })}\n\n`,
        { id: 'c', sessionId: 's', path: 'chat.output[1].content', delta: 'Done.' },
      ],
    })
    const seen: string[] = []
    const result = await chat({ onDelta: (d) => seen.push(d) })
    expect(result.text).toBe('Scrolling now.\n\nDone.')
    expect(seen).toEqual(['Scrolling', ' now.', '\n\nDone.'])
  })

  it('ignores malformed lines and events, never throws, and parses CRLF, comments, split lines and split UTF-8', async () => {
    const chunk = (delta: string) =>
      `data: ${JSON.stringify({ id: 'c1', sessionId: 's9', path: 'chat.output[0].content', delta })}`
    const whole = chunk('Price: 5 € ')
    const cut = whole.indexOf('Price') + 3 // one line written in two pieces
    server.script({
      events: [
        ': keep-alive comment\n\n',
        'data: not json at all\n\n',
        'data: {"id": "c1", "delta": \n\n', // truncated JSON
        'data: [1, 2, 3]\n\n',
        'event: ping\n\n', // no data: no event
        'data\n\n', // field without colon: empty data line → event with data "" … dispatched as ""
        `retry: 3000\r\nid: 7\r\n${chunk('Hello')}\r\n\r\n`,
        whole.slice(0, cut),
        `${whole.slice(cut)}\n`,
        '\n',
        `${chunk('there')}\r`,
        '\n\r\n',
        `data: ${JSON.stringify({ sessionId: 's9', path: 'chat.output[0].content', delta: 42 })}\n\n`,
        `data: ${JSON.stringify({ unknown: true })}\n\n`,
      ],
    })
    const result = await chat()
    expect(result.text).toBe('HelloPrice: 5 € there')
    expect(result.sessionId).toBe('s9')
    expect(warnings.length).toBeGreaterThanOrEqual(3) // the three non-JSON-object data lines were logged
  })

  it('decodes a multi-byte character split across two writes of the stream', async () => {
    const data = Buffer.from(
      `data: ${JSON.stringify({ id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: 'ok ✓ नमस्ते' })}\n\n`,
      'utf8',
    )
    const at = data.indexOf(Buffer.from('✓', 'utf8')) + 1
    server.script({ events: [data.subarray(0, at), data.subarray(at)] })
    expect((await chat()).text).toBe('ok ✓ नमस्ते')
  })

  it('stops at data: [DONE] even when the server keeps the response open', async () => {
    server.script({
      events: [{ id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: 'Bye.' }],
      hold: true,
    })
    const result = await chat()
    expect(result.text).toBe('Bye.')
  })

  it('resolves with what arrived when the stream ends without [DONE]; drops an event without its blank line', async () => {
    server.script({
      events: [
        { id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: 'Partial' },
        `data: ${JSON.stringify({ id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: ' lost' })}\n`,
      ],
      done: false,
    })
    expect((await chat()).text).toBe('Partial')
  })
})

describe('streamWebChat: the JSON answer', () => {
  it('reads a WebChat when not streamed: text of the assistant messages, the output for tool_calls', async () => {
    const result = await chat({ stream: false, input: 'hi' })
    expect(server.requests[0]!.json!['stream']).toBe(false)
    expect(result).toMatchObject({ streamed: false, sessionId: 'sess_1', text: 'Turn 1: you said "hi"' })
    expect(result.output).toEqual([{ role: 'assistant', content: 'Turn 1: you said "hi"' }])
  })

  it('reads the JSON answer asked for with stream: false (tool_calls kept, text from the content)', async () => {
    const output = [
      {
        role: 'assistant',
        content: 'Let me scroll.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'scroll_page', arguments: '{"direction":"down"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_0', content: 'server tool ran' },
      { role: 'assistant', content: '  ' },
    ]
    server.script({ status: 201, body: { id: 'chat_9', sessionId: 'sess_9', output } })
    const result = await chat({ stream: false })
    expect(result).toMatchObject({ streamed: false, sessionId: 'sess_9', chatId: 'chat_9', text: 'Let me scroll.' })
    expect(result.output).toEqual(output)
  })

  it('refuses a 2xx that is neither a stream nor a chat as platform-error', async () => {
    server.script({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>proxy</html>' })
    const error = await chat().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WebChatError)
    expect(error).toMatchObject({ status: 200, reason: 'platform-error' })
  })
})

describe('streamWebChat: refusals, network and abort', () => {
  const cases: [
    label: string,
    reply: ChatReply | 'default-key' | 'default-assistant',
    reason: PlatformRefusalReason,
    status: number | null,
    kind: ProblemKind,
  ][] = [
    ['401 wrong key (the assistant server)', 'default-key', 'invalid-key', 401, 'invalidKey'],
    [
      '403 whose body speaks of the key',
      { status: 403, body: { message: 'Invalid Key', statusCode: 403 } },
      'invalid-key',
      403,
      'invalidKey',
    ],
    ['402', { status: 402, body: { message: 'Payment Required' } }, 'no-credit', 402, 'noCredit'],
    [
      '400 Billing Limits Exceeded',
      { status: 400, body: { message: 'Billing Limits Exceeded', statusCode: 400 } },
      'no-credit',
      400,
      'noCredit',
    ],
    [
      '404 unknown assistant (the assistant server)',
      'default-assistant',
      'assistant-not-found',
      404,
      'assistantNotFound',
    ],
    ['429', { status: 429, body: { message: 'Too Many Requests' } }, 'rate-limited', 429, 'rateLimited'],
    ['500', { status: 500, body: { message: 'Internal server error' } }, 'platform-error', 500, 'platformError'],
    ['503 text body', { status: 503, body: 'Service Unavailable' }, 'platform-error', 503, 'platformError'],
    ['connection reset', { reset: true }, 'network', null, 'network'],
  ]
  it.each(cases)('%s → %s', async (_label, reply, reason, status, kind) => {
    if (typeof reply === 'object') server.script(reply)
    const error = await chat({
      ...(reply === 'default-key' && { publicKey: 'pk_wrong' }),
      ...(reply === 'default-assistant' && { assistantId: 'asst_missing' }),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WebChatError)
    expect(error).toMatchObject({ status, reason })
    // The session's classification gives the same problem kind as a refused web call.
    expect(classifyError({ error: error as never })).toBe(kind)
  })

  it('a closed port is network (status null)', async () => {
    const port = await freePort()
    const error = await chat({ apiBaseUrl: `http://127.0.0.1:${port}` }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'WebChatError', status: null, reason: 'network' })
    expect(classifyError({ error: error as never })).toBe('network')
  })

  it('a connection lost mid-stream is network', async () => {
    server.script({
      events: [{ id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: 'Hal' }],
      done: false,
      resetAfter: true,
    })
    const error = await chat().catch((e: unknown) => e)
    expect(error).toMatchObject({ status: null, reason: 'network' })
  })

  it('never puts the key in the error, even when the server echoes it', async () => {
    server.script({ status: 401, body: { message: `Invalid Key ${KEY}`, statusCode: 401 } })
    const error = (await chat().catch((e: unknown) => e)) as WebChatError
    expect(error.message).not.toContain(KEY)
    expect(JSON.stringify(error.body)).not.toContain(KEY)
    expect(error.message).toContain('401')
  })

  it('no answer within timeoutMs is network; so is a stream that stalls', async () => {
    server.script({ hang: true })
    await expect(chat({ timeoutMs: 150 })).rejects.toMatchObject({ status: null, reason: 'network' })
    server.script({
      events: [{ id: 'c', sessionId: 's', path: 'chat.output[0].content', delta: 'a' }],
      done: false,
      hold: true,
    })
    await expect(chat({ timeoutMs: 150 })).rejects.toMatchObject({ status: null, reason: 'network' })
  })

  it('abort before the answer rejects with APIUserAbortError', async () => {
    server.script({ hang: true })
    const controller = new AbortController()
    const pending = chat({ signal: controller.signal })
    await waitUntil(() => server.requests.length === 1)
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError)
  })

  it('abort mid-stream stops reading and closes the response', async () => {
    server.script({
      events: Array.from({ length: 50 }, (_, i) => ({
        id: 'c',
        sessionId: 's',
        path: 'chat.output[0].content',
        delta: `w${i} `,
      })),
      eventDelayMs: 20,
    })
    const before = server.abortedResponses
    const controller = new AbortController()
    const seen: string[] = []
    const pending = chat({
      signal: controller.signal,
      onDelta: (d) => {
        seen.push(d)
        if (seen.length === 2) controller.abort()
      },
    })
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError)
    const count = seen.length
    await waitUntil(() => server.abortedResponses === before + 1)
    await new Promise((r) => setTimeout(r, 100))
    expect(seen.length).toBe(count)
    expect(count).toBeLessThan(5)
  })

  it('an exception thrown by onDelta rejects with that exception and closes the response', async () => {
    server.script({
      events: Array.from({ length: 30 }, (_, i) => ({
        id: 'c',
        sessionId: 's',
        path: 'chat.output[0].content',
        delta: `w${i} `,
      })),
      eventDelayMs: 20,
    })
    const before = server.abortedResponses
    const boom = new Error('the page could not render the answer')
    const error = await chat({
      onDelta: () => {
        throw boom
      },
    }).catch((e: unknown) => e)
    expect(error).toBe(boom)
    await waitUntil(() => server.abortedResponses === before + 1)
  })

  it('an aborted signal sends nothing; bad input is refused before sending', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(chat({ signal: controller.signal })).rejects.toBeInstanceOf(APIUserAbortError)
    await expect(chat({ input: '   ' })).rejects.toBeInstanceOf(PlatformValidationError)
    await expect(chat({ input: [] })).rejects.toBeInstanceOf(PlatformValidationError)
    await expect(chat({ publicKey: '' })).rejects.toBeInstanceOf(PlatformValidationError)
    await expect(chat({ assistantId: '' })).rejects.toBeInstanceOf(PlatformValidationError)
    expect(server.requests).toHaveLength(0)
  })
})

describe('the chat server (CORS for a browser)', () => {
  it('answers a preflight and puts Access-Control-Allow-Origin on answers', async () => {
    const pre = await fetch(`${server.url}/chat/web`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173')
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization')
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST')
    const res = await fetch(`${server.url}/chat/web`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:4173', authorization: 'Bearer nope', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173')
  })
})

async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const s = net.createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const { port } = s.address() as net.AddressInfo
  await new Promise<void>((r) => s.close(() => r()))
  return port
}
