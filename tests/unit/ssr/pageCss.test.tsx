/**
 * The build's per-page CSS trim (scripts/pageCss.ts) on real collector output (src/ssr/emotionCollector.tsx):
 * what a page keeps, what it drops, and what the browser needs to read it back (src/theme/serverStyles.ts).
 * The built pages themselves are checked by tests/e2e/critical-css.spec.ts.
 */
import { Box, Button, ChakraProvider } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { referencedKeyframes, referencedVariables, trimPageCss } from '../../../scripts/pageCss'
import { emotionCollector } from '../../../src/ssr/emotionCollector'
import { getSystem } from '../../../src/theme'
import { serverStyleIds } from '../../../src/theme/serverStyles'

/** A pre-rendered page as vite-react-ssg writes it: the collector's tags in `<head>`, the markup in `<body>`. */
function page(extra: ReactNode = null): { html: string; ids: string[] } {
  const collector = emotionCollector()
  const body = renderToString(
    collector.collect(
      <ChakraProvider value={getSystem()}>
        <Box p="4" color="fg.muted" bg="bg.subtle">
          <Button colorPalette="brand">Apply</Button>
          {extra}
        </Box>
      </ChakraProvider>,
    ),
  )
  const styles = collector.toString(body)
  const ids = /data-ssr-css="([^"]*)"/.exec(styles)![1]!.split(' ')
  return {
    html: `<!doctype html><html><head><meta charset="UTF-8">${styles}</head><body><div id="root">${body}</div></body></html>`,
    ids,
  }
}

/** Custom properties declared in the rules whose selector is exactly `selector`. */
const declared = (css: string, selector: string) =>
  new Set(
    [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
      .filter((m) => m[1]!.trim() === selector)
      .flatMap((m) => [...m[2]!.matchAll(/(--[\w\\.-]+):/g)].map((d) => d[1]!)),
  )
const inlineGlobal = (html: string) => /<style data-ssr-global>([\s\S]*?)<\/style>/.exec(html)![1]!
const inlineComponents = (html: string) => /<style data-ssr-css(?:="[^"]*")?>([\s\S]*?)<\/style>/.exec(html)![1]!

describe('trimPageCss', () => {
  it('keeps the tokens the page uses, with the tokens they refer to, in both colour modes, and drops the rest', async () => {
    const { html: built } = page()
    const { html, fullGlobal } = await trimPageCss(built)
    const kept = inlineGlobal(html)
    // brand.solid (the button) → brand.700 in light mode, brand.300 in dark mode.
    expect(declared(kept, ':root,.light')).toContain('--chakra-colors-brand-solid')
    expect(declared(kept, '.dark,.dark .chakra-theme:not(.light)')).toContain('--chakra-colors-brand-solid')
    const raw = declared(kept, ':where(html,.chakra-theme)')
    expect(raw).toContain('--chakra-colors-brand-700')
    expect(raw).toContain('--chakra-colors-brand-300')
    expect(raw).toContain('--chakra-spacing-4')
    // Nothing on the page refers to red, to the largest font size or to the toast z-index.
    for (const unused of ['--chakra-colors-red-500', '--chakra-font-sizes-7xl', '--chakra-z-index-toast']) {
      expect(kept).not.toContain(`${unused}:`)
      expect(fullGlobal!.css).toContain(`${unused}:`)
    }
    // Every token declared inline is referenced by the page (directly or through another token).
    const uses = referencedVariables(kept + inlineComponents(html) + html)
    const inlineTokens = [...kept.matchAll(/(--chakra-[\w\\.-]+):/g)].map((m) => m[1]!)
    expect(inlineTokens.filter((t) => !uses.has(t))).toEqual([])
    expect(kept.length * 4).toBeLessThan(fullGlobal!.css.length)
  })

  it('keeps the keyframes that the page animates with, from its component rules or inline styles, and drops the rest', async () => {
    const withAnimations = page(
      <>
        <Box animationName="fade-in, slide-from-bottom" animationDuration="moderate" />
        <Box style={{ animation: 'scale-in 200ms ease-out' }} />
      </>,
    ).html
    const { html, fullGlobal } = await trimPageCss(withAnimations)
    const keyframes = (css: string) => new Set([...css.matchAll(/@keyframes ([\w-]+)/g)].map((m) => m[1]!))
    const kept = keyframes(inlineGlobal(html))
    for (const name of ['fade-in', 'slide-from-bottom', 'scale-in']) expect(kept).toContain(name)
    for (const name of ['fade-out', 'slide-from-top', 'marqueeX']) {
      expect(kept).not.toContain(name)
      expect(keyframes(fullGlobal!.css)).toContain(name)
    }
    // Without anything that animates with them, the page does not carry them.
    expect(keyframes(inlineGlobal((await trimPageCss(page().html)).html))).not.toContain('fade-in')
  })

  it('finds keyframe names in animation shorthands and lists, only among the keyframes defined', () => {
    const global = '@keyframes fade-in{from{opacity:0}}@keyframes spin{to{transform:rotate(1turn)}}@keyframes ease{}'
    expect(referencedKeyframes('.a{animation:1s ease-in-out infinite spin}', global)).toEqual(new Set(['spin']))
    expect(referencedKeyframes('.a{animation-name:fade-in, spin;color:red}', global)).toEqual(
      new Set(['fade-in', 'spin']),
    )
    expect(referencedKeyframes('<div style="animation: fade-in 2s">', global)).toEqual(new Set(['fade-in']))
    expect(referencedKeyframes('.a{transition:opacity 1s ease}.b{color:spin}', global)).toEqual(new Set())
  })

  it('links the full global CSS as a hashed, non-blocking stylesheet', async () => {
    const { html, fullGlobal } = await trimPageCss(page().html)
    expect(fullGlobal!.href).toMatch(/^\/assets\/global-[\w-]{10}\.css$/)
    expect(html).toContain(`<link rel="stylesheet" href="${fullGlobal!.href}" media="print" data-ssr-global-full>`)
    expect((await trimPageCss(page().html)).fullGlobal!.href).toBe(fullGlobal!.href)
  })

  it('minifies the component CSS for the target browsers and lets the browser read its Emotion ids back', async () => {
    const { html: built, ids } = page()
    expect(built).toMatch(/display:-webkit-box/)
    const { html } = await trimPageCss(built)
    const css = inlineComponents(html)
    expect(css).not.toMatch(/-webkit-box|-ms-flexbox/)
    expect(html).toMatch(/<style data-ssr-css>/)
    expect(serverStyleIds(css).sort()).toEqual([...ids].sort())
  })

  it('returns a page without the collector tags unchanged', async () => {
    const plain = '<!doctype html><html><head><style>p{color:red}</style></head><body><p>x</p></body></html>'
    expect(await trimPageCss(plain)).toEqual({ html: plain, fullGlobal: null })
  })
})
