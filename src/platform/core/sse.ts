/**
 * A parser of the `text/event-stream` format (Server-Sent Events), as the WHATWG HTML Standard §9.2.6
 * "Parsing an event stream" defines it, for streams read with `fetch` (an `EventSource` cannot POST):
 *
 * - the stream is UTF-8 (decoded with a streaming `TextDecoder`, invalid bytes → U+FFFD); one leading BOM is
 *   dropped;
 * - lines end with CRLF, LF or CR (a CR at the end of one chunk and an LF at the start of the next are one line
 *   end);
 * - a line starting with `:` is a comment; otherwise `field: value` (one space after the colon is dropped), or a
 *   line without a colon is a field with the empty value;
 * - `data` appends the value and an LF to the data buffer, `event` sets the type, `id` the last event id (unless
 *   it holds U+0000), `retry` the reconnection time (ASCII digits only); other fields are ignored;
 * - an empty line dispatches the event: none when the data buffer is empty, else its data without the last LF,
 *   type `message` unless `event` named another;
 * - at the end of the stream an event without its empty line is discarded.
 * @module
 */

/** One dispatched event (the `MessageEvent` fields of the standard). */
export interface ServerSentEvent {
  /** Event type: the `event` field, or `message`. */
  type: string
  /** The `data` field values joined by LF. */
  data: string
  /** The last event id seen on the stream so far (`''` when none). */
  lastEventId: string
}

/** Longest line kept, in UTF-16 code units (1 MiB of ASCII); a longer line is dropped whole, never thrown. */
export const MAX_EVENT_STREAM_LINE = 1 << 20

/** An incremental parser: feed it decoded text in any chunking, it calls `onEvent` per dispatched event. */
export interface EventStreamParser {
  /** Parses the next piece of decoded text. */
  push(text: string): void
  /** The reconnection time the stream asked for with `retry`, in ms, or `undefined`. */
  readonly retry: number | undefined
}

/**
 * Creates an {@link EventStreamParser}. Exceptions thrown by `onEvent` propagate to the caller of `push`.
 * @param onEvent - called once per dispatched event, in stream order.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void): EventStreamParser {
  let pending = ''
  let overflow = false
  let afterCR = false
  let first = true
  let data = ''
  let type = ''
  let lastEventId = ''
  let idBuffer = ''
  let retry: number | undefined

  const line = (text: string) => {
    if (text === '') {
      lastEventId = idBuffer
      if (data === '') {
        type = ''
        return
      }
      const event: ServerSentEvent = {
        type: type || 'message',
        data: data.endsWith('\n') ? data.slice(0, -1) : data,
        lastEventId,
      }
      data = ''
      type = ''
      onEvent(event)
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'event':
        type = value
        break
      case 'data':
        data += `${value}\n`
        break
      case 'id':
        if (!value.includes('\u0000')) idBuffer = value
        break
      case 'retry':
        if (/^[0-9]+$/.test(value)) retry = Number(value)
        break
      default:
        break
    }
  }

  return {
    push(chunk) {
      let text = chunk
      if (first && text !== '') {
        first = false
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
      }
      let start = 0
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i)
        if (c !== 10 && c !== 13) {
          afterCR = false
          continue
        }
        if (c === 10 && afterCR) {
          // The LF of a CRLF whose CR ended the line already.
          afterCR = false
          start = i + 1
          continue
        }
        const whole = pending + text.slice(start, i)
        pending = ''
        if (overflow) overflow = false
        else line(whole)
        afterCR = c === 13
        start = i + 1
      }
      pending += text.slice(start)
      if (pending.length > MAX_EVENT_STREAM_LINE) {
        pending = ''
        overflow = true
      }
    },
    get retry() {
      return retry
    },
  }
}
