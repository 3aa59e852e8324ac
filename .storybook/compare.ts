import { colorDelta } from '@blazediff/core'

/**
 * The screenshot comparator of the Storybook visual tests (registered in `vitest.config.ts` as
 * `toMatchScreenshot`'s custom comparator `rasterTolerant`).
 *
 * Goal: a baseline records how our components look, not how one Chromium build on one machine rasterises
 * them. Two screenshots of the same page differ between browser builds and machines (font hinting and
 * anti-aliasing settings of fontconfig, Skia's text gamma, sub-pixel glyph positions) by pixels that are
 * blends of the colours around them or sit one pixel off; a regression (an element moved, a colour token
 * changed, an element missing) changes pixels to colours that are nowhere near.
 *
 * A pixel counts as changed only when, in either direction (actual against reference and reference against
 * actual), its colour is explained by none of the pixels within `radius` px of the same place in the other
 * image, where "explained" means: the same colour, or a blend of two of those colours (the colours an
 * anti-aliased edge between them can take). Colours are compared with pixelmatch's perceptual YIQ distance
 * (Kotsarenko & Ramos, via `@blazediff/core`), `threshold` on pixelmatch's 0–1 scale.
 *
 * Changed pixels then count only in connected groups of `minClusterPixels` (10) or more: what rasterisation
 * leaves unexplained is specks (a pixel whose coverage changed by more than a blend of its neighbours).
 *
 * What passes: text drawn with other hinting or AA gamma, glyphs or edges one pixel off. What fails:
 * anything moved by 2 px or more (the pixels 2 px away are not within `radius` 1), a solid area in another
 * colour, even a neighbouring token (white against gray.50 is 0.019 on this scale; `threshold` 0.015), text
 * in another colour (its fully covered pixels find no match), an element added or removed.
 */
export interface RasterTolerantOptions extends Record<string, unknown> {
  /** Perceptual colour distance under which two colours are the same, pixelmatch scale 0–1. Default 0.015. */
  threshold?: number
  /** How far (px) a matching colour may sit from the pixel. Default 1: a 2 px shift is caught. */
  radius?: number
  /**
   * Changed pixels count only in 8-connected groups of at least this many: what is left of a rasterisation
   * difference is scattered specks (measured: groups of at most 7 px when fontconfig's hinting changes), while a
   * moved, recoloured or missing element leaves lines and areas (measured: groups of 14 px and more for a 2 px
   * shift of a nav link or a text colour changed to the next token). Default 10.
   */
  minClusterPixels?: number
  /** Changed pixels (in groups of {@link minClusterPixels} or more) tolerated. Default 0. */
  allowedMismatchedPixels?: number
}

/** Image data as Vitest's `toMatchScreenshot` passes it to a comparator: RGBA, 4 bytes a pixel. */
export interface RgbaImage {
  metadata: { width: number; height: number }
  data: Uint8Array | Uint8ClampedArray | Buffer
}

/**
 * Result shape of a Vitest screenshot comparator: `diff` marks counted changes red, specks orange and
 * anti-aliasing differences yellow on a faded copy of the reference.
 */
export interface ComparisonResult {
  pass: boolean
  diff: Uint8Array | null
  message: string | null
  /** Pixels that changed beyond what rasterisation explains, in groups of `minClusterPixels` or more. */
  mismatchedPixels: number
  /** Pixels that changed beyond what rasterisation explains but stand alone or in small groups (ignored). */
  speckPixels: number
  /** Pixels that differ but were explained as rasterisation (anti-aliasing, a 1 px offset). */
  toleratedPixels: number
}

/** pixelmatch's maximum YIQ distance (35215): `threshold` t allows distances up to 35215 · t². */
const MAX_YIQ_DELTA = 35215

/**
 * Compares two screenshots (see the module comment for the rule).
 * @returns `pass: false` with a message naming the count of changed pixels, or when the sizes differ.
 */
export function compareRasterTolerant(
  reference: RgbaImage,
  actual: RgbaImage,
  options: RasterTolerantOptions & { createDiff?: boolean } = {},
): ComparisonResult {
  const { width, height } = reference.metadata
  if (width !== actual.metadata.width || height !== actual.metadata.height) {
    return {
      pass: false,
      diff: null,
      message: `Expected image dimensions to be ${width}×${height}px, but received ${actual.metadata.width}×${actual.metadata.height}px.`,
      mismatchedPixels: width * height,
      speckPixels: 0,
      toleratedPixels: 0,
    }
  }
  const threshold = options.threshold ?? 0.015
  const radius = options.radius ?? 1
  const allowed = options.allowedMismatchedPixels ?? 0
  const minCluster = options.minClusterPixels ?? 10
  const maxDelta = MAX_YIQ_DELTA * threshold * threshold
  const a = reference.data
  const b = actual.data
  const diff = options.createDiff ? new Uint8Array(width * height * 4) : null
  const blend = new Uint8Array(4)
  const changed = new Uint8Array(width * height)
  let tolerated = 0

  const same = (img: RgbaImage['data'], i: number, other: RgbaImage['data'], j: number) =>
    Math.abs(colorDelta(img, other, i, j)) <= maxDelta

  // Is pixel `i` of `img` explained by the pixels of `other` within `radius` of (x, y)?
  const explained = (img: RgbaImage['data'], i: number, other: RgbaImage['data'], x: number, y: number) => {
    const near: number[] = []
    for (let ny = Math.max(0, y - radius); ny <= Math.min(height - 1, y + radius); ny++) {
      for (let nx = Math.max(0, x - radius); nx <= Math.min(width - 1, x + radius); nx++) {
        const j = (ny * width + nx) * 4
        if (same(img, i, other, j)) return true
        near.push(j)
      }
    }
    // An anti-aliased edge pixel is a blend of two colours around it: the point of the segment between them
    // nearest to the pixel (in RGBA) must be the same colour.
    for (let p = 0; p < near.length; p++) {
      for (let q = p + 1; q < near.length; q++) {
        const j = near[p]!
        const k = near[q]!
        let dot = 0
        let len = 0
        for (let c = 0; c < 4; c++) {
          const d = other[k + c]! - other[j + c]!
          dot += (img[i + c]! - other[j + c]!) * d
          len += d * d
        }
        if (len === 0) continue
        const t = Math.min(1, Math.max(0, dot / len))
        for (let c = 0; c < 4; c++) blend[c] = Math.round(other[j + c]! + t * (other[k + c]! - other[j + c]!))
        if (Math.abs(colorDelta(img, blend, i, 0)) <= maxDelta) return true
      }
    }
    return false
  }

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      if (same(a, i, b, i)) {
        if (diff) grey(diff, a, i)
        continue
      }
      if (explained(b, i, a, x, y) && explained(a, i, b, x, y)) {
        tolerated++
        if (diff) paint(diff, i, 255, 200, 0)
      } else {
        changed[y * width + x] = 1
        if (diff) paint(diff, i, 255, 160, 0)
      }
    }
  }
  // Group the changed pixels (8-connected); groups of `minCluster` or more count, and are drawn red.
  let mismatched = 0
  let specks = 0
  const stack: number[] = []
  const group: number[] = []
  for (let p = 0; p < changed.length; p++) {
    if (changed[p] !== 1) continue
    changed[p] = 2
    stack.push(p)
    group.length = 0
    while (stack.length) {
      const q = stack.pop()!
      group.push(q)
      const qx = q % width
      const qy = (q - qx) / width
      for (let ny = Math.max(0, qy - 1); ny <= Math.min(height - 1, qy + 1); ny++) {
        for (let nx = Math.max(0, qx - 1); nx <= Math.min(width - 1, qx + 1); nx++) {
          const k = ny * width + nx
          if (changed[k] === 1) {
            changed[k] = 2
            stack.push(k)
          }
        }
      }
    }
    if (group.length >= minCluster) {
      mismatched += group.length
      if (diff) for (const q of group) paint(diff, q * 4, 255, 0, 0)
    } else specks += group.length
  }
  const pass = mismatched <= allowed
  return {
    pass,
    diff,
    message: pass
      ? null
      : `${mismatched} pixels differ beyond anti-aliasing and 1 px rasterisation offsets, in groups of ${minCluster} or more (${specks} in smaller groups and ${tolerated} anti-aliased pixels were tolerated).`,
    mismatchedPixels: mismatched,
    speckPixels: specks,
    toleratedPixels: tolerated,
  }
}

/** The unchanged pixel, faded to a light grey (as pixelmatch draws its diff images). */
function grey(out: Uint8Array, img: RgbaImage['data'], i: number): void {
  const luma = 0.29889531 * img[i]! + 0.58662247 * img[i + 1]! + 0.11448223 * img[i + 2]!
  const v = 255 + ((luma - 255) * 0.1 * img[i + 3]!) / 255
  out[i] = out[i + 1] = out[i + 2] = v
  out[i + 3] = 255
}

function paint(out: Uint8Array, i: number, r: number, g: number, b: number): void {
  out[i] = r
  out[i + 1] = g
  out[i + 2] = b
  out[i + 3] = 255
}
