/**
 * The owner's branding (src/voice/widget/branding.ts): WCAG 2.2 contrast arithmetic, the accent check against the
 * widget's background in each scheme and for the mic icon, the position/size classes, and the embed's parsing of
 * `data-accent-color`, `data-title`, `data-position`, `data-size` (src/embed/config.ts).
 */
import { describe, expect, it } from 'vitest'
import { parseEmbedSettings } from '../../../src/embed/config'
import { EMBED_POSITIONS, EMBED_SIZES } from '../../../src/embed/settings'
import {
  WIDGET_POSITIONS,
  WIDGET_SIZES,
  checkAccent,
  contrastRatio,
  layoutClasses,
  parseHex,
  parseRgbFunction,
} from '../../../src/voice/widget/branding'

const rgb = (h: string) => parseHex(h)!

describe('contrast (WCAG 2.2 relative luminance)', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio(rgb('#000'), rgb('#fff'))).toBeCloseTo(21, 5)
    expect(contrastRatio(rgb('#fff'), rgb('#fff'))).toBe(1)
    // the site's tokens (src/theme/tokens.ts CONTRAST_PAIRS): light brand on white 7.1:1
    expect(contrastRatio(rgb('#6d28d9'), rgb('#ffffff'))).toBeCloseTo(7.1, 1)
    // #767676 on white is the classic 4.54:1
    expect(contrastRatio(rgb('#767676'), rgb('#ffffff'))).toBeCloseTo(4.54, 2)
    expect(contrastRatio(rgb('#ffffff'), rgb('#767676'))).toBeCloseTo(4.54, 2)
  })

  it('parses hex and rgb() forms; refuses others', () => {
    expect(parseHex('#0b57d0')).toEqual([11, 87, 208])
    expect(parseHex('#abc')).toEqual([170, 187, 204])
    expect(parseHex('blue')).toBeNull()
    expect(parseRgbFunction('rgb(11, 87, 208)')).toEqual({ rgb: [11, 87, 208], alpha: 1 })
    expect(parseRgbFunction('rgba(11, 87, 208, 0.5)')).toEqual({ rgb: [11, 87, 208], alpha: 0.5 })
    expect(parseRgbFunction('rgb(11 87 208 / 50%)')).toEqual({ rgb: [11, 87, 208], alpha: 0.5 })
    expect(parseRgbFunction('oklch(0.5 0.2 260)')).toBeNull()
  })
})

describe('the accent check', () => {
  it('the default accents pass in their own scheme', () => {
    expect(checkAccent(rgb('#6d28d9'), 'light')).toMatchObject({ ok: true, icon: { colour: '#ffffff' } })
    expect(checkAccent(rgb('#c4b5fd'), 'dark')).toMatchObject({ ok: true, icon: { colour: '#0d0b14' } })
  })

  it('a dark blue passes in light and fails in dark (too little contrast against #15121f)', () => {
    const light = checkAccent(rgb('#0b57d0'), 'light')
    const dark = checkAccent(rgb('#0b57d0'), 'dark')
    expect(light.ok).toBe(true)
    expect(light.background).toBeGreaterThanOrEqual(4.5)
    expect(dark.ok).toBe(false)
    expect(dark.background).toBeLessThan(4.5)
  })

  it('a light yellow fails in light (background), passes in dark with a dark icon', () => {
    expect(checkAccent(rgb('#fde047'), 'light').ok).toBe(false)
    expect(checkAccent(rgb('#fde047'), 'dark')).toMatchObject({ ok: true, icon: { colour: '#0d0b14' } })
  })

  it('the mic icon takes white on a dark accent and near-black on a light one, with its own ratio', () => {
    const dark = checkAccent(rgb('#14532d'), 'light')
    expect(dark.icon.colour).toBe('#ffffff')
    expect(dark.icon.contrast).toBeCloseTo(contrastRatio(rgb('#14532d'), rgb('#ffffff')), 5)
    const light = checkAccent(rgb('#a8c7fa'), 'dark')
    expect(light.icon.colour).toBe('#0d0b14')
    expect(light.ok).toBe(true)
  })

  it('no single colour passes both schemes (so a colour per scheme is light-dark(a, b))', () => {
    for (let v = 0; v <= 255; v += 5) {
      const c: [number, number, number] = [v, v, v]
      expect(checkAccent(c, 'light').ok && checkAccent(c, 'dark').ok).toBe(false)
    }
  })
})

describe('position and size', () => {
  it('classes per position and size', () => {
    expect(layoutClasses('bottom-right', 'full')).toEqual([])
    expect(layoutClasses('bottom-left', 'full')).toEqual(['left'])
    expect(layoutClasses('top-right', 'compact')).toEqual(['top', 'compact'])
    expect(layoutClasses('top-left', 'full')).toEqual(['left', 'top'])
    expect(layoutClasses('bottom-center', 'full')).toEqual(['center'])
  })

  it('the loader accepts exactly the widget positions and sizes', () => {
    expect([...EMBED_POSITIONS].sort()).toEqual([...WIDGET_POSITIONS].sort())
    expect([...EMBED_SIZES].sort()).toEqual([...WIDGET_SIZES].sort())
  })
})

describe('the embed settings', () => {
  const base = {
    publicKey: '11111111-1111-4111-8111-111111111111',
    assistantId: '22222222-2222-4222-8222-222222222222',
  }

  it('accent, title, position and size, as attributes and from init()', () => {
    const r = parseEmbedSettings(
      { ...base, accentColor: '#0b57d0', title: '  Chai   & Co. help ', position: 'top-left', size: 'compact' },
      'attributes',
    )
    expect(r.problems).toEqual([])
    expect(r.config).toMatchObject({
      accentColor: '#0b57d0',
      title: 'Chai & Co. help',
      position: 'top-left',
      size: 'compact',
    })
    const i = parseEmbedSettings(
      { ...base, accentColor: 'light-dark(#0b57d0, #a8c7fa)', position: 'bottom-center' },
      'init',
    )
    expect(i.problems).toEqual([])
    expect(i.config).toMatchObject({
      accentColor: 'light-dark(#0b57d0, #a8c7fa)',
      position: 'bottom-center',
      size: 'full',
      title: '',
    })
  })

  it('malformed values are named and fall back to the defaults; nothing throws', () => {
    const r = parseEmbedSettings(
      { ...base, accentColor: 'red; background: url(x)', title: 'x'.repeat(61), position: 'center', size: 'huge' },
      'attributes',
    )
    expect(r.problems.map((p) => p.setting)).toEqual(['data-accent-color', 'data-title', 'data-position', 'data-size'])
    expect(r.problems[0]!.message).toBe(
      'data-accent-color must be a CSS colour such as #0b57d0; got "red; background: url(x)" (using the default accent)',
    )
    expect(r.config).toMatchObject({ accentColor: '', title: '', position: 'bottom-right', size: 'full' })
    const i = parseEmbedSettings({ ...base, accentColor: 42, title: { a: 1 } }, 'init')
    expect(i.problems.map((p) => p.message)).toEqual([
      'accentColor must be a string, got number',
      'title must be a string, got object',
    ])
  })
})
