/**
 * Client messages that fit the call: every `add-message` the widget sends (page map, command results, the read
 * tool's and search's results, typed turns) is measured against the call's Daily app-message limit
 * (src/voice/engine/appMessage.ts: 4096 characters of `JSON.stringify(JSON.stringify(message))` unless the room
 * raised it, and the same number of bytes of that text's UTF-8, since Daily's documentation says "4kb" without a
 * unit) and, when it is larger by either measure, split into parts the assistant reads as one:
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
import { appMessageBytes, appMessageSize, utf8Bytes } from '../engine/appMessage'
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
/** Smallest room for content per part, in characters and bytes; below it a message is not split (it cannot fit). */
const MIN_PIECE_CHARS = 64

/** A size in both measures of the limit: characters as daily-js counts them, and bytes of UTF-8. */
export interface Cost {
  /** UTF-16 code units of the doubly serialised text (daily-js's measure). */
  chars: number
  /** Bytes of UTF-8 of the same text (what the wire carries). */
  bytes: number
}

/**
 * One code point's cost inside a message's content, in both measures: for most characters 1 character; `"` 4,
 * `\n` 3, `\\` 4 (escaped twice, all ASCII, so as many bytes); a character outside ASCII travels unescaped, 1
 * character (2 for one above U+FFFF) and its UTF-8 length in bytes (2–4).
 */
function charCost(ch: string): Cost {
  const c = ch.charCodeAt(0)
  if (ch.length === 1 && c >= 0x20 && c < 0x80 && c !== 0x22 && c !== 0x5c) return { chars: 1, bytes: 1 }
  if (ch.length === 1 && c >= 0x80 && (c < 0xd800 || c > 0xdfff)) return { chars: 1, bytes: c < 0x800 ? 2 : 3 }
  const escaped = JSON.stringify(JSON.stringify(ch))
  return { chars: escaped.length - 6, bytes: utf8Bytes(escaped) - 6 }
}

/** The measured size of `text` as message content (the sum of its characters' costs), in both measures. */
export function contentCost(text: string): Cost {
  const n = { chars: 0, bytes: 0 }
  for (const ch of text) {
    const c = charCost(ch)
    n.chars += c.chars
    n.bytes += c.bytes
  }
  return n
}

/**
 * Cuts `text` into pieces of at most `budget` in both measures (content cost), each ending after the last line
 * break that fits, else after the last space, else at the budget. At most `maxPieces` pieces are returned; `rest`
 * is what did not fit in them ('' when all did).
 */
function cutPieces(text: string, budget: Cost, maxPieces: number): { pieces: string[]; rest: string } {
  const pieces: string[] = []
  let start = 0
  while (start < text.length && pieces.length < maxPieces) {
    let chars = 0
    let bytes = 0
    let i = start
    let lastLine = -1
    let lastSpace = -1
    let end = text.length
    while (i < text.length) {
      const cp = text.codePointAt(i) as number
      const ch = String.fromCodePoint(cp)
      const c = charCost(ch)
      if (chars + c.chars > budget.chars || bytes + c.bytes > budget.bytes) {
        end = lastLine > start ? lastLine : lastSpace > start ? lastSpace : i
        break
      }
      chars += c.chars
      bytes += c.bytes
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

/** Whether `message` is within `limit` by both measures (daily-js's characters and bytes of UTF-8). */
export function fitsLimit(message: unknown, limit: number): boolean {
  return appMessageSize(message) <= limit && appMessageBytes(message) <= limit
}

/**
 * The message as it goes out: `[message]` when it fits `limit` by both measures (or is not an `add-message`),
 * else its parts (see the module's rule), each within `limit` characters as daily-js measures **and** `limit`
 * bytes of UTF-8 of the same text (Daily's documentation says "4kb" without a unit; a Devanagari character is 1
 * character but 3 bytes). A limit too small for any part (< 64 characters or bytes of content) returns
 * `[message]` unchanged: sending it then fails, and the failure is reported by the caller.
 * @param limit - the call's app-message limit (`VoiceCall.appMessageLimit`, 4096 unless the room raised it),
 *   applied to both measures.
 */
export function fitMessage(message: VapiClientMessage, limit: number): VapiClientMessage[] {
  if (message.type !== 'add-message' || fitsLimit(message, limit)) return [message]
  const { content } = message.message
  const empty = { ...message, message: { ...message.message, content: '' }, triggerResponseEnabled: false }
  const header = partHeader(MAX_PARTS, MAX_PARTS).length
  const budget: Cost = {
    chars: limit - appMessageSize(empty) - header,
    bytes: limit - appMessageBytes(empty) - header,
  }
  if (budget.chars < MIN_PIECE_CHARS || budget.bytes < MIN_PIECE_CHARS) return [message]
  const cut = cutPieces(content, budget, MAX_PARTS)
  // Too long even for MAX_PARTS parts: the last part is cut again to make room for the cut mark.
  const mark = contentCost(CUT_MARK)
  const pieces = cut.rest
    ? [
        ...cut.pieces.slice(0, MAX_PARTS - 1),
        (
          cutPieces(
            cut.pieces[MAX_PARTS - 1] as string,
            { chars: budget.chars - mark.chars, bytes: budget.bytes - mark.bytes },
            1,
          ).pieces[0] ?? ''
        ).trimEnd() + CUT_MARK,
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
