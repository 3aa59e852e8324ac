import { expect, test } from '@playwright/test'
import {
  chooseTheme,
  dismissIntro,
  expectNoAxeViolations,
  ROUTES,
  waitForEntry,
  waitForHydration,
  watchConsole,
} from './helpers'

/**
 * How far ahead of now the phone's intro test pauses the page's installed clock, ms: before the page loads, so the
 * jump runs none of its timers; far enough that a busy machine's install and pause never pass it ("Cannot
 * fast-forward to the past", seen at 1 s on a loaded machine).
 */
const CLOCK_AHEAD_MS = 60_000

test.describe('pre-rendered pages', () => {
  test.use({ javaScriptEnabled: false })
  for (const r of ROUTES) {
    test(`${r.path} reads right with JavaScript disabled`, async ({ page }) => {
      const res = await page.goto(r.path)
      expect(res?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.heading)
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toContainText('© 2024')
      // styles are in the HTML: the header is fixed without any script
      expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
      await expect(page).toHaveTitle(/VoiceOS/)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${r.path === '/' ? '/' : r.path}$`),
      )
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1)
      await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    })
  }
})

test.describe('hydration', () => {
  for (const r of ROUTES) {
    test(`${r.path} hydrates with no console error or warning`, async ({ page }) => {
      const problems = watchConsole(page)
      await page.goto(r.path)
      await waitForHydration(page)
      await page.waitForTimeout(500)
      expect(problems).toEqual([])
    })
  }
})

test('unknown path → 404 page, status 404, path logged', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (m) => logged.push(m.text()))
  const res = await page.goto('/no/such/page?x=1')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect.poll(() => logged.join('\n')).toContain('/no/such/page')
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
})

test('robots.txt, sitemap.xml and favicon are served', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:')
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const p of ['/pricing', '/feedback', '/waitlist']) expect(sitemap).toContain(`${p}</loc>`)
  expect((await request.get('/favicon.svg')).status()).toBe(200)
  // the social card and touch icon every page's head names
  for (const asset of ['/og-image.png', '/apple-touch-icon.png']) {
    const res = await request.get(asset)
    expect(res.status(), asset).toBe(200)
    expect(res.headers()['content-type']).toBe('image/png')
  }
})

test.describe('theme', () => {
  test('system dark → dark on first paint, before any module script runs', async ({ browser }) => {
    const ctx = await browser.newContext({ colorScheme: 'dark' })
    const page = await ctx.newPage()
    // Block the app bundle: only the inline head script can set the class.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/pricing')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(bg).toBe('rgb(13, 11, 20)')
    await ctx.close()
  })

  test('storage that throws falls back to the system preference without errors', async ({ browser }) => {
    const ctx = await browser.newContext({ colorScheme: 'dark' })
    await ctx.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new Error('denied')
        },
      })
    })
    const page = await ctx.newPage()
    const problems: string[] = []
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto('/')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await waitForHydration(page)
    expect(problems).toEqual([])
    await ctx.close()
  })

  test('a chosen theme survives reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/pricing')
    await waitForHydration(page)
    await dismissIntro(page)
    await chooseTheme(page, 'Dark')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await waitForHydration(page)
    await expect(page.getByTestId('theme-menu')).toHaveAccessibleName('Colour theme: Dark')
  })
})

test.describe('before hydration (the app hydrates at the first intent)', () => {
  test('phone: a first tap on the menu button opens the menu — the press loads the app and the menu, nothing is lost', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/pricing')
    await waitForEntry(page)
    await expect(page.getByTestId('theme-menu')).toHaveAttribute('data-placeholder', '')
    await page.getByRole('button', { name: 'Open navigation menu' }).click()
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible({ timeout: 10_000 })
    await expect(menu.getByRole('menuitem')).toHaveText(['Home', 'Pricing', 'Resources', 'Apply For Free Trial'])
  })

  test('desktop: a first click on the theme menu opens it', async ({ page }) => {
    await page.goto('/')
    await waitForEntry(page)
    await page.getByTestId('theme-menu').click()
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 10_000 })
    await page.getByRole('menuitemradio', { name: 'Dark' }).click()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  })

  test('the chunks the page prefetches when idle (in a worker) are what the app loads, from the HTTP cache', async ({
    page,
  }) => {
    const finished = new Set<string>()
    page.on('requestfinished', (request) => finished.add(new URL(request.url()).pathname))
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(worker.url()))
    await page.goto('/pricing')
    await waitForEntry(page)
    const listed = await page.evaluate(() =>
      [...(document.getElementById('app-prefetch') as HTMLTemplateElement).content.querySelectorAll('link')].map(
        (link) => link.getAttribute('href')!,
      ),
    )
    expect(listed.length).toBeGreaterThan(5)
    await expect.poll(() => listed.filter((path) => !finished.has(path)), { timeout: 15_000 }).toEqual([])
    expect(
      workers.some((url) => /\/assets\/prefetch\.worker-[\w-]+\.js$/.test(url)),
      'fetched by the prefetch worker',
    ).toBe(true)
    await waitForHydration(page)
    const loaded = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\/assets\/(main|client)-[\w-]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, transferSize: entry.transferSize })),
    )
    expect(loaded.map((entry) => entry.path).sort()).toEqual(
      listed.filter((path) => /\/assets\/(main|client)-/.test(path)).sort(),
    )
    for (const entry of loaded)
      expect(entry, `${entry.path} came from the network again`).toMatchObject({ transferSize: 0 })
  })

  test('text typed before the app has hydrated is kept and submitted with the form', async ({ page }) => {
    await page.goto('/feedback')
    await waitForEntry(page)
    const name = page.getByRole('textbox', { name: /name/i }).first()
    await name.fill('Asha Rao')
    await waitForHydration(page)
    await expect(name).toHaveValue('Asha Rao')
  })
})

test.describe('header intro sequence', () => {
  const decorative = '[data-decorative-item]'
  test('desktop: 18 items → 3 links → popup with a rotating example → Got it! closes', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    // The page's clock stands still until the first count is read (a busy machine could otherwise start the
    // sequence before it), then runs as usual.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1_000)
    await page.goto('/pricing')
    await expect(page.locator(decorative).filter({ visible: true })).toHaveCount(18)
    await page.clock.resume()
    await expect(page.locator(decorative).filter({ visible: true })).toHaveCount(0, { timeout: 8000 })
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Home',
      'Pricing',
      'Resources',
    ])
    const dialog = page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })
    await expect(dialog).toBeVisible({ timeout: 3000 })
    const example = dialog.locator('[data-intro-example]').filter({ visible: true })
    await expect(example).toHaveText(['“scroll down”'])
    await expect(example).toHaveText(['“scroll up”'], { timeout: 3500 })
    await dialog.getByRole('button', { name: 'Got it!' }).click()
    await expect(dialog).toBeHidden()
  })

  test('a press on the voice widget before the popup opens keeps it closed; the strip still finishes', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Start voice assistant' }).click()
    // Phone: 6 items from 1 s, 200 ms apart, the popup 500 ms after the last (≈2.7 s); wait well past it.
    await expect(page.locator('[data-intro-strip]')).toHaveAttribute('data-done', '', { timeout: 8000 })
    await page.waitForTimeout(1500)
    await expect(page.getByTestId('intro-popup')).toBeHidden()
    await expect(page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })).toHaveCount(0)
  })

  test('before it opens, the popup is laid out (its text is ready at the first paint) but invisible, unfocusable and out of the accessibility tree; it opens animated', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/pricing')
    const popup = page.getByTestId('intro-popup')
    await expect(popup).toBeHidden()
    expect(await popup.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(50)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const gotIt = popup.locator('[data-intro-close]').first()
    expect(
      await gotIt.evaluate((button: HTMLElement) => (button.focus(), button.ownerDocument.activeElement === button)),
    ).toBe(false)
    // When it opens, before any input (so with the page's own cut CSS, not the full global CSS), it animates in.
    const animations = popup.evaluate(
      (el: HTMLElement) =>
        new Promise<string[]>((resolve) => {
          new MutationObserver(() => {
            if (!el.hidden) resolve(el.getAnimations().map((a) => (a as CSSAnimation).animationName))
          }).observe(el, { attributes: true, attributeFilter: ['hidden'] })
        }),
    )
    await expect(page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })).toBeVisible({ timeout: 8000 })
    expect((await animations).sort()).toEqual(['fade-in', 'slide-from-bottom'])
  })

  test('desktop: a menu the visitor has open stays open when the popup appears — the popup takes focus only if nothing has it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    // The popup opens 4.9 s after load (SPEC §9). The page's clock stands still until the menu is open, so the order
    // holds on a machine of any speed; then it runs on past the popup's moment.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1_000)
    await page.goto('/pricing')
    // Hydration runs on the page's timers: let them run 50 ms at a time (2 s at most, well before the popup's
    // moment) while the mouse moves, as waitForHydration does with real time.
    const hydrated = page.locator('[data-testid="theme-menu"]:not([data-placeholder])')
    for (let step = 0; step < 40 && !(await hydrated.isVisible()); step++) {
      await page.clock.runFor(50)
      await page.mouse.move(720 + (step % 2) * 8, 450)
      await page.waitForTimeout(250)
    }
    await expect(hydrated).toBeVisible()
    const dialog = page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })
    await page.getByTestId('theme-menu').click()
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await expect(dialog).toBeHidden()
    await page.clock.runFor(6_000)
    await page.clock.resume()
    await expect(dialog).toBeVisible({ timeout: 8000 })
    await expect(menu).toBeVisible()
    expect(await menu.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    // Escape reaches the menu and closes it. Checked by its trigger's state and no open menu, not by `toBeHidden` or
    // where focus goes next: Zag unmounts the menu after its exit animation (a closed menu may already be gone, or
    // still there with data-state="closed") and returns focus in requestAnimationFrame callbacks, which the installed
    // clock emulates with timers, so on a busy machine either can come late or be missed.
    await expect(page.getByTestId('theme-menu')).toHaveAttribute('aria-expanded', 'false')
    await expect(page.locator('[role="menu"][data-state="open"]')).toHaveCount(0)
  })

  test('phone: 6 items, links in a menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    // The page's clock stands still until the first count is read (a busy machine could otherwise start the
    // sequence before it), then runs as usual.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + CLOCK_AHEAD_MS)
    await page.goto('/pricing')
    await expect(page.locator(decorative).filter({ visible: true })).toHaveCount(6)
    await page.clock.resume()
    await expect(page.locator(decorative).filter({ visible: true })).toHaveCount(0, { timeout: 6000 })
    await expect(page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })).toBeVisible({ timeout: 3000 })
    await page.getByRole('button', { name: 'Got it!' }).click()
    await page.getByRole('button', { name: 'Open navigation menu' }).click()
    await page.getByRole('menuitem', { name: 'Resources' }).click()
    await expect(page).toHaveURL('/feedback')
  })

  test('reduced motion: nothing animates, the sequence still completes', async ({ browser }) => {
    const ctx = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } })
    const page = await ctx.newPage()
    await page.goto('/pricing')
    const duration = await page
      .locator(decorative)
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration)
    expect(duration.split(',').every((d) => parseFloat(d) < 0.001)).toBe(true)
    await expect(page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })).toBeVisible({ timeout: 8000 })
    await ctx.close()
  })
})

test.describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const r of [...ROUTES, { path: '/does-not-exist' }]) {
      test(`axe: ${r.path} in ${scheme}`, async ({ browser }) => {
        const ctx = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce' })
        const page = await ctx.newPage()
        await page.goto(r.path)
        await waitForHydration(page)
        await expectNoAxeViolations(page)
        await ctx.close()
      })
    }
  }

  test('keyboard: skip link, header links and the intro popup', async ({ page }) => {
    await page.goto('/pricing')
    const dialog = page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })
    // The skip link and the header intro are plain markup and script: both work before hydration. The intro opens
    // its dialog by itself at ≈4.9 s and takes focus; on a machine slow enough for it to be open already, Escape
    // closes it first (and that is the intro's keyboard check).
    const openAlready = await dialog.isVisible()
    if (openAlready) {
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)
    if (!openAlready) {
      await expect(dialog).toBeVisible({ timeout: 8000 })
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }
    await waitForHydration(page)
  })
})

test('the language switch loads the same page in Hindi, with its copy, and back', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/pricing')
  await waitForHydration(page)
  await page.getByRole('link', { name: /Read in Hindi/ }).click()
  await expect(page).toHaveURL('/hi/pricing')
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  await waitForHydration(page)
  const h1 = await page.getByRole('heading', { level: 1 }).textContent()
  expect(h1).not.toContain('Pricing — Coming Soon')
  expect(h1).toMatch(/[\u0900-\u097F]/)
  await page.getByRole('link', { name: /English/ }).click()
  await expect(page).toHaveURL('/pricing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing — Coming Soon')
  expect(problems).toEqual([])
})
