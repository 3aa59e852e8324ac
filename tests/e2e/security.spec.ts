/**
 * Content-Security-Policy in practice (issue 8 item 4): every route and the 404 page, hydrated, with the theme
 * menu opened and a theme chosen, and scrolled through, must raise no `securitypolicyviolation` event. The
 * pages enforce their `<meta http-equiv="Content-Security-Policy">` (the preview server does not send
 * `dist/_headers`; tests/e2e/budget.spec.ts checks that both policies are the same).
 *
 * To cover another interaction (e.g. the voice widget opened), reuse the helpers:
 * ```ts
 * test('/ with the widget opened: no CSP violation', async ({ page }) => {
 *   const csp = await watchCspViolations(page)
 *   await visitAndExercise(page, '/')
 *   await page.getByRole('button', { name: … }).click()   // open the widget, start the scripted call…
 *   await expectNoCspViolations(page, csp)
 * })
 * ```
 */
import { expect, test, type Page } from '@playwright/test'
import { dismissIntro, ROUTES, waitForHydration } from './helpers'

/** One CSP violation as the page saw it. */
export interface CspViolation {
  directive: string
  blocked: string
  source: string
  line: number
  sample: string
}

/**
 * Starts collecting CSP violations on `page` (call before `goto`): an init script records every
 * `securitypolicyviolation` event in `window.__cspViolations` from the first byte of each document, and
 * Chromium's own console report ("Refused to …") is kept too, for violations in workers or before the listener.
 * @returns the console reports; read the DOM events with {@link cspViolations}.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const consoleReports: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|evaluate|frame|create)/i.test(m.text())) consoleReports.push(m.text())
  })
  await page.addInitScript(() => {
    const list: unknown[] = []
    ;(window as unknown as { __cspViolations: unknown[] }).__cspViolations = list
    document.addEventListener('securitypolicyviolation', (e) => {
      list.push({
        directive: e.effectiveDirective || e.violatedDirective,
        blocked: e.blockedURI,
        source: e.sourceFile,
        line: e.lineNumber,
        sample: e.sample,
      })
    })
  })
  return consoleReports
}

/** The `securitypolicyviolation` events of the current document. */
export async function cspViolations(page: Page): Promise<CspViolation[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: CspViolation[] }).__cspViolations ?? [])
}

/** Fails with the list of violations (DOM events and console reports) seen so far on the current document. */
export async function expectNoCspViolations(page: Page, consoleReports: string[]): Promise<void> {
  const events = (await cspViolations(page)).map((v) => `${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}:${v.line} ${v.sample}`)
  expect([...events, ...consoleReports]).toEqual([])
}

/**
 * Visits `path` and does what a visitor does first: waits for hydration, closes the intro popup if it shows,
 * opens the theme menu and picks Dark, then scrolls to the bottom and back, letting lazy chunks load.
 */
export async function visitAndExercise(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await waitForHydration(page)
  await dismissIntro(page)
  await page.getByTestId('theme-menu').click()
  await page.getByRole('menuitemradio', { name: 'Dark' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  for (let y = 0; y < 6; y++) {
    await page.mouse.wheel(0, 1500)
    await page.waitForTimeout(150)
  }
  await page.keyboard.press('Home')
  await page.waitForLoadState('networkidle')
  await dismissIntro(page)
}

test.describe('Content-Security-Policy holds', () => {
  for (const path of [...ROUTES.map((r) => r.path), '/no-such-page']) {
    test(`${path}: no securitypolicyviolation while hydrating, using the theme menu and scrolling`, async ({ page }) => {
      const csp = await watchCspViolations(page)
      await visitAndExercise(page, path)
      await expectNoCspViolations(page, csp)
    })
  }

  test('a reload with a stored theme (the inline theme script runs) raises none either', async ({ page }) => {
    const csp = await watchCspViolations(page)
    await visitAndExercise(page, '/pricing')
    await page.reload()
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expectNoCspViolations(page, csp)
  })

  test('the policy is really enforced: an injected inline script is blocked and reported', async ({ page }) => {
    const csp = await watchCspViolations(page)
    await page.goto('/')
    await waitForHydration(page)
    const ran = await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.__injected = true'
      document.head.append(s)
      return (window as unknown as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(async () => (await cspViolations(page)).map((v) => v.directive)).toContain('script-src-elem')
    expect(csp.length).toBeGreaterThan(0)
  })
})
