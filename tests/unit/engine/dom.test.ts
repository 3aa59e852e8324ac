// @vitest-environment happy-dom
/**
 * The default audio sink in a DOM: one hidden <audio> per played speaker, none left after the call, also after
 * 200 start/stop cycles.
 */
import { expect, it } from 'vitest'
import { VoiceCall } from '../../../src/voice/engine'
import { FakeClock, WEB_CALL, fakeDaily, flush, quietLogger } from './fakes'

function fakeTrack(kind: 'audio' | 'video') {
  // happy-dom's MediaStream accepts any track-like object.
  return { kind, id: `${kind}-1`, enabled: true, readyState: 'live', addEventListener() {}, removeEventListener() {} }
}

it('plays the speaker in one <audio> element and removes every element, also after 200 cycles', async () => {
  const daily = fakeDaily()
  const clock = new FakeClock()
  const engine = new VoiceCall({
    publicKey: 'pk',
    createWebCall: async () => ({ ...WEB_CALL }),
    createCallObject: daily.factory,
    clock,
    logger: quietLogger(),
    isMobile: () => false,
  })
  const audioEvents: unknown[] = []
  engine.on('audio', (el) => audioEvents.push(el))
  for (let i = 0; i < 200; i++) {
    expect(await engine.start('asst_1')).not.toBeNull()
    const call = daily.last
    call.emit('track-started', {
      participant: { session_id: 'bot', user_name: 'Vapi Speaker', local: false },
      track: fakeTrack('audio'),
    })
    await flush()
    const players = document.querySelectorAll('audio')
    expect(players).toHaveLength(1)
    expect((players[0] as HTMLAudioElement).dataset.participantId).toBe('bot')
    expect((players[0] as HTMLAudioElement).autoplay).toBe(true)
    call.appMessage('listening')
    call.levels({ bot: 0.3 })
    if (i % 2) await engine.stop()
    else call.roomCloses()
    expect(document.querySelectorAll('audio')).toHaveLength(0)
  }
  expect(audioEvents).toHaveLength(200)
  expect(daily.created.reduce((n, c) => n + c.listenerCount(), 0)).toBe(0)
  expect(clock.timers.size).toBe(0)
  expect(document.body.children).toHaveLength(0)
})
