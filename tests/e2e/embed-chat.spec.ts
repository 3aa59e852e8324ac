/**
 * Chat mode (README `data-mode`, Vapi's widget modes): the production embed by script tag on a host page of its own
 * origin with `data-mode="chat"`, against a local `POST /chat/web` server (tests/servers/chat-server.ts, the
 * documented protocol, as strict: a `WebChat` JSON answer — the only form that carries `tool_calls` — unless the
 * request asks `stream: true`, then only `CreateChatStreamResponse` content deltas). The chat asks for JSON, so
 * page actions reach the page. A keyboard-only visitor opens the chat, types two messages and gets both
 * answers in one platform session; nothing of a call happens (no `POST /call/web`, no microphone, no call code);
 * a client tool call in an answer acts on the host page and its result goes back as a `ToolMessage`.
 */
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { buildStandInEmbed } from '../../bench/lib/standins'
import { startChatServer, type ChatServer } from '../servers/chat-server'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'

const OUT = 'test-results/embed-chat'
const KEY = 'pk_e2e_0000000000'
const ASSISTANT = '00000000-0000-4000-8000-000000000001'
test.describe.configure({ mode: 'serial' })

let chat: ChatServer
let embed: StaticOrigin
let host: StaticOrigin
test.beforeAll(async () => {
  await buildStandInEmbed(`${OUT}/embed`)
  mkdirSync(`${OUT}/host`, { recursive: true })
  const page = (mode: string) =>
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea shop</title></head><body><main>' +
    '<h1>Tea shop</h1><p>Cart: <output id="count">0</output></p>' +
    '<button type="button" onclick="document.getElementById(\'count\').value = String(Number(document.getElementById(\'count\').value) + 1)">Add to cart</button>' +
    `</main><script src="%EMBED%/voiceos.js" data-mode="${mode}" data-public-key="${KEY}" data-assistant-id="${ASSISTANT}" data-api-base-url="%API%" async></script></body></html>`
  writeFileSync(`${OUT}/host/index.html`, page('chat'))
  writeFileSync(`${OUT}/host/hybrid.html`, page('hybrid'))
  chat = await startChatServer({ publicKey: KEY, assistants: [ASSISTANT] })
  embed = await startStaticOrigin({
    port: 0,
    root: `${OUT}/embed`,
    headers: () => ({ 'access-control-allow-origin': '*' }),
  })
  host = await startStaticOrigin({ port: 0, root: `${OUT}/host`, vars: { EMBED: embed.origin, API: chat.url } })
})
test.afterAll(async () => {
  await Promise.all([chat?.close(), embed?.close(), host?.close()])
})
test.beforeEach(() => chat.reset())

/** Records what would betray a call: getUserMedia calls (the page's own requests are watched by Playwright). */
async function watchForCall(page: Page): Promise<string[]> {
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.addInitScript(() => {
    const w = window as unknown as { __gum: number }
    w.__gum = 0
    const md = navigator.mediaDevices
    if (md) {
      const gum = md.getUserMedia.bind(md)
      md.getUserMedia = (c) => {
        w.__gum++
        return gum(c)
      }
    }
  })
  return requests
}

const widget = (page: Page) => page.getByTestId('voice-widget')

test('keyboard only: open the chat, two messages answered in one platform session, Escape closes; no call, no microphone', async ({
  page,
}) => {
  const requests = await watchForCall(page)
  await page.goto(`${host.origin}/index.html`)
  const open = page.getByRole('button', { name: 'Open chat' })
  await expect(open).toBeVisible()
  // Tab from the page's own controls to the widget's button, then Enter.
  await page.getByRole('button', { name: 'Add to cart' }).focus()
  await page.keyboard.press('Tab')
  await expect(open).toBeFocused()
  await page.keyboard.press('Enter')
  const input = page.getByRole('textbox', { name: 'Type your message' })
  await expect(input).toBeFocused()
  await page.keyboard.type('What teas do you have?')
  await page.keyboard.press('Enter')
  const log = page.getByRole('log', { name: 'Conversation' })
  await expect(log).toContainText('Turn 1: you said "What teas do you have?"')
  await expect(input).toHaveValue('')
  await page.keyboard.type('And green ones?')
  await page.keyboard.press('Enter')
  await expect(log).toContainText('Turn 2: you said "And green ones?"')

  // One platform session, continued; every request the public key's, with the template variables of a call.
  const posts = chat.requests.filter((r) => r.path === '/chat/web')
  expect(posts).toHaveLength(2)
  expect(posts.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true)
  // JSON, not a stream: the documented stream carries no tool_calls (src/voice/chat/README.md).
  expect(posts[0]!.json).toMatchObject({ assistantId: ASSISTANT, stream: false })
  expect(posts[1]!.json!['sessionId']).toBe('sess_1')
  const vars = (posts[0]!.json!['assistantOverrides'] as { variableValues: Record<string, string> }).variableValues
  expect(vars.sessionId).toMatch(/^session_\d+_[0-9a-f]{32}$/)
  expect(vars.url).toBe(`${host.origin}/index.html`)

  await page.keyboard.press('Escape')
  await expect(log).toBeHidden()
  await expect(open).toBeFocused()
  await expect(open).toHaveAttribute('aria-expanded', 'false')
  // Nothing of a call: no POST /call/web, no call or daily-js chunk, no microphone.
  expect(requests.filter((u) => /\/call\/web|chunks\/(call|daily)-/.test(u))).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __gum: number }).__gum)).toBe(0)
})

test("a client tool call in the chat's answer acts on the page, and its result goes back as a ToolMessage", async ({
  page,
}) => {
  await page.goto(`${host.origin}/index.html`)
  chat.script({
    status: 201,
    body: {
      id: 'chat_1',
      sessionId: 'sess_tools',
      output: [
        {
          role: 'assistant',
          content: 'Adding it to your cart.',
          tool_calls: [
            {
              id: 'call_add',
              type: 'function',
              function: {
                name: 'voice_command',
                arguments: JSON.stringify({ action: 'click', targetText: 'Add to cart' }),
              },
            },
          ],
        },
      ],
    },
  })
  await page.getByRole('button', { name: 'Open chat' }).click()
  const input = page.getByRole('textbox', { name: 'Type your message' })
  await input.fill('Add the Darjeeling to my cart')
  await input.press('Enter')
  await expect(page.locator('#count')).toHaveText('1')
  const log = page.getByRole('log', { name: 'Conversation' })
  await expect(log).toContainText('Adding it to your cart.')
  await expect(log).toContainText('Tool results: done')
  const follow = chat.requests.filter((r) => r.path === '/chat/web')[1]!.json!
  expect(follow['sessionId']).toBe('sess_tools')
  expect(follow['input']).toEqual([expect.objectContaining({ role: 'tool', tool_call_id: 'call_add' })])
})

test('a refused start says what to do, in the widget, and the typed message stays sent once', async ({ page }) => {
  await page.goto(`${host.origin}/index.html`)
  chat.script({ status: 401, body: { message: 'Invalid Key. Hot tip, you may be using the private key.' } })
  await page.getByRole('button', { name: 'Open chat' }).click()
  const input = page.getByRole('textbox', { name: 'Type your message' })
  await input.fill('Hello')
  await input.press('Enter')
  await expect(page.getByTestId('voice-toast').first()).toContainText('Message Not Answered')
  await expect(page.getByTestId('voice-toast').first()).toContainText("This site's voice assistant key was refused.")
  await expect(widget(page)).not.toContainText('Hot tip') // never the platform's own English message
  expect(chat.requests.filter((r) => r.path === '/chat/web')).toHaveLength(1)
})

test('hybrid: the mic and "Type instead of speaking" side by side; typing opens a chat without a call', async ({
  page,
}) => {
  const requests = await watchForCall(page)
  await page.goto(`${host.origin}/hybrid.html`)
  await expect(page.getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
  await page.getByRole('button', { name: 'Type instead of speaking' }).click()
  const input = page.getByRole('textbox', { name: 'Type your message' })
  await expect(input).toBeFocused()
  await page.keyboard.type('Hi')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Turn 1: you said "Hi"')
  expect(requests.filter((u) => /\/call\/web/.test(u))).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __gum: number }).__gum)).toBe(0)
})
