import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Files worth compressing: text formats (HTML, JS, CSS, SVG, JSON, XML, plain text, web manifests). */
const TEXT = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/i

/** Files smaller than this (bytes) are sent as they are: compression would not save a network packet. */
export const MIN_COMPRESS_BYTES = 1024

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file under `dir`
 * of at least {@link MIN_COMPRESS_BYTES}, so a static server (scripts/serve.ts, sirv with `brotli`/`gzip`) sends
 * the smallest encoding the browser accepts without compressing per request, as production hosts do.
 * Idempotent: a compressed file newer than its source is kept, so running it again (e.g. after a second build
 * writes into `dir/embed/`) only compresses what changed.
 *
 * @param dir build output folder (e.g. `dist`). @returns how many files it (re)compressed.
 */
export function precompress(dir: string): number {
  let count = 0
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name)
      const stat = statSync(path)
      if (stat.isDirectory()) walk(path)
      else if (TEXT.test(name) && stat.size >= MIN_COMPRESS_BYTES) {
        const fresh = (f: string) => {
          try {
            return statSync(f).mtimeMs >= stat.mtimeMs
          } catch {
            return false
          }
        }
        if (fresh(`${path}.br`) && fresh(`${path}.gz`)) continue
        const body = readFileSync(path)
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        )
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }))
        count++
      }
    }
  }
  walk(dir)
  return count
}
