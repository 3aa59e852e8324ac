import createCache, { type EmotionCache } from '@emotion/cache'
import type { SystemContext } from '@chakra-ui/react'

// With an extension: vite.config.ts imports this file, and Vite's native config loader resolves no bare paths.
export { enableFullGlobalStyles, enableFullGlobalStylesOnFirstInput, SSR_FULL_GLOBAL_ATTR } from './fullGlobalStyles.ts'

/**
 * The hand-off of pre-rendered CSS from the build (src/ssr/emotionCollector.tsx) to the browser.
 *
 * The build writes the page's critical CSS as
 * - `<style data-ssr-global>`: Chakra's global CSS (layer order, reset, base, token variables), cut by the
 *   build to what the page uses (scripts/pageCss.ts; the full one follows as a stylesheet), and
 * - `<style data-ssr-css="<ids>">`: the component classes used by the page, with their Emotion ids.
 *
 * Emotion's own SSR format (`data-emotion="css …"`) makes its client cache re-append every such tag to
 * `<head>`, and Chakra's `<Global>` re-serialise and hash the global CSS: each move replaces a stylesheet, so
 * the browser re-matched every element several times during hydration. With these attributes Emotion leaves
 * the tags alone; {@link createClientEmotionCache} marks their ids as inserted and {@link clientSystem}
 * skips the `<Global>`s whose CSS is already there.
 */
export const SSR_GLOBAL_ATTR = 'data-ssr-global'
/**
 * Attribute of the component-CSS tag; its value is the space-separated Emotion ids it holds, or empty when they
 * are exactly those {@link serverStyleIds} reads from the CSS itself.
 */
export const SSR_CSS_ATTR = 'data-ssr-css'
const inBrowser = typeof document !== 'undefined'

/** True on a pre-rendered page in the browser: the global CSS is already in the document. */
export const hasServerGlobalStyles: boolean = inBrowser && document.querySelector(`style[${SSR_GLOBAL_ATTR}]`) !== null

/**
 * The browser's Emotion cache (key `css`, like the build's): the ids of the pre-rendered component CSS count
 * as inserted, so hydrating components do not insert their rules a second time. New rules go to a new
 * `<style>` at the end of `<head>`, after the pre-rendered ones (the cascade-layer order comes first).
 * Browser only.
 */
export function createClientEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css' })
  const tag = document.querySelector(`style[${SSR_CSS_ATTR}]`)
  const listed = tag?.getAttribute(SSR_CSS_ATTR)
  const ids = listed ? listed.split(' ') : serverStyleIds(tag?.textContent ?? '')
  for (const id of ids) if (id) cache.inserted[id] = true
  return cache
}

/**
 * The Emotion ids (cache `key` `css`) whose rules a component stylesheet holds: `abc` for every class
 * `.css-abc`, and the full name of every `@keyframes animation-…`. The build leaves the `data-ssr-css` id list
 * out when this gives the same set (scripts/pageCss.ts), saving its bytes in every page.
 */
export function serverStyleIds(css: string): string[] {
  const ids = new Set<string>()
  for (const m of css.matchAll(/\.css-([a-z0-9]+)(?![\w-])/g)) ids.add(m[1]!)
  for (const m of css.matchAll(/@keyframes\s+(animation-[\w-]+)/g)) ids.add(m[1]!)
  return [...ids]
}

/**
 * `system` as the browser's `ChakraProvider` should see it: unchanged, except on a pre-rendered page, where
 * its global CSS (`_global`, the layer-order rule) is already in the document and `ChakraProvider` must not
 * render it again. Only `ChakraProvider` reads `_global` and `_config.disableLayers`; class generation uses
 * the configuration captured by `createSystem`, so class names stay identical to the build's.
 */
export function clientSystem(system: SystemContext): SystemContext {
  if (!hasServerGlobalStyles) return system
  return { ...system, _global: [], _config: { ...system._config, disableLayers: true } }
}
