/**
 * The switch to the build's full global stylesheet on a pre-rendered page (see serverStyles.ts for the
 * hand-off of pre-rendered CSS). DOM only, no library: the browser entry (src/boot.ts) uses it before the app
 * loads.
 */

/**
 * Attribute of the `<link rel="stylesheet" media="print">` to the build's untrimmed global CSS. The inline
 * global CSS holds only what the pre-rendered page uses (scripts/pageCss.ts); {@link enableFullGlobalStyles}
 * switches the full one on at the visitor's first input.
 */
export const SSR_FULL_GLOBAL_ATTR = 'data-ssr-global-full'

const inBrowser = typeof document !== 'undefined'

/**
 * Switches on the build's full global CSS (every theme token in both colour modes, the whole reset) on a
 * pre-rendered page, whose inline global CSS is trimmed to what that page uses: components rendered later —
 * another route reached client-side, menus, dialogs, toasts, the voice widget — need the rest. The stylesheet
 * was requested with `media="print"` (low priority, never blocking the first paint), so by now it is usually in
 * the cache. Browser only; does nothing elsewhere (Storybook, the client-only build) or when already on.
 */
export function enableFullGlobalStyles(): void {
  if (!inBrowser) return
  const link = document.querySelector<HTMLLinkElement>(`link[${SSR_FULL_GLOBAL_ATTR}]`)
  if (link && link.media !== 'all') link.media = 'all'
}

/** Events that come before anything a visitor does can render something new (a menu, a route, a dialog). */
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown'] as const

/**
 * Switches on the full global CSS ({@link enableFullGlobalStyles}) at the visitor's first `pointerdown` or
 * `keydown` (capture phase, before any handler renders), not right after hydration: adding a stylesheet
 * restyles the whole document (~40 ms on a phone-class CPU), and until the visitor acts the page only shows
 * what its trimmed CSS already styles. Something that opens by itself (the exit-intent dialog) calls
 * {@link enableFullGlobalStyles} before it renders. Browser only.
 * @returns a function that removes the listeners (React effect cleanup).
 */
export function enableFullGlobalStylesOnFirstInput(): () => void {
  if (!inBrowser) return () => {}
  const on = () => {
    enableFullGlobalStyles()
    off()
  }
  const off = () => FIRST_INPUT_EVENTS.forEach((type) => window.removeEventListener(type, on, true))
  FIRST_INPUT_EVENTS.forEach((type) => window.addEventListener(type, on, { capture: true, passive: true }))
  return off
}
