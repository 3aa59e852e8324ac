import { Box } from '@chakra-ui/react'
import type { Decorator, Preview } from '@storybook/react-vite'
import { MemoryRouter } from 'react-router-dom'
import { AppProviders } from '../src/components/AppProviders'
import { preloadAllDeferred } from '../src/components/Deferred'
import { SeoHeadContext } from '../src/components/Seo'
import { Toaster } from '../src/components/Toaster'
import { LANGUAGES, type Language } from '../src/i18n'
import { loadLanguage } from '../src/i18n/resources'

/** Viewports every story can pick with `globals: { viewport: { value: 'phone' } }` (also applied in Vitest). */
export const VIEWPORTS = {
  phone: { name: 'Phone (390)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  desktop: { name: 'Desktop (1440)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
} as const

/**
 * Wraps every story in the app's providers: copy in the `locale` global's language, colour mode forced to
 * the `theme` global, and a memory router at `parameters.route` (default `/`).
 */
/**
 * The story canvas: colour scheme of the theme, and every section rendered at once — the site lets the browser
 * skip off-screen sections (`content-visibility: auto`, HomePage), which full-page screenshots would show blank.
 */
const STORY_CSS = (theme: 'light' | 'dark') => ({
  colorScheme: theme,
  '& section': { contentVisibility: 'visible !important' },
})

/** React Router v7's behaviour, opted into now (v6's future flags; also silences their warning in every story). */
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const

const withProviders: Decorator = (Story, { globals, parameters }) => {
  const theme = globals.theme === 'dark' ? 'dark' : 'light'
  const locale = String(globals.locale)
  const lng = ((LANGUAGES as readonly string[]).includes(locale) ? locale : 'en') as Language
  return (
    <SeoHeadContext.Provider value={false}>
      <MemoryRouter initialEntries={[parameters.route ?? '/']} future={ROUTER_FUTURE}>
        <AppProviders lng={lng} forcedTheme={theme}>
          <Box bg="bg" color="fg" minH="100vh" className={theme} css={STORY_CSS(theme)}>
            <Story />
          </Box>
          <Toaster />
        </AppProviders>
      </MemoryRouter>
    </SeoHeadContext.Provider>
  )
}

const preview: Preview = {
  decorators: [withProviders],
  // Like the site before hydration: the `locale` global's copy is loaded (English is bundled), and the deferred
  // overlay components (menus, dialogs, toasts) are loaded so stories render the real ones.
  loaders: [
    async ({ globals }) => {
      await Promise.all([
        preloadAllDeferred(),
        loadLanguage(typeof globals.locale === 'string' ? globals.locale : 'en'),
      ])
      return {}
    },
  ],
  globalTypes: {
    theme: {
      description: 'Colour mode',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    locale: {
      description: 'Language of the copy',
      toolbar: { title: 'Locale', icon: 'globe', items: [...LANGUAGES], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    // Every story is also an accessibility test: any axe violation fails it.
    a11y: { test: 'error' },
    viewport: { options: VIEWPORTS },
  },
}
export default preview
