import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * Flags that keep Chromium quiet on a machine with no outside network: without the background-networking
 * flags it floods a closed network with refused connections at every start.
 */
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

/** Where Debian's and Ubuntu's `chromium` packages put the browser. */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

/** Debian packages the browser tests need: the browser, and the Latin + Devanagari faces the visual baselines use. */
export const DEBIAN_TEST_PACKAGES = ['chromium', 'fonts-noto-core'] as const

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
  for (const p of SYSTEM_CHROMIUM_PATHS) if (existsSync(p)) return p
  return undefined
}

/** Playwright `launchOptions` for the browser found by {@link findChromium}. */
export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  const executablePath = findChromium()
  return executablePath ? { executablePath, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS }
}

/** What {@link provisionBrowser} may do on this machine, and how (injectable for tests). */
export interface ProvisionEnvironment {
  /** A browser found without installing anything (see {@link findChromium}), or `undefined`. */
  find(): string | undefined
  /** Path of Playwright's own Chromium if it is installed, else `undefined`. */
  playwrightBrowser(): string | undefined
  /** True when running as root on Debian or Ubuntu with apt-get on the PATH. */
  canApt(): boolean
  /** Debian packages of {@link DEBIAN_TEST_PACKAGES} not installed yet (`[]` off Debian). */
  missingPackages(): string[]
  /** Runs a command with inherited output; resolves its exit status. */
  run(cmd: string, args: string[]): number
  /** Progress and instructions (stdout). */
  say(line: string): void
}

/** The result of {@link provisionBrowser}: the browser to use, or why none could be had. */
export type ProvisionResult = { ok: true; path: string; installed: string[] } | { ok: false; message: string }

/** The one command a person runs when no browser can be provisioned automatically. */
export const MANUAL_INSTALL_HINT =
  'No Chromium for the browser tests. Run: sudo apt-get install -y chromium fonts-noto-core ' +
  '(Debian/Ubuntu; or set CHROMIUM_PATH to a Chromium or Chrome binary), then npm test again.'

/**
 * Makes sure the browser tests have a Chromium, so `npm install` + `npm test` are the whole set-up:
 * 1. `CHROMIUM_PATH`, `/usr/bin/chromium`, or Playwright's browser if one is installed — used as they are;
 * 2. otherwise, as root on Debian/Ubuntu, `apt-get install chromium fonts-noto-core` (announced first);
 * 3. otherwise `npx playwright install chromium` (works where downloads are allowed);
 * 4. otherwise `{ ok: false }` with {@link MANUAL_INSTALL_HINT}.
 * On Debian, missing baseline fonts (`fonts-noto-core`) are installed as root even when a browser exists.
 * Never throws: a failing install step falls through to the next way.
 */
export function provisionBrowser(env: ProvisionEnvironment): ProvisionResult {
  const installed: string[] = []
  const aptInstall = (pkgs: string[]): boolean => {
    env.say(`Installing ${pkgs.join(' and ')} with apt-get (the browser tests need them)…`)
    if (env.run('apt-get', ['update', '-qq']) !== 0) return false
    const ok = env.run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs]) === 0
    if (ok) installed.push(...pkgs)
    return ok
  }
  let found: string | undefined
  try {
    found = env.find() ?? env.playwrightBrowser()
  } catch (e) {
    return { ok: false, message: `${String(e instanceof Error ? e.message : e)}\n${MANUAL_INSTALL_HINT}` }
  }
  const missing = env.canApt() ? env.missingPackages().filter((p) => !(found && p === 'chromium')) : []
  if (missing.length > 0) aptInstall(missing)
  if (!found) found = env.find()
  if (!found) {
    env.say('No Chromium found and apt-get is not available as root: trying `npx playwright install chromium`…')
    if (env.run('npx', ['playwright', 'install', 'chromium']) === 0) found = env.playwrightBrowser()
  }
  return found ? { ok: true, path: found, installed } : { ok: false, message: MANUAL_INSTALL_HINT }
}

/** The real machine: Debian detection through `/etc/debian_version` and `dpkg -s`, Playwright's registry path. */
export function systemProvisionEnvironment(playwrightExecutablePath: () => string): ProvisionEnvironment {
  const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0
  return {
    find: findChromium,
    playwrightBrowser() {
      try {
        const p = playwrightExecutablePath()
        return p && existsSync(p) ? p : undefined
      } catch {
        return undefined
      }
    },
    canApt: () => process.getuid?.() === 0 && existsSync('/etc/debian_version') && has('apt-get'),
    missingPackages: () =>
      existsSync('/etc/debian_version') && has('dpkg')
        ? DEBIAN_TEST_PACKAGES.filter((p) => spawnSync('dpkg', ['-s', p], { stdio: 'ignore' }).status !== 0)
        : [],
    run: (cmd, args) =>
      spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ??
      1,
    say: (line) => console.log(line),
  }
}
