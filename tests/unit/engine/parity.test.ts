/**
 * What the widget needs of the engine beyond starting a call, with `@vapi-ai/web` 2.7.1's names and shapes:
 * the visitor's microphone level (`local-volume-level`), Daily's network events passed through, the playback
 * volume (`setVolume` / `getAudioPlayer`) and the pre-call network diagnostics — on the fake Daily call object.
 */
import { describe, expect, it } from 'vitest'
import { type AudioSink, type NetworkConnectionEvent, type NetworkQualityEvent } from '../../../src/voice/engine'
import { runNetworkDiagnostics } from '../../../src/voice/engine/diagnostics'
import { FakeDailyCall, fakeDaily, flush } from './fakes'
import { setup } from './helpers'

const NOISE_CANCELLATION = ['updateInputSettings', { audio: { processor: { type: 'noise-cancellation' } } }]

/** Names of the local-observer calls made on the fake, in order. */
const observerCalls = (call: FakeDailyCall) =>
  call.calls.filter((c) => String(c[0]).includes('LocalAudioLevelObserver')).map((c) => c[0])

describe('local-volume-level: the visitor’s microphone level', () => {
  it('starts Daily’s local observer at 100 ms only after noise cancellation settled, when a listener exists, and relays its level', async () => {
    const { engine, daily } = setup()
    const levels: number[] = []
    engine.on('local-volume-level', (level) => levels.push(level))
    await engine.start('asst_1')
    const calls = daily.last.calls
    const nc = calls.findIndex((c) => JSON.stringify(c) === JSON.stringify(NOISE_CANCELLATION))
    const observer = calls.findIndex((c) => c[0] === 'startLocalAudioLevelObserver')
    expect(nc).toBeGreaterThan(-1)
    expect(observer).toBeGreaterThan(nc)
    expect(calls[observer]).toEqual(['startLocalAudioLevelObserver', 100])
    daily.last.emit('local-audio-level', { audioLevel: 0.42 })
    daily.last.emit('local-audio-level', { audioLevel: 0 })
    expect(levels).toEqual([0.42, 0])
  })

  it('costs nothing without a listener; the first listener mid-call starts it, the last one leaving stops it', async () => {
    const { engine, daily } = setup()
    await engine.start('asst_1')
    expect(observerCalls(daily.last)).toEqual([])
    const a = () => undefined
    const b = () => undefined
    engine.on('local-volume-level', a)
    engine.on('local-volume-level', b)
    expect(observerCalls(daily.last)).toEqual(['startLocalAudioLevelObserver'])
    engine.off('local-volume-level', a)
    expect(observerCalls(daily.last)).toEqual(['startLocalAudioLevelObserver'])
    engine.off('local-volume-level', b)
    expect(observerCalls(daily.last)).toEqual(['startLocalAudioLevelObserver', 'stopLocalAudioLevelObserver'])
    await engine.stop()
  })

  it('is not started before noise cancellation settled, even with a listener added during start', async () => {
    let release!: () => void
    const { engine, daily } = setup({
      configure: (call) => {
        call.joinGate = new Promise<void>((r) => (release = r))
      },
    })
    const starting = engine.start('asst_1')
    await flush()
    engine.on('local-volume-level', () => undefined) // while joining
    expect(observerCalls(daily.last)).toEqual([])
    release()
    await starting
    expect(observerCalls(daily.last)).toEqual(['startLocalAudioLevelObserver'])
  })

  it('stops at the end of the call, before the call object is destroyed, and starts again on the next call', async () => {
    const { engine, daily } = setup()
    engine.on('local-volume-level', () => undefined)
    await engine.start('asst_1')
    await engine.stop()
    const first = daily.created[0]!
    const names = first.calls.map((c) => c[0])
    expect(names.indexOf('stopLocalAudioLevelObserver')).toBeGreaterThan(-1)
    expect(names.indexOf('stopLocalAudioLevelObserver')).toBeLessThan(names.indexOf('destroy'))
    // No level after the end: the handler is gone with the call object.
    const levels: number[] = []
    engine.on('local-volume-level', (l) => levels.push(l))
    first.emit('local-audio-level', { audioLevel: 0.9 })
    expect(levels).toEqual([])
    await engine.start('asst_1')
    expect(observerCalls(daily.last)).toEqual(['startLocalAudioLevelObserver'])
    await engine.stop()
  })

  it('reports an observer that cannot start on local-audio-level-observer-error, and the call goes on', async () => {
    const { engine, daily, events } = setup({
      configure: (call) => {
        call.fail.startLocalAudioLevelObserver = new Error('AbortError: Unable to load a worklet’s module')
      },
    })
    const errors: unknown[] = []
    engine.on('local-audio-level-observer-error', (e) => errors.push(e))
    engine.on('local-volume-level', () => undefined)
    expect(await engine.start('asst_1')).not.toBeNull()
    await flush()
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toContain('worklet')
    expect(events).not.toContain('call-end')
    // Daily's own report (nonfatal-error) is relayed the same way.
    daily.last.emit('nonfatal-error', { type: 'local-audio-level-observer-error', errorMsg: 'stopped' })
    expect(errors).toHaveLength(2)
    expect(engine.started).toBe(true)
  })
})

describe('network-quality-change and network-connection: Daily’s payloads passed through', () => {
  it('relays both events as Daily gives them, during the call only', async () => {
    const { engine, daily } = setup()
    const quality: NetworkQualityEvent[] = []
    const connection: NetworkConnectionEvent[] = []
    engine.on('network-quality-change', (e) => quality.push(e))
    engine.on('network-connection', (e) => connection.push(e))
    await engine.start('asst_1')
    const call = daily.last
    call.emit('network-quality-change', { threshold: 'very-low', quality: 20, networkState: 'bad' })
    call.emit('network-connection', { type: 'sfu', event: 'interrupted', sfu_id: 'sfu-1' })
    call.emit('network-connection', { type: 'sfu', event: 'connected', sfu_id: 'sfu-1' })
    expect(quality).toEqual([
      { action: 'network-quality-change', threshold: 'very-low', quality: 20, networkState: 'bad' },
    ])
    expect(connection.map((e) => `${e.type}:${e.event}`)).toEqual(['sfu:interrupted', 'sfu:connected'])
    await engine.stop()
    call.emit('network-connection', { type: 'signaling', event: 'interrupted' })
    expect(connection).toHaveLength(2)
  })
})

/** A sink whose players have a `volume`, recording the volume each was started with. */
function volumeSink() {
  const started: (number | undefined)[] = []
  const players: { volume?: number; removed: boolean; remove(): void }[] = []
  const sink: AudioSink = {
    async play(_track, _id, volume) {
      started.push(volume)
      const player = {
        volume: 1,
        removed: false,
        remove() {
          player.removed = true
        },
      }
      players.push(player)
      return player
    },
  }
  return { sink, started, players }
}

describe('setVolume / getAudioPlayer', () => {
  it('clamps to 0..1, ignores non-finite values, applies to the playing element and to a replaced track', async () => {
    const { sink, started, players } = volumeSink()
    const { engine, daily } = setup({ audioSink: sink })
    await engine.start('asst_1')
    expect(engine.getAudioPlayer()).toBeNull() // no track yet
    engine.setVolume(0.3) // before the track: remembered
    daily.last.speakerJoins()
    daily.last.trackStarts('audio')
    await flush()
    expect(started).toEqual([0.3])
    expect(engine.getAudioPlayer()).toBe(players[0])
    engine.setVolume(7)
    expect(players[0]!.volume).toBe(1)
    engine.setVolume(-2)
    expect(players[0]!.volume).toBe(0)
    engine.setVolume(Number.NaN)
    engine.setVolume(Number.POSITIVE_INFINITY)
    expect(players[0]!.volume).toBe(0)
    engine.setVolume(0.5)
    // The track is replaced (renegotiation): the new element gets the remembered volume, the old one goes.
    daily.last.trackStarts('audio')
    await flush()
    expect(started).toEqual([0.3, 0.5])
    expect(players[0]!.removed).toBe(true)
    expect(players[1]!.volume).toBe(0.5)
    expect(engine.getAudioPlayer()).toBe(players[1])
    await engine.stop()
    expect(engine.getAudioPlayer()).toBeNull()
  })

  it('remembers the volume across calls, and a volume set while the player is starting wins', async () => {
    let resolvePlay!: () => void
    const players: { volume?: number; remove(): void }[] = []
    const sink: AudioSink = {
      async play(_t, _id, volume) {
        const player = { volume: volume ?? 1, remove: () => undefined }
        players.push(player)
        if (players.length === 2) await new Promise<void>((r) => (resolvePlay = r))
        return player
      },
    }
    const { engine, daily } = setup({ audioSink: sink })
    engine.setVolume(0.2)
    await engine.start('asst_1')
    daily.last.trackStarts('audio')
    await flush()
    expect(players[0]!.volume).toBe(0.2)
    await engine.stop()
    await engine.start('asst_1') // a second call on the same instance
    daily.last.trackStarts('audio')
    await flush()
    expect(players[1]!.volume).toBe(0.2)
    engine.setVolume(0.8) // while play() is pending
    resolvePlay()
    await flush()
    expect(players[1]!.volume).toBe(0.8)
    expect(engine.getAudioPlayer()).toBe(players[1])
    await engine.stop()
  })
})

describe('runNetworkDiagnostics (as Vapi.runNetworkTestsStandalone)', () => {
  const track = () => {
    const t = { kind: 'video', stopped: false, stop: () => void (t.stopped = true) }
    return t
  }

  it('runs Daily’s TURN and websocket tests on a temporary call object and destroys it', async () => {
    const daily = fakeDaily()
    const video = track()
    const results = await runNetworkDiagnostics({
      createCallObject: daily.factory,
      videoTrack: () => video as unknown as MediaStreamTrack,
    })
    expect(results).toEqual({
      networkConnectivity: { result: 'passed' },
      websocketConnectivity: {
        result: 'passed',
        abortedRegions: [],
        failedRegions: [],
        passedRegions: ['eu-central-1'],
      },
    })
    expect(daily.created).toHaveLength(1)
    expect(daily.last.options).toMatchObject({ audioSource: true, videoSource: false })
    expect(daily.last.calls.map((c) => c[0])).toEqual([
      'testNetworkConnectivity',
      'testWebsocketConnectivity',
      'destroy',
    ])
    expect(daily.last.calls[0]![1]).toBe(video)
    expect(video.stopped).toBe(true)
    expect(daily.last.destroyed).toBe(true)
  })

  it('records each failing test in its own field, still runs the other, and always cleans up', async () => {
    const daily = fakeDaily((call) => {
      call.fail.testNetworkConnectivity = new Error('TURN unreachable')
      call.websocketConnectivity = {
        result: 'failed',
        abortedRegions: [],
        failedRegions: ['eu-central-1'],
        passedRegions: [],
      }
    })
    const video = track()
    const results = await runNetworkDiagnostics({
      createCallObject: daily.factory,
      videoTrack: () => video as unknown as MediaStreamTrack,
    })
    expect(results.networkConnectivity).toEqual({ result: 'error', error: 'Error: TURN unreachable' })
    expect(results.websocketConnectivity).toMatchObject({ result: 'failed', failedRegions: ['eu-central-1'] })
    expect(video.stopped).toBe(true)
    expect(daily.last.destroyed).toBe(true)
  })

  it('without a video track the TURN test is an error, the websocket test still runs; a factory failure is `error`', async () => {
    const daily = fakeDaily()
    const results = await runNetworkDiagnostics({ createCallObject: daily.factory, videoTrack: () => null })
    expect(results.networkConnectivity).toMatchObject({ result: 'error' })
    expect(results.websocketConnectivity).toMatchObject({ result: 'passed' })
    expect(daily.last.destroyed).toBe(true)

    const failed = await runNetworkDiagnostics({
      createCallObject: () => {
        throw new Error('Duplicate DailyIframe instances are not allowed')
      },
    })
    expect(failed).toEqual({ error: 'Error: Duplicate DailyIframe instances are not allowed' })
  })
})
