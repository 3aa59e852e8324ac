import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, localePath, type Language } from '../i18n'

/** The current copy language and a helper that prefixes site paths with it (`/pricing` → `/hi/pricing`). */
export function useLanguage(): { lng: Language; to: (path: string) => string } {
  const { i18n } = useTranslation()
  const lng = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : DEFAULT_LANGUAGE
  return { lng, to: (path) => localePath(lng, path) }
}
