/**
 * The Vapi assistant a VoiceOS widget talks to: four client-side function tools whose JSON schemas are the
 * voice command fields of SPEC §3 (one tool per action: scroll, click, fill, toggle) and a fifth that reads the
 * page's visible text (src/voice/context/readPage.ts), a system prompt that
 * reads the page map and the command results (src/voice/context/README.md), and the call variables
 * `{{sessionId}}` and `{{url}}` the widget passes at call start (SPEC §7). Used by `npm run assistant`
 * (scripts/assistant.ts); request bodies are `CreateAssistantDTO` / `UpdateAssistantDTO` of
 * openapi/vapi-openapi.json.
 *
 * The tools have no server URL, so Vapi delivers their calls to the browser as `tool-calls` client messages,
 * where the widget's router maps them by name prefix (src/voice/realtime/toolCalls.ts). They are `async`: the
 * model goes on without waiting; the widget then adds the outcome to the conversation (`COMMAND RESULT …`).
 * @module
 */
import type { AssistantCreateParams, AssistantUpdateParams } from '../../platform'
import { CONTROL_FIELD_TYPES, FIELD_TYPES, SCROLL_DIRECTIONS } from '../commands/schema'
import { OPEN_TOOL_NAME, READ_TOOL_NAME, SEARCH_TOOL_NAME, UNANSWERED_TOOL_NAME } from '../realtime/toolCalls'
import { PAGE_TEXT_HEADER, READ_PAGE_MAX_BYTES } from '../context/readPage'
import { PAGE_MAP_HEADER } from '../context/pageMap'
import { RESULT_HEADER } from '../context/report'
import { languagePlan } from './languages'

/**
 * Names of the client-side tools: the four voice-command tools (each starts with its action word, as the router
 * expects) and the read tool (src/voice/context/readPage.ts), which answers with the page's visible text.
 */
export const VOICE_TOOL_NAMES = [
  'scroll_page',
  'click_element',
  'fill_field',
  'toggle_control',
  READ_TOOL_NAME,
  SEARCH_TOOL_NAME,
  OPEN_TOOL_NAME,
  UNANSWERED_TOOL_NAME,
] as const

/** Default assistant name. */
export const DEFAULT_ASSISTANT_NAME = 'VoiceOS'
/** Default OpenAI model of a new assistant (any `OpenAIModel.model` of the document works). */
export const DEFAULT_MODEL = 'gpt-4.1-mini'

/** Marks the part of the system prompt this command owns; text outside the markers is the site owner's. */
export const PROMPT_BEGIN = '[VoiceOS instructions — managed by `npm run assistant`; edit outside these markers]'
export const PROMPT_END = '[/VoiceOS instructions]'

/**
 * Client messages the widget needs (Vapi's default list; `tool-calls` carries the commands, `transcript` the
 * partial transcript, `speech-update`/`status-update` the call state).
 */
export const CLIENT_MESSAGES = [
  'conversation-update',
  'function-call',
  'hang',
  'model-output',
  'speech-update',
  'status-update',
  'transfer-update',
  'transcript',
  'tool-calls',
  'user-interrupted',
  'voice-input',
] as const

type Tool = NonNullable<Extract<NonNullable<AssistantCreateParams['model']>, { provider: 'openai' }>['tools']>[number]
type JsonSchemaProperty = { type: 'string'; description: string; enum?: string[] }

const str = (description: string, values?: readonly string[]): JsonSchemaProperty =>
  values ? { type: 'string', description, enum: [...values] } : { type: 'string', description }

const TARGET_TEXT = str(
  'Visible text or label of the element, exactly as the latest PAGE MAP lists it (e.g. "Watch Demo").',
)
const ROLE = str('Optional ARIA role to narrow the match: button, link, tab, checkbox, switch, menuitem, …')
const SELECTOR = str('Optional CSS selector; only when the visitor names something the page map cannot (rare).')

/** The four voice-command tools (`CreateFunctionToolDTO`), in SPEC §3 order, then the read tool. */
export function voiceCommandTools(): Tool[] {
  const tool = (
    name: string,
    description: string,
    properties: Record<string, JsonSchemaProperty>,
    required: string[],
  ): Tool => ({
    type: 'function',
    async: true,
    function: { name, description, parameters: { type: 'object', properties, required } },
  })
  return [
    tool(
      'scroll_page',
      "Scroll the visitor's page: up or down by most of a screen, or to the top or bottom.",
      { direction: str('Where to scroll.', SCROLL_DIRECTIONS) },
      ['direction'],
    ),
    tool(
      'click_element',
      'Click a button, link, tab or menu item on the page. Give targetText (preferred), role and/or selector.',
      { targetText: TARGET_TEXT, role: ROLE, selector: SELECTOR },
      [],
    ),
    tool(
      'fill_field',
      'Fill a form field found by its label (fieldHint): type into a text field, pick an option of a dropdown or list, set a date, time, number or slider, write into a text editor, choose a radio button of a group, or fill a date given as Day / Month / Year fields.',
      {
        fieldHint: str(
          'Label of the field, exactly as the latest PAGE MAP lists it (e.g. "Email", "Country", "Date of birth", "Payment method").',
        ),
        fieldType: str('Type of the field, when the label is unknown.', [...FIELD_TYPES, ...CONTROL_FIELD_TYPES]),
        value: str(
          'The value as the visitor said it: text, an option ("United States"), a date ("12 March 2027"), a time ("3:30 pm"), a number, "min" or "max".',
        ),
        selector: SELECTOR,
      },
      ['value'],
    ),
    tool(
      'toggle_control',
      'Switch a checkbox, switch, radio button or expandable section on or off. Omit value to flip it.',
      { targetText: TARGET_TEXT, role: ROLE, selector: SELECTOR, value: str('Wanted state.', ['on', 'off']) },
      [],
    ),
    tool(
      READ_TOOL_NAME,
      `Read what the visitor's page says: its visible text in reading order (at most ${READ_PAGE_MAX_BYTES / 1024} KB), or only the section the visitor asks about. Never returns what was typed into fields.`,
      {
        section: str(
          'Optional heading or section name from the PAGE MAP (e.g. "Pricing", "Pro plan"); omit to read the page from the top.',
        ),
      },
      [],
    ),
    tool(
      SEARCH_TOOL_NAME,
      `Search the whole website (every page, not only the visitor's) for the visitor's question: returns at most 5 pages with their title, path (with the section's anchor) and an excerpt, in the page's language. Use it when the answer is not on the current page.`,
      {
        query: str(
          'The topic of the visitor\'s question in the words this site would use for it: 2–6 words (its name for the thing, the feature or command, a synonym), in their language, not the whole sentence (e.g. "refund policy returns", "delivery areas Pune").',
        ),
      },
      ['query'],
    ),
    tool(
      OPEN_TOOL_NAME,
      "Open a page of this website in the visitor's tab; the conversation continues on the new page. Only paths of this site: from search_site's results, the PAGE MAP or a link the visitor named.",
      { path: str('The path to open, with its anchor when a result gave one (e.g. "/help/refunds#timing").') },
      ['path'],
    ),
    tool(
      UNANSWERED_TOOL_NAME,
      "Note that you could not answer the visitor's question or do what they asked, because neither the page nor the site has it. Call it together with your reply (it does not reply for you and changes nothing on the page): it tells the site owner what content visitors miss.",
      { question: str("The visitor's question or request, in their words and language.") },
      ['question'],
    ),
  ]
}

/** The part of the system prompt this command owns (between {@link PROMPT_BEGIN} and {@link PROMPT_END}). */
export function voicePrompt(): string {
  return [
    PROMPT_BEGIN,
    'You are VoiceOS, the voice assistant of this website. The visitor is talking to you while browsing {{url}} (session {{sessionId}}). You act on their page with four tools: scroll_page, click_element, fill_field and toggle_control; read_page reads it to them; search_site searches the whole website and open_page takes them to another page of it.',
    '',
    `What is on the page: system messages that start with "${PAGE_MAP_HEADER}" describe the visitor's current page — url, title, headings, form fields (label and type), buttons and links. A new one arrives after every navigation; always use the latest. Use the names it lists as targetText (buttons, links, controls) and fieldHint (fields). Items marked "(disabled)" cannot be used. Never invent elements that are not in the page map: if what the visitor asks for is not there, say so and offer what is.`,
    '',
    `Answering questions: when the visitor asks what the page says (what a plan includes, opening hours, a price, what a section is about), call ${READ_TOOL_NAME} with the section's heading from the page map, or without a section for the whole page, and answer from the "${PAGE_TEXT_HEADER}" it returns, briefly and in your own words. Do not guess what the page says; if the text does not answer the question, say so.`,
    '',
    `Other pages: when the visitor asks something the current page does not answer (a policy, a price, opening hours, a how-to), call ${SEARCH_TOOL_NAME} with the topic in the words the site would use (a few words, not the whole sentence). Answer only from the "SEARCH RESULTS" it returns, say which page the answer is on, and offer to open it; when the visitor agrees or asks to be taken somewhere, call ${OPEN_TOOL_NAME} with the result's path. Never invent a page, a path or a fact: if the results do not answer, or search_site says the site cannot be searched, say so.`,
    '',
    `Could not help: whenever you cannot answer the visitor's question or do what they ask because the page and the site do not have it, say so and, in the same turn, call ${UNANSWERED_TOOL_NAME} with their question. Do not call it for a command that was refused (the result already says so).`,
    '',
    `What happened: after each action a system message that starts with "${RESULT_HEADER}" says whether it was done or refused and why (for example "no field labelled Company"). When an action is refused, tell the visitor briefly and suggest an alternative from the page map. When it was done, do not repeat it; carry on.`,
    '',
    'Long messages: a system or user message that starts with "[part 1 of N]" is the first of N parts of one message (too long for one); parts 2…N follow in order. Read them together as one message, and act on it only once part N has arrived.',
    '',
    "Rules: one action per tool call. Before filling a field, make sure the visitor gave the value; never guess personal data and never read a password back. Keep answers to one or two short sentences — this is a voice conversation. Answer in the language the visitor speaks. The page is in {{language}} (the widget's language): greet, ask and answer in it, written in that script, unless the visitor speaks another language; when they mix it with English (Hinglish), answer in the same mix. Page names (targetText, fieldHint) stay exactly as the page map writes them.",
    PROMPT_END,
  ].join('\n')
}

/**
 * Seconds of silence from the visitor, counted from the end of the assistant's last words, after which the
 * assistant ends the call: the `customer.speech.timeout` hook of `CreateAssistantDTO.hooks`
 * (`CallHookCustomerSpeechTimeout`, `CustomerSpeechTimeoutOptions.timeoutSeconds`, openapi/vapi-openapi.json) with
 * an `endCall` tool action (`ToolCallHookAction`, `CreateEndCallToolDTO`). It bounds a call nobody is on any more —
 * a closed tab, a visitor who walked away — to this long (README "One conversation across pages"). The vendored
 * document has no `silenceTimeoutSeconds`; this is its way of saying the same. 30 s is Vapi's own silence default.
 */
export const SILENCE_END_SECONDS = 30
/** Name of the silence hook, so an update replaces ours and keeps the site owner's other hooks. */
export const SILENCE_HOOK_NAME = 'voiceos-end-call-on-silence'
/**
 * Longest a call may last, in s (`CreateAssistantDTO.maxDurationSeconds`; Vapi's default, set explicitly so the
 * widget's "maximum duration reached" state and the README's worst case name one figure).
 */
export const MAX_CALL_SECONDS = 600

type AssistantHook = NonNullable<AssistantCreateParams['hooks']>[number]

/** The hooks the widget relies on (see {@link SILENCE_END_SECONDS}). */
export function voiceHooks(): AssistantHook[] {
  return [
    {
      name: SILENCE_HOOK_NAME,
      on: 'customer.speech.timeout',
      options: { timeoutSeconds: SILENCE_END_SECONDS, triggerMaxCount: 1, triggerResetMode: 'onUserSpeech' },
      do: [{ type: 'tool', tool: { type: 'endCall' } }],
    },
  ]
}

/**
 * Live Call Control on (`CreateAssistantDTO.monitorPlan.controlEnabled`, openapi/vapi-openapi.json `MonitorPlan`):
 * the widget ends a call whose room outlives the page by posting `{ "type": "end-call" }` to the call's
 * `monitor.controlUrl` (README "One conversation across pages"). Set explicitly: the vendored document says
 * "Defaults to true" in the property's description but "To enable live control … set `controlEnabled` to
 * `true`" in `monitorPlan`'s usage notes, and gives `false` as the example. The owner's other monitor settings
 * are kept on update.
 */
export const MONITOR_PLAN = { controlEnabled: true } as const

/** Options of {@link buildAssistantCreate}. */
export interface AssistantDefinitionOptions {
  /** @default {@link DEFAULT_ASSISTANT_NAME} */
  name?: string
  /** OpenAI model. @default {@link DEFAULT_MODEL} */
  model?: string
  /** The site owner's own instructions (what the business offers, tone…), placed before the managed part. */
  instructions?: string
  /**
   * The site's first language (`--languages`' first, ./languages.ts): the assistant's own transcriber and voice,
   * used when a page sends no language overrides. @default the platform's defaults (English)
   */
  language?: string
}

/** Replaces the managed part of `existing` (or appends it), keeping the site owner's text around it. */
export function mergePrompt(existing: string | null | undefined, ownerInstructions?: string): string {
  let owner = existing ?? ''
  const begin = owner.indexOf(PROMPT_BEGIN)
  const end = owner.indexOf(PROMPT_END, begin)
  if (begin !== -1 && end !== -1) owner = `${owner.slice(0, begin)}${owner.slice(end + PROMPT_END.length)}`
  owner = (ownerInstructions ?? owner).trim()
  return owner ? `${owner}\n\n${voicePrompt()}` : voicePrompt()
}

/** Body of `POST /assistant` (`CreateAssistantDTO`) for a new VoiceOS assistant. */
export function buildAssistantCreate(options: AssistantDefinitionOptions = {}): AssistantCreateParams {
  return {
    name: options.name ?? DEFAULT_ASSISTANT_NAME,
    firstMessage:
      'Hi! I can scroll, click, fill in forms and switch things on this page for you. What would you like to do?',
    model: {
      provider: 'openai',
      model: (options.model ?? DEFAULT_MODEL) as 'gpt-4.1-mini',
      messages: [{ role: 'system', content: mergePrompt(undefined, options.instructions) }],
      tools: voiceCommandTools(),
    },
    clientMessages: [...CLIENT_MESSAGES],
    monitorPlan: { ...MONITOR_PLAN },
    hooks: voiceHooks(),
    maxDurationSeconds: MAX_CALL_SECONDS,
    metadata: { voiceos: { managedBy: 'npm run assistant', tools: [...VOICE_TOOL_NAMES] } },
    ...languageDefaults(options.language),
  }
}

/** The transcriber and voice of `language` (./languages.ts) as the assistant's own; `{}` for none or English. */
function languageDefaults(language: string | undefined): Pick<AssistantCreateParams, 'transcriber' | 'voice'> {
  if (!language) return {}
  const plan = languagePlan(language)
  return {
    ...(plan.transcriber && { transcriber: { ...plan.transcriber } as AssistantCreateParams['transcriber'] }),
    ...(plan.voice && { voice: { ...plan.voice } }),
  }
}

/** What an update keeps from the assistant as it is (`GET /assistant/{id}`): the owner's model, prompt, tools. */
export interface ExistingAssistant {
  name?: string
  model?: {
    provider?: string
    model?: string
    messages?: { role?: string; content?: string | null }[]
    tools?: unknown[]
    [key: string]: unknown
  }
  clientMessages?: string[]
  monitorPlan?: Record<string, unknown>
  hooks?: unknown[]
  maxDurationSeconds?: number
  metadata?: Record<string, unknown>
  [key: string]: unknown
}

/**
 * Body of `PATCH /assistant/{id}` (`UpdateAssistantDTO`) that brings an existing assistant up to date: the
 * model (provider, model and its other settings) and the owner's text in the system prompt are kept; the
 * managed part of the prompt and the five tools are replaced; tools of other names are kept; the client
 * messages the widget needs are added; the silence hook ({@link SILENCE_END_SECONDS}) is set, the owner's other
 * hooks kept; Live Call Control is turned on ({@link MONITOR_PLAN}), the owner's other monitor settings kept; a maximum duration the owner chose is kept, none gets {@link MAX_CALL_SECONDS}. Without `existing`
 * (a dry run), the body of a fresh definition.
 */
export function buildAssistantUpdate(
  existing: ExistingAssistant | undefined,
  options: AssistantDefinitionOptions = {},
): AssistantUpdateParams {
  const fresh = buildAssistantCreate(options)
  if (!existing) {
    const { firstMessage: _first, name, ...rest } = fresh
    return options.name !== undefined ? { ...rest, name } : rest
  }
  const model = existing.model ?? {}
  const messages = model.messages ?? []
  const system = messages.find((m) => m.role === 'system')
  const others = messages.filter((m) => m !== system)
  const ours = new Set<string>(VOICE_TOOL_NAMES)
  const keptTools = (model.tools ?? []).filter((t) => {
    const name = (t as { function?: { name?: unknown } } | null)?.function?.name
    return !(typeof name === 'string' && ours.has(name))
  })
  const clientMessages = [...new Set([...(existing.clientMessages ?? []), ...CLIENT_MESSAGES])]
  const ownerHooks = (existing.hooks ?? []).filter((h) => (h as { name?: unknown } | null)?.name !== SILENCE_HOOK_NAME)
  const body: Record<string, unknown> = {
    model: {
      ...model,
      provider: model.provider ?? 'openai',
      model: options.model ?? model.model ?? DEFAULT_MODEL,
      messages: [{ role: 'system', content: mergePrompt(system?.content, options.instructions) }, ...others],
      tools: [...keptTools, ...voiceCommandTools()],
    },
    clientMessages,
    monitorPlan: { ...(existing.monitorPlan ?? {}), ...MONITOR_PLAN },
    hooks: [...ownerHooks, ...voiceHooks()],
    maxDurationSeconds: existing.maxDurationSeconds ?? MAX_CALL_SECONDS,
    metadata: {
      ...(existing.metadata ?? {}),
      voiceos: { managedBy: 'npm run assistant', tools: [...VOICE_TOOL_NAMES] },
    },
  }
  if (options.name !== undefined) body['name'] = options.name
  // --languages on update sets the assistant's own transcriber and voice to the first language's; without it the
  // owner's stay as they are.
  Object.assign(body, languageDefaults(options.language))
  return body
}

/** Escapes text for a double-quoted HTML attribute value. */
const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The script tag a site owner adds to their pages (the embed, `dist/embed/voiceos.js`):
 * `<script src="…/embed/voiceos.js" data-public-key="…" data-assistant-id="…" async></script>`.
 */
export function embedSnippet(options: {
  src: string
  publicKey: string
  assistantId: string
  /** The languages a visitor may switch among (`data-languages`); omitted when empty. */
  languages?: readonly string[]
}): string {
  const languages = options.languages?.length ? ` data-languages="${attr(options.languages.join(','))}"` : ''
  return `<script src="${attr(options.src)}" data-public-key="${attr(options.publicKey)}" data-assistant-id="${attr(options.assistantId)}"${languages} async></script>`
}
