/**
 * What each Daily event does to the call: one handler per event, all bound to one session and all removed on
 * its teardown (SPEC §4, §8).
 * @module
 */
import type { CallSession } from './callSession'
import { LISTENING_MESSAGE } from './constants'
import type { DailyCallLike, DailyEventPayloads, DailyHandlers, MeetingState } from './daily'
import { VoiceCallError } from './errors'
import { enterListening, type EngineHost, progressEvent, sessionError } from './host'
import { isVapiMessage, type VapiMessage } from './messages'
import { onRemoteLevels } from './speech'
import { playTrack, subscribeParticipant } from './tracks'

/** The Daily adapter of session `s` on `call`. */
export function dailyHandlers(host: EngineHost, s: CallSession, call: DailyCallLike): DailyHandlers {
  const state = (next: MeetingState) => () => host.setMeetingState(next)
  return {
    loading: state('loading'),
    loaded: state('loaded'),
    'joining-meeting': state('joining-meeting'),
    'joined-meeting': () => {
      s.joined = true
      host.setMeetingState('joined-meeting')
    },
    'left-meeting': () => {
      host.setMeetingState('left-meeting')
      if (s.succeeded) host.finish(s)
      else host.fail(s, new VoiceCallError(sessionError(s), 'The meeting was left during start.'))
    },
    error: (e) => {
      host.setMeetingState('error')
      const error = new VoiceCallError(
        s.succeeded ? 'daily-error' : sessionError(s, e),
        e?.errorMsg ?? e?.error?.msg ?? 'Daily error',
        e,
      )
      // Daily follows a fatal error with left-meeting, which ends the call.
      if (s.succeeded) host.error(error)
      else host.fail(s, error)
    },
    'nonfatal-error': (e) => {
      if (e?.type === 'local-audio-level-observer-error') {
        s.localLevel = false
        host.emit('local-audio-level-observer-error', e)
        return
      }
      if (e?.type !== 'audio-processor-error') return
      // SPEC §8: turn noise cancellation off and re-enable local audio.
      Promise.resolve()
        .then(() => call.updateInputSettings({ audio: { processor: { type: 'none' } } }))
        .then(() => {
          if (!s.ended) call.setLocalAudio(true)
        })
        .catch((error: unknown) => {
          if (!s.ended) host.error('audio-processor-recovery-error', error)
        })
    },
    'app-message': (e) => onAppMessage(host, s, e),
    'local-audio-level': (e) => {
      if (typeof e?.audioLevel === 'number') host.emit('local-volume-level', e.audioLevel)
    },
    // Passed through as @vapi-ai/web 2.7.1 does, for the widget's network states.
    'network-quality-change': (e) => {
      if (e) host.emit('network-quality-change', e)
    },
    'network-connection': (e) => {
      if (e) host.emit('network-connection', e)
    },
    'remote-participants-audio-level': (e) => onRemoteLevels(host, s, e),
    'participant-joined': (e) => subscribeParticipant(host, s, call, e?.participant),
    'participant-left': (e) => {
      const id = e?.participant?.session_id
      const player = id === undefined ? undefined : s.players.get(id)
      if (player && id !== undefined) {
        s.players.delete(id)
        player.remove()
      }
    },
    'track-started': (e) => void playTrack(host, s, call, e),
    'recording-started': () => {
      if (!s.recording || s.firstMessageSent) return
      s.firstMessageSent = true
      const delaySeconds = (host.options.clock.now() - s.recordingAt) / 1000
      host.emit(
        'call-start-progress',
        progressEvent(host, 'video-recording-started', 'completed', undefined, { delaySeconds }),
      )
      if (!s.ended)
        host.send({ type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: delaySeconds })
    },
  }
}

/** "listening" → `call-start` (once); any other app message → `message` (JSON text parsed; bad JSON logged). */
function onAppMessage(host: EngineHost, s: CallSession, e: DailyEventPayloads['app-message']): void {
  const data = e?.data
  if (data === LISTENING_MESSAGE) {
    enterListening(host, s)
    return
  }
  let message: VapiMessage
  try {
    message = typeof data === 'string' ? (JSON.parse(data) as VapiMessage) : (data as VapiMessage)
  } catch (error) {
    host.options.log.warn('[voice] could not parse app message', error)
    return
  }
  if (typeof message !== 'object' || message === null) return
  if (isVapiMessage(message, 'status-update') && message.status === 'ended') s.endedStatus = true
  host.emit('message', message)
}
