import { defineSemanticTokens, defineTokens } from '@chakra-ui/react'

/**
 * Brand palette (violet). Steps were picked for WCAG AA: `brand.700` on white is 7.1:1,
 * `brand.300` on the dark background (#0d0b14) is 10.6:1 — see `contrast.test.ts`.
 */
export const brandColors = defineTokens.colors({
  brand: {
    50: { value: '#f5f3ff' },
    100: { value: '#ede9fe' },
    200: { value: '#ddd6fe' },
    300: { value: '#c4b5fd' },
    400: { value: '#a78bfa' },
    500: { value: '#8b5cf6' },
    600: { value: '#7c3aed' },
    700: { value: '#6d28d9' },
    800: { value: '#5b21b6' },
    900: { value: '#4c1d95' },
    950: { value: '#2e1065' },
  },
  ink: {
    950: { value: '#0d0b14' },
    900: { value: '#15121f' },
    800: { value: '#211c30' },
    700: { value: '#2f2942' },
  },
})

/**
 * Semantic tokens: the colour roles components use. `brand.*` follows Chakra's colour-palette contract
 * (solid, contrast, fg, muted, subtle, emphasized, focusRing, border) so `colorPalette="brand"` works with
 * every recipe. Chakra's own `fg.error` (red.500 on white, 3.76:1) and `fg.subtle` fail AA and are replaced.
 */
export const semanticColors = defineSemanticTokens.colors({
  bg: {
    DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.ink.950}' } },
    subtle: { value: { _light: '{colors.gray.50}', _dark: '{colors.ink.900}' } },
    muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.ink.800}' } },
    panel: { value: { _light: '{colors.white}', _dark: '{colors.ink.900}' } },
    brandSubtle: { value: { _light: '{colors.brand.50}', _dark: '#1b1430' } },
  },
  fg: {
    DEFAULT: { value: { _light: '{colors.gray.900}', _dark: '{colors.gray.50}' } },
    muted: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.300}' } },
    subtle: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
    error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
    success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
  },
  border: {
    DEFAULT: { value: { _light: '{colors.gray.200}', _dark: '{colors.ink.700}' } },
    error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
  },
  // Chakra's green.solid (green.600) under white text is 3.3:1 (success toasts): use green.700 (5.0:1).
  green: {
    solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } },
    contrast: { value: { _light: '{colors.white}', _dark: '{colors.white}' } },
  },
  // red.600 under white is 4.8:1, too close once dimmed: error toasts and the stop button use red.700 (6.5:1).
  red: {
    solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.700}' } },
    contrast: { value: { _light: '{colors.white}', _dark: '{colors.white}' } },
  },
  brand: {
    solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
    contrast: { value: { _light: '{colors.white}', _dark: '{colors.ink.950}' } },
    fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
    muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
    subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
    emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
    focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } },
    border: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
  },
})

/** Raw hex values of the pairs the contrast test checks: [name, foreground, background] per theme. */
export const CONTRAST_PAIRS: ReadonlyArray<readonly [string, string, string]> = [
  ['light body text', '#18181b', '#ffffff'],
  ['light muted text', '#52525b', '#ffffff'],
  ['light muted text on subtle bg', '#52525b', '#fafafa'],
  ['light brand text', '#6d28d9', '#ffffff'],
  ['light brand text on brand subtle', '#6d28d9', '#f5f3ff'],
  ['light solid button', '#ffffff', '#6d28d9'],
  ['light error text', '#b91c1c', '#ffffff'],
  ['success toast', '#ffffff', '#15803d'],
  ['error toast / stop button', '#ffffff', '#b91c1c'],
  ['light success text', '#15803d', '#ffffff'],
  ['dark body text', '#fafafa', '#0d0b14'],
  ['dark muted text', '#d4d4d8', '#0d0b14'],
  ['dark muted text on panel', '#d4d4d8', '#15121f'],
  ['dark subtle text on panel', '#a1a1aa', '#15121f'],
  ['dark brand text', '#c4b5fd', '#0d0b14'],
  ['dark brand text on brand subtle', '#c4b5fd', '#1b1430'],
  ['dark solid button', '#0d0b14', '#c4b5fd'],
  ['dark error text', '#fca5a5', '#15121f'],
  ['dark success text', '#86efac', '#15121f'],
]
