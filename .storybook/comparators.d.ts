import type { RasterTolerantOptions } from './compare'

// Registers the custom comparator's name and options with Vitest's `toMatchScreenshot` types.
declare module '@vitest/browser/context' {
  interface ScreenshotComparatorRegistry {
    rasterTolerant: RasterTolerantOptions
  }
}
