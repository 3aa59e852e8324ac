#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in name order with tsx, one process each, and
// collects their markdown output under bench/results/. Each suite prints its own table.
import { readdirSync, mkdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

// Words filter suites by file name (`npm run bench -- site`); a word that names a suite exactly (`<word>.bench.ts`)
// picks that suite alone, so `-- search` does not also run search-quality.bench.ts. `--flags` are passed to every
// suite (`-- --quick`).
const args = process.argv.slice(2)
const only = args.filter((a) => !a.startsWith('--'))
const flags = args.filter((a) => a.startsWith('--'))
const all = readdirSync('bench').filter((f) => f.endsWith('.bench.ts'))
const suites = all
  .filter(
    (f) =>
      only.length === 0 || only.some((o) => (all.includes(`${o}.bench.ts`) ? f === `${o}.bench.ts` : f.includes(o))),
  )
  .sort()
if (suites.length === 0) {
  console.error(`No bench/*.bench.ts matches ${only.join(', ')}.`)
  process.exit(1)
}
mkdirSync('bench/results', { recursive: true })
let failed = 0
for (const suite of suites) {
  console.log(`\n=== bench/${suite} ===`)
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${suite}`, ...flags], { stdio: 'inherit' })
  if (r.status !== 0) {
    failed++
    console.error(`bench/${suite} exited with ${r.status}`)
  }
}
process.exit(failed ? 1 : 0)
