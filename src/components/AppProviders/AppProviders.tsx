import { ChakraProvider, type SystemContext } from '@chakra-ui/react'
import { CacheProvider } from '@emotion/react'
import { ThemeProvider } from 'next-themes'
import { useEffect, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { getI18n, type Language } from '../../i18n'
import { getSystem } from '../../theme'
import { clientSystem, createClientEmotionCache, enableFullGlobalStylesOnFirstInput } from '../../theme/serverStyles'

// Browser only: on the server the build's style collector provides the Emotion cache.
const browserCache = typeof document === 'undefined' ? null : createClientEmotionCache()
let chakraSystem: SystemContext | null = null
/** The system `ChakraProvider` gets: {@link getSystem} as seen by this page (`clientSystem`), made once. */
const providedSystem = (): SystemContext => (chakraSystem ??= clientSystem(getSystem()))

/** localStorage key of the colour-mode choice; the inline script in `index.html` reads the same key. */
export const THEME_STORAGE_KEY = 'theme'

export interface AppProvidersProps {
  /** Language of the copy. @default 'en' */
  lng?: Language
  /** Force a colour mode (Storybook's theme toolbar); undefined follows the visitor's choice. */
  forcedTheme?: 'light' | 'dark'
  children: ReactNode
}

/**
 * Copy (i18next), design system (Chakra; in the browser with the Emotion cache and system view of
 * src/theme/serverStyles.ts, which adopt the pre-rendered CSS) and colour mode (next-themes, class
 * `light`/`dark` on `<html>`).
 * next-themes' own inline script is made inert (`type="application/json"`): the script in `index.html`
 * does the same job earlier, in `<head>`, and also falls back to the system preference when storage throws.
 * Transitions are turned off around a switch by the theme menu (`withoutTransitions`), not by next-themes'
 * `disableTransitionOnChange`, which also ran on every page load.
 * Once mounted, the visitor's first input switches on the full global CSS that the pre-rendered page's trimmed
 * CSS leaves out (`enableFullGlobalStylesOnFirstInput`).
 */
export function AppProviders({ lng = 'en', forcedTheme, children }: AppProvidersProps) {
  useEffect(enableFullGlobalStylesOnFirstInput, [])
  const tree = (
    <I18nextProvider i18n={getI18n(lng)}>
      <ChakraProvider value={providedSystem()}>
        <ThemeProvider
          attribute="class"
          defaultTheme="system"
          enableSystem
          storageKey={THEME_STORAGE_KEY}
          forcedTheme={forcedTheme}
          scriptProps={{ type: 'application/json' }}
        >
          {children}
        </ThemeProvider>
      </ChakraProvider>
    </I18nextProvider>
  )
  return browserCache ? <CacheProvider value={browserCache}>{tree}</CacheProvider> : tree
}
