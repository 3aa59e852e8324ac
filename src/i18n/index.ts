import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { allResources, NAMESPACES } from './resources'

/** Languages the site is pre-rendered in. English lives at `/`, every other one under `/<lng>/`. */
export const LANGUAGES = ['en', 'hi'] as const satisfies readonly string[]
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/** Human names of each language, in that language (for the switcher and `hreflang` links). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' }

const instances = new Map<Language, i18n>()

/**
 * One i18next instance per language, created synchronously on first use and cached. Separate instances
 * (not `changeLanguage` on a global) keep concurrent pre-rendering of different languages race-free.
 */
export function getI18n(lng: Language): i18n {
  let instance = instances.get(lng)
  if (!instance) {
    instance = i18next.createInstance()
    void instance.use(initReactI18next).init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: NAMESPACES,
      defaultNS: 'common',
      resources: allResources,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    })
    instances.set(lng, instance)
  }
  return instance
}

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
