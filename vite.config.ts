import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { localeProvenance } from './scripts/localeProvenance.ts'
import { postBuild } from './scripts/postbuild.ts'

// Kept in sync with src/i18n (LANGUAGES) and src/app/routes (PAGE_PATHS); the build-output test checks both.
const LANGUAGES = ['en', 'hi']
const PAGE_PATHS = ['/', '/pricing', '/feedback', '/waitlist']

/** `SITE_VARIANT=e2e`: the end-to-end test build (mode `e2e`, `.env.e2e`, output `dist-e2e/`). */
const variant = process.env.SITE_VARIANT === 'e2e' ? 'e2e' : undefined

export default defineConfig(({ mode: cliMode }) => {
  const mode = variant ?? cliMode
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const siteUrl = (env.VITE_SITE_URL || 'https://voiceos.example.com').replace(/\/+$/, '')
  return {
    mode,
    plugins: [react(), localeProvenance()],
    build: {
      outDir: variant ? 'dist-e2e' : 'dist',
      target: 'es2022',
      reportCompressedSize: false,
      sourcemap: !!process.env.ANALYZE,
    },
    ssgOptions: {
      entry: 'src/main.tsx',
      ...(variant && { mode: variant }),
      script: 'async',
      beastiesOptions: false,
      onFinished(dir) {
        return postBuild(
          dir,
          siteUrl,
          PAGE_PATHS,
          LANGUAGES.map((l) => (l === 'en' ? '' : `/${l}`)),
          {
            vapiApiBaseUrl: env.VITE_VAPI_API_BASE_URL || 'https://api.vapi.ai',
            supabaseUrl: env.VITE_SUPABASE_URL || '',
            waitlistEndpoint: env.VITE_WAITLIST_ENDPOINT || '',
          },
        )
      },
    },
  }
})
