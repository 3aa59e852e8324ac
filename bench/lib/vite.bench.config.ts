/**
 * The project's vite.config.ts with the output directory taken from `BENCH_OUT_DIR`, so the bench builds into
 * its own folders (dist-bench/…) and never races the `dist/` that `npm test` and `npm start` serve.
 * `vite-react-ssg build` has no `--outDir` flag; `--config bench/lib/vite.bench.config.ts` is its way in.
 */
import { defineConfig, mergeConfig, type ConfigEnv } from 'vite'
import base from '../../vite.config'

export default defineConfig((env: ConfigEnv) => {
  const resolved = typeof base === 'function' ? base(env) : base
  const outDir = process.env.BENCH_OUT_DIR
  return outDir ? mergeConfig(resolved, { build: { outDir, emptyOutDir: true } }) : resolved
})
