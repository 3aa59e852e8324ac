/**
 * Helpers to watch Content-Security-Policy violations in a page (shared by security.spec.ts and voice.spec.ts).
 */
import { expect, type Page } from '@playwright/test'
import { chooseTheme, dismissIntro, installIntroClock, waitForHydration, waitForIntroAndClose } from './helpers'

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
    if (/Content Security Policy|Refused to (load|execute|connect|apply|evaluate|frame|create)/i.test(m.text()))
      consoleReports.push(m.text())
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
  const events = (await cspViolations(page)).map(
    (v) => `${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}:${v.line} ${v.sample}`,
  )
  expect([...events, ...consoleReports]).toEqual([])
}

/**
 * Visits `path` and does what a visitor does first: waits for hydration, waits for the intro popup and closes it
 * (the page's timers on the intro's clock, helpers.ts `installIntroClock`: run up to the popup at once), opens the
 * theme menu and picks Dark, then scrolls to the bottom and back, letting lazy chunks load.
 */
export async function visitAndExercise(page: Page, path: string): Promise<void> {
  await installIntroClock(page)
  await page.goto(path)
  await waitForHydration(page)
  // The header's intro popup opens ~4.9 s after load; close it first so it can't land between two clicks.
  await waitForIntroAndClose(page)
  await chooseTheme(page, 'Dark')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  for (let y = 0; y < 6; y++) {
    await page.mouse.wheel(0, 1500)
    await page.waitForTimeout(150)
  }
  await page.keyboard.press('Home')
  await page.waitForLoadState('networkidle')
  await dismissIntro(page)
}
