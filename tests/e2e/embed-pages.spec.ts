/**
 * One conversation across the pages of a multi-page site (README "One conversation across pages"): three real
 * documents on their own origin, the production embed by script tag (live engine; daily-js replaced by the Daily
 * stand-in, bench/lib/standins.ts), a local `POST /call/web` server whose web call carries a Live Call Control URL
 * on the same server, and that server holds the call's room (tests/servers/daily-rooms.ts): the Daily stand-in
 * joins and leaves it there, so the room outlives the page exactly when the web call asked for it. The call is
 * created once and rejoined on every same-origin page (hand click, form POST that redirects, reload, back, a voice
 * click); every way of leaving ends it through the control URL.
 */
import { expect, test, type Page } from '@playwright/test'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync, writeFileSync } from 'node:fs'
import { withGrantedFakeMicrophone } from './embedStandIn'
import { buildStandInEmbed } from '../../bench/lib/standins'
import { startPlatformServer, type PlatformServer } from '../servers/platform-server'
import { dailyRooms } from '../servers/daily-rooms'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { WEB_CALL } from '../unit/engine/fakes'

const OUT = 'test-results/embed-pages'
withGrantedFakeMicrophone()

let platform: PlatformServer
let embed: StaticOrigin
let site: { origin: string; close(): Promise<void> }
let other: StaticOrigin

const PAGES: Record<string, string> = {
  '/index.html':
    '<h1>Home</h1><a href="/contact.html">Contact</a> <a href="%OTHER%/">Partner site</a><form method="post" action="/submit"><button>Send the form</button></form>',
  '/contact.html': '<h1>Contact us</h1><a href="/index.html">Home</a> <a href="/thanks.html">Thanks page</a>',
  '/thanks.html': '<h1>Thank you</h1><a href="/index.html">Home</a>',
}

test.beforeAll(async () => {
  await buildStandInEmbed(`${OUT}/embed`)
  mkdirSync(`${OUT}/other`, { recursive: true })
  writeFileSync(`${OUT}/other/index.html`, '<!doctype html><title>Partner</title><h1>Another site</h1>')
  platform = await startPlatformServer()
  embed = await startStaticOrigin({
    port: 0,
    root: `${OUT}/embed`,
    headers: () => ({ 'access-control-allow-origin': '*' }),
  })
  other = await startStaticOrigin({ port: 0, root: `${OUT}/other` })
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!
    if (req.method === 'POST' && path === '/submit') {
      req.resume()
      res.writeHead(303, { location: '/thanks.html' }).end()
      return
    }
    const body = PAGES[path === '/' ? '/index.html' : path]
    if (!body) return void res.writeHead(404).end()
    const title = /<h1>(.*?)<\/h1>/.exec(body)?.[1] ?? ''
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
          `<script src="${embed.origin}/voiceos.js"${(req.url ?? '').includes('persist=false') ? ' data-persist="false"' : ''} data-public-key="pk_e2e_0000000000" data-assistant-id="00000000-0000-4000-8000-000000000001" data-api-base-url="${platform.url}" async></script>` +
          `</head><body><main>${body.replace('%OTHER%', other.origin)}</main></body></html>`,
      )
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  site = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  }
})
test.afterAll(async () => {
  await Promise.all([platform?.close(), embed?.close(), other?.close(), site?.close()])
})

let rooms: ReturnType<typeof dailyRooms>
test.beforeEach(async ({ context }) => {
  platform.reset()
  rooms = dailyRooms(platform.url, WEB_CALL)
  platform.fallback = rooms.handle
  // Every page's Daily stand-in joins the room on the local server.
  await context.addInitScript((roomServer) => {
    ;(window as unknown as { __dailyStandIn: { roomServer: string } }).__dailyStandIn = { roomServer }
  }, platform.url)
})

/** The call's room as the server holds it. */
const room = () => rooms.rooms.get(WEB_CALL.webCallUrl)
const widget = (page: Page) => page.getByTestId('voice-widget')
const creates = () => platform.requests.filter((r) => r.method === 'POST' && r.path === '/call/web')
const ends = () => platform.requests.filter((r) => r.method === 'POST' && r.path === '/call-1/control')
/** What the Daily stand-in of the current document did: the room it joined and the app messages it sent. */
const daily = (page: Page) =>
  page.evaluate(() => {
    const calls = (window as unknown as { __dailyCalls?: { calls: [string, ...unknown[]][] }[] }).__dailyCalls ?? []
    const all = calls.flatMap((c) => c.calls)
    return {
      joins: all.filter((c) => c[0] === 'join').map((c) => (c[1] as { url: string }).url),
      sent: all.filter((c) => c[0] === 'sendAppMessage').map((c) => String(c[1])),
    }
  })

async function listeningAgain(page: Page, title: string): Promise<void> {
  await expect(page).toHaveTitle(title)
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  const d = await daily(page)
  expect(d.joins).toEqual([WEB_CALL.webCallUrl])
  expect(d.sent.some((m) => m.includes(`The visitor is now on ${title}`))).toBe(true)
  // The page map follows once the acting half (./actions.ts) has loaded, just after Listening.
  await expect
    .poll(async () =>
      (await daily(page)).sent.some((m) => m.includes('"type":"add-message"') && !m.includes('The visitor is now on')),
    )
    .toBe(true)
}

test('one call across a hand click, a form POST that redirects, reload, back and a voice click; then another origin ends it', async ({
  page,
}) => {
  await page.goto(`${site.origin}/index.html`)
  await page.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  expect(creates()).toHaveLength(1)
  expect(creates()[0]!.json).toMatchObject({ roomDeleteOnUserLeaveEnabled: false })

  await page.getByRole('link', { name: 'Contact' }).click() // by hand
  await listeningAgain(page, 'Contact us')

  await page.goBack() // back
  await listeningAgain(page, 'Home')

  await page.getByRole('button', { name: 'Send the form' }).click() // POST → 303 → /thanks.html
  await listeningAgain(page, 'Thank you')

  await page.reload()
  await listeningAgain(page, 'Thank you')

  // A voice click: the assistant's tool call, as the Daily stand-in delivers it.
  await page.evaluate(() => {
    const call = (window as unknown as { __dailyCalls: { appMessage(m: unknown): void }[] }).__dailyCalls.at(-1)!
    call.appMessage(
      JSON.stringify({
        type: 'tool-calls',
        toolCallList: [
          { id: 'tc-1', type: 'function', function: { name: 'click_element', arguments: { targetText: 'Home' } } },
        ],
      }),
    )
  })
  await listeningAgain(page, 'Home')

  expect(creates()).toHaveLength(1) // five page loads, one call
  expect(ends()).toHaveLength(0)
  // One room, joined by each of the six pages, left by the five before (their beacons may still be on the way).
  expect(room()).toMatchObject({ joins: 6, deleteOnLeave: false })
  expect(room()?.deleted).toBeUndefined()
  await expect.poll(() => room()?.participants).toBe(1)

  await page.getByRole('link', { name: 'Partner site' }).click() // another origin
  await expect(page).toHaveTitle('Partner')
  await expect.poll(() => ends().length).toBe(1)
  expect(ends()[0]!.json).toEqual({ type: 'end-call' })
  expect(room()?.deleted).toBe('end-call')
})

test('a call the platform ended while the next page loaded: the widget says so and waits, with no new call', async ({
  page,
}) => {
  await page.goto(`${site.origin}/index.html`)
  await page.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  // The assistant's silence hook (or its maximum duration) ends the call on the platform: the room goes.
  room()!.deleted = 'end-call'
  await page.getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveTitle('Contact us')
  await expect(page.getByTestId('voice-toast').filter({ hasText: 'Conversation ended' })).toBeVisible()
  await expect(widget(page)).toHaveAttribute('data-status', 'idle')
  await expect(page.getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
  expect(creates()).toHaveLength(1)
})

test('stopping the call on a page ends it there and hands nothing to the next page', async ({ page }) => {
  await page.goto(`${site.origin}/index.html`)
  await page.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await page.getByRole('button', { name: 'Stop voice assistant' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'idle')
  await page.getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveTitle('Contact us')
  await page.waitForTimeout(1000)
  await expect(widget(page)).toHaveAttribute('data-status', 'idle')
  expect((await daily(page)).joins).toEqual([])
  // Stop ends the call on the platform (Live Call Control's end-call, as an app message): the room goes.
  await expect.poll(() => room()?.deleted).toBe('end-call')
})

test("another tab of the site starts idle and never joins this tab's call", async ({ context }) => {
  const a = await context.newPage()
  await a.goto(`${site.origin}/index.html`)
  await a.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(a)).toHaveAttribute('data-status', 'listening')
  const b = await context.newPage()
  await b.goto(`${site.origin}/contact.html`)
  await expect(b.getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
  await b.waitForTimeout(500)
  await expect(widget(b)).toHaveAttribute('data-status', 'idle')
  expect((await daily(b)).joins).toEqual([])
})

test("a duplicated tab, whose sessionStorage is a copy of this tab's handoff record, starts idle and never joins the call", async ({
  context,
}) => {
  const a = await context.newPage()
  // Keep a copy of every handoff record the tab writes (at pagehide), as a duplicate made at that moment holds it.
  await a.addInitScript(() => {
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (this === sessionStorage && key === 'voiceos:handoff') localStorage.setItem('test:handoff-copy', value)
      return setItem.call(this, key, value)
    }
  })
  await a.goto(`${site.origin}/index.html`)
  await a.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(a)).toHaveAttribute('data-status', 'listening')
  await a.getByRole('link', { name: 'Contact' }).click()
  await listeningAgain(a, 'Contact us')
  const copy = await a.evaluate(() => localStorage.getItem('test:handoff-copy'))
  expect(copy).toContain('"webCallUrl"')

  const b = await context.newPage()
  await b.addInitScript((record) => sessionStorage.setItem('voiceos:handoff', record), copy!)
  await b.goto(`${site.origin}/contact.html`)
  await expect(b.getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
  await b.waitForTimeout(1000)
  await expect(widget(b)).toHaveAttribute('data-status', 'idle')
  expect((await daily(b)).joins).toEqual([])
  await expect(widget(a)).toHaveAttribute('data-status', 'listening')
  expect(creates()).toHaveLength(1)
})

test('closing the tab: the page leaves the room at once, and no other tab of the site takes the call over', async ({
  context,
}) => {
  const a = await context.newPage()
  await a.goto(`${site.origin}/index.html`)
  await a.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(a)).toHaveAttribute('data-status', 'listening')
  await expect.poll(() => room()?.participants).toBe(1)
  await a.close()
  // The microphone and the participant go with the tab; the handoff record dies with its sessionStorage.
  await expect.poll(() => room()?.participants).toBe(0)
  const b = await context.newPage()
  await b.goto(`${site.origin}/index.html`)
  await expect(b.getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
  await b.waitForTimeout(1000)
  await expect(widget(b)).toHaveAttribute('data-status', 'idle')
  expect((await daily(b)).joins).toEqual([])
  expect(room()?.joins).toBe(1)
})

test('data-persist="false": one call per page, as before', async ({ page }) => {
  await page.goto(`${site.origin}/index.html?persist=false`)
  await page.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  expect(creates()[0]!.json).not.toHaveProperty('roomDeleteOnUserLeaveEnabled')
  await page.getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveTitle('Contact us')
  await page.waitForTimeout(1000)
  await expect(widget(page)).toHaveAttribute('data-status', 'idle')
  expect((await daily(page)).joins).toEqual([])
  // Without roomDeleteOnUserLeaveEnabled: false the room goes with the page's participant.
  await expect.poll(() => room()?.deleted).toBe('left')
})
