/**
 * What the real platform does that a lenient stand-in would let pass, checked through the production embed (live
 * engine; daily-js replaced by the Daily stand-in, which is as strict as daily-js 0.87.0: `Message data too large.
 * Max size is 4096` above the room's app-message limit) and a local `POST /call/web` server:
 *
 * - a page whose map is 4 KB of quoted names, and the read tool's result on it, reach the call whole: in
 *   `[part k of n]` messages of at most 4,096 characters as daily-js measures them, none refused;
 * - a visitor whose browser cannot run noise cancellation (`KrispInitError: Canceled`) or the audio-level observer
 *   still gets a call: Listening, noise cancellation turned off and the microphone on (SPEC §4, §8).
 */
import { expect, test, type Page } from '@playwright/test'
import { withGrantedFakeMicrophone } from './embedStandIn'
import { buildStandInEmbed } from '../../bench/lib/standins'
import { startPlatformServer, type PlatformServer } from '../servers/platform-server'
import { dailyRooms } from '../servers/daily-rooms'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { WEB_CALL } from '../unit/engine/fakes'
import { joinParts } from '../../src/voice/context/fit'

const OUT = 'test-results/platform-limits'
withGrantedFakeMicrophone()

let platform: PlatformServer
let embed: StaticOrigin
let site: StaticOrigin

/** A content-rich page: 200 headings, links and buttons whose names are quoted — the page map's 4 KB in full. */
const BIG_PAGE = `<h1>"Catalogue"</h1>${Array.from(
  { length: 200 },
  (_, i) =>
    `<h2>"Section" ${i}</h2><p>Item ${i} is "great".</p><a href="#p${i}">"Link" number ${i}</a> <button>"Buy" item ${i}</button>`,
).join('')}`

test.beforeAll(async () => {
  await buildStandInEmbed(`${OUT}/embed`)
  platform = await startPlatformServer()
  embed = await startStaticOrigin({
    port: 0,
    root: `${OUT}/embed`,
    headers: () => ({ 'access-control-allow-origin': '*' }),
  })
  const snippet = `<script src="${embed.origin}/voiceos.js" data-public-key="pk_e2e_0000000000" data-assistant-id="00000000-0000-4000-8000-000000000001" data-api-base-url="${platform.url}" data-persist="false" async></script>`
  const { mkdirSync, writeFileSync } = await import('node:fs')
  mkdirSync(`${OUT}/site`, { recursive: true })
  writeFileSync(
    `${OUT}/site/big.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>"Big" catalogue</title>${snippet}</head><body><main>${BIG_PAGE}</main></body></html>`,
  )
  writeFileSync(
    `${OUT}/site/small.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Small</title>${snippet}</head><body><main><h1>Small</h1><button>Go</button></main></body></html>`,
  )
  site = await startStaticOrigin({ port: 0, root: `${OUT}/site` })
})
test.afterAll(async () => {
  await Promise.all([platform?.close(), embed?.close(), site?.close()])
})

test.beforeEach(() => {
  platform.reset()
  platform.fallback = dailyRooms(platform.url, WEB_CALL).handle
})

const widget = (page: Page) => page.getByTestId('voice-widget')
/** What the Daily stand-in did: every call made on it, app messages as sent (JSON text). */
const daily = (page: Page) =>
  page.evaluate(() => {
    const calls = (window as unknown as { __dailyCalls?: { calls: [string, ...unknown[]][] }[] }).__dailyCalls ?? []
    return calls
      .flatMap((c) => c.calls)
      .map((c) => c.map((x) => (typeof x === 'string' ? x : JSON.stringify(x ?? null))))
  })
const addMessages = async (page: Page) =>
  (await daily(page)).filter((c) => c[0] === 'sendAppMessage' && c[1]!.includes('"add-message"')).map((c) => c[1]!)

async function press(page: Page, standIn: Record<string, unknown>, path: string) {
  await page.addInitScript((s) => {
    ;(window as unknown as { __dailyStandIn: unknown }).__dailyStandIn = s
  }, standIn)
  await page.goto(`${site.origin}/${path}`)
  await page.getByRole('button', { name: 'Start voice assistant' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
}

test('a 4 KB page map and the read tool result reach a strict call whole, in parts of at most 4,096 characters', async ({
  page,
}) => {
  await press(page, {}, 'big.html')
  await expect.poll(async () => (await addMessages(page)).length).toBeGreaterThan(1)
  await page.evaluate(() => {
    const call = (window as unknown as { __dailyCalls: { appMessage(m: unknown): void }[] }).__dailyCalls.at(-1)!
    call.appMessage({
      type: 'tool-calls',
      toolCallList: [{ id: 'call_read', type: 'function', function: { name: 'read_page', arguments: '{}' } }],
    })
  })
  await expect.poll(async () => (await addMessages(page)).some((m) => m.includes('call_read'))).toBe(true)
  const all = await daily(page)
  expect(all.filter((c) => c[0] === 'sendAppMessage:refused')).toEqual([])
  const sent = await addMessages(page)
  for (const m of sent) expect(JSON.stringify(m).length).toBeLessThanOrEqual(4096)
  const contents = sent.map((m) => (JSON.parse(m) as { message: { content: string } }).message.content)
  expect(contents[0]).toMatch(/^\[part 1 of \d+\] PAGE MAP/)
  const whole = joinParts(contents)
  const map = whole.find((c) => c.startsWith('PAGE MAP'))!
  expect(map).toContain('"Buy" item 0')
  expect(new TextEncoder().encode(map).length).toBeGreaterThan(3500)
  const read = whole.find((c) => c.includes('call_read'))!
  // The result ends with its record tag (src/voice/context/README.md "The record tag"), in the last part.
  expect(read).toMatch(/\n\[voiceos\/1 result tool=read_page outcome=done\]$/)
  expect(JSON.parse(read.replace(/^COMMAND RESULT /, '').replace(/\n\[voiceos\/\d+ [^\n]*\]$/, ''))).toMatchObject({
    toolCallId: 'call_read',
    result: expect.stringMatching(/^PAGE TEXT/),
  })
  await expect(widget(page)).toHaveAttribute('data-status', /listening|processing/)
})

for (const [what, standIn] of [
  ['noise cancellation', { noiseCancellationError: 'KrispInitError: Canceled' }],
  ['the audio-level observer', { audioObserverError: 'AbortError: Unable to load a worklet' }],
] as const) {
  test(`a call starts when ${what} fails: Listening, no error shown, the microphone on`, async ({ page }) => {
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'warning' && m.text().includes('setup-error')) errors.push(m.text())
    })
    await press(page, standIn, 'small.html')
    const calls = await daily(page)
    if ('noiseCancellationError' in standIn) {
      expect(calls.filter((c) => c[0] === 'updateInputSettings' || c[0] === 'setLocalAudio')).toEqual([
        ['updateInputSettings', JSON.stringify({ audio: { processor: { type: 'noise-cancellation' } } })],
        ['updateInputSettings', JSON.stringify({ audio: { processor: { type: 'none' } } })],
        ['setLocalAudio', 'true'],
      ])
    }
    await expect(page.getByRole('alert')).toHaveCount(0)
    await page.waitForTimeout(300)
    await expect(widget(page)).toHaveAttribute('data-status', 'listening')
    expect(errors.length).toBeGreaterThan(0)
  })
}
