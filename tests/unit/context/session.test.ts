// @vitest-environment happy-dom
/**
 * The page context wired into the voice session: the page map when the call starts and after client-side
 * navigations, and every command's outcome reported back — against the scripted engine, and through the real
 * engine (VoiceCall on a fake Daily call object) whose app messages are validated against Vapi's OpenAPI
 * document (ClientInboundMessage).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterCallStart } from '../session/afterCallStart'
import WebSocket from 'ws'
import { startRealtimeServer } from '../../servers/realtime-server'
import { createVoiceSession } from '../../../src/voice/session/session'
import { ScriptedVoiceEngine, SCRIPTED_SEND_EVENT } from '../../../src/voice/session/scriptedEngine'
import type { VoiceEngineLike } from '../../../src/voice/session/types'
import type { AddMessageMessage, VapiClientMessage } from '../../../src/voice/engine'
import { RESULT_HEADER } from '../../../src/voice/context/report'
import { stripRecord } from '../../../src/voice/context/record'
import { PAGE_MAP_HEADER } from '../../../src/voice/context/pageMap'
import { setup as setupRealEngine } from '../engine/helpers'
import { componentValidator } from '../platform/schema'

const clientInbound = componentValidator('ClientInboundMessage')
const toolCallResult = componentValidator('ToolCallResult')
const silent = { info() {}, warn() {}, error() {} }

function session(engine: VoiceEngineLike, extra: Partial<Parameters<typeof createVoiceSession>[0]> = {}) {
  return createVoiceSession({
    engine,
    assistantId: 'asst_1',
    sessionId: 'session_1_abc',
    pageUrl: location.href,
    realtime: null,
    onStatus: () => {},
    onTranscript: () => {},
    notify: () => {},
    logger: silent,
    pageContext: { settleMs: 20, maxSettleMs: 200, pollMs: 20 },
    ...extra,
  })
}

const contents = (sent: VapiClientMessage[]) => sent.map((m) => (m as AddMessageMessage).message.content)
const maps = (sent: VapiClientMessage[]) => contents(sent).filter((c) => c.startsWith(PAGE_MAP_HEADER))
const results = (sent: VapiClientMessage[]) =>
  sent.filter((m) => (m as AddMessageMessage).message.content.startsWith(RESULT_HEADER)) as AddMessageMessage[]
const toolResultOf = (m: AddMessageMessage) =>
  JSON.parse(stripRecord(m.message.content).slice(RESULT_HEADER.length + 1)) as Record<string, unknown>

function landing() {
  history.replaceState(null, '', '/')
  document.title = 'VoiceOS'
  document.body.innerHTML = `
    <main id="app"><h1>The Future of the Web is Voice-First</h1>
      <a href="/pricing" id="to-pricing">Pricing</a>
      <button type="button">Watch Demo</button>
      <label>Email <input type="email" name="email"></label>
    </main>
    <aside data-voice-ignore=""><button type="button">Stop voice assistant</button></aside>`
}

/** A client-side route change the way react-router does it: pushState, then the new page renders. */
function navigateToPricing() {
  history.pushState(null, '', '/pricing')
  document.title = 'Pricing — VoiceOS'
  document.getElementById('app')!.innerHTML =
    '<h1>Pricing — Coming Soon</h1><button type="button" disabled>Open Source Soon</button>'
}

describe('page context with the scripted engine', () => {
  beforeEach(landing)
  afterEach(() => history.replaceState(null, '', '/'))

  it('sends the page map when the call starts (not before), silently', async () => {
    const engine = new ScriptedVoiceEngine({ script: [] })
    const seen: unknown[] = []
    const onSend = (e: Event) => seen.push((e as CustomEvent).detail)
    window.addEventListener(SCRIPTED_SEND_EVENT, onSend)
    const s = session(engine)
    await s.start()
    expect(engine.sent).toEqual([])
    engine.emitNow('call-start')
    // Not in the task that sets Listening, nor right after it: the acting half is requested after the frame that
    // paints Listening.
    await vi.dynamicImportSettled()
    expect(engine.sent).toEqual([])
    await afterCallStart() // the acting half, requested after Listening's frame
    expect(engine.sent).toHaveLength(1)
    const first = engine.sent[0] as AddMessageMessage
    expect(first).toMatchObject({ type: 'add-message', message: { role: 'system' }, triggerResponseEnabled: false })
    expect(first.message.content).toContain('h1 The Future of the Web is Voice-First')
    expect(first.message.content).toContain('Email (email)')
    expect(first.message.content).not.toContain('Stop voice assistant')
    expect(seen).toEqual(engine.sent)
    window.removeEventListener(SCRIPTED_SEND_EVENT, onSend)
    await s.stop()
  })

  it('sends a new map after a client-side navigation, once the page has rendered', async () => {
    const engine = new ScriptedVoiceEngine({ script: [] })
    const s = session(engine)
    await s.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    navigateToPricing()
    await expect.poll(() => maps(engine.sent).length, { timeout: 2000 }).toBe(2)
    const second = maps(engine.sent)[1]!
    expect(second).toContain('/pricing')
    expect(second).toContain('h1 Pricing — Coming Soon')
    expect(second).toContain('Open Source Soon (disabled)')
    // Back (popstate) to the landing page's content gives a third map.
    history.replaceState(null, '', '/')
    landing()
    window.dispatchEvent(new PopStateEvent('popstate'))
    await expect.poll(() => maps(engine.sent).length, { timeout: 2000 }).toBe(3)
    await s.stop()
  })

  it('after a navigation it waits for the page (not the widget) to change, and follows a route that renders late', async () => {
    const engine = new ScriptedVoiceEngine({ script: [] })
    const s = session(engine, { pageContext: { settleMs: 20, maxSettleMs: 1500, pollMs: 20 } })
    await s.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    history.pushState(null, '', '/pricing') // the old page stays on screen while the route's code loads
    const widget = document.querySelector('aside')!
    for (let i = 0; i < 5; i++) {
      widget.textContent = `status ${i}` // the widget's own updates do not count as the page changing
      await new Promise((r) => setTimeout(r, 30))
    }
    expect(maps(engine.sent)).toHaveLength(1)
    navigateToPricing() // the route renders
    await expect.poll(() => maps(engine.sent).length, { timeout: 1000 }).toBe(2)
    expect(maps(engine.sent)[1]).toContain('h1 Pricing — Coming Soon')
    document.getElementById('app')!.insertAdjacentHTML('beforeend', '<h2>Enterprise</h2>') // a late part of the page
    await expect.poll(() => maps(engine.sent).length, { timeout: 1000 }).toBe(3)
    expect(maps(engine.sent)[2]).toContain('h2 Enterprise')
    await s.stop()
  })

  it('does not resend an unchanged map, and stops watching when the call ends', async () => {
    const engine = new ScriptedVoiceEngine({ script: [] })
    const s = session(engine)
    await s.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    history.pushState(null, '', '/#faq') // same origin + path, same content
    await new Promise((r) => setTimeout(r, 300))
    expect(maps(engine.sent)).toHaveLength(1)
    await s.stop()
    const before = engine.sent.length
    navigateToPricing()
    await new Promise((r) => setTimeout(r, 300))
    expect(engine.sent).toHaveLength(before)
  })

  it('reports tool-call outcomes as ToolCallResult (refusals ask the assistant to respond)', async () => {
    const engine = new ScriptedVoiceEngine({ script: [] })
    const s = session(engine)
    await s.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    engine.emitNow('message', {
      type: 'tool-calls',
      toolCallList: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'fill_field', arguments: JSON.stringify({ fieldHint: 'Email', value: 'me@example.com' }) },
        },
        { id: 'call_2', type: 'function', function: { name: 'click_element', arguments: { targetText: 'Checkout' } } },
        { id: 'call_3', type: 'function', function: { name: 'lookup_weather', arguments: {} } },
      ],
    })
    const reported = results(engine.sent)
    expect(reported).toHaveLength(2) // the weather tool is not ours: no result from the widget
    expect(toolResultOf(reported[0]!)).toEqual({
      name: 'fill_field',
      toolCallId: 'call_1',
      result: 'done: filled the field labelled Email',
    })
    expect(reported[0]!.triggerResponseEnabled).toBe(false)
    expect(toolResultOf(reported[1]!)).toEqual({
      name: 'click_element',
      toolCallId: 'call_2',
      error: 'nothing named "Checkout" on the page',
    })
    expect(reported[1]!.triggerResponseEnabled).toBe(true)
    for (const r of reported) expect(toolCallResult(toolResultOf(r))).toBe(true)
    expect(JSON.stringify(engine.sent)).not.toContain('me@example.com')
    await s.stop()
  })

  it('reports realtime (and scripted) commands in words; a duplicate is not reported twice', async () => {
    const engine = new ScriptedVoiceEngine({ script: [] })
    const s = session(engine)
    await s.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    s.route({ action: 'toggle', targetText: 'Newsletter' })
    s.route({ id: 'c1', action: 'scroll', direction: 'down' })
    s.route({ id: 'c1', action: 'scroll', direction: 'down' })
    expect(results(engine.sent).map((m) => m.message.content)).toEqual([
      `${RESULT_HEADER} refused: no switch, checkbox or expandable named "Newsletter"\n[voiceos/1 result outcome=refused]`,
      `${RESULT_HEADER} done: scrolled down\n[voiceos/1 result outcome=done]`,
    ])
    await s.stop()
  })

  it('a toggle is reported with the state after the control settled (a menu that opens after the click)', async () => {
    document.body.innerHTML = '<button id="menu" aria-expanded="false" aria-haspopup="menu">Star us on GitHub</button>'
    const trigger = document.getElementById('menu')!
    // Like a framework re-render: the state changes after the click handler returned (a microtask, then a frame).
    trigger.addEventListener('click', () => {
      queueMicrotask(() => setTimeout(() => trigger.setAttribute('aria-expanded', 'true'), 16))
    })
    const engine = new ScriptedVoiceEngine({ script: [] })
    const s = session(engine)
    await s.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    s.route({ action: 'toggle', targetText: 'Star us on GitHub' })
    await vi.waitFor(() => expect(results(engine.sent).length).toBe(1))
    expect(results(engine.sent)[0]!.message.content).toBe(
      `${RESULT_HEADER} done: Star us on GitHub is now on\n[voiceos/1 result outcome=done]`,
    )
    await s.stop()
    document.body.innerHTML = ''
  })

  it('can be turned off', async () => {
    const engine = new ScriptedVoiceEngine({ script: [] })
    const s = session(engine, { pageContext: false, reportResults: false })
    await s.start()
    engine.emitNow('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    s.route({ action: 'scroll', direction: 'down' })
    expect(engine.sent).toEqual([])
    await s.stop()
  })
})

describe('page context through the real engine (VoiceCall on a fake Daily call)', () => {
  beforeEach(landing)

  it('the app messages it sends are ClientInboundMessage messages of the OpenAPI document', async () => {
    const t = setupRealEngine()
    const s = session(t.engine)
    expect(await s.start()).toBe(true)
    const call = t.daily.last
    call.appMessage('listening') // → call-start → the page map
    await afterCallStart() // the acting half, requested after Listening's frame
    call.appMessage({
      type: 'tool-calls',
      toolCallList: [
        {
          id: 'call_9',
          type: 'function',
          function: { name: 'fill', arguments: '{"fieldHint":"Company","value":"hello@acme.example"}' },
        },
      ],
    })
    s.route({ action: 'scroll', direction: 'bottom' })
    const sent = call.calls
      .filter(([m, d]) => m === 'sendAppMessage' && typeof d === 'string' && d.startsWith('{'))
      .map(([, d]) => JSON.parse(d as string) as VapiClientMessage)
    const added = sent.filter((m): m is AddMessageMessage => m.type === 'add-message')
    expect(added.map((m) => m.message.content.split(/[\n ]/)[0])).toEqual(['PAGE', 'COMMAND', 'COMMAND'])
    for (const m of added) expect(clientInbound({ message: m }), JSON.stringify(clientInbound.errors)).toBe(true)
    // A field name the page lacks is refused with the fields it has, never written into another field — even the
    // landing's one field, Email (SPEC §5's "first visible enabled field" only when no name was said).
    expect(toolResultOf(added[1]!)).toEqual({
      name: 'fill',
      toolCallId: 'call_9',
      error: 'no field labelled "Company"; fields here: "Email"',
    })
    expect(document.querySelector('input')!.value).toBe('')
    expect(added[2]!.message.content).toBe(
      `${RESULT_HEADER} done: scrolled to the bottom\n[voiceos/1 result outcome=done]`,
    )
    await s.stop()
  })
})

describe('results of realtime commands (local Phoenix server)', () => {
  beforeEach(landing)

  it('are reported in words; junk on the channel is reported silently (it must not make the assistant talk)', async () => {
    const server = await startRealtimeServer({ port: 0 })
    try {
      const engine = new ScriptedVoiceEngine({ script: [] })
      const s = session(engine, { realtime: { supabaseUrl: server.url, anonKey: 'anon', transport: WebSocket } })
      await s.start()
      engine.emitNow('call-start')
      await afterCallStart() // the acting half, requested after Listening's frame
      await vi.waitFor(() => expect(server.joins.length).toBeGreaterThan(0), { timeout: 5000 })
      const channel = server.joins[0]!.channel
      server.broadcast(channel, 'voice_command', { action: 'fill', fieldHint: 'Email', value: 'ada@example.com' })
      server.broadcast(channel, 'voice_command', { action: 'click', targetText: 'Checkout' })
      server.broadcast(channel, 'voice_command', { action: 'dance' })
      server.broadcast(channel, 'voice_command', { action: 'scroll', direction: 42 })
      await vi.waitFor(() => expect(results(engine.sent)).toHaveLength(4), { timeout: 5000 })
      const reported = results(engine.sent)
      expect(reported.map((m) => [m.message.content, m.triggerResponseEnabled])).toEqual([
        [`${RESULT_HEADER} done: filled the field labelled Email\n[voiceos/1 result outcome=done]`, false],
        [`${RESULT_HEADER} refused: nothing named "Checkout" on the page\n[voiceos/1 result outcome=refused]`, true],
        [
          `${RESULT_HEADER} refused: dance is not an action on this page (only scroll, click, fill and toggle)\n[voiceos/1 result outcome=refused]`,
          false,
        ],
        [expect.stringMatching(/^COMMAND RESULT refused: the command was malformed/), false],
      ])
      await s.stop()
    } finally {
      await server.close()
    }
  })
})
