/**
 * Right-to-left languages of the widget (src/voice/widget/languages.ts): Urdu, Kashmiri and Sindhi, written in
 * Perso-Arabic script. A module of its own so that the widget does not import the loader's language lookup.
 */

/** The languages written right to left: the widget sets `dir="rtl"` for them. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ur', 'ks', 'sd'])

/** Whether a BCP 47 tag's language is written right to left (`ur`, `ur-IN`, `ks`, `sd-Arab`). */
export const isRtl = (lang: string): boolean => RTL_LANGUAGES.has(lang.split('-')[0]!.toLowerCase())
