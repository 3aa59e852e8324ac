import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { mkdirSync, readFileSync } from 'node:fs'
import { startRealtimeServer, type RealtimeServer } from '../servers/realtime-server'
import { expectNoCspViolations, visitAndExercise, watchCspViolations } from './csp'
import { languageOverrides } from '../../src/voice/assistant/overrides'
import type { VoiceCopy } from '../../src/voice/widget/copy'
import { LANGUAGE_NAMES } from '../../src/voice/widget/languageNames'
import {
  dismissIntro,
  expectNoAxeViolations,
  installIntroClock,
  waitForHydration,
  waitForIntroAndClose,
  watchConsole,
} from './helpers'

// The e2e build (.env.e2e): scripted call engine, Supabase URL → this local Phoenix server, anon key e2e-anon-key.
/** The Tamil widget copy (read as data: Node's loader wants an import attribute for JSON modules). */
const ta = JSON.parse(readFileSync('locales/ta/voice.json', 'utf8')) as VoiceCopy
const REALTIME_PORT = 4191
const DEMO_URL = /youtube\.com/

test.describe.configure({ mode: 'serial' })

let server: RealtimeServer
test.beforeAll(async () => {
  server = await startRealtimeServer({ port: REALTIME_PORT })
})
test.afterAll(async () => {
  await server?.close()
})

/**
 * This site asks before the first call (README `data-consent`, src/voice/widget/site.ts): the press opens the notice
 * synchronously, so right after a press it is either shown (first call of this browser context) or not (accepted).
 */
async function acceptConsentIfAsked(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Before you talk to the voice assistant' })
  if (await notice.isVisible()) await notice.getByRole('button', { name: 'Accept' }).click()
}

/** Presses the mic and waits for listening; returns the realtime channel the page joined. */
async function startCall(page: Page): Promise<string> {
  const before = server.joins.length
  const mic = page.getByRole('button', { name: 'Start voice assistant' })
  await mic.click()
  await acceptConsentIfAsked(page)
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', /connecting|listening/)
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
  await expect(page.getByText('Voice Assistant Active')).toBeVisible()
  await expect.poll(() => server.joins.length).toBeGreaterThan(before)
  const join = server.joins[server.joins.length - 1]!
  expect(join.channel).toMatch(/^voice-commands-session_\d{13}_[0-9a-f]{32}$/)
  expect(join.apikey).toBe('e2e-anon-key')
  expect(join.config.private).toBe(false)
  return join.channel
}

/** Broadcasts a voice_command and waits for the widget to show processing → listening. */
async function command(page: Page, channel: string, payload: Record<string, unknown>): Promise<void> {
  expect(server.broadcast(channel, 'voice_command', payload)).toBe(1)
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'processing')
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
}

let shot = 0
async function record(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = 'test-results/voice-run'
  mkdirSync(dir, { recursive: true })
  const path = `${dir}/${String(++shot).padStart(2, '0')}-${name}.png`
  await page.screenshot({ path })
  await info.attach(name, { path, contentType: 'image/png' })
}

test('a visitor speaks and the page scrolls, clicks and fills (recorded run)', async ({ page, context }, info) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await context.route(DEMO_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Demo</title>' }),
  )
  const problems = watchConsole(page)
  await installIntroClock(page)
  await page.goto('/')
  await waitForHydration(page)
  await waitForIntroAndClose(page)
  await record(page, info, 'idle')
  const channel = await startCall(page)
  await expect(page.getByTestId('voice-transcript')).toContainText('Show me the pricing')
  await record(page, info, 'listening')

  await command(page, channel, { type: 'scroll', direction: 'down' })
  await expect
    .poll(() => page.evaluate(() => Math.round(window.scrollY)))
    .toBeGreaterThanOrEqual(Math.round(800 * 0.8) - 2)
  await record(page, info, 'scrolled-down')
  await command(page, channel, { action: 'scroll', direction: 'bottom' })
  await expect
    .poll(() =>
      page.evaluate(() => Math.abs(document.documentElement.scrollHeight - window.innerHeight - window.scrollY)),
    )
    .toBeLessThan(4)
  await command(page, channel, { action: 'scroll', direction: 'top' })
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await record(page, info, 'scrolled-top')

  // "click on watch demo": the demo opens in a new tab, without access back to this page
  const popup = context.waitForEvent('page')
  await command(page, channel, { action: 'click', targetText: 'watch demo' })
  const demo = await popup
  await expect.poll(() => demo.url()).toMatch(DEMO_URL)
  expect(await demo.evaluate(() => window.opener)).toBeNull()
  await demo.close()
  await expect(page.getByText('Element Clicked')).toBeVisible()
  await record(page, info, 'clicked-watch-demo')

  // "click on pricing": client-side navigation keeps the call alive
  await command(page, channel, { action: 'click', targetText: 'Pricing', role: 'link' })
  await expect(page).toHaveURL('/pricing')
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')

  // "join the waitlist", then "fill email" — said once the pricing page's code (loaded on this client-side
  // navigation) has drawn it, as a visitor speaks about what they see.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing — Coming Soon')
  await expect(page.getByRole('link', { name: 'Join the Waitlist' })).toBeVisible()
  await command(page, channel, { action: 'click', targetText: 'Join the Waitlist' })
  await expect(page).toHaveURL('/waitlist')
  await dismissIntro(page)
  // The waitlist page's code loads on this client-side navigation: speak once its form is there.
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toBeVisible()
  await command(page, channel, { action: 'fill', fieldType: 'email', value: 'ada@example.com' })
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toHaveValue('ada@example.com')
  await expect(page.getByText('Entered: ada@example.com')).toBeVisible()
  await record(page, info, 'filled-email')

  // a malformed command is refused, never thrown into the page
  server.broadcast(channel, 'voice_command', { action: 'click', selector: ')))invalid(((' })
  server.broadcast(channel, 'voice_command', { hello: 'world' })
  await page.waitForTimeout(300)
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', /listening|processing/)

  await page.getByRole('button', { name: 'Stop voice assistant' }).click()
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'idle')
  await expect(page.getByTestId('voice-transcript')).toHaveCount(0)
  await record(page, info, 'stopped')
  expect(problems.filter((p) => !p.includes('[voice-commands]'))).toEqual([])
})

test('a popup blocker stops the new tab of a voice click: the widget offers an Open button that works', async ({
  page,
  context,
}) => {
  await context.route(DEMO_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Demo</title>' }),
  )
  // A popup blocker's classic rule, made deterministic: window.open works only while a trusted (real) click is
  // being handled. (navigator.userActivation can't be used: Playwright's own evaluate calls count as gestures.)
  await page.addInitScript(() => {
    const open = window.open.bind(window)
    let inTrustedClick = false
    document.addEventListener(
      'click',
      (e) => {
        if (!e.isTrusted) return
        inTrustedClick = true
        setTimeout(() => (inTrustedClick = false), 0)
      },
      true,
    )
    window.open = (...args: Parameters<typeof window.open>) => (inTrustedClick ? open(...args) : null)
  })
  await installIntroClock(page)
  await page.goto('/')
  await waitForHydration(page)
  await waitForIntroAndClose(page)
  const channel = await startCall(page)
  await command(page, channel, { action: 'click', targetText: 'watch demo' })
  await expect(page.getByText('New Tab Blocked')).toBeVisible()
  const popup = context.waitForEvent('page')
  await page.getByRole('button', { name: 'Open', exact: true }).click()
  const demo = await popup
  await expect.poll(() => demo.url()).toMatch(DEMO_URL)
})

test('a deliberate repeat runs every time: "scroll down, up, down" within a second ends one step down', async ({
  browser,
}) => {
  // Instant scrolling, so each step starts where the previous one ended.
  const ctx = await browser.newContext({ reducedMotion: 'reduce' })
  const page = await ctx.newPage()
  await page.goto('/')
  await waitForHydration(page)
  const channel = await startCall(page)
  for (const direction of ['down', 'up', 'down'])
    server.broadcast(channel, 'voice_command', { type: 'scroll', direction })
  const vh = await page.evaluate(() => window.innerHeight)
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(0)
  await page.waitForTimeout(500)
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - Math.round(vh * 0.8))).toBeLessThan(4)
  await ctx.close()
})

test('a burst of 10,000 malformed frames: no page error, a handful of toasts, and a valid command still shows its toast', async ({
  page,
}) => {
  test.slow()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  await installIntroClock(page)
  await page.goto('/waitlist')
  await waitForHydration(page)
  await waitForIntroAndClose(page)
  const channel = await startCall(page)
  // Every toast the page ever shows: the widget's own (`[data-testid=voice-toast]` in its shadow root) and the
  // site's Chakra toasts (`[data-scope=toast][data-part=root]`).
  const widgetToastCount = await page.evaluate(() => {
    const seen: string[] = []
    const counted = new WeakSet<Element>()
    ;(window as unknown as { __toasts: string[] }).__toasts = seen
    const roots: Array<Document | ShadowRoot> = [
      document,
      ...Array.from(document.querySelectorAll('[data-voice-ignore]'), (h) => h.shadowRoot).filter(
        (r): r is ShadowRoot => !!r,
      ),
    ]
    const observer = new MutationObserver(() => {
      for (const r of roots)
        for (const toast of Array.from(
          r.querySelectorAll('[data-testid=voice-toast], [data-scope=toast][data-part=root]'),
        )) {
          if (counted.has(toast)) continue
          counted.add(toast)
          seen.push(toast.textContent ?? '')
        }
    })
    for (const r of roots) observer.observe(r, { childList: true, subtree: true })
    return roots.length
  })
  expect(widgetToastCount, 'the document and the widget’s shadow root are observed').toBe(2)
  const frames: ((topic: string) => string)[] = [
    (t) =>
      JSON.stringify([null, null, t, 'broadcast', { type: 'broadcast', event: 42, payload: { action: 'scroll' } }]),
    (t) => JSON.stringify([null, null, t, 'broadcast', null]),
    () => 'not json',
    (t) =>
      JSON.stringify([
        null,
        null,
        t,
        'broadcast',
        { type: 'broadcast', event: 'voice_command', payload: { hello: 'world' } },
      ]),
    (t) =>
      JSON.stringify([
        null,
        null,
        t,
        'broadcast',
        { type: 'broadcast', event: 'voice_command', payload: { action: 'teleport' } },
      ]),
    (t) =>
      JSON.stringify([
        null,
        null,
        t,
        'broadcast',
        {
          type: 'broadcast',
          event: 'voice_command',
          payload: { action: 'click', targetText: 'no such thing on this page' },
        },
      ]),
  ]
  let delivered = 0
  for (let i = 0; i < 10_000; i++) delivered += server.sendRaw(channel, frames[i % frames.length]!)
  expect(delivered).toBe(10_000)
  // When the page ran the valid command (the field's input event) and when its toast appeared.
  await page.evaluate(() => {
    const w = window as unknown as { __filledAt?: number; __toastAt?: number }
    document.addEventListener('input', () => (w.__filledAt ??= performance.now()), true)
    const widget = Array.from(document.querySelectorAll('[data-voice-ignore]'), (h) => h.shadowRoot).find((r) => !!r)!
    new MutationObserver(() => {
      if (w.__toastAt === undefined && widget.textContent?.includes('Entered: Acme after the burst'))
        w.__toastAt = performance.now()
    }).observe(widget, { childList: true, subtree: true, characterData: true })
  })
  const sent = Date.now()
  server.broadcast(channel, 'voice_command', { action: 'fill', fieldHint: 'company', value: 'Acme after the burst' })
  await expect(page.getByText('Entered: Acme after the burst')).toBeVisible({ timeout: 30_000 })
  const { filledAt, toastAt } = await page.evaluate(() => {
    const w = window as unknown as { __filledAt?: number; __toastAt?: number }
    return { filledAt: w.__filledAt ?? NaN, toastAt: w.__toastAt ?? NaN }
  })
  // Measured, not asserted (timings depend on the machine): the toast follows its command at once; draining the
  // burst before it takes longer on a loaded machine.
  console.log(
    `burst of 10,000 malformed frames: fill → its toast ${Math.round(toastAt - filledAt)} ms; sent → toast ${Date.now() - sent} ms (includes draining the burst)`,
  )
  expect(toastAt).toBeGreaterThanOrEqual(filledAt)
  await expect(page.getByRole('textbox', { name: /company/i })).toHaveValue('Acme after the burst')
  const toasts = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)
  console.log(`toasts shown during the burst: ${JSON.stringify(toasts)}`)
  // One refusal toast, then one summary per window (3 s, 6 s, 12 s, … while the flood lasts): a handful even
  // when draining the burst takes a minute on a slow machine.
  expect(toasts.filter((t) => t.includes('Command Failed')).length).toBeLessThanOrEqual(6)
  expect(toasts.length).toBeLessThanOrEqual(8)
  // … and the observer really saw the widget's toasts: the first refusal at once, and the valid fill's success.
  expect(toasts.some((t) => t.includes('Command Failed'))).toBe(true)
  expect(toasts.some((t) => t.includes('Entered: Acme after the burst'))).toBe(true)
  expect(errors).toEqual([])
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', /listening|processing/)
})

test('keyboard only: accept the consent notice, start and stop the assistant', async ({ page }) => {
  await page.goto('/pricing')
  await waitForHydration(page)
  const mic = page.getByRole('button', { name: 'Start voice assistant' })
  await mic.focus()
  await expect(mic).toBeFocused()
  await page.keyboard.press('Enter')
  // The notice first (focus moves into it; nothing starts); Tab reaches Accept.
  const notice = page.getByRole('dialog', { name: 'Before you talk to the voice assistant' })
  await expect(notice).toBeFocused()
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'idle')
  await page.keyboard.press('Tab')
  await expect(notice.getByRole('button', { name: 'Accept' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(notice).toBeHidden()
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
  const stop = page.getByRole('button', { name: 'Stop voice assistant' })
  await expect(stop).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'idle')
  // the live region announced each status
  await expect(page.getByRole('status').filter({ hasText: 'Voice assistant is off' })).toHaveCount(1)
})

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing with the widget open (${scheme})`, async ({ browser }) => {
    const ctx = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce' })
    const page = await ctx.newPage()
    await page.goto('/pricing')
    await waitForHydration(page)
    await startCall(page)
    await expect(page.getByTestId('voice-transcript')).toContainText('Show me the pricing')
    await expectNoAxeViolations(page)
    await ctx.close()
  })
}

test('no daily-js, engine or supabase-js request before the mic is pressed', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (r) => requested.push(r.url()))
  await page.goto('/')
  await waitForHydration(page)
  await page.waitForTimeout(500)
  const onClick = requested.filter((u) =>
    /daily|engine|session|scriptedEngine|supabase|realtime/i.test(u.split('/').pop() ?? ''),
  )
  expect(onClick).toEqual([])
  await page.getByRole('button', { name: 'Start voice assistant' }).click()
  await acceptConsentIfAsked(page)
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
  expect(requested.some((u) => /session-[\w-]+\.js$/.test(u))).toBe(true)
})

test('no CSP violation on any route with the widget opened, a call running and commands executed', async ({ page }) => {
  test.slow()
  const csp = await watchCspViolations(page)
  for (const path of ['/', '/pricing', '/feedback', '/waitlist', '/no-such-page']) {
    await visitAndExercise(page, path)
    const channel = await startCall(page)
    await command(page, channel, { action: 'scroll', direction: 'down' })
    await page.getByRole('button', { name: 'Stop voice assistant' }).click()
    await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'idle')
    await expectNoCspViolations(page, csp)
  }
})

/** The client messages the scripted engine was asked to send (page maps, command results), in order. */
async function sentMessages(
  page: Page,
): Promise<{ type: string; message: { role: string; content: string }; triggerResponseEnabled?: boolean }[]> {
  return page.evaluate(() => (window as unknown as { __voiceSent: never[] }).__voiceSent)
}

/** Records every message the scripted engine sends from the next page load on (read with {@link sentMessages}). */
async function recordSentMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __voiceSent: unknown[] }
    w.__voiceSent = []
    window.addEventListener('voiceos:scripted-send', (e) => w.__voiceSent.push((e as CustomEvent).detail))
  })
}

test('the assistant is told what the page offers (on start and after navigating) and what each command came to', async ({
  page,
}) => {
  await recordSentMessages(page)
  await installIntroClock(page)
  await page.goto('/')
  await waitForHydration(page)
  await waitForIntroAndClose(page)
  const channel = await startCall(page)
  const maps = async () =>
    (await sentMessages(page)).map((m) => m.message.content).filter((c) => c.startsWith('PAGE MAP'))
  await expect.poll(async () => (await maps()).length).toBe(1)
  const [landing] = await maps()
  expect(landing).toContain('headings: h1 The Future of the Web is Voice-First')
  expect(landing).toMatch(/buttons: .*Star us on GitHub/)
  expect(landing).toMatch(/links: .*Pricing .*Watch Demo \(opens in a new tab\)/)
  expect(landing).not.toMatch(/voice assistant/i) // nothing of the widget
  expect(landing).toMatch(/\n\[voiceos\/1 page-map path=\/ lang=en\]$/) // the record tag (src/voice/context/record.ts)
  expect(new TextEncoder().encode(landing).length).toBeLessThanOrEqual(4096)

  // A refusal comes back with its reason and asks the assistant to respond; a success is inserted silently.
  await command(page, channel, { action: 'click', targetText: 'Checkout now' })
  await command(page, channel, { action: 'scroll', direction: 'down' })
  await expect
    .poll(async () => (await sentMessages(page)).filter((m) => m.message.content.startsWith('COMMAND RESULT')).length)
    .toBe(2)
  const results = (await sentMessages(page)).filter((m) => m.message.content.startsWith('COMMAND RESULT'))
  expect(results.map((m) => [m.message.content, m.triggerResponseEnabled])).toEqual([
    ['COMMAND RESULT refused: nothing named "Checkout now" on the page\n[voiceos/1 result outcome=refused]', true],
    ['COMMAND RESULT done: scrolled down\n[voiceos/1 result outcome=done]', false],
  ])

  // A client-side navigation (react-router link) sends the new page's map once it has rendered.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).click()
  await expect(page).toHaveURL('/pricing')
  // (The route's code may still be loading: the map is taken again after each burst of changes.)
  await expect.poll(async () => (await maps()).at(-1), { timeout: 10_000 }).toContain('h1 Pricing')
  const pricing = (await maps()).at(-1)!
  expect(pricing).toMatch(/url: http:\/\/127\.0\.0\.1:\d+\/pricing/)
  expect(pricing).toContain('h1 Pricing')
  expect(pricing).toMatch(/Open Source Soon \(disabled\)/)
  await expect(page.getByTestId('voice-widget')).toHaveAttribute('data-status', 'listening')
  for (const m of await sentMessages(page))
    expect(m).toMatchObject({ type: 'add-message', message: { role: 'system' } })
  await page.getByRole('button', { name: 'Stop voice assistant' }).click()
})

test("the site's widget in a visitor's language: Tamil chosen from the keyboard, remembered on reload, its overrides sent at the press", async ({
  page,
}) => {
  // Every start of the scripted engine, as its start request would carry it (SCRIPTED_START_EVENT).
  await page.addInitScript(() => {
    const w = window as unknown as { __starts: unknown[] }
    w.__starts = []
    window.addEventListener('voiceos:scripted-start', (e) => w.__starts.push((e as CustomEvent).detail))
  })
  const voiceChunks: string[] = []
  page.on('response', (res) => {
    if (/\/assets\/voice-[\w-]+\.js$/.test(res.url())) voiceChunks.push(res.url())
  })
  await installIntroClock(page)
  await page.goto('/pricing')
  const widget = page.getByTestId('voice-widget')
  await expect(widget).toHaveAttribute('lang', 'en')
  // The switch comes with the widget (its code is a chunk of its own); the page's language first.
  const button = page.getByRole('button', { name: 'Language: English' })
  await expect(button).toBeVisible()
  await waitForHydration(page)
  // The header intro's strip fades its items out and then opens its popup (SPEC §2): axe measures a settled page.
  await waitForIntroAndClose(page)
  await expect(page.locator('[data-intro-strip]')).toHaveAttribute('data-done', '')
  const fetchedBefore = voiceChunks.length
  await button.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: 'Choose a language' })
  await expect(menu).toBeVisible()
  const tamil = menu.getByRole('menuitemradio', { name: 'தமிழ்' })
  // The menu opens on the language in use. On a desktop its 24 languages stand in 3 columns of 8 (no scrolling):
  // → goes to the same row of the next column, and stops at the last; ↓ walks on to Tamil.
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused()
  expect(await menu.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true)
  await page.keyboard.press('ArrowRight')
  await expect(menu.getByRole('menuitemradio', { name: LANGUAGE_NAMES.kn! })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(menu.getByRole('menuitemradio', { name: LANGUAGE_NAMES.or! })).toBeFocused()
  for (let i = 0; i < 30 && !(await tamil.evaluate((el) => el.matches(':focus'))); i++)
    await page.keyboard.press('ArrowDown')
  await expect(tamil).toBeFocused()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
  await expect(widget).toHaveAttribute('lang', 'ta')
  await expect(page.getByRole('button', { name: ta.widget.start })).toBeVisible()
  await expect(page.getByRole('button', { name: 'மொழி: தமிழ்' })).toBeFocused()
  // Only the chosen language's copy was fetched for the choice.
  await expect.poll(() => voiceChunks.length - fetchedBefore).toBe(1)
  expect(await page.evaluate(() => localStorage.getItem('voiceos:lang'))).toBe('ta')
  await expectNoAxeViolations(page)

  // Remembered on the origin: the next page load mounts the widget in Tamil, and hydration (the page is in
  // English) does not take it back.
  await page.reload()
  await expect(widget).toHaveAttribute('lang', 'ta')
  await waitForHydration(page)
  await expect(widget).toHaveAttribute('lang', 'ta')
  const mic = page.getByRole('button', { name: ta.widget.start })
  await mic.click()
  const notice = page.getByRole('dialog', { name: ta.widget.consent.title })
  await notice.getByRole('button', { name: ta.widget.consent.accept }).click()
  await expect(widget).toHaveAttribute('data-status', 'listening')
  await expect(page.getByRole('button', { name: ta.widget.stop })).toBeVisible()
  // The start carries the overrides the embed sends for Tamil (src/voice/widget/languageKit.ts
  // `widgetLanguageOverrides`: the assistant's language table and the copy's greeting).
  await expect.poll(() => page.evaluate(() => (window as unknown as { __starts: unknown[] }).__starts.length)).toBe(1)
  const [start] = await page.evaluate(
    () => (window as unknown as { __starts: { overrides: Record<string, unknown> }[] }).__starts,
  )
  const expected = languageOverrides('ta', ta.widget.greeting)
  expect(expected.transcriber?.language).toBe('ta')
  expect(start!.overrides).toEqual({
    ...expected,
    variableValues: { ...expected.variableValues, sessionId: expect.any(String), url: expect.any(String) },
  })
  await page.getByRole('button', { name: ta.widget.stop }).click()
  await expect(widget).toHaveAttribute('data-status', 'idle')
})

test('"toggle Star us on GitHub" opens its menu, as a press of the button does, and the result says so', async ({
  page,
}) => {
  await recordSentMessages(page)
  await installIntroClock(page)
  await page.goto('/')
  await waitForHydration(page)
  await waitForIntroAndClose(page)
  const channel = await startCall(page)
  const results = async () =>
    (await sentMessages(page)).map((m) => m.message.content).filter((c) => c.startsWith('COMMAND RESULT'))
  const trigger = page.getByRole('button', { name: 'Star us on GitHub' })
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')

  await command(page, channel, { action: 'toggle', targetText: 'Star us on GitHub' })
  await expect.poll(async () => (await results()).length).toBe(1)
  expect(await results()).toEqual(['COMMAND RESULT done: Star us on GitHub is now on\n[voiceos/1 result outcome=done]'])
  // What the visitor sees once the result is reported: the menu open, its only item Coming Soon, disabled.
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem')).toHaveText(['Coming Soon'])
  await expect(menu.getByRole('menuitem', { name: 'Coming Soon' })).toHaveAttribute('aria-disabled', 'true')
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  // The call goes on with the menu open (a command that leaves it alone does not close it).
  await command(page, channel, { action: 'click', targetText: 'no such thing here' })
  await expect.poll(async () => (await results()).length).toBe(2)
  await expect(menu).toBeVisible()

  // Said again, it closes the menu, and says so.
  await command(page, channel, { action: 'toggle', targetText: 'Star us on GitHub' })
  await expect.poll(async () => (await results()).length).toBe(3)
  expect((await results())[2]).toBe(
    'COMMAND RESULT done: Star us on GitHub is now off\n[voiceos/1 result outcome=done]',
  )
  await expect(menu).toBeHidden()
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  await page.getByRole('button', { name: 'Stop voice assistant' }).click()
})
