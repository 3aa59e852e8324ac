/**
 * The press starts the call at once (README "How fast the press is"): the production embed (live engine; only
 * daily-js replaced by the Daily stand-in, bench/lib/standins.ts) by script tag on a host page of its own
 * origin, against a local `POST /call/web` server. Before intent nothing of the call's code loads; pointer over
 * the mic fetches it; the press sends the one request and asks for the microphone before that code has run.
 */
import { expect, test } from '@playwright/test'
import { STAND_IN_CORS, withGrantedFakeMicrophone } from './embedStandIn'
import { buildStandInEmbed } from '../../bench/lib/standins'
import { startPlatformServer, type PlatformServer } from '../servers/platform-server'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { WEB_CALL } from '../unit/engine/fakes'
import { mkdirSync, writeFileSync } from 'node:fs'

const OUT = 'test-results/embed-press'
withGrantedFakeMicrophone()

let platform: PlatformServer
let embed: StaticOrigin
let host: StaticOrigin
test.beforeAll(async () => {
  await buildStandInEmbed(`${OUT}/embed`)
  mkdirSync(`${OUT}/host`, { recursive: true })
  writeFileSync(
    `${OUT}/host/index.html`,
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><main><h1>Host</h1></main>' +
      '<script src="%EMBED%/voiceos.js" data-public-key="pk_e2e_0000000000" data-assistant-id="00000000-0000-4000-8000-000000000001" data-api-base-url="%API%" async></script></body></html>',
  )
  platform = await startPlatformServer()
  platform.fallback = (r) =>
    r.method === 'OPTIONS'
      ? { status: 204, headers: STAND_IN_CORS }
      : { status: 201, headers: STAND_IN_CORS, body: WEB_CALL, delayMs: 150 }
  embed = await startStaticOrigin({
    port: 0,
    root: `${OUT}/embed`,
    headers: () => ({ 'access-control-allow-origin': '*' }),
  })
  host = await startStaticOrigin({ port: 0, root: `${OUT}/host`, vars: { EMBED: embed.origin, API: platform.url } })
})
test.afterAll(async () => {
  await Promise.all([platform?.close(), embed?.close(), host?.close()])
})

const CALL_CODE = /chunks\/(call|actions|daily|dist)-/

test('0 call code before intent; pointer over fetches it; the press sends one POST /call/web and asks for the microphone at once; Listening', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __t: string[]; __streams: MediaStream[] }
    w.__t = []
    w.__streams = []
    const md = navigator.mediaDevices
    const gum = md.getUserMedia.bind(md)
    md.getUserMedia = (c) => {
      w.__t.push('getUserMedia')
      return gum(c).then((s) => (w.__streams.push(s), s))
    }
    const f = window.fetch
    window.fetch = (input, init) => {
      if (
        String(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).includes('/call/web')
      ) {
        // What of the call's code had run when the request went out: the engine registers no global, so ask the DOM
        // for the script links the module preloader added (one per chunk it fetched).
        w.__t.push(`fetch:${document.querySelectorAll('link[rel=modulepreload]').length}`)
      }
      return f(input, init)
    }
  })
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  platform.reset()
  platform.fallback = (r) =>
    r.method === 'OPTIONS'
      ? { status: 204, headers: STAND_IN_CORS }
      : { status: 201, headers: STAND_IN_CORS, body: WEB_CALL, delayMs: 150 }
  await page.goto(host.origin)
  const mic = page.getByRole('button', { name: 'Start voice assistant' })
  await expect(mic).toBeVisible()
  await page.waitForTimeout(1000)
  expect(requests.filter((u) => CALL_CODE.test(u))).toEqual([])

  await mic.hover()
  // The call's code in one go (modulepreload): one chunk with the session's wiring, the engine and the web-call
  // client, and daily-js — and not the acting half (executor, page map), which is not on the way to Listening.
  for (const chunk of [/chunks\/call-/, /chunks\/daily-standin-|chunks\/daily-/])
    await expect.poll(() => requests.filter((u) => chunk.test(u)).length).toBeGreaterThan(0)
  expect(
    await page.evaluate(() => document.querySelectorAll('link[rel=modulepreload][href*="/chunks/"]').length),
  ).toBeGreaterThanOrEqual(2)
  await page.waitForTimeout(300)
  expect(requests.filter((u) => /chunks\/actions-/.test(u))).toEqual([])

  await mic.click()
  const widget = page.getByTestId('voice-widget')
  await expect(widget).toHaveAttribute('data-status', 'listening')
  // Once the call is up the acting half follows (the page map goes to the call with it).
  await expect.poll(() => requests.filter((u) => /chunks\/actions-/.test(u)).length).toBe(1)
  const t = await page.evaluate(() => (window as unknown as { __t: string[] }).__t)
  expect(t[0]).toMatch(/^fetch:/) // the request first, then the microphone, both inside the press
  expect(t[1]).toBe('getUserMedia')
  expect(platform.requests.filter((r) => r.method === 'POST' && r.path === '/call/web')).toHaveLength(1)
  expect(platform.requests.find((r) => r.method === 'POST')?.headers.authorization).toBe('Bearer pk_e2e_0000000000')

  await page.getByRole('button', { name: 'Stop voice assistant' }).click()
  await expect(widget).toHaveAttribute('data-status', 'idle')
  // Nothing left capturing: every microphone track (the press's and Daily's) has ended, every call object is destroyed.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const w = window as unknown as { __streams: MediaStream[]; __dailyCalls: { destroyed: boolean }[] }
        return {
          live: w.__streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length,
          streams: w.__streams.length,
          destroyed: w.__dailyCalls.every((c) => c.destroyed),
        }
      }),
    )
    .toEqual({ live: 0, streams: 2, destroyed: true })
})

test('a refused POST /call/web is reported once (Connection Failed), and the widget is idle again', async ({
  page,
}) => {
  platform.reset()
  platform.fallback = (r) =>
    r.method === 'OPTIONS'
      ? { status: 204, headers: STAND_IN_CORS }
      : { status: 401, headers: STAND_IN_CORS, body: { message: 'Invalid Key.' } }
  await page.goto(host.origin)
  const mic = page.getByRole('button', { name: 'Start voice assistant' })
  await mic.click()
  const widget = page.getByTestId('voice-widget')
  await expect.poll(() => platform.requests.filter((r) => r.method === 'POST').length).toBe(1)
  await expect(widget).toHaveAttribute('data-status', 'idle')
  await expect(page.getByTestId('voice-toast')).toHaveCount(1)
  await expect(page.getByTestId('voice-toast')).toContainText('Connection Failed')
  expect(platform.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
})
