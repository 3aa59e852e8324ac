/**
 * The test server as the e2e suite will run it: a separate process started with
 * `node --import tsx tests/servers/realtime-server.ts`, driven over HTTP, joined by a real supabase-js client.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import WebSocket from 'ws'
import { subscribeToVoiceCommands, type VoiceCommandSubscription } from '../../../src/voice/realtime'

let child: ChildProcess
let url: string
let sub: VoiceCommandSubscription | undefined

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'tests/servers/realtime-server.ts', '--port', '0'], {
    cwd: new URL('../../../', import.meta.url),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const [line] = (await once(lines, 'line')) as [string]
  url = (JSON.parse(line) as { url: string }).url
}, 15_000)

afterAll(async () => {
  await sub?.unsubscribe()
  if (child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
})

it('runs as a CLI: joins are listed, HTTP broadcasts (test and Supabase REST shapes) reach the client, drop works', async () => {
  const received: unknown[] = []
  sub = await subscribeToVoiceCommands({
    supabaseUrl: url,
    anonKey: 'cli-key',
    sessionId: 'session_cli_0123456789',
    onCommand: (m) => received.push(m),
    transport: WebSocket as never,
    logger: {},
    realtime: { reconnectAfterMs: () => 50 },
  })
  const joins = (await (await fetch(`${url}/__realtime/joins`)).json()) as { channel: string }[]
  expect(joins.map((j) => j.channel)).toEqual(['voice-commands-session_cli_0123456789'])

  const res = await fetch(`${url}/__realtime/broadcast`, {
    method: 'POST',
    body: JSON.stringify({
      channel: 'voice-commands-*',
      event: 'voice_command',
      payload: { action: 'scroll', direction: 'down' },
    }),
  })
  expect(await res.json()).toEqual({ delivered: 1 })
  const rest = await fetch(`${url}/realtime/v1/api/broadcast`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: 'cli-key' },
    body: JSON.stringify({
      messages: [
        {
          topic: 'voice-commands-session_cli_0123456789',
          event: 'voice_command',
          payload: { action: 'click', targetText: 'Watch Demo' },
        },
      ],
    }),
  })
  expect(rest.status).toBe(202)
  await vi.waitFor(() => expect(received).toHaveLength(2))
  expect(received).toEqual([
    { action: 'scroll', direction: 'down' },
    { action: 'click', targetText: 'Watch Demo' },
  ])

  await fetch(`${url}/__realtime/drop`, { method: 'POST' })
  await vi.waitFor(
    async () => {
      const after = (await (await fetch(`${url}/__realtime/joins`)).json()) as unknown[]
      expect(after).toHaveLength(2)
    },
    { timeout: 5_000 },
  )
}, 20_000)
