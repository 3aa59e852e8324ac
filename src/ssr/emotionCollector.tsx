import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import createEmotionServer from '@emotion/server/create-instance'
import type { StyleCollector } from 'vite-react-ssg'
import { SSR_CSS_ATTR, SSR_GLOBAL_ATTR } from '../theme/serverStyles'

/**
 * vite-react-ssg style collector for Emotion (so Chakra): renders the page with a fresh cache and returns
 * its critical CSS as `<style>` tags in `<head>` (without it Emotion inlines dozens of tags in the
 * body). vite-react-ssg inserts them right after `<head>`; the build moves them after `<meta charset>`.
 *
 * Global styles (Chakra's layer order, reset, base and token variables: ~43 KB before the build trims them to
 * the page, scripts/pageCss.ts) go first, in
 * `<style data-ssr-global>`; component styles follow in one `<style data-ssr-css="<ids>">`. The browser side
 * of this format (why not Emotion's own `data-emotion`) is src/theme/serverStyles.ts.
 * `import '@emotion/server'` crashes (it requires @emotion/css), hence `create-instance`.
 */
export function emotionCollector(): StyleCollector {
  const cache = createCache({ key: 'css' })
  const { extractCriticalToChunks } = createEmotionServer(cache)
  return {
    collect: (app) => <CacheProvider value={cache}>{app}</CacheProvider>,
    toString: (html) => {
      const chunks = extractCriticalToChunks(html).styles.filter((chunk) => chunk.css)
      const global = chunks.filter((chunk) => chunk.key !== cache.key).map((chunk) => chunk.css)
      const components = chunks.filter((chunk) => chunk.key === cache.key)
      return (
        `<style ${SSR_GLOBAL_ATTR}>${global.join('')}</style>` +
        `<style ${SSR_CSS_ATTR}="${components.flatMap((chunk) => chunk.ids).join(' ')}">${components.map((chunk) => chunk.css).join('')}</style>`
      )
    },
  }
}
