import { ViteReactSSG } from 'vite-react-ssg'
import { routes } from './app/routes'

/** Entry for vite-react-ssg: pre-renders every route at build time and hydrates it in the browser. */
export const createRoot = ViteReactSSG({ routes }, undefined, {
  getStyleCollector: import.meta.env.SSR ? () => import('./ssr/emotionCollector').then((m) => m.emotionCollector()) : null,
})
