/**
 * Languages and localised paths, with no i18next in the import graph: the browser entry (src/boot.ts) needs
 * them before the app loads.
 */

/** Languages the site is pre-rendered in. English lives at `/`, every other one under `/<lng>/`. */
export const LANGUAGES = ['en', 'hi'] as const satisfies readonly string[]
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/** Path prefix of a language: `''` for English, `/hi` for Hindi. */
export function langPrefix(lng: Language): string {
  return lng === DEFAULT_LANGUAGE ? '' : `/${lng}`
}

/** Localised href of a site path: `localePath('hi', '/pricing')` → `/hi/pricing`. */
export function localePath(lng: Language, path: string): string {
  const prefix = langPrefix(lng)
  if (!prefix) return path
  return path === '/' ? prefix : `${prefix}${path}`
}

/** Splits a URL path into its language and the language-neutral path. */
export function splitLocale(pathname: string): { lng: Language; path: string } {
  for (const lng of LANGUAGES) {
    const prefix = langPrefix(lng)
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      return { lng, path: pathname.slice(prefix.length) || '/' }
    }
  }
  return { lng: DEFAULT_LANGUAGE, path: pathname }
}
