/**
 * What one call owns — its abort signal, timers, players, Daily call object and flags — and the helpers that
 * schedule on it, so that teardown can release everything at once.
 * @module
 */
import type { AudioPlayer } from './audio'
import type { Clock, TimerHandle } from './clock'
import type { DailyCallLike } from './daily'
import type { CallStartFailedEvent, StartStage } from './events'
import type { PendingStart } from './prestart'

/**
 * Everything one call owns; discarded whole on teardown. (Named for the call: the platform's `Session` resource,
 * src/platform/resources/crud.ts, and the widget's `VoiceSession`, src/voice/session/session.ts, are other things.)
 */
export interface CallSession {
  readonly abort: AbortController
  /** Clock time (ms) `start()` was called. */
  readonly t0: number
  readonly context: CallStartFailedEvent['context']
  readonly timers: Set<TimerHandle>
  readonly players: Map<string, AudioPlayer>
  stage: StartStage
  /** Clock time (ms) the current stage started. */
  stageAt: number
  call?: DailyCallLike | undefined
  unbind?: (() => void) | undefined
  recording: boolean
  video: boolean
  recordingAt: number
  joined: boolean
  succeeded: boolean
  listening: boolean
  startTimer?: TimerHandle
  speaking?: TimerHandle
  firstMessageSent: boolean
  endedStatus: boolean
  ended: boolean
  release?: (() => void) | undefined
  /** Whether this call rejoins an existing web call (`reconnect`): every failure is `reconnect-error` / `call-ended`. */
  reconnect?: boolean
  /** Whether the local level observer may run: noise cancellation has settled (after audio-processing-setup). */
  levelReady?: boolean
  /** Whether the local level observer was started (and not stopped since). */
  localLevel?: boolean
  /** The start begun at the press that this call took over (its microphone is held until Daily has joined). */
  pending?: PendingStart | undefined
}

/** A new session started at `now` (ms). */
export function newCallSession(now: number, context: CallSession['context']): CallSession {
  return {
    abort: new AbortController(),
    t0: now,
    context,
    timers: new Set(),
    players: new Map(),
    stage: 'initialization',
    stageAt: now,
    recording: false,
    video: false,
    recordingAt: now,
    joined: false,
    succeeded: false,
    listening: false,
    firstMessageSent: false,
    endedStatus: false,
    ended: false,
  }
}

/** Thrown inside a start when the session ended meanwhile: the start stops silently. */
export const CANCELLED = Symbol('cancelled')

/** Schedules `fn` after `ms` ms on the session: cleared by teardown. */
export function sessionTimer(clock: Clock, s: CallSession, fn: () => void, ms: number): TimerHandle {
  const handle = clock.setTimeout(() => {
    s.timers.delete(handle)
    fn()
  }, ms)
  s.timers.add(handle)
  return handle
}

/** Clears a session timer; unknown or fired handles are ignored. */
export function clearSessionTimer(clock: Clock, s: CallSession, handle: TimerHandle): void {
  if (handle === undefined || !s.timers.delete(handle)) return
  clock.clearTimeout(handle)
}

/** Resolves after `ms` ms, or never if the session is torn down first. */
export function sessionSleep(clock: Clock, s: CallSession, ms: number): Promise<void> {
  return new Promise((resolve) => sessionTimer(clock, s, resolve, ms))
}

/** Runs `run` and settles with it, or rejects with {@link CANCELLED} as soon as `signal` aborts. */
export function untilAborted<T>(signal: AbortSignal, run: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(CANCELLED)
    signal.addEventListener('abort', onAbort, { once: true })
    const done = () => signal.removeEventListener('abort', onAbort)
    new Promise<T>((r) => r(run())).then(
      (value) => {
        done()
        resolve(value)
      },
      (error: unknown) => {
        done()
        reject(error)
      },
    )
  })
}
