// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://shop.example/products" }
/**
 * One conversation across pages (src/voice/session/handoff.ts): where a hidden page's call goes (the next page of
 * the tab, or ended through the control URL), how the next page claims it (once, same origin, within 30 s), and
 * the rule for commands during the gap: from pagehide on the old page runs none, and the next page tells the
 * assistant that commands sent meanwhile were not run — so none runs twice, and none is lost silently.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterCallStart } from './afterCallStart'
import {
  HANDOFF_KEY,
  HANDOFF_TTL_MS,
  arrivalMessage,
  claimHandoff,
  watchForHandoff,
  type HandoffRecord,
} from '../../../src/voice/session/handoff'
import { createVoiceSession } from '../../../src/voice/session/session'

const WEB_CALL = {
  id: 'call-1',
  webCallUrl: 'https://vapi.daily.co/room-1',
  monitor: { controlUrl: 'https://phone-call-websocket.aws-us-west-2-backend-production1.vapi.ai/call-1/control' },
}

/** Gives the window a Navigation API stand-in (an EventTarget whose `navigate` events carry `destination.url`). */
function withNavigation(): (url: string) => void {
  const nav = new EventTarget()
  Object.defineProperty(window, 'navigation', { value: nav, configurable: true })
  return (url) => {
    const e = new Event('navigate')
    Object.assign(e, { destination: { url } })
    nav.dispatchEvent(e)
  }
}

let fetches: { url: string; init: RequestInit }[]
beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  fetches = []
  vi.spyOn(window, 'fetch').mockImplementation(async (url, init) => {
    fetches.push({ url: String(url), init: init ?? {} })
    return new Response(null, { status: 200 })
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  delete (window as { navigation?: unknown }).navigation
})

const hide = () => window.dispatchEvent(new Event('pagehide'))
const watch = () => watchForHandoff({ webCall: WEB_CALL, sessionId: 'session_1', assistantId: 'asst_1' })

describe('where the call goes when the page is hidden (Navigation API)', () => {
  it('a same-origin navigation writes the handoff record and ends nothing', () => {
    const navigate = withNavigation()
    watch()
    navigate('https://shop.example/contact')
    hide()
    const record = JSON.parse(sessionStorage.getItem(HANDOFF_KEY)!) as HandoffRecord
    expect(record).toMatchObject({
      v: 1,
      origin: 'https://shop.example',
      sessionId: 'session_1',
      assistantId: 'asst_1',
      webCall: WEB_CALL,
    })
    expect(record.nonce).toMatch(/^[0-9a-f]{24}$/)
    expect(fetches).toEqual([])
  })

  it('another origin ends the call through the control URL (keepalive end-call) and writes no record', () => {
    const navigate = withNavigation()
    watch()
    navigate('https://elsewhere.example/')
    hide()
    expect(sessionStorage.getItem(HANDOFF_KEY)).toBeNull()
    expect(fetches).toHaveLength(1)
    expect(fetches[0]!.url).toBe(WEB_CALL.monitor.controlUrl)
    expect(fetches[0]!.init).toMatchObject({ method: 'POST', keepalive: true, body: '{"type":"end-call"}' })
  })

  it('no known destination (a reload from the browser button, the tab closing) hands off and ends nothing', () => {
    withNavigation()
    watch()
    hide()
    expect(sessionStorage.getItem(HANDOFF_KEY)).not.toBeNull()
    expect(fetches).toEqual([])
  })

  it('stop() (the call ended on this page) removes every listener: nothing is handed off or ended', () => {
    const navigate = withNavigation()
    watch().stop()
    navigate('https://shop.example/contact')
    hide()
    expect(sessionStorage.getItem(HANDOFF_KEY)).toBeNull()
    expect(fetches).toEqual([])
  })
})

describe('without the Navigation API', () => {
  it('a click on a same-origin link hands off; a click on another origin ends the call', () => {
    document.body.innerHTML = '<a id="in" href="/cart">Cart</a><a id="out" href="https://elsewhere.example/">Out</a>'
    // The test document must stay where it is (the page that would load next is not under test here).
    const stay = (e: Event) => e.preventDefault()
    document.addEventListener('click', stay)
    watch()
    document.getElementById('in')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    hide()
    expect(sessionStorage.getItem(HANDOFF_KEY)).not.toBeNull()
    sessionStorage.clear()
    watch()
    document.getElementById('out')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    hide()
    expect(sessionStorage.getItem(HANDOFF_KEY)).toBeNull()
    expect(fetches.map((f) => f.url)).toEqual([WEB_CALL.monitor.controlUrl])
    document.removeEventListener('click', stay)
  })

  it('an unknown destination (maybe a reload) hands off and leaves the ending to the expiry and the silence timeout', () => {
    watch()
    hide()
    expect(sessionStorage.getItem(HANDOFF_KEY)).not.toBeNull()
    expect(fetches).toEqual([])
  })
})

describe('claiming the record on the next page', () => {
  const write = (patch: Partial<HandoffRecord> = {}, at = Date.now()) =>
    sessionStorage.setItem(
      HANDOFF_KEY,
      JSON.stringify({
        v: 1,
        nonce: 'abc123',
        savedAt: at,
        origin: 'https://shop.example',
        sessionId: 'session_1',
        assistantId: 'asst_1',
        webCall: WEB_CALL,
        ...patch,
      }),
    )

  it('returns a valid record once and removes it', () => {
    write()
    expect(claimHandoff()).toMatchObject({ sessionId: 'session_1', webCall: WEB_CALL })
    expect(sessionStorage.getItem(HANDOFF_KEY)).toBeNull()
    expect(claimHandoff()).toBeNull()
  })

  it(`refuses a record older than ${HANDOFF_TTL_MS} ms, from another origin, malformed, or already claimed (a duplicated tab's copy)`, () => {
    write({}, Date.now() - HANDOFF_TTL_MS - 1)
    expect(claimHandoff()).toBeNull()
    write({ origin: 'https://elsewhere.example' })
    expect(claimHandoff()).toBeNull()
    sessionStorage.setItem(HANDOFF_KEY, '{not json')
    expect(claimHandoff()).toBeNull()
    write({ webCall: { id: 'x' } as never })
    expect(claimHandoff()).toBeNull()
    // The tab claims it; its duplicate (same sessionStorage copy, shared localStorage) does not.
    write({ nonce: 'dup1' })
    const copy = sessionStorage.getItem(HANDOFF_KEY)!
    expect(claimHandoff()).not.toBeNull()
    sessionStorage.setItem(HANDOFF_KEY, copy)
    expect(claimHandoff()).toBeNull()
  })

  it('opens localStorage (where claims are marked) only with a valid record in hand', () => {
    const opened: string[] = []
    const win = new Proxy(window, {
      get: (target, key) => {
        if (key === 'localStorage' || key === 'sessionStorage') opened.push(key)
        return Reflect.get(target, key, target) as unknown
      },
    })
    expect(claimHandoff({ win })).toBeNull()
    expect(opened).toEqual(['sessionStorage'])
    write()
    expect(claimHandoff({ win })).not.toBeNull()
    expect(opened).toEqual(['sessionStorage', 'sessionStorage', 'localStorage'])
    expect(localStorage.getItem('voiceos:claimed:abc123')).not.toBeNull()
  })
})

/** A minimal engine with reconnect, recording what the session asks of it. */
function fakeEngine() {
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>()
  const sent: unknown[] = []
  const engine = {
    reconnects: [] as unknown[],
    starts: 0,
    ends: 0,
    stops: 0,
    on(e: string, l: (...a: unknown[]) => void) {
      ;(listeners.get(e) ?? listeners.set(e, new Set()).get(e)!).add(l)
    },
    off(e: string, l: (...a: unknown[]) => void) {
      listeners.get(e)?.delete(l)
    },
    emit(e: string, ...a: unknown[]) {
      for (const l of [...(listeners.get(e) ?? [])]) l(...a)
    },
    async start() {
      engine.starts++
      return WEB_CALL
    },
    async reconnect(webCall: unknown) {
      engine.reconnects.push(webCall)
      return webCall
    },
    async stop() {
      engine.stops++
    },
    async end() {
      engine.ends++
    },
    send(m: unknown) {
      sent.push(m)
      return true
    },
    sent,
  }
  return engine
}

describe('the session across the gap', () => {
  it('rejoins with reconnect (same session id), tells the assistant where the visitor is now, and sends the page map', async () => {
    document.title = 'Contact us'
    const engine = fakeEngine()
    const record = {
      v: 1,
      nonce: 'n',
      savedAt: Date.now(),
      origin: location.origin,
      sessionId: 'session_1',
      assistantId: 'asst_1',
      webCall: WEB_CALL,
    } as HandoffRecord
    const session = createVoiceSession({
      engine: engine,
      assistantId: 'asst_1',
      sessionId: record.sessionId,
      pageUrl: location.href,
      realtime: null,
      onStatus: () => undefined,
      onTranscript: () => undefined,
      notify: () => undefined,
      persist: true,
      resume: record,
      logger: { info() {}, warn() {}, error() {} },
    })
    expect(await session.start()).toBe(true)
    expect(engine.starts).toBe(0)
    expect(engine.reconnects).toEqual([WEB_CALL])
    engine.emit('call-start')
    const arrival = engine.sent.filter((m) =>
      (m as { message?: { content?: string } }).message?.content?.startsWith('The visitor is now on'),
    )
    expect(arrival).toEqual([
      {
        type: 'add-message',
        message: { role: 'system', content: `${arrivalMessage(document)}\n[voiceos/1 page-change path=/products]` },
        triggerResponseEnabled: false,
      },
    ])
    expect(arrivalMessage(document)).toContain('Contact us (/products)')
    await session.stop()
  })

  it('from pagehide on, the old page runs no command (the next page does, or the assistant re-sends it)', async () => {
    const navigate = withNavigation()
    document.body.innerHTML = '<button id="b">Buy</button>'
    let clicks = 0
    document.getElementById('b')!.addEventListener('click', () => clicks++)
    const engine = fakeEngine()
    const session = createVoiceSession({
      engine: engine,
      assistantId: 'asst_1',
      sessionId: 'session_2',
      pageUrl: location.href,
      realtime: null,
      onStatus: () => undefined,
      onTranscript: () => undefined,
      notify: () => undefined,
      persist: true,
      pageContext: false,
      logger: { info() {}, warn() {}, error() {} },
    })
    await session.start()
    engine.emit('call-start')
    await afterCallStart() // the acting half, requested after Listening's frame
    session.route({ action: 'click', targetText: 'Buy', id: 'cmd-1' })
    expect(clicks).toBe(1)
    navigate('https://shop.example/next')
    hide()
    session.route({ action: 'click', targetText: 'Buy', id: 'cmd-2' })
    expect(clicks).toBe(1)
    expect(sessionStorage.getItem(HANDOFF_KEY)).not.toBeNull()
    await session.stop()
  })

  it('stop ends a call whose room outlives the page on the platform (end-call and the control URL) and hands nothing over', async () => {
    const navigate = withNavigation()
    const engine = fakeEngine()
    const session = createVoiceSession({
      engine: engine,
      assistantId: 'asst_1',
      sessionId: 'session_3',
      pageUrl: location.href,
      realtime: null,
      onStatus: () => undefined,
      onTranscript: () => undefined,
      notify: () => undefined,
      persist: true,
      pageContext: false,
      logger: { info() {}, warn() {}, error() {} },
    })
    await session.start()
    engine.emit('call-start')
    await session.stop()
    expect(engine.ends).toBe(1)
    expect(engine.stops).toBe(0)
    expect(fetches.map((f) => [f.url, f.init.body])).toEqual([
      [WEB_CALL.monitor.controlUrl, JSON.stringify({ type: 'end-call' })],
    ])
    navigate('https://shop.example/next')
    hide()
    expect(sessionStorage.getItem(HANDOFF_KEY)).toBeNull()
  })

  it('without persist, stop leaves the call (the platform deletes its room) and sends nothing else', async () => {
    const engine = fakeEngine()
    const session = createVoiceSession({
      engine: engine,
      assistantId: 'asst_1',
      sessionId: 'session_4',
      pageUrl: location.href,
      realtime: null,
      onStatus: () => undefined,
      onTranscript: () => undefined,
      notify: () => undefined,
      pageContext: false,
      logger: { info() {}, warn() {}, error() {} },
    })
    await session.start()
    engine.emit('call-start')
    await session.stop()
    expect([engine.ends, engine.stops]).toEqual([0, 1])
    expect(fetches).toEqual([])
  })
})
