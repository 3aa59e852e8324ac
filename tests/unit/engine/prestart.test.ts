/**
 * The press starts the call (src/voice/engine/prestart.ts): the request and the microphone go out at once, and
 * the engine takes both over with the same stages, events and errors — against a real HTTP server on 127.0.0.1
 * standing in for `POST /call/web`, the platform client's real request path, and the fake Daily call object.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { VoiceCall } from '../../../src/voice/engine'
import { prestartWebCall, sameJson } from '../../../src/voice/engine/prestart'
import { buildWebCallBody } from '../../../src/platform/web'
import { startPlatformServer, type PlatformServer } from '../../servers/platform-server'
import { WEB_CALL, fakeDaily, flush, quietLogger, record } from './fakes'
import { SUCCESS_EVENTS, fakeSink } from './helpers'

let server: PlatformServer
beforeAll(async () => {
  server = await startPlatformServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.fallback = () => ({ status: 201, body: WEB_CALL })
})

const OVERRIDES = { variableValues: { sessionId: 'session_1', url: 'https://shop.example/p' } }

/** A microphone whose tracks record `stop()`; `refuse` makes getUserMedia reject as a denied prompt does. */
function fakeMic(refuse?: Error) {
  const stops: string[] = []
  let requests = 0
  let resolve!: (s: MediaStream) => void
  let reject!: (e: unknown) => void
  const stream = { getTracks: () => [{ kind: 'audio', stop: () => stops.push('audio') }] } as unknown as MediaStream
  const devices = {
    getUserMedia: vi.fn(() => {
      requests++
      return new Promise<MediaStream>((res, rej) => {
        resolve = res
        reject = rej
        if (refuse) rej(refuse)
      })
    }),
  }
  return {
    devices,
    stops,
    stream,
    grant: () => resolve(stream),
    deny: (e: unknown) => reject(e),
    requests: () => requests,
  }
}

function press(mic: ReturnType<typeof fakeMic>) {
  return prestartWebCall({
    publicKey: 'pk_live_123',
    apiBaseUrl: server.url,
    assistantId: 'asst_1',
    assistantOverrides: OVERRIDES,
    mediaDevices: mic.devices,
  })
}

function engineFor(pending: ReturnType<typeof press>) {
  const daily = fakeDaily()
  const engine = new VoiceCall({
    publicKey: 'pk_live_123',
    apiBaseUrl: server.url,
    pendingStart: pending,
    createCallObject: daily.factory,
    logger: quietLogger(),
    audioSink: fakeSink(),
    isMobile: () => false,
    startTimeoutMs: 0,
  })
  return { engine, daily, events: record(engine) }
}

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const t0 = Date.now()
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('prestartWebCall: the press sends the request and asks for the microphone at once', () => {
  it('sends POST /call/web with the bearer key and the body the platform client would send, and requests the microphone, synchronously', async () => {
    const mic = fakeMic()
    const pending = press(mic)
    expect(mic.requests()).toBe(1) // inside the press's task, not after a tick
    await until(() => server.requests.length === 1)
    const req = server.requests[0]!
    expect(req.method).toBe('POST')
    expect(req.path).toBe('/call/web')
    expect(req.headers.authorization).toBe('Bearer pk_live_123')
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.json).toEqual(buildWebCallBody({ assistant: 'asst_1', assistantOverrides: OVERRIDES }))
    expect((await pending.response).status).toBe(201)
  })

  it('cancel() stops the microphone even when the stream arrives after it, and aborts a request in flight', async () => {
    server.fallback = () => ({ status: 201, body: WEB_CALL, delayMs: 300 })
    const mic = fakeMic()
    const pending = press(mic)
    pending.cancel()
    await expect(pending.response).rejects.toThrow()
    mic.grant()
    await flush()
    expect(mic.stops).toEqual(['audio'])
    pending.cancel() // idempotent
    await flush()
    expect(mic.stops).toEqual(['audio'])
  })

  it('compares bodies by value, not key order', () => {
    expect(sameJson('{"a":1,"b":{"c":[1,2]}}', '{"b":{"c":[1,2]},"a":1}')).toBe(true)
    expect(sameJson('{"a":1}', '{"a":2}')).toBe(false)
    expect(sameJson('{"a":1}', 'not json')).toBe(false)
    expect(sameJson(undefined, '{}')).toBe(false)
  })
})

describe('the engine takes the press over', () => {
  it('uses the pending response (one request in all), same stages and events, and lets the microphone go once Daily has joined', async () => {
    const mic = fakeMic()
    const pending = press(mic)
    mic.grant()
    const { engine, daily, events } = engineFor(pending)
    const call = await engine.start('asst_1', OVERRIDES)
    expect(call).toMatchObject({ id: WEB_CALL.id, webCallUrl: WEB_CALL.webCallUrl })
    expect(events).toEqual(SUCCESS_EVENTS)
    expect(server.requests.filter((r) => r.path === '/call/web')).toHaveLength(1)
    expect(mic.requests()).toBe(1)
    expect(daily.last.calls.map((c) => c[0])).toContain('join')
    await flush()
    expect(mic.stops).toEqual(['audio']) // Daily holds its own track now
    daily.last.appMessage('listening')
    expect(events.at(-1)).toBe('call-start')
    await engine.stop()
    expect(mic.stops).toEqual(['audio'])
  })

  it('a refused microphone fails daily-call-join once (daily-call-join-error), before joining, and leaves nothing running', async () => {
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })
    const mic = fakeMic(denied)
    const pending = press(mic)
    const { engine, daily, events } = engineFor(pending)
    const errors: { type: string; message: string }[] = []
    engine.on('error', (e) => errors.push(e))
    expect(await engine.start('asst_1', OVERRIDES)).toBeNull()
    expect(errors).toEqual([
      expect.objectContaining({
        type: 'daily-call-join-error',
        message: 'The microphone is unavailable: NotAllowedError: Permission denied',
      }),
    ])
    expect(events.slice(-4)).toEqual([
      'call-start-progress:daily-call-join:failed',
      'call-start-failed',
      'error:daily-call-join-error',
      'call-end',
    ])
    expect(daily.last.calls.map((c) => c[0])).not.toContain('join')
    expect(daily.last.destroyed).toBe(true)
    expect(server.requests).toHaveLength(1)
    expect(engine.started).toBe(false)
  })

  it("a refused request (401) fails web-call-creation once (start-method-error), with the platform client's message, and stops the microphone", async () => {
    server.fallback = () => ({
      status: 401,
      body: { message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key.' },
    })
    const mic = fakeMic()
    const pending = press(mic)
    mic.grant()
    const { engine, daily, events } = engineFor(pending)
    const errors: { type: string; message: string }[] = []
    engine.on('error', (e) => errors.push(e))
    expect(await engine.start('asst_1', OVERRIDES)).toBeNull()
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ type: 'start-method-error' })
    expect(errors[0]!.message).toContain('Invalid Key')
    expect(events.slice(-4)).toEqual([
      'call-start-progress:web-call-creation:failed',
      'call-start-failed',
      'error:start-method-error',
      'call-end',
    ])
    expect(daily.created).toHaveLength(0)
    expect(server.requests).toHaveLength(1) // a 401 is not retried, and never sent twice
    await flush()
    expect(mic.stops).toEqual(['audio'])
  })

  it('stop() while the pending request is in flight aborts it, stops the microphone and emits nothing more', async () => {
    server.fallback = () => ({ status: 201, body: WEB_CALL, delayMs: 400 })
    const mic = fakeMic()
    const pending = press(mic)
    const { engine, daily, events } = engineFor(pending)
    const started = engine.start('asst_1', OVERRIDES)
    await until(() => events.includes('call-start-progress:web-call-creation:started'))
    await engine.stop()
    expect(await started).toBeNull()
    mic.grant()
    await flush()
    expect(mic.stops).toEqual(['audio'])
    await expect(pending.response).rejects.toThrow()
    expect(events.at(-1)).toBe('call-end')
    expect(daily.created).toHaveLength(0)
  })

  it('a start that differs from the press (another assistant) sends its own request and releases the pending one', async () => {
    const mic = fakeMic()
    const pending = press(mic)
    mic.grant()
    const { engine } = engineFor(pending)
    expect(await engine.start('asst_2', OVERRIDES)).not.toBeNull()
    // This start's own request went out; the press's one was released (aborted if still in flight).
    expect(server.requests.map((r) => (r.json as { assistantId?: string }).assistantId)).toContain('asst_2')
    expect(pending.taken).toBe(true)
    await flush()
    expect(mic.stops).toEqual(['audio'])
    await engine.stop()
  })
})
