import { ViteReactSSG } from 'vite-react-ssg'
import { routes } from './app/routes'
import { splitLocale } from './i18n'
import { loadLanguage } from './i18n/resources'

/** Entry for vite-react-ssg: pre-renders every route at build time and hydrates it in the browser. */
export const createRoot = ViteReactSSG(
  { routes },
  async ({ isClient }) => {
    // The page's own language must be present before hydration (English is always bundled).
    if (isClient) await loadLanguage(splitLocale(window.location.pathname).lng)
  },
  {
    getStyleCollector: import.meta.env.SSR ? () => import('./ssr/emotionCollector').then((m) => m.emotionCollector()) : null,
  },
)
