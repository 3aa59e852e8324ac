/**
 * The web chat test server as a browser test would run it: a separate process started with
 * `node --import tsx tests/servers/chat-server.ts`, scripted over HTTP, talked to by `streamWebChat`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { streamWebChat, WebChatError } from '../../../src/platform/chat-web'

let child: ChildProcess
let url: string

beforeAll(async () => {
  child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/servers/chat-server.ts', '--port', '0', '--key', 'pk_cli', '--assistant', 'asst_cli'],
    { cwd: new URL('../../../', import.meta.url), stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const lines = createInterface({ input: child.stdout! })
  const [line] = (await once(lines, 'line')) as [string]
  url = (JSON.parse(line) as { url: string }).url
}, 15_000)

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
})

it('runs as a CLI: streams an answer with the given key and assistant, takes scripted replies over HTTP, lists requests', async () => {
  const chat = (input: string) =>
    streamWebChat({ apiBaseUrl: url, publicKey: 'pk_cli', assistantId: 'asst_cli', input })
  const first = await chat('hi')
  expect(first).toMatchObject({ streamed: true, sessionId: 'sess_1', text: 'Turn 1: you said "hi"' })

  const queued = await fetch(`${url}/__chat/script`, {
    method: 'POST',
    body: JSON.stringify([
      { status: 402, body: { message: 'Wallet Balance is too low' } },
      {
        events: [': comment\n\n', { id: 'c', sessionId: 'sess_s', path: 'chat.output[0].content', delta: 'Scripted' }],
      },
    ]),
  })
  expect(await queued.json()).toEqual({ queued: 2 })
  const refused = await chat('again').catch((e: unknown) => e)
  expect(refused).toBeInstanceOf(WebChatError)
  expect(refused).toMatchObject({ status: 402, reason: 'no-credit' })
  expect(await chat('scripted')).toMatchObject({ text: 'Scripted', sessionId: 'sess_s' })

  const requests = (await (await fetch(`${url}/__chat/requests`)).json()) as { json: { input: string } }[]
  expect(requests.map((r) => r.json.input)).toEqual(['hi', 'again', 'scripted'])
  await fetch(`${url}/__chat/reset`, { method: 'POST' })
  expect(await (await fetch(`${url}/__chat/requests`)).json()).toEqual([])
})
