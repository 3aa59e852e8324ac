/**
 * The build side of the pre-rendered CSS hand-off (src/ssr/emotionCollector.tsx): the style tags that the
 * browser side (src/theme/serverStyles.ts, tested in serverStyles.test.ts and tests/e2e/islands.spec.ts)
 * adopts. Node environment: Emotion only extracts CSS where there is no DOM.
 */
import { Box, Button, ChakraProvider } from '@chakra-ui/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { emotionCollector } from '../../../src/ssr/emotionCollector'
import { getSystem } from '../../../src/theme'

function Page() {
  return (
    <Box p="4" color="fg.muted">
      <Button colorPalette="brand">Apply</Button>
    </Box>
  )
}

/** What vite-react-ssg does at build time: render with the collector, then ask it for the style tags. */
function prerender(): { styles: string; html: string } {
  const collector = emotionCollector()
  const html = renderToString(
    collector.collect(
      <ChakraProvider value={getSystem()}>
        <Page />
      </ChakraProvider>,
    ),
  )
  return { styles: collector.toString(html), html }
}

describe('emotionCollector (build side)', () => {
  it('writes the global CSS first, then one component tag listing every Emotion id the HTML uses', () => {
    const { styles, html } = prerender()
    expect(styles).not.toContain('data-emotion')
    const tags = [...styles.matchAll(/<style ([\w-]+)(?:="([^"]*)")?>/g)].map((m) => m[1])
    expect(tags).toEqual(['data-ssr-global', 'data-ssr-css'])
    const global = /<style data-ssr-global>([\s\S]*?)<\/style>/.exec(styles)![1]!
    expect(global).toMatch(/^@layer reset, ?base, ?tokens, ?recipes;/)
    expect(global).toContain('--chakra-colors-brand-solid')
    const ids = /data-ssr-css="([^"]*)"/.exec(styles)![1]!.split(' ')
    const used = [...new Set([...html.matchAll(/\bcss-([a-z0-9]+)/g)].map((m) => m[1]!))]
    expect(used.length).toBeGreaterThan(1)
    for (const id of used) expect(ids).toContain(id)
  })
})
