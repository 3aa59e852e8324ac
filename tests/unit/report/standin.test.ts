/**
 * The report tests' platform stand-in (tests/servers/conversation-platform.ts) serves exactly the documented
 * shapes: every call and chat it answers with is valid against the vendored `openapi/vapi-openapi.json` (`Call`,
 * `Chat`), and every message in them is one of the document's message schemas with no field the schema does not
 * declare — so the report, read against the stand-in, is read against the document.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startConversationPlatform } from '../../servers/conversation-platform'
import { generateConversations } from '../../servers/conversations'
import { componentValidator } from '../platform/schema'

type Json = Record<string, unknown>
const TOKEN = 'sk_standin_0123456789'
const schemas = (
  JSON.parse(readFileSync(resolve(__dirname, '../../../openapi/vapi-openapi.json'), 'utf8')) as {
    components: { schemas: Record<string, { properties?: Json; required?: string[] }> }
  }
).components.schemas

/**
 * The document's message schemas that `message` matches exactly: every field declared, every required one
 * present, and valid by ajv.
 */
function exactMatches(message: Json, candidates: string[]): string[] {
  return candidates.filter((name) => {
    const s = schemas[name]!
    const declared = Object.keys(s.properties ?? {})
    if (!Object.keys(message).every((k) => declared.includes(k))) return false
    if (!(s.required ?? []).every((k) => k in message)) return false
    return componentValidator(name)(message)
  })
}

const CALL_MESSAGES = ['UserMessage', 'SystemMessage', 'BotMessage', 'ToolCallMessage', 'ToolCallResultMessage']
const CHAT_MESSAGES = ['SystemMessage', 'UserMessage', 'AssistantMessage', 'ToolMessage', 'DeveloperMessage']

describe('the conversation stand-in', () => {
  it('serves calls and chats in exactly the shapes of the vendored document', async () => {
    const data = generateConversations({ count: 300, seed: 21 })
    const server = await startConversationPlatform({ token: TOKEN, calls: data.calls, chats: data.chats })
    try {
      const get = async (path: string) =>
        (await (
          await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })
        ).json()) as unknown
      const calls = (await get('/call?limit=1000')) as Json[]
      const chats = ((await get('/chat?limit=1000')) as { results: Json[] }).results
      expect(calls.length + chats.length).toBe(300)
      const callValid = componentValidator('Call')
      const chatValid = componentValidator('Chat')
      const seen = new Set<string>()
      for (const call of calls) {
        expect(callValid(call), JSON.stringify(callValid.errors)).toBe(true)
        for (const m of (call['artifact'] as { messages: Json[] }).messages) {
          const match = exactMatches(m, CALL_MESSAGES)
          expect(match.length, JSON.stringify(m)).toBeGreaterThan(0)
          match.forEach((n) => seen.add(`call ${n}`))
        }
      }
      for (const chat of chats) {
        expect(chatValid(chat), JSON.stringify(chatValid.errors)).toBe(true)
        for (const m of [...(chat['messages'] as Json[]), ...(chat['output'] as Json[])]) {
          const match = exactMatches(m, CHAT_MESSAGES)
          expect(match.length, JSON.stringify(m)).toBeGreaterThan(0)
          match.forEach((n) => seen.add(`chat ${n}`))
          // A chat's system and visitor turns carry `message`, never `content` (SystemMessage, UserMessage).
          if (m['role'] === 'system' || m['role'] === 'user') expect(Object.keys(m)).not.toContain('content')
        }
      }
      expect([...seen].sort()).toEqual(
        [
          'call BotMessage',
          'call SystemMessage',
          'call ToolCallMessage',
          'call UserMessage',
          'chat AssistantMessage',
          'chat SystemMessage',
          'chat ToolMessage',
          'chat UserMessage',
        ].sort(),
      )
    } finally {
      await server.close()
    }
  }, 60_000)
})
