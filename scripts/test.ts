// `npm test`: every check, in order, stopping at the first red step (each through the README's own
// `npm run` script where it has one, so the commands the README lists are the ones that run):
//   1. format check (Prettier)  2. lint (ESLint, 0 warnings)  3. type-check  4. unit tests (Node/happy-dom)
//   5. Storybook stories as tests (Chromium)  6. production build (site, then the embed)  7. e2e build variant
//   8. the `voiceos` package (packages/voiceos; installed from its tarball by tests/e2e/package.spec.ts)
//   9. Playwright end-to-end tests against the built sites  10. with TEST_EXTRA_NODE_BINS (CI): unit tests and build
//   again on each other Node version.
// Before any of it, the browser is provisioned (scripts/chromium.ts `provisionBrowser`). Ends with an honest
// closing line, `tests: N passed, N failed` (scripts/test-summary.ts): a file that failed to load, a step that
// failed without a failed test, and a step that never ran each count as failed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { chromium } from 'playwright'
import { provisionBrowser, systemProvisionEnvironment } from './chromium'
import { closingLine, summarize, type StepOutcome } from './test-summary'

const results = '.test-results'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

interface Step {
  title: string
  cmd: string
  args: string[]
  env?: Record<string, string>
  /** JSON report the step writes, for test steps. */
  report?: { kind: 'vitest' | 'playwright'; file: string }
}

const npx = 'npx'
const steps: Step[] = [
  { title: 'format', cmd: npx, args: ['prettier', '--check', '--log-level=warn', '.'] },
  { title: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { title: 'type-check', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  {
    title: 'unit tests',
    cmd: 'npm',
    args: [
      'run',
      '--silent',
      'test:unit',
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}/unit.json`,
    ],
    report: { kind: 'vitest', file: `${results}/unit.json` },
  },
  {
    title: 'stories',
    cmd: 'npm',
    args: [
      'run',
      '--silent',
      'test:stories',
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}/storybook.json`,
    ],
    report: { kind: 'vitest', file: `${results}/storybook.json` },
  },
  { title: 'build', cmd: 'npm', args: ['run', 'build'] },
  { title: 'build (e2e variant)', cmd: 'npm', args: ['run', 'build'], env: { SITE_VARIANT: 'e2e' } },
  { title: 'package', cmd: 'npm', args: ['run', '--silent', 'build:package'] },
  {
    title: 'end-to-end',
    cmd: 'npm',
    args: ['run', '--silent', 'test:e2e'],
    env: { PW_REPORTER: `${results}/e2e.json` },
    report: { kind: 'playwright', file: `${results}/e2e.json` },
  },
]

/**
 * Other Node versions to run the unit tests and the build on after everything else: `TEST_EXTRA_NODE_BINS`, a
 * `:`-separated list of folders each holding a `node` binary (`.ci/run` installs the `node@22` and `node@24`
 * packages and passes their `.bin` folders). The step runs with that folder first on PATH, so npm, npx and
 * every tool they start run on that Node. Counted like the steps above: a failure fails `npm test`.
 */
function extraNodeSteps(list = process.env.TEST_EXTRA_NODE_BINS): Step[] {
  if (!list) return []
  return list
    .split(':')
    .filter(Boolean)
    .flatMap((dir) => {
      const probe = spawnSync(join(dir, 'node'), ['--version'], { encoding: 'utf8' })
      const version = probe.status === 0 ? probe.stdout.trim() : `node in ${dir}`
      const env = { PATH: `${dir}${delimiter}${process.env.PATH ?? ''}` }
      const file = `${results}/unit-${version.replace(/[^\w.-]/g, '_')}.json`
      return [
        {
          title: `unit tests (Node ${version})`,
          cmd: npx,
          args: ['vitest', 'run', '--project=unit', '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`],
          env,
          report: { kind: 'vitest', file },
        },
        { title: `build (Node ${version})`, cmd: 'npm', args: ['run', 'build'], env },
      ] satisfies Step[]
    })
}
steps.push(...extraNodeSteps())

function readReport(step: Step): StepOutcome['report'] {
  if (!step.report || !existsSync(step.report.file)) return undefined
  try {
    // The reporters' own JSON formats (Vitest's and Playwright's `json` reporters), read as written.
    const data = JSON.parse(readFileSync(step.report.file, 'utf8')) as never
    return step.report.kind === 'vitest' ? { kind: 'vitest', data } : { kind: 'playwright', data }
  } catch {
    return undefined
  }
}

function finish(outcomes: StepOutcome[]): never {
  const s = summarize(outcomes)
  if (s.notes.length) console.log(`\n${s.notes.map((n) => `  counted as failed — ${n}`).join('\n')}`)
  console.log(`\n${closingLine(s)}`)
  process.exit(s.failed ? 1 : 0)
}

const browser = provisionBrowser(systemProvisionEnvironment(() => chromium.executablePath()))
if (!browser.ok) {
  console.error(browser.message)
  finish(steps.map((s) => ({ title: s.title, state: 'skipped' })))
}
console.log(`browser: ${browser.path}${browser.installed.length ? ` (installed ${browser.installed.join(', ')})` : ''}`)

const outcomes: StepOutcome[] = []
for (const step of steps) {
  if (outcomes.some((o) => o.state === 'ran' && o.status !== 0)) {
    outcomes.push({ title: step.title, state: 'skipped' })
    continue
  }
  console.log(`\n▶ ${step.title}: ${step.cmd} ${step.args.join(' ')}`)
  const started = Date.now()
  const r = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  outcomes.push({ title: step.title, state: 'ran', status: r.status, report: readReport(step) })
  console.log(r.status === 0 ? `✔ ${step.title} (${secs} s)` : `✖ ${step.title} failed (${secs} s)`)
}
finish(outcomes)
