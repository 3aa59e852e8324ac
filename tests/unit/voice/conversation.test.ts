// @vitest-environment happy-dom
/**
 * The conversation in the widget (src/voice/session/session.ts, src/voice/widget/controller.ts,
 * src/voice/widget/conversationView.ts): both sides' transcripts, capped; one polite announcement per finished
 * turn; typed messages as `add-message`; mute; levels drawn once per frame; states that say what to do.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/voice.json'
import { VoiceCallError } from '../../../src/voice/engine/errors'
import type { CallStartProgressEvent, VoiceCallErrorEvent } from '../../../src/voice/engine/events'
import {
  ScriptedVoiceEngine,
  type ScriptedEngineOptions,
  type ScriptStep,
} from '../../../src/voice/session/scriptedEngine'
import { createVoiceSession, type TranscriptTurn } from '../../../src/voice/session/session'
import { createSessionId } from '../../../src/voice/session/sessionId'
import type { WidgetToast } from '../../../src/voice/session/types'
import { createWidgetController, mountVoiceWidget, type WidgetState } from '../../../src/voice/widget'
import { TRANSCRIPT_CAP } from '../../../src/voice/widget/conversation'
import { STAGE_DRAW_MS } from '../../../src/voice/widget/mount'

/**
 * How long a wait may take for what the widget loads on demand (the in-call panel and its copy are dynamic imports):
 * vi.waitFor's 1 s default is shorter than a first import takes on a busy 2-core machine.
 */
const LOADED = { timeout: 10_000 }

const quiet = { info() {}, warn() {}, error() {} }
/** What the visitor sent (the page context's system messages left out). */
const userSent = (engine: ScriptedVoiceEngine) =>
  engine.sent.filter((m) => m.type === 'add-message' && m.message.role === 'user')
const final = (role: 'user' | 'assistant', transcript: string) =>
  ({ type: 'transcript', role, transcriptType: 'final', transcript }) as const
const partial = (role: 'user' | 'assistant', transcript: string) =>
  ({ type: 'transcript', role, transcriptType: 'partial', transcript }) as const
const micError = (name: string): VoiceCallErrorEvent => ({
  type: 'daily-call-join-error',
  message: `The microphone is unavailable: ${name}: Permission denied`,
  error: new VoiceCallError('daily-call-join-error', 'x', new DOMException('Permission denied', name)),
  timestamp: '',
})

/** Daily's payloads as the engine passes them through. */
const quality = (threshold: string, score: number) =>
  ({
    action: 'network-quality-change',
    callClientId: 'c1',
    threshold,
    quality: score,
    networkState: threshold === 'good' ? 'good' : 'bad',
    networkStateReasons: [],
    stats: {},
  }) as never
const connection = (event: 'interrupted' | 'connected') =>
  ({ action: 'network-connection', callClientId: 'c1', type: 'sfu', event }) as never

function session(engine = new ScriptedVoiceEngine({ script: [] })) {
  const turns: TranscriptTurn[] = []
  const problems: string[] = []
  const toasts: WidgetToast[] = []
  const levels: [string, number][] = []
  const stages: string[] = []
  const networks: string[] = []
  const s = createVoiceSession({
    engine,
    assistantId: 'asst_1',
    sessionId: createSessionId(),
    pageUrl: 'https://example.com/',
    realtime: null,
    pageContext: false,
    onStatus: () => undefined,
    onTranscript: () => undefined,
    onTurn: (t) => turns.push(t),
    onProblem: (p) => problems.push(p),
    onLevel: (source, level) => levels.push([source, level]),
    onStage: (stage) => stages.push(stage),
    onNetwork: (n) => networks.push(n),
    notify: (t) => toasts.push(t),
    logger: quiet,
  })
  return { engine, session: s, turns, problems, toasts, levels, stages, networks }
}

describe('session: both sides, levels, stages, network, endings', () => {
  it('passes partial and final transcripts of visitor and assistant; drops other roles, empty finals and junk', async () => {
    const { engine, session: s, turns } = session()
    await s.start()
    engine.emitNow('message', partial('user', 'scroll'))
    engine.emitNow('message', final('user', ' scroll down '))
    engine.emitNow('message', partial('assistant', 'Sure'))
    engine.emitNow('message', { type: 'transcript[transcriptType="final"]', role: 'assistant', transcript: 'Sure.' })
    engine.emitNow('message', final('assistant', '   '))
    engine.emitNow('message', final('system' as never, 'hidden'))
    engine.emitNow('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 42 })
    engine.emitNow('message', null as never)
    expect(turns).toEqual([
      { role: 'user', text: 'scroll', final: false },
      { role: 'user', text: 'scroll down', final: true },
      { role: 'assistant', text: 'Sure', final: false },
      { role: 'assistant', text: 'Sure.', final: true },
    ])
  })

  it('levels of both sides, clamped to 0..1; start stages; network interrupted / very-low / back', async () => {
    const { engine, session: s, levels, stages, networks } = session()
    await s.start()
    engine.emitNow('call-start-progress', { stage: 'web-call-creation', status: 'started', timestamp: '' })
    engine.emitNow('call-start-progress', { stage: 'web-call-creation', status: 'completed', timestamp: '' })
    engine.emitNow('call-start-success', { totalDuration: 1, callId: 'c', timestamp: '' })
    engine.emitNow('volume-level', 0.5)
    engine.emitNow('local-volume-level', 1.7)
    engine.emitNow('local-volume-level', Number.NaN)
    engine.emitNow('network-quality-change', quality('very-low', 20))
    engine.emitNow('network-connection', connection('interrupted'))
    engine.emitNow('network-connection', connection('connected'))
    engine.emitNow('network-quality-change', quality('good', 90))
    expect(stages).toEqual(['web-call-creation', 'assistant'])
    expect(levels).toEqual([
      ['assistant', 0.5],
      ['visitor', 1],
    ])
    expect(networks).toEqual(['poor', 'interrupted', 'poor', 'good'])
  })

  it.each([
    ['assistant-ended-call', ['assistantEnded']],
    ['exceeded-max-duration', ['maxDuration']],
    ['customer-ended-call', []],
  ])('status-update ended %s then call-end → problem %j', async (endedReason, expected) => {
    const { engine, session: s, problems } = session()
    await s.start()
    engine.emitNow('call-start')
    engine.emitNow('message', { type: 'status-update', status: 'ended', endedReason })
    engine.emitNow('call-end')
    expect(problems).toEqual(expected)
  })

  it('a start the microphone refuses: Connection Failed with the blocked-microphone copy, problem microphoneBlocked', async () => {
    const engine = new ScriptedVoiceEngine({ failStart: true, failAfterMs: 1, startError: micError('NotAllowedError') })
    const { session: s, problems, toasts } = session(engine)
    expect(await s.start()).toBe(false)
    expect(problems).toEqual(['microphoneBlocked'])
    expect(toasts).toEqual([
      {
        type: 'error',
        titleKey: 'widget.toast.connectionFailed.title',
        descriptionKey: 'widget.problem.microphoneBlocked.description',
      },
    ])
  })

  it('sendText sends add-message as the user with triggerResponseEnabled; not after the call', async () => {
    const { engine, session: s } = session()
    await s.start()
    engine.emitNow('call-start')
    expect(s.sendText('scroll down')).toBe(true)
    expect(engine.sent).toEqual([
      { type: 'add-message', message: { role: 'user', content: 'scroll down' }, triggerResponseEnabled: true },
    ])
    await s.stop()
    expect(s.sendText('again')).toBe(false)
    expect(engine.sent).toHaveLength(1)
  })
})

/** A controller on a scripted engine, its states recorded. */
function controller(options: ScriptedEngineOptions = { script: [{ at: 0, event: 'call-start', args: [] }] }) {
  const engine = new ScriptedVoiceEngine(options)
  const states: WidgetState[] = []
  const toasts: WidgetToast[] = []
  const c = createWidgetController({
    configured: true,
    createEngine: () => engine,
    assistantId: 'asst_1',
    realtime: null,
    onState: (s) => states.push(s),
    notify: (t) => toasts.push(t),
    pageUrl: () => 'https://example.com/',
    logger: quiet,
  })
  const listening = async () => {
    void c.start()
    await vi.waitFor(() => expect(c.state.status).toBe('listening'), LOADED)
  }
  return { engine, c, states, toasts, listening }
}

describe('controller: the conversation of a call', () => {
  it(`keeps at most ${TRANSCRIPT_CAP} finished turns, the newest; partials replace each other and end with their final`, async () => {
    const { engine, c, listening } = controller()
    await listening()
    engine.emitNow('message', partial('assistant', 'Hel'))
    expect(c.state.partial).toEqual({ role: 'assistant', text: 'Hel' })
    engine.emitNow('message', partial('assistant', 'Hello there'))
    expect(c.state.partial).toEqual({ role: 'assistant', text: 'Hello there' })
    for (let i = 1; i <= TRANSCRIPT_CAP + 10; i++)
      engine.emitNow('message', final(i % 2 ? 'user' : 'assistant', `turn ${i}`))
    expect(c.state.partial).toBeNull()
    expect(c.state.turns).toHaveLength(TRANSCRIPT_CAP)
    expect(c.state.turns[0]!.text).toBe('turn 11')
    expect(c.state.turns.at(-1)!.text).toBe(`turn ${TRANSCRIPT_CAP + 10}`)
    const ids = c.state.turns.map((t) => t.id)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    await c.stop()
    expect(c.state.turns).toEqual([])
  })

  it('a typed message: trimmed, sent as add-message, added as a typed user turn; empty refused; a failed send adds nothing', async () => {
    const { engine, c, listening } = controller()
    expect(c.sendText('too early')).toBe('failed')
    await listening()
    expect(c.sendText('   ')).toBe('empty')
    expect(userSent(engine)).toEqual([])
    expect(c.sendText('  open pricing ')).toBe('sent')
    expect(userSent(engine)).toEqual([
      {
        type: 'add-message',
        message: { role: 'user', content: 'open pricing' },
        triggerResponseEnabled: true,
      },
    ])
    expect(c.state.turns.at(-1)).toMatchObject({ role: 'user', text: 'open pricing', typed: true })
    engine.failSends = true
    expect(c.sendText('lost?')).toBe('failed')
    expect(c.state.turns).toHaveLength(1)
  })

  it('mute: setMuted on the engine, state from isMuted; a new call starts unmuted; no-op between calls', async () => {
    const { engine, c, listening } = controller()
    c.setMuted(true)
    expect(engine.mutes).toEqual([])
    await listening()
    expect(c.state.canMute).toBe(true)
    c.setMuted(true)
    expect(engine.mutes).toEqual([true])
    expect(c.state.muted).toBe(true)
    c.setMuted(false)
    expect(c.state.muted).toBe(false)
    c.setMuted(true)
    await c.stop()
    expect(c.state.muted).toBe(false)
    await listening()
    expect(c.state.muted).toBe(false)
    expect(engine.isMuted()).toBe(false)
  })

  it('a problem stays after the failed start until the next press or dismissal', async () => {
    const { c } = controller({ failStart: true, failAfterMs: 1, startError: micError('NotFoundError') })
    await c.start()
    expect(c.state).toMatchObject({ status: 'idle', problem: 'microphoneMissing' })
    c.dismissProblem()
    expect(c.state.problem).toBeNull()
    await c.start()
    expect(c.state.problem).toBe('microphoneMissing')
    c.toggle() // the next press starts afresh: the explanation goes
    expect(c.state.status).toBe('connecting')
    expect(c.state.problem).toBeNull()
  })

  it('stages while connecting, cleared once listening', async () => {
    const { c } = controller({
      script: [
        { at: 0, event: 'call-start-progress', args: [{ stage: 'daily-call-join', status: 'started', timestamp: '' }] },
        { at: 400, event: 'call-start', args: [] },
      ],
    })
    void c.start()
    await vi.waitFor(() => expect(c.state.stage).toBe('daily-call-join'), LOADED)
    await vi.waitFor(() => expect(c.state.status).toBe('listening'), LOADED)
    expect(c.state.stage).toBeNull()
  })
})

/** The mounted widget on a scripted engine (happy-dom). */
async function mounted(options: ScriptedEngineOptions = { script: [{ at: 0, event: 'call-start', args: [] }] }) {
  const engine = new ScriptedVoiceEngine(options)
  const host = document.createElement('div')
  document.body.append(host)
  const w = mountVoiceWidget(host, {
    copy: en,
    configured: true,
    createEngine: () => engine,
    assistantId: 'asst_1',
    realtime: null,
    theme: 'light',
    logger: quiet,
  })
  const $ = <T extends Element = HTMLElement>(testId: string) =>
    w.shadowRoot.querySelector<T & HTMLElement>(`[data-testid="${testId}"]`)
  return { engine, w, $, host }
}

describe('the open panel', () => {
  let frames: FrameRequestCallback[]
  beforeEach(() => {
    frames = []
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb))
    vi.stubGlobal('cancelAnimationFrame', () => undefined)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    document.body.replaceChildren()
  })
  const runFrames = () => {
    const now = frames.splice(0)
    for (const f of now) f(performance.now())
    return now.length
  }

  it('a redraw writes only what changed: partial transcripts leave the status, hint, controls and their attributes alone', async () => {
    const { engine, w, $ } = await mounted()
    $('voice-mic')!.click()
    await vi.waitFor(() => expect(w.state.status).toBe('listening'), LOADED)
    await vi.waitFor(() => expect($('voice-log')).not.toBeNull(), LOADED)
    engine.emitNow('message', partial('user', 'scroll'))
    await Promise.resolve()
    // Every write the redraws make from here on, outside the transcript of what is being said.
    const transcript = $('voice-transcript')!
    const writes: string[] = []
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (transcript.contains(r.target)) continue
        const node = r.target instanceof Element ? r.target : r.target.parentElement
        writes.push(`${r.type} ${r.attributeName ?? ''} ${node?.getAttribute('data-testid') ?? node?.className ?? ''}`)
      }
    })
    observer.observe(w.shadowRoot, { subtree: true, childList: true, characterData: true, attributes: true })
    engine.emitNow('message', partial('user', 'scroll down'))
    engine.emitNow('message', partial('user', 'scroll down to'))
    engine.emitNow('message', partial('user', 'scroll down to pricing'))
    await Promise.resolve()
    expect(transcript.textContent).toContain('“scroll down to pricing”')
    expect(writes).toEqual([])
    observer.disconnect()
  })

  it('one polite announcement per finished turn, in a dedicated region; the log itself is not live; partials are never announced', async () => {
    const { engine, w, $ } = await mounted()
    $('voice-mic')!.click()
    await vi.waitFor(() => expect(w.state.status).toBe('listening'), LOADED)
    await vi.waitFor(() => expect($('voice-log')).not.toBeNull(), LOADED)
    const announcer = $('voice-announcer')!
    expect(announcer.getAttribute('role')).toBe('status')
    expect(announcer.getAttribute('aria-live')).toBe('polite')
    const log = $('voice-log')!
    expect(log.getAttribute('role')).toBe('log')
    expect(log.getAttribute('aria-live')).toBe('off')

    // Every text the region was given (a MutationObserver batches: read the records, not the region).
    const heard: string[] = []
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) heard.push(n.textContent ?? '')
    }).observe(announcer, { childList: true, characterData: true, subtree: true })
    engine.emitNow('message', partial('user', 'scroll'))
    engine.emitNow('message', partial('user', 'scroll down'))
    await Promise.resolve()
    expect($('voice-transcript')!.textContent).toContain('“scroll down”')
    engine.emitNow('message', final('user', 'scroll down'))
    engine.emitNow('message', partial('assistant', 'Scrolling'))
    engine.emitNow('message', final('assistant', 'Scrolling down.'))
    engine.emitNow('message', final('assistant', 'Scrolling down.'))
    await new Promise((r) => setTimeout(r, 0))
    expect(heard.map((h) => h.trim())).toEqual([
      'You said: scroll down',
      'Assistant: Scrolling down.',
      'Assistant: Scrolling down.',
    ])
    expect(new Set(heard).size).toBe(3) // the repeated sentence still changed the region
    expect([...log.querySelectorAll('.turn')].map((p) => p.textContent)).toEqual([
      'You scroll down',
      'Assistant Scrolling down.',
      'Assistant Scrolling down.',
    ])
    expect($('voice-transcript')).toBeNull()
  })

  it('typing: the field is labelled; empty input is refused with a message; a failed send keeps the text; a sent one clears it', async () => {
    const { engine, w, $ } = await mounted()
    $('voice-mic')!.click()
    await vi.waitFor(() => expect($('voice-composer')?.hidden).toBe(false), LOADED)
    const input = $<HTMLInputElement>('voice-input')!
    const label = w.shadowRoot.querySelector(`label[for="${input.id}"]`)
    expect(label?.textContent).toBe('Type a message')
    const submit = () => $<HTMLButtonElement>('voice-send')!.click()

    input.value = '   '
    submit()
    const error = w.shadowRoot.getElementById(input.getAttribute('aria-describedby')!)!
    expect(error.getAttribute('role')).toBe('alert')
    expect(error.textContent).toBe('Type a message first.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(userSent(engine)).toEqual([])

    engine.failSends = true
    input.value = 'open the pricing page'
    input.dispatchEvent(new Event('input'))
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    submit()
    expect(error.textContent).toBe('Your message was not sent. Check that the call is still on, then try again.')
    expect(input.value).toBe('open the pricing page')

    engine.failSends = false
    submit()
    expect(input.value).toBe('')
    expect(userSent(engine).at(-1)).toEqual({
      type: 'add-message',
      message: { role: 'user', content: 'open the pricing page' },
      triggerResponseEnabled: true,
    })
    expect($('voice-announcer')!.textContent.trim()).toBe('Message sent')
    expect($('voice-log')!.textContent).toContain('open the pricing page')
  })

  it('mute is a toggle button with a constant name and aria-pressed; the hint says what to do', async () => {
    const { engine, w, $ } = await mounted()
    $('voice-mic')!.click()
    await vi.waitFor(() => expect(w.state.status).toBe('listening'), LOADED)
    await vi.waitFor(() => expect($('voice-mute')?.hidden).toBe(false), LOADED)
    const mute = $('voice-mute')!
    expect(mute.getAttribute('aria-label')).toBe('Mute microphone')
    expect(mute.getAttribute('aria-pressed')).toBe('false')
    expect($('voice-hint')!.textContent).toBe('Speak now, or type your message below.')
    mute.click()
    expect(engine.mutes).toEqual([true])
    expect(mute.getAttribute('aria-pressed')).toBe('true')
    expect(mute.getAttribute('aria-label')).toBe('Mute microphone')
    expect($('voice-hint')!.textContent).toBe('Your microphone is muted. Unmute it to speak, or type below.')
    mute.click()
    expect(mute.getAttribute('aria-pressed')).toBe('false')
    expect(engine.mutes).toEqual([true, false])
  })

  it('levels: ten events between two frames are drawn once, as one custom property; "We hear you" while the visitor is audible', async () => {
    const { engine, w, $ } = await mounted()
    $('voice-mic')!.click()
    await vi.waitFor(() => expect(w.state.status).toBe('listening'), LOADED)
    await vi.waitFor(() => expect($('voice-meter')).not.toBeNull(), LOADED)
    runFrames()
    const meter = $('voice-meter')!
    let writes = 0
    new MutationObserver(() => writes++).observe(meter, { attributes: true, attributeFilter: ['style'] })
    for (let i = 0; i < 10; i++) engine.emitNow('local-volume-level', 0.1 + i * 0.05)
    expect(frames).toHaveLength(1)
    runFrames()
    await Promise.resolve()
    expect(writes).toBe(1)
    expect(meter.style.getPropertyValue('--level')).toBe('0.55')
    expect(meter.textContent).toBe('We hear you')
    expect(meter.getAttribute('aria-hidden')).toBe('true')
  })

  it('microphone blocked: the panel stays open in idle with how to allow it in this browser, and a close button', async () => {
    const { w, $ } = await mounted({ failStart: true, failAfterMs: 1, startError: micError('NotAllowedError') })
    $('voice-mic')!.click()
    await vi.waitFor(() => expect(w.state.problem).toBe('microphoneBlocked'), LOADED)
    expect(w.state.status).toBe('idle')
    // Drawn once the state is (the widget draws a state change on its next render, not inside the event).
    await vi.waitFor(() => expect($('voice-status')!.textContent).toBe('Microphone blocked'), LOADED)
    expect($('voice-hint')!.textContent).toMatch(/^To allow it: /)
    const live = $('voice-live')
    expect(live?.textContent).toBe('Microphone blocked')
    const close = $('voice-notice-close')!
    expect(close.getAttribute('aria-label')).toBe('Dismiss')
    close.click()
    expect(w.state.problem).toBeNull()
    expect(w.shadowRoot.querySelector('.panel')!.hasAttribute('hidden')).toBe(true)
  })

  it('connecting shows the stage and what to do; listening never says "Press the mic"', async () => {
    const { w, $ } = await mounted({
      hang: true,
      script: [
        { at: 0, event: 'call-start-progress', args: [{ stage: 'daily-call-join', status: 'started', timestamp: '' }] },
      ],
    })
    $('voice-mic')!.click()
    // A start stage alone is drawn once it has waited STAGE_DRAW_MS (stages follow one another within milliseconds).
    await vi.waitFor(() => expect($('voice-stage')!.textContent).toBe('Joining the call…'), LOADED)
    expect($('voice-hint')!.textContent).toBe(
      'If your browser asks, allow the microphone. Press the button again to cancel.',
    )
    expect(w.state.status).toBe('connecting')
  })

  it('a burst of start stages that ends in Listening within STAGE_DRAW_MS draws no stage; the status comes at once', async () => {
    const stage = (name: CallStartProgressEvent['stage'], at: number): ScriptStep => ({
      at,
      event: 'call-start-progress',
      args: [{ stage: name, status: 'started', timestamp: '' }],
    })
    const { w, $ } = await mounted({
      script: [
        // All in one burst (timers due at the same moment run back to back): spread over real milliseconds, a
        // loaded machine could stretch the burst past STAGE_DRAW_MS and rightly draw a stage.
        stage('web-call-creation', 0),
        stage('daily-call-object-creation', 0),
        stage('daily-call-join', 0),
        stage('audio-observer-setup', 0),
        { at: 0, event: 'call-start', args: [] },
      ],
    })
    const drawn: string[] = []
    new MutationObserver(() => drawn.push($('voice-stage')!.textContent ?? '')).observe(w.shadowRoot, {
      childList: true,
      characterData: true,
      subtree: true,
    })
    $('voice-mic')!.click()
    await vi.waitFor(() => expect($('voice-widget')!.getAttribute('data-status')).toBe('listening'), LOADED)
    await new Promise((r) => setTimeout(r, STAGE_DRAW_MS + 50))
    expect(drawn.filter(Boolean)).toEqual([])
    expect($('voice-stage')!.hidden).toBe(true)
  })
})
