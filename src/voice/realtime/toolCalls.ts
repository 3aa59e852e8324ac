/**
 * Voice commands from the call's own tool-call messages, so the widget also works without a
 * backend that broadcasts on the realtime channel.
 *
 * The voice SDK emits every client message on its `message` event. Two shapes carry tool calls:
 * - `{ type: 'tool-calls', toolCallList: [{ id, type: 'function', function: { name, arguments } }],
 *   toolWithToolCallList: [{ type, function, toolCall: { id, function } }] }` (Vapi `ClientMessageToolCalls`,
 *   openapi/vapi-openapi.json; `arguments` is a JSON string in the schema, an object in practice — both work);
 * - legacy `{ type: 'function-call', functionCall: { name, parameters } }` (SPEC §7 "message (… function-call)").
 *
 * A tool call becomes a voice command message (SPEC §3 shape, still unvalidated — the router validates) when
 * - its function name starts with an action word (`scroll`, `click`, `fill`, `toggle`; any case/separator:
 *   `scrollPage`, `click_element`, `fill-field`, `toggleSwitch`), which sets `action`; or
 * - its name is one of the generic command tools ({@link DEFAULT_COMMAND_TOOL_NAMES}, or `toolNames`), whose
 *   arguments carry `action`/`type` themselves.
 * Other tools are ignored. The tool call id becomes the command `id`, so the same command broadcast on the
 * realtime channel with that id (or with no id, within the de-duplication window) runs once.
 */
import { COMMAND_ACTIONS, type CommandAction } from '../commands/schema'

/** Generic tool names whose arguments are a whole voice command message (compared without case/separators). */
export const DEFAULT_COMMAND_TOOL_NAMES: readonly string[] = [
  'voice_command',
  'execute_command',
  'execute_voice_command',
  'page_action',
  'perform_action',
  'ui_command',
  'website_action',
  'browser_action',
]

/** Options of {@link toolCallToCommands}. */
export interface ToolCallMappingOptions {
  /** Extra generic command tool names (added to {@link DEFAULT_COMMAND_TOOL_NAMES}). */
  toolNames?: readonly string[]
}

/** The voice command message produced from a tool call (fields as in SPEC §3; validated later by the schema). */
export interface ToolCallCommandMessage {
  id?: string
  action: unknown
  direction?: unknown
  targetText?: unknown
  selector?: unknown
  role?: unknown
  fieldHint?: unknown
  fieldType?: unknown
  value?: unknown
}

/** Max characters of a tool call's `arguments` JSON string that will be parsed. */
const MAX_ARGUMENTS_CHARS = 20_000
/** Max tool calls read from one message. */
const MAX_TOOL_CALLS = 20

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/** One function call of a voice SDK message, before its name and arguments are checked. */
interface RawToolCall {
  id?: string
  name: unknown
  args: unknown
}

/**
 * The function calls of a voice SDK message: `tool-calls` (`toolCallList`, or the older `toolWithToolCallList`; at
 * most 20, ids of at most 200 characters kept) or the legacy `function-call`. Anything else gives `[]`.
 */
function rawToolCalls(message: Record<string, unknown>): RawToolCall[] {
  const calls: RawToolCall[] = []
  if (message.type === 'tool-calls') {
    const list: unknown[] = Array.isArray(message.toolCallList)
      ? message.toolCallList
      : Array.isArray(message.toolWithToolCallList)
        ? message.toolWithToolCallList.map((t: unknown) => (isRecord(t) ? t.toolCall : undefined))
        : []
    for (const call of list.slice(0, MAX_TOOL_CALLS)) {
      if (!isRecord(call) || !isRecord(call.function)) continue
      const id = typeof call.id === 'string' && call.id.length <= 200 ? call.id : undefined
      calls.push({
        ...(id !== undefined && { id }),
        name: call.function.name,
        args: call.function.arguments ?? call.function.parameters,
      })
    }
  } else if (message.type === 'function-call' && isRecord(message.functionCall)) {
    const fc = message.functionCall
    calls.push({ name: fc.name, args: fc.parameters ?? fc.arguments })
  }
  return calls
}

/**
 * Maps a voice SDK message to the voice command messages of its tool calls (possibly none). Never throws;
 * anything that is not a recognised tool-call message gives `[]`.
 */
export function toolCallToCommands(message: unknown, options: ToolCallMappingOptions = {}): ToolCallCommandMessage[] {
  try {
    if (!isRecord(message)) return []
    const generic = new Set([...DEFAULT_COMMAND_TOOL_NAMES, ...(options.toolNames ?? [])].map(squash))
    const calls = rawToolCalls(message)
    const out: ToolCallCommandMessage[] = []
    for (const call of calls) {
      const command = toCommand(call.name, call.args, generic)
      if (command) out.push(call.id !== undefined ? { ...command, id: call.id } : command)
    }
    return out
  } catch {
    return []
  }
}

/** Name of the read tool (src/voice/assistant): the page's visible text, or a named section's. */
export const READ_TOOL_NAME = 'read_page'

/** A read tool call: its id (for the `ToolCallResult`) and the section asked for, if any. */
export interface ReadRequest {
  id?: string
  name: string
  section?: string
}

/**
 * The read tool calls of a voice SDK message (`tool-calls` or legacy `function-call`): function name
 * `read_page` (any case or separator: `readPage`, `read-page`), argument `section` (or `heading`, `topic`; at most
 * 200 characters). Never throws; anything else gives `[]`.
 */
export function toolCallToReads(message: unknown): ReadRequest[] {
  try {
    if (!isRecord(message)) return []
    const calls = rawToolCalls(message)
    const out: ReadRequest[] = []
    for (const call of calls) {
      if (typeof call.name !== 'string' || squash(call.name) !== squash(READ_TOOL_NAME)) continue
      const args = parseArguments(call.args) ?? {}
      let section: string | undefined
      for (const key of ['section', 'heading', 'topic']) {
        const v = Object.prototype.hasOwnProperty.call(args, key) ? args[key] : undefined
        if (typeof v === 'string' && v.trim() !== '' && v.length <= 200) {
          section = v.trim()
          break
        }
      }
      out.push({
        ...(call.id !== undefined && { id: call.id }),
        name: call.name,
        ...(section !== undefined && { section }),
      })
    }
    return out
  } catch {
    return []
  }
}

/** Name of the site search tool (src/voice/search/siteSearch.ts): the visitor's question → pages of this site. */
export const SEARCH_TOOL_NAME = 'search_site'
/** Name of the tool that opens a page of this site in this tab (src/voice/search/openPage.ts). */
export const OPEN_TOOL_NAME = 'open_page'
/**
 * The assistant's note that it could not answer the visitor (src/voice/assistant/definition.ts): it changes nothing
 * on the page; the chat mode acknowledges it, and the conversation report (scripts/report/facts.ts) reads the call
 * as the question left unanswered, in whatever language the conversation was in.
 */
export const UNANSWERED_TOOL_NAME = 'note_unanswered'

/** Ids of the {@link UNANSWERED_TOOL_NAME} calls of a voice SDK message (any case or separator). Never throws. */
export function toolCallToUnanswered(message: unknown): string[] {
  try {
    if (!isRecord(message)) return []
    return rawToolCalls(message)
      .filter((c) => typeof c.name === 'string' && squash(c.name) === squash(UNANSWERED_TOOL_NAME))
      .flatMap((c) => (typeof c.id === 'string' ? [c.id] : []))
  } catch {
    return []
  }
}

/** A `search_site` or `open_page` tool call: its id, name, and the query or the path asked for. */
export type SiteToolRequest =
  | { kind: 'search'; id?: string; name: string; query: string }
  | { kind: 'open'; id?: string; name: string; path: string }

/**
 * The site tool calls of a voice SDK message: `search_site` (argument `query`, or `question`, `q`, `keywords`) and
 * `open_page` (argument `path`, or `url`, `page`), any case or separator; a missing or over-long (> 2,000
 * characters) argument gives '' (the tool then answers that nothing was asked). Never throws.
 */
export function toolCallToSiteTools(message: unknown): SiteToolRequest[] {
  try {
    if (!isRecord(message)) return []
    const out: SiteToolRequest[] = []
    for (const call of rawToolCalls(message)) {
      if (typeof call.name !== 'string') continue
      const squashed = squash(call.name)
      const kind =
        squashed === squash(SEARCH_TOOL_NAME) ? 'search' : squashed === squash(OPEN_TOOL_NAME) ? 'open' : null
      if (!kind) continue
      const args = parseArguments(call.args) ?? {}
      const keys = kind === 'search' ? ['query', 'question', 'q', 'keywords'] : ['path', 'url', 'page', 'href']
      let value = ''
      for (const key of keys) {
        const v = Object.prototype.hasOwnProperty.call(args, key) ? args[key] : undefined
        if (typeof v === 'string' && v.trim() !== '' && v.length <= 2000) {
          value = v.trim()
          break
        }
      }
      const id = call.id !== undefined ? { id: call.id } : {}
      out.push(
        kind === 'search'
          ? { kind, ...id, name: call.name, query: value }
          : { kind, ...id, name: call.name, path: value },
      )
    }
    return out
  } catch {
    return []
  }
}

/** The first voice command message of a tool-call message, or `null` (see {@link toolCallToCommands}). */
export function toolCallToCommand(message: unknown, options?: ToolCallMappingOptions): ToolCallCommandMessage | null {
  return toolCallToCommands(message, options)[0] ?? null
}

function toCommand(name: unknown, rawArgs: unknown, generic: Set<string>): ToolCallCommandMessage | null {
  if (typeof name !== 'string' || name.length > 80) return null
  const args = parseArguments(rawArgs)
  if (!args) return null
  const squashed = squash(name)
  const named: CommandAction | undefined = COMMAND_ACTIONS.find((a) => squashed.startsWith(a))
  if (!named && !generic.has(squashed)) return null

  const pick = (...keys: string[]): unknown => {
    for (const key of keys) {
      if (Object.prototype.hasOwnProperty.call(args, key) && args[key] !== undefined && args[key] !== null)
        return args[key]
    }
    return undefined
  }
  let action: unknown = named ?? pick('action', 'type', 'command')
  let fieldType = pick('fieldType', 'field_type', 'inputType')
  if (named) {
    // With the action in the tool name, an argument called `type` is the field type of a fill.
    const type = pick('type')
    if (named === 'fill' && fieldType === undefined && typeof type === 'string') fieldType = type
    action = named
  }
  const out: ToolCallCommandMessage = { action }
  const set = (key: Exclude<keyof ToolCallCommandMessage, 'id' | 'action'>, value: unknown) => {
    if (value !== undefined) out[key] = value
  }
  set('direction', pick('direction'))
  set('targetText', pick('targetText', 'target_text', 'target', 'text', 'label', 'element'))
  set('selector', pick('selector', 'cssSelector', 'css_selector'))
  set('role', pick('role'))
  set('fieldHint', pick('fieldHint', 'field_hint', 'field', 'fieldName', 'field_name', 'name'))
  set('fieldType', fieldType)
  set('value', pick('value', 'text_value', 'state', 'checked'))
  return out
}

function parseArguments(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined || raw === null || raw === '') return {}
  if (typeof raw === 'string') {
    if (raw.length > MAX_ARGUMENTS_CHARS) return null
    try {
      const parsed: unknown = JSON.parse(raw)
      return isRecord(parsed) ? parsed : null
    } catch {
      return null
    }
  }
  return isRecord(raw) ? raw : null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
