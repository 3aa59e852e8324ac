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
 * Form fields the browser can draw with its own theme. Buttons are left out: ours keep `appearance: button` but
 * set their own background and border, which turns Chromium's native drawing off, so they are checked.
 */
const NATIVE_FIELDS =
  'input:not([type="hidden"], [type="button"], [type="submit"], [type="reset"], [type="image"]), select, textarea, meter, progress'

/**
 * The visible form fields under `root` drawn by the browser's own theme (computed `appearance` other than
 * `none`): their border, fill and text colours come from Chromium's built-in form-control theme, which changes
 * between releases and colour schemes (measured: a plain dark text input's border and text went from #fff to
 * #eee). Our components set `appearance: none` and draw their controls with our tokens, so they are never in
 * this list; an unstyled control of a story's host page (the embed's) is.
 * @returns the elements, in document order; boxes smaller than 2×2 px (visually hidden inputs) are left out.
 */
export function browserThemedControls(root: ParentNode = document): Element[] {
  return [...root.querySelectorAll(NATIVE_FIELDS)].filter((el) => {
    const style = getComputedStyle(el)
    if (style.appearance === 'none' || style.visibility === 'hidden') return false
    const box = el.getBoundingClientRect()
    return box.width >= 2 && box.height >= 2
  })
}

/**
 * Compares a screenshot of `element` (default: the whole `<body>`, so portalled dialogs and menus are
 * included) with the committed baseline `name`. Animations are stopped and the caret hidden by Vitest's
 * defaults. Controls drawn by the browser's own theme ({@link browserThemedControls}) are masked: a flat box of
 * the mask colour where they are, so their position and size still count but not Chromium's drawing of them.
 * The comparator (`rasterTolerant`, `.storybook/compare.ts`) and its options come from `vitest.config.ts`.
 */
export async function expectScreenshot(name: string, element: Element = document.body): Promise<void> {
  await settle()
  const mask = browserThemedControls().map((el) => page.elementLocator(el))
  await expect
    .element(page.elementLocator(element))
    .toMatchScreenshot(name, { screenshotOptions: { mask, maskColor: '#808080' } })
}
