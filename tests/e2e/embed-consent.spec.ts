/**
 * Consent before the first call (README "Add VoiceOS to your site", `data-consent="required"`), proven on the
 * network: the embed demo page (src/embed/demo, which sets `data-consent="required"`) with the production embed
 * (live engine; only daily-js replaced by the Daily stand-in, bench/lib/standins.ts) against a local
 * `POST /call/web` server. Before Accept: no request to the platform (not even a CORS preflight) and no
 * `getUserMedia` call; Cancel and Escape send nothing; Accept sends the one request and asks for the microphone;
 * the acceptance is remembered for the origin and can be withdrawn from the widget, which ends the call.
 */
import { expect, test, type Page } from '@playwright/test'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { STAND_IN_CORS, withGrantedFakeMicrophone } from './embedStandIn'
import { buildStandInEmbed } from '../../bench/lib/standins'
import { startPlatformServer, type PlatformServer } from '../servers/platform-server'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { WEB_CALL } from '../unit/engine/fakes'

const OUT = 'test-results/embed-consent'
withGrantedFakeMicrophone()

let platform: PlatformServer
let embed: StaticOrigin
let host: StaticOrigin
test.beforeAll(async () => {
  await buildStandInEmbed(`${OUT}/embed`)
  mkdirSync(`${OUT}/host`, { recursive: true })
  // The built demo page, as a site owner would host it: its script tag pointed at the embed's origin, the keys and
  // the local platform; its CSP meta (which allows only https://api.vapi.ai) left out for the local platform.
  const demo = readFileSync(`${OUT}/embed/demo.html`, 'utf8')
  if (!demo.includes('data-consent="required"')) throw new Error('the demo page no longer asks for consent')
  writeFileSync(
    `${OUT}/host/index.html`,
    demo
      .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
      .replace('src="./voiceos.js"', 'src="%EMBED%/voiceos.js" data-api-base-url="%API%"')
      .replace(/data-public-key="[^"]*"/, 'data-public-key="pk_e2e_0000000000"')
      .replace(/data-assistant-id="[^"]*"/, 'data-assistant-id="00000000-0000-4000-8000-000000000001"'),
  )
  for (const f of ['demo.css', 'demo.js']) copyFileSync(`${OUT}/embed/${f}`, `${OUT}/host/${f}`)
  platform = await startPlatformServer()
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

/** Records every `getUserMedia` call and every stream it gave (the page's microphone use), before any script runs. */
async function watchMicrophone(page: Page): Promise<{ calls: () => Promise<number>; live: () => Promise<number> }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __gum: number; __streams: MediaStream[] }
    w.__gum = 0
    w.__streams = []
    const md = navigator.mediaDevices
    const gum = md.getUserMedia.bind(md)
    md.getUserMedia = (c) => {
      w.__gum++
      return gum(c).then((s) => (w.__streams.push(s), s))
    }
  })
  return {
    calls: () => page.evaluate(() => (window as unknown as { __gum: number }).__gum),
    live: () =>
      page.evaluate(
        () =>
          (window as unknown as { __streams: MediaStream[] }).__streams
            .flatMap((s) => s.getTracks())
            .filter((t) => t.readyState === 'live').length,
      ),
  }
}

/** Whether the widget's mic has focus (inside the shadow root). */
const micFocused = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector('[data-voiceos]')?.shadowRoot?.activeElement?.getAttribute('data-testid') === 'voice-mic',
  )

const posts = () => platform.requests.filter((r) => r.method === 'POST' && r.path === '/call/web').length

test('before Accept the network log shows no platform request and no getUserMedia; Cancel and Escape send nothing; Accept starts the call; remembered on the next load', async ({
  page,
}) => {
  platform.reset()
  platform.fallback = (r) =>
    r.method === 'OPTIONS'
      ? { status: 204, headers: STAND_IN_CORS }
      : { status: 201, headers: STAND_IN_CORS, body: WEB_CALL, delayMs: 100 }
  const mic = await watchMicrophone(page)
  const toPlatform: string[] = []
  page.on('request', (r) => {
    if (r.url().startsWith(platform.url)) toPlatform.push(`${r.method()} ${r.url()}`)
  })
  await page.goto(host.origin)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tea from the hills, chosen by voice')
  const start = page.getByRole('button', { name: 'Start voice assistant' })
  await expect(start).toHaveAttribute('aria-haspopup', 'dialog')
  const notice = page.getByRole('dialog', { name: 'Before you talk to the voice assistant' })

  // 1. Cancel
  await start.click()
  await expect(notice).toBeVisible()
  await expect(notice).toBeFocused()
  await expect(start).toHaveAttribute('aria-expanded', 'true')
  await page.waitForTimeout(500) // whatever the press might have sent would be on its way by now
  expect(toPlatform).toEqual([])
  expect(await mic.calls()).toBe(0)
  await notice.getByRole('button', { name: 'Cancel' }).click()
  await expect(notice).toBeHidden()
  expect(await micFocused(page)).toBe(true)

  // 2. Escape, from the keyboard: Enter on the focused mic opens it, Escape closes it
  await page.keyboard.press('Enter')
  await expect(notice).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(notice.getByRole('button', { name: 'Accept' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(notice).toBeHidden()
  expect(await micFocused(page)).toBe(true)
  await page.waitForTimeout(500)
  expect(toPlatform).toEqual([])
  expect(platform.requests).toEqual([])
  expect(await mic.calls()).toBe(0)
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'idle')

  // 3. Accept, from the keyboard: the one request and the microphone go out inside that press
  await page.keyboard.press('Enter')
  await expect(notice).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
  expect(posts()).toBe(1)
  expect(await mic.calls()).toBeGreaterThanOrEqual(1)
  expect(toPlatform.some((r) => r.startsWith('POST '))).toBe(true)
  await page.getByRole('button', { name: 'Stop voice assistant' }).click()
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'idle')

  // 4. The next page load of the origin remembers it: the press starts the call at once
  await page.reload()
  await expect(start).toBeVisible()
  await expect(start).not.toHaveAttribute('aria-haspopup', 'dialog')
  await start.click()
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
  await expect(notice).toBeHidden()
  expect(posts()).toBe(2)
  await page.getByRole('button', { name: 'Stop voice assistant' }).click()
})

test('withdrawing consent from the widget ends the call and the microphone; the next press asks again and sends nothing', async ({
  page,
}) => {
  platform.reset()
  platform.fallback = (r) =>
    r.method === 'OPTIONS'
      ? { status: 204, headers: STAND_IN_CORS }
      : { status: 201, headers: STAND_IN_CORS, body: WEB_CALL, delayMs: 100 }
  const mic = await watchMicrophone(page)
  await page.goto(host.origin)
  const start = page.getByRole('button', { name: 'Start voice assistant' })
  await start.click()
  await page.getByRole('button', { name: 'Accept' }).click()
  const widget = page.getByTestId('voice-widget')
  await expect(widget).toHaveAttribute('data-status', 'listening')
  expect(await mic.live()).toBeGreaterThan(0)

  const manage = page.getByRole('button', { name: 'Voice assistant privacy' })
  await expect(manage).toBeVisible()
  await manage.click()
  const dialog = page.getByRole('dialog', { name: 'Your consent to the voice assistant' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Withdraw consent' }).click()
  await expect(widget).toHaveAttribute('data-status', 'idle')
  await expect(manage).toBeHidden()
  await expect.poll(() => mic.live()).toBe(0)
  expect(await page.evaluate(() => localStorage.getItem('voiceos:consent'))).toBeNull()

  const postsBefore = posts()
  const gumBefore = await mic.calls()
  await start.click()
  await expect(page.getByRole('dialog', { name: 'Before you talk to the voice assistant' })).toBeVisible()
  await page.waitForTimeout(500)
  expect(posts()).toBe(postsBefore)
  expect(await mic.calls()).toBe(gumBefore)
})
