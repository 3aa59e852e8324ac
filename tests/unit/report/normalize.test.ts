/**
 * The report reads every documented message shape (scripts/report/normalize.ts): the message schemas of the
 * vendored `openapi/vapi-openapi.json` that a call's `artifact.messages` and a chat's `messages` / `output` hold
 * are exactly the ones in `MESSAGE_FIELDS`; each schema's fields are exactly the table's; a field marked `read`
 * changes the turns when it changes, one marked `left` does not. Every sample is valid against its schema.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callTurns, chatTurns, MESSAGE_FIELDS, type Turn } from '../../../scripts/report/normalize'
import { componentValidator } from '../platform/schema'

type Json = Record<string, unknown>
const doc = JSON.parse(readFileSync(resolve(__dirname, '../../../openapi/vapi-openapi.json'), 'utf8')) as {
  components: { schemas: Record<string, { properties?: Json; items?: Json }> }
}
const schemas = doc.components.schemas
/** Schema names of a property's `items.oneOf` refs. */
const membersOf = (schema: string, property: string): string[] => {
  const items = (schemas[schema]!.properties![property] as { items: { oneOf: { $ref: string }[] } }).items
  return items.oneOf.map((r) => r.$ref.split('/').pop()!)
}
const CALL_SCHEMAS = membersOf('Artifact', 'messages')
const CHAT_SCHEMAS = [...new Set([...membersOf('Chat', 'messages'), ...membersOf('Chat', 'output')])]

const PAGE_MAP = 'PAGE MAP\nurl: https://shop.example/pricing\n[voiceos/1 page-map path=/pricing lang=ta]'
const at = { time: 1_790_000_000_000, secondsFromStart: 3 }
const toolCall = (id: string, name: string) => ({ id, type: 'function', function: { name, arguments: '{"x":1}' } })

/** One message of each schema with every documented field set (role as the platform writes it). */
const SAMPLES: Record<string, Json> = {
  SystemMessage: { role: 'system', message: PAGE_MAP, ...at },
  UserMessage: {
    role: 'user',
    message: 'விலை என்ன',
    endTime: at.time + 900,
    duration: 0.9,
    isFiltered: false,
    detectedThreats: [],
    originalMessage: 'விலை என்ன',
    metadata: { wordLevelConfidence: [] },
    speakerLabel: 'Speaker 1',
    ...at,
  },
  BotMessage: {
    role: 'bot',
    message: 'Pro costs ₹499.',
    endTime: at.time + 1500,
    source: 'model',
    duration: 1.5,
    assistantName: 'VoiceOS',
    assistantId: 'asst_1',
    ...at,
  },
  ToolCallMessage: { role: 'tool_calls', message: '', toolCalls: [toolCall('call_1', 'scroll_page')], ...at },
  ToolCallResultMessage: {
    role: 'tool_call_result',
    toolCallId: 'call_1',
    name: 'scroll_page',
    result: 'done: scrolled down',
    metadata: {},
    warnings: [],
    ...at,
  },
  AssistantMessage: {
    role: 'assistant',
    content: 'Opening Pricing.',
    refusal: 'I cannot share that.',
    tool_calls: [toolCall('call_2', 'click_element')],
    name: 'VoiceOS',
    metadata: {},
  },
  ToolMessage: {
    role: 'tool',
    content: 'done: clicked Pricing',
    tool_call_id: 'call_2',
    name: 'click_element',
    metadata: {},
  },
  DeveloperMessage: { role: 'developer', content: PAGE_MAP, name: 'widget', metadata: {} },
}

/** Another value of the same type, so a changed field is still a valid message. */
function changed(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? 'x' : `${value} (2)`.replace('[voiceos', '(2)\n[voiceos')
  if (typeof value === 'number') return value + 1
  if (typeof value === 'boolean') return !value
  if (Array.isArray(value))
    return [...value, ...(value.length ? [] : ['x'])].map((v) => (isObj(v) ? changedCall(v) : v))
  if (isObj(value)) return { ...value, extra: 1 }
  return value
}
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const changedCall = (c: Json): Json => ({ ...c, id: `${String(c['id'])}b` })

const turnsOf = (schema: string, m: Json, where: 'call' | 'chat'): Turn[] =>
  where === 'call' ? callTurns({ artifact: { messages: [m] } }) : chatTurns({ messages: [m] })

describe('the report reads every documented message shape', () => {
  it("the table names exactly the document's message schemas of calls and chats", () => {
    expect(Object.keys(MESSAGE_FIELDS).sort()).toEqual([...new Set([...CALL_SCHEMAS, ...CHAT_SCHEMAS])].sort())
  })

  for (const [schema, fields] of Object.entries(MESSAGE_FIELDS)) {
    it(`${schema}: the table has every documented field; the sample is valid`, () => {
      expect(Object.keys(fields).sort()).toEqual(Object.keys(schemas[schema]!.properties ?? {}).sort())
      expect(Object.keys(SAMPLES[schema]!).sort()).toEqual(Object.keys(fields).sort())
      const valid = componentValidator(schema)
      expect(valid(SAMPLES[schema]), JSON.stringify(valid.errors)).toBe(true)
    })

    for (const where of ['call', 'chat'] as const) {
      if (!(where === 'call' ? CALL_SCHEMAS : CHAT_SCHEMAS).includes(schema)) continue
      it(`${schema} in a ${where}: a read field changes the turns, a left one does not`, () => {
        const sample = SAMPLES[schema]!
        const base = turnsOf(schema, sample, where)
        expect(base.length, 'the sample gives a turn').toBeGreaterThan(0)
        for (const [field, use] of Object.entries(fields)) {
          const other = turnsOf(schema, { ...sample, [field]: changed(sample[field]) }, where)
          if (use === 'read') expect(other, `${field} is read`).not.toEqual(base)
          else expect(other, `${field} is ${use}`).toEqual(base)
        }
      })
    }
  }

  it("a chat's system and user messages are read from `message`, as documented, and from `content` too", () => {
    const documented = chatTurns({
      messages: [SAMPLES['SystemMessage'], SAMPLES['UserMessage']],
      output: [SAMPLES['AssistantMessage']],
    })
    expect(documented).toEqual([
      { role: 'system', text: PAGE_MAP },
      { role: 'user', text: 'விலை என்ன' },
      { role: 'assistant', text: 'Opening Pricing.\nI cannot share that.' },
      { role: 'tool_call', id: 'call_2', name: 'click_element', text: '{"x":1}' },
    ])
    const openAiStyle = chatTurns({
      messages: [
        { role: 'system', content: PAGE_MAP },
        { role: 'user', content: [{ type: 'text', text: 'விலை என்ன' }] },
      ],
    })
    expect(openAiStyle).toEqual(documented.slice(0, 2))
  })
})
