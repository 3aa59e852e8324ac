import AxeBuilder from '@axe-core/playwright'
import { expect, type ConsoleMessage, type Page } from '@playwright/test'

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

/** Waits for the intro popup (≈4.9 s after load on desktop) and closes it with Got it!. */
export async function waitForIntroAndClose(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Say Bye to Manual Navigation' })
  await expect(dialog).toBeVisible({ timeout: 10_000 })
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
