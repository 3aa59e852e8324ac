import { describe, expect, it } from 'vitest'
import { contrastRatio } from './contrast'
import { CONTRAST_PAIRS } from './tokens'

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it('computes known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })
  it.each(CONTRAST_PAIRS)('%s: %s on %s', (_name, fg, bg) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5)
  })
})
