import AxeBuilder from '@axe-core/playwright'
import { expect, type ConsoleMessage, type Locator, type Page } from '@playwright/test'
import { DESKTOP_DECORATIVE_COUNT, INTRO_TIMINGS } from '../../src/components/Header/introSequence'

/** The four indexable routes and their h1 (SPEC §2). */
export const ROUTES = [
  { path: '/', heading: 'The Future of the Web is Voice-First' },
  { path: '/pricing', heading: 'Pricing — Coming Soon' },
  { path: '/feedback', heading: /feedback|report|idea/i },
  { path: '/waitlist', heading: /apply|free trial|waitlist/i },
] as const

/** Collects console errors and warnings (and uncaught page errors) from the moment it is called. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  return problems
}

/**
 * Shows intent as a visitor would — the pointer moves over the page (src/app/hydrateOnIntent.ts: a pre-rendered
 * page hydrates at the first intent) — and waits until React has hydrated the page and the deferred overlays
 * loaded (the theme menu's pre-rendered stand-in, `data-placeholder`, is replaced only then).
 */
export async function waitForHydration(page: Page): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 800, height: 600 }
  const menu = page.locator('[data-testid="theme-menu"]:not([data-placeholder])')
  let step = 0
  // The entry script listens from the first paint on: keep moving, as a visitor would, until it has hydrated.
  await expect(async () => {
    step += 1
    await page.mouse.move(Math.round(width / 2) + (step % 2) * 8, Math.round(height / 2))
    await expect(menu).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}

/** Waits until the page's entry script has run (it mounts the voice widget): from then on nothing a visitor does is lost. */
export async function waitForEntry(page: Page): Promise<void> {
  await expect(page.locator('[data-voiceos]')).toBeAttached({ timeout: 10_000 })
}

/** Closes the intro popup if it is open (it opens ~4.9 s after load on desktop). */
export async function dismissIntro(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Got it!' }).click()
}

/**
 * When the header intro opens its popup on desktop: ms after the entry script starts it (src/boot.ts;
 * src/components/Header/introController.ts `startIntro`: the start delay, then one step per decorative item after
 * the first, then the popup's delay).
 */
export const INTRO_POPUP_MS =
  INTRO_TIMINGS.startDelayMs + (DESKTOP_DECORATIVE_COUNT - 1) * INTRO_TIMINGS.stepMs + INTRO_TIMINGS.popupDelayMs

const clocked = new WeakSet<Page>()

/**
 * For a test about what a visitor does after the header intro, not about its timing: puts the page's timers on
 * Playwright's clock (`page.clock.install()`, which keeps pace with real time until it is moved), so that
 * {@link introPopupOpened} runs the intro's timers at once instead of waiting ~4.9 s for them. Call before `goto`.
 * The intro's own timing is tested on the real clock (site.spec.ts "header intro sequence").
 */
export async function installIntroClock(page: Page): Promise<void> {
  if (clocked.has(page)) return
  await page.clock.install()
  clocked.add(page)
}

/**
 * Waits until the intro popup `dialog` is open. On a page with {@link installIntroClock}, the page's clock is first
 * run past the popup's opening (`clock.runFor`: every timer due by then fires, in order, as it would while waiting);
 * elsewhere the popup is waited for in real time.
 */
export async function introPopupOpened(page: Page, dialog: Locator): Promise<void> {
  if (clocked.has(page) && !(await dialog.isVisible())) await page.clock.runFor(INTRO_POPUP_MS)
  await expect(dialog).toBeVisible({ timeout: 10_000 })
}

/**
 * Waits for the intro popup (≈4.9 s after load on desktop; at once with {@link installIntroClock}) and closes it
 * with Got it!.
 */
export async function waitForIntroAndClose(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })
  await introPopupOpened(page, dialog)
  await dialog.getByRole('button', { name: 'Got it!' }).click()
  await expect(dialog).toBeHidden()
}

/**
 * Picks a colour mode from the header's theme menu: opens it, waits until it is open and its opening
 * animation has finished (a click on an item that is still animating in can miss it on a busy machine), then
 * clicks the item.
 */
export async function chooseTheme(page: Page, name: 'Light' | 'Dark' | 'System'): Promise<void> {
  await page.getByTestId('theme-menu').click()
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await menu.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  )
  await page.getByRole('menuitemradio', { name }).click()
  await expect(menu).toBeHidden()
}

/** Runs axe (WCAG 2.x A/AA rules) on the page and fails with the list of violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary).toEqual([])
}

/**
 * Collects what the widget tells the call (page maps, command results: the scripted engine's `voiceos:scripted-send`
 * events) from the page's first script on. Call before `goto`.
 * @returns a reader of everything sent so far, each message as a JSON string
 */
export async function recordSent(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const sent: string[] = []
    Object.defineProperty(window, Symbol.for('voiceos-sent'), { value: sent })
    window.addEventListener('voiceos:scripted-send', (e) => sent.push(JSON.stringify((e as CustomEvent).detail)))
  })
  return () => page.evaluate(() => (window as unknown as Record<symbol, string[]>)[Symbol.for('voiceos-sent')] ?? [])
}
