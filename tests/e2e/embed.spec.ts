/**
 * The embed on foreign pages (README "Add VoiceOS to your site"): `voiceos.js` from the e2e build
 * (`dist-e2e/embed/`, scripted engine) served by its own origin, added by script tag to third-party-style pages
 * on another origin — one with hostile CSS and a strict CSP that allows scripts only from the embed's origin.
 * Commands arrive over a local Realtime server and as the call's tool calls (replayed by the scripted engine
 * from window messages).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { existsSync } from 'node:fs'
import { startRealtimeServer, type RealtimeServer } from '../servers/realtime-server'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { keyTo } from './fixtures/widgetKeyboard'
import { recordSent } from './helpers'

const EMBED_DIR = 'dist-e2e/embed'
const EMBED_PORT = 4175
const HOST_PORT = 4176
// Not the site's 54329: voice.spec.ts may run its own server at the same time; the embed takes the URL from its tag.
const REALTIME_PORT = 4192
const EMBED_ORIGIN = `http://127.0.0.1:${EMBED_PORT}`
const HOST = `http://127.0.0.1:${HOST_PORT}`
/** A strict host CSP: scripts only from the embed's origin, styles only the host's own file, no inline anything. */
const STRICT_CSP = [
  "default-src 'none'",
  `script-src ${EMBED_ORIGIN}`,
  "style-src 'self'",
  `connect-src ${EMBED_ORIGIN} ws://127.0.0.1:${REALTIME_PORT}`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ')

test.describe.configure({ mode: 'serial' })

let embed: StaticOrigin
let host: StaticOrigin
let realtime: RealtimeServer
test.beforeAll(async () => {
  if (!existsSync(`${EMBED_DIR}/voiceos.js`))
    throw new Error('dist-e2e/embed is not built: run `SITE_VARIANT=e2e npx vite build -c vite.embed.config.ts`')
  embed = await startStaticOrigin({
    port: EMBED_PORT,
    root: EMBED_DIR,
    headers: () => ({ 'access-control-allow-origin': '*' }),
  })
  host = await startStaticOrigin({
    port: HOST_PORT,
    root: 'tests/fixtures/embed',
    vars: { EMBED_ORIGIN, REALTIME_URL: `http://127.0.0.1:${REALTIME_PORT}` },
    headers: (path): Record<string, string> =>
      path === '/hostile.html' ? { 'content-security-policy': STRICT_CSP } : {},
  })
  realtime = await startRealtimeServer({ port: REALTIME_PORT })
})
test.afterAll(async () => {
  await Promise.all([embed?.close(), host?.close(), realtime?.close()])
})

/** Console errors, warnings, CSP violations and uncaught errors of a page. */
function watch(page: Page): { errors: string[]; pageErrors: string[] } {
  const out = { errors: [] as string[], pageErrors: [] as string[] }
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') out.errors.push(m.text())
  })
  page.on('pageerror', (e) => out.pageErrors.push(e.message))
  return out
}

const widget = (page: Page) => page.getByTestId('voice-widget')
const mic = (page: Page, name = 'Start voice assistant') => page.getByRole('button', { name })

/** Waits for the call to listen and returns the realtime channel the widget joined. */
async function listening(page: Page, joinsBefore: number): Promise<string> {
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await expect(page.getByText('Voice Assistant Active')).toBeVisible()
  await expect.poll(() => realtime.joins.length).toBeGreaterThan(joinsBefore)
  const join = realtime.joins.at(-1)!
  expect(join.channel).toMatch(/^voice-commands-session_\d{13}_[0-9a-f]{32}$/)
  expect(join.apikey).toBe('e2e-anon-key')
  return join.channel
}

/** Sends a command as the call's tool call (what the assistant's client-side tool does). */
async function toolCall(page: Page, name: string, args: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ([n, a]) => {
      const id = `call_${Math.random().toString(36).slice(2)}`
      const message = {
        type: 'tool-calls',
        toolCallList: [{ id, type: 'function', function: { name: n, arguments: a } }],
      }
      window.postMessage({ voiceosScript: { event: 'message', args: [message] } }, '*')
    },
    [name, args] as const,
  )
}

test('a hostile page with a strict CSP: the widget shows on top, starts and stops from the keyboard, and voice commands act on the page', async ({
  page,
}) => {
  const seen = watch(page)
  const sent = await recordSent(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${HOST}/hostile.html`)
  await expect(mic(page)).toBeVisible()

  await test.step('the host CSS neither hides nor buries the widget', async () => {
    const box = (await mic(page).boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(48)
    expect(box.x + box.width).toBeLessThanOrEqual(1280)
    expect(box.y + box.height).toBeLessThanOrEqual(800)
    // The topmost element at the mic's centre is the widget's host (above the z-index 2147483647 banner).
    const top = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.hasAttribute('data-voiceos') ?? false,
      [box.x + box.width / 2, box.y + box.height / 2],
    )
    expect(top).toBe(true)
    // Its own styles survive `* { all: unset }`: round, coloured.
    const style = await mic(page).evaluate((el) => ({
      radius: getComputedStyle(el).borderTopLeftRadius,
      bg: getComputedStyle(el).backgroundColor,
    }))
    expect(style.radius).not.toBe('0px')
    expect(style.bg).not.toBe('rgba(0, 0, 0, 0)')
  })

  const before = realtime.joins.length
  await test.step('keyboard only: Tab to the mic, Enter starts the call', async () => {
    await keyTo(page, 'voice-mic')
    await page.keyboard.press('Enter')
  })
  const channel = await listening(page, before)
  await expect(page.getByTestId('voice-transcript')).toContainText('Show me the pricing')

  await test.step('commands over the Realtime channel', async () => {
    expect(
      realtime.broadcast(channel, 'voice_command', { action: 'fill', fieldHint: 'company name', value: 'Acme Ltd' }),
    ).toBe(1)
    await expect(page.locator('#company')).toHaveValue('Acme Ltd')
    await expect(page.getByText('Entered: Acme Ltd')).toBeVisible()
    expect(realtime.broadcast(channel, 'voice_command', { type: 'scroll', direction: 'down' })).toBe(1)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    realtime.broadcast(channel, 'voice_command', { type: 'scroll', direction: 'top' })
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  await test.step('commands as the call’s tool calls', async () => {
    await toolCall(page, 'fill', { fieldType: 'email', value: 'ada@example.com' })
    await expect(page.locator('#work-email')).toHaveValue('ada@example.com')
    await toolCall(page, 'toggle', { targetText: 'I accept the terms' })
    await expect(page.locator('#terms')).toBeChecked()
    await toolCall(page, 'voice_command', { action: 'click', targetText: 'See pricing' })
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#pricing')
  })

  await test.step('the call was told what the page offers (never a typed value) and what each command came to', async () => {
    const messages = await sent()
    const maps = messages.filter((m) => m.includes('Contact hostile corp'))
    expect(maps.length).toBeGreaterThan(0)
    for (const m of maps) expect(m).not.toContain('Acme Ltd')
    expect(messages.some((m) => m.includes('COMMAND RESULT') && m.includes('toolCallId') && m.includes('done:'))).toBe(
      true,
    )
  })

  await test.step('a command never acts on the widget itself', async () => {
    await toolCall(page, 'click', { targetText: 'Stop voice assistant' })
    realtime.broadcast(channel, 'voice_command', { action: 'click', selector: '[data-voiceos]' })
    realtime.broadcast(channel, 'voice_command', { action: 'click', selector: ')))bad(((' })
    await page.waitForTimeout(700)
    await expect(widget(page)).toHaveAttribute('data-status', /listening|processing/)
  })

  await test.step('axe finds nothing in the widget', async () => {
    const results = await new AxeBuilder({ page })
      .include('[data-voiceos]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })

  await test.step('keyboard only: Tab back to the mic, Space stops the call', async () => {
    await page.locator('#company').focus()
    await keyTo(page, 'voice-mic')
    await expect(mic(page, 'Stop voice assistant')).toBeVisible()
    await page.keyboard.press('Space')
    await expect(widget(page)).toHaveAttribute('data-status', 'idle')
    await expect(page.getByTestId('voice-transcript')).toHaveCount(0)
  })

  expect(seen.pageErrors).toEqual([])
  // No CSP violation (Chromium logs each as a console error) and nothing else but the executor's refusals.
  expect(seen.errors.filter((e) => !e.includes('[voice-commands]'))).toEqual([])
})

test('before any click: only the loader and the widget chunk load, no global but VoiceOS, no change to the document outside its own element', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const probe = { globals: Object.getOwnPropertyNames(window), foreign: [] as string[] }
    Object.defineProperty(window, Symbol.for('voiceos-probe'), { value: probe })
    // From the end of parsing on (the parser's own mutations are not the embed's); the loader mounts no earlier.
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const own = (n: Node | null) => !!n && n instanceof Element && n.closest('[data-voiceos]') !== null
        if (own(r.target)) continue
        if (r.type === 'childList' && [...r.addedNodes, ...r.removedNodes].every((n) => own(n))) continue
        probe.foreign.push(
          `${r.type} on ${(r.target as Element).nodeName ?? r.target.nodeName} ${r.attributeName ?? ''}`,
        )
      }
    })
    document.addEventListener(
      'DOMContentLoaded',
      () => observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true }),
      { once: true },
    )
  })
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  const seen = watch(page)
  await page.goto(`${HOST}/shop.html`)
  await expect(mic(page)).toBeVisible()
  await page.waitForTimeout(500)

  const probe = await page.evaluate(() => {
    const p = (window as unknown as Record<symbol, { globals: string[]; foreign: string[] }>)[
      Symbol.for('voiceos-probe')
    ]!
    return {
      added: Object.getOwnPropertyNames(window).filter((g) => !p.globals.includes(g)),
      foreign: p.foreign,
      hosts: document.querySelectorAll('[data-voiceos]').length,
    }
  })
  expect(probe.added).toEqual(['VoiceOS'])
  // The loader's own element (added to <body>, styled, its shadow content) is the only change.
  expect(probe.foreign).toEqual([])
  expect(probe.hosts).toBe(1)

  const fromEmbed = requests.filter((u) => u.startsWith(EMBED_ORIGIN)).map((u) => new URL(u).pathname)
  expect(fromEmbed[0]).toBe('/voiceos.js')
  expect(fromEmbed.some((p) => /^\/chunks\/app-[\w-]+\.js$/.test(p))).toBe(true)
  expect(
    fromEmbed.filter((p) => /call-|actions-|session|engine|daily|supabase|scripted|realtime|web-/i.test(p)),
  ).toEqual([])

  await mic(page).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  expect(requests.some((u) => /\/chunks\/call-[\w-]+\.js$/.test(u))).toBe(true)
  // The first command changes the page: that is allowed from now on.
  await toolCall(page, 'click', { targetText: 'Add to cart' })
  await expect(page.locator('#count')).toHaveText('1')
  expect(seen.pageErrors).toEqual([])
})

test('missing and wrong attributes: a console error names each, the widget says what is missing, nothing is thrown', async ({
  page,
}) => {
  const seen = watch(page)
  await page.goto(`${HOST}/broken.html`)
  await expect(mic(page)).toBeVisible()
  const errors = seen.errors.join('\n')
  expect(errors).toContain('[VoiceOS] data-assistant-id is missing')
  expect(errors).toMatch(
    /\[VoiceOS\] data-lang must be one of en, [^;]*hi[^;]* \(or a BCP 47 tag of one, such as hi-IN\); got "fr" \(using the page's language\)/,
  )
  expect(errors).toContain('[VoiceOS] data-theme must be one of light, dark, auto; got "neon"')
  expect(errors).toContain('[VoiceOS] data-supabase-url must be an http(s) URL')
  await mic(page).click()
  await expect(page.getByText("Voice isn't set up on this site yet.", { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Missing or invalid setting: data-assistant-id')).toBeVisible()
  await expect(page.getByText('Configuration Required')).toBeVisible()
  await expect(widget(page)).toHaveAttribute('data-status', 'idle')
  expect(seen.pageErrors).toEqual([])
})

test('data-lang, data-position and data-theme: Hindi copy, bottom-left, dark', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${HOST}/hindi.html`)
  const start = mic(page, 'वॉइस असिस्टेंट शुरू करें')
  await expect(start).toBeVisible()
  expect((await start.boundingBox())!.x).toBeLessThan(200)
  await expect(widget(page)).toHaveClass(/\bdark\b/)
  await expect(widget(page)).toHaveAttribute('lang', 'hi')
  await start.click()
  await expect(page.getByText('वॉइस असिस्टेंट चालू है')).toBeVisible()
  const results = await new AxeBuilder({ page }).include('[data-voiceos]').analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
})

test('no data-lang: the page\'s <html lang="ur-PK"> gives the Urdu widget, right to left, with only the Urdu copy fetched', async ({
  page,
}) => {
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${HOST}/urdu.html`)
  const start = mic(page, 'صوتی معاون شروع کیجیے')
  await expect(start).toBeVisible()
  await expect(widget(page)).toHaveAttribute('lang', 'ur')
  await expect(widget(page)).toHaveAttribute('dir', 'rtl')
  // The owner's position holds (bottom-right); the text inside the panel runs right to left.
  expect((await start.boundingBox())!.x).toBeGreaterThan(1000)
  await start.click()
  const status = page.getByText('صوتی معاون فعال ہے')
  await expect(status).toBeVisible()
  expect(await status.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
  // One idle copy: Urdu's (a chunk named voice-…), no other language's.
  expect(requests.filter((u) => /\/chunks\/voice-[\w-]+\.js$/.test(u))).toHaveLength(1)
  const results = await new AxeBuilder({ page }).include('[data-voiceos]').analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
})

test('data-languages: the visitor switches the widget from Tamil to Urdu by keyboard, fetching Urdu alone; remembered on reload', async ({
  page,
}) => {
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  const copies = () => requests.filter((u) => /\/chunks\/voice-[\w-]+\.js$/.test(u))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${HOST}/languages.html`)
  await expect(mic(page, 'குரல் உதவியாளரைத் தொடங்கு')).toBeVisible()
  await expect(widget(page)).toHaveAttribute('lang', 'ta')
  expect(copies()).toHaveLength(1)
  const toggle = page.getByRole('button', { name: 'மொழி: தமிழ்' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: 'மொழியைத் தேர்ந்தெடுக்கவும்' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitemradio')).toHaveText(['தமிழ்', 'हिन्दी', 'اردو'])
  await expect(menu.getByRole('menuitemradio', { name: 'தமிழ்' })).toBeFocused()
  await expect(menu.getByRole('menuitemradio', { name: 'தமிழ்' })).toHaveAttribute('aria-checked', 'true')
  // Open, in the dark theme the page asks for: axe checks the menu too.
  const open = await new AxeBuilder({ page }).include('[data-voiceos]').analyze()
  expect(open.violations.map((v) => v.id)).toEqual([])
  await page.keyboard.press('End')
  await expect(menu.getByRole('menuitemradio', { name: 'اردو' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
  await expect(widget(page)).toHaveAttribute('lang', 'ur')
  await expect(widget(page)).toHaveAttribute('dir', 'rtl')
  await expect(mic(page, 'صوتی معاون شروع کیجیے')).toBeVisible()
  await expect(page.getByRole('button', { name: 'زبان: اردو' })).toBeFocused()
  // Urdu's copy, and only it, came after Tamil's.
  expect(copies()).toHaveLength(2)
  expect(await page.evaluate(() => localStorage.getItem('voiceos:lang'))).toBe('ur')
  const after = await new AxeBuilder({ page }).include('[data-voiceos]').analyze()
  expect(after.violations.map((v) => v.id)).toEqual([])

  requests.length = 0
  await page.reload()
  await expect(widget(page)).toHaveAttribute('lang', 'ur')
  await expect(mic(page, 'صوتی معاون شروع کیجیے')).toBeVisible()
  expect(copies()).toHaveLength(1)
})

test('VoiceOS.init() and VoiceOS.destroy(): a widget on demand, removed without a trace; bad options are refused', async ({
  page,
}) => {
  const seen = watch(page)
  await page.goto(`${HOST}/programmatic.html`)
  await page.waitForFunction(() => 'VoiceOS' in window)
  await page.waitForTimeout(300)
  await expect(page.locator('[data-voiceos]')).toHaveCount(0)

  const bad = await page.evaluate(() =>
    (window as unknown as { VoiceOS: { init(o: unknown): boolean } }).VoiceOS.init({
      publicKey: 5,
      assistantId: '22222222-2222-4222-8222-222222222222',
      colour: 'red',
    }),
  )
  expect(bad).toBe(false)
  expect(seen.errors.join('\n')).toContain('[VoiceOS] publicKey must be a string, got number')
  expect(seen.errors.join('\n')).toContain('[VoiceOS] colour is not a VoiceOS setting')

  const ok = await page.evaluate(() =>
    (window as unknown as { VoiceOS: { init(o: unknown): boolean } }).VoiceOS.init({
      publicKey: '11111111-1111-4111-8111-111111111111',
      assistantId: '22222222-2222-4222-8222-222222222222',
      theme: 'light',
    }),
  )
  expect(ok).toBe(true)
  await expect(page.locator('[data-voiceos]')).toHaveCount(1)
  await mic(page).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await toolCall(page, 'fill', { fieldHint: 'email', value: 'x@example.com' })
  await expect(page.locator('#email')).toHaveValue('x@example.com')

  await page.evaluate(() => (window as unknown as { VoiceOS: { destroy(): void } }).VoiceOS.destroy())
  await expect(page.locator('[data-voiceos]')).toHaveCount(0)
  // The call ended with it: a later tool call does nothing.
  await toolCall(page, 'fill', { fieldHint: 'email', value: 'changed@example.com' })
  await page.waitForTimeout(300)
  await expect(page.locator('#email')).toHaveValue('x@example.com')
  expect(seen.pageErrors).toEqual([])
})

test("a script tag's settings apply a task after the loader ran: a VoiceOS.init() or destroy() made first wins", async ({
  page,
  context,
}) => {
  // The script element's `load` event comes right after its evaluation, in the same task (HTML "execute the
  // script element"), so these calls run before the loader applies the tag's own settings (Hindi, dark).
  const onLoaderRan = (c: string) => {
    document.addEventListener(
      'load',
      (e) => {
        if (!(e.target as HTMLScriptElement).src?.endsWith('/voiceos.js')) return
        const api = (window as unknown as { VoiceOS: { init(o: unknown): boolean; destroy(): void } }).VoiceOS
        if (c === 'destroy') api.destroy()
        else
          api.init({
            publicKey: '11111111-1111-4111-8111-111111111111',
            assistantId: '22222222-2222-4222-8222-222222222222',
            lang: 'en',
            theme: 'light',
          })
      },
      true,
    )
  }
  await page.addInitScript(onLoaderRan, 'init')
  await page.goto(`${HOST}/hindi.html`)
  await expect(mic(page)).toBeVisible()
  await expect(widget(page)).toHaveAttribute('lang', 'en')
  await expect(widget(page)).not.toHaveClass(/\bdark\b/)
  await expect(page.locator('[data-voiceos]')).toHaveCount(1)

  const other = await context.newPage()
  await other.addInitScript(onLoaderRan, 'destroy')
  await other.goto(`${HOST}/hindi.html`)
  await other.waitForFunction(() => 'VoiceOS' in window)
  await other.waitForTimeout(2500) // past the idle mount's 2 s timeout
  await expect(other.locator('[data-voiceos]')).toHaveCount(0)
  await other.close()
})

test("the widget's requests wait for the page's first contentful paint", async ({ page }) => {
  // tests/fixtures/embed/paints-late.html: its render-blocking stylesheet comes 1.5 s late, so the page is parsed,
  // and the browser idle, long before it can paint.
  await page.route(`${HOST}/late.css`, async (route) => {
    await new Promise((r) => setTimeout(r, 1500))
    await route.fulfill({ contentType: 'text/css', body: 'h1 { color: #222; }' })
  })
  await page.goto(`${HOST}/paints-late.html`)
  await expect(mic(page)).toBeVisible()
  const { fcp, firstChunk } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    firstChunk: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/chunks/'))
        .map((e) => e.startTime),
    ),
  }))
  expect(fcp).toBeGreaterThan(1000)
  expect(firstChunk).toBeGreaterThan(fcp)
})

test('the demo page: a visitor opens it, presses the mic and operates the shop by voice; axe finds nothing', async ({
  page,
}) => {
  const seen = watch(page)
  await page.goto(`${EMBED_ORIGIN}/demo.html`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tea from the hills, chosen by voice')
  await mic(page).click()
  // The demo asks first (data-consent="required"; the network side: embed-consent.spec.ts). axe checks the notice too.
  const notice = page.getByRole('dialog', { name: 'Before you talk to the voice assistant' })
  await expect(notice).toBeFocused()
  const onNotice = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(onNotice.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await notice.getByRole('button', { name: 'Accept' }).click()
  await expect(widget(page)).toHaveAttribute('data-status', 'listening')
  await toolCall(page, 'click', { targetText: 'Add Darjeeling to cart' })
  await expect(page.locator('#cart-count')).toHaveText('1')
  await toolCall(page, 'fill', { fieldType: 'email', value: 'ada@example.com' })
  await expect(page.locator('#email')).toHaveValue('ada@example.com')
  await toolCall(page, 'click', { targetText: 'Subscribe' })
  await expect(page.getByText('Subscribed ada@example.com — thank you!')).toBeVisible()
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  expect(seen.pageErrors).toEqual([])
  expect(seen.errors.filter((e) => !/realtime|WebSocket|54329/i.test(e))).toEqual([])
})
