import { createHash } from 'node:crypto'
import { transform, type Targets } from 'lightningcss'
import { PurgeCSS } from 'purgecss'
import { serverStyleIds, SSR_CSS_ATTR, SSR_FULL_GLOBAL_ATTR, SSR_GLOBAL_ATTR } from '../src/theme/serverStyles.ts'

/**
 * Browsers the pre-rendered CSS is written for (Lightning CSS targets, major << 16 | minor << 8): the ones that
 * run the site's `es2022` JavaScript and Chakra's `color-mix()`. Vendor prefixes these browsers do not need
 * (`-webkit-box`, `-ms-flexbox`…, added by Emotion's prefixer for browsers from 2012) are dropped; those they
 * do need (`-webkit-backdrop-filter` for Safari 16–17, `-webkit-text-size-adjust`) stay.
 */
export const CSS_TARGETS: Targets = {
  chrome: 111 << 16,
  edge: 111 << 16,
  firefox: 113 << 16,
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
  samsung: 22 << 16,
  android: 111 << 16,
}

/** Minifies CSS for {@link CSS_TARGETS} (Lightning CSS): drops unneeded prefixes and merges duplicate rules. */
export function minifyCss(css: string): string {
  return transform({
    filename: 'page.css',
    code: Buffer.from(css),
    minify: true,
    targets: CSS_TARGETS,
  }).code.toString()
}

/** The `<style data-ssr-global>` / `<style data-ssr-css>` pair the build's Emotion collector writes. */
const GLOBAL_TAG = new RegExp(`<style ${SSR_GLOBAL_ATTR}>([\\s\\S]*?)</style>`)
const COMPONENT_TAG = new RegExp(`<style ${SSR_CSS_ATTR}="([^"]*)">([\\s\\S]*?)</style>`)

/** Class of the synthetic rule that carries the component CSS's and the markup's token uses into PurgeCSS. */
const USAGE_RULE = 'ssr-page-variables'

/** Custom properties a text references through `var(--name…)`. */
export function referencedVariables(text: string): Set<string> {
  return new Set([...text.matchAll(/var\(\s*(--[\w\\.-]+)/g)].map((m) => m[1]!))
}

/**
 * Names of the `@keyframes` of `globalCss` that `text` (component CSS, or markup with inline `style`) names in an
 * `animation` / `animation-name` declaration: e.g. `fade-in` and `slide-from-bottom` for Chakra's
 * `animation-name: fade-in, slide-from-bottom`.
 */
export function referencedKeyframes(text: string, globalCss: string): Set<string> {
  const defined = new Set([...globalCss.matchAll(/@keyframes\s+([\w-]+)/g)].map((m) => m[1]!))
  const named = [...text.matchAll(/animation(?:-name)?\s*:\s*([^;}"]+)/g)].flatMap((m) => m[1]!.match(/[\w-]+/g) ?? [])
  return new Set(named.filter((n) => defined.has(n)))
}

/**
 * The `data-ssr-css` attribute value to keep: none (`=""` dropped) when the browser can read the same Emotion ids
 * from the CSS (src/theme/serverStyles.ts `serverStyleIds`), else the build's list as it was.
 */
function idList(listed: string, css: string): string {
  const ids = listed.split(' ').filter(Boolean)
  const read = new Set(serverStyleIds(css))
  return ids.length === read.size && ids.every((id) => read.has(id)) ? '' : `="${listed}"`
}

/** What {@link trimPageCss} did to one page. */
export interface PageCssResult {
  html: string
  /** The page's full global CSS (minified), to be written to `href`; every page of a build shares it. */
  fullGlobal: { href: string; css: string } | null
}

/**
 * Cuts a pre-rendered page's inline CSS to what the page uses (the "critical bytes" of its first paint):
 *
 * 1. Global CSS (Chakra's reset, base styles and theme tokens, ~43 KB): PurgeCSS with `variables: true`
 *    removes the rules whose selectors match nothing in the page and every token (custom property) that no
 *    kept rule, no component rule and no inline `style`/attribute of the page references, directly or
 *    through another token. `.dark` / `.light` blocks are kept (the colour-mode class is set by a script).
 *    The `@keyframes` that the page's component rules or inline styles animate with are kept as well.
 * 2. Component CSS (Emotion's classes of the rendered components — all used): unchanged in meaning.
 * 3. Both are minified by Lightning CSS for {@link CSS_TARGETS}: prefixes these browsers do not need go,
 *    identical rules of different components are merged. The component tag's list of Emotion ids is dropped
 *    when the browser can read the same ids from the CSS.
 *
 * Whatever renders later — another route reached client-side, menus, dialogs, toasts, the voice widget, the
 * other colour mode's tokens of components not on the page — needs the rest: the untrimmed global CSS is
 * written once per build to `href` (a hashed, immutable asset) and linked with `media="print"` (fetched at low
 * priority, never render-blocking); the browser switches it on at the visitor's first input (src/theme/serverStyles.ts).
 * Pages without the collector's tags are returned unchanged.
 *
 * @param html the page. @param assetsDir public path of the assets folder. @default '/assets/'
 */
export async function trimPageCss(html: string, assetsDir = '/assets/'): Promise<PageCssResult> {
  const global = GLOBAL_TAG.exec(html)
  const component = COMPONENT_TAG.exec(html)
  if (!global || !component) return { html, fullGlobal: null }
  const globalCss = global[1]!
  const componentCss = component[2]!
  const markup = html.replace(GLOBAL_TAG, '').replace(COMPONENT_TAG, '')
  // The component rules and the markup use tokens too. PurgeCSS keeps a token only when a kept declaration of
  // the same stylesheet uses it (and then also the tokens its value refers to): a safelisted variable would be
  // kept without the tokens it refers to. So their uses go in as one declaration of a synthetic rule, which is
  // removed again afterwards. The same goes for keyframes: PurgeCSS keeps a `@keyframes` block only when a kept
  // rule of the same stylesheet animates with it, and the component rules (e.g. a dialog's `fade-in`) are not in it.
  const used = [...referencedVariables(componentCss + markup)]
  const animations = [...referencedKeyframes(componentCss + markup, globalCss)]
  const declarations = [
    ...(used.length ? [`color:${used.map((v) => `var(${v})`).join(' ')}`] : []),
    ...(animations.length ? [`animation-name:${animations.join(',')}`] : []),
  ]
  const usage = declarations.length ? `.${USAGE_RULE}{${declarations.join(';')}}` : ''
  const [purged] = await new PurgeCSS().purge({
    content: [{ raw: markup, extension: 'html' }],
    css: [{ raw: globalCss + usage }],
    variables: true,
    keyframes: true,
    fontFace: true,
    safelist: { standard: ['dark', 'light', 'chakra-theme', USAGE_RULE] },
  })
  const kept = (purged?.css ?? globalCss).replace(new RegExp(`\\.${USAGE_RULE}\\s*\\{[^}]*\\}`), '')
  const fullCss = minifyCss(globalCss)
  const href = `${assetsDir}global-${createHash('sha256').update(fullCss).digest('base64url').slice(0, 10)}.css`
  const trimmedGlobal = minifyCss(kept)
  const trimmedComponents = minifyCss(componentCss)
  const out = html
    .replace(
      GLOBAL_TAG,
      () =>
        `<style ${SSR_GLOBAL_ATTR}>${trimmedGlobal}</style><link rel="stylesheet" href="${href}" media="print" ${SSR_FULL_GLOBAL_ATTR}>`,
    )
    .replace(
      COMPONENT_TAG,
      () => `<style ${SSR_CSS_ATTR}${idList(component[1]!, trimmedComponents)}>${trimmedComponents}</style>`,
    )
  return { html: out, fullGlobal: { href, css: fullCss } }
}
