import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { fileURLToPath } from 'node:url'
import { chromiumLaunchOptions } from './scripts/chromium.ts'

const dirname = fileURLToPath(new URL('.', import.meta.url))

/**
 * Two projects:
 * - `unit`: Node (or per-file `// @vitest-environment happy-dom`) tests next to the code and under tests/unit.
 * - `storybook`: every story's play function + axe check + visual baseline, in headless Debian Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: `${dirname}.storybook` })],
        // Pre-bundled up front: a dependency discovered mid-run makes Vite re-optimise and reload the test page,
        // which fails the story file being imported at that moment.
        optimizeDeps: { include: ['@emotion/cache', '@emotion/react'] },
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            // The window must be at least as large as the largest story viewport (desktop, 1440×900): Playwright's
            // default 1280×720 window scales the test iframe down, and baselines would not be at the real width.
            provider: playwright({
              launchOptions: chromiumLaunchOptions(),
              contextOptions: { viewport: { width: 1440, height: 900 } },
            }),
            instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                // Rendering here is deterministic: any pixel beyond the 0.02 colour threshold fails (a ratio would let a
                // changed word on a tall page story pass unnoticed).
                comparatorOptions: { threshold: 0.02, allowedMismatchedPixels: 0 },
              },
            },
          },
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
    ],
  },
})
