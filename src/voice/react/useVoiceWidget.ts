import { useCallback, useEffect, useRef, useState } from 'react'
import type { SiteConfig } from '../../config/site'
import type { VoiceSession } from './session'
import { createSessionId } from './sessionId'
import type { VoiceEngineLike, WidgetStatus, WidgetToast } from './types'

/** Creates the call engine for one call. */
export type EngineFactory = () => VoiceEngineLike | Promise<VoiceEngineLike>

/**
 * The engine the build asks for: the real {@link import('../engine').VoiceCall} (daily-js + platform client,
 * both loaded only now, on the first mic press) or, for e2e tests and demos, the scripted one.
 */
export function defaultEngineFactory(config: SiteConfig): EngineFactory {
  if (config.voiceEngine === 'scripted') {
    return () => import('./scriptedEngine').then((m) => new m.ScriptedVoiceEngine())
  }
  return () =>
    import('../engine').then((m) => new m.VoiceCall({ publicKey: config.vapi.publicKey, apiBaseUrl: config.vapi.apiBaseUrl }))
}

/** Options of {@link useVoiceWidget}. */
export interface UseVoiceWidgetOptions {
  /** Site configuration (keys, realtime, engine kind). */
  config: SiteConfig
  /** Shows a toast (the widget container translates the keys). */
  notify: (toast: WidgetToast) => void
  /** Engine factory. @default {@link defaultEngineFactory}(config) */
  createEngine?: EngineFactory
  /** WebSocket constructor for realtime in Node tests. */
  realtimeTransport?: unknown
}

/** What the widget renders from. */
export interface VoiceWidgetState {
  /** SPEC §4 status. */
  status: WidgetStatus
  /** Partial transcript while the visitor speaks ('' otherwise). */
  transcript: string
  /** Whether the voice keys are configured (or the scripted engine is used). */
  configured: boolean
  /** `session_…` id of the current or last call, '' before the first. */
  sessionId: string
  /** Mic press: start when idle, otherwise stop (also cancels a start in progress). */
  toggle: () => void
}

/**
 * Binds the widget to a voice session. Nothing of the engine, daily-js, supabase-js or the command executor
 * is loaded before the first mic press: the session module is imported then.
 */
export function useVoiceWidget({ config, notify, createEngine, realtimeTransport }: UseVoiceWidgetOptions): VoiceWidgetState {
  const [status, setStatus] = useState<WidgetStatus>('idle')
  const [transcript, setTranscript] = useState('')
  const [sessionId, setSessionId] = useState('')
  const session = useRef<VoiceSession | null>(null)
  const attempt = useRef(0)
  const notifyRef = useRef(notify)
  notifyRef.current = notify
  const configured = config.voiceEngine === 'scripted' || (config.vapi.publicKey !== '' && config.vapi.assistantId !== '')

  const start = useCallback(async () => {
    if (!configured) {
      notifyRef.current({ type: 'info', titleKey: 'widget.toast.configurationRequired.title', descriptionKey: 'widget.toast.configurationRequired.description' })
      return
    }
    const mine = ++attempt.current
    setStatus('connecting')
    try {
      const [{ createVoiceSession }, engine] = await Promise.all([
        import('./session'),
        Promise.resolve((createEngine ?? defaultEngineFactory(config))()),
      ])
      if (mine !== attempt.current) return // stopped while loading
      const id = createSessionId()
      setSessionId(id)
      const s = createVoiceSession({
        engine,
        assistantId: config.vapi.assistantId || 'scripted-assistant',
        sessionId: id,
        pageUrl: window.location.href,
        realtime:
          config.supabase.url && config.supabase.anonKey
            ? {
                supabaseUrl: config.supabase.url,
                anonKey: config.supabase.anonKey,
                private: config.supabase.privateChannels,
                ...(realtimeTransport !== undefined && { transport: realtimeTransport }),
              }
            : null,
        onStatus: (next) => {
          if (mine === attempt.current) setStatus(next)
        },
        onTranscript: (text) => {
          if (mine === attempt.current) setTranscript(text)
        },
        notify: (t) => notifyRef.current(t),
      })
      session.current = s
      await s.start()
    } catch (error) {
      console.error('[voice] could not start the voice assistant', error)
      if (mine !== attempt.current) return
      notifyRef.current({ type: 'error', titleKey: 'widget.toast.connectionFailed.title', descriptionKey: 'widget.toast.connectionFailed.description' })
      setStatus('idle')
    }
  }, [config, configured, createEngine, realtimeTransport])

  const stop = useCallback(async () => {
    attempt.current++
    const s = session.current
    session.current = null
    setStatus('idle')
    setTranscript('')
    if (s) await s.stop()
  }, [])

  useEffect(() => () => void stop(), [stop])

  const toggle = useCallback(() => {
    if (status === 'idle') void start()
    else void stop()
  }, [status, start, stop])

  return { status, transcript, configured, sessionId, toggle }
}
