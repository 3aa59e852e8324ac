import { existsSync } from 'node:fs'

/** Flags that keep Chromium quiet on a machine with no outside network (STACK.md, "Browser for tests"). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
]

/**
 * Finds the Chromium the tests drive, in this order:
 * 1. `CHROMIUM_PATH` (must exist), 2. Debian's `/usr/bin/chromium`, 3. Playwright's own browser
 * (returns `undefined` so Playwright uses the one `npx playwright install chromium` put in its cache).
 * @returns an absolute executable path, or `undefined` for Playwright's own browser.
 * @throws Error when `CHROMIUM_PATH` is set to a missing file.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`)
    return fromEnv
  }
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(p)) return p
  return undefined
}

/** Playwright `launchOptions` for the browser found by {@link findChromium}. */
export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  const executablePath = findChromium()
  return executablePath ? { executablePath, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS }
}
