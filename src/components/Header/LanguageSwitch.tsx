import { Link } from '@chakra-ui/react'
import { Link as RouterLink, useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, localePath, splitLocale, type Language } from '../../i18n'

/**
 * Link to the same page in the other language (`/pricing` ↔ `/hi/pricing`), with `hreflang`. It is a full page
 * load (`reloadDocument`): each language is pre-rendered at its own URL, and the browser holds only the current
 * page's copy. Renders nothing with a single language.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const others: Language[] = LANGUAGES.filter((l) => l !== i18n.language)
  const target = others[0]
  if (!target) return null
  const { path } = splitLocale(pathname)
  return (
    <Link
      asChild
      fontSize="sm"
      fontWeight="medium"
      px="2"
      py="1"
      borderRadius="l2"
      color="fg"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
    >
      <RouterLink
        reloadDocument
        to={localePath(target, path)}
        hrefLang={target}
        lang={target}
        aria-label={t('language.switchToLabel')}
      >
        {t('language.switchTo')}
      </RouterLink>
    </Link>
  )
}
