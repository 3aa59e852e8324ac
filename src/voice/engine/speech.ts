/**
 * When the assistant is speaking (SPEC §4, §9): `volume-level` on every observer tick, `speech-start` when the
 * summed remote level rises above the threshold, `speech-end` 1000 ms after the last level above it.
 * @module
 */
import { clearSessionTimer, type CallSession, sessionTimer } from './callSession'
import { SPEECH_END_DELAY_MS, SPEECH_THRESHOLD, VOLUME_LEVEL_SCALE } from './constants'
import type { DailyEventPayloads } from './daily'
import type { EngineHost } from './host'

/** Handles one `remote-participants-audio-level` event of the session's call. */
export function onRemoteLevels(
  host: EngineHost,
  s: CallSession,
  e: DailyEventPayloads['remote-participants-audio-level'],
): void {
  const clock = host.options.clock
  let sum = 0
  for (const level of Object.values(e?.participantsAudioLevel ?? {})) sum += level
  host.emit('volume-level', Math.min(1, sum / VOLUME_LEVEL_SCALE))
  if (s.ended || !(sum > SPEECH_THRESHOLD)) return
  if (s.speaking !== undefined) clearSessionTimer(clock, s, s.speaking)
  else {
    host.emit('speech-start')
    if (s.ended) return
  }
  s.speaking = sessionTimer(
    clock,
    s,
    () => {
      s.speaking = undefined
      host.emit('speech-end')
    },
    SPEECH_END_DELAY_MS,
  )
}
