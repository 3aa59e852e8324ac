/**
 * Client messages that fit the call: every `add-message` the widget sends (page map, command results, the read
 * tool's and search's results, typed turns) is measured against the call's Daily app-message limit
 * (src/voice/engine/appMessage.ts: 4096 characters of `JSON.stringify(JSON.stringify(message))` unless the room
 * raised it) and, when it is larger, split into parts the assistant reads as one:
 *
 * - the content is cut into consecutive pieces, at the last line break that fits, else the last space, else
 *   between two characters; nothing is left out, nothing is repeated;
 * - each part is the same `add-message` (same role) whose content starts with `[part k of n] `
 *   ({@link partHeader}); the assistant's prompt (src/voice/assistant) tells the model to read parts 1…n
 *   together, in order, as one message;
 * - parts 1…n−1 go with `triggerResponseEnabled: false` (inserted silently), part n with the original's
 *   setting, so the assistant answers once, after the whole message arrived;
 * - at most {@link MAX_PARTS} parts: content that needs more is cut at the end of part {@link MAX_PARTS} (at a
 *   line break or word as above) and ends with {@link CUT_MARK}.
 *
 * Protocol: `src/voice/context/README.md` "Message size".
 * @module
 */
import { appMessageSize } from '../engine/appMessage'
import { parseRecord, withRecord, type RecordKind } from './record'
import type { AddMessageMessage, VapiClientMessage } from '../engine/messages'

/** Most parts one message is split into (16 × ~4 KB: far above any page map, read or result). */
export const MAX_PARTS = 16
/** What ends content cut after {@link MAX_PARTS} parts. */
export const CUT_MARK = ' … (cut: the rest did not fit in the call)'
/** The start of part `index` (1-based) of `total`: `[part 1 of 3] `. */
export const partHeader = (index: number, total: number): string => `[part ${index} of ${total}] `
/** Matches a part's header; groups: index, total. */
export const PART_HEADER_PATTERN = /^\[part (\d+) of (\d+)\] /
/** Smallest room for content per part, in characters; below it a message is not split (it cannot fit). */
const MIN_PIECE_CHARS = 64

/** One code point's cost inside a message's content, as daily-js measures (1 for most; `"` 4, `\n` 3, `\\` 4). */
function charCost(ch: string): number {
  const c = ch.charCodeAt(0)
  if (ch.length === 1 && c >= 0x20 && c !== 0x22 && c !== 0x5c && (c < 0xd800 || c > 0xdfff)) return 1
  return JSON.stringify(JSON.stringify(ch)).length - 6
}

/** The measured size of `text` as message content (the sum of its characters' costs). */
export function contentCost(text: string): number {
  let n = 0
  for (const ch of text) n += charCost(ch)
  return n
}

/**
 * Cuts `text` into pieces of at most `budget` (content cost), each ending after the last line break that fits,
 * else after the last space, else at the budget. At most `maxPieces` pieces are returned; `rest` is what did
 * not fit in them ('' when all did).
 */
function cutPieces(text: string, budget: number, maxPieces: number): { pieces: string[]; rest: string } {
  const pieces: string[] = []
  let start = 0
  while (start < text.length && pieces.length < maxPieces) {
    let cost = 0
    let i = start
    let lastLine = -1
    let lastSpace = -1
    let end = text.length
    while (i < text.length) {
      const cp = text.codePointAt(i) as number
      const ch = String.fromCodePoint(cp)
      const c = charCost(ch)
      if (cost + c > budget) {
        end = lastLine > start ? lastLine : lastSpace > start ? lastSpace : i
        break
      }
      cost += c
      i += ch.length
      if (ch === '\n') lastLine = i
      else if (ch === ' ') lastSpace = i
    }
    if (end <= start) end = i > start ? i : start + 1 // a single character above the budget: never loop forever
    pieces.push(text.slice(start, end))
    start = end
  }
  return { pieces, rest: text.slice(start) }
}

/**
 * The message as it goes out: `[message]` when it fits `limit` (or is not an `add-message`), else its parts
 * (see the module's rule). A limit too small for any part (< 64 characters of content) returns `[message]`
 * unchanged: sending it then fails, and the failure is reported by the caller.
 * @param limit - the call's app-message limit, in characters as daily-js measures (`VoiceCall.appMessageLimit`).
 */
export function fitMessage(message: VapiClientMessage, limit: number): VapiClientMessage[] {
  if (message.type !== 'add-message' || appMessageSize(message) <= limit) return [message]
  const { content } = message.message
  const frame = appMessageSize({
    ...message,
    message: { ...message.message, content: '' },
    triggerResponseEnabled: false,
  })
  const budget = limit - frame - partHeader(MAX_PARTS, MAX_PARTS).length
  if (budget < MIN_PIECE_CHARS) return [message]
  const cut = cutPieces(content, budget, MAX_PARTS)
  // Too long even for MAX_PARTS parts: the last part is cut again to make room for the cut mark.
  const pieces = cut.rest
    ? [
        ...cut.pieces.slice(0, MAX_PARTS - 1),
        (cutPieces(cut.pieces[MAX_PARTS - 1] as string, budget - contentCost(CUT_MARK), 1).pieces[0] ?? '').trimEnd() +
          CUT_MARK,
      ]
    : cut.pieces
  const total = pieces.length
  return pieces.map((piece, k): AddMessageMessage => {
    const part: AddMessageMessage = {
      type: 'add-message',
      message: { ...message.message, content: partHeader(k + 1, total) + piece },
    }
    if (k < total - 1) part.triggerResponseEnabled = false
    else if (message.triggerResponseEnabled !== undefined) part.triggerResponseEnabled = message.triggerResponseEnabled
    return part
  })
}

/**
 * Joins parts back into the content they were cut from (what the assistant is told to do; tests and the
 * stand-ins use it): contents without a part header are returned as they are.
 * @returns one content per message, parts of one message joined in order.
 */
export function joinParts(contents: readonly string[]): string[] {
  const out: string[] = []
  let open: string[] | undefined
  for (const content of contents) {
    const m = PART_HEADER_PATTERN.exec(content)
    if (!m) {
      out.push(content)
      continue
    }
    const [index, total] = [Number(m[1]), Number(m[2])]
    if (index === 1) open = []
    open?.push(content.slice(m[0].length))
    if (index === total && open) {
      out.push(open.join(''))
      open = undefined
    }
  }
  return out
}

/** Longest quote of an undelivered message's content in {@link undeliveredNote}, in characters. */
const NOTE_QUOTE_CHARS = 60

/**
 * What the assistant is told when a message could not be sent at all (daily-js refused it even after
 * splitting): for a tool call's result (content `COMMAND RESULT {"name":…,"toolCallId":…}`), the same
 * `ToolCallResult` with `error` saying so, so the model does not wait for it; otherwise a system note quoting the
 * message's first words. Small enough for any call; sent with `triggerResponseEnabled` as the original. The
 * original's record tag (./record.ts) ends the note too, so the conversation report still knows the page and the
 * tool; a tool result's `outcome` becomes `refused`.
 */
export function undeliveredNote(message: AddMessageMessage): AddMessageMessage {
  const record = parseRecord(message.message.content)
  const content = record ? record.body : message.message.content
  const json = /COMMAND RESULT (\{.*\})\s*$/s.exec(content)?.[1]
  let call: { name?: unknown; toolCallId?: unknown } | undefined
  try {
    call = json ? (JSON.parse(json) as typeof call) : undefined
  } catch {
    call = undefined
  }
  const note =
    call && typeof call.name === 'string' && typeof call.toolCallId === 'string'
      ? `COMMAND RESULT ${JSON.stringify({ name: call.name.slice(0, 64), toolCallId: call.toolCallId.slice(0, 128), error: 'the result could not be sent into the call; tell the visitor and do not guess it' })}`
      : `NOT DELIVERED: a message from the page could not be sent into the call ("${content.replace(/\s+/g, ' ').trim().slice(0, NOTE_QUOTE_CHARS)}…"); do not act as if you had it`
  const tagged = record
    ? withRecord(record.kind as RecordKind, note, {
        ...record.attrs,
        ...(record.attrs['outcome'] !== undefined && { outcome: 'refused' }),
      })
    : note
  const out: AddMessageMessage = { type: 'add-message', message: { role: 'system', content: tagged } }
  if (message.triggerResponseEnabled !== undefined) out.triggerResponseEnabled = message.triggerResponseEnabled
  return out
}
