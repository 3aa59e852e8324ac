// @vitest-environment happy-dom
/**
 * End to end over a real WebSocket: a real supabase-js client (transport: ws) joins the local Phoenix server
 * (tests/servers/realtime-server.ts), the server broadcasts voice commands, and the page (happy-dom) acts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { startRealtimeServer, type RealtimeServer } from '../../servers/realtime-server'
import {
  subscribeToVoiceCommands,
  toolCallToCommands,
  voiceCommandChannelName,
  type VoiceChannelStatus,
  type VoiceCommandSubscription,
} from '../../../src/voice/realtime'
import {
  createCommandExecutor,
  createCommandRouter,
  type CommandResult,
  type VoiceToast,
} from '../../../src/voice/commands'

const ANON_KEY = 'anon-test-key'
const FAST = { timeout: 2_000, reconnectAfterMs: () => 50 }

let server: RealtimeServer
beforeAll(async () => {
  server = await startRealtimeServer({
    port: 0,
    // Stand-in for RLS on realtime.messages: private channels need the visitor's token.
    authorize: (join) =>
      join.config.private && join.accessToken !== 'visitor-jwt' ? 'Unauthorized: private channel' : true,
  })
})
afterAll(async () => {
  await server.close()
})

const subscriptions: VoiceCommandSubscription[] = []
afterEach(async () => {
  await Promise.all(subscriptions.splice(0).map((s) => s.unsubscribe()))
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

let sessionCounter = 0
const newSessionId = () => `session_${Date.now()}_${++sessionCounter}abcdef`

const PAGE = `
  <main style="height: 4000px">
    <a id="demo" href="#demo-video">Watch Demo</a>
    <form id="f"><label for="email">Email</label><input id="email" type="email"></form>
    <label><input id="news" type="checkbox"> Newsletter</label>
  </main>`

/** Widget-like wiring: realtime → router → executor, with a result log. */
function wirePage() {
  document.body.innerHTML = PAGE
  const toasts: VoiceToast[] = []
  const results: CommandResult[] = []
  const executor = createCommandExecutor({
    notify: (t) => toasts.push(t),
    logger: {},
    highlightMs: 0,
    prefersReducedMotion: true,
  })
  const router = createCommandRouter({ executor, logger: {} })
  const waiters: (() => void)[] = []
  const route = (message: unknown, source: 'realtime' | 'tool-call') => {
    results.push(router.route(message, source))
    waiters.splice(0).forEach((w) => w())
  }
  const nextResult = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${count} results, got ${results.length}`)), 3_000)
      const check = () => {
        if (results.length >= count) {
          clearTimeout(timer)
          resolve()
        } else waiters.push(check)
      }
      check()
    })
  return { toasts, results, route, nextResult, executor }
}

async function subscribe(
  sessionId: string,
  onCommand: (m: unknown) => void,
  extra: Partial<Parameters<typeof subscribeToVoiceCommands>[0]> = {},
) {
  const sub = await subscribeToVoiceCommands({
    supabaseUrl: server.url,
    anonKey: ANON_KEY,
    sessionId,
    onCommand,
    transport: WebSocket as never,
    logger: {},
    realtime: FAST,
    ...extra,
  })
  subscriptions.push(sub)
  return sub
}

describe('subscribeToVoiceCommands over a real Phoenix WebSocket', () => {
  it('joins voice-commands-{sessionId} (public by default) and every command kind acts on the page', async () => {
    const page = wirePage()
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {})
    const clicks: string[] = []
    document.addEventListener('click', (e) => {
      clicks.push((e.target as Element).id)
      if ((e.target as Element).id === 'demo') e.preventDefault()
    })
    const sessionId = newSessionId()
    await subscribe(sessionId, (m) => page.route(m, 'realtime'))

    const join = await server.waitForJoin(voiceCommandChannelName(sessionId))
    expect(join.topic).toBe(`realtime:voice-commands-${sessionId}`)
    expect(join.config.private).toBe(false)
    expect(join.accessToken).toBeUndefined()
    expect(join.apikey).toBe(ANON_KEY)
    expect(join.vsn).toBe('2.0.0')

    const channel = voiceCommandChannelName(sessionId)
    server.broadcast(channel, 'voice_command', { action: 'scroll', direction: 'down' })
    server.broadcast(channel, 'voice_command', { action: 'click', targetText: 'watch demo' })
    server.broadcast(
      channel,
      'voice_command',
      { type: 'fill', fieldType: 'email', value: 'ada@example.com' },
      { binary: true },
    )
    server.broadcast(channel, 'voice_command', { action: 'toggle', targetText: 'newsletter' })
    server.broadcast(channel, 'other_event', { action: 'scroll', direction: 'up' }) // not our event: ignored
    await page.nextResult(4)

    expect(page.results.map((r) => r.status)).toEqual(['executed', 'executed', 'executed', 'executed'])
    expect(scrollBy).toHaveBeenCalledWith({ top: Math.round(window.innerHeight * 0.8), behavior: 'auto' })
    expect(clicks).toContain('demo')
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('ada@example.com')
    expect((document.getElementById('news') as HTMLInputElement).checked).toBe(true)
    expect(page.toasts.map((t) => t.title)).toEqual(['Element Clicked', 'Field Filled'])
    expect(scrollBy).toHaveBeenCalledTimes(1)
  })

  it('rejoins after the connection drops and later commands still run', async () => {
    const page = wirePage()
    const statuses: VoiceChannelStatus[] = []
    const sessionId = newSessionId()
    const channel = voiceCommandChannelName(sessionId)
    await subscribe(sessionId, (m) => page.route(m, 'realtime'), { onStatus: (s) => statuses.push(s) })
    await server.waitForJoin(channel, { count: 1 })

    server.broadcast(channel, 'voice_command', { action: 'fill', fieldHint: 'email', value: 'before@drop.io' })
    await page.nextResult(1)

    server.dropAll()
    const rejoin = await server.waitForJoin(channel, { count: 2, timeoutMs: 5_000 })
    const first = server.joins.find((j) => j.topic === rejoin.topic)!
    expect(rejoin.connectionId).not.toBe(first.connectionId)
    await vi.waitFor(() => expect(statuses.filter((s) => s === 'SUBSCRIBED')).toHaveLength(2), { timeout: 3_000 })

    server.broadcast(channel, 'voice_command', { action: 'fill', fieldHint: 'email', value: 'after@drop.io' })
    await page.nextResult(2)
    expect(page.results.map((r) => r.status)).toEqual(['executed', 'executed'])
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('after@drop.io')
  })

  it('secure setting: the join carries private: true and the access token, and RLS-style refusal rejects', async () => {
    const sessionId = newSessionId()
    const channel = voiceCommandChannelName(sessionId)
    const sub = await subscribe(sessionId, () => {}, { private: true, accessToken: 'visitor-jwt' })
    const join = await server.waitForJoin(channel)
    expect(join.config.private).toBe(true)
    expect(join.accessToken).toBe('visitor-jwt')
    expect(join.accepted).toBe(true)
    await sub.setAccessToken('visitor-jwt-2')
    await vi.waitFor(() =>
      expect(server.tokenRefreshes).toContainEqual({ topic: join.topic, accessToken: 'visitor-jwt-2' }),
    )

    const other = newSessionId()
    await expect(subscribe(other, () => {}, { private: true, accessToken: 'someone-else' })).rejects.toThrow(
      /Unauthorized/,
    )
    const refused = await server.waitForJoin(voiceCommandChannelName(other))
    expect(refused).toMatchObject({ accepted: false, accessToken: 'someone-else', config: { private: true } })
  })

  it('secure setting with a token function: called before joining', async () => {
    const sessionId = newSessionId()
    const getToken = vi.fn(async () => 'visitor-jwt')
    await subscribe(sessionId, () => {}, { private: true, accessToken: getToken })
    const join = await server.waitForJoin(voiceCommandChannelName(sessionId))
    expect(getToken).toHaveBeenCalled()
    expect(join).toMatchObject({ accessToken: 'visitor-jwt', config: { private: true }, accepted: true })
  })

  it('the same command from realtime and from the call tool-call message runs once', async () => {
    const page = wirePage()
    const clicks = vi.fn((e: Event) => e.preventDefault())
    document.getElementById('demo')!.addEventListener('click', clicks)
    const sessionId = newSessionId()
    await subscribe(sessionId, (m) => page.route(m, 'realtime'))
    await server.waitForJoin(voiceCommandChannelName(sessionId))

    const toolCallMessage = {
      type: 'tool-calls',
      toolCallList: [
        {
          id: 'call_abc',
          type: 'function',
          function: { name: 'click_element', arguments: '{"targetText":"Watch Demo"}' },
        },
      ],
    }
    for (const command of toolCallToCommands(toolCallMessage)) page.route(command, 'tool-call')
    server.broadcast(voiceCommandChannelName(sessionId), 'voice_command', { action: 'click', targetText: 'watch demo' })
    await page.nextResult(2)
    expect(page.results.map((r) => r.status)).toEqual(['executed', 'duplicate'])
    expect(clicks).toHaveBeenCalledTimes(1)
  })

  it('no frame throws into the page: a non-string event, null payloads, garbage; later commands still run', async () => {
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.prependListener('uncaughtException', onUncaught)
    try {
      const page = wirePage()
      const sessionId = newSessionId()
      const channel = voiceCommandChannelName(sessionId)
      const logged: string[] = []
      await subscribe(sessionId, (m) => page.route(m, 'realtime'), { logger: { warn: (m: string) => logged.push(m) } })
      await server.waitForJoin(channel)
      const hostile: ((topic: string) => string | ArrayBuffer)[] = [
        // supabase-js 2.109.0 calls payload.event.toLocaleLowerCase() on every broadcast binding
        (t) =>
          JSON.stringify([null, null, t, 'broadcast', { type: 'broadcast', event: 42, payload: { action: 'scroll' } }]),
        (t) => JSON.stringify([null, null, t, 'broadcast', { type: 'broadcast', event: { toString: 1 }, payload: {} }]),
        (t) => JSON.stringify([null, null, t, 'broadcast', null]),
        (t) => JSON.stringify([null, null, t, 'phx_reply', null]),
        (t) => JSON.stringify([null, null, t, 7, {}]),
        (t) => JSON.stringify([null, null, t]),
        () => JSON.stringify({ not: 'an array' }),
        () => 'not json at all',
        () => 'null',
        () => new Uint8Array([4, 200, 1, 0, 1]).buffer,
      ]
      for (let i = 0; i < 200; i++) for (const build of hostile) server.sendRaw(channel, build)
      server.broadcast(channel, 'voice_command', { action: 'fill', fieldHint: 'email', value: 'still@works.io' })
      await page.nextResult(1)
      expect((document.getElementById('email') as HTMLInputElement).value).toBe('still@works.io')
      expect(uncaught).toEqual([])
      expect(logged.some((m) => m.includes('dropped a malformed realtime frame'))).toBe(true)
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })

  it('unsubscribe leaves the channel and closes the socket; a bad session id is refused', async () => {
    const sessionId = newSessionId()
    const sub = await subscribe(sessionId, () => {})
    await server.waitForJoin(voiceCommandChannelName(sessionId))
    const before = server.connectionCount()
    await sub.unsubscribe()
    await sub.unsubscribe()
    await vi.waitFor(() => expect(server.connectionCount()).toBe(before - 1))
    expect(server.broadcast(voiceCommandChannelName(sessionId), 'voice_command', { action: 'scroll' })).toBe(0)
    await expect(subscribe('../../etc', () => {})).rejects.toThrow(/invalid sessionId/)
  })
})
