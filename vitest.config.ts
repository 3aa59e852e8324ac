import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { compareRasterTolerant } from './.storybook/compare.ts'
import { chromiumLaunchOptions } from './scripts/chromium.ts'

const dirname = fileURLToPath(new URL('.', import.meta.url))

/**
 * Two projects:
 * - `unit`: Node (or per-file `// @vitest-environment happy-dom`) tests next to the code and under tests/unit.
 * - `storybook`: every story's play function + axe check + visual baseline, in headless Debian Chromium.
 */
export default defineConfig({
  test: {
    // The widget's own per-command console diagnostics ("[voice-commands] filled …", "[voice-realtime] channel …")
    // are expected output of the tests that drive it (tests that check them spy on the console); printed they
    // are only noise in the run.
    onConsoleLog: (log) => !/^\[voice-(commands|realtime)\]/.test(log),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
          // At least two files at a time. Vitest's default, one fewer worker than cores, leaves a 2-core machine
          // one worker while the main process (transforms, cached after the first file) sits mostly idle. Measured
          // on 2 cores, the whole project back to back: 1 worker 283 s and 328 s, 2 workers 256 s and 162 s.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        plugins: [storybookTest({ configDir: `${dirname}.storybook` })],
        // Pre-bundled up front: a dependency discovered mid-run makes Vite re-optimise and reload the test page,
        // which fails the story file being imported at that moment.
        optimizeDeps: { include: ['@emotion/cache', '@emotion/react', 'axe-core'] },
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          // Two story files at a time, as the unit project (one test page each in the same Chromium): measured on
          // 2 cores, the whole project 261 s with 1 worker, 193 s and 206 s with 2 (load 2–6, the machine shared).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          browser: {
            enabled: true,
            headless: true,
            // The window must be at least as large as the largest story viewport (the language sheets', 1968×1588,
            // src/components/VoiceWidget/languageSheet.tsx `SHEET_VIEWPORT`): a smaller window (Playwright's default
            // is 1280×720) scales the test iframe down, and baselines would not be at the real width.
            provider: playwright({
              launchOptions: chromiumLaunchOptions(),
              contextOptions: { viewport: { width: 1968, height: 1600 } },
            }),
            instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
            expect: {
              toMatchScreenshot: {
                // Tolerates how another Chromium build or machine rasterises the same page (anti-aliasing, hinting,
                // 1 px offsets) and nothing else: a 2 px shift, another colour token, a missing element fail
                // (.storybook/compare.ts; README "Visual baselines"). No ratio: one changed word must fail.
                comparatorName: 'rasterTolerant',
                comparatorOptions: { threshold: 0.015, radius: 1, minClusterPixels: 10, allowedMismatchedPixels: 0 },
                comparators: { rasterTolerant: compareRasterTolerant },
              },
            },
          },
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
    ],
  },
})
