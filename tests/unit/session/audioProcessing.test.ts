// @vitest-environment happy-dom
/**
 * A visitor whose browser cannot run noise cancellation (Krisp's `KrispInitError: Canceled`) or Daily's audio-level
 * observer still gets a call: the real engine on a fake Daily call whose audio processor fails, wired into the
 * voice session the widget runs. SPEC §4 (start stages), §8 (audio-processor errors).
 */
import { describe, expect, it } from 'vitest'
import { createVoiceSession } from '../../../src/voice/session/session'
import type { ProblemKind } from '../../../src/voice/session/problems'
import type { WidgetStatus, WidgetToast } from '../../../src/voice/session/types'
import { setup as setupRealEngine } from '../engine/helpers'

const silent = { info() {}, warn() {}, error() {} }

describe('the call survives an audio-processing failure', () => {
  for (const fail of ['noiseCancellation', 'startRemoteParticipantsAudioLevelObserver'] as const) {
    it(`${fail} failing: the session reaches Listening, no error toast, no problem`, async () => {
      const t = setupRealEngine({ configure: (call) => (call.fail[fail] = new Error('KrispInitError: Canceled')) })
      const statuses: WidgetStatus[] = []
      const toasts: WidgetToast[] = []
      const problems: ProblemKind[] = []
      const errors: string[] = []
      t.engine.on('error', (e) => errors.push(e.type))
      const s = createVoiceSession({
        engine: t.engine,
        assistantId: 'asst_1',
        sessionId: 'session_1_abc',
        pageUrl: location.href,
        realtime: null,
        onStatus: (x) => statuses.push(x),
        onTranscript: () => {},
        notify: (x) => toasts.push(x),
        onProblem: (k) => problems.push(k),
        logger: silent,
        pageContext: false,
      })
      expect(await s.start()).toBe(true)
      expect(errors).toEqual([
        fail === 'noiseCancellation' ? 'audio-processing-setup-error' : 'audio-observer-setup-error',
      ])
      t.daily.last.appMessage('listening')
      expect(statuses.at(-1)).toBe('listening')
      expect(toasts.filter((x) => x.type === 'error')).toEqual([])
      expect(problems).toEqual([])
      if (fail === 'noiseCancellation') expect(t.daily.last.localAudioOn).toBe(true)
      await s.stop()
    })
  }
})
