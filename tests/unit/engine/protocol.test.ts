/**
 * One check per client message the engine sends into a call, against both references: the bytes @vapi-ai/web
 * 2.7.1 puts on the same Daily call object for the same message (`send`, `say`, `end`), and the vendored
 * document's schema (`ClientInboundMessage`, ajv). A drift fails here rather than in a visitor's call. The
 * `POST /call/web` request and the server's messages are compared in conformance.test.ts; the chat request and
 * stream in tests/unit/platform/chat-web.test.ts and tests/unit/chat/session.test.ts (ajv, strict stand-in); the
 * messages the widget reads (`tool-calls`, `status-update`, the chat stream's chunks) in protocol-read.test.ts.
 */
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VapiClientMessage } from '../../../src/voice/engine'
import { componentValidator } from '../platform/schema'
import { FakeDailyCall, WEB_CALL } from './fakes'
import { setup } from './helpers'

const require = createRequire(import.meta.url)
const vapiRequire = createRequire(require.resolve('@vapi-ai/web'))
type ReferenceVapi = {
  start(assistant?: unknown): Promise<unknown>
  send(message: unknown): void
  say(message: string, endCallAfterSpoken?: boolean, a?: boolean, b?: boolean): void
  end(): void
}
const Vapi = (vapiRequire('@vapi-ai/web') as { default: new (token: string, baseUrl?: string) => ReferenceVapi })
  .default
const Daily = vapiRequire('@daily-co/daily-js') as { createCallObject: (options: unknown) => unknown }
const inbound = componentValidator('ClientInboundMessage')

let created: FakeDailyCall[] = []
const original = Daily.createCallObject
const realFetch = globalThis.fetch
beforeAll(() => {
  Daily.createCallObject = (options: unknown) => {
    const call = new FakeDailyCall(options)
    created.push(call)
    return call
  }
  // The reference's POST /call/web, answered in process (the request itself is compared in conformance.test.ts).
  globalThis.fetch = async () =>
    new Response(JSON.stringify(WEB_CALL), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
})
afterAll(() => {
  Daily.createCallObject = original
  globalThis.fetch = realFetch
})

/** The app messages each side put on its call object for `act`. */
async function bytes(act: {
  ours: (e: ReturnType<typeof setup>['engine']) => void
  theirs: (v: ReferenceVapi) => void
}) {
  created = []
  const vapi = new Vapi('pk_ref', 'http://127.0.0.1:9')
  ;(vapi as unknown as { on(e: string, l: () => void): void }).on('error', () => {})
  await vapi.start('asst_1')
  const ref = created.at(-1)!
  const before = ref.calls.length
  act.theirs(vapi)
  const theirs = ref.calls
    .slice(before)
    .filter(([m]) => m === 'sendAppMessage')
    .map(([, d]) => d)
  const t = setup()
  await t.engine.start('asst_1')
  const call = t.daily.last
  const start = call.calls.length
  act.ours(t.engine)
  const ours = call.calls
    .slice(start)
    .filter(([m]) => m === 'sendAppMessage')
    .map(([, d]) => d)
  await t.engine.stop()
  return { ours, theirs }
}

const messages: [string, VapiClientMessage][] = [
  [
    'add-message (page map, results, typed turns)',
    {
      type: 'add-message',
      message: { role: 'system', content: 'PAGE MAP\nurl: https://x.test/' },
      triggerResponseEnabled: false,
    },
  ],
  [
    'add-message (a user turn)',
    { type: 'add-message', message: { role: 'user', content: 'hi' }, triggerResponseEnabled: true },
  ],
  ['control', { type: 'control', control: 'mute-assistant' }],
  [
    'control say-first-message',
    { type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: 1.5 },
  ],
  ['end-call', { type: 'end-call' }],
]

describe('client messages: the same bytes as @vapi-ai/web, and valid ClientInboundMessages', () => {
  for (const [name, message] of messages) {
    it(name, async () => {
      const { ours, theirs } = await bytes({ ours: (e) => e.send(message), theirs: (v) => v.send(message) })
      expect(ours).toEqual(theirs)
      expect(ours).toHaveLength(1)
      expect(inbound({ message: JSON.parse(String(ours[0])) }), JSON.stringify(inbound.errors)).toBe(true)
    })
  }

  it('say (SPEC §3)', async () => {
    const { ours, theirs } = await bytes({
      ours: (e) => e.say('One moment', true, false, true),
      theirs: (v) => v.say('One moment', true, false, true),
    })
    expect(ours).toEqual(theirs)
    expect(inbound({ message: JSON.parse(String(ours[0])) }), JSON.stringify(inbound.errors)).toBe(true)
  })

  it("end(): the end-call message as the reference's end() sends it", async () => {
    const { ours, theirs } = await bytes({ ours: (e) => void e.end(), theirs: (v) => v.end() })
    expect(ours).toEqual(theirs.slice(0, 1))
    expect(JSON.parse(String(ours[0]))).toEqual({ type: 'end-call' })
  })
})
