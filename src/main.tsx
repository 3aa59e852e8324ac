import { ViteReactSSG } from 'vite-react-ssg'
import { routes } from './app/routes'
import { splitLocale } from './i18n'
import { loadLanguage } from './i18n/resources'
import { getSystem } from './theme'

/** Entry for vite-react-ssg: pre-renders every route at build time and hydrates it in the browser. */
export const createRoot = ViteReactSSG(
  { routes },
  async ({ isClient }) => {
    if (!isClient) return
    // The page's own language must be present before hydration (English is always bundled).
    await loadLanguage(splitLocale(window.location.pathname).lng)
    // The Chakra system in a task of its own: not in the one that evaluated the modules, not in hydration's.
    await new Promise((resolve) => setTimeout(resolve, 0))
    getSystem()
  },
  {
    getStyleCollector: import.meta.env.SSR
      ? () => import('./ssr/emotionCollector').then((m) => m.emotionCollector())
      : null,
  },
)
