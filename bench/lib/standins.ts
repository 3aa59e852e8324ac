/**
 * Builds of the embed and of `@vapi-ai/web` that run against local stand-ins (bench/press.bench.ts and the
 * embed's live-engine end-to-end tests): `@daily-co/daily-js` is aliased to the Daily stand-in
 * (tests/servers/daily-standin.ts), nothing else changes — the embed is built by its own Vite config, the
 * reference is bundled as a host page would bundle it.
 */
import { build as esbuild } from 'esbuild'
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as viteBuild, mergeConfig, type UserConfig } from 'vite'
import embedConfig from '../../vite.embed.config.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** The Daily stand-in module every stand-in build uses in place of daily-js. */
export const DAILY_STANDIN = join(root, 'tests/servers/daily-standin.ts')

/** Builds the production embed (live engine) with daily-js replaced by the stand-in into `outDir` (e.g. `bench/.out/embed`). */
export async function buildStandInEmbed(outDir: string): Promise<void> {
  const base = typeof embedConfig === 'function' ? embedConfig({ command: 'build', mode: 'production' }) : embedConfig
  const config = mergeConfig(base, {
    logLevel: 'warn',
    resolve: { alias: [{ find: /^@daily-co\/daily-js$/, replacement: DAILY_STANDIN }] },
    // BENCH_UNMINIFIED=1: readable function names in `--profile` (not for the table: minified is what ships).
    build: { outDir: resolve(root, outDir), emptyOutDir: true, ...(process.env.BENCH_UNMINIFIED && { minify: false }) },
  } satisfies UserConfig)
  await viteBuild({ ...config, configFile: false })
}

/**
 * Bundles a page script that constructs `@vapi-ai/web` 2.7.1 with the given key and API base, and starts a call
 * on `#start`'s click (daily-js replaced by the stand-in). Records `call-start` in `window.__press.listening`.
 */
export async function buildStandInVapi(outFile: string): Promise<void> {
  mkdirSync(dirname(resolve(root, outFile)), { recursive: true })
  await esbuild({
    stdin: {
      contents: `
        import Vapi from '@vapi-ai/web'
        const s = document.currentScript
        const vapi = new Vapi(s.dataset.publicKey, s.dataset.apiBaseUrl)
        const button = document.getElementById('start')
        vapi.on('call-start', () => { (window.__press ??= {}).listening ??= performance.now(); button.dataset.status = 'listening' })
        vapi.on('error', (e) => console.error('vapi error', e))
        button.addEventListener('click', () => { button.dataset.status = 'connecting'; vapi.start(s.dataset.assistantId) })
        button.disabled = false
      `,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    outfile: resolve(root, outFile),
    alias: { '@daily-co/daily-js': DAILY_STANDIN },
    logLevel: 'silent',
    legalComments: 'none',
  })
}
