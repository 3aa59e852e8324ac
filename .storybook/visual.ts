import { expect } from 'vitest'
import { page } from 'vitest/browser'

/**
 * Visual baselines for stories (Vitest 4 browser mode's `toMatchScreenshot`): the offline counterpart of
 * Chromatic. `vitest.setup.ts` calls {@link expectScreenshot} after every story unless the story (or its
 * meta) sets `parameters: { visual: false }`. Baselines live next to the stories in
 * `__screenshots__/<File>.stories.tsx/<Story name>-chromium-linux.png`; create or update them with
 * `npx vitest run --project=storybook -u` and commit them.
 */

/** `parameters.visual` of a story: `false` skips the screenshot (nondeterministic or duplicate stories). */
export type VisualParameter = false | undefined

/**
 * Waits until the page is still: web fonts loaded, finite animations (a menu or dialog opening) finished,
 * and two animation frames painted. Without the wait a play function that has just opened a menu could be
 * captured mid-animation when the machine is busy.
 */
export async function settle(): Promise<void> {
  hideBrowserChrome()
  await document.fonts.ready
  const finite = document
    .getAnimations()
    .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
}

/**
 * Hides what the browser draws itself and redraws differently from one Chromium release to the next (measured
 * between Debian's 150 and 156: the textarea's resize grip), so a baseline records the site, not the browser.
 * Added once, as a stylesheet of the test page only.
 */
function hideBrowserChrome(): void {
  if (document.getElementById('visual-test-chrome')) return
  const style = document.createElement('style')
  style.id = 'visual-test-chrome'
  style.textContent = '::-webkit-resizer { display: none; }'
  document.head.append(style)
}

/**
 * Compares a screenshot of `element` (default: the whole `<body>`, so portalled dialogs and menus are
 * included) with the committed baseline `name`. Animations are stopped and the caret hidden by Vitest's
 * defaults; comparator and threshold come from `vitest.config.ts` (pixelmatch, threshold 0.02).
 */
export async function expectScreenshot(name: string, element: Element = document.body): Promise<void> {
  await settle()
  await expect.element(page.elementLocator(element)).toMatchScreenshot(name)
}
