/**
 * `npm run build:package`: builds the publishable `voiceos` package in `packages/voiceos/` (README "The
 * package"): its `dist/` holds
 *
 * - `voiceos.js` + `chunks/`: the embed for a script tag (CDN or self-hosted), built by vite.embed.config.ts
 *   exactly as `npm run build:embed` builds `dist/embed/`, without the demo page;
 * - `module/`: `import { init, destroy } from 'voiceos'` for bundlers (./src/embed/module.ts, ES modules the
 *   page's bundler splits further) and its type declarations (`module/index.d.ts`);
 * - `cli.js`: the `voiceos` command (scripts/cli.ts), one file for plain Node ≥ 20, every dependency bundled
 *   but native addons (./lazyPackages.ts), which the command that needs one loads on first use.
 *
 * Then prints the Subresource Integrity hash of `voiceos.js` and the CDN script tag carrying it, and writes
 * both to `dist/voiceos.js.sri` (the hash alone). Run `npm pack` / `npm publish` in `packages/voiceos/` after it.
 */
import { build as esbuild } from 'esbuild'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { build as viteBuild, mergeConfig, type Plugin, type UserConfig } from 'vite'
import embedConfig from '../vite.embed.config.ts'
import { lazyPackages } from './lazyPackages'
import { VERSION } from '../src/embed/version'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** The package's folder. */
export const PACKAGE_DIR = join(root, 'packages/voiceos')
const dist = join(PACKAGE_DIR, 'dist')

/** `sha384-…` of a file's bytes: the value of a script tag's `integrity` attribute (W3C Subresource Integrity). */
export function integrity(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`
}

const CALL_CHUNKS = /(["'`])__VOICEOS_CALL_CHUNKS__\1/g

/**
 * The module build's answer to the widget's `CALL_CHUNKS` placeholder (src/voice/widget/engine.ts): no chunk
 * names, since the page's bundler renames and regroups them; the bundler's own dynamic imports load the call.
 */
function noCallChunkNames(): Plugin {
  return {
    name: 'voiceos-module-call-chunks',
    renderChunk(code) {
      if (!CALL_CHUNKS.test(code)) return null
      CALL_CHUNKS.lastIndex = 0
      return { code: code.replace(CALL_CHUNKS, () => JSON.stringify('[]')), map: null }
    },
  }
}

async function buildEmbed(): Promise<void> {
  const base = typeof embedConfig === 'function' ? embedConfig({ command: 'build', mode: 'production' }) : embedConfig
  const config = mergeConfig(
    { ...base, plugins: (base.plugins ?? []).filter((p) => !(p && 'name' in p && p.name === 'voiceos-demo-page')) },
    {
      logLevel: 'warn',
      define: { 'import.meta.env.VITE_VOICE_ENGINE': JSON.stringify('live') },
      build: { outDir: dist, emptyOutDir: true },
    } satisfies UserConfig,
  )
  await viteBuild({ ...config, configFile: false })
}

async function buildModule(): Promise<void> {
  await viteBuild({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    define: {
      'import.meta.env.VITE_VOICE_ENGINE': JSON.stringify('live'),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    plugins: [noCallChunkNames()],
    build: {
      outDir: join(dist, 'module'),
      emptyOutDir: true,
      target: 'es2020',
      minify: true,
      reportCompressedSize: false,
      copyPublicDir: false,
      modulePreload: { polyfill: false },
      lib: { entry: join(root, 'src/embed/module.ts'), formats: ['es'], fileName: () => 'index.js' },
      rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  })
  const out = readFileSync(join(dist, 'module/index.js'), 'utf8')
  if (/__VOICEOS_CALL_CHUNKS__/.test(out)) throw new Error('module build kept the CALL_CHUNKS placeholder')
}

/**
 * Declarations of the module: TypeScript's own declaration emit of src/embed/module.ts, keeping the files its
 * declarations import (all in src/embed/; one outside is an error: the public types must not reach into the
 * widget). Relative specifiers get `.js`, so `moduleResolution: node16` finds them as well as `bundler`.
 */
function emitDeclarations(): string[] {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root)
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: join(root, 'src'),
    outDir: join(root, '.tmp/package-types'),
  }
  const program = ts.createProgram([join(root, 'src/embed/module.ts')], options)
  const emitted = new Map<string, string>()
  const result = program.emit(undefined, (file, text) => emitted.set(resolve(file), text), undefined, true)
  const errors = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  )
  if (errors.length) throw new Error(ts.formatDiagnostics(errors, ts.createCompilerHost(options)))
  const typesRoot = join(root, '.tmp/package-types')
  const kept: string[] = []
  // `rel`: the file's path under src/ without `.d.ts` (`embed/module`); written to dist/module/types/<rel>.d.ts.
  const keep = (rel: string) => {
    if (kept.includes(rel)) return
    const text = emitted.get(join(typesRoot, `${rel}.d.ts`))
    if (text === undefined) throw new Error(`the module's declarations import src/${rel}, which has none`)
    kept.push(rel)
    // Statements' specifiers (`… from './x'` at a line's start) and type references (`import("./x")`, which
    // the emitter writes with double quotes); not the same words inside doc comments.
    const rename = (spec: string) => {
      const target = relative(typesRoot, resolve(dirname(join(typesRoot, rel)), spec))
        .split('\\')
        .join('/')
      if (target.startsWith('..')) throw new Error(`src/${rel} imports ${spec}, outside src/`)
      keep(target)
      return `${spec}.js`
    }
    const rewritten = text
      .replace(
        /^((?:import|export)\b[^;]*?\bfrom\s+)(['"])(\.\.?\/[\w./-]+)\2/gm,
        (_m, lead: string, q: string, spec: string) => `${lead}${q}${rename(spec)}${q}`,
      )
      .replace(/import\("(\.\.?\/[\w./-]+)"\)/g, (_m, spec: string) => `import("${rename(spec)}")`)
    const out = join(dist, 'module/types', `${rel}.d.ts`)
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, rewritten)
  }
  keep('embed/module')
  writeFileSync(join(dist, 'module/index.d.ts'), "export * from './types/embed/module.js'\n")
  return kept
}

function bundleCli(): Promise<unknown> {
  return esbuild({
    entryPoints: [join(root, 'scripts/cli.ts')],
    outfile: join(dist, 'cli.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: false,
    legalComments: 'eof',
    // linkedom's optional canvas: a require in a try, falling back to its shim when absent.
    external: ['canvas'],
    // Native addons stay out of the bundle, loaded from the owner's node_modules by the command that needs them.
    plugins: [lazyPackages()],
    define: { 'process.env.VOICEOS_PACKAGE_VERSION': JSON.stringify(VERSION) },
    // A CommonJS dependency's require() of a Node built-in, inside an ES module.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __voiceosCreateRequire } from 'node:module';\nconst require = __voiceosCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
}

const started = Date.now()
const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }
if (pkg.version !== VERSION)
  throw new Error(`packages/voiceos/package.json is ${pkg.version} but src/embed/version.ts is ${VERSION}`)
rmSync(dist, { recursive: true, force: true })
await buildEmbed()
await buildModule()
const declarations = emitDeclarations()
await bundleCli()
rmSync(join(root, '.tmp/package-types'), { recursive: true, force: true })
if (!existsSync(join(dist, 'voiceos.js'))) throw new Error('no dist/voiceos.js')
mkdirSync(dist, { recursive: true })
const sri = integrity(readFileSync(join(dist, 'voiceos.js')))
writeFileSync(join(dist, 'voiceos.js.sri'), `${sri}\n`)
const cdn = `https://cdn.jsdelivr.net/npm/voiceos@${VERSION}/dist/voiceos.js`
console.log(
  [
    `voiceos ${VERSION} built in ${((Date.now() - started) / 1000).toFixed(1)} s → ${relative(root, dist)}/ (embed, module + ${declarations.length} declaration files, cli.js)`,
    `Subresource Integrity of dist/voiceos.js: ${sri}`,
    'CDN script tag (this exact version; the hash matches this file only):',
    `  <script src="${cdn}" integrity="${sri}" crossorigin="anonymous" data-public-key="YOUR_VAPI_PUBLIC_KEY" data-assistant-id="YOUR_ASSISTANT_ID" async></script>`,
  ].join('\n'),
)
