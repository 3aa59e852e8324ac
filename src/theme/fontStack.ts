/**
 * The font stack of the site (Chakra's `fonts.body` / `fonts.heading`, src/theme/system.ts) and of the voice
 * widget (src/voice/widget/styles.ts): the platform's own UI font, no web font, so no text ever waits for a
 * download or swaps faces (no layout shift). `system-ui` comes first because every browser in use resolves it
 * at once; each family placed before it that the platform lacks (`ui-sans-serif` outside Safari,
 * `-apple-system` outside Apple, "Segoe UI" outside Windows) is one more failed font lookup per size and weight
 * before the first layout (measured in Chromium on Linux: fontconfig, through the sandbox). The rest serve
 * browsers without `system-ui`, and Noto Sans Devanagari the Hindi pages where the UI font has no Devanagari.
 */
export const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", sans-serif'
