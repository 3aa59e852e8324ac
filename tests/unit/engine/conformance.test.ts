/**
 * Conformance with the reference SDK, @vapi-ai/web 2.7.1: the same scripted call runs through the reference and
 * through the engine, and both must emit the same ordered public events.
 *
 * - The reference: `createCallObject` is replaced on the daily-js copy that @vapi-ai/web itself resolves (there
 *   is no nested copy: it is node_modules/@daily-co/daily-js, loaded through CommonJS), and its
 *   `POST /call/web` is answered by a local 127.0.0.1 HTTP server (its generated client uses global fetch).
 * - The engine: the same fake call object through its injected factory; the same local server through its
 *   default platform client (`apiBaseUrl`), so the request body and bearer token are compared too.
 *
 * Documented, intentional differences (the engine reports every stage as started → completed/failed):
 * - D1: the reference never reports `initialization` as completed;
 * - D2: without video recording the reference reports `video-recording-setup` only as completed, no started.
 * Assistant audio tracks are not part of the script: in Node the reference cannot build its <audio> element
 * (no document); playback is covered by the engine's own tests (VoiceCall.test.ts, dom.test.ts).
 *
 * The reference's bugs that the engine fixes are demonstrated at the end ("reference bugs").
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { VoiceCall } from '../../../src/voice/engine'
import { FakeDailyCall, WEB_CALL, flush, quietLogger, record } from './fakes'

const require = createRequire(import.meta.url)
const vapiRequire = createRequire(require.resolve('@vapi-ai/web'))
type ReferenceVapi = {
  start(assistant?: unknown, overrides?: unknown): Promise<unknown>
  stop(): Promise<void>
  end(): void
  on(event: string, listener: (...args: never[]) => void): unknown
}
const Vapi = (vapiRequire('@vapi-ai/web') as { default: new (token: string, baseUrl?: string) => ReferenceVapi })
  .default
const Daily = vapiRequire('@daily-co/daily-js') as { createCallObject: (options: unknown) => unknown }

// ── the local platform API ──
interface Seen {
  path: string
  auth: string | undefined
  body: unknown
}
const seen: Seen[] = []
let hold: Promise<void> | undefined
let server: Server
let base = ''

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text ? JSON.parse(text) : undefined
}

beforeAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- node:http ignores the handler's promise; each handler ends its response
  server = createServer(async (req, res) => {
    const body = await readBody(req)
    seen.push({ path: req.url ?? '', auth: req.headers.authorization, body })
    if (hold) await hold
    if (req.url?.startsWith('/fail/')) {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end('{"message":"server error"}')
      return
    }
    if (req.method === 'POST' && req.url?.endsWith('/call/web')) {
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(JSON.stringify(WEB_CALL))
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

// ── the fake Daily for both ──
const created: FakeDailyCall[] = []
const originalCreate = Daily.createCallObject
const factory = (options: unknown) => {
  const call = new FakeDailyCall(options)
  created.push(call)
  return call
}
beforeAll(() => {
  Daily.createCallObject = factory
})
afterAll(() => {
  Daily.createCallObject = originalCreate
})
afterEach(() => {
  vi.useRealTimers()
  seen.length = 0
  created.length = 0
  hold = undefined
})

function engine() {
  return new VoiceCall({
    publicKey: 'pk_conf',
    apiBaseUrl: base,
    createCallObject: factory,
    isMobile: () => false,
    logger: quietLogger(),
  })
}

/** Drops the documented differences D1 and D2 from the engine's events. */
function withoutIntentionalDifferences(events: string[]): string[] {
  return events.filter(
    (e) =>
      e !== 'call-start-progress:initialization:completed' && e !== 'call-start-progress:video-recording-setup:started',
  )
}

type Step = (call: FakeDailyCall) => void | Promise<void>

/** Runs one scripted call and returns [events, Daily method calls, request seen]. */
async function run(target: ReferenceVapi | VoiceCall, steps: Step[]) {
  const events = record(target)
  const result = await target.start('asst_1', { variableValues: { sessionId: 'session_1' } })
  expect(result).toMatchObject({ id: WEB_CALL.id })
  const call = created.at(-1)
  if (!call) throw new Error('no call object')
  for (const step of steps) await step(call)
  await flush()
  return { events, calls: call.calls.map(([m]) => m), request: seen.at(-1) }
}

const speakerJoinsAndListens: Step[] = [(c) => c.speakerJoins('bot'), (c) => c.appMessage('listening')]
const assistantSpeaks: Step[] = [
  () => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }),
  (c) => c.levels({ bot: 0.002 }),
  (c) => c.levels({ bot: 0.05 }),
  () => void vi.advanceTimersByTime(100),
  (c) => c.levels({ bot: 0.2 }),
  () => void vi.advanceTimersByTime(100),
  (c) => c.levels({ bot: 0 }),
  () => void vi.advanceTimersByTime(1000),
]
const jsonMessages: Step[] = [
  (c) =>
    c.appMessage(
      JSON.stringify({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'scroll down' }),
    ),
  (c) => c.appMessage(JSON.stringify({ type: 'function-call', functionCall: { name: 'scroll', parameters: {} } })),
  (c) => c.appMessage('{broken'),
]
const customerLeaves: Step[] = [(c) => c.roomCloses()]

const scenarios: [string, Step[]][] = [
  ['success', speakerJoinsAndListens],
  ['assistant speech', [...speakerJoinsAndListens, ...assistantSpeaks]],
  ['a JSON app message', [...speakerJoinsAndListens, ...jsonMessages]],
  ['customer leaving', [...speakerJoinsAndListens, ...customerLeaves]],
]

describe('same ordered public events as @vapi-ai/web', () => {
  for (const [name, steps] of scenarios) {
    it(name, async () => {
      const logSpy = vi.spyOn(console, 'log').mockImplementation(() => {}) // the reference logs parse errors
      const reference = await run(new Vapi('pk_conf', base), steps)
      vi.useRealTimers()
      const ours = await run(engine(), steps)
      logSpy.mockRestore()

      expect(withoutIntentionalDifferences(ours.events)).toEqual(reference.events)
      // Same request: path, bearer token and body (string assistant → assistantId).
      expect(ours.request).toEqual(reference.request)
      expect(reference.request).toEqual({
        path: '/call/web',
        auth: 'Bearer pk_conf',
        body: { assistantId: 'asst_1', assistantOverrides: { variableValues: { sessionId: 'session_1' } } },
      })
      // Same Daily calls, in the same order.
      expect(ours.calls).toEqual(reference.calls)
    })
  }

  it('the scripts produce what they should', async () => {
    const ours = await run(engine(), [
      ...speakerJoinsAndListens,
      ...assistantSpeaks,
      ...jsonMessages,
      ...customerLeaves,
    ])
    expect(ours.events.slice(-12)).toEqual([
      'call-start-success',
      'call-start',
      'volume-level:0.01',
      'volume-level:0.33',
      'speech-start',
      'volume-level:1.00',
      'volume-level:0.00',
      'speech-end',
      'message:transcript:final',
      'message:function-call',
      'call-end',
      'message:status-update:ended',
    ])
    expect(ours.calls).toEqual([
      'iframe',
      'join',
      'startRemoteParticipantsAudioLevelObserver',
      'updateInputSettings',
      'updateParticipant',
      'destroy',
    ])
  })
})

describe('the widget’s parity events, as @vapi-ai/web emits them', () => {
  /** A call with a `local-volume-level` listener from the start; Daily reports levels and network changes. */
  async function parity(target: ReferenceVapi | VoiceCall) {
    const got: string[] = []
    target.on('local-volume-level', (level: number) => void got.push(`local-volume-level:${level}`))
    target.on('network-quality-change', (e: { threshold: string }) => void got.push(`quality:${e.threshold}`))
    target.on('network-connection', (e: { type: string; event: string }) => void got.push(`${e.type}:${e.event}`))
    await target.start('asst_1')
    await flush()
    const call = created.at(-1)!
    call.emit('local-audio-level', { audioLevel: 0.25 })
    call.emit('network-quality-change', { threshold: 'low', quality: 40 })
    call.emit('network-connection', { type: 'sfu', event: 'interrupted' })
    call.emit('local-audio-level', { audioLevel: 0.5 })
    const names = call.calls.map(([m]) => m)
    await target.stop()
    return { got, names }
  }

  it('local-volume-level from Daily’s local observer (100 ms, started after noise cancellation), network events passed through', async () => {
    const reference = await parity(new Vapi('pk_conf', base))
    const ours = await parity(engine())
    expect(ours.got).toEqual(reference.got)
    expect(reference.got).toEqual([
      'local-volume-level:0.25',
      'quality:low',
      'sfu:interrupted',
      'local-volume-level:0.5',
    ])
    expect(ours.names).toEqual(reference.names)
    expect(reference.names.indexOf('startLocalAudioLevelObserver')).toBeGreaterThan(
      reference.names.indexOf('updateInputSettings'),
    )
  })
})

describe('reference bugs fixed by the engine', () => {
  it('reference: `error` with no listener throws out of start() and leaves it stuck "started"', async () => {
    const ref = new Vapi('pk_conf', `${base}/fail`) // 500 → start fails
    await expect(ref.start('asst_1')).rejects.toThrow()
    expect(await ref.start('asst_1')).toBeNull() // ignored forever: `started` was never reset

    const ours = new VoiceCall({
      publicKey: 'pk_conf',
      apiBaseUrl: `${base}/fail`,
      createCallObject: factory,
      isMobile: () => false,
      logger: quietLogger(),
    })
    await expect(ours.start('asst_1')).resolves.toBeNull()
    expect(ours.started).toBe(false)
  })

  it('reference: two instances share one token and base URL (module-wide client)', async () => {
    const a = new Vapi('pk_a', `${base}/a`)
    new Vapi('pk_b', `${base}/b`)
    await a.start('asst_1')
    expect(seen.at(-1)).toMatchObject({ path: '/b/call/web', auth: 'Bearer pk_b' }) // a's call went out as b
    await a.stop()

    const ours = new VoiceCall({
      publicKey: 'pk_a',
      apiBaseUrl: `${base}/a`,
      createCallObject: factory,
      isMobile: () => false,
      logger: quietLogger(),
    })
    new VoiceCall({ publicKey: 'pk_b', apiBaseUrl: `${base}/b`, logger: quietLogger() })
    await ours.start('asst_1')
    expect(seen.at(-1)).toMatchObject({ path: '/a/call/web', auth: 'Bearer pk_a' })
    await ours.stop()
  })

  it('reference: stop() during the web-call request does not cancel the start', async () => {
    let release!: () => void
    hold = new Promise((r) => (release = r))
    const ref = new Vapi('pk_conf', base)
    const refEvents = record(ref)
    const refStart = ref.start('asst_1')
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    await ref.stop()
    release()
    expect(await refStart).not.toBeNull() // the call went ahead after stop()
    expect(refEvents).toContain('call-start-success')
    await ref.stop()

    hold = new Promise((r) => (release = r))
    const ours = engine()
    const ourEvents = record(ours)
    const ourStart = ours.start('asst_1')
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    await ours.stop()
    expect(await ourStart).toBeNull()
    release()
    await new Promise((r) => setTimeout(r, 20))
    expect(ourEvents.at(-1)).toBe('call-end')
    expect(ourEvents).not.toContain('call-start-success')
  })

  it('reference: speech-end fires after call-end', async () => {
    const ref = new Vapi('pk_conf', base)
    const refEvents = record(ref)
    await ref.start('asst_1')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const call = created.at(-1)!
    call.levels({ bot: 0.5 })
    call.roomCloses()
    vi.advanceTimersByTime(1000)
    expect(refEvents.slice(-3)).toEqual(['call-end', 'message:status-update:ended', 'speech-end'])
    vi.useRealTimers()

    const ours = engine()
    const ourEvents = record(ours)
    await ours.start('asst_1')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    created.at(-1)!.levels({ bot: 0.5 })
    created.at(-1)!.roomCloses()
    vi.advanceTimersByTime(1000)
    expect(ourEvents.slice(-2)).toEqual(['call-end', 'message:status-update:ended'])
  })

  it('reference: end() destroys the room in the same tick as sending end-call', async () => {
    const ref = new Vapi('pk_conf', base)
    await ref.start('asst_1')
    const refCall = created.at(-1)!
    ref.end()
    await flush()
    // Destroyed right away (twice, even: stop() destroys, the left-meeting it causes destroys again).
    expect(refCall.calls.slice(-3)).toEqual([['sendAppMessage', '{"type":"end-call"}'], ['destroy'], ['destroy']])

    const ours = engine()
    await ours.start('asst_1')
    const ourCall = created.at(-1)!
    const ended = ours.end()
    await flush()
    expect(ourCall.calls.at(-1)).toEqual(['sendAppMessage', '{"type":"end-call"}'])
    ourCall.roomCloses() // the server closes the room after end-call
    await ended
    expect(ourCall.calls.at(-1)).toEqual(['destroy'])
  })
})
