import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { allResources, NAMESPACES } from './resources'

export { DEFAULT_LANGUAGE, LANGUAGES, langPrefix, localePath, splitLocale, type Language } from './locale'
import { DEFAULT_LANGUAGE, type Language } from './locale'

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
