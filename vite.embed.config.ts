/**
 * Build of the embed (README "Add VoiceOS to your site"), chained after the site's build:
 * `dist/embed/voiceos.js` (the loader a host page adds with one script tag), `dist/embed/chunks/*` (the
 * widget, loaded on idle; the session, engine, daily-js and supabase-js, loaded on the mic press) and the demo
 * page `dist/embed/demo.html`. `SITE_VARIANT=e2e` builds the e2e variant into `dist-e2e/embed/` (scripted
 * engine, `.env.e2e`). Its own config so the site's build and the embed's never share chunks or plugins.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { contentSecurityPolicy } from './scripts/csp.ts'
import { localeProvenance } from './scripts/localeProvenance.ts'

const variant = process.env.SITE_VARIANT === 'e2e' ? 'e2e' : undefined
const siteOut = variant ? 'dist-e2e' : 'dist'
const outDir = `${siteOut}/embed`
/** Placeholder ids of the e2e demo page (its scripted engine needs no real keys). */
const E2E_DEMO_ID = '00000000-0000-4000-8000-000000000000'

const APP_PLACEHOLDER = '__VOICEOS_APP_CHUNK__'

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+; v8.dev "Explicit compile hints") at
 * the very top of the chunks whose functions all run together: the widget's (at the mount, on idle) and the
 * press's. V8 compiles them eagerly as they arrive instead of each function on the main thread the first time it
 * is called — inside the mount's task on the host page, or between the platform's answer and Listening. Other
 * browsers read a comment.
 */
function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'voiceos-compile-hints',
    enforce: 'post',
    generateBundle: {
      // after Vite's own generateBundle, which puts its preload map (`__vite__mapDeps`) on the first line
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunkNames.includes(chunk.name)) {
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
          }
        }
      },
    },
  }
}

/**
 * Tells the loader the widget chunk's hashed name, and makes the loader a classic script: refuses a build whose
 * loader has a static `import`/`export` or uses `import.meta` (both invalid outside modules), and wraps it in a
 * function so it leaves no global but the `VoiceOS` it assigns.
 */
function classicLoader(): Plugin {
  return {
    name: 'voiceos-classic-loader',
    generateBundle(_options, bundle) {
      const entry = bundle['voiceos.js']
      const app = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'app')
      if (!entry || entry.type !== 'chunk' || !app) this.error('the build has no voiceos.js or no widget chunk')
      if (!entry.code.includes(APP_PLACEHOLDER)) this.error(`voiceos.js lacks ${APP_PLACEHOLDER}`)
      entry.code = entry.code.replace(APP_PLACEHOLDER, `./${app.fileName}`)
      if (entry.imports.length || entry.exports.length) {
        this.error(
          `voiceos.js must be a classic script, but it imports ${entry.imports.join(', ') || '-'} and exports ${entry.exports.join(', ') || '-'}: keep modules shared with the widget out of src/embed/voiceos.ts`,
        )
      }
      if (/import\.meta/.test(entry.code)) this.error('voiceos.js uses import.meta, which a classic script cannot')
      entry.code = `/*! VoiceOS embed */(()=>{${entry.code}\n})();\n`
    },
  }
}

const CALL_CHUNKS_PLACEHOLDER = /(["'`])__VOICEOS_CALL_CHUNKS__\1/g

/**
 * Tells the widget which chunks the call needs (src/voice/widget/engine.ts `CALL_CHUNKS`), so it can fetch them
 * all at intent with `<link rel="modulepreload">` in one parallel round trip without running any: the chunks
 * holding the voice session, the engine, the platform's web-call client and daily-js (whichever module stands
 * for it), and every chunk they import statically. Chunks of later needs (the Realtime channel's client, the
 * scripted engine) are left out.
 */
export function callChunks(): Plugin {
  const roots = [
    /src\/voice\/session\/session\.ts$/,
    /src\/voice\/engine\/index\.ts$/,
    /src\/platform\/web-call\.ts$/,
    /@daily-co\/daily-js|daily-standin\.ts$/,
  ]
  return {
    name: 'voiceos-call-chunks',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
      const byName = new Map(chunks.map((c) => [c.fileName, c]))
      const wanted = new Set<string>()
      const add = (fileName: string) => {
        const chunk = byName.get(fileName)
        if (!chunk || wanted.has(fileName)) return
        wanted.add(fileName)
        for (const dep of chunk.imports) add(dep)
      }
      for (const root of roots) {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => root.test(id.replace(/\\/g, '/'))))
        if (chunk) add(chunk.fileName)
        else this.warn(`no chunk holds ${root}: the widget will not preload it`)
      }
      let replaced = 0
      for (const chunk of chunks) {
        if (!CALL_CHUNKS_PLACEHOLDER.test(chunk.code)) continue
        CALL_CHUNKS_PLACEHOLDER.lastIndex = 0
        // Less what the reading chunk has already loaded (itself and its static imports); names relative to
        // it (all chunks share one folder).
        const loaded = new Set<string>()
        const mark = (f: string) => {
          if (loaded.has(f)) return
          loaded.add(f)
          for (const dep of byName.get(f)?.imports ?? []) mark(dep)
        }
        mark(chunk.fileName)
        const names = [...wanted].filter((f) => !loaded.has(f)).map((f) => `./${f.split('/').pop()}`)
        chunk.code = chunk.code.replace(CALL_CHUNKS_PLACEHOLDER, () => JSON.stringify(JSON.stringify(names)))
        replaced++
      }
      CALL_CHUNKS_PLACEHOLDER.lastIndex = 0
      if (!replaced) this.error('no chunk holds __VOICEOS_CALL_CHUNKS__ (src/voice/widget/engine.ts)')
    },
  }
}

/**
 * Emits the demo page (`demo.html`, `demo.css`, `demo.js`) with the build's public keys on its script tag
 * (empty → the widget explains what is missing) and a strict CSP meta, and adds the embed's response headers
 * to the site's `_headers` (CORS: a host page imports the chunks from another origin; the demo's CSP).
 */
function demoPage(env: Record<string, string>): Plugin {
  const src = 'src/embed/demo'
  let demoPolicy = ''
  return {
    name: 'voiceos-demo-page',
    generateBundle() {
      const supabaseUrl = env.VITE_SUPABASE_URL ?? ''
      const policy = contentSecurityPolicy(
        { vapiApiBaseUrl: env.VITE_VAPI_API_BASE_URL || 'https://api.vapi.ai', supabaseUrl, waitlistEndpoint: '' },
        [],
      ).replace("style-src 'self' 'unsafe-inline'", "style-src 'self'")
      demoPolicy = policy
      const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
      const html = readFileSync(join(src, 'demo.html'), 'utf8')
        .replace('%CSP_META%', `<meta http-equiv="Content-Security-Policy" content="${attr(policy)}">`)
        .replace('%PUBLIC_KEY%', attr(env.VITE_VAPI_PUBLIC_KEY || (variant ? E2E_DEMO_ID : '')))
        .replace('%ASSISTANT_ID%', attr(env.VITE_VAPI_ASSISTANT_ID || (variant ? E2E_DEMO_ID : '')))
        .replace('%SUPABASE_URL%', attr(supabaseUrl))
        .replace('%SUPABASE_ANON_KEY%', attr(env.VITE_SUPABASE_ANON_KEY ?? ''))
      this.emitFile({ type: 'asset', fileName: 'demo.html', source: html })
      for (const f of ['demo.css', 'demo.js'])
        this.emitFile({ type: 'asset', fileName: f, source: readFileSync(join(src, f)) })
    },
    closeBundle() {
      const headers = join(dirname(outDir), '_headers')
      if (!existsSync(headers) || readFileSync(headers, 'utf8').includes('\n/embed/*')) return
      appendFileSync(
        headers,
        [
          '',
          '/embed/*',
          '  Access-Control-Allow-Origin: *',
          '  Cross-Origin-Resource-Policy: cross-origin',
          '',
          '/embed/demo',
          `  Content-Security-Policy: ${demoPolicy}`,
          '',
        ].join('\n'),
      )
    },
  }
}

export default defineConfig(({ mode: cliMode }) => {
  const mode = variant ?? cliMode
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  return {
    mode,
    base: './',
    publicDir: false,
    plugins: [
      localeProvenance(),
      classicLoader(),
      callChunks(),
      demoPage(env),
      compileHints(['call', 'common', 'conversationView', 'app', 'dom']),
    ],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      // A dynamic import preloads its static imports in parallel (<link rel=modulepreload> next to this script's URL):
      // the press's chain is one round trip, not one per level. No polyfill: every browser the embed supports has it.
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
      copyPublicDir: false,
      rollupOptions: {
        // Two entries: the loader (a classic script) and the widget chunk it imports on idle by URL.
        input: { voiceos: 'src/embed/voiceos.ts', app: 'src/embed/app.ts' },
        preserveEntrySignatures: 'exports-only',
        output: {
          format: 'es',
          entryFileNames: (chunk) => (chunk.name === 'voiceos' ? 'voiceos.js' : 'chunks/[name]-[hash].js'),
          // The local mode's chunk (src/voice/local: its engine, grammar reader, answers and recognizer) is named
          // 'local', not after its entry file 'engine' (the budget test and `npm run bench -- local` find it by name).
          chunkFileNames: (chunk) =>
            chunk.facadeModuleId && /src[\\/]voice[\\/]local[\\/]engine\.ts$/.test(chunk.facadeModuleId)
              ? 'chunks/local-[hash].js'
              : 'chunks/[name]-[hash].js',
          // The call's own code in one chunk (README "How fast the press is"): on intent the widget preloads the
          // call's chunks in parallel, and a browser opens at most 6 HTTP/1.1 connections to the embed's origin —
          // ten small chunks took two round trips. The engine and the platform's web-call client go together
          // ('call'; daily-js stays its own, cacheable across releases); the session's wiring, which the local mode
          // runs too, is 'session', so a local press never loads the call's engine. The modules the idle widget
          // itself imports keep their own chunks (higher priority), so neither loads before intent.
          codeSplitting: {
            groups: [
              { name: 'preload-helper', test: /preload-helper/, priority: 3 },
              { name: 'prestart', test: /src[\\/]voice[\\/]engine[\\/]prestart\.ts$/, priority: 3 },
              { name: 'handoffRecord', test: /src[\\/]voice[\\/]session[\\/]handoffRecord\.ts$/, priority: 3 },
              // What the call shares with the typed chat (src/voice/chat): the platform's request core and errors (not
              // its event-stream parser, which only the chat reads), the problem kinds, the record tag every added
              // message ends with (src/voice/context/record.ts) and the compiler's class-field helpers — so opening a
              // chat never loads the call's chunk.
              {
                name: 'common',
                test: /src[\\/](platform[\\/]core[\\/](?!sse\.ts$)|voice[\\/]session[\\/]problems\.ts$|voice[\\/]context[\\/]record\.ts$)|@oxc-project[\\/+]runtime/,
                priority: 2,
              },
              // What the call shares with the local mode (src/voice/local): the session's wiring, the handoff across
              // page loads, the message fitting and the engine's event emitter and message shapes — so a press in
              // local mode never loads the web call's engine.
              {
                name: 'session',
                test: /src[\\/]voice[\\/](session[\\/](session|handoff)\.ts$|context[\\/]fit\.ts$|engine[\\/](emitter|appMessage|messages)\.ts$)/,
                priority: 2,
              },
              {
                name: 'call',
                test: /src[\\/](voice[\\/]engine[\\/](?!diagnostics\.ts$)|platform[\\/]web-call\.ts$)/,
                priority: 1,
              },
              // Only after a failed start (the widget's network check), never at the press.
              { name: 'diagnostics', test: /src[\\/]voice[\\/]engine[\\/]diagnostics\.ts$/, priority: 0 },
            ],
          },
        },
      },
    },
  }
})
