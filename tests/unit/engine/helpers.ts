import { vi } from 'vitest'
import { VoiceCall, type VoiceCallOptions, type AudioSink, type WebCall } from '../../../src/voice/engine'
import { FakeClock, WEB_CALL, fakeDaily, quietLogger, record, type FakeDailyCall } from './fakes'

/** An audio sink that counts the players it handed out and that are not removed yet. */
export function fakeSink() {
  const live = new Set<{ id: string }>()
  const played: string[] = []
  const sink: AudioSink & { live: typeof live; played: string[]; refuse?: Error } = {
    live,
    played,
    async play(track, participantId) {
      if (sink.refuse) throw sink.refuse
      played.push(`${participantId}:${track.kind}`)
      const player = { id: participantId, remove: () => void live.delete(player) }
      live.add(player)
      return player
    },
  }
  return sink
}

export interface SetupOptions extends Partial<VoiceCallOptions> {
  webCall?: Partial<WebCall> & Record<string, unknown>
  configure?: (call: FakeDailyCall) => void
}

/** An engine wired to fakes, with its events recorded. */
export function setup(options: SetupOptions = {}) {
  const { webCall, configure, ...rest } = options
  const daily = fakeDaily(configure)
  const clock = new FakeClock()
  const logger = quietLogger()
  const sink = fakeSink()
  const createWebCall = vi.fn(async (_payload: unknown, _opts: { signal: AbortSignal }) => ({
    ...WEB_CALL,
    ...webCall,
  }))
  const engine = new VoiceCall({
    publicKey: 'pk_test',
    createWebCall,
    createCallObject: daily.factory,
    clock,
    logger,
    audioSink: sink,
    isMobile: () => false,
    ...rest,
  })
  const events = record(engine)
  return { engine, daily, clock, logger, sink, createWebCall, events }
}

export const SUCCESS_EVENTS = [
  'call-start-progress:initialization:started',
  'call-start-progress:initialization:completed',
  'call-start-progress:web-call-creation:started',
  'call-start-progress:web-call-creation:completed',
  'call-start-progress:daily-call-object-creation:started',
  'call-start-progress:daily-call-object-creation:completed',
  'call-start-progress:mobile-permissions:started',
  'call-start-progress:mobile-permissions:completed',
  'call-start-progress:daily-call-join:started',
  'call-start-progress:daily-call-join:completed',
  'call-start-progress:video-recording-setup:started',
  'call-start-progress:video-recording-setup:completed',
  'call-start-progress:audio-observer-setup:started',
  'call-start-progress:audio-observer-setup:completed',
  'call-start-progress:audio-processing-setup:started',
  'call-start-progress:audio-processing-setup:completed',
  'call-start-success',
]

export { VoiceCall }
