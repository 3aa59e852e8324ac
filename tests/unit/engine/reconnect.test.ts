/**
 * A call that outlives the page: `start(…, { roomDeleteOnUserLeaveEnabled: false })` and `reconnect(webCall)`
 * (names and shapes of `@vapi-ai/web` 2.7.1), on the fake Daily call object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VoiceCall, type WebCall } from '../../../src/voice/engine'
import { startPlatformServer, type PlatformServer } from '../../servers/platform-server'
import { WEB_CALL, fakeDaily, quietLogger } from './fakes'
import { SUCCESS_EVENTS, setup } from './helpers'

const RECONNECT_EVENTS = [
  'call-start-progress:reconnect-initialization:started',
  'call-start-progress:reconnect-initialization:completed',
  ...SUCCESS_EVENTS.slice(4),
]

let server: PlatformServer
beforeAll(async () => {
  server = await startPlatformServer()
  server.fallback = () => ({ status: 201, body: WEB_CALL })
})
afterAll(() => server.close())

describe('a room that outlives the page', () => {
  it('start(…, { roomDeleteOnUserLeaveEnabled: false }) sends it in POST /call/web', async () => {
    const daily = fakeDaily()
    const engine = new VoiceCall({
      publicKey: 'pk_1',
      apiBaseUrl: server.url,
      createCallObject: daily.factory,
      logger: quietLogger(),
      isMobile: () => false,
      startTimeoutMs: 0,
    })
    expect(
      await engine.start('asst_1', undefined, undefined, undefined, undefined, { roomDeleteOnUserLeaveEnabled: false }),
    ).not.toBeNull()
    expect(server.requests.at(-1)?.json).toEqual({ roomDeleteOnUserLeaveEnabled: false, assistantId: 'asst_1' })
    await engine.stop()
  })

  it('reconnect(webCall) rejoins without creating a call: reconnect-initialization, the Daily stages, call-start-success, then call-start at once (the assistant already listens)', async () => {
    const { engine, daily, events, createWebCall, clock } = setup()
    const call = await engine.reconnect({ ...WEB_CALL })
    expect(call).toMatchObject({ id: WEB_CALL.id })
    expect(createWebCall).not.toHaveBeenCalled()
    expect(events).toEqual([...RECONNECT_EVENTS, 'call-start'])
    expect(clock.timers.size).toBe(0) // no start timeout waiting for a "listening" that will not come
    expect(daily.last.calls.find((c) => c[0] === 'join')?.[1]).toEqual({
      url: WEB_CALL.webCallUrl,
      subscribeToTracksAutomatically: false,
    })
    daily.last.appMessage('listening')
    expect(events.filter((e) => e === 'call-start')).toHaveLength(1)
    await engine.stop()
    expect(events.at(-1)).toContain('message') // the synthetic status-update ended follows call-end
  })

  it('a call the platform has ended meanwhile is the typed error call-ended, then call-end — never a hang', async () => {
    const { engine, events } = setup({
      startTimeoutMs: 0,
      configure: (c) => {
        c.duringJoin = (call) => {
          call.emit('error', {
            errorMsg: 'The meeting you are trying to join does not exist.',
            error: { type: 'no-room' },
          })
          call.emit('left-meeting')
        }
      },
    })
    const errors: { type: string }[] = []
    engine.on('error', (e) => errors.push(e))
    expect(await engine.reconnect({ ...WEB_CALL })).toBeNull()
    expect(errors.map((e) => e.type)).toEqual(['call-ended'])
    expect(events.slice(-3)).toEqual(['call-start-failed', 'error:call-ended', 'call-end'])
    expect(engine.started).toBe(false)
  })

  it('a web call without webCallUrl fails reconnect-initialization with reconnect-error; a second reconnect while started is ignored', async () => {
    const { engine, events } = setup({ startTimeoutMs: 0 })
    expect(await engine.reconnect({ id: 'call-1' } as WebCall)).toBeNull()
    expect(events).toEqual([
      'call-start-progress:reconnect-initialization:started',
      'call-start-progress:reconnect-initialization:failed',
      'call-start-failed',
      'error:reconnect-error',
      'call-end',
    ])
    const again = setup({ startTimeoutMs: 0 })
    await again.engine.reconnect({ ...WEB_CALL })
    expect(await again.engine.reconnect({ ...WEB_CALL })).toBeNull()
    expect(again.daily.created).toHaveLength(1)
    await again.engine.stop()
  })
})
