/**
 * The `voiceos` package as a site owner installs it (README "The package"): `npm pack` of packages/voiceos
 * (built by `npm run build:package`), installed into an empty folder outside the repository with `--offline`
 * and an empty npm cache (the tarball carries everything: no registry, no other package); then
 *
 * - `npx voiceos --help` and `npx voiceos create --dry-run` run the bundled CLI on plain Node;
 * - the installed `dist/` is served from its own 127.0.0.1 origin and a third-party page adds `voiceos.js` by
 *   script tag with the Subresource Integrity hash the build wrote: the widget appears, a call starts against
 *   the local `POST /call/web` stand-in and the assistant's tool call clicks a button of the page. Only
 *   daily-js's chunk is answered by the Daily stand-in (tests/servers/daily-standin.ts): daily-js talks to
 *   Daily's cloud, which is not reachable here — the package's own code runs as installed;
 * - `<voiceos-widget>` on a page shows the widget;
 * - a page that imports `voiceos` type-checks against the installed declarations (tsc, strict) and is built by
 *   Vite, served, and runs: `init()` shows the widget, `destroy()` removes it.
 */
import { expect, test, type Page } from '@playwright/test'
import { build as esbuild } from 'esbuild'
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build as viteBuild } from 'vite'
import { STAND_IN_CORS, withGrantedFakeMicrophone } from './embedStandIn'
import { DAILY_STANDIN } from '../../bench/lib/standins'
import { startPlatformServer, type PlatformServer } from '../servers/platform-server'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'
import { WEB_CALL } from '../unit/engine/fakes'

const PACKAGE_DIR = resolve('packages/voiceos')
const KEY = 'pk_e2e_0000000000'
const ASSISTANT = '00000000-0000-4000-8000-000000000001'
withGrantedFakeMicrophone()

let work: string
/** The site owner's project: an empty folder where only the tarball was installed. */
let project: string
let installed: string
let platform: PlatformServer
let embed: StaticOrigin
let host: StaticOrigin
let bundled: StaticOrigin
let dailyStandIn: string

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 180_000 })
  if (r.error) throw r.error
  return r
}

/** npm with a cache of its own (empty) and no registry access, as on a machine that has only the tarball. */
const npmEnv = () => ({ npm_config_cache: join(work, 'npm-cache'), npm_config_update_notifier: 'false' })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  if (!existsSync(join(PACKAGE_DIR, 'dist/voiceos.js')) || !existsSync(join(PACKAGE_DIR, 'dist/cli.js')))
    throw new Error('packages/voiceos is not built: run `npm run build:package`')
  work = mkdtempSync(join(tmpdir(), 'voiceos-install-'))
  const packed = run('npm', ['pack', '--json', '--pack-destination', work], PACKAGE_DIR, npmEnv())
  expect(packed.status, packed.stderr).toBe(0)
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[]
  // No dev file in the tarball: the built package, its README, CHANGELOG and package.json.
  for (const { path } of info!.files)
    expect(path).toMatch(
      /^(dist\/(voiceos\.js|voiceos\.js\.sri|cli\.js|chunks\/.+\.js|module\/.+\.(js|d\.ts))|README\.md|CHANGELOG\.md|package\.json)$/,
    )

  project = join(work, 'site')
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'owner-site', private: true, type: 'module' }))
  const install = run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', join(work, info!.filename)],
    project,
    npmEnv(),
  )
  expect(install.status, install.stderr).toBe(0)
  installed = join(project, 'node_modules/voiceos')
  // Nothing but the package was installed.
  expect(readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['voiceos'])

  const standIn = await esbuild({
    entryPoints: [DAILY_STANDIN],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  })
  dailyStandIn = standIn.outputFiles[0]!.text

  platform = await startPlatformServer()
  platform.fallback = (r) =>
    r.method === 'OPTIONS'
      ? { status: 204, headers: STAND_IN_CORS }
      : { status: 201, headers: STAND_IN_CORS, body: WEB_CALL, delayMs: 50 }
  embed = await startStaticOrigin({
    port: 0,
    root: join(installed, 'dist'),
    headers: () => ({ 'access-control-allow-origin': '*' }),
  })
  const sri = readFileSync(join(installed, 'dist/voiceos.js.sri'), 'utf8').trim()
  const pages = join(work, 'host')
  mkdirSync(pages)
  const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>'
  writeFileSync(
    join(pages, 'index.html'),
    `${head}<main><h1>Host</h1><button type="button" onclick="this.textContent='Order placed'">Place order</button></main>` +
      `<script src="%EMBED%/voiceos.js" integrity="${sri}" crossorigin="anonymous" data-public-key="${KEY}" data-assistant-id="${ASSISTANT}" data-api-base-url="%API%" async></script></body></html>`,
  )
  writeFileSync(
    join(pages, 'element.html'),
    `${head}<main><h1>Element</h1></main><script src="%EMBED%/voiceos.js" async></script>` +
      `<voiceos-widget public-key="${KEY}" assistant-id="${ASSISTANT}" api-base-url="%API%" title="Ask the shop" theme="dark"></voiceos-widget></body></html>`,
  )
  host = await startStaticOrigin({ port: 0, root: pages, vars: { EMBED: embed.origin, API: platform.url } })
})

test.afterAll(async () => {
  await Promise.all([platform?.close(), embed?.close(), host?.close(), bundled?.close()])
  if (work) rmSync(work, { recursive: true, force: true })
})

/** Answers daily-js's chunk of the installed embed with the Daily stand-in (Daily's cloud is not reachable here). */
async function standInForDaily(page: Page): Promise<void> {
  await page.route(/\/chunks\/daily-esm-[\w-]+\.js$/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      headers: { 'access-control-allow-origin': '*' },
      body: dailyStandIn,
    }),
  )
}

test('npx voiceos --help and create --dry-run run the installed CLI on plain Node', () => {
  const help = run('npx', ['--offline', 'voiceos', '--help'], project, npmEnv())
  expect(help.status, help.stderr).toBe(0)
  expect(help.stdout).toContain('Usage: npx voiceos <create|update|show|index|report> [options]')
  const version = run('npx', ['--offline', 'voiceos', '--version'], project, npmEnv())
  expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version)

  const dry = run('npx', ['--offline', 'voiceos', 'create', '--dry-run'], project, {
    ...npmEnv(),
    VAPI_PRIVATE_KEY: '',
  })
  expect(dry.status, dry.stderr).toBe(0)
  const [request, , , ...body] = dry.stdout.trimEnd().split('\n')
  expect(request).toBe('POST https://api.vapi.ai/assistant')
  const assistant = JSON.parse(body.join('\n')) as { name: string; model: { tools: unknown[] } }
  expect(assistant.name).toBe('VoiceOS')
  expect(assistant.model.tools.length).toBeGreaterThanOrEqual(5)
  expect(dry.stderr).toContain('Dry run: nothing was sent.')

  const wrong = run('npx', ['--offline', 'voiceos', 'deploy'], project, npmEnv())
  expect(wrong.status).toBe(2)
  expect(wrong.stderr).toContain('Run  npx voiceos --help  for the options.')
})

test('a third-party page: voiceos.js by script tag with its integrity hash, the widget, a call, a voice click', async ({
  page,
}) => {
  await standInForDaily(page)
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  await page.goto(`${host.origin}/index.html`)
  const mic = page.getByRole('button', { name: 'Start voice assistant' })
  await expect(mic).toBeVisible({ timeout: 15_000 })
  expect(await page.evaluate(() => (window as unknown as { VoiceOS: { version: string } }).VoiceOS.version)).toBe(
    '1.0.0',
  )

  await mic.click()
  const widget = page.getByTestId('voice-widget')
  await expect(widget).toHaveAttribute('data-status', 'listening')
  const post = platform.requests.find((r) => r.method === 'POST' && r.path === '/call/web')
  expect(post?.headers.authorization).toBe(`Bearer ${KEY}`)
  expect(post?.json).toMatchObject({ assistantId: ASSISTANT })

  // The assistant's tool call, as the room delivers it (Vapi's `tool-calls` client message).
  await page.evaluate(() => {
    const call = (window as unknown as { __dailyCalls: { appMessage(m: unknown): void }[] }).__dailyCalls.at(-1)!
    call.appMessage(
      JSON.stringify({
        type: 'tool-calls',
        toolCallList: [
          {
            id: 'tc-1',
            type: 'function',
            function: { name: 'click_element', arguments: { targetText: 'Place order' } },
          },
        ],
      }),
    )
  })
  await expect(page.getByRole('button', { name: 'Order placed' })).toBeVisible()
  await page.getByRole('button', { name: 'Stop voice assistant' }).click()
  await expect(widget).toHaveAttribute('data-status', 'idle')
  expect(errors).toEqual([])
})

test('<voiceos-widget> with its settings as attributes shows the widget', async ({ page }) => {
  await page.goto(`${host.origin}/element.html`)
  const widget = page.getByTestId('voice-widget')
  await expect(page.getByRole('button', { name: 'Start voice assistant' })).toBeVisible({ timeout: 15_000 })
  await expect(widget).toHaveClass(/\bdark\b/)
  await expect(widget).toHaveAttribute('aria-label', 'Ask the shop')
  await page.evaluate(() => document.querySelector('voiceos-widget')!.remove())
  await expect(page.locator('[data-voiceos]')).toHaveCount(0)
})

test("a Vite build of a page that imports 'voiceos' type-checks and runs", async ({ page }) => {
  test.setTimeout(180_000)
  const app = project
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bundled</title></head><body><main><h1>Bundled</h1></main><script type="module" src="/main.ts"></script></body></html>',
  )
  writeFileSync(
    join(app, 'main.ts'),
    [
      "import { init, destroy, version, type VoiceOSSettings } from 'voiceos'",
      '',
      "const settings: VoiceOSSettings = { publicKey: 'pk_e2e_0000000000', assistantId: '00000000-0000-4000-8000-000000000001', theme: 'light', position: 'bottom-left' }",
      "const element: HTMLElement = document.createElement('voiceos-widget')",
      'const shown: boolean = init(settings)',
      'Object.assign(window, { __voiceos: { shown, version, destroy, element: element.localName } })',
      '',
    ].join('\n'),
  )
  // Settings the types refuse: a misspelt mode and an unknown setting.
  writeFileSync(
    join(app, 'wrong.ts'),
    "import { init } from 'voiceos'\ninit({ mode: 'voic', publicKey: 'k' })\ninit({ colour: 'red' })\n",
  )
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM'],
      strict: true,
      noEmit: true,
      types: [],
      skipLibCheck: false,
    },
  }
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ ...tsconfig, files: ['main.ts'] }))
  writeFileSync(join(app, 'tsconfig.wrong.json'), JSON.stringify({ ...tsconfig, files: ['wrong.ts'] }))
  const tsc = resolve('node_modules/typescript/bin/tsc')
  const ok = run(process.execPath, [tsc, '-p', 'tsconfig.json'], app)
  expect(ok.status, ok.stdout + ok.stderr).toBe(0)
  const wrong = run(process.execPath, [tsc, '-p', 'tsconfig.wrong.json'], app)
  expect(wrong.status).not.toBe(0)
  expect(wrong.stdout).toMatch(/wrong\.ts\(2,.*'"voic"' is not assignable/)
  expect(wrong.stdout).toMatch(/wrong\.ts\(3,.*'colour' does not exist/)

  await viteBuild({ root: app, configFile: false, logLevel: 'warn', build: { outDir: join(app, 'dist') } })
  bundled = await startStaticOrigin({ port: 0, root: join(app, 'dist') })
  await page.goto(`${bundled.origin}/index.html`)
  await expect(page.getByRole('button', { name: 'Start voice assistant' })).toBeVisible({ timeout: 15_000 })
  expect(await page.evaluate(() => (window as unknown as { __voiceos: object }).__voiceos)).toMatchObject({
    shown: true,
    version: '1.0.0',
    element: 'voiceos-widget',
  })
  await expect(page.getByTestId('voice-widget')).toHaveClass(/\bleft\b/)
  await expect(page.getByTestId('voice-widget')).not.toHaveClass(/\bdark\b/)
  await page.evaluate(() => (window as unknown as { __voiceos: { destroy(): void } }).__voiceos.destroy())
  await expect(page.locator('[data-voiceos]')).toHaveCount(0)
})
