/**
 * The local mode (README "Voice without a platform account") on the production build with no keys — this site
 * (dist/, as `npm start` serves it) and the demo shop's embed (dist/embed/demo.html, whose script tag has empty
 * keys) — driven by a stand-in SpeechRecognition (tests/fixtures/speechStandIn.ts: the Web Speech API's interface
 * and events) injected before the page and the embed load. Spoken phrases act, answers are spoken and shown,
 * refusals are spoken, the conversation carries on across page loads, and no request leaves the page's origin.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { existsSync } from 'node:fs'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { installSpeechStandIn, type SpeechControl, type SpeechStandInOptions } from '../fixtures/speechStandIn'
import { keyTo } from './fixtures/widgetKeyboard'
import { waitForHydration } from './helpers'

const EMBED_DIR = 'dist/embed'

let shop: StaticOrigin
test.beforeAll(async () => {
  if (!existsSync(`${EMBED_DIR}/demo.html`)) throw new Error('dist/embed is not built: run `npm run build`')
  shop = await startStaticOrigin({ port: 0, root: EMBED_DIR })
})
test.afterAll(async () => {
  await shop?.close()
})

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** Injects the stand-in recognizer and voice before anything of the page runs; records every request and socket. */
async function prepare(page: Page, options: SpeechStandInOptions = {}) {
  await page.addInitScript(installSpeechStandIn, options)
  const requests: string[] = []
  const sockets: string[] = []
  const errors: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  page.on('websocket', (w) => sockets.push(w.url()))
  page.on('pageerror', (e) => errors.push(e.message))
  return { requests, sockets, errors }
}

const widget = (page: Page) => page.getByTestId('voice-widget')
const mic = (page: Page) => page.getByTestId('voice-mic')
const say = (page: Page, text: string) =>
  page.evaluate((t) => (window as unknown as { __speech: SpeechControl }).__speech.say(t), text)
const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __speech: SpeechControl }).__speech.spoken.map((s) => s.text))
const lastSpoken = async (page: Page) => (await spoken(page)).at(-1) ?? ''
const log = (page: Page) => page.getByRole('log', { name: 'Conversation' })

/** Waits until every finite animation on the page has finished (an endless one, such as a spinner, is not waited for). */
const settleAnimations = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )

/** Every request since `from` went to `origin` (the page's own code); none to a platform, no socket. */
function expectNothingLeft(seen: { requests: string[]; sockets: string[] }, origin: string, from = 0) {
  const elsewhere = seen.requests.slice(from).filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith('data:'))
  expect(elsewhere).toEqual([])
  expect(seen.sockets).toEqual([])
}

test('this site with no keys: the mic listens in the browser, spoken phrases navigate, scroll and are answered aloud; nothing leaves the page', async ({
  page,
  baseURL,
}) => {
  const seen = await prepare(page)
  await page.goto('/')
  await mic(page).click()
  const notice = page.getByRole('dialog', { name: 'Before you talk to the voice assistant' })
  await expect(notice).toContainText('Your browser turns what you say into text — on this device where the browser can')
  const before = seen.requests.length
  await notice.getByRole('button', { name: 'Accept' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await expect(log(page)).toContainText('Listening. Say a command such as “scroll down”.')
  // The press was the intent the pre-rendered page hydrates at: once it has, a link is followed in the page, and
  // what the assistant says of it is heard here. (Before that, a link loads the next page and the conversation is
  // picked up there: the next test.)
  await waitForHydration(page)

  await say(page, 'go to the pricing page')
  await expect(page).toHaveURL(/\/pricing$/)
  await expect.poll(() => spoken(page)).toContain('Clicked Pricing')
  await expect(log(page)).toContainText('go to the pricing page')

  await say(page, 'scroll down')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await expect.poll(() => spoken(page)).toContain('Scrolled down')

  await say(page, 'fill company with Acme')
  await expect.poll(() => lastSpoken(page)).toMatch(/company/i)
  await expect(log(page)).toContainText(/company/i)

  await say(page, 'the weather is lovely')
  await expect
    .poll(() => lastSpoken(page))
    .toMatch(/^I did not understand “the weather is lovely”\. I can do things like: “/)

  // The pricing page's decorative items fade in once scrolled into view, and the header's intro strip fades its items
  // out on timers (not CSS animations that settleAnimations sees): axe measures contrast on finished frames only.
  await expect(page.locator('[data-intro-strip]')).toHaveAttribute('data-done', '', { timeout: 15_000 })
  await settleAnimations(page)
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  expectNothingLeft(seen, baseURL!, before)
  expect(seen.errors).toEqual([])
})

test('this site: the conversation survives a page load, as a call does, and "go back" returns', async ({ page }) => {
  const seen = await prepare(page)
  await page.goto('/')
  await mic(page).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await say(page, 'go to the pricing page')
  await expect(page).toHaveURL(/\/pricing$/)
  await page.reload()
  // No press: the next page picks the conversation up and listens again.
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await expect.poll(() => lastSpoken(page)).toMatch(/^Still listening on .*Pricing/)
  await say(page, 'go back')
  await expect(page).toHaveURL(/\/$/)
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  expect(seen.errors).toEqual([])
})

test('the demo shop with no keys: spoken phrases act, refusals are spoken, axe finds nothing, no request leaves', async ({
  page,
}) => {
  const seen = await prepare(page)
  await page.goto(`${shop.origin}/demo.html`)
  await mic(page).click()
  const notice = page.getByRole('dialog', { name: 'Before you talk to the voice assistant' })
  await expect(notice).toContainText('Nothing goes to a voice platform')
  const before = seen.requests.length
  await notice.getByRole('button', { name: 'Accept' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')

  await say(page, 'add Darjeeling to the cart')
  await expect(page.locator('#cart-count')).toHaveText('1')
  await expect.poll(() => spoken(page)).toContain('Clicked Add Darjeeling to cart')

  await say(page, 'fill email with ada at example dot com')
  await expect(page.locator('#email')).toHaveValue('ada@example.com')
  await expect.poll(() => spoken(page)).toContain('Filled Email address')

  await say(page, 'check weekly tasting notes')
  await expect(page.locator('#weekly')).toBeChecked()
  await expect.poll(() => spoken(page)).toContain('Weekly tasting notes is on')

  await say(page, 'fill phone with 555 0100')
  await expect.poll(() => lastSpoken(page)).toMatch(/^There is no field called phone; there are .*Email address/)

  await say(page, 'subscribe')
  await expect(page.getByText('Subscribed ada@example.com — thank you!')).toBeVisible()

  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  expectNothingLeft(seen, shop.origin, before)
  expect(seen.errors).toEqual([])
})

test('the demo shop, keyboard only, in a browser without a recognizer: the widget says so and the typed form works', async ({
  page,
}) => {
  const seen = await prepare(page, { flavor: 'none' })
  await page.goto(`${shop.origin}/demo.html`)
  await keyTo(page, 'voice-mic')
  await page.keyboard.press('Enter')
  const accept = page.getByRole('dialog').getByRole('button', { name: 'Accept' })
  for (let i = 0; i < 10 && !(await accept.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b)); i++)
    await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await expect(log(page)).toContainText('This browser cannot recognise speech. Type a command instead')
  await keyTo(page, 'voice-input', 'Shift+Tab')
  await page.keyboard.type('click add assam to cart')
  await page.keyboard.press('Enter')
  await expect(page.locator('#cart-count')).toHaveText('1')
  await expect(log(page)).toContainText('Clicked Add Assam to cart')
  // stop, from the keyboard
  await keyTo(page, 'voice-mic')
  await page.keyboard.press('Enter')
  await expect(widget(page)).toHaveAttribute('data-status', 'idle')
  expectNothingLeft(seen, shop.origin)
  expect(seen.errors).toEqual([])
})

test('the demo shop: a blocked microphone (not-allowed) is explained; a network error while listening ends it', async ({
  page,
}) => {
  await prepare(page, { startError: 'not-allowed' })
  await page.goto(`${shop.origin}/demo.html`)
  await mic(page).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByText('Connection Failed')).toBeVisible()
  await expect(widget(page)).toHaveAttribute('data-status', 'idle')
  // The second press starts; then the recognizer loses its network.
  await mic(page).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await page.evaluate(() => (window as unknown as { __speech: SpeechControl }).__speech.fail('network'))
  await expect(widget(page)).toHaveAttribute('data-status', 'idle')
})

test('a bare <script src=".../voiceos.js" async> with no data- attribute starts the local mode and says so once in the console', async ({
  page,
}) => {
  const seen = await prepare(page)
  const info: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'info' && m.text().startsWith('[VoiceOS]')) info.push(m.text())
  })
  await page.route(`${shop.origin}/bare.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare tag</title></head><body>
<main><h1>Plain page</h1><label>Name <input id="name"></label><button type="button" onclick="this.textContent='Ordered'">Place order</button></main>
<script src="voiceos.js" async></script></body></html>`,
    }),
  )
  await page.goto(`${shop.origin}/bare.html`)
  await mic(page).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await say(page, 'put Ada in the name')
  await expect(page.locator('#name')).toHaveValue('Ada')
  await say(page, 'place order')
  await expect(page.getByRole('button', { name: 'Ordered' })).toBeVisible()
  expect(info).toHaveLength(1)
  expect(info[0]).toContain('local mode')
  expect(seen.errors).toEqual([])
})
