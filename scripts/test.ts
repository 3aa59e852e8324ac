// `npm test`: every check, in order, stopping at the first red step:
//   1. type-check  2. unit tests (Node/happy-dom)  3. Storybook stories as tests (Chromium)
//   4. production build (site, then the embed)  5. Playwright end-to-end tests against the built site.
// Prints a closing "tests: N passed, N failed" line summed over the test steps.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { chromium } from 'playwright'
import { findChromium } from './chromium'

const results = '.test-results'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

function browserOrExit(): void {
  let path: string | undefined
  try {
    path = findChromium() ?? chromium.executablePath()
  } catch (e) {
    console.error(String(e))
  }
  if (!path || !existsSync(path)) {
    console.error(
      [
        'No Chromium found for the browser tests.',
        '  - Debian/Ubuntu: sudo apt-get install -y chromium   (→ /usr/bin/chromium)',
        '  - or point CHROMIUM_PATH at a Chromium/Chrome binary',
        '  - or, where downloads are allowed: npx playwright install chromium',
      ].join('\n'),
    )
    process.exit(1)
  }
  console.log(`browser: ${path}`)
}

function run(title: string, cmd: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n▶ ${title}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    console.error(`✖ ${title} failed (${secs} s)`)
    summary()
    process.exit(r.status ?? 1)
  }
  console.log(`✔ ${title} (${secs} s)`)
}

let passed = 0
let failed = 0
function summary(): void {
  for (const f of ['unit.json', 'storybook.json']) {
    const p = `${results}/${f}`
    if (!existsSync(p)) continue
    const j = JSON.parse(readFileSync(p, 'utf8'))
    passed += j.numPassedTests ?? 0
    failed += j.numFailedTests ?? 0
  }
  const e2e = `${results}/e2e.json`
  if (existsSync(e2e)) {
    const s = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {}
    passed += (s.expected ?? 0) + (s.flaky ?? 0)
    failed += s.unexpected ?? 0
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed`)
}

browserOrExit()
const npx = 'npx'
run('type-check', npx, ['tsc', '-p', 'tsconfig.json', '--noEmit'])
run('unit tests', npx, ['vitest', 'run', '--project=unit', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/unit.json`])
run('stories', npx, ['vitest', 'run', '--project=storybook', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/storybook.json`])
run('build', npx, ['vite-react-ssg', 'build'])
run('build embed', npx, ['vite', 'build', '-c', 'vite.embed.config.ts'])
run('build (e2e variant)', npx, ['vite-react-ssg', 'build'], { SITE_VARIANT: 'e2e' })
run('build embed (e2e variant)', npx, ['vite', 'build', '-c', 'vite.embed.config.ts'], { SITE_VARIANT: 'e2e' })
run('end-to-end', npx, ['playwright', 'test'], { PW_REPORTER: `${results}/e2e.json` })
summary()
process.exit(failed ? 1 : 0)
