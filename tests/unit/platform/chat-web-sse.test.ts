/**
 * The `text/event-stream` parser used by the web chat (src/platform/core/sse.ts), against the rules of the
 * WHATWG HTML Standard §9.2.6 "Parsing an event stream", fed in every chunking.
 */
import { describe, expect, it } from 'vitest'
import { createEventStreamParser, MAX_EVENT_STREAM_LINE, type ServerSentEvent } from '../../../src/platform/core/sse'

/** Parses `text` fed as the given pieces (cut at the given offsets). */
function parse(text: string, cuts: number[] = []): ServerSentEvent[] {
  const events: ServerSentEvent[] = []
  const parser = createEventStreamParser((e) => events.push(e))
  let at = 0
  for (const cut of [...cuts, text.length]) {
    parser.push(text.slice(at, cut))
    at = cut
  }
  return events
}

describe('event stream parsing (WHATWG HTML §9.2.6)', () => {
  it('dispatches on a blank line; joins data lines with LF; type message unless event names one', () => {
    expect(parse('data: a\ndata: b\n\nevent: ping\ndata: c\n\n')).toEqual([
      { type: 'message', data: 'a\nb', lastEventId: '' },
      { type: 'ping', data: 'c', lastEventId: '' },
    ])
  })

  it('treats CRLF, LF and CR alike, also when a CRLF is cut between two chunks', () => {
    const text = 'data: 1\r\n\r\ndata: 2\r\rdata: 3\n\n'
    const expected = ['1', '2', '3']
    for (let cut = 0; cut <= text.length; cut++) {
      expect(parse(text, [cut]).map((e) => e.data)).toEqual(expected)
    }
  })

  it('drops one leading BOM, one space after the colon, comments and unknown fields', () => {
    expect(parse('\uFEFFdata:  two spaces\n: comment\nfoo: bar\ndata:x\n\n')).toEqual([
      { type: 'message', data: ' two spaces\nx', lastEventId: '' },
    ])
  })

  it('a field without a colon has the empty value; an event with no data is not dispatched', () => {
    expect(parse('data\n\n').map((e) => e.data)).toEqual([''])
    expect(parse('event: x\n\nid: 1\n\n')).toEqual([])
  })

  it('keeps the last event id (not one holding U+0000) and retry of ASCII digits only', () => {
    const events: ServerSentEvent[] = []
    const parser = createEventStreamParser((e) => events.push(e))
    parser.push('id: 7\nretry: 15x\ndata: a\n\nid: bad\u0000\nretry: 2500\ndata: b\n\n')
    expect(events.map((e) => e.lastEventId)).toEqual(['7', '7'])
    expect(parser.retry).toBe(2500)
  })

  it('discards an event whose blank line never came', () => {
    expect(parse('data: kept\n\ndata: pending\n').map((e) => e.data)).toEqual(['kept'])
  })

  it('drops an overlong line whole, without throwing, and goes on', () => {
    const long = `data: ${'x'.repeat(MAX_EVENT_STREAM_LINE + 10)}`
    const chunks = [
      long.slice(0, MAX_EVENT_STREAM_LINE / 2),
      long.slice(MAX_EVENT_STREAM_LINE / 2),
      '\n\ndata: next\n\n',
    ]
    const events: ServerSentEvent[] = []
    const parser = createEventStreamParser((e) => events.push(e))
    for (const c of chunks) parser.push(c)
    expect(events.map((e) => e.data)).toEqual(['next'])
  })
})
