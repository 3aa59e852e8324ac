/**
 * The last step of `npm run build`: this site's own search index, so its widget's assistant can search every page
 * (`search_site`) and open one (`open_page`), as an owner's site does (README "Site search"). It runs the index
 * command owners run, over the built folder: `voiceos index --dir dist --origin <VITE_SITE_URL> --out
 * dist/site-index` (`dist-e2e/` with `SITE_VARIANT=e2e`). The origin is the site's public one, the origin of the
 * pages' canonical links: a preview of the build (`npm start`) carries those links, so its widget uses the index
 * too (src/voice/search/siteSearch.ts). The run's state file (for an incremental re-run) is kept out of the
 * published folder, in `node_modules/.cache/voiceos/`.
 * Exit code: the index command's (0 done, 1 the index could not be built, 2 usage).
 * @module
 */
import { join } from 'node:path'
import { loadEnv } from 'vite'
import { runIndexCommand } from './site-index/command'

/** Where the site publishes its index, relative to the site's root: what its widget is given as `siteIndex`. */
export const SITE_INDEX_DIR = 'site-index'

const variant = process.env.SITE_VARIANT === 'e2e' ? 'e2e' : undefined
const env = loadEnv(variant ?? 'production', process.cwd(), 'VITE_')
const siteUrl = (env.VITE_SITE_URL || 'https://voiceos.example.com').replace(/\/+$/, '')
const dir = variant ? 'dist-e2e' : 'dist'
const out = join(dir, SITE_INDEX_DIR)

const started = Date.now()
const state = join('node_modules', '.cache', 'voiceos', `${dir}-site-index.state.json.gz`)
const code = await runIndexCommand(['--dir', dir, '--origin', siteUrl, '--out', out, '--state', state], {
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
})
console.log(`site search index: ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(code)
