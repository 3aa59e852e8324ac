import { test } from '@playwright/test'
import { chromiumLaunchOptions } from '../../scripts/chromium'

/**
 * CORS headers of the local `POST /call/web` stand-in (tests/servers/platform-server.ts) for an embed served from
 * another origin: the loader sends `authorization` and `content-type`, so the browser asks first (`OPTIONS`).
 */
export const STAND_IN_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'POST, OPTIONS',
}

/**
 * Runs the calling spec file's tests in order, in Chromium with a fake microphone that is already granted (no
 * prompt): what a press needs to get to `getUserMedia` and on to a call. Call at the top level of the spec.
 */
export function withGrantedFakeMicrophone(): void {
  const launch = chromiumLaunchOptions()
  test.use({
    launchOptions: {
      ...launch,
      args: [...launch.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    },
    permissions: ['microphone'],
  })
  test.describe.configure({ mode: 'serial' })
}
