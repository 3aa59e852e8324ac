import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './scripts/chromium'

/** Port of `npm start` / `npm run preview` (README quick start): the production build in dist/. */
export const PREVIEW_PORT = 4173
/** Port of the e2e build (dist-e2e/, `SITE_VARIANT=e2e`): scripted voice engine, local endpoints. */
export const E2E_BUILD_PORT = 4174
/** Specs that need the e2e build's local endpoints (see .env.e2e). */
const E2E_BUILD_SPECS = ['**/voice.spec.ts', '**/forms.spec.ts', '**/site-search.spec.ts']

/**
 * End-to-end tests against the BUILT site (`npm test` builds `dist/` first), served as production serves it
 * (scripts/serve.ts: precompressed brotli/gzip, `_headers`, 404 pages). Browser: Debian Chromium (see scripts/chromium.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries, in CI too: a test that passes only on a second try is a failure to fix, not to hide.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PW_REPORTER ? [['list'], ['json', { outputFile: process.env.PW_REPORTER }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'off',
  },
  projects: [
    // The e2e build's project first: Playwright hands out test groups in this order, and voice.spec.ts is one
    // serial group of ~130 s (its Realtime server has a fixed port). Listed last, it started when the other worker
    // had ~5 s of work left and ran alone for ~2 min; listed first, it runs beside the site's specs.
    {
      name: 'e2e-build',
      testMatch: E2E_BUILD_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions(),
        baseURL: `http://127.0.0.1:${E2E_BUILD_PORT}`,
      },
    },
    {
      name: 'site',
      testIgnore: E2E_BUILD_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions(),
        baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
      },
    },
  ],
  webServer: [
    {
      // `npm run preview`: the second half of the README's `npm start` (the first is `npm run build`, run by `npm test`).
      command: `npm run --silent preview -- --host 127.0.0.1`,
      url: `http://127.0.0.1:${PREVIEW_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `node --import tsx scripts/serve.ts --dir dist-e2e --port ${E2E_BUILD_PORT} --host 127.0.0.1`,
      url: `http://127.0.0.1:${E2E_BUILD_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
