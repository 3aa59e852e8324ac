/**
 * Command results for the assistant: after each voice command the widget tells the call what happened
 * ("done: filled the field labelled Email", "refused: no field labelled Company"), so the assistant can say it.
 * Also the client messages that carry results and page maps. Protocol: `src/voice/context/README.md`.
 *
 * Messages follow Vapi's client inbound messages (`ClientInboundMessageAddMessage` in
 * `openapi/vapi-openapi.json`): `{ type: 'add-message', message: { role: 'system', content }, triggerResponseEnabled }`.
 * Client-side tools cannot return a result to the model the way server tools do, so a tool call's outcome is
 * added to the conversation as a system message whose content carries the document's `ToolCallResult` shape
 * (`{ name, toolCallId, result }` or `{ name, toolCallId, error }`) as JSON.
 *
 * Never includes a filled value (it may be a password); names come from {@link nameOfElement}.
 * @module
 */
import type { CommandResult, RefusalReason, VoiceCommand } from '../commands'
import type { AddMessageMessage } from '../engine/messages'
import { cleanName, nameOfElement } from './pageMap'
import { withRecord } from './record'

/** First words of every result message's content: how the assistant's system prompt recognises one. */
export const RESULT_HEADER = 'COMMAND RESULT'

/** What a command came to, in words. */
export interface CommandReport {
  /** `done` (executed), `refused` (a target problem, a malformed or unknown command). */
  outcome: 'done' | 'refused'
  /** One short English sentence without a full stop, e.g. "filled the field labelled Email", "no field labelled Company". */
  text: string
  /** For a refusal, why and of what, for an answer in another language (the local mode's). @default none */
  refusal?: RefusalFacts
}

/** A refusal's reason and the name of its target, as data: what a sentence in another language needs. */
export interface RefusalFacts {
  /** The executor's reason (../commands/refusals.ts); `unknown` (not an action) or `invalid` (malformed). */
  reason: RefusalReason | 'unknown' | 'invalid'
  /** The command's action (`click`, `fill`, …), when it had one. */
  action?: string
  /** The target's name as the page shows it (quoted in the executor's sentence) or as it was asked for; '' if none. */
  name: string
}

/**
 * Key under which a result message object carries its {@link CommandReport} for listeners in the page (the local
 * engine, src/voice/local/engine.ts). A symbol and not enumerable: never serialized, so nothing of it is sent.
 */
export const COMMAND_REPORT: unique symbol = Symbol.for('voiceos.commandReport')

/** The {@link CommandReport} a result message object carries ({@link COMMAND_REPORT}), if any. */
export function reportOf(message: unknown): CommandReport | undefined {
  return typeof message === 'object' && message !== null
    ? (message as { [COMMAND_REPORT]?: CommandReport })[COMMAND_REPORT]
    : undefined
}

/**
 * The target's name of a refused command: the name the executor's sentence quotes first (the element it judged),
 * else the one the command asked for. A rejected value's sentence may quote the value first: there the list's
 * name (`no option "X" in "Country"`) or the command's name comes first.
 */
function refusedName(command: VoiceCommand | undefined, detail: string, reason: RefusalReason): string {
  const option = /^no option "[^"]*" in "([^"]{1,80})"/.exec(detail)?.[1]
  if (option) return option
  const asked = command
    ? (('targetText' in command && command.targetText) || (command.action === 'fill' && command.fieldHint) || '').trim()
    : ''
  const quoted = /"([^"]{1,80})"/.exec(detail)?.[1] ?? ''
  return reason === 'rejected-value' ? asked || quoted : quoted || asked
}

/** The tool call a command came from (Vapi `ToolCallResult.name` / `.toolCallId`). */
export interface ToolCallRef {
  id: string
  name: string
}

/** The document's `ToolCallResult`: `result` when the command ran, `error` when it was refused. */
export interface ToolCallResult {
  name: string
  toolCallId: string
  result?: string
  error?: string
}

/** Longest command text quoted back in a sentence, in characters. */
const MAX_QUOTED_CHARS = 80
/** Longest list of schema issues quoted back, in characters. */
const MAX_ISSUES_CHARS = 200

/** Longest refusal sentence passed on from the executor, in characters. */
const MAX_DETAIL_CHARS = 200
const cut = (text: string): string =>
  text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS - 1)}…` : text

const quote = (text: string | undefined): string => (text ? cleanName(text).slice(0, MAX_QUOTED_CHARS) : '')

/** "field labelled Company", "email field", "element matching #buy", "button labelled Watch Demo", … */
function targetPhrase(command: VoiceCommand): string {
  switch (command.action) {
    case 'scroll':
      return 'page'
    case 'fill':
      if (command.fieldHint) return `field labelled ${quote(command.fieldHint)}`
      if (command.fieldType) return command.fieldType === 'textarea' ? 'text area' : `${command.fieldType} field`
      if (command.selector) return `field matching ${quote(command.selector)}`
      return 'fillable field'
    case 'click':
    case 'toggle': {
      const kind = command.role ?? (command.action === 'toggle' ? 'control' : 'element')
      if (command.targetText) return `${kind} labelled ${quote(command.targetText)}`
      if (command.selector) return `${kind} matching ${quote(command.selector)}`
      return kind
    }
  }
}

/**
 * Why a command was refused, as a sentence about its target built from the command's SPEC §3 fields. Used when
 * the executor's own `detail` is missing or not fit to be read out (an unsafe URL, a selector error, an exception).
 */
export function refusalSentence(command: VoiceCommand | undefined, reason: RefusalReason): string {
  if (!command) return reason === 'no-document' ? 'the page is not ready yet' : 'the command could not run on this page'
  const target = targetPhrase(command)
  switch (reason) {
    case 'not-found':
      return `no ${target}`
    case 'hidden':
      return `the ${target} is hidden`
    case 'disabled':
      return `the ${target} is disabled`
    case 'readonly':
      return `the ${target} is read-only`
    case 'unsafe-url':
      return `the ${target} leads to an unsafe address`
    case 'bad-selector':
      return `${'selector' in command && command.selector ? quote(command.selector) : 'the selector'} is not a valid CSS selector`
    case 'not-toggleable':
      return `the ${target} cannot be switched off (it is a radio button)`
    case 'rejected-value':
      return `the ${target} did not accept that value`
    case 'not-taken':
      return `the ${target} did not respond`
    case 'no-document':
      return 'the page is not ready yet'
    case 'error':
      return `something went wrong on the page with the ${target}`
    default:
      return `the ${target} could not be used`
  }
}

/** On/off state of a toggle control after a command, or `undefined` when it has none. */
function toggleState(el: Element): boolean | undefined {
  if (el.localName === 'details') return (el as HTMLDetailsElement).open
  if (el.localName === 'input') return (el as HTMLInputElement).checked
  for (const attr of ['aria-checked', 'aria-pressed', 'aria-expanded']) {
    const v = el.getAttribute(attr)
    if (v === 'true') return true
    if (v === 'false') return false
  }
  return undefined
}

/** What an executed command did, e.g. "scrolled down", "clicked Watch Demo", "filled the field labelled Email". */
function doneSentence(command: VoiceCommand, target: Element | undefined): string {
  if (command.action === 'scroll') {
    return command.direction === 'top' || command.direction === 'bottom'
      ? `scrolled to the ${command.direction}`
      : `scrolled ${command.direction}`
  }
  const name =
    (target && nameOfElement(target)) ||
    quote('targetText' in command ? command.targetText : undefined) ||
    quote(command.action === 'fill' ? command.fieldHint : undefined)
  switch (command.action) {
    case 'click':
      return name ? `clicked ${name}` : 'clicked the element'
    case 'fill':
      return name ? `filled the field labelled ${name}` : 'filled the field'
    case 'toggle': {
      const state = target ? toggleState(target) : undefined
      const what = name || 'the control'
      return state === undefined ? `toggled ${what}` : `${what} is now ${state ? 'on' : 'off'}`
    }
  }
}

/**
 * Puts an executor result into words, or `null` for a duplicate (the same command already ran and was
 * reported when it first arrived). Never throws.
 */
export function describeCommandResult(result: CommandResult): CommandReport | null {
  try {
    switch (result.status) {
      case 'executed':
        // A command that went on after execute() returned reports how it ended.
        if (result.settledResult) return describeCommandResult(result.settledResult)
        return { outcome: 'done', text: doneSentence(result.command, result.target) }
      case 'refused': {
        // The executor's own sentence names the element it judged (`button "Delete Account" is disabled`,
        // `no field labelled "Company"`); for an unsafe URL, a bad selector or an internal error it quotes the
        // URL or an exception, which the assistant should not read out: those get a plain sentence.
        const own = result.detail.replace(/\s+/g, ' ').trim()
        const plain =
          result.reason === 'unsafe-url' ||
          result.reason === 'bad-selector' ||
          result.reason === 'error' ||
          result.reason === 'no-document'
        return {
          outcome: 'refused',
          text: own && !plain ? cut(own) : refusalSentence(result.command, result.reason),
          refusal: {
            reason: result.reason,
            ...(result.command && { action: result.command.action }),
            name: refusedName(result.command, plain ? '' : own, result.reason),
          },
        }
      }
      case 'unknown':
        return {
          outcome: 'refused',
          text: `${quote(result.command.type) || 'that'} is not an action on this page (only scroll, click, fill and toggle)`,
          refusal: { reason: 'unknown', name: '' },
        }
      case 'invalid': {
        const issues = result.issues.join('; ')
        const cut = issues.length > MAX_ISSUES_CHARS ? `${issues.slice(0, MAX_ISSUES_CHARS - 1)}…` : issues
        return {
          outcome: 'refused',
          text: `the command was malformed${cut ? ` (${cut})` : ''}`,
          refusal: { reason: 'invalid', name: '' },
        }
      }
      case 'duplicate':
        return null
    }
  } catch {
    return { outcome: 'refused', text: 'the command could not run on this page' }
  }
}

/** The document's `ToolCallResult` for a report: `result` when done, `error` when refused. */
export function toToolCallResult(report: CommandReport, call: ToolCallRef): ToolCallResult {
  return report.outcome === 'done'
    ? { name: call.name, toolCallId: call.id, result: `done: ${report.text}` }
    : { name: call.name, toolCallId: call.id, error: report.text }
}

/** When a result message asks the assistant to respond at once (`triggerResponseEnabled`). */
export type TriggerResponse = 'refusals' | 'always' | 'never'

/**
 * The client message that reports one command's outcome to the call:
 * - for a tool call: content `COMMAND RESULT {"name":…,"toolCallId":…,"result"|"error":…}` (`ToolCallResult`);
 * - otherwise (realtime channel): content `COMMAND RESULT done: scrolled down` / `COMMAND RESULT refused: …`.
 * @param trigger - `refusals` (default): only a refusal makes the assistant speak at once (it has to explain;
 *   a success was already announced when it asked), `always`, or `never` (silent insertion).
 */
export function resultMessage(
  report: CommandReport,
  toolCall?: ToolCallRef,
  trigger: TriggerResponse = 'refusals',
): AddMessageMessage {
  const content = withRecord(
    'result',
    toolCall
      ? `${RESULT_HEADER} ${JSON.stringify(toToolCallResult(report, toolCall))}`
      : `${RESULT_HEADER} ${report.outcome}: ${report.text}`,
    { tool: toolCall?.name, outcome: report.outcome },
  )
  const message: AddMessageMessage = {
    type: 'add-message',
    message: { role: 'system', content },
    triggerResponseEnabled: trigger === 'always' || (trigger === 'refusals' && report.outcome === 'refused'),
  }
  // The report as data, for a listener in the page; not enumerable and a symbol, so never sent.
  Object.defineProperty(message, COMMAND_REPORT, { value: report, enumerable: false })
  return message
}

/**
 * The client message that gives the assistant a serialised page map (`./pageMap`), inserted silently, with the
 * record tag (`./record`) naming the page's path and language.
 */
export function pageMapMessage(serializedMap: string, page: { path?: string; lang?: string } = {}): AddMessageMessage {
  const content = withRecord('page-map', serializedMap, page)
  return { type: 'add-message', message: { role: 'system', content }, triggerResponseEnabled: false }
}

/**
 * The client message that answers a read tool call (./readPage.ts) with the page text: content
 * `COMMAND RESULT {"name":"read_page","toolCallId":…,"result":"PAGE TEXT …"}` (`ToolCallResult`; `error` when
 * the named section was not found, listing the sections there are). It asks the assistant to respond at once
 * (`triggerResponseEnabled: true`): the visitor asked a question and is waiting for the answer. Tagged
 * `result` with the tool's name and the outcome (`./record`).
 */
export function readResultMessage(
  reading: { text: string; found: boolean },
  call: { id?: string; name: string },
): AddMessageMessage {
  return answerMessage(reading, call, 'result', {})
}

/**
 * The answer to a site search tool call (`search_site`, src/voice/search/siteSearch.ts), in the read tool's
 * shape ({@link readResultMessage}: `COMMAND RESULT {"name":"search_site","toolCallId":…,"result":"SEARCH
 * RESULTS …"}`), tagged `search` so the conversation report counts searches that found nothing:
 * `[voiceos/1 search tool=search_site outcome=done hits=0 query=opening%20hours]`.
 * @param search - `text`: what the assistant reads (the formatted results, or why the site cannot be searched);
 *   `found`: the search ran (`false` → `error`, `outcome=refused`, no `hits`); `hits`: results given (0 when
 *   nothing matched); `query`: the query as searched.
 */
export function searchResultMessage(
  search: { text: string; found: boolean; hits?: number; query?: string },
  call: { id?: string; name: string },
): AddMessageMessage {
  return answerMessage(search, call, 'search', {
    hits: search.found && search.hits !== undefined ? String(search.hits) : undefined,
    query: search.query,
  })
}

function answerMessage(
  answer: { text: string; found: boolean },
  call: { id?: string; name: string },
  kind: 'result' | 'search',
  attrs: Record<string, string | undefined>,
): AddMessageMessage {
  const content = withRecord(
    kind,
    call.id !== undefined
      ? `${RESULT_HEADER} ${JSON.stringify(answer.found ? { name: call.name, toolCallId: call.id, result: answer.text } : { name: call.name, toolCallId: call.id, error: answer.text })}`
      : `${RESULT_HEADER} ${answer.found ? 'done' : 'refused'}: ${answer.text}`,
    { tool: call.name, outcome: answer.found ? 'done' : 'refused', ...attrs },
  )
  return { type: 'add-message', message: { role: 'system', content }, triggerResponseEnabled: true }
}
