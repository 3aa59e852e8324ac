// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterCallStart } from '../session/afterCallStart'
import { startRealtimeServer, type RealtimeServer } from '../../servers/realtime-server'
import { createVoiceSession, COMMAND_STATUS_RESET_MS } from '../../../src/voice/session/session'
import { ScriptedVoiceEngine } from '../../../src/voice/session/scriptedEngine'
import { createSessionId } from '../../../src/voice/session/sessionId'
import type { WidgetStatus, WidgetToast } from '../../../src/voice/session/types'
import WebSocket from 'ws'

function setup(
  engine = new ScriptedVoiceEngine({ script: [] }),
  realtime: Parameters<typeof createVoiceSession>[0]['realtime'] = null,
) {
  const statuses: WidgetStatus[] = []
  const transcripts: string[] = []
  const toasts: WidgetToast[] = []
  const session = createVoiceSession({
    engine,
    assistantId: 'asst_1',
    sessionId: createSessionId(),
    pageUrl: 'https://example.com/pricing',
    realtime,
    onStatus: (s) => statuses.push(s),
    onTranscript: (t) => transcripts.push(t),
    notify: (t) => toasts.push(t),
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  })
  return { engine, session, statuses, transcripts, toasts }
}

describe('voice session: SPEC §4 widget status table', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<main><button type="button">Watch Demo</button><label>Email <input type="email" name="email"></label></main>'
  })
  afterEach(() => vi.useRealTimers())

  it('starts with the assistant id and the sessionId + page url variables', async () => {
    const { engine, session } = setup()
    await session.start()
    expect(engine.starts).toHaveLength(1)
    expect(engine.starts[0]!.assistant).toBe('asst_1')
    const vars = engine.starts[0]!.overrides!.variableValues as Record<string, string>
    expect(vars.sessionId).toMatch(/^session_\d+_[0-9a-f]{32}$/)
    expect(vars.url).toBe('https://example.com/pricing')
  })

  it('idle → connecting → listening (toast) → speech-start/end → function-call → call-end', async () => {
    const { engine, session, statuses, toasts, transcripts } = setup()
    await session.start()
    expect(statuses).toEqual(['connecting'])
    engine.emitNow('call-start')
    expect(statuses.at(-1)).toBe('listening')
    // The toast follows the frame that paints Listening, not the same task.
    expect(toasts).toEqual([])
    await vi.waitFor(() => expect(toasts.map((t) => t.titleKey)).toEqual(['widget.toast.active.title']))
    engine.emitNow('message', { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'scroll' })
    expect(transcripts).toEqual(['scroll'])
    engine.emitNow('speech-end')
    expect(statuses.at(-1)).toBe('processing')
    engine.emitNow('speech-start')
    expect(statuses.at(-1)).toBe('listening')
    engine.emitNow('message', { type: 'function-call', functionCall: { name: 'lookup', parameters: {} } })
    expect(statuses.at(-1)).toBe('processing')
    engine.emitNow('call-end')
    expect(statuses.at(-1)).toBe('idle')
    expect(transcripts.at(-1)).toBe('')
  })

  it('a call that ends before the frame after Listening gets no Voice Assistant Active toast', async () => {
    const { engine, session, statuses, toasts } = setup()
    await session.start()
    engine.emitNow('call-start')
    engine.emitNow('call-end')
    expect(statuses.at(-1)).toBe('idle')
    await new Promise((r) => setTimeout(r, 100))
    expect(toasts.map((t) => t.titleKey)).not.toContain('widget.toast.active.title')
  })

  it('a voice command → processing, then listening after 500 ms', async () => {
    vi.useFakeTimers()
    const { engine, session, statuses } = setup()
    await session.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    session.route({ action: 'click', targetText: 'Watch Demo' })
    expect(statuses.at(-1)).toBe('processing')
    vi.advanceTimersByTime(COMMAND_STATUS_RESET_MS - 1)
    expect(statuses.at(-1)).toBe('processing')
    vi.advanceTimersByTime(1)
    expect(statuses.at(-1)).toBe('listening')
  })

  it('tool-call messages run commands (and the same command from realtime within the window runs once)', async () => {
    const { engine, session, toasts } = setup()
    await session.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    const clicks = vi.fn()
    document.querySelector('button')!.addEventListener('click', clicks)
    engine.emitNow('message', {
      type: 'tool-calls',
      toolCallList: [
        {
          id: 't1',
          type: 'function',
          function: { name: 'voice_command', arguments: { action: 'click', targetText: 'Watch Demo' } },
        },
      ],
    })
    session.route({ action: 'click', targetText: 'Watch Demo' })
    expect(clicks).toHaveBeenCalledTimes(1)
    expect(toasts.map((t) => t.titleKey)).toContain('toast.elementClicked.title')
  })

  it('commands that come before the acting half has loaded wait for it and run in arrival order; none runs after stop', async () => {
    // A start that never settles: the session is created, the call connecting, the acting half (./actions.ts)
    // still loading — the press's critical chain carries only the session's wiring.
    const engine = new ScriptedVoiceEngine({ script: [] })
    engine.start = () => new Promise(() => undefined)
    const { session } = setup(engine)
    void session.start()
    const order: string[] = []
    document.querySelector('button')!.addEventListener('click', () => order.push('click'))
    document.querySelector('input')!.addEventListener('input', () => order.push('fill'))
    session.route({ action: 'click', targetText: 'Watch Demo' })
    session.route({ action: 'fill', fieldHint: 'email', value: 'ada@example.com' })
    expect(order).toEqual([]) // not run in the routing task: nothing to run it with yet
    await vi.waitFor(() => expect(order).toEqual(['click', 'fill']))
    expect(document.querySelector('input')!.value).toBe('ada@example.com')

    const late = setup(new ScriptedVoiceEngine({ script: [] }))
    const clicks = vi.fn()
    document.querySelector('button')!.addEventListener('click', clicks)
    late.session.route({ action: 'click', targetText: 'Watch Demo' })
    await late.session.stop()
    await new Promise((r) => setTimeout(r, 50))
    expect(clicks).not.toHaveBeenCalled()
  })

  it('an engine error → Voice Assistant Error with the localized copy of its kind (never its own English message), then idle', async () => {
    const { engine, session, statuses, toasts } = setup()
    await session.start()
    engine.emitNow('call-start')
    engine.emitNow('error', {
      type: 'daily-error',
      message: 'Meeting ended abruptly',
      error: new Error('x') as never,
      timestamp: '',
    })
    expect(statuses.at(-1)).toBe('idle')
    expect(toasts.at(-1)).toMatchObject({
      type: 'error',
      titleKey: 'widget.toast.error.title',
      descriptionKey: 'widget.problem.callInterrupted.description',
    })
    expect(toasts.at(-1)).not.toHaveProperty('descriptionText')
  })

  it('an error of no known kind uses "An error occurred"', async () => {
    const { engine, session, toasts } = setup()
    await session.start()
    engine.emitNow('call-start')
    engine.emitNow('error', {
      type: 'audio-processor-recovery-error',
      message: 'Noise cancellation could not be turned off',
      error: new Error('') as never,
      timestamp: '',
    })
    expect(toasts.at(-1)).toMatchObject({
      titleKey: 'widget.toast.error.title',
      descriptionKey: 'widget.toast.error.fallback',
    })
  })

  it('a failed start → Connection Failed, idle, no listeners left', async () => {
    const engine = new ScriptedVoiceEngine({ failStart: true, failAfterMs: 1 })
    const { session, statuses, toasts } = setup(engine)
    expect(await session.start()).toBe(false)
    expect(statuses).toEqual(['connecting', 'idle'])
    expect(toasts.map((t) => t.titleKey)).toEqual(['widget.toast.connectionFailed.title'])
    for (const e of ['call-start', 'call-end', 'message', 'error', 'speech-start', 'speech-end'] as const) {
      expect(engine.listenerCount(e)).toBe(0)
    }
  })

  it('stop() → idle, transcript cleared, listeners removed', async () => {
    const { engine, session, statuses, transcripts } = setup()
    await session.start()
    engine.emitNow('call-start')
    await session.stop()
    expect(statuses.at(-1)).toBe('idle')
    expect(transcripts.at(-1)).toBe('')
    expect(engine.listenerCount('message')).toBe(0)
  })
})

describe('voice session over a real Phoenix server', () => {
  let server: RealtimeServer
  beforeEach(async () => {
    server = await startRealtimeServer({ port: 0 })
    document.body.innerHTML = '<label>Work email <input type="email" name="email"></label>'
  })
  afterEach(async () => {
    await server.close()
  })

  it('joins voice-commands-{sessionId}, runs broadcast commands, leaves on call end', async () => {
    const { engine, session } = setup(new ScriptedVoiceEngine({ script: [] }), {
      supabaseUrl: server.url,
      anonKey: 'anon',
      transport: WebSocket,
    })
    await session.start()
    engine.emitNow('call-start')
    const join = await server.waitForJoin(server.joins[0]?.channel ?? (await waitForAnyJoin(server)))
    expect(join.channel).toMatch(/^voice-commands-session_/)
    server.broadcast(join.channel, 'voice_command', { action: 'fill', fieldType: 'email', value: 'ada@example.com' })
    await vi.waitFor(() => expect(document.querySelector('input')!.value).toBe('ada@example.com'))
    await session.stop()
    await vi.waitFor(() => expect(server.connectionCount()).toBe(0), { timeout: 5000 })
  })
})

async function waitForAnyJoin(server: RealtimeServer): Promise<string> {
  await vi.waitFor(() => expect(server.joins.length).toBeGreaterThan(0), { timeout: 5000 })
  return server.joins[0]!.channel
}

describe('createSessionId', () => {
  it('is session_ + timestamp + 128 random bits from Web Crypto', () => {
    const id = createSessionId(1_700_000_000_000)
    expect(id).toMatch(/^session_1700000000000_[0-9a-f]{32}$/)
    expect(createSessionId()).not.toBe(createSessionId())
  })
  it('refuses to run without Web Crypto', () => {
    expect(() => createSessionId(1, null)).toThrow('Web Crypto API is not available')
  })
})
