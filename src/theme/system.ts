import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  defineGlobalStyles,
  mergeConfigs,
  type SystemContext,
} from '@chakra-ui/react'
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme'
import { FONT_STACK } from './fontStack'
import { toastRecipe } from './recipes/toast'
import { hasServerGlobalStyles } from './serverStyles'
import { brandColors, semanticColors } from './tokens'

/**
 * Chakra's global styles without its `*` rule. That rule declares 28 custom properties on every element
 * (`--ring-*`, `--brightness`…, `--backdrop-*` for the `filter: auto`, `backdropFilter: auto` and `ring`
 * utilities, which the site does not use, plus three `--global-*` aliases), so the browser resolves them
 * per element: on `/` that was most of the style-recalculation time. The aliases and `font-feature-settings`
 * are inherited, so they move to `html`; components that ever need the ring or filter utilities set those
 * variables themselves.
 */
const { '*': _perElement, html: chakraHtml, ...chakraGlobalCss } = globalCss

/**
 * Colour palettes the site never uses. Each costs 11 token variables plus 8 semantic ones per colour mode,
 * in every page's inline CSS and in `createSystem`, which runs in the one long task that evaluates the page's
 * JavaScript. Gray, red, green, orange (toasts, errors) and blue (Chakra's `*.info` roles) stay.
 */
const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'purple', 'pink'])
const withoutUnusedPalettes = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T
const leanGlobalCss = defineGlobalStyles({
  ...chakraGlobalCss,
  html: {
    ...chakraHtml,
    fontFeatureSettings: '"cv11"',
    '--global-font-mono': 'fonts.mono',
    '--global-font-body': 'fonts.body',
    '--global-color-border': 'colors.border',
  },
})

/**
 * The project's Chakra system: `defaultBaseConfig` (conditions and utilities) plus Chakra's tokens and
 * ONLY the recipes the site renders, instead of `defaultConfig` (~140 KB of minified JS).
 * A component whose recipe is missing here renders unstyled: add its recipe when you add the component.
 */
const base = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: leanGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors ?? {}) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastRecipe,
    },
  },
})

const brand = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand', scrollPaddingTop: '80px' },
    body: { bg: 'bg', color: 'fg' },
    // Reduced motion: no animation or transition anywhere (components still reach their end state).
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        transitionDelay: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      colors: brandColors,
      fonts: {
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
      },
    },
    semanticTokens: { colors: semanticColors },
  },
})

let created: SystemContext | null = null

/**
 * The Chakra system the site, Storybook and tests render with, created on the first call and then reused.
 * Creating it is the largest single piece of work in the page's start-up (tokens, utilities and the global
 * CSS strings: ~20–30 ms on a phone-class CPU), so it is not done while the modules evaluate: the browser
 * entry (src/main.tsx) calls this in a task of its own, after the module task and before hydration, so
 * neither task blocks the main thread for long.
 */
export function getSystem(): SystemContext {
  if (created) return created
  const config = mergeConfigs(defaultBaseConfig, base, brand)
  // On a pre-rendered page the reset and the global CSS are already in the document, and the system's own copy
  // of them is never rendered (serverStyles.ts `clientSystem`), so it is not built: a tenth of the work.
  // Class names do not depend on either.
  created = createSystem(hasServerGlobalStyles ? { ...config, globalCss: {}, preflight: false } : config)
  return created
}
