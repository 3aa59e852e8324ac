/**
 * The font stack of the site (Chakra's `fonts.body` / `fonts.heading`, src/theme/system.ts) and of the voice
 * widget (src/voice/widget/styles.ts): the platform's own UI font, no web font, so no text ever waits for a
 * download or swaps faces (no layout shift).
 *
 * - `system-ui` is the platform's UI font (San Francisco, Segoe UI, Roboto, the desktop's font on Linux). Every
 *   browser the site is built for has it (scripts/pageCss.ts `CSS_TARGETS`: Chrome/Edge 111, Firefox 113,
 *   Safari 16.4), so the families listed for browsers without it (`-apple-system`, "Segoe UI", Roboto,
 *   "Noto Sans") are not: each family a platform lacks is one more failed font lookup per weight, for every
 *   character the families before it cannot draw, before the first layout. Measured in Chromium on Linux (fontconfig, through
 *   the sandbox) on the Hindi home page: 25 font matches and a 76–84 ms first layout with those families listed,
 *   10 matches and 58–62 ms without.
 * - "Noto Sans Devanagari" draws the Hindi pages where the UI font has no Devanagari (on Linux); elsewhere the
 *   platform's own fallback does.
 */
export const FONT_STACK = 'system-ui, "Noto Sans Devanagari", sans-serif'
