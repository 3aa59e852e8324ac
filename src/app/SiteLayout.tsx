import { Box, chakra, Flex } from '@chakra-ui/react'
import { useTheme } from 'next-themes'
import { useEffect } from 'react'
import { Outlet } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { AppProviders } from '../components/AppProviders'
import { Footer } from '../components/Footer'
import { Header, HEADER_HEIGHT } from '../components/Header'
import { createDeferred, useIslandLinks } from '../components/Deferred'
import type { Language } from '../i18n'
import type { VoiceCopy } from '../voice/widget'
import { followPageLanguage, siteVoiceWidget } from '../voice/widget/site'
import { markHydrated } from './hydration'

// The toast store and renderer load after hydration; nothing toasts before a visitor acts.
const Toaster = createDeferred(
  () => import('../components/Toaster').then((m) => m.Toaster),
  () => null,
)

/**
 * Keeps the site's voice widget — mounted by src/boot.ts outside the React root, before hydration — in step with
 * the visitor's colour mode and the page's language (unless the visitor chose the widget's own). Renders nothing.
 */
function SiteVoiceWidgetSync() {
  const { i18n } = useTranslation('voice')
  const { resolvedTheme, forcedTheme } = useTheme()
  const theme = (forcedTheme ?? resolvedTheme) === 'dark' ? 'dark' : 'light'
  const lang = i18n.language
  useEffect(() => {
    if (resolvedTheme || forcedTheme) siteVoiceWidget()?.setTheme(theme)
  }, [theme, resolvedTheme, forcedTheme])
  useEffect(() => {
    followPageLanguage(i18n.getResourceBundle(lang, 'voice') as VoiceCopy, lang)
  }, [i18n, lang])
  return null
}

function SkipLink() {
  const { t } = useTranslation()
  return (
    <chakra.a
      href="#main"
      position="absolute"
      left="4"
      top="-20"
      zIndex="skipNav"
      px="4"
      py="2"
      borderRadius="l2"
      bg="brand.solid"
      color="brand.contrast"
      fontWeight="semibold"
      _focusVisible={{ top: '4', outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      {t('skipToContent')}
    </chakra.a>
  )
}

/** The frame of every page of one language: providers, skip link, header, main landmark, footer. */
export function SiteLayout({ lng }: { /** Language of this branch of the route tree. */ lng: Language }) {
  useIslandLinks()
  useEffect(markHydrated, [])
  return (
    <AppProviders lng={lng}>
      <Flex direction="column" minH="100dvh">
        <SkipLink />
        <Header />
        <Box as="main" id="main" tabIndex={-1} flex="1" pt={`${HEADER_HEIGHT}px`} _focus={{ outline: 'none' }}>
          {/* No Suspense boundary here: the islands of a page reached client-side suspend up to the root, and
              since navigations are transitions React keeps the old page until they are ready. On the server, a
              boundary would turn their first suspension into out-of-order streaming (content hidden until a
              script runs); without one, the pre-rendered HTML is complete. */}
          <Outlet />
        </Box>
        <Footer />
      </Flex>
      <SiteVoiceWidgetSync />
      <Toaster />
    </AppProviders>
  )
}
