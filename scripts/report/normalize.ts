/**
 * A platform call or chat as the report stores it: the fields it reports on and the conversation's turns in one
 * shape for both modes. Source shapes: the vendored `openapi/vapi-openapi.json` — `Call` (`type`, `status`,
 * `startedAt`, `endedAt`, `cost`, `endedReason`, `artifact.messages`: `UserMessage`, `BotMessage`,
 * `SystemMessage`, `ToolCallMessage`, `ToolCallResultMessage`) and `Chat` (`messages` and `output`:
 * `SystemMessage` and `UserMessage`, whose text is in `message`; `AssistantMessage` (+ `tool_calls`, `refusal`),
 * `ToolMessage` and `DeveloperMessage`, whose text is in `content`). Every field of those message schemas is
 * either read or deliberately left, with the reason, in {@link MESSAGE_FIELDS}; a text is read from `message`
 * and, failing that, from `content`, whatever the role, so a platform that answers in the other documented shape
 * loses nothing.
 *
 * Only the widget's own system messages are kept (record-tagged or, from older widgets, starting with the
 * widget's first words); the assistant's system prompt and anything else a platform adds are dropped — they say
 * nothing about the visitor and would multiply the database's size.
 * @module
 */

/**
 * Every documented field of the message schemas the report reads (vendored `openapi/vapi-openapi.json`,
 * `Artifact.messages` and `Chat.messages` / `Chat.output`), and what the report does with it: `read` (it goes
 * into a {@link Turn}), or why it is left. tests/unit/report/normalize.test.ts fails when the document has a field
 * this table lacks, and when a field marked `read` changes no turn.
 */
export const MESSAGE_FIELDS: Record<string, Record<string, 'read' | `left: ${string}`>> = {
  SystemMessage: {
    role: 'read',
    message: 'read',
    time: 'left: turns keep the list order',
    secondsFromStart: 'left: turns keep the list order',
  },
  UserMessage: {
    role: 'read',
    message: 'read',
    time: 'left: turns keep the list order',
    endTime: 'left: turns keep the list order',
    secondsFromStart: 'left: turns keep the list order',
    duration: 'left: the report times calls, not turns',
    isFiltered: 'left: `message` is already the filtered text',
    detectedThreats: 'left: security labels, not what the visitor asked',
    originalMessage: 'left: the text before the platform filtered it; the report shows the filtered one',
    metadata: "left: the transcriber's word confidences",
    speakerLabel: 'left: a web call has one visitor',
  },
  BotMessage: {
    role: 'read',
    message: 'read',
    time: 'left: turns keep the list order',
    endTime: 'left: turns keep the list order',
    secondsFromStart: 'left: turns keep the list order',
    source: 'left: how the text was made (model, force-say), not what was said',
    duration: 'left: the report times calls, not turns',
    assistantName: 'left: one assistant per report',
    assistantId: "left: one assistant per report (the call's assistantId)",
  },
  ToolCallMessage: {
    role: 'read',
    toolCalls: 'read',
    message: 'left: empty beside toolCalls',
    time: 'left: turns keep the list order',
    secondsFromStart: 'left: turns keep the list order',
  },
  ToolCallResultMessage: {
    role: 'read',
    toolCallId: 'read',
    name: 'read',
    result: 'read',
    time: 'left: turns keep the list order',
    secondsFromStart: 'left: turns keep the list order',
    metadata: "left: the platform's own bookkeeping",
    warnings: 'left: size warnings for the model, not the visitor',
  },
  AssistantMessage: {
    role: 'read',
    content: 'read',
    refusal: 'read',
    tool_calls: 'read',
    name: 'left: the participant name, one assistant per report',
    metadata: "left: the platform's own bookkeeping",
  },
  ToolMessage: {
    role: 'read',
    content: 'read',
    tool_call_id: 'read',
    name: 'read',
    metadata: "left: the platform's own bookkeeping",
  },
  DeveloperMessage: {
    role: 'read',
    content: 'read',
    name: 'left: the participant name',
    metadata: "left: the platform's own bookkeeping",
  },
}

/** One turn of a conversation. */
export interface Turn {
  /** `system` (the widget's messages), `user` (the visitor), `assistant`, `tool_call` (the model asked for a tool), `tool` (a tool's answer). */
  role: 'system' | 'user' | 'assistant' | 'tool_call' | 'tool'
  text: string
  /** Tool call id (`tool_call`, `tool`). */
  id?: string
  /** Tool name (`tool_call`, and `tool` when the platform gives it). */
  name?: string
}

/** A conversation as stored in the report's database (`conversations` table). */
export interface StoredConversation {
  id: string
  /** `call` (voice: a web call) or `chat` (typed: the platform's chat). */
  kind: 'call' | 'chat'
  assistantId: string | null
  /** ISO 8601 instants. */
  createdAt: string
  startedAt: string | null
  endedAt: string | null
  /** US dollars, as the platform reports it. */
  cost: number | null
  /** The call's `endedReason`; `null` for a chat. */
  endedReason: string | null
  /** The call's `status` (`queued`, `ringing`, `in-progress`, `forwarding`, `ended`); `ended` for a chat. */
  status: string
  turns: Turn[]
}

/** First words of the widget's system messages written before the record tag (src/voice/context/README.md). */
export const LEGACY_PREFIXES = ['PAGE MAP', 'COMMAND RESULT', 'The visitor is now on', 'SEARCH RESULTS'] as const

const TAGGED = /\n\[voiceos\/\d+ [a-z]/

/** True for a system message the widget added (tagged, or with an older widget's first words). */
export function isWidgetMessage(text: string): boolean {
  return TAGGED.test(text) || LEGACY_PREFIXES.some((p) => text.startsWith(p))
}

type Json = Record<string, unknown>
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Text of an OpenAI-style `content` (a string or an array of `{ type: 'text', text }` parts). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content))
    return content
      .map((p) => (isObj(p) && typeof p['text'] === 'string' ? p['text'] : ''))
      .filter(Boolean)
      .join('\n')
  return ''
}

/**
 * A message's text: `message` (`SystemMessage`, `UserMessage`, `BotMessage`), else `content` (`AssistantMessage`,
 * `ToolMessage`, `DeveloperMessage`; a string or OpenAI-style text parts), else `''`.
 */
export function messageText(m: Json): string {
  return str(m['message']) || contentText(m['content'])
}

/** `ToolCall`s (`id`, `function.name`, `function.arguments`) as `tool_call` turns. */
function toolCallTurns(calls: unknown): Turn[] {
  if (!Array.isArray(calls)) return []
  const out: Turn[] = []
  for (const c of calls) {
    if (!isObj(c)) continue
    const fn = isObj(c['function']) ? c['function'] : {}
    const args = fn['arguments']
    out.push({
      role: 'tool_call',
      id: str(c['id']) ?? '',
      name: str(fn['name']) ?? '',
      text: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    })
  }
  return out
}

/** Turns of a call's `artifact.messages` (or its top-level `messages`). */
export function callTurns(call: Json): Turn[] {
  const artifact = isObj(call['artifact']) ? call['artifact'] : {}
  const source = Array.isArray(artifact['messages'])
    ? artifact['messages']
    : Array.isArray(call['messages'])
      ? call['messages']
      : []
  const turns: Turn[] = []
  for (const m of source) {
    if (!isObj(m)) continue
    const role = m['role']
    const text = messageText(m)
    if (role === 'system') {
      if (isWidgetMessage(text)) turns.push({ role: 'system', text })
    } else if (role === 'user') turns.push({ role: 'user', text })
    else if (role === 'bot' || role === 'assistant') turns.push({ role: 'assistant', text })
    else if (role === 'tool_calls') turns.push(...toolCallTurns(m['toolCalls']))
    else if (role === 'tool_call_result') {
      const result = m['result']
      turns.push({
        role: 'tool',
        id: str(m['toolCallId']) ?? '',
        name: str(m['name']) ?? '',
        text: typeof result === 'string' ? result : JSON.stringify(result ?? ''),
      })
    }
  }
  return turns
}

/** Turns of a chat: its `messages` (the context it was given) then its `output`. */
export function chatTurns(chat: Json): Turn[] {
  const turns: Turn[] = []
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [])
  const all = [...list(chat['messages']), ...list(chat['output'])]
  for (const m of all) {
    if (!isObj(m)) continue
    const role = m['role']
    const text = messageText(m)
    if (role === 'system' || role === 'developer') {
      if (isWidgetMessage(text)) turns.push({ role: 'system', text })
    } else if (role === 'user') turns.push({ role: 'user', text })
    else if (role === 'assistant' || role === 'bot') {
      // The model's refusal is what the visitor was told, as its content is.
      const said = [text, str(m['refusal']) ?? ''].filter(Boolean).join('\n')
      if (said) turns.push({ role: 'assistant', text: said })
      turns.push(...toolCallTurns(m['tool_calls']))
    } else if (role === 'tool') {
      const name = str(m['name'])
      turns.push({ role: 'tool', id: str(m['tool_call_id']) ?? '', ...(name && { name }), text })
    }
  }
  return turns
}

/** A `Call` of the platform as stored. @throws {Error} when it has no `id` or `createdAt` */
export function fromCall(call: Json): StoredConversation {
  const id = str(call['id'])
  const createdAt = str(call['createdAt'])
  if (!id || !createdAt) throw new Error('A call without id or createdAt.')
  return {
    id,
    kind: 'call',
    assistantId: str(call['assistantId']),
    createdAt,
    startedAt: str(call['startedAt']),
    endedAt: str(call['endedAt']),
    cost: num(call['cost']),
    endedReason: str(call['endedReason']),
    status: str(call['status']) ?? 'ended',
    turns: callTurns(call),
  }
}

/** A `Chat` of the platform as stored. @throws {Error} when it has no `id` or `createdAt` */
export function fromChat(chat: Json): StoredConversation {
  const id = str(chat['id'])
  const createdAt = str(chat['createdAt'])
  if (!id || !createdAt) throw new Error('A chat without id or createdAt.')
  return {
    id,
    kind: 'chat',
    assistantId: str(chat['assistantId']),
    createdAt,
    // A chat has no duration: it is a series of requests, its updatedAt is the last one.
    startedAt: null,
    endedAt: null,
    cost: num(chat['cost']),
    endedReason: null,
    status: 'ended',
    turns: chatTurns(chat),
  }
}
