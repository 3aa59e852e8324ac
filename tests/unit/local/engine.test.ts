// @vitest-environment happy-dom
/**
 * The local mode end to end in one document: a stand-in SpeechRecognition (the Web Speech API's interface and
 * events) → the local engine → the same voice session, router and executor as a call → the answer shown and
 * spoken. No network: `fetch` and `WebSocket` throw if anything tries.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createVoiceSession } from '../../../src/voice/session/session'
import { LocalVoiceEngine } from '../../../src/voice/local/engine'
import { installSpeechStandIn, type SpeechControl, type SpeechStandInOptions } from '../../fixtures/speechStandIn'
import type { WidgetToast } from '../../../src/voice/session/types'
import { resetPress } from '../../../src/voice/local/press'
import { fitMessage } from '../../../src/voice/context/fit'
import { utf8Bytes } from '../../../src/voice/engine/appMessage'
import type { VapiClientMessage } from '../../../src/voice/engine/messages'

const silent = { info() {}, warn() {}, error() {} }

function page() {
  history.replaceState(null, '', '/')
  document.title = 'Demo shop'
  document.documentElement.lang = 'en'
  document.body.innerHTML = `
    <main><h1>Demo shop</h1>
      <a href="#pricing" id="pricing-link">Pricing</a>
      <button type="button" id="add">Add to cart</button>
      <label>Email <input type="email" name="email"></label>
      <label>Name <input type="text" name="name"></label>
      <label><input type="checkbox" id="news"> Newsletter</label>
    </main>`
}

interface Run {
  speech: SpeechControl
  engine: LocalVoiceEngine
  turns: { role: string; text: string }[]
  statuses: string[]
  toasts: WidgetToast[]
  problems: string[]
  session: ReturnType<typeof createVoiceSession>
  /** How many page maps the session has sent. */
  maps: () => number
}

/** Every content the session sent into the engine, in order. */
let sent: string[] = []

async function run(options: SpeechStandInOptions = {}, lang = 'en'): Promise<Run> {
  // The engine reads the globals, as in a browser (where they are the window's).
  const speech = installSpeechStandIn(options, globalThis as unknown as Window)
  const engine = new LocalVoiceEngine({ lang })
  let maps = 0
  const send = engine.send.bind(engine)
  engine.send = (m) => {
    if (m.type === 'add-message') sent.push(m.message.content)
    if (m.type === 'add-message' && m.message.content.startsWith('PAGE MAP')) maps++
    return send(m)
  }
  const turns: Run['turns'] = []
  const statuses: string[] = []
  const toasts: WidgetToast[] = []
  const problems: string[] = []
  const session = createVoiceSession({
    engine,
    assistantId: 'local',
    sessionId: 'session_1_abc',
    pageUrl: location.href,
    realtime: null,
    onStatus: (s) => statuses.push(s),
    onTranscript: () => {},
    onTurn: (t) => {
      if (t.final) turns.push({ role: t.role, text: t.text })
    },
    onProblem: (p) => problems.push(p),
    notify: (t) => toasts.push(t),
    logger: silent,
    pageContext: { settleMs: 10, maxSettleMs: 50, pollMs: 10 },
  })
  await session.start()
  return { speech, engine, turns, statuses, toasts, problems, session, maps: () => maps }
}

/** Waits until the session has sent the page map (the acting half has loaded): commands then run at once. */
const settle = (r: Run) => vi.waitFor(() => expect(r.maps()).toBeGreaterThan(0), { timeout: 10_000 })
const lastAnswer = (r: Run) => r.turns.filter((t) => t.role === 'assistant').at(-1)?.text

describe('local engine through the voice session', () => {
  beforeEach(() => {
    page()
    resetPress()
    sent = []
    vi.stubGlobal('fetch', () => {
      throw new Error('no request may leave the page')
    })
    vi.stubGlobal('WebSocket', function () {
      throw new Error('no socket may open')
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('listens with the standard recognizer in the page language, continuous with interim results', async () => {
    const r = await run()
    expect(r.speech.starts[0]).toMatchObject({ lang: 'en', continuous: true, interimResults: true })
    expect(r.statuses).toContain('listening')
    expect(lastAnswer(r)).toMatch(/^Listening\./)
    await r.session.stop()
  })

  it('uses the webkit-prefixed recognizer where that is the one there is', async () => {
    const r = await run({ flavor: 'webkit' })
    expect(r.speech.starts).toHaveLength(1)
    await r.session.stop()
  })

  it('recognises on the device when the browser can, and says so', async () => {
    const r = await run({ availability: 'available' })
    expect(r.speech.starts[0]!.processLocally).toBe(true)
    expect(r.engine.onDevice).toBe(true)
    expect(lastAnswer(r)).toMatch(/on this device/)
    await r.session.stop()
  })

  it('uses the browser default while a downloadable on-device language installs for next time', async () => {
    const r = await run({ availability: 'downloadable' })
    expect(r.speech.starts[0]!.processLocally).toBe(false)
    expect(r.speech.installs).toEqual([['en']])
    await r.session.stop()
  })

  it('a spoken click, fill and toggle act through the executor and are answered aloud', async () => {
    const r = await run()
    await settle(r)
    let clicks = 0
    document.getElementById('add')!.addEventListener('click', () => clicks++)
    r.speech.say('click add to cart')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Clicked Add to cart'))
    expect(clicks).toBe(1)
    expect(r.turns).toContainEqual({ role: 'user', text: 'click add to cart' })

    r.speech.say('fill email with ada at example dot com')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Filled Email'))
    expect((document.querySelector('input[name=email]') as HTMLInputElement).value).toBe('ada@example.com')

    r.speech.say('turn on the newsletter')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Newsletter is on'))
    expect((document.getElementById('news') as HTMLInputElement).checked).toBe(true)

    expect(r.speech.spoken.map((s) => s.text)).toEqual(
      expect.arrayContaining(['Clicked Add to cart', 'Filled Email', 'Newsletter is on']),
    )
    expect(r.speech.spoken.every((s) => s.lang === 'en')).toBe(true)
    await r.session.stop()
  })

  it('a refusal is spoken with the fields there are', async () => {
    const r = await run()
    await settle(r)
    r.speech.say('fill company with Acme')
    await vi.waitFor(() => expect(lastAnswer(r)).toMatch(/^There is no field called company; there are /i))
    expect(lastAnswer(r)).toMatch(/Email|Name/)
    expect(r.speech.spoken.at(-1)!.text).toBe(lastAnswer(r))
    await r.session.stop()
  })

  it('what it does not understand gets three examples from the page map', async () => {
    const r = await run()
    await settle(r)
    r.speech.say('the weather is nice')
    await vi.waitFor(() => expect(lastAnswer(r)).toMatch(/^I did not understand “the weather is nice”\./))
    expect(lastAnswer(r)).toContain('“fill Email with …”')
    expect(lastAnswer(r)).toContain('“click Add to cart”')
    expect(lastAnswer(r)).toContain('“go to Pricing”')
    await r.session.stop()
  })

  it("a button's or link's name alone is a click on it", async () => {
    const r = await run()
    await settle(r)
    let clicks = 0
    document.getElementById('add')!.addEventListener('click', () => clicks++)
    r.speech.say('add to the cart')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Clicked Add to cart'))
    expect(clicks).toBe(1)
    await r.session.stop()
  })

  it('typed text is read by the same grammar', async () => {
    const r = await run()
    await settle(r)
    expect(r.session.sendText('fill name with Ada Lovelace')).toBe(true)
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Filled Name'))
    expect((document.querySelector('input[name=name]') as HTMLInputElement).value).toBe('Ada Lovelace')
    await r.session.stop()
  })

  it('mute stops listening and speaking; unmute listens again', async () => {
    const r = await run()
    await settle(r)
    expect(r.session.setMuted(true)).toBe(true)
    await vi.waitFor(() => expect(r.speech.listening()).toBe(false))
    const spoken = r.speech.spoken.length
    r.session.sendText('scroll down')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Scrolled down'))
    expect(r.speech.spoken).toHaveLength(spoken)
    expect(r.session.setMuted(false)).toBe(false)
    await vi.waitFor(() => expect(r.speech.listening()).toBe(true))
    await r.session.stop()
  })

  it('keeps listening after the recognizer ends on silence (no-speech)', async () => {
    const r = await run()
    r.speech.fail('no-speech')
    await vi.waitFor(() => expect(r.speech.listening()).toBe(true))
    expect(r.speech.starts).toHaveLength(2)
    expect(r.statuses.at(-1)).not.toBe('idle')
    await r.session.stop()
  })

  it('"stop" ends the conversation', async () => {
    const r = await run()
    r.speech.say('stop listening')
    await vi.waitFor(() => expect(r.statuses.at(-1)).toBe('idle'))
    expect(r.speech.spoken.at(-1)!.text).toBe('Stopped listening')
    expect(r.speech.listening()).toBe(false)
  })

  it('a denied microphone (not-allowed) fails the start as Microphone blocked', async () => {
    const r = await run({ startError: 'not-allowed' })
    expect(r.statuses.at(-1)).toBe('idle')
    expect(r.problems).toEqual(['microphoneBlocked'])
    expect(r.toasts.at(-1)).toMatchObject({ type: 'error', titleKey: 'widget.toast.connectionFailed.title' })
  })

  it('a network error while listening ends the conversation with the network explained', async () => {
    const r = await run()
    r.speech.fail('network')
    await vi.waitFor(() => expect(r.statuses.at(-1)).toBe('idle'))
    expect(r.problems).toEqual(['network'])
  })

  it('without a recognizer the conversation is typed only, and says so', async () => {
    const r = await run({ flavor: 'none' })
    expect(r.statuses).toContain('listening')
    expect(lastAnswer(r)).toMatch(/cannot recognise speech\. Type a command/)
    await settle(r)
    r.session.sendText('scroll to the top')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Scrolled to the top'))
    await r.session.stop()
  })

  it('answers in Hindi on a Hindi page', async () => {
    document.documentElement.lang = 'hi'
    const r = await run({}, 'hi')
    await settle(r)
    expect(r.speech.starts[0]!.lang).toBe('hi')
    r.speech.say('Add to cart पर क्लिक करो')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Add to cart पर क्लिक किया'))
    expect(r.speech.spoken.at(-1)).toEqual({ text: 'Add to cart पर क्लिक किया', lang: 'hi' })
    await r.session.stop()
  })

  it('refuses in Hindi words from the refusal as data, never wrapping the English sentence', async () => {
    document.documentElement.lang = 'hi'
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button type="button" disabled>Subscribe</button>')
    const r = await run({}, 'hi')
    await settle(r)
    r.speech.say('Subscribe पर क्लिक करो')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Subscribe अभी बंद है, उसे इस्तेमाल नहीं कर सकता'))
    r.speech.say('Checkout पर क्लिक करो')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('इस पेज पर Checkout नहीं मिला'))
    expect(r.turns.filter((t) => t.role === 'assistant').every((t) => !/[a-z]{3,} [a-z]{3,}/.test(t.text))).toBe(true)
    expect(r.speech.spoken.at(-1)).toEqual({ text: 'इस पेज पर Checkout नहीं मिला', lang: 'hi' })
    await r.session.stop()
  })

  it('says in Hindi that a press changed nothing (a tab that stays unselected is not reported done)', async () => {
    document.documentElement.lang = 'hi'
    document
      .querySelector('main')!
      .insertAdjacentHTML(
        'beforeend',
        '<div role="tablist"><button role="tab" aria-selected="true">Login</button><button role="tab" aria-selected="false">Password</button></div>',
      )
    const r = await run({}, 'hi')
    await settle(r)
    r.speech.say('Password पर क्लिक करो')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Password दबाया, पर कुछ नहीं बदला'), { timeout: 8_000 })
    await r.session.stop()
  })

  it('asks for the on-device language and queues a first utterance before anything awaits (the press)', async () => {
    const speech = installSpeechStandIn({ availability: 'downloadable' }, globalThis as unknown as Window)
    const engine = new LocalVoiceEngine({ lang: 'hi' })
    const started = engine.start()
    // Synchronously, within the press: install() asked, and speech unlocked for iOS with an utterance in Hindi.
    expect(speech.installs).toEqual([['hi']])
    expect(speech.spoken).toEqual([{ text: '', lang: 'hi' }])
    await started
    expect(speech.installs).toHaveLength(1)
    await engine.stop()
  })

  it('never cancels speech right before speaking an answer', async () => {
    const r = await run()
    await settle(r)
    r.speech.say('scroll down')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Scrolled down'))
    r.speech.say('scroll up')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Scrolled up'))
    const calls = r.speech.synthesisCalls
    expect(calls.filter((c) => c === 'speak').length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < calls.length; i++) expect(calls.slice(i - 1, i + 1)).not.toEqual(['cancel', 'speak'])
    await r.session.stop()
  })

  it('a language the recognizer does not support: typed from the start, said in the page language, no problem', async () => {
    document.documentElement.lang = 'hi'
    const r = await run({ startError: 'language-not-supported' }, 'hi')
    expect(r.problems).toEqual([])
    expect(r.statuses.at(-1)).toBe('listening')
    expect(lastAnswer(r)).toMatch(/^यह ब्राउज़र हिन्दी में बोली नहीं पहचान सकता। .*टाइप करें/)
    await settle(r)
    expect(r.session.sendText('नीचे स्क्रॉल करो')).toBe(true)
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('नीचे स्क्रॉल किया'))
    await r.session.stop()
  })

  it('speech recognition switched off (service-not-allowed) while listening: typing goes on, the reason is said', async () => {
    const r = await run()
    await settle(r)
    r.speech.fail('service-not-allowed')
    await vi.waitFor(() => expect(lastAnswer(r)).toMatch(/^Speech recognition is turned off in this browser/))
    expect(r.problems).toEqual([])
    expect(r.statuses.at(-1)).not.toBe('idle')
    expect(r.speech.listening()).toBe(false)
    r.session.sendText('scroll down')
    await vi.waitFor(() => expect(lastAnswer(r)).toBe('Scrolled down'))
    // Not restarted: the recognizer that refused is not asked again.
    expect(r.speech.starts).toHaveLength(1)
    await r.session.stop()
  })

  it('service-not-allowed at the start: typed, not "microphone blocked"', async () => {
    const r = await run({ startError: 'service-not-allowed' })
    expect(r.problems).toEqual([])
    expect(lastAnswer(r)).toMatch(/^Speech recognition is turned off/)
    await r.session.stop()
  })

  it('a page map of 3,500–8,000 bytes reaches the engine whole, and its last names act', async () => {
    const names = Array.from({ length: 160 }, (_, i) => `Product number ${i + 1} details`)
    document
      .querySelector('main')!
      .insertAdjacentHTML(
        'beforeend',
        names.map((n) => `<button type="button">${n}</button>`).join('') +
          '<button type="button" id="last">Zebra stripes sample</button>',
      )
    const r = await run()
    await settle(r)
    const map = sent.find((c) => c.startsWith('PAGE MAP'))!
    expect(utf8Bytes(map)).toBeGreaterThanOrEqual(3500)
    expect(utf8Bytes(map)).toBeLessThanOrEqual(8000)
    expect(sent.some((c) => c.startsWith('[part'))).toBe(false)
    await r.session.stop()
  })

  it('[part k of n] parts of a page map are joined before they are read', async () => {
    const speech = installSpeechStandIn({}, globalThis as unknown as Window)
    const engine = new LocalVoiceEngine({ lang: 'en' })
    const toolCalls: unknown[] = []
    engine.on('message', (m) => {
      const message = m as { type: string; toolCallList?: { function: unknown }[] }
      if (message.type === 'tool-calls') toolCalls.push(message.toolCallList?.[0]?.function)
    })
    await engine.start()
    const buttons = Array.from({ length: 150 }, (_, i) => `Product number ${i + 1} details`)
    const content = `PAGE MAP (what the visitor's page offers now; use these names in voice commands)\nurl: http://localhost/\ntitle: Shop\nbuttons: ${[...buttons, 'Zebra stripes sample'].join(' | ')}\n[voiceos/1 page-map path=/ lang=en]`
    expect(utf8Bytes(content)).toBeGreaterThanOrEqual(3500)
    expect(utf8Bytes(content)).toBeLessThanOrEqual(8000)
    const message: VapiClientMessage = { type: 'add-message', message: { role: 'system', content } }
    const parts = fitMessage(message, 4096)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) engine.send(part)
    speech.say('zebra stripes sample')
    expect(toolCalls.at(-1)).toEqual({ name: 'click', arguments: { targetText: 'Zebra stripes sample' } })
    await engine.stop()
  })
})
