/**
 * What one conversation says about the site: where it started, which pages the assistant took the visitor to,
 * each voice command with its page, kind and outcome, what the visitor asked and which questions went unanswered.
 * Read from the widget's record tags (src/voice/context/record.ts, version 1) and, for conversations from older
 * widgets, from the messages' first words (src/voice/context/README.md "The record tag").
 *
 * Questions come from what the widget knows, in any language. A visitor's turn is a question when
 * - the assistant searched the site for it: the search's query (the `search_site` call's `query`, the `search`
 *   record's `query`) is the question, and a search that found nothing leaves that question — not an earlier
 *   one — unanswered;
 * - or the local mode's intent tables read it as a question (./intents.ts);
 * - or the assistant answered it in words only and it has a question mark or two words or more.
 * It is not one when the tables read it as a command (a command is not a question: "could you scroll down?") or
 * as politeness only, or when the assistant ran a command for it.
 * @module
 */
import { parseRecord } from '../../src/voice/context/record'
import { joinParts, PART_HEADER_PATTERN } from '../../src/voice/context/fit'
import { SEARCH_TOOL_NAME, UNANSWERED_TOOL_NAME } from '../../src/voice/realtime/toolCalls'
import { looksAsked, turnIntent, type TurnIntent } from './intents'
import type { Turn } from './normalize'

/**
 * A voice command's kind, by the assistant's tools (src/voice/assistant/definition.ts); `open` is `open_page`
 * (a page of the site opened from search results). A site search (`search_site`) is not a command: it answers a
 * question (see {@link QuestionFact.unanswered}).
 */
export type CommandKind = 'scroll' | 'click' | 'fill' | 'toggle' | 'read' | 'open' | 'other'

/** One command's outcome on a page. */
export interface CommandFact {
  /** Path of the page it ran on (`''` when no page map came before it). */
  path: string
  kind: CommandKind
  outcome: 'done' | 'refused'
  /** The widget's sentence (`no field labelled "GSTIN"`), without `done:` / `refused:`. */
  text: string
}

/** A question the visitor asked, with the page it was asked on. */
export interface QuestionFact {
  text: string
  path: string
  /**
   * Why it went unanswered: the site search found nothing, or the assistant noted that it could not help (its
   * `note_unanswered` call, src/voice/assistant/definition.ts: no phrase list, any language).
   */
  unanswered?: 'search-found-nothing' | 'could-not-help'
}

/** Everything the report reads from one conversation. */
export interface ConversationFacts {
  /** Path of the first page seen (`''` when none). */
  startPath: string
  /** `<html lang>` of the first page that gave one; `''` when unknown (widgets before record version 1). */
  lang: string
  /** Pages reached by a voice command (a click that was done, then a new page), in order. */
  takenTo: string[]
  commands: CommandFact[]
  questions: QuestionFact[]
  /** Highest record version seen (0: none, an older widget). */
  recordVersion: number
}

const TOOL_KINDS: Record<string, CommandKind> = {
  scroll_page: 'scroll',
  click_element: 'click',
  fill_field: 'fill',
  toggle_control: 'toggle',
  read_page: 'read',
  open_page: 'open',
  scroll: 'scroll',
  click: 'click',
  fill: 'fill',
  toggle: 'toggle',
}

/** A command's kind from its tool name, else from the widget's sentence (src/voice/context/README.md table). */
export function commandKind(tool: string | undefined, text: string): CommandKind {
  if (tool) {
    const byName = TOOL_KINDS[tool] ?? Object.entries(TOOL_KINDS).find(([n]) => tool.startsWith(n))?.[1]
    if (byName) return byName
  }
  if (/^PAGE TEXT\b/.test(text)) return 'read'
  if (/^opening \/\S*; the conversation continues there/.test(text)) return 'open'
  if (/^scrolled\b/.test(text)) return 'scroll'
  if (/^clicked\b|^nothing named\b|^(button|link) .* is (not visible|disabled)/.test(text)) return 'click'
  if (/^filled\b|^no field labelled\b|^no option\b|^the field .* is read-only/.test(text)) return 'fill'
  if (/ is now (on|off)$|^no switch, checkbox or expandable\b|cannot be switched off/.test(text)) return 'toggle'
  return 'other'
}

/** The path of a URL (`url:` line of a page map), or `''`. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return ''
  }
}

/** A result's tool, outcome and sentence from its body (`COMMAND RESULT {json}` / `COMMAND RESULT done: …`). */
function parseResult(body: string): { tool?: string; outcome: 'done' | 'refused'; text: string } | null {
  const m = /^COMMAND RESULT ([\s\S]*)$/.exec(body.trim())
  if (!m) return null
  const rest = m[1]!.trim()
  if (rest.startsWith('{')) {
    try {
      const r = JSON.parse(rest) as { name?: unknown; result?: unknown; error?: unknown }
      const tool = typeof r.name === 'string' ? r.name : undefined
      if (typeof r.error === 'string') return { ...(tool && { tool }), outcome: 'refused', text: r.error }
      if (typeof r.result === 'string')
        return { ...(tool && { tool }), outcome: 'done', text: r.result.replace(/^done:\s*/, '') }
    } catch {
      return null
    }
    return null
  }
  const words = /^(done|refused):\s*([\s\S]*)$/.exec(rest)
  return words ? { outcome: words[1] as 'done' | 'refused', text: words[2]!.trim() } : null
}

/** Name of the site search tool (src/voice/realtime/toolCalls.ts `SEARCH_TOOL_NAME`). */
const SEARCH_TOOL = SEARCH_TOOL_NAME
/** The assistant's note that it could not help (src/voice/realtime/toolCalls.ts `UNANSWERED_TOOL_NAME`). */
const UNANSWERED_TOOL = UNANSWERED_TOOL_NAME

/**
 * How many pages a site search's answer gave (src/voice/search/siteSearch.ts `formatSearchResults`: `SEARCH
 * RESULTS for "…": no page of this site matches.` or a header and numbered results); `undefined` when the text is
 * not a search's results (the search could not run).
 */
export function searchHits(text: string): number | undefined {
  const t = text.trim()
  if (!t.startsWith('SEARCH RESULTS')) return undefined
  if (/^SEARCH RESULTS\b[^\n]*: no page of this site matches\b/.test(t)) return 0
  return (t.match(/^\d+\. /gm) ?? []).length
}

/**
 * The platform stores each part of a message the widget had to split (src/voice/context/fit.ts, `[part k of n] `)
 * as a message of its own: consecutive system parts are joined back into one turn, as the assistant reads them.
 */
function joinSplitTurns(turns: readonly Turn[]): Turn[] {
  const out: Turn[] = []
  let parts: Turn[] = []
  const flush = () => {
    if (parts.length === 0) return
    const joined = joinParts(parts.map((p) => p.text))
    // A part list cut short (an undelivered last part) is read part by part, headers removed.
    const texts = joined.length > 0 ? joined : parts.map((p) => p.text.replace(PART_HEADER_PATTERN, ''))
    for (const text of texts) out.push({ ...parts[0]!, text })
    parts = []
  }
  for (const turn of turns) {
    const m = turn.role === 'system' ? PART_HEADER_PATTERN.exec(turn.text) : null
    if (!m) {
      flush()
      out.push(turn)
      continue
    }
    if (m[1] === '1') flush()
    parts.push(turn)
    if (m[1] === m[2]) flush()
  }
  flush()
  return out
}

/** Reads one conversation's turns (see the module comment). Never throws on odd content: it is skipped. */
export function conversationFacts(allTurns: readonly Turn[]): ConversationFacts {
  const turns = joinSplitTurns(allTurns)
  const facts: ConversationFacts = {
    startPath: '',
    lang: '',
    takenTo: [],
    commands: [],
    questions: [],
    recordVersion: 0,
  }
  let path = ''
  let pageLang = ''
  let started = false
  /** The last command since the last page change was a click that was done. */
  let clickedSinceNav = false
  const reported = new Set<string>()
  const toolNames = new Map<string, string>()
  /** The visitor's latest turn, until what it was is known. */
  let pending:
    | {
        text: string
        path: string
        intent: TurnIntent
        decided: boolean
        question?: QuestionFact
      }
    | undefined

  const arrive = (next: string, lang: string | undefined) => {
    if (lang && !facts.lang) facts.lang = lang
    if (lang) pageLang = lang
    if (!next) return
    if (!started) {
      started = true
      facts.startPath = next
    } else if (next !== path && clickedSinceNav) facts.takenTo.push(next)
    if (next !== path) clickedSinceNav = false
    path = next
  }
  /** The visitor's latest turn is a question, worded `text` (its own words, or the search's query). */
  const ask = (text: string) => {
    if (!pending) {
      // A search with no visitor turn before it (the assistant's own initiative): its query is the question.
      pending = { text, path, intent: 'question', decided: false }
    }
    pending.decided = true
    if (pending.question) {
      pending.question.text = text
      return
    }
    pending.question = { text, path: pending.path }
    facts.questions.push(pending.question)
  }
  /** What the latest visitor turn was, once nothing more will tell (the next turn, or the end). */
  const decide = () => {
    if (!pending || pending.decided) return
    if (pending.intent === 'question' || (pending.intent === 'unknown' && looksAsked(pending.text))) ask(pending.text)
    pending.decided = true
  }
  const command = (tool: string | undefined, outcome: 'done' | 'refused', text: string) => {
    const kind = commandKind(tool, text)
    facts.commands.push({ path, kind, outcome, text })
    clickedSinceNav = (kind === 'click' || kind === 'open') && outcome === 'done'
    // A turn the assistant ran a command for was a request, not a question.
    if (pending && !pending.decided) pending.decided = true
  }
  const unanswered = (why: NonNullable<QuestionFact['unanswered']>) => {
    const q = pending?.question
    if (q && !q.unanswered) q.unanswered = why
  }
  /** The assistant searched the site for `query`: the visitor's latest turn was that question. */
  const searchedFor = (query: string) => {
    if (pending?.decided && !pending.question) pending = undefined // a command turn: the search is a question of its own
    const text = query.trim() || pending?.text
    if (text) ask(text)
  }
  /**
   * The assistant noted that it could not help (its `note_unanswered` call, in any language): the visitor's latest
   * turn was a question it could not answer — unless the assistant ran a command for that turn.
   */
  const couldNotHelp = (question: string) => {
    if (pending?.decided && !pending.question) return
    if (!pending?.question) {
      const text = pending?.text || question.trim()
      if (!text) return
      ask(text)
    }
    unanswered('could-not-help')
  }
  /** A site search's answer: one that found nothing leaves the question it was for unanswered. */
  const searched = (hits: number | undefined) => {
    if (hits === 0) unanswered('search-found-nothing')
  }

  for (const turn of turns) {
    if (turn.role === 'system') {
      const record = parseRecord(turn.text)
      const body = record ? record.body : turn.text
      if (record) facts.recordVersion = Math.max(facts.recordVersion, record.version)
      const kind =
        record?.kind ??
        (body.startsWith('PAGE MAP')
          ? 'page-map'
          : body.startsWith('COMMAND RESULT')
            ? 'result'
            : body.startsWith('The visitor is now on')
              ? 'page-change'
              : body.startsWith('SEARCH RESULTS')
                ? 'search'
                : '')
      if (kind === 'page-map') {
        const url = /^url: (.+)$/m.exec(body)?.[1] ?? ''
        arrive(record?.attrs['path'] || pathOf(url.trim()), record?.attrs['lang'])
      } else if (kind === 'page-change') {
        const legacy = /\((\/[^)\s]*)\)\.\s/.exec(body)?.[1] ?? ''
        arrive(record?.attrs['path'] || legacy, record?.attrs['lang'])
      } else if (kind === 'result') {
        const r = parseResult(body)
        if (!r) continue
        const id = /"toolCallId":"([^"]*)"/.exec(body)?.[1]
        if (id) reported.add(id)
        const tool = record?.attrs['tool'] ?? r.tool
        // An untagged site search answer (a widget before record version 1 had no `search` tag).
        if (tool === SEARCH_TOOL || (!tool && searchHits(r.text) !== undefined)) {
          if (!pending?.question) searchedFor(searchQuery(r.text))
          searched(r.outcome === 'done' ? searchHits(r.text) : undefined)
          continue
        }
        const tagged = record?.attrs['outcome']
        command(tool, tagged === 'refused' || tagged === 'done' ? tagged : r.outcome, r.text)
      } else if (kind === 'search') {
        const id = /"toolCallId":"([^"]*)"/.exec(body)?.[1]
        if (id) reported.add(id)
        const hits = record?.attrs['hits']
        const text = parseResult(body)?.text ?? body
        if (!pending?.question) searchedFor(record?.attrs['query'] ?? searchQuery(text))
        if (hits !== undefined) searched(Number(hits))
        else if (!record) searched(searchHits(text))
      }
    } else if (turn.role === 'user') {
      decide()
      // A page reached after the visitor spoke again was not the assistant's doing.
      clickedSinceNav = false
      const text = turn.text.trim()
      const intent = turnIntent(text, pageLang || facts.lang)
      pending = { text, path, intent, decided: intent === 'command' || intent === 'nothing' }
      if (intent === 'question') ask(text)
    } else if (turn.role === 'tool_call') {
      if (turn.id) toolNames.set(turn.id, turn.name ?? '')
      if (turn.name === SEARCH_TOOL) searchedFor(argument(turn.text, 'query'))
      else if (turn.name === UNANSWERED_TOOL) couldNotHelp(argument(turn.text, 'question'))
    } else if (turn.role === 'tool') {
      // A chat's tool answer (src/voice/chat/session.ts: the result, or `refused: <error>`), unless a result
      // message already reported that tool call.
      if (turn.id && reported.has(turn.id)) continue
      if (turn.id) reported.add(turn.id)
      const tool = turn.name || (turn.id ? toolNames.get(turn.id) : undefined)
      if (tool === UNANSWERED_TOOL) continue // the chat mode's acknowledgement of the note: not a command
      const refused = /^refused:\s*/.exec(turn.text)
      const text = turn.text.replace(/^(refused|done):\s*/, '')
      if (tool === SEARCH_TOOL || (!tool && searchHits(text) !== undefined)) {
        if (!pending?.question) searchedFor(searchQuery(text))
        searched(refused ? undefined : searchHits(text))
        continue
      }
      command(tool || undefined, refused ? 'refused' : 'done', text)
    }
  }
  decide()
  return facts
}

/** A string argument of a tool call's JSON arguments, or `''`. */
function argument(json: string, key: string): string {
  try {
    const v = (JSON.parse(json) as Record<string, unknown>)[key]
    return typeof v === 'string' ? v : ''
  } catch {
    return ''
  }
}

/** The query a site search's answer names (`SEARCH RESULTS for "…"`), or `''`. */
function searchQuery(text: string): string {
  return /^SEARCH RESULTS for "(.*?)"(?:: no page| \(pages)/s.exec(text.trim())?.[1] ?? ''
}
