import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import createEmotionServer from '@emotion/server/create-instance'
import type { StyleCollector } from 'vite-react-ssg'

/**
 * vite-react-ssg style collector for Emotion (so Chakra): renders the page with a fresh cache and
 * returns the critical CSS as ONE `<style>` (STACK.md: without it Emotion inlines dozens of tags in the
 * body). vite-react-ssg inserts it right after `<head>`; the build moves it after `<meta charset>`.
 * `import '@emotion/server'` crashes (it requires @emotion/css), hence `create-instance`.
 */
export function emotionCollector(): StyleCollector {
  const cache = createCache({ key: 'css' })
  const { extractCritical } = createEmotionServer(cache)
  return {
    collect: (app) => <CacheProvider value={cache}>{app}</CacheProvider>,
    toString: (html) => {
      const { css, ids } = extractCritical(html)
      return `<style data-emotion="css ${ids.join(' ')}">${css}</style>`
    },
  }
}
