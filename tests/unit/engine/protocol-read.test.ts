/**
 * The messages the widget READS from the platform, against the vendored document's schemas (ajv over
 * openapi/vapi-openapi.json, tests/unit/platform/schema.ts) — the read side of protocol.test.ts:
 * - `tool-calls` (`ClientMessageToolCalls`): a message the schema accepts is read into its commands, and one the
 *   schema refuses for a missing `toolCallList` is read into none;
 * - `status-update` (`ServerMessageStatusUpdate`): every `status` and `endedReason` the widget names is one the
 *   document lists, and every reason the document lists is classified without throwing;
 * - the chat stream (`CreateChatStreamResponse`): every chunk the strict chat stand-in streams is one the schema
 *   accepts, and the client assembles them into the answer.
 * `listening` (a bare string app message, no schema) is compared with @vapi-ai/web's own handling in
 * conformance.test.ts ("success": the same `call-start` at the same point).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { streamWebChat } from '../../../src/platform/chat-web'
import { toolCallToCommands } from '../../../src/voice/realtime/toolCalls'
import { ASSISTANT_ENDED_REASONS, classifyEndedReason, NAMED_ENDED_REASONS } from '../../../src/voice/session/problems'
import { startChatServer, type ChatServer } from '../../servers/chat-server'
import { componentValidator } from '../platform/schema'

const officialSchemas = (
  JSON.parse(readFileSync(resolve(__dirname, '../../../openapi/vapi-openapi.json'), 'utf8')) as {
    components: { schemas: Record<string, unknown> }
  }
).components.schemas

const toolCalls = componentValidator('ClientMessageToolCalls')
const streamChunk = componentValidator('CreateChatStreamResponse')

/** A `tool-calls` client message as the document describes it: both required lists, `arguments` as JSON text. */
const documented = {
  type: 'tool-calls',
  toolCallList: [
    {
      id: 'call_1',
      type: 'function',
      function: { name: 'fill_field', arguments: JSON.stringify({ targetText: 'Email', value: 'a@b.co' }) },
    },
    { id: 'call_2', type: 'function', function: { name: 'scroll_page', arguments: '{"direction":"down"}' } },
  ],
  toolWithToolCallList: [],
}

describe('tool-calls (ClientMessageToolCalls)', () => {
  it('a message the schema accepts is read into its commands, ids kept', () => {
    expect(toolCalls(documented), JSON.stringify(toolCalls.errors)).toBe(true)
    expect(toolCallToCommands(documented)).toEqual([
      { id: 'call_1', action: 'fill', targetText: 'Email', value: 'a@b.co' },
      { id: 'call_2', action: 'scroll', direction: 'down' },
    ])
  })

  it('a message the schema refuses (no toolCallList) gives no command', () => {
    const { toolCallList: _dropped, ...broken } = documented
    expect(toolCalls(broken)).toBe(false)
    expect(toolCallToCommands(broken)).toEqual([])
  })
})

describe('status-update (ServerMessageStatusUpdate)', () => {
  const props = (officialSchemas['ServerMessageStatusUpdate'] as { properties: Record<string, { enum?: string[] }> })
    .properties
  const statuses = new Set(props['status']!.enum)
  const reasons = new Set(props['endedReason']!.enum)

  it('the status the widget acts on is a documented one', () => {
    expect(statuses.has('ended')).toBe(true)
  })

  it('every endedReason the widget names is in the document', () => {
    const named = [...ASSISTANT_ENDED_REASONS, ...Object.values(NAMED_ENDED_REASONS)]
    expect(named.filter((r) => !reasons.has(r))).toEqual([])
  })

  it('every documented endedReason is classified without throwing, the named ones as their kind', () => {
    expect(reasons.size).toBeGreaterThan(100)
    for (const reason of reasons) expect(() => classifyEndedReason(reason)).not.toThrow()
    expect(classifyEndedReason(NAMED_ENDED_REASONS.maxDuration)).toBe('maxDuration')
    expect(classifyEndedReason(NAMED_ENDED_REASONS.customerEnded)).toBeNull()
    for (const r of ASSISTANT_ENDED_REASONS) expect(classifyEndedReason(r)).toBe('assistantEnded')
  })
})

describe('the chat stream (CreateChatStreamResponse)', () => {
  let server: ChatServer
  beforeAll(async () => {
    server = await startChatServer({ publicKey: 'pk_conf', assistants: ['asst_conf'] })
  })
  afterAll(async () => {
    await server.close()
  })

  it('every chunk the strict stand-in streams is one the schema accepts, and the client assembles the answer', async () => {
    const raw: unknown[] = []
    const res = await fetch(`${server.url}/chat/web`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_conf', 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ assistantId: 'asst_conf', input: 'What are your hours?', stream: true }),
    })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    for (const line of (await res.text()).split('\n'))
      if (line.startsWith('data: ') && line !== 'data: [DONE]') raw.push(JSON.parse(line.slice(6)))
    expect(raw.length).toBeGreaterThan(3)
    for (const chunk of raw) expect(streamChunk(chunk), JSON.stringify(streamChunk.errors)).toBe(true)

    const result = await streamWebChat({
      apiBaseUrl: server.url,
      publicKey: 'pk_conf',
      assistantId: 'asst_conf',
      input: 'What are your hours?',
      stream: true,
    })
    expect(result.text).toBe(raw.map((c) => (c as { delta: string }).delta).join(''))
  })
})
