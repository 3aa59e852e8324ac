import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { diff as pixelmatch } from '@blazediff/core'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { compareRasterTolerant, type RgbaImage } from '../../../.storybook/compare'

// Real screenshots (tests/fixtures/visual/): the Footer story's committed baselines, and the same stories
// rendered by the same Chromium (Debian 156.0.8078.79) with another machine's font rasterisation — fontconfig's
// `hintstyle` none instead of Debian's slight (a FONTCONFIG_FILE that says so), nothing else changed: about 4,100
// pixels differ, the kind of difference (Footer Dark: 6,091) that failed the old comparison on fresh machines.
const fixtures = join(import.meta.dirname, '../../fixtures/visual')
const load = (name: string): RgbaImage => {
  const png = PNG.sync.read(readFileSync(join(fixtures, name)))
  return { metadata: { width: png.width, height: png.height }, data: png.data }
}
const darkBaseline = load('footer-dark.png')
const darkHinted = load('footer-dark.hintnone.png')
const lightBaseline = load('footer-light.png')
const lightHinted = load('footer-light.hintnone.png')

const OPTIONS = { threshold: 0.015, radius: 1, minClusterPixels: 10, allowedMismatchedPixels: 0 } // as vitest.config.ts has it

const copy = (img: RgbaImage): RgbaImage => ({ metadata: { ...img.metadata }, data: Uint8Array.from(img.data) })
const at = (img: RgbaImage, x: number, y: number) => (y * img.metadata.width + x) * 4
const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16))

/** Moves the rows from `fromY` down by `dy` px (what a taller element above them does). */
function shiftDown(img: RgbaImage, fromY: number, dy: number): RgbaImage {
  const out = copy(img)
  const { width, height } = img.metadata
  for (let y = height - 1; y >= fromY + dy; y--)
    out.data.set(img.data.subarray(at(img, 0, y - dy), at(img, width, y - dy)), at(img, 0, y))
  return out
}

/** Moves the box (x0, y0)–(x1, y1) right by `dx` px, filling the uncovered strip with `fill`. */
function shiftRight(img: RgbaImage, box: [number, number, number, number], dx: number, fill: string): RgbaImage {
  const out = copy(img)
  const [x0, y0, x1, y1] = box
  const rgb = hex(fill)
  for (let y = y0; y < y1; y++) {
    for (let x = x1 + dx - 1; x >= x0; x--) {
      const src = x - dx
      const i = at(out, x, y)
      if (src >= x0) out.data.set(img.data.subarray(at(img, src, y), at(img, src, y) + 4), i)
      else out.data.set([...rgb, 255], i)
    }
  }
  return out
}

/** Every pixel of colour `from` (the token's value) painted `to`. */
function recolour(img: RgbaImage, from: string, to: string): RgbaImage {
  const out = copy(img)
  const [r, g, b] = hex(from)
  const target = hex(to)
  let n = 0
  for (let i = 0; i < out.data.length; i += 4) {
    if (out.data[i] === r && out.data[i + 1] === g && out.data[i + 2] === b) {
      out.data.set(target, i)
      n++
    }
  }
  expect(n, `pixels of ${from}`).toBeGreaterThan(1000)
  return out
}

/** The box painted with `fill`: the element in it is gone. */
function erase(img: RgbaImage, box: [number, number, number, number], fill: string): RgbaImage {
  const out = copy(img)
  const rgb = hex(fill)
  for (let y = box[1]; y < box[3]; y++) for (let x = box[0]; x < box[2]; x++) out.data.set([...rgb, 255], at(out, x, y))
  return out
}

describe('rasterTolerant screenshot comparison', () => {
  it('the fixtures are the kind of difference that failed on fresh machines: hundreds of pixels under the old pixelmatch check', () => {
    for (const [a, b] of [
      [darkBaseline, darkHinted],
      [lightBaseline, lightHinted],
    ] as const) {
      const { width, height } = a.metadata
      // The comparison the baselines had before: pixelmatch, colour threshold 0.02, no pixel allowed.
      expect(pixelmatch(a.data, b.data, undefined, width, height, { threshold: 0.02 })).toBeGreaterThan(500)
    }
  })

  it('passes the same page rasterised with other font hinting (dark and light)', () => {
    const dark = compareRasterTolerant(darkBaseline, darkHinted, OPTIONS)
    expect(dark.message).toBeNull()
    expect(dark.pass).toBe(true)
    expect(dark.toleratedPixels).toBeGreaterThan(1000)
    expect(compareRasterTolerant(lightBaseline, lightHinted, OPTIONS).pass).toBe(true)
    expect(compareRasterTolerant(darkHinted, darkBaseline, OPTIONS).pass).toBe(true)
  })

  it('passes identical images without a tolerated pixel', () => {
    const same = compareRasterTolerant(darkBaseline, copy(darkBaseline), OPTIONS)
    expect(same).toMatchObject({ pass: true, mismatchedPixels: 0, toleratedPixels: 0 })
  })

  it('fails a 2 px layout shift: the divider and copyright line 2 px lower', () => {
    const shifted = shiftDown(darkBaseline, 150, 2)
    const r = compareRasterTolerant(darkBaseline, shifted, OPTIONS)
    expect(r.pass).toBe(false)
    expect(r.message).toMatch(/pixels differ beyond anti-aliasing/)
    // … also when the other machine's rendering is the baseline.
    expect(compareRasterTolerant(darkHinted, shifted, OPTIONS).pass).toBe(false)
  })

  it('fails a 2 px horizontal shift of one element (the nav links), on either rendering', () => {
    const shifted = shiftRight(darkBaseline, [940, 45, 1180, 80], 2, '#15121f')
    expect(compareRasterTolerant(darkBaseline, shifted, OPTIONS).pass).toBe(false)
    expect(compareRasterTolerant(darkHinted, shifted, OPTIONS).pass).toBe(false)
  })

  it('fails a wrong colour token: the footer panel in bg.muted (ink.800) instead of bg.subtle (ink.900)', () => {
    const wrong = recolour(darkBaseline, '#15121f', '#211c30')
    expect(compareRasterTolerant(darkBaseline, wrong, OPTIONS).pass).toBe(false)
    expect(compareRasterTolerant(darkHinted, wrong, OPTIONS).pass).toBe(false)
  })

  it('fails the nearest light token: white (bg) painted gray.50 (bg.subtle), #fff against #fafafa', () => {
    const wrong = recolour(lightBaseline, '#ffffff', '#fafafa')
    expect(compareRasterTolerant(lightBaseline, wrong, OPTIONS).pass).toBe(false)
    expect(compareRasterTolerant(lightHinted, wrong, OPTIONS).pass).toBe(false)
  })

  it('fails text in the next colour token: the copyright line in fg.subtle (#a1a1aa) instead of fg.muted (#d4d4d8)', () => {
    // Re-coloured the way the browser would draw it: every pixel keeps its coverage of the panel (#15121f).
    const out = copy(darkBaseline)
    const [bg, from, to] = [hex('#15121f'), hex('#d4d4d8'), hex('#a1a1aa')]
    for (let y = 188; y < 214; y++) {
      for (let x = 30; x < 280; x++) {
        const i = at(out, x, y)
        const coverage = Math.min(1, (out.data[i]! - bg[0]!) / (from[0]! - bg[0]!))
        if (coverage > 0)
          for (let c = 0; c < 3; c++) out.data[i + c] = Math.round(bg[c]! + coverage * (to[c]! - bg[c]!))
      }
    }
    expect(compareRasterTolerant(darkBaseline, out, OPTIONS).pass).toBe(false)
    expect(compareRasterTolerant(darkHinted, out, OPTIONS).pass).toBe(false)
  })

  it('fails a missing element: the GitHub menu button gone', () => {
    const missing = erase(darkBaseline, [850, 84, 986, 130], '#15121f')
    const r = compareRasterTolerant(darkBaseline, missing, { ...OPTIONS, createDiff: true })
    expect(r.pass).toBe(false)
    expect(r.mismatchedPixels).toBeGreaterThan(300)
    expect(compareRasterTolerant(darkHinted, missing, OPTIONS).pass).toBe(false)
  })

  it('fails images of different sizes with the sizes in the message', () => {
    const small: RgbaImage = { metadata: { width: 2, height: 2 }, data: new Uint8Array(16) }
    expect(compareRasterTolerant(darkBaseline, small, OPTIONS)).toMatchObject({
      pass: false,
      message: 'Expected image dimensions to be 1200×900px, but received 2×2px.',
    })
  })

  it('draws a diff image: counted changes red', () => {
    const r = compareRasterTolerant(darkBaseline, erase(darkBaseline, [850, 84, 986, 130], '#15121f'), {
      ...OPTIONS,
      createDiff: true,
    })
    expect(r.diff).toHaveLength(darkBaseline.data.length)
    const red = [...Array(r.diff!.length / 4).keys()].filter(
      (p) => r.diff![p * 4] === 255 && r.diff![p * 4 + 1] === 0 && r.diff![p * 4 + 2] === 0,
    ).length
    expect(red).toBe(r.mismatchedPixels)
  })
})
