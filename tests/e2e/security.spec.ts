/**
 * Content-Security-Policy in practice: every route and the 404 page, hydrated, with the theme
 * menu opened and a theme chosen, and scrolled through, must raise no `securitypolicyviolation` event. The
 * pages enforce their `<meta http-equiv="Content-Security-Policy">` (the preview server does not send
 * `dist/_headers`; tests/e2e/budget.spec.ts checks that both policies are the same).
 *
 * To cover another interaction (e.g. the voice widget opened), reuse the helpers of ./csp.ts:
 * ```ts
 * test('/ with the widget opened: no CSP violation', async ({ page }) => {
 *   const csp = await watchCspViolations(page)
 *   await visitAndExercise(page, '/')
 *   await page.getByRole('button', { name: … }).click()   // open the widget, start the scripted call…
 *   await expectNoCspViolations(page, csp)
 * })
 * ```
 */
import { expect, test } from '@playwright/test'
import { cspViolations, expectNoCspViolations, visitAndExercise, watchCspViolations } from './csp'
import { ROUTES, waitForHydration } from './helpers'

test.describe('Content-Security-Policy holds', () => {
  for (const path of [...ROUTES.map((r) => r.path), '/no-such-page']) {
    test(`${path}: no securitypolicyviolation while hydrating, using the theme menu and scrolling`, async ({
      page,
    }) => {
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
