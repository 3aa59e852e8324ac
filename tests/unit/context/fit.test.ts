// @vitest-environment happy-dom
/**
 * Messages that fit Daily's app-message limit (src/voice/context/fit.ts): the split rule on its own, and the page
 * map and the read tool's result of every page of the repository's corpora (tests/fixtures/sites, tests/fixtures/
 * embed) and of a page whose 4 KB map is full of quoted names sent through the real engine on a Daily call object as strict as daily-js 0.87.0 (tests/unit/engine/
 * fakes.ts: `Message data too large. Max size is 4096` above `_maxAppMessageSize`): every message reaches the call,
 * none is refused, and the parts joined back are exactly the map and the result.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { afterCallStart } from '../session/afterCallStart'
import { createVoiceSession } from '../../../src/voice/session/session'
import type { ProblemKind } from '../../../src/voice/session/problems'
import type { AddMessageMessage, VapiClientMessage } from '../../../src/voice/engine'
import { appMessageBytes, appMessageSize, DAILY_MAX_APP_MESSAGE_SIZE } from '../../../src/voice/engine/appMessage'
import { CUT_MARK, fitMessage, joinParts, MAX_PARTS, partHeader, undeliveredNote } from '../../../src/voice/context/fit'
import { collectPageMap, PAGE_MAP_HEADER, serializePageMap } from '../../../src/voice/context/pageMap'
import { pageMapMessage, readResultMessage, RESULT_HEADER } from '../../../src/voice/context/report'
import { parseRecord, stripRecord } from '../../../src/voice/context/record'
import { readPage } from '../../../src/voice/context/readPage'
import { setup as setupRealEngine } from '../engine/helpers'
import { componentValidator } from '../platform/schema'

const clientInbound = componentValidator('ClientInboundMessage')
const silent = { info() {}, warn() {}, error() {} }

const add = (content: string, triggerResponseEnabled?: boolean): AddMessageMessage => ({
  type: 'add-message',
  message: { role: 'system', content },
  ...(triggerResponseEnabled !== undefined && { triggerResponseEnabled }),
})
const contentOf = (m: VapiClientMessage) => (m as AddMessageMessage).message.content

describe('fitMessage (the split rule)', () => {
  it('leaves a message that fits as it is', () => {
    const m = add('PAGE MAP\nurl: https://example.com/', false)
    expect(fitMessage(m, DAILY_MAX_APP_MESSAGE_SIZE)).toEqual([m])
    expect(fitMessage({ type: 'end-call' }, 10)).toEqual([{ type: 'end-call' }])
  })

  it('splits a larger one into parts that each fit, at line breaks, silent but the last, joined back exactly', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `links: "Quoted" link ${i} | back\\slash | é 😀`)
    const content = `${PAGE_MAP_HEADER}\n${lines.join('\n')}`
    const m = add(content, true)
    expect(appMessageSize(m)).toBeGreaterThan(4096)
    const parts = fitMessage(m, 4096) as AddMessageMessage[]
    expect(parts.length).toBeGreaterThan(1)
    parts.forEach((p, k) => {
      expect(appMessageSize(p)).toBeLessThanOrEqual(4096)
      expect(p.message.role).toBe('system')
      expect(p.message.content.startsWith(partHeader(k + 1, parts.length))).toBe(true)
      expect(p.triggerResponseEnabled).toBe(k === parts.length - 1)
      // every part but the last ends at a line break
      if (k < parts.length - 1) expect(p.message.content.endsWith('\n')).toBe(true)
      expect(clientInbound({ message: p }), JSON.stringify(clientInbound.errors)).toBe(true)
    })
    expect(joinParts(parts.map(contentOf))).toEqual([content])
  })

  it('measures as daily-js does: a content of quotes costs four characters each', () => {
    const m = add('"'.repeat(1500))
    expect(appMessageSize(m)).toBe(JSON.stringify(JSON.stringify(m)).length)
    const parts = fitMessage(m, 4096)
    expect(parts.length).toBe(2)
    for (const p of parts) expect(appMessageSize(p)).toBeLessThanOrEqual(4096)
    expect(joinParts(parts.map(contentOf))).toEqual([m.message.content])
  })

  it('keeps the original trigger setting on the last part only (absent stays absent)', () => {
    const parts = fitMessage(add('word '.repeat(2000)), 4096) as AddMessageMessage[]
    expect(parts.slice(0, -1).every((p) => p.triggerResponseEnabled === false)).toBe(true)
    expect('triggerResponseEnabled' in parts.at(-1)!).toBe(false)
  })

  it(`cuts what would need more than ${MAX_PARTS} parts, and says so`, () => {
    const parts = fitMessage(add('x '.repeat(60_000)), 4096)
    expect(parts.length).toBe(MAX_PARTS)
    for (const p of parts) expect(appMessageSize(p)).toBeLessThanOrEqual(4096)
    expect(contentOf(parts.at(-1)!).endsWith(CUT_MARK)).toBe(true)
  })

  it('a limit too small for any part returns the message unchanged (the send fails and is reported)', () => {
    const m = add('y'.repeat(500))
    expect(fitMessage(m, 100)).toEqual([m])
  })

  it('an undelivered tool result becomes the same ToolCallResult with an error; anything else a short note', () => {
    const result = add(
      `${RESULT_HEADER} ${JSON.stringify({ name: 'read_page', toolCallId: 'call_1', result: 'PAGE TEXT …' })}`,
      true,
    )
    const note = undeliveredNote(result)
    expect(JSON.parse(note.message.content.slice(RESULT_HEADER.length + 1))).toMatchObject({
      name: 'read_page',
      toolCallId: 'call_1',
      error: expect.stringContaining('could not be sent'),
    })
    expect(note.triggerResponseEnabled).toBe(true)
    expect(undeliveredNote(pageMapMessage('PAGE MAP\nurl: x', { path: '/x' })).message.content).toMatch(
      /^NOT DELIVERED: .*"PAGE MAP url: x…"\); do not act as if you had it\n\[voiceos\/1 page-map path=\/x\]$/,
    )
    // A tagged tool result (as the widget sends it) is still answered as its tool call, outcome refused.
    const tagged = undeliveredNote(
      readResultMessage({ found: true, text: 'PAGE TEXT …' }, { id: 'c2', name: 'read_page' }),
    )
    const rec = parseRecord(tagged.message.content)
    expect(rec).toMatchObject({ kind: 'result', attrs: { tool: 'read_page', outcome: 'refused' } })
    expect(JSON.parse(rec!.body.slice(RESULT_HEADER.length + 1))).toMatchObject({
      toolCallId: 'c2',
      error: expect.any(String),
    })
  })
})

/** Sentences of the three scripts whose characters are 1 of daily-js's measure but 2–3 bytes of UTF-8. */
const SCRIPTS: [string, string][] = [
  ['Devanagari (Hindi)', 'रिफंड नीति: ऑर्डर के तीस दिन के भीतर पूरा पैसा वापस मिलता है, बिना किसी सवाल के।'],
  ['Tamil', 'பணத்தைத் திரும்பப் பெறும் கொள்கை: ஆர்டர் செய்த முப்பது நாட்களுக்குள் முழுப் பணமும் திருப்பித் தரப்படும்.'],
  ['Urdu (Arabic script)', 'رقم کی واپسی کی پالیسی: آرڈر کے تیس دن کے اندر پوری رقم بغیر کسی سوال کے واپس کی جاتی ہے۔'],
]

/** `text` repeated, line by line, until its content is at least `bytes` bytes of UTF-8. */
const textOfBytes = (text: string, bytes: number, sep = '\n'): string => {
  const lines: string[] = []
  let size = 0
  for (let i = 1; size < bytes; i++) {
    const line = `${i}. ${text}${sep}`
    lines.push(line)
    size += Buffer.byteLength(line)
  }
  return lines.join('')
}

describe('fitMessage cuts to both measures: daily-js characters and bytes of UTF-8', () => {
  for (const [name, sentence] of SCRIPTS) {
    for (const [how, sep] of [
      ['in lines', '\n'],
      ['in one line of words', ' '],
      ['without a space or line break', ''],
    ] as const) {
      it(`10 KB of ${name} ${how}: every part is ≤ 4,096 by both measures, joined back exactly`, () => {
        const content = textOfBytes(sep === '' ? sentence.replace(/\s/g, '') : sentence, 10_240, sep)
        const m = add(content, true)
        expect(Buffer.byteLength(content)).toBeGreaterThanOrEqual(10_240)
        // Bytes are the larger measure here (2 a character for Urdu, 3 for Devanagari and Tamil).
        expect(appMessageBytes(m)).toBeGreaterThan(1.5 * appMessageSize(m))
        const parts = fitMessage(m, DAILY_MAX_APP_MESSAGE_SIZE) as AddMessageMessage[]
        expect(parts.length).toBeGreaterThanOrEqual(3)
        for (const p of parts) {
          expect(appMessageSize(p)).toBeLessThanOrEqual(DAILY_MAX_APP_MESSAGE_SIZE)
          expect(appMessageBytes(p)).toBeLessThanOrEqual(DAILY_MAX_APP_MESSAGE_SIZE)
          // Measured independently of the module: the wire text, in UTF-16 units and in UTF-8 bytes.
          const wire = JSON.stringify(JSON.stringify(p))
          expect(wire.length).toBeLessThanOrEqual(4096)
          expect(new TextEncoder().encode(wire).length).toBeLessThanOrEqual(4096)
        }
        if (sep === '\n') parts.slice(0, -1).forEach((p) => expect(p.message.content.endsWith('\n')).toBe(true))
        expect(joinParts(parts.map(contentOf))).toEqual([content])
      })
    }
  }

  it('a message that fits daily-js but not 4,096 bytes is split; one that fits both is not', () => {
    const hindi = add(textOfBytes(SCRIPTS[0]![1], 5_000))
    expect(appMessageSize(hindi)).toBeLessThanOrEqual(4096)
    expect(appMessageBytes(hindi)).toBeGreaterThan(4096)
    expect(fitMessage(hindi, 4096).length).toBe(2)
    const short = add(SCRIPTS[1]![1])
    expect(fitMessage(short, 4096)).toEqual([short])
  })

  it('counts an emoji as daily-js does (2) and as UTF-8 does (4)', () => {
    const m = add('😀'.repeat(1500))
    expect(appMessageSize(m)).toBeLessThanOrEqual(4096)
    const parts = fitMessage(m, 4096)
    expect(parts.length).toBe(2)
    for (const p of parts) expect(appMessageBytes(p)).toBeLessThanOrEqual(4096)
    expect(joinParts(parts.map(contentOf))).toEqual([m.message.content])
  })
})

/** The corpus pages: third-party markup and the embed's host pages. */
const CORPUS = [
  ...readdirSync('tests/fixtures/sites')
    .filter((f) => f.endsWith('.html'))
    .map((f) => `tests/fixtures/sites/${f}`),
  ...readdirSync('tests/fixtures/embed')
    .filter((f) => f.endsWith('.html'))
    .map((f) => `tests/fixtures/embed/${f}`),
]

/** A page whose map is full (4 KB) and whose names are full of quotes: the worst case for daily-js's measure. */
const WORST_PAGE = `<title>Quotes "everywhere"</title><main>${Array.from(
  { length: 200 },
  (_, i) => `<h2>"Section" ${i}</h2><a href="/p${i}">"Link" number ${i}</a><button>"Buy" item ${i}</button>`,
).join('')}</main>`

function load(html: string) {
  // No script or stylesheet runs or loads here: the map and the read tool read the markup.
  document.documentElement.innerHTML = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*>/gi, '')
    .replace(/<iframe\b[\s\S]*?<\/iframe>/gi, '')
    .replace(/<!doctype[^>]*>/i, '')
}

describe('every page of the corpora, through the real engine on a strict Daily call', () => {
  afterEach(() => {
    document.documentElement.innerHTML = '<head></head><body></body>'
  })

  const pages: [string, () => string][] = [
    ...CORPUS.map((f): [string, () => string] => [f, () => readFileSync(f, 'utf8')]),
    ['a full map of quoted names', () => WORST_PAGE],
  ]

  for (const [name, html] of pages) {
    it(`${name}: the page map and the read tool's result reach the assistant whole`, async () => {
      load(html())
      const problems: ProblemKind[] = []
      const t = setupRealEngine()
      const s = createVoiceSession({
        engine: t.engine,
        assistantId: 'asst_1',
        sessionId: 'session_1_abc',
        pageUrl: location.href,
        realtime: null,
        onStatus: () => {},
        onTranscript: () => {},
        notify: () => {},
        onProblem: (k) => problems.push(k),
        logger: silent,
        pageContext: { settleMs: 20, maxSettleMs: 200, pollMs: 20 },
      })
      expect(await s.start()).toBe(true)
      const call = t.daily.last
      call.appMessage('listening')
      await afterCallStart()
      call.appMessage({
        type: 'tool-calls',
        toolCallList: [{ id: 'call_r', type: 'function', function: { name: 'read_page', arguments: '{}' } }],
      })
      expect(call.calls.filter(([m]) => m === 'sendAppMessage:refused')).toEqual([])
      expect(problems).toEqual([])
      const sent = call.calls
        .filter(([m, d]) => m === 'sendAppMessage' && typeof d === 'string' && d.startsWith('{'))
        .map(([, d]) => JSON.parse(d as string) as AddMessageMessage)
      for (const m of sent) expect(JSON.stringify(JSON.stringify(m)).length).toBeLessThanOrEqual(4096)
      const whole = joinParts(sent.map(contentOf))
      const map = serializePageMap(collectPageMap(document))
      // Each message ends with its record tag (../../../src/voice/context/record.ts), in the last part.
      expect(parseRecord(whole[0]!)).toMatchObject({ kind: 'page-map', body: map })
      expect(parseRecord(whole[1]!)).toMatchObject({ kind: 'result', attrs: { tool: 'read_page', outcome: 'done' } })
      const read = JSON.parse(stripRecord(whole[1]!).slice(RESULT_HEADER.length + 1)) as {
        toolCallId: string
        result: string
      }
      expect(read.toolCallId).toBe('call_r')
      expect(read.result).toBe(readPage(document).text)
      await s.stop()
    })
  }

  it('a room that raised the limit (join answer) carries the full map in one message', async () => {
    load(WORST_PAGE)
    const t = setupRealEngine({ configure: (c) => (c.roomMaxAppMessageSize = 16_384) })
    const s = createVoiceSession({
      engine: t.engine,
      assistantId: 'asst_1',
      sessionId: 'session_1_abc',
      pageUrl: location.href,
      realtime: null,
      onStatus: () => {},
      onTranscript: () => {},
      notify: () => {},
      logger: silent,
    })
    await s.start()
    t.daily.last.appMessage('listening')
    await afterCallStart()
    expect(t.engine.appMessageLimit()).toBe(16_384)
    const sent = t.daily.last.calls.filter(([m, d]) => m === 'sendAppMessage' && String(d).includes('add-message'))
    expect(sent).toHaveLength(1)
    expect(JSON.stringify(sent[0]![1]).length).toBeGreaterThan(4096)
    await s.stop()
  })

  it('a message the call refuses is reported: to the visitor (messageUndelivered) and to the assistant', async () => {
    load(WORST_PAGE)
    const problems: ProblemKind[] = []
    const t = setupRealEngine()
    const s = createVoiceSession({
      engine: t.engine,
      assistantId: 'asst_1',
      sessionId: 'session_1_abc',
      pageUrl: location.href,
      realtime: null,
      onStatus: () => {},
      onTranscript: () => {},
      notify: () => {},
      onProblem: (k) => problems.push(k),
      logger: silent,
      pageContext: false,
    })
    await s.start()
    const call = t.daily.last
    call.appMessage('listening')
    await afterCallStart()
    // daily-js refuses the first message it is given (a call machine error), then accepts again.
    const real = call.sendAppMessage.bind(call)
    let refused = 0
    call.sendAppMessage = (data: unknown, to?: string) => {
      if (refused++ === 0) throw new Error('call machine unavailable')
      return real(data, to)
    }
    expect(s.sendText('hello')).toBe(false)
    expect(problems).toEqual(['messageUndelivered'])
    const note = call.calls.find(([m]) => m === 'sendAppMessage')
    expect(String(note?.[1])).toContain('NOT DELIVERED')
    await s.stop()
  })
})
