/**
 * Which remote tracks are received and played (SPEC §9): the engine subscribes to every remote participant's
 * audio (and video when recording or a video voice), and plays only the speaker's audio through the sink.
 * @module
 */
import type { AudioPlayer } from './audio'
import type { CallSession } from './callSession'
import { PLAYABLE_MESSAGE, SPEAKER_NAME } from './constants'
import type { DailyCallLike, DailyEventPayloads, DailyParticipantLike } from './daily'
import type { EngineHost } from './host'

/** Subscribes to a remote participant's tracks (local participants and unknown ids are skipped). */
export function subscribeParticipant(
  host: EngineHost,
  s: CallSession,
  call: DailyCallLike,
  p: DailyParticipantLike | undefined,
): void {
  if (!p || p.local || !p.session_id) return
  try {
    call.updateParticipant(p.session_id, { setSubscribedTracks: { audio: true, video: s.recording || s.video } })
  } catch (error) {
    host.options.log.error('[voice] subscribing to tracks failed', error)
  }
}

/** Only the speaker's tracks are played (SPEC §9); audio through the sink, video handed out on `video`. */
export async function playTrack(
  host: EngineHost,
  s: CallSession,
  call: DailyCallLike,
  e: DailyEventPayloads['track-started'],
): Promise<void> {
  const p = e?.participant
  const track = e?.track
  if (!p || p.local || p.user_name !== SPEAKER_NAME || !track) return
  if (track.kind === 'video') host.emit('video', track)
  else if (track.kind === 'audio') {
    let player: AudioPlayer
    try {
      const volume = host.volume()
      player = await host.options.sink.play(track, p.session_id, ...(volume === null ? [] : [volume]))
    } catch (error) {
      if (!s.ended) host.error('audio-start-failed', error)
      return
    }
    if (s.ended) return player.remove()
    s.players.get(p.session_id)?.remove()
    s.players.delete(p.session_id) // re-inserted last: the newest player is the one getAudioPlayer() returns
    // Reapplied in case setVolume() was called while the player was starting (as @vapi-ai/web 2.7.1).
    const volume = host.volume()
    if (volume !== null) player.volume = volume
    s.players.set(p.session_id, player)
    host.emit('audio', player)
  } else return
  if (!s.ended) call.sendAppMessage(PLAYABLE_MESSAGE)
}
