// @vitest-environment happy-dom
/**
 * The browser side of the pre-rendered CSS hand-off (src/theme/serverStyles.ts). The real hydration of a
 * built page (no tag moved, no rule inserted twice) is checked in Chromium by tests/e2e/islands.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getSystem } from '../../../src/theme'

afterEach(() => {
  document.head.innerHTML = ''
  vi.resetModules()
})

describe('serverStyles', () => {
  it('on a pre-rendered page: the ids of the component CSS count as inserted, and the system skips its global CSS', async () => {
    vi.resetModules() // the static import above evaluated serverStyles.ts before this page existed
    document.head.innerHTML =
      '<style data-ssr-global>@layer reset, base, tokens, recipes;</style><style data-ssr-css="1x2y3z abc9">.css-1x2y3z{color:red}</style>'
    const { clientSystem, createClientEmotionCache, hasServerGlobalStyles } =
      await import('../../../src/theme/serverStyles')
    const { getSystem } = await import('../../../src/theme')
    expect(hasServerGlobalStyles).toBe(true)
    expect(createClientEmotionCache().inserted).toEqual({ '1x2y3z': true, abc9: true })
    const sys = clientSystem(getSystem())
    expect(sys._global).toEqual([])
    expect(sys._config.disableLayers).toBe(true)
    // Everything else is the same system: tokens and class generation are unchanged.
    expect(sys.token('colors.brand.solid')).toBe(getSystem().token('colors.brand.solid'))
    expect(sys.css({ color: 'fg.muted', p: '4' })).toEqual(getSystem().css({ color: 'fg.muted', p: '4' }))
    expect(getSystem()._global.length).toBeGreaterThan(0)
  })

  it('on a pre-rendered page the system is built without the reset and global CSS, with the same class names', async () => {
    vi.resetModules()
    const full = (await import('../../../src/theme')).getSystem()
    vi.resetModules()
    document.head.innerHTML = '<style data-ssr-global>@layer reset, base, tokens, recipes;</style>'
    const { getSystem: getPageSystem } = await import('../../../src/theme')
    const lean = getPageSystem()
    expect(lean).not.toBe(full)
    expect(lean._config.preflight).toBe(false)
    expect(lean._config.globalCss).toEqual({})
    expect(full._config.preflight).toBe(true)
    for (const styles of [
      { color: 'fg.muted', p: '4', _hover: { bg: 'bg.muted' } },
      { display: { base: 'none', md: 'flex' }, animation: 'pulse 1s' },
    ])
      expect(lean.css(styles)).toEqual(full.css(styles))
    expect(lean.getRecipeFn('button')({ size: 'sm' })).toEqual(full.getRecipeFn('button')({ size: 'sm' }))
    expect(lean.token('colors.brand.solid')).toBe(full.token('colors.brand.solid'))
  })

  it('without an id list, reads the ids from the CSS itself (classes and keyframes, each once)', async () => {
    document.head.innerHTML =
      '<style data-ssr-global></style><style data-ssr-css>.css-1x2y3z{color:red}.css-1x2y3z:hover,.css-ab9 .css-cd{color:blue}' +
      '@keyframes animation-k1x{0%{opacity:0}}@media (width>=48rem){.css-ef{color:green}}.not-css-x{color:red}</style>'
    const { createClientEmotionCache, serverStyleIds } = await import('../../../src/theme/serverStyles')
    expect(createClientEmotionCache().inserted).toEqual({
      '1x2y3z': true,
      ab9: true,
      cd: true,
      ef: true,
      'animation-k1x': true,
    })
    expect(serverStyleIds('.css-a-b{}')).toEqual([])
  })

  it('switches the full global stylesheet on once, and leaves pages without one alone', async () => {
    // (No rel="stylesheet" here: happy-dom would try to fetch it; the function only looks at the attribute.)
    document.head.innerHTML =
      '<style data-ssr-global></style><link href="/assets/global-x.css" media="print" data-ssr-global-full>'
    const { enableFullGlobalStyles } = await import('../../../src/theme/serverStyles')
    const link = document.querySelector('link')!
    expect(link.media).toBe('print')
    enableFullGlobalStyles()
    expect(link.media).toBe('all')
    enableFullGlobalStyles()
    expect(document.querySelectorAll('link').length).toBe(1)
    document.head.innerHTML = ''
    expect(() => enableFullGlobalStyles()).not.toThrow()
  })

  it('switches it on at the first pointerdown or keydown, not before, and stops listening after', async () => {
    document.head.innerHTML =
      '<style data-ssr-global></style><link href="/assets/global-x.css" media="print" data-ssr-global-full>'
    const { enableFullGlobalStylesOnFirstInput } = await import('../../../src/theme/serverStyles')
    const link = document.querySelector('link')!
    enableFullGlobalStylesOnFirstInput()
    window.dispatchEvent(new Event('scroll'))
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(link.media).toBe('print')
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))
    expect(link.media).toBe('all')
    link.media = 'print'
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(link.media, 'listeners removed after the first input').toBe('print')
    const stop = enableFullGlobalStylesOnFirstInput()
    stop()
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(link.media, 'cleanup removes the listeners').toBe('print')
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    document.head.innerHTML = ''
  })

  it('changes nothing where the page was not pre-rendered (Storybook, dev server)', async () => {
    const { clientSystem, createClientEmotionCache, hasServerGlobalStyles } =
      await import('../../../src/theme/serverStyles')
    expect(hasServerGlobalStyles).toBe(false)
    expect(clientSystem(getSystem())).toBe(getSystem())
    expect(Object.keys(createClientEmotionCache().inserted)).toEqual([])
  })
})
