/**
 * Daily's local audio level observer (the visitor's microphone level, `local-volume-level`), run exactly while a
 * call may use it and something listens. Started only once noise cancellation has settled (`levelReady`, set by
 * ./start.ts): Krisp replaces the microphone track, which would abort the observer's worklet load (as
 * `@vapi-ai/web` 2.7.1's `maybeStartLocalAudioLevelObserver` explains).
 * @module
 */
import type { CallSession } from './callSession'
import { AUDIO_LEVEL_INTERVAL_MS } from './constants'
import type { DailyCallLike } from './daily'
import type { EngineLogger } from './options'

/**
 * Starts or stops the observer of `s` so that it runs exactly when `wanted` (someone listens) and the call allows it
 * (joined, not ended, `levelReady`). Polls every {@link AUDIO_LEVEL_INTERVAL_MS} ms. A rejected start is handed to
 * `onError` (unless the call has ended meanwhile) and leaves the observer stopped, so a later listener retries.
 */
export function syncLocalLevel(
  s: CallSession | null,
  wanted: boolean,
  onError: (error: unknown) => void,
  log: EngineLogger,
): void {
  const call = s?.call
  if (!s || !call || s.ended || !s.levelReady) return
  if (wanted && !s.localLevel && call.startLocalAudioLevelObserver) {
    s.localLevel = true
    call.startLocalAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS).catch((error: unknown) => {
      if (s.ended) return
      s.localLevel = false
      onError(error)
    })
  } else if (!wanted && s.localLevel) stopLocalLevel(s, call, log)
}

/** Stops the observer of `s` if it runs on `call`; a throwing daily-js is logged, never rethrown (teardown goes on). */
export function stopLocalLevel(s: CallSession, call: DailyCallLike, log: EngineLogger): void {
  if (!s.localLevel) return
  s.localLevel = false
  try {
    call.stopLocalAudioLevelObserver?.()
  } catch (error) {
    log.error('[voice] stopLocalAudioLevelObserver failed', error)
  }
}
