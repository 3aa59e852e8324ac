import { Box, chakra, Flex } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { AppProviders } from '../components/AppProviders'
import { Footer } from '../components/Footer'
import { Header, HEADER_HEIGHT } from '../components/Header'
import { createDeferred, useIslandLinks } from '../components/Deferred'
import { useIsClient } from '../hooks/useIsClient'
import type { Language } from '../i18n'

// Client-only and in its own chunk: the widget UI; the engine itself loads on the first mic press.
const VoiceWidget = lazy(() => import('../components/VoiceWidget/VoiceWidgetContainer').then((m) => ({ default: m.VoiceWidgetContainer })))

// The toast store and renderer load after hydration; nothing toasts before a visitor acts.
const Toaster = createDeferred(() => import('../components/Toaster').then((m) => m.Toaster), () => null)

function ClientVoiceWidget() {
  const isClient = useIsClient()
  return isClient ? (
    <Suspense fallback={null}>
      <VoiceWidget />
    </Suspense>
  ) : null
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
      <ClientVoiceWidget />
      <Toaster />
    </AppProviders>
  )
}
