import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadEnv } from 'vite'
import { expectNoAxeViolations, installIntroClock, introPopupOpened, waitForHydration, watchConsole } from './helpers'

/** Section ids of `/`, in order (HOME_SECTION_IDS in src/pages/Home). */
const SECTION_IDS = [
  'hero',
  'how-it-works',
  'comparison',
  'open-source',
  'who-can-use-it',
  'early-access',
  'get-started',
]

/**
 * The demo URL the build was made with: `VITE_DEMO_VIDEO_URL` from the env files (as src/config/site.ts reads
 * it at build time), or that module's default.
 */
const DEMO_URL =
  loadEnv('production', process.cwd(), 'VITE_').VITE_DEMO_VIDEO_URL?.trim() || 'https://www.youtube.com/@voiceos'

const EXIT_POPUP = /^WAIT!\s*Try AI VoiceBot for Free$/

/** Answers every request that would leave 127.0.0.1 with a stub page: the network is closed, and must stay so. */
async function stubOutside(context: BrowserContext): Promise<string[]> {
  const outside: string[] = []
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      outside.push(route.request().url())
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Demo video</title><h1>Demo</h1>',
      })
    },
  )
  return outside
}

/**
 * Waits for the header's intro popup (≈4.9 s after load, any language; at once on a page with the intro's clock,
 * helpers.ts `installIntroClock`) and closes it with Escape.
 */
async function closeIntro(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog')
  await introPopupOpened(page, dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

/** Moves the real pointer inside the page, then out of the window through its top edge. */
async function leaveThroughTop(page: Page): Promise<void> {
  await page.mouse.move(640, 300)
  await page.mouse.move(640, 40, { steps: 4 })
  await page.mouse.move(640, -20, { steps: 2 })
}

test.describe('landing page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('/ shows the seven sections in order, fully written', async ({ page }) => {
    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    await expect(page.locator('main section')).toHaveCount(SECTION_IDS.length)
    expect(await page.locator('main section').evaluateAll((s) => s.map((e) => e.id))).toEqual(SECTION_IDS)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Future of the Web is Voice-First')
    await expect(page.locator('main h2')).toHaveText([
      'Talk to Your Website. It Responds.',
      'Introducing: Voice OS for Websites',
      'Open Source Soon. Built in the Open.',
      'Who Can Use It?',
      'Be Among the First 200 Sites to Get Early Access',
      "Let's Make the Web Agentic. Together.",
    ])
    await expect(page.getByText('Built in India / Open source soon')).toBeVisible()
    await expect(page.getByText('No clicks. No scrolls. Just Voice.')).toBeVisible()
    const demo = page.getByRole('link', { name: 'Watch Demo (opens in a new tab)' })
    await expect(demo).toHaveAttribute('href', DEMO_URL)
    await expect(demo).toHaveAttribute('id', 'watch-demo')
    await expect(page.getByRole('table', { name: /compares/ }).getByRole('rowheader')).toHaveCount(5)
    for (const name of ['Apply For Free Trial', 'Join the Waitlist']) {
      for (const link of await page.getByRole('main').getByRole('link', { name, exact: true }).all()) {
        await expect(link).toHaveAttribute('href', '/waitlist')
      }
    }
    await expect(page.getByRole('button', { name: 'Star us on GitHub' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Follow on GitHub' })).toBeVisible()
  })

  test('/hi is the pre-rendered Hindi landing page', async ({ page }) => {
    const res = await page.goto('/hi')
    expect(res?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('वेब का भविष्य वॉइस-फ़र्स्ट है')
    expect(await page.locator('main section').evaluateAll((s) => s.map((e) => e.id))).toEqual(SECTION_IDS)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/hi$/)
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/$/)
    await expect(page.getByRole('main').getByRole('link', { name: 'फ़्री ट्रायल के लिए आवेदन करें' }).first()).toHaveAttribute(
      'href',
      '/hi/waitlist',
    )
    await expect(page.locator('a[hreflang="en"]').first()).toHaveAttribute('href', '/')
  })

  test('/hi/pricing and the Hindi 404 are pre-rendered too', async ({ page }) => {
    expect((await page.goto('/hi/pricing'))?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('कीमतें — जल्द आ रही हैं')
    expect((await page.goto('/hi/unknown'))?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ओह! पेज नहीं मिला')
  })
})

test('/hi hydrates in Hindi with no console error or warning', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/hi')
  await waitForHydration(page)
  await page.waitForTimeout(500)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('वेब का भविष्य वॉइस-फ़र्स्ट है')
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  expect(problems).toEqual([])
})

test('Watch Demo opens the configured demo video in a new tab, without an opener', async ({ context, page }) => {
  const outside = await stubOutside(context)
  await page.goto('/')
  await waitForHydration(page)
  const demo = page.locator('#watch-demo')
  await expect(demo).toHaveAttribute('href', DEMO_URL)
  await expect(demo).toHaveAttribute('rel', /noopener/)
  const [tab] = await Promise.all([context.waitForEvent('page'), demo.click()])
  await tab.waitForLoadState()
  expect(tab.url()).toBe(new URL(DEMO_URL).href)
  expect(await tab.evaluate(() => window.opener)).toBeNull()
  expect(page.url()).toMatch(/\/$/)
  expect(outside).toEqual([new URL(DEMO_URL).href])
})

test.describe('exit-intent popup', () => {
  test('leaving through the top twice opens it once; a reload keeps the session flag', async ({ context, page }) => {
    await stubOutside(context)
    await page.setViewportSize({ width: 1280, height: 800 })
    await installIntroClock(page)
    await page.goto('/')
    await waitForHydration(page)
    await closeIntro(page)
    const popup = page.getByRole('dialog', { name: EXIT_POPUP })

    // leaving through the bottom does nothing
    await page.mouse.move(640, 300)
    await page.mouse.move(640, 900, { steps: 3 })
    await page.waitForTimeout(300)
    await expect(popup).toHaveCount(0)

    await leaveThroughTop(page)
    await expect(popup).toBeVisible()
    await expect(popup).toContainText("No credit card required | Upgrade when you're ready")
    await expect(popup.getByRole('link', { name: 'Apply For Free Trial' })).toBeFocused()
    expect(await page.evaluate(() => sessionStorage.getItem('voiceos:exit-intent-shown'))).toBe('1')
    await popup.getByRole('button', { name: 'Close' }).click()
    await expect(popup).toBeHidden()

    await leaveThroughTop(page)
    await page.waitForTimeout(500)
    await expect(popup).toHaveCount(0)

    await page.reload()
    await waitForHydration(page)
    await closeIntro(page)
    await leaveThroughTop(page)
    await page.waitForTimeout(500)
    await expect(popup).toHaveCount(0)
  })

  test('opening without any input from the visitor, it switches on the full global stylesheet first', async ({
    context,
    page,
  }) => {
    await stubOutside(context)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    await waitForHydration(page)
    // The header intro opens its popup by itself at ≈4.9 s, and while a dialog is open a pointer exit counts for
    // nothing. Closing it with a key or a click would be input, so once it is open it is hidden the way the intro
    // itself hides it (`hidden`), whether hydration ended before it opened or after.
    const intro = page.locator('[data-intro-popup]')
    await expect(intro).toBeVisible({ timeout: 10_000 })
    await page.evaluate(() => {
      for (const popup of document.querySelectorAll<HTMLElement>('[data-intro-popup]')) popup.hidden = true
    })
    await expect(intro).toBeHidden()
    // With no click or key yet: still the trimmed CSS.
    const full = page.locator('link[data-ssr-global-full]')
    expect(await full.getAttribute('media')).toBe('print')
    await leaveThroughTop(page)
    await expect(page.getByRole('dialog', { name: EXIT_POPUP })).toBeVisible()
    await expect(full).toHaveAttribute('media', 'all')
  })

  test('a new browser context (a new session) opens it again; Apply For Free Trial goes to /waitlist', async ({
    browser,
  }) => {
    for (let session = 0; session < 2; session++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      await stubOutside(context)
      const page = await context.newPage()
      await installIntroClock(page)
      await page.goto('/')
      await waitForHydration(page)
      await closeIntro(page)
      await leaveThroughTop(page)
      const popup = page.getByRole('dialog', { name: EXIT_POPUP })
      await expect(popup).toBeVisible()
      if (session === 1) {
        await popup.getByRole('link', { name: 'Apply For Free Trial' }).click()
        await expect(page).toHaveURL(/\/waitlist$/)
        await expect(popup).toHaveCount(0)
      } else {
        await page.keyboard.press('Escape')
        await expect(popup).toBeHidden()
      }
      await context.close()
    }
  })

  test('storage that throws: it still opens, once per page load', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addInitScript(() => {
      Object.defineProperty(window, 'sessionStorage', {
        get() {
          throw new DOMException('denied', 'SecurityError')
        },
      })
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await installIntroClock(page)
    await page.goto('/')
    await waitForHydration(page)
    await closeIntro(page)
    const popup = page.getByRole('dialog', { name: EXIT_POPUP })
    await leaveThroughTop(page)
    await expect(popup).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(popup).toBeHidden()
    await leaveThroughTop(page)
    await page.waitForTimeout(500)
    await expect(popup).toHaveCount(0)
    expect(errors).toEqual([])
    await context.close()
  })
})

test.describe('accessibility of /', () => {
  for (const path of ['/', '/hi']) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`axe: ${path} in ${scheme}`, async ({ browser }) => {
        const context = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce' })
        const page = await context.newPage()
        await page.goto(path)
        await waitForHydration(page)
        await expectNoAxeViolations(page)
        await context.close()
      })
    }
  }

  test('axe: the exit-intent popup, open', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } })
    await stubOutside(context)
    const page = await context.newPage()
    await installIntroClock(page)
    await page.goto('/')
    await waitForHydration(page)
    await closeIntro(page)
    await leaveThroughTop(page)
    await expect(page.getByRole('dialog', { name: EXIT_POPUP })).toBeVisible()
    await expectNoAxeViolations(page)
    await context.close()
  })
})

test.describe('no layout shift while loading', () => {
  for (const [label, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    for (const path of ['/', '/hi']) {
      test(`CLS of ${path} on ${label} is 0`, async ({ browser }) => {
        const context = await browser.newContext({ viewport })
        const page = await context.newPage()
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number; __shifts: string[] }
          w.__cls = 0
          w.__shifts = []
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as Array<{
              value: number
              hadRecentInput: boolean
              sources?: Array<{ node?: Node }>
            }>) {
              if (e.hadRecentInput) continue
              w.__cls += e.value
              w.__shifts.push(
                `${e.value.toFixed(4)} ${(e.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80)).join(' | ')}`,
              )
            }
          }).observe({ type: 'layout-shift', buffered: true })
        })
        await page.goto(path)
        await waitForHydration(page)
        await page.waitForTimeout(1500)
        const { cls, shifts } = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __shifts: string[] }
          return { cls: w.__cls, shifts: w.__shifts }
        })
        expect(shifts, `layout shifts: ${shifts.join('\n')}`).toEqual([])
        expect(cls).toBe(0)
        await context.close()
      })
    }
  }
})

/**
 * Serves the preview's pages through a proxy on an ephemeral port that sends each page's HTML in two parts, the
 * first ending just before `marker`, the second `pauseMs` later — as a slow network, or a parser that yields on a
 * slow CPU, leaves the browser with half a document. Assets pass through unchanged.
 */
async function splitProxy(origin: string, marker: string, pauseMs: number): Promise<{ url: string; close(): void }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(new URL(req.url ?? '/', origin), { headers: { 'accept-encoding': 'identity' } })
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream'
      res.writeHead(upstream.status, { 'content-type': type, 'cache-control': 'no-store' })
      if (!type.startsWith('text/html')) return res.end(Buffer.from(await upstream.arrayBuffer()))
      const html = await upstream.text()
      const at = html.indexOf(marker)
      if (at < 0) return res.end(html)
      res.write(html.slice(0, at))
      setTimeout(() => res.end(html.slice(at)), pauseMs)
    })().catch(() => res.destroy())
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

test.describe('no frame of a half-parsed first screen', () => {
  // The cause of the pre-hydration shifts of the header's and hero's icons (0.0001 on / phone, /hi desktop): a
  // frame painted while the parser had stopped inside the header (the theme button at the right edge, where the
  // menu button goes) or inside the hero (the copy centred beside a preview not yet parsed). index.html's
  // `<link rel="expect" href="#how-it-works" blocking="render">` holds rendering until the section after the hero
  // opens, i.e. the header and the hero are parsed whole (pages without it render once parsed), so the first frame
  // already has the first screen's final layout.
  for (const [label, marker, parsed, viewport] of [
    [
      'the header, on a phone',
      'aria-label="Open navigation menu"',
      '[data-testid="theme-menu"]',
      { width: 390, height: 844 },
    ],
    ['the hero, on a desktop', 'id="watch-demo"', '#hero-title', { width: 1440, height: 900 }],
  ] as const) {
    test(`the first frame waits for the hero when the HTML stops inside ${label}`, async ({ browser, baseURL }) => {
      const proxy = await splitProxy(baseURL!, marker, 4000)
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      try {
        await page.goto(`${proxy.url}/`, { waitUntil: 'commit' })
        // The first part is parsed (its last element is in the DOM); a frame would have been painted within 500 ms.
        await page.waitForFunction((selector) => !!document.querySelector(selector), parsed, { polling: 50 })
        await page.waitForTimeout(500)
        const early = await page.evaluate(() => ({
          state: document.readyState,
          paints: performance.getEntriesByType('paint').map((e) => e.name),
        }))
        expect(early.state).toBe('loading')
        expect(early.paints, 'a frame was painted before the hero was parsed').toEqual([])
        await page.waitForLoadState('load')
        await expect
          .poll(() => page.evaluate(() => performance.getEntriesByType('paint').map((e) => e.name)))
          .toContain('first-contentful-paint')
      } finally {
        await context.close()
        proxy.close()
      }
    })
  }
})
