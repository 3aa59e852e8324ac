import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CallObjectUnavailableError,
  VoiceCall,
  VoiceCallError,
  isVapiMessage,
  type CallStartFailedEvent,
  type CallStartProgressEvent,
  type VoiceCallErrorEvent,
} from '../../../src/voice/engine'
import { RECORDING_OPTIONS } from '../../../src/voice/engine/constants'
import { FakeClock, WEB_CALL, fakeDaily, flush, quietLogger, record } from './fakes'
import { SUCCESS_EVENTS, fakeSink, setup } from './helpers'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Starts a call on fakes and lets the assistant say "listening". */
async function started(options: Parameters<typeof setup>[0] = {}) {
  const t = setup(options)
  const result = await t.engine.start('asst_1')
  expect(result).not.toBeNull()
  t.daily.last.appMessage('listening')
  return t
}

describe('start: the success path', () => {
  it('emits every stage started/completed in order, then call-start-success, and records the Daily calls', async () => {
    const { engine, daily, events, createWebCall, clock } = setup()
    const call = await engine.start('asst_1', { variableValues: { sessionId: 's1' } })
    expect(call).toMatchObject({ id: 'call-1', webCallUrl: WEB_CALL.webCallUrl })
    expect(events).toEqual(SUCCESS_EVENTS)
    expect(createWebCall).toHaveBeenCalledTimes(1)
    expect(createWebCall.mock.calls[0]?.[0]).toEqual({
      assistant: 'asst_1',
      assistantOverrides: { variableValues: { sessionId: 's1' } },
    })
    expect(daily.created).toHaveLength(1)
    expect(daily.last.options).toEqual({ audioSource: true, videoSource: false, dailyConfig: {} })
    expect(daily.last.calls).toEqual([
      ['iframe'],
      ['join', { url: WEB_CALL.webCallUrl, subscribeToTracksAutomatically: false }],
      ['startRemoteParticipantsAudioLevelObserver', 100],
      ['updateInputSettings', { audio: { processor: { type: 'noise-cancellation' } } }],
    ])
    expect(engine.meetingState).toBe('joined-meeting')
    expect(engine.started).toBe(true)
    // A start timeout is armed until "listening" arrives.
    expect(clock.timers.size).toBe(1)
    daily.last.appMessage('listening')
    expect(clock.timers.size).toBe(0)
    expect(events.at(-1)).toBe('call-start')
  })

  it('reports durations (ms), metadata and ISO timestamps', async () => {
    const { engine } = setup()
    const progress: CallStartProgressEvent[] = []
    engine.on('call-start-progress', (e) => progress.push(e))
    let success: unknown
    engine.on('call-start-success', (e) => (success = e))
    await engine.start('asst_1')
    const created = progress.find((p) => p.stage === 'web-call-creation' && p.status === 'completed')
    expect(created?.metadata).toEqual({ callId: 'call-1', videoRecordingEnabled: false, voiceProvider: '11labs' })
    expect(created?.duration).toBe(0)
    expect(progress.find((p) => p.stage === 'mobile-permissions' && p.status === 'completed')?.metadata).toEqual({
      action: 'skipped-not-mobile',
    })
    expect(progress.every((p) => !Number.isNaN(Date.parse(p.timestamp)))).toBe(true)
    expect(success).toMatchObject({ totalDuration: 0, callId: 'call-1' })
  })

  it('a second start while started is ignored and resolves null', async () => {
    const { engine, events, createWebCall } = setup()
    const first = engine.start('asst_1')
    expect(await engine.start('asst_2')).toBeNull()
    expect(await first).not.toBeNull()
    expect(await engine.start('asst_3')).toBeNull()
    expect(createWebCall).toHaveBeenCalledTimes(1)
    expect(events.filter((e) => e === 'call-start-progress:validation:failed')).toHaveLength(2)
  })

  it('waits 1000 ms on mobile before joining', async () => {
    const { engine, daily, clock } = setup({ isMobile: () => true })
    const p = engine.start('asst_1')
    await flush(30)
    expect(daily.last.calls.some(([m]) => m === 'join')).toBe(false)
    clock.advance(999)
    await flush(30)
    expect(daily.last.calls.some(([m]) => m === 'join')).toBe(false)
    clock.advance(1)
    expect(await p).not.toBeNull()
    expect(daily.last.calls.some(([m]) => m === 'join')).toBe(true)
  })

  it('passes squad/workflow ids and inline definitions through to the web-call payload', async () => {
    const { engine, createWebCall } = setup()
    await engine.start(undefined, undefined, 'squad_1', { name: 'wf' } as never, { variableValues: {} })
    expect(createWebCall.mock.calls[0]?.[0]).toEqual({
      squad: 'squad_1',
      workflow: { name: 'wf' },
      workflowOverrides: { variableValues: {} },
    })
  })
})

describe('start: each stage failing in turn', () => {
  const boom = new Error('boom')
  const cases = [
    { stage: 'initialization', type: 'validation-error', arrange: {}, target: undefined },
    {
      stage: 'web-call-creation',
      type: 'start-method-error',
      arrange: { createWebCall: () => Promise.reject(boom) },
    },
    {
      stage: 'daily-call-object-creation',
      type: 'daily-call-object-creation-error',
      arrange: {
        createCallObject: () => {
          throw boom
        },
      },
    },
    { stage: 'daily-call-join', type: 'daily-call-join-error', fail: 'join' },
    {
      stage: 'video-recording-setup',
      type: 'video-recording-setup-error',
      fail: 'startRecording',
      arrange: { webCall: { artifactPlan: { videoRecordingEnabled: true } } },
    },
  ] as const

  for (const c of cases) {
    it(`${c.stage} → progress failed, call-start-failed, error ${c.type}, call-end, full clean-up, null`, async () => {
      const fail = 'fail' in c ? c.fail : undefined
      const t = setup({
        ...('arrange' in c ? c.arrange : {}),
        configure: (call) => {
          if (fail) call.fail[fail] = boom
        },
      })
      const failed: CallStartFailedEvent[] = []
      const errors: VoiceCallErrorEvent[] = []
      t.engine.on('call-start-failed', (e) => failed.push(e))
      t.engine.on('error', (e) => errors.push(e))
      const result = await t.engine.start('target' in c ? c.target : 'asst_1')
      expect(result).toBeNull()

      const at = t.events.indexOf(`call-start-progress:${c.stage}:started`)
      expect(at).toBeGreaterThanOrEqual(0)
      const joined = c.stage === 'video-recording-setup'
      expect(t.events.slice(at)).toEqual([
        `call-start-progress:${c.stage}:started`,
        `call-start-progress:${c.stage}:failed`,
        'call-start-failed',
        `error:${c.type}`,
        'call-end',
        ...(joined ? ['message:status-update:ended'] : []),
      ])
      expect(failed[0]).toMatchObject({ stage: c.stage, totalDuration: 0 })
      expect(failed[0]?.context).toEqual({
        hasAssistant: c.stage !== 'initialization',
        hasSquad: false,
        hasWorkflow: false,
        isMobile: false,
      })
      expect(errors).toHaveLength(1)
      expect(errors[0]?.error).toBeInstanceOf(VoiceCallError)
      expect(errors[0]?.stage).toBe(c.stage)
      if (c.stage === 'initialization')
        expect(errors[0]?.message).toBe('Assistant or Squad or Workflow must be provided.')
      else expect(errors[0]?.message).toBe('boom')

      // Full clean-up: nothing left on the call object, no timer, no player; the engine is reusable.
      for (const call of t.daily.created) {
        expect(call.listenerCount()).toBe(0)
        expect(call.calls.filter(([m]) => m === 'destroy')).toHaveLength(1)
      }
      expect(t.clock.timers.size).toBe(0)
      expect(t.engine.started).toBe(false)
      delete (t.daily.created[0]?.fail ?? {})[fail ?? 'join']
    })
  }

  it('mobile-permissions fails only by the start timeout', async () => {
    const t = setup({ isMobile: () => true, startTimeoutMs: 500 })
    const p = t.engine.start('asst_1')
    await flush(30)
    t.clock.advance(500)
    expect(await p).toBeNull()
    expect(t.events.slice(-5)).toEqual([
      'call-start-progress:mobile-permissions:started',
      'call-start-progress:mobile-permissions:failed',
      'call-start-failed',
      'error:start-timeout',
      'call-end',
    ])
    expect(t.daily.last.calls.some(([m]) => m === 'join')).toBe(false)
    expect(t.daily.last.listenerCount()).toBe(0)
    expect(t.clock.timers.size).toBe(0)
  })

  it('a Daily error during join is reported once, as daily-call-join-error', async () => {
    const t = setup({
      configure: (call) => {
        call.duringJoin = () => {
          call.emit('error', { errorMsg: 'no-room' })
          call.emit('left-meeting')
        }
      },
    })
    expect(await t.engine.start('asst_1')).toBeNull()
    expect(t.events.slice(-4)).toEqual([
      'call-start-progress:daily-call-join:failed',
      'call-start-failed',
      'error:daily-call-join-error',
      'call-end',
    ])
    expect(t.engine.meetingState).toBe('error')
  })

  it('a web call without webCallUrl fails web-call-creation', async () => {
    const t = setup({ webCall: { webCallUrl: '' } })
    expect(await t.engine.start('asst_1')).toBeNull()
    expect(t.events).toContain('call-start-progress:web-call-creation:failed')
    expect(t.daily.created).toHaveLength(0)
  })

  it('the engine starts again after a failure', async () => {
    let n = 0
    const t = setup({
      configure: (call) => {
        if (n++ === 0) call.fail.join = new Error('first join fails')
      },
    })
    expect(await t.engine.start('asst_1')).toBeNull()
    expect(await t.engine.start('asst_1')).not.toBeNull()
    expect(t.daily.created).toHaveLength(2)
  })
})

describe('during the call', () => {
  it('"listening" emits call-start once; JSON app messages are parsed into message; bad JSON is only logged', async () => {
    const t = await started()
    const messages: unknown[] = []
    t.engine.on('message', (m) => messages.push(m))
    const call = t.daily.last
    call.appMessage('listening')
    call.appMessage(
      JSON.stringify({ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'scroll' }),
    )
    call.appMessage(JSON.stringify({ type: 'function-call', functionCall: { name: 'scroll', parameters: {} } }))
    call.appMessage(JSON.stringify({ type: 'some-future-type', x: 1 }))
    call.appMessage('{not json')
    expect(t.events.filter((e) => e === 'call-start')).toHaveLength(1)
    expect(t.events.slice(-3)).toEqual([
      'message:transcript:partial',
      'message:function-call',
      'message:some-future-type',
    ])
    expect(messages).toHaveLength(3)
    const [transcript] = messages
    expect(isVapiMessage(transcript, 'transcript') && transcript.transcript).toBe('scroll')
    expect(t.logger.lines.some(([level, text]) => level === 'warn' && String(text).includes('could not parse'))).toBe(
      true,
    )
  })

  it('speech detection on a fake clock: threshold 0.01 (summed), speech-end 1000 ms after the last level, volume capped', async () => {
    const t = await started()
    const call = t.daily.last
    const from = t.events.length
    call.levels({ a: 0.005, b: 0.005 }) // sum 0.01: not above the threshold
    call.levels({ a: 0.006, b: 0.005 }) // 0.011 → speech-start
    t.clock.advance(999)
    call.levels({ a: 0.3 }) // keeps speaking (timer restarts), volume capped at 1
    t.clock.advance(500)
    call.levels({ a: 0 })
    t.clock.advance(499)
    expect(t.events.slice(from)).toEqual([
      'volume-level:0.07',
      'volume-level:0.07',
      'speech-start',
      'volume-level:1.00',
      'volume-level:0.00',
    ])
    t.clock.advance(1) // 1000 ms after the last level above the threshold
    expect(t.events.at(-1)).toBe('speech-end')
    expect(t.events.filter((e) => e === 'speech-start')).toHaveLength(1)
    call.levels({ a: 0.5 })
    expect(t.events.slice(-2)).toEqual(['volume-level:1.00', 'speech-start'])
  })

  it('subscribes remote audio always and video only with recording or tavus; ignores the local participant', async () => {
    for (const [webCall, video] of [
      [{}, false],
      [{ artifactPlan: { videoRecordingEnabled: true } }, true],
      [{ assistant: { voice: { provider: 'tavus' } } }, true],
    ] as const) {
      const t = await started({ webCall })
      const call = t.daily.last
      call.emit('participant-joined', { participant: { session_id: 'me', local: true } })
      call.speakerJoins('bot')
      expect(call.calls.filter(([m]) => m === 'updateParticipant')).toEqual([
        ['updateParticipant', 'bot', { setSubscribedTracks: { audio: true, video } }],
      ])
      await t.engine.stop()
    }
  })

  it('also subscribes to remote participants already in the room at join', async () => {
    const t = await started({
      configure: (call) => {
        call.joinResult = {
          local: { session_id: 'me', local: true },
          bot: { session_id: 'bot', user_name: 'Vapi Speaker' },
        }
      },
    })
    expect(t.daily.last.calls.filter(([m]) => m === 'updateParticipant')).toEqual([
      ['updateParticipant', 'bot', { setSubscribedTracks: { audio: true, video: false } }],
    ])
  })

  it('plays only the "Vapi Speaker" participant; sends "playable"; hands out video; drops players on leave', async () => {
    const t = await started()
    const call = t.daily.last
    const video: unknown[] = []
    t.engine.on('video', (track) => video.push(track))
    call.trackStarts('audio', 'other', 'Someone Else')
    call.trackStarts('audio', 'speaker-1')
    call.trackStarts('video', 'speaker-1')
    await flush()
    expect(t.sink.played).toEqual(['speaker-1:audio'])
    expect(t.events.filter((e) => e === 'audio')).toHaveLength(1)
    expect(video).toHaveLength(1)
    expect(call.calls.filter(([m, d]) => m === 'sendAppMessage' && d === 'playable')).toHaveLength(2)
    expect(t.sink.live.size).toBe(1)
    call.emit('participant-left', { participant: { session_id: 'speaker-1' } })
    expect(t.sink.live.size).toBe(0)
  })

  it('refused playback (autoplay policy) → error audio-start-failed, no "playable"', async () => {
    const t = await started()
    t.sink.refuse = new Error('NotAllowedError')
    t.daily.last.trackStarts('audio')
    await flush()
    expect(t.events.at(-1)).toBe('error:audio-start-failed')
    expect(t.daily.last.calls.some(([, d]) => d === 'playable')).toBe(false)
  })

  for (const c of [
    {
      stage: 'audio-observer-setup',
      fail: 'startRemoteParticipantsAudioLevelObserver',
      error: new Error('AbortError: Unable to load a worklet'),
    },
    { stage: 'audio-processing-setup', fail: 'noiseCancellation', error: new Error('KrispInitError: Canceled') },
  ] as const) {
    it(`${c.stage} failing is not fatal: failed progress, error ${c.stage}-error, the call goes on to call-start`, async () => {
      const t = setup({ configure: (call) => (call.fail[c.fail] = c.error) })
      const errors: VoiceCallErrorEvent[] = []
      const progress: { stage: string; status: string; metadata?: Record<string, unknown> }[] = []
      t.engine.on('error', (e) => errors.push(e))
      t.engine.on('call-start-progress', (e) => progress.push(e))
      const result = await t.engine.start('asst_1')
      expect(result).toMatchObject({ id: 'call-1' })
      expect(progress.filter((p) => p.stage === c.stage).map((p) => p.status)).toEqual(['started', 'failed'])
      expect(progress.find((p) => p.status === 'failed')?.metadata).toEqual({ error: c.error.message })
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatchObject({ type: `${c.stage}-error`, stage: c.stage, message: c.error.message })
      expect(t.events).toContain('call-start-success')
      expect(t.events).not.toContain('call-start-failed')
      expect(t.events).not.toContain('call-end')
      // the other audio stage still ran
      const other = c.stage === 'audio-observer-setup' ? 'audio-processing-setup' : 'audio-observer-setup'
      expect(progress.filter((p) => p.stage === other).map((p) => p.status)).toEqual(['started', 'completed'])
      const call = t.daily.last
      if (c.stage === 'audio-processing-setup') {
        // SPEC §8: noise cancellation turned off, then local audio re-enabled.
        expect(call.calls.filter(([m]) => m === 'updateInputSettings' || m === 'setLocalAudio')).toEqual([
          ['updateInputSettings', { audio: { processor: { type: 'noise-cancellation' } } }],
          ['updateInputSettings', { audio: { processor: { type: 'none' } } }],
          ['setLocalAudio', true],
        ])
      }
      call.appMessage('listening')
      expect(t.events.at(-1)).toBe('call-start')
      expect(t.engine.started).toBe(true)
      await t.engine.stop()
    })
  }

  it('noise cancellation that cannot be turned off either: audio-processor-recovery-error, the call still goes on', async () => {
    const t = setup({ configure: (call) => (call.fail.updateInputSettings = new Error('KrispInitError: Canceled')) })
    const types: string[] = []
    t.engine.on('error', (e) => types.push(e.type))
    expect(await t.engine.start('asst_1')).not.toBeNull()
    expect(types).toEqual(['audio-processing-setup-error', 'audio-processor-recovery-error'])
    t.daily.last.appMessage('listening')
    expect(t.events.at(-1)).toBe('call-start')
    await t.engine.stop()
  })

  it('nonfatal audio-processor-error turns noise cancellation off, then re-enables local audio', async () => {
    const t = await started()
    const call = t.daily.last
    call.emit('nonfatal-error', { type: 'screen-share-error', errorMsg: 'x' })
    call.emit('nonfatal-error', { type: 'audio-processor-error', errorMsg: 'krisp' })
    await flush()
    expect(call.calls.slice(-2)).toEqual([
      ['updateInputSettings', { audio: { processor: { type: 'none' } } }],
      ['setLocalAudio', true],
    ])
    call.fail.updateInputSettings = new Error('still broken')
    call.emit('nonfatal-error', { type: 'audio-processor-error', errorMsg: 'krisp' })
    await flush()
    expect(t.events.at(-1)).toBe('error:audio-processor-recovery-error')
  })

  it('video recording: 1280×720 default layout; say-first-message with the start delay in seconds; stopped at the end', async () => {
    const t = await started({ webCall: { artifactPlan: { videoRecordingEnabled: true } } })
    const call = t.daily.last
    expect(call.options).toMatchObject({ videoSource: true })
    expect(call.calls).toContainEqual(['startRecording', RECORDING_OPTIONS])
    expect(RECORDING_OPTIONS).toMatchObject({ width: 1280, height: 720, layout: { preset: 'default' } })
    t.clock.advance(2500)
    call.emit('recording-started')
    call.emit('recording-started')
    const sent = call.calls.filter(([m, d]) => m === 'sendAppMessage' && String(d).includes('control'))
    expect(sent).toEqual([
      [
        'sendAppMessage',
        JSON.stringify({ type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: 2.5 }),
      ],
    ])
    call.roomCloses()
    await flush()
    expect(call.calls.slice(-2)).toEqual([['stopRecording'], ['destroy']])
  })

  it('with a meeting token the recording auto-starts: token passed to join, no startRecording', async () => {
    const t = await started({
      webCall: { artifactPlan: { videoRecordingEnabled: true }, transport: { callToken: 'tok' } },
    })
    expect(t.daily.last.calls).toContainEqual([
      'join',
      { url: WEB_CALL.webCallUrl, token: 'tok', subscribeToTracksAutomatically: false },
    ])
    expect(t.daily.last.calls.some(([m]) => m === 'startRecording')).toBe(false)
  })

  it('tracks Daily meeting states through one setter (skips repeats, logs old -> new)', async () => {
    const t = setup()
    const states: string[] = []
    t.engine.on('meeting-state-change', (s, prev) => states.push(`${prev}->${s}`))
    await t.engine.start('asst_1')
    t.daily.last.emit('joined-meeting')
    t.daily.last.roomCloses()
    expect(states).toEqual([
      'new->loading',
      'loading->loaded',
      'loaded->joining-meeting',
      'joining-meeting->joined-meeting',
      'joined-meeting->left-meeting',
    ])
    expect(t.logger.lines.filter(([l]) => l === 'debug').map(([, m]) => m)).toContain(
      '[voice] meeting state joined-meeting -> left-meeting',
    )
  })
})

describe('ending', () => {
  it('customer leaving: call-end and status-update ended/customer-ended-call exactly once; everything removed', async () => {
    const t = await started()
    const call = t.daily.last
    const messages: unknown[] = []
    t.engine.on('message', (m) => messages.push(m))
    call.trackStarts('audio')
    await flush()
    call.levels({ a: 0.5 })
    call.roomCloses()
    call.roomCloses()
    await t.engine.stop()
    await t.engine.end()
    expect(t.events.filter((e) => e === 'call-end')).toHaveLength(1)
    expect(t.events.slice(-2)).toEqual(['call-end', 'message:status-update:ended'])
    expect(messages).toEqual([{ type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' }])
    expect(call.listenerCount()).toBe(0)
    expect(t.clock.timers.size).toBe(0)
    expect(t.sink.live.size).toBe(0)
    expect(call.destroyed).toBe(true)
    t.clock.advance(5000)
    expect(t.events.at(-1)).toBe('message:status-update:ended') // no speech-end after call-end
  })

  it('no synthetic status-update when the server already sent "ended"', async () => {
    const t = await started()
    t.daily.last.appMessage(
      JSON.stringify({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' }),
    )
    t.daily.last.roomCloses()
    expect(t.events.slice(-2)).toEqual(['message:status-update:ended', 'call-end'])
  })

  it('error then left-meeting: one error, one call-end, one status-update', async () => {
    const t = await started()
    const call = t.daily.last
    call.emit('error', { errorMsg: 'You were removed', error: { type: 'ejected', msg: 'removed' } })
    expect(t.engine.meetingState).toBe('error')
    call.roomCloses()
    await flush()
    expect(t.events.slice(-3)).toEqual(['error:daily-error', 'call-end', 'message:status-update:ended'])
    expect(t.events.filter((e) => e.startsWith('error'))).toHaveLength(1)
    expect(call.listenerCount()).toBe(0)
    expect(t.engine.meetingState).toBe('left-meeting')
  })

  it('stop() during the call: call-end + status-update, destroy, nothing afterwards', async () => {
    const t = await started()
    const call = t.daily.last
    call.levels({ a: 0.5 })
    await t.engine.stop()
    expect(t.events.slice(-2)).toEqual(['call-end', 'message:status-update:ended'])
    expect(call.destroyed).toBe(true)
    const n = t.events.length
    call.emit('left-meeting')
    call.appMessage('{"type":"hang"}')
    t.clock.advance(5000)
    expect(t.events.length).toBe(n)
  })

  it('end(): the end-call message goes out before the room is destroyed', async () => {
    const t = await started()
    const call = t.daily.last
    const ended = t.engine.end()
    await flush()
    expect(call.calls.at(-1)).toEqual(['sendAppMessage', JSON.stringify({ type: 'end-call' })])
    expect(call.destroyed).toBe(false)
    t.clock.advance(999)
    await flush()
    expect(call.destroyed).toBe(false)
    t.clock.advance(1)
    await ended
    expect(call.destroyed).toBe(true)
    expect(t.events.filter((e) => e === 'call-end')).toHaveLength(1)
  })

  it('end() twice: both resolve when the room closes', async () => {
    const t = await started()
    const first = t.engine.end()
    const second = t.engine.end()
    t.daily.last.roomCloses()
    await Promise.all([first, second])
    expect(t.daily.last.calls.filter(([m, d]) => m === 'sendAppMessage' && d === '{"type":"end-call"}')).toHaveLength(2)
    expect(t.events.filter((e) => e === 'call-end')).toHaveLength(1)
  })

  it('end(): the server closing the room ends the wait early', async () => {
    const t = await started()
    const ended = t.engine.end()
    t.daily.last.roomCloses()
    await ended
    expect(t.daily.last.destroyed).toBe(true)
    expect(t.clock.timers.size).toBe(0)
    expect(t.events.filter((e) => e === 'call-end')).toHaveLength(1)
  })
})

describe('API', () => {
  it('device methods without a call raise "Call object is not available."', async () => {
    const { engine } = setup()
    await expect(engine.setInputDevicesAsync({ audioDeviceId: 'x' })).rejects.toThrow('Call object is not available.')
    await expect(engine.setOutputDeviceAsync({ outputDeviceId: 'x' })).rejects.toBeInstanceOf(
      CallObjectUnavailableError,
    )
    expect(() => engine.setMuted(true)).toThrow('Call object is not available.')
    expect(engine.isMuted()).toBe(false)
    expect(engine.send({ type: 'end-call' })).toBe(false)
    expect(engine.dailyCallObject).toBeNull()
  })

  it('send/say/setMuted/isMuted/devices during a call', async () => {
    const t = await started()
    const call = t.daily.last
    expect(t.engine.say('Hello', true)).toBe(true)
    t.engine.say('Hi', undefined, true, true)
    t.engine.setMuted(true)
    expect(t.engine.isMuted()).toBe(true)
    t.engine.setMuted(false)
    expect(t.engine.isMuted()).toBe(false)
    await t.engine.setInputDevicesAsync({ audioDeviceId: 'mic-2' })
    await t.engine.setOutputDeviceAsync({ outputDeviceId: 'spk-2' })
    expect(call.calls.slice(-6)).toEqual([
      [
        'sendAppMessage',
        JSON.stringify({
          type: 'say',
          message: 'Hello',
          endCallAfterSpoken: true,
          interruptionsEnabled: false,
          interruptAssistantEnabled: false,
        }),
      ],
      [
        'sendAppMessage',
        JSON.stringify({ type: 'say', message: 'Hi', interruptionsEnabled: true, interruptAssistantEnabled: true }),
      ],
      ['setLocalAudio', false],
      ['setLocalAudio', true],
      ['setInputDevicesAsync', { audioDeviceId: 'mic-2' }],
      ['setOutputDeviceAsync', { outputDeviceId: 'spk-2' }],
    ])
    expect(t.engine.dailyCallObject).toBe(call)
  })

  it('corrects unsafe Daily settings with a console warning (SPEC §5)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    const daily = fakeDaily()
    const engine = new VoiceCall({
      publicKey: 'pk',
      createWebCall: async () => ({ ...WEB_CALL }),
      createCallObject: daily.factory,
      isMobile: () => false,
      dailyConfig: { alwaysIncludeMicInPermissionPrompt: false, avoidEval: true },
      callObjectOptions: { audioSource: false, startAudioOff: true },
    })
    expect(warn).toHaveBeenCalledTimes(2)
    await engine.start('asst_1')
    expect(daily.last.options).toEqual({
      audioSource: true,
      videoSource: false,
      startAudioOff: true,
      dailyConfig: { avoidEval: true },
    })
    await engine.setInputDevicesAsync({ audioSource: false, audioDeviceId: 'mic' })
    expect(daily.last.calls.at(-1)).toEqual(['setInputDevicesAsync', { audioDeviceId: 'mic' }])
    expect(warn).toHaveBeenCalledTimes(3)
    expect(String(warn.mock.calls[2]?.[0])).toContain('audioSource: false')
    await engine.stop()
  })
})

describe('better than the reference', () => {
  it('error with no listener never throws and never leaves the engine unusable; a throwing listener neither', async () => {
    const daily = fakeDaily()
    const logger = quietLogger()
    let fail = true
    const engine = new VoiceCall({
      publicKey: 'pk',
      createWebCall: async () => {
        if (fail) throw new Error('network down')
        return { ...WEB_CALL }
      },
      createCallObject: daily.factory,
      isMobile: () => false,
      logger,
      clock: new FakeClock(),
    })
    await expect(engine.start('asst_1')).resolves.toBeNull()
    await expect(engine.start()).resolves.toBeNull() // validation error, still no listener
    expect(logger.lines.filter(([l]) => l === 'error')).toHaveLength(2)
    fail = false
    engine.on('call-start-progress', () => {
      throw new Error('listener bug')
    })
    await expect(engine.start('asst_1')).resolves.not.toBeNull()
    expect(engine.started).toBe(true)
  })

  it('two engines never share a token or base URL (default platform client, injected fetch)', async () => {
    const seen: { url: string; auth: string | null }[] = []
    const fetch = (async (url: string, init: RequestInit) => {
      seen.push({ url: String(url), auth: new Headers(init.headers).get('authorization') })
      return new Response(JSON.stringify(WEB_CALL), { status: 201, headers: { 'content-type': 'application/json' } })
    }) as typeof globalThis.fetch
    const make = (publicKey: string, apiBaseUrl: string) =>
      new VoiceCall({
        publicKey,
        apiBaseUrl,
        fetch,
        createCallObject: fakeDaily().factory,
        isMobile: () => false,
        logger: quietLogger(),
        clock: new FakeClock(),
      })
    const a = make('pk_a', 'https://a.example')
    const b = make('pk_b', 'https://b.example')
    expect(await a.start('asst')).not.toBeNull()
    expect(await b.start('asst')).not.toBeNull()
    await a.stop()
    expect(await a.start('asst')).not.toBeNull()
    expect(seen).toEqual([
      { url: 'https://a.example/call/web', auth: 'Bearer pk_a' },
      { url: 'https://b.example/call/web', auth: 'Bearer pk_b' },
      { url: 'https://a.example/call/web', auth: 'Bearer pk_a' },
    ])
  })

  it('stop() during the web-call request aborts it; start resolves null; nothing fires afterwards', async () => {
    let signal: AbortSignal | undefined
    const t = setup({
      createWebCall: (_p, opts) =>
        new Promise((_resolve, reject) => {
          signal = opts.signal
          opts.signal.addEventListener('abort', () => reject(new Error('APIUserAbortError')))
        }),
    })
    const p = t.engine.start('asst_1')
    await flush()
    expect(t.events.at(-1)).toBe('call-start-progress:web-call-creation:started')
    await t.engine.stop()
    expect(signal?.aborted).toBe(true)
    expect(await p).toBeNull()
    expect(t.events.slice(-2)).toEqual(['call-start-progress:web-call-creation:started', 'call-end'])
    const n = t.events.length
    t.clock.advance(60_000)
    await flush()
    expect(t.events.length).toBe(n)
    expect(t.daily.created).toHaveLength(0)
    expect(t.clock.timers.size).toBe(0)
  })

  it('stop() while joining: start resolves null, the call object is destroyed, nothing fires afterwards', async () => {
    let open!: () => void
    const t = setup({
      configure: (call) => {
        call.joinGate = new Promise<void>((r) => (open = r))
      },
    })
    const p = t.engine.start('asst_1')
    await flush(30)
    expect(t.events.at(-1)).toBe('call-start-progress:daily-call-join:started')
    await t.engine.stop()
    expect(await p).toBeNull()
    const n = t.events.length
    open()
    await flush(30)
    expect(t.events.length).toBe(n)
    expect(t.events.at(-1)).toBe('call-end')
    expect(t.daily.last.destroyed).toBe(true)
    expect(t.daily.last.listenerCount()).toBe(0)
  })

  it('stop() while daily-js is still loading destroys the late call object', async () => {
    let resolveFactory!: (call: ReturnType<ReturnType<typeof fakeDaily>['factory']>) => void
    const daily = fakeDaily()
    const t = setup({ createCallObject: () => new Promise((r) => (resolveFactory = r)) })
    const p = t.engine.start('asst_1')
    await flush(30)
    await t.engine.stop()
    expect(await p).toBeNull()
    const late = daily.factory({})
    resolveFactory(late)
    await flush(30)
    expect(late.destroyed).toBe(true)
    expect(late.listenerCount()).toBe(0)
    expect(t.events.filter((e) => e === 'call-end')).toHaveLength(1)
  })

  it('a start that never receives "listening" times out with a clear error', async () => {
    const t = setup({ startTimeoutMs: 15_000 })
    const errors: VoiceCallErrorEvent[] = []
    t.engine.on('error', (e) => errors.push(e))
    expect(await t.engine.start('asst_1')).not.toBeNull()
    t.clock.advance(14_999)
    expect(t.events.at(-1)).toBe('call-start-success')
    t.clock.advance(1)
    expect(t.events.slice(-3)).toEqual(['error:start-timeout', 'call-end', 'message:status-update:ended'])
    expect(errors[0]?.message).toBe('The assistant did not start listening within 15000 ms.')
    expect(t.daily.last.listenerCount()).toBe(0)
    expect(t.engine.started).toBe(false)
  })

  it('200 start/stop cycles leave zero listeners, timers and players behind', async () => {
    const t = setup()
    for (let i = 0; i < 200; i++) {
      const p = t.engine.start('asst_1')
      if (i % 3 === 0) {
        await t.engine.stop() // during start
        expect(await p).toBeNull()
        continue
      }
      expect(await p).not.toBeNull()
      const call = t.daily.last
      call.speakerJoins()
      call.trackStarts('audio')
      await flush()
      call.appMessage('listening')
      call.levels({ a: 0.2 })
      if (i % 3 === 1) await t.engine.stop()
      else call.roomCloses()
    }
    await t.engine.stop()
    expect(t.events.filter((e) => e === 'call-end')).toHaveLength(200)
    expect(t.daily.created.reduce((n, c) => n + c.listenerCount(), 0)).toBe(0)
    expect(t.daily.created.every((c) => c.destroyed)).toBe(true)
    expect(t.clock.timers.size).toBe(0)
    expect(t.sink.live.size).toBe(0)
  })
})

describe('exactly one call-end on every path', () => {
  const paths: [string, (t: Awaited<ReturnType<typeof started>>) => Promise<void> | void][] = [
    ['room closes', (t) => t.daily.last.roomCloses()],
    ['stop()', (t) => t.engine.stop()],
    [
      'end() then the room closes',
      async (t) => {
        const p = t.engine.end()
        t.daily.last.roomCloses()
        await p
      },
    ],
    [
      'end() grace elapses',
      async (t) => {
        const p = t.engine.end()
        t.clock.advance(1000)
        await p
      },
    ],
    [
      'Daily error then left-meeting',
      (t) => {
        t.daily.last.emit('error', { errorMsg: 'ejected' })
        t.daily.last.roomCloses()
      },
    ],
    [
      'stop() twice, then end(), then a late left-meeting',
      async (t) => {
        const call = t.daily.last
        await t.engine.stop()
        await t.engine.stop()
        await t.engine.end()
        call.emit('left-meeting')
      },
    ],
  ]
  for (const [name, act] of paths) {
    it(name, async () => {
      const t = await started()
      t.daily.last.levels({ a: 0.5 })
      await act(t)
      await flush()
      t.clock.advance(10_000)
      expect(t.events.filter((e) => e === 'call-end')).toHaveLength(1)
      expect(t.events.filter((e) => e === 'message:status-update:ended')).toHaveLength(1)
      expect(t.events.indexOf('speech-end')).toBeLessThan(t.events.indexOf('call-end')) // never after call-end
      expect(t.daily.last.listenerCount()).toBe(0)
      expect(t.clock.timers.size).toBe(0)
    })
  }
})

describe('recorder sanity', () => {
  it('records only what the engine emits', () => {
    const engine = new VoiceCall({
      publicKey: 'pk',
      createWebCall: async () => ({ ...WEB_CALL }),
      logger: quietLogger(),
    })
    expect(record(engine)).toEqual([])
    void fakeSink
  })
})
