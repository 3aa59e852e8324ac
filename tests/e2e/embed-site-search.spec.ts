/**
 * Site search end to end (README "Site search"): a public library's website of 22 real documents
 * (tests/fixtures/site-search/library.ts) on its own origin, indexed from its sitemap by the setup command
 * (`npm run assistant -- index --sitemap …`) and published at `/site-index/` on that origin, with the production
 * embed by script tag (daily-js replaced by the Daily stand-in; local `POST /call/web` and `POST /chat/web`
 * servers) under a host Content-Security-Policy as the README's Security section recommends. The assistant's tool
 * calls: a question whose answer is on a page the current one does not link to → `search_site` (the index's
 * manifest loaded at the call's start; each topic word's shard as the visitor says it) finds it → `open_page` goes
 * there →
 * the same call goes on (Listening, the new page's map sent, the transcript still shown); the same in a chat (its
 * platform session continues on the next page).
 */
import { expect, test, type Page } from '@playwright/test'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize, resolve } from 'node:path'
import { promisify } from 'node:util'
import { withGrantedFakeMicrophone } from './embedStandIn'
import { expectNoCspViolations, watchCspViolations } from './csp'
import { buildStandInEmbed } from '../../bench/lib/standins'
import { startPlatformServer, type PlatformServer } from '../servers/platform-server'
import { startChatServer, type ChatServer } from '../servers/chat-server'
import { dailyRooms } from '../servers/daily-rooms'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { WEB_CALL } from '../unit/engine/fakes'
import { LIBRARY } from '../fixtures/site-search/library'
import { renderPage, renderSitemap } from '../fixtures/site-search/render'

const OUT = 'test-results/embed-site-search'
const INDEX = resolve(OUT, 'site-index')
const KEY = 'pk_e2e_0000000000'
const ASSISTANT = '00000000-0000-4000-8000-000000000001'
withGrantedFakeMicrophone()

let platform: PlatformServer
let chat: ChatServer
let embed: StaticOrigin
let site: { origin: string; requests: string[]; close(): Promise<void> }
/** The widget's mode on the site's pages, per test. */
let mode: 'voice' | 'chat' = 'voice'

/**
 * The host's CSP: its own scripts and connections ('self') plus exactly what the README's Security section tells
 * an owner to add for the embed, for the call and for the site search.
 */
const csp = () =>
  [
    "default-src 'self'",
    `script-src 'self' ${embed.origin}`,
    `connect-src 'self' ${platform.url} ${chat.url}`,
    'media-src blob: mediastream:',
    'worker-src blob:',
  ].join('; ')

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' }

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await buildStandInEmbed(`${OUT}/embed`)
  platform = await startPlatformServer()
  chat = await startChatServer({ publicKey: KEY, assistants: [ASSISTANT] })
  embed = await startStaticOrigin({
    port: 0,
    root: `${OUT}/embed`,
    headers: () => ({ 'access-control-allow-origin': '*' }),
  })
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!)
    requests.push(path)
    if (path === '/sitemap.xml')
      return void res.writeHead(200, { 'content-type': 'application/xml' }).end(renderSitemap(LIBRARY, site.origin))
    if (path.startsWith('/site-index/')) {
      // The published index: the manifest and the shards, as any static host serves them.
      const file = normalize(join(INDEX, path.slice('/site-index/'.length)))
      if (!file.startsWith(INDEX) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end()
      const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream'
      return void res.writeHead(200, { 'content-type': type }).end(readFileSync(file))
    }
    const tag =
      `<script src="${embed.origin}/voiceos.js" data-mode="${mode}" data-public-key="${KEY}" ` +
      `data-assistant-id="${ASSISTANT}" data-api-base-url="${mode === 'chat' ? chat.url : platform.url}" ` +
      `data-site-index="/site-index/" async></script>`
    const html = renderPage(LIBRARY, path, tag)
    if (!html) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': csp(),
      })
      .end(html)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  site = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  }
  // The owner's step: the setup command indexes the site from its sitemap.
  rmSync(INDEX, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'assistant', '--', 'index', '--sitemap', `${site.origin}/sitemap.xml`, '--out', INDEX],
    { env: { ...process.env, CI: '1' } },
  )
  expect(stdout).toContain(`Indexed ${LIBRARY.pages.length} pages of ${site.origin}`)
})
test.afterAll(async () => {
  await Promise.all([platform?.close(), chat?.close(), embed?.close(), site?.close()])
})

let rooms: ReturnType<typeof dailyRooms>
test.beforeEach(async ({ context }) => {
  platform.reset()
  chat.reset()
  site.requests.length = 0
  rooms = dailyRooms(platform.url, WEB_CALL)
  platform.fallback = rooms.handle
  await context.addInitScript((roomServer) => {
    ;(window as unknown as { __dailyStandIn: { roomServer: string } }).__dailyStandIn = { roomServer }
  }, platform.url)
})

const widget = (page: Page) => page.getByTestId('voice-widget')
const creates = () => platform.requests.filter((r) => r.method === 'POST' && r.path === '/call/web')
const indexRequests = () => site.requests.filter((p) => p.startsWith('/site-index/'))
/** The app messages the Daily stand-in of the current document sent, and the rooms it joined. */
const daily = (page: Page) =>
  page.evaluate(() => {
    const calls = (window as unknown as { __dailyCalls?: { calls: [string, ...unknown[]][] }[] }).__dailyCalls ?? []
    const all = calls.flatMap((c) => c.calls)
    return {
      joins: all.filter((c) => c[0] === 'join').map((c) => (c[1] as { url: string }).url),
      sent: all.filter((c) => c[0] === 'sendAppMessage').map((c) => String(c[1])),
    }
  })
/** Delivers a message of the call's server (Vapi's) to the page, as the Daily stand-in's room does. */
const fromAssistant = (page: Page, message: unknown) =>
  page.evaluate((m) => {
    const call = (window as unknown as { __dailyCalls: { appMessage(m: unknown): void }[] }).__dailyCalls.at(-1)!
    call.appMessage(JSON.stringify(m))
  }, message)
const toolCall = (id: string, name: string, args: Record<string, string>) => ({
  type: 'tool-calls',
  toolCallList: [{ id, type: 'function', function: { name, arguments: args } }],
})
/** Links of the current page's main content and navigation. */
const links = (page: Page) =>
  page.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))

test('in one call: search_site finds the page that answers, open_page goes there, the call and its transcript go on', async ({
  page,
}) => {
  mode = 'voice'
  const reports = await watchCspViolations(page)
  await page.goto(`${site.origin}/`)
  expect(await links(page)).not.toContain('/services/printing')
  await page.waitForTimeout(1000) // the widget on idle
  expect(indexRequests()).toEqual([]) // nothing of the index before intent
  await page.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  // At the call's start the index's manifest loads, no word's shard yet.
  await expect.poll(() => indexRequests(), { timeout: 15_000 }).toContain('/site-index/voiceos-index.json')
  expect(indexRequests().filter((p) => p.startsWith('/site-index/t/'))).toEqual([])

  const question = 'How much does it cost to print a page in colour?'
  // While the visitor speaks, their partial transcripts fetch ahead the shards of their topic words.
  for (const partial of ['How much', 'How much does it cost', 'How much does it cost to print'])
    await fromAssistant(page, { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: partial })
  await expect.poll(() => indexRequests().some((p) => p.startsWith('/site-index/t/')), { timeout: 15_000 }).toBe(true)
  await fromAssistant(page, { type: 'transcript', role: 'user', transcriptType: 'final', transcript: question })
  await fromAssistant(page, toolCall('tc-search', 'search_site', { query: question }))
  await expect
    .poll(async () => (await daily(page)).sent.find((m) => m.includes('tc-search')) ?? '', { timeout: 15_000 })
    .toContain('SEARCH RESULTS')
  const result = (await daily(page)).sent.find((m) => m.includes('tc-search'))!
  const firstResult = /1\. [^(\n]*\((\/[^)]*)\)/.exec(JSON.parse(result).message.content as string)?.[1]
  expect(firstResult).toBe('/services/printing#prices')
  expect(result).toContain('50 pence per A4 page')
  // The manifest at the start and one shard per topic word since ("much", "cost", "print", "page", "colour": at most
  // five, each once).
  const loaded = indexRequests()
  expect(loaded.filter((p) => p === '/site-index/voiceos-index.json')).toHaveLength(1)
  const shards = loaded.filter((p) => p.startsWith('/site-index/t/'))
  expect(shards.length).toBeGreaterThan(0)
  expect(shards.length).toBeLessThanOrEqual(5)
  expect(new Set(shards).size).toBe(shards.length)

  const answer =
    'Colour printing is 50 pence a page; it is on the Printing, copying and scanning page. Shall I open it?'
  await fromAssistant(page, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: answer })
  await fromAssistant(page, toolCall('tc-open', 'open_page', { path: firstResult! }))

  await expect(page).toHaveTitle('Printing, copying and scanning | Riverbend Public Library')
  expect(new URL(page.url()).hash).toBe('#prices')
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  const d = await daily(page)
  expect(d.joins).toEqual([WEB_CALL.webCallUrl]) // the same call, rejoined
  expect(d.sent.some((m) => m.includes('The visitor is now on Printing, copying and scanning'))).toBe(true)
  await expect
    .poll(async () =>
      (await daily(page)).sent.some((m) => m.includes('"type":"add-message"') && m.includes('PAGE MAP')),
    )
    .toBe(true)
  expect(creates()).toHaveLength(1)
  // The transcript so far is on screen on the new page.
  const log = page.getByRole('log', { name: 'Conversation' })
  await expect(log).toContainText(question)
  await expect(log).toContainText(answer)
  await expectNoCspViolations(page, reports)
})

test('in a chat: search_site and open_page by tool calls, and the platform session goes on on the next page', async ({
  page,
}) => {
  mode = 'chat'
  const reports = await watchCspViolations(page)
  await page.goto(`${site.origin}/visit/hours`)
  expect(await links(page)).not.toContain('/services/accessibility')
  const question = 'My mother cannot leave the house. Can someone bring her library books?'
  // What the model sends for it, as search_site's description asks: the topic in the site's words.
  const query = 'library books delivered home housebound'
  chat.script(
    {
      status: 201,
      body: {
        id: 'chat_1',
        sessionId: 'sess_library',
        output: [
          {
            role: 'assistant',
            content: '',
            tool_calls: [
              {
                id: 'call_search',
                type: 'function',
                function: { name: 'search_site', arguments: JSON.stringify({ query }) },
              },
            ],
          },
        ],
      },
    },
    {
      status: 201,
      body: {
        id: 'chat_2',
        sessionId: 'sess_library',
        output: [
          {
            role: 'assistant',
            content:
              'Yes: volunteers bring books to her home every four weeks, free. Opening the Accessibility services page.',
            tool_calls: [
              {
                id: 'call_open',
                type: 'function',
                function: {
                  name: 'open_page',
                  arguments: JSON.stringify({ path: '/services/accessibility#home-delivery' }),
                },
              },
            ],
          },
        ],
      },
    },
  )
  chat.script({
    status: 201,
    body: {
      id: 'chat_3',
      sessionId: 'sess_library',
      output: [{ role: 'assistant', content: 'Here is the page about home delivery.' }],
    },
  })
  await page.getByRole('button', { name: 'Open chat' }).click()
  const input = page.getByRole('textbox', { name: 'Type your message' })
  await input.fill(question)
  await input.press('Enter')

  await expect(page).toHaveTitle('Accessibility services | Riverbend Public Library', { timeout: 15_000 })
  const posts = () => chat.requests.filter((r) => r.path === '/chat/web')
  // The search's result went back as a ToolMessage, with the page that answers among the first three (the site
  // search's goal: the right page in the top 3).
  const toolMessage = (posts()[1]!.json!['input'] as { role: string; content: string; tool_call_id: string }[])[0]!
  expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_search' })
  expect(toolMessage.content).toMatch(/^[123]\. [^\n]*\(\/services\/accessibility#home-delivery\)$/m)

  // The new page: the chat is open with the transcript, and the next message continues the platform session.
  const log = page.getByRole('log', { name: 'Conversation' })
  await expect(log).toContainText(question)
  await expect(log).toContainText('volunteers bring books to her home')
  await expect(log).toContainText('Here is the page about home delivery.')
  const next = page.getByRole('textbox', { name: 'Type your message' })
  await next.fill('Thank you. How do I sign her up?')
  await next.press('Enter')
  await expect(log).toContainText('How do I sign her up?')
  // The first message on a new page carries that page's map before the visitor's words.
  await expect
    .poll(() => posts().at(-1)?.json?.['input'])
    .toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          role: 'system',
          content: expect.stringContaining('url: ' + site.origin + '/services/accessibility'),
        }),
        { role: 'user', content: 'Thank you. How do I sign her up?' },
      ]),
    )
  expect(posts().at(-1)!.json!['sessionId']).toBe('sess_library')
  expect(creates()).toHaveLength(0)
  await expectNoCspViolations(page, reports)
})
