/**
 * How a call is set up (SPEC §4 "Call-start client"): the start stages in order, each reported on
 * `call-start-progress` as `started` then `completed` (or `failed`, through {@link EngineHost.fail}).
 * @module
 */
import { CANCELLED, type CallSession, sessionSleep, untilAborted } from './callSession'
import { AUDIO_LEVEL_INTERVAL_MS, MOBILE_JOIN_DELAY_MS, RECORDING_OPTIONS } from './constants'
import { type DailyParticipantLike, listen } from './daily'
import { dailyHandlers } from './dailyAdapter'
import { describeError, ValidationError, VoiceCallError, webCallRefusal } from './errors'
import type { StartStage } from './events'
import { enterListening, type EngineHost, isoNow, progressEvent, sessionError, stageError } from './host'
import { subscribeParticipant } from './tracks'
import type { WebCall, WebCallPayload } from './web-call'

/** What a start sets up: a new web call from a payload, or an existing one to rejoin (`reconnect`). */
export type StartTarget = { payload: WebCallPayload } | { webCall: WebCall }

/**
 * Runs every start stage of session `s`. For a payload (assistant, squad or workflow and overrides; undefined
 * keys are dropped): initialization, web-call-creation, then the Daily stages. For a web call to rejoin:
 * reconnect-initialization (checks `webCallUrl`), then the same Daily stages. Never rejects: resolves the web
 * call, or `null` when a stage failed (reported through `host.fail`) or the session ended meanwhile.
 */
export async function runStart(host: EngineHost, s: CallSession, target: StartTarget): Promise<WebCall | null> {
  try {
    const webCall = 'webCall' in target ? await rejoin(host, s, target.webCall) : await create(host, s, target.payload)
    return await join(host, s, webCall)
  } catch (error) {
    host.fail(s, VoiceCallError.from(error, sessionError(s)))
    return null
  }
}

/** reconnect-initialization: the web call to rejoin must have a room URL. */
async function rejoin(host: EngineHost, s: CallSession, webCall: WebCall): Promise<WebCall> {
  await stage(
    host,
    s,
    'reconnect-initialization',
    () => {
      s.context.isMobile = host.options.isMobile()
      if (!webCall?.webCallUrl) throw new VoiceCallError('reconnect-error', 'webCallUrl is required for reconnection.')
    },
    () => ({ callId: webCall.id }),
    {
      callId: webCall?.id ?? 'unknown',
      hasVideoRecording: !!webCall?.artifactPlan?.videoRecordingEnabled,
      voiceProvider: webCall?.assistant?.voice?.provider ?? 'unknown',
    },
  )
  return webCall
}

/** initialization and web-call-creation. */
async function create(host: EngineHost, s: CallSession, payload: WebCallPayload): Promise<WebCall> {
  const o = host.options
  const context = s.context
  {
    await stage(
      host,
      s,
      'initialization',
      () => {
        context.isMobile = o.isMobile()
        if (!payload.assistant && !payload.squad && !payload.workflow) throw new ValidationError()
      },
      undefined,
      { hasAssistant: context.hasAssistant, hasSquad: context.hasSquad, hasWorkflow: context.hasWorkflow },
    )
    const webCall = await stage(
      host,
      s,
      'web-call-creation',
      async () => {
        const body: WebCallPayload = { ...payload }
        for (const k of Object.keys(body) as (keyof WebCallPayload)[]) if (body[k] === undefined) delete body[k]
        let created: WebCall
        try {
          created = await o.createWebCall(body, { signal: s.abort.signal })
        } catch (error) {
          if (s.abort.signal.aborted) throw CANCELLED
          // The same WebCallRefusedError whether the press's request (taken over) or this one was refused.
          throw webCallRefusal(error)
        }
        if (!created?.webCallUrl) throw new VoiceCallError('start-method-error', 'The web call has no webCallUrl.')
        return created
      },
      (c) => ({
        callId: c.id,
        videoRecordingEnabled: !!c.artifactPlan?.videoRecordingEnabled,
        voiceProvider: c.assistant?.voice?.provider ?? 'unknown',
      }),
    )
    return webCall
  }
}

/** The Daily stages, common to a start and a reconnect, then `call-start-success`. */
async function join(host: EngineHost, s: CallSession, webCall: WebCall): Promise<WebCall | null> {
  const o = host.options
  const clock = o.clock
  const context = s.context
  {
    s.recording = !!webCall.artifactPlan?.videoRecordingEnabled
    s.video = webCall.assistant?.voice?.provider === 'tavus'
    const transport = webCall['transport'] as { callToken?: unknown } | undefined
    const token = typeof transport?.callToken === 'string' ? transport.callToken : undefined

    const call = await stage(host, s, 'daily-call-object-creation', async () => {
      await host.destroyed() // daily-js allows one call object at a time
      const created = await o.createCallObject({
        audioSource: o.callObjectOptions.audioSource ?? true,
        videoSource: s.recording,
        ...(o.callObjectOptions.startAudioOff !== undefined
          ? { startAudioOff: o.callObjectOptions.startAudioOff }
          : {}),
        dailyConfig: o.dailyConfig,
      })
      if (s.ended) {
        void created.destroy().catch((e) => o.log.error('[voice] destroy failed', e))
        throw CANCELLED
      }
      s.call = created
      host.setMeetingState('new')
      created.iframe?.()?.style.setProperty('display', 'none')
      s.unbind = listen(created, dailyHandlers(host, s, created))
      return created
    })

    const isMobile = context.isMobile
    await stage(
      host,
      s,
      'mobile-permissions',
      () => (isMobile ? sessionSleep(clock, s, MOBILE_JOIN_DELAY_MS) : undefined),
      () => ({ action: isMobile ? 'permissions-wait' : 'skipped-not-mobile' }),
      { isMobile },
    )

    const joined = await stage(host, s, 'daily-call-join', async () => {
      // A microphone requested at the press (prestart.ts) must be granted before joining: Daily's own request
      // then finds the grant (and a live capture) and prompts no second time. Today's stage for a mic failure.
      const mic = s.pending?.microphone
      if (mic) {
        await mic.catch((error: unknown) => {
          throw new VoiceCallError(
            'daily-call-join-error',
            `The microphone is unavailable: ${describeError(error)}`,
            error,
          )
        })
      }
      s.recordingAt = clock.now()
      return call.join({ url: webCall.webCallUrl, ...(token ? { token } : {}), subscribeToTracksAutomatically: false })
    })
    s.joined = true
    s.pending?.releaseMicrophone() // Daily holds its own track now
    // Participants already in the room get no participant-joined event: subscribe to them too.
    if (joined && typeof joined === 'object') {
      for (const p of Object.values(joined as Record<string, DailyParticipantLike>))
        subscribeParticipant(host, s, call, p)
    }

    await stage(
      host,
      s,
      'video-recording-setup',
      () => {
        if (!s.recording) return 'skipped-not-enabled'
        if (token) return 'auto-started-via-meeting-token'
        s.recordingAt = clock.now()
        call.startRecording(RECORDING_OPTIONS)
        return 'recording-requested'
      },
      (action) => ({ action }),
    )
    // Audio processing is not critical (as in @vapi-ai/web 2.7.1, which names Krisp's `KrispInitError: Canceled`):
    // a failure of either stage is reported (`failed` progress, then the SPEC §8 error event) and the call goes on.
    await nonCriticalStage(host, s, 'audio-observer-setup', () =>
      call.startRemoteParticipantsAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS),
    )
    const processing = await nonCriticalStage(
      host,
      s,
      'audio-processing-setup',
      async () => {
        if (!o.noiseCancellation) return 'skipped-disabled'
        await call.updateInputSettings({ audio: { processor: { type: 'noise-cancellation' } } })
        return 'noise-cancellation'
      },
      (action) => ({ action }),
    )
    if (processing === FAILED) {
      // SPEC §8 (as for Daily's nonfatal audio-processor-error): noise cancellation off, local audio re-enabled.
      try {
        await untilAborted(s.abort.signal, () => call.updateInputSettings({ audio: { processor: { type: 'none' } } }))
        if (!s.ended) call.setLocalAudio(true)
      } catch (error) {
        if (s.ended) throw CANCELLED
        host.error('audio-processor-recovery-error', error)
      }
    }

    // Only now: Krisp has replaced the microphone track, which would abort the observer's worklet load
    // (as @vapi-ai/web 2.7.1's maybeStartLocalAudioLevelObserver explains).
    s.levelReady = true
    host.syncLocalLevel()

    s.succeeded = true
    host.emit('call-start-success', { totalDuration: clock.now() - s.t0, callId: webCall.id, timestamp: isoNow(host) })
    // On a rejoin the assistant is already running: it says "listening" once per call, not per join (as
    // @vapi-ai/web's reconnect emits call-start right after setting up).
    if (s.reconnect && !s.ended) enterListening(host, s)
    return s.ended ? null : webCall
  }
}

/** What {@link nonCriticalStage} resolves with when its work failed. */
const FAILED: unique symbol = Symbol('failed')

/**
 * Runs a start stage whose failure does not end the start: `started`, the work, then `completed` — or `failed`
 * (duration, `metadata.error`) followed by the stage's `error` event (`audio-observer-setup-error`,
 * `audio-processing-setup-error`, SPEC §8, with `stage`), and {@link FAILED} is returned. A cancelled start
 * still throws.
 */
async function nonCriticalStage<T>(
  host: EngineHost,
  s: CallSession,
  name: 'audio-observer-setup' | 'audio-processing-setup',
  run: () => T | Promise<T>,
  completedMeta?: (value: T) => Record<string, unknown>,
): Promise<T | typeof FAILED> {
  try {
    return await stage(host, s, name, run, completedMeta)
  } catch (error) {
    if (error === CANCELLED || s.ended) throw error
    const clock = host.options.clock
    host.emit(
      'call-start-progress',
      progressEvent(host, name, 'failed', clock.now() - s.stageAt, { error: describeError(error) }),
    )
    host.error(new VoiceCallError(stageError(name), undefined, error), undefined, name)
    if (s.ended) throw CANCELLED
    return FAILED
  }
}

/** Runs one start stage: `started`, the work (abortable), `completed`. A failure is thrown to {@link runStart}. */
async function stage<T>(
  host: EngineHost,
  s: CallSession,
  name: StartStage,
  run: () => T | Promise<T>,
  completedMeta?: (value: T) => Record<string, unknown>,
  startedMeta?: Record<string, unknown>,
): Promise<T> {
  const clock = host.options.clock
  s.stage = name
  s.stageAt = clock.now()
  host.emit('call-start-progress', progressEvent(host, name, 'started', undefined, startedMeta))
  if (s.ended) throw CANCELLED
  const value = await untilAborted(s.abort.signal, run)
  if (s.ended) throw CANCELLED
  host.emit(
    'call-start-progress',
    progressEvent(host, name, 'completed', clock.now() - s.stageAt, completedMeta?.(value)),
  )
  if (s.ended) throw CANCELLED
  return value
}
