import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { postBuild } from './scripts/postbuild.ts'
import { prerenderedPreview } from './scripts/previewServer.ts'

// Kept in sync with src/i18n (LANGUAGES) and src/app/routes (PAGE_PATHS); the build-output test checks both.
const LANGUAGES = ['en']
const PAGE_PATHS = ['/', '/pricing', '/feedback', '/waitlist']

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const siteUrl = (env.VITE_SITE_URL || 'https://voiceos.example.com').replace(/\/+$/, '')
  return {
    plugins: [react(), prerenderedPreview(LANGUAGES.filter((l) => l !== 'en'))],
    preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
    build: { target: 'es2022', reportCompressedSize: false },
    ssgOptions: {
      entry: 'src/main.tsx',
      script: 'async',
      beastiesOptions: false,
      onFinished(dir) {
        postBuild(dir, siteUrl, PAGE_PATHS, LANGUAGES.map((l) => (l === 'en' ? '' : `/${l}`)))
      },
    },
  }
})
