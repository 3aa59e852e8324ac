import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { closingLine, summarize, type StepOutcome, type VitestReport } from '../../../scripts/test-summary'

const root = resolve(__dirname, '../../..')
const work = mkdtempSync(join(tmpdir(), 'summary-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Runs the project's own Vitest on a throw-away folder and returns its real JSON report and exit status. */
function runVitest(files: Record<string, string>): { status: number | null; report: VitestReport } {
  for (const [name, body] of Object.entries(files)) writeFileSync(join(work, name), body)
  writeFileSync(join(work, 'vitest.config.mjs'), 'export default { test: { globals: true } }\n')
  const out = join(work, 'report.json')
  const r = spawnSync(
    join(root, 'node_modules/.bin/vitest'),
    ['run', '--root', work, '--config', join(work, 'vitest.config.mjs'), '--reporter=json', `--outputFile.json=${out}`],
    { encoding: 'utf8', cwd: work },
  )
  return { status: r.status, report: JSON.parse(readFileSync(out, 'utf8')) as VitestReport }
}

describe('closing line of npm test', () => {
  it('counts a test file that fails to load as failed (real Vitest report)', () => {
    const { status, report } = runVitest({
      'ok.test.js': "test('adds', () => expect(1 + 1).toBe(2))\ntest('again', () => expect(2).toBe(2))\n",
      'broken.test.js': "import './does-not-exist.js'\ntest('never runs', () => {})\n",
    })
    expect(status).not.toBe(0)
    expect(report.numFailedTests).toBe(0) // Vitest itself counts nothing failed …
    const s = summarize([{ title: 'unit tests', state: 'ran', status, report: { kind: 'vitest', data: report } }])
    expect(closingLine(s)).toBe('tests: 2 passed, 1 failed') // … the summary does
    expect(s.notes.join('\n')).toMatch(/unit tests: .*broken\.test\.js failed to load/)
  }, 60_000)

  it('counts a step that exits non-zero without a failed test, and every step that never ran', () => {
    const steps: StepOutcome[] = [
      { title: 'type-check', state: 'ran', status: 0 },
      {
        title: 'unit tests',
        state: 'ran',
        status: 0,
        report: { kind: 'vitest', data: { numPassedTests: 257, numFailedTests: 0 } },
      },
      {
        title: 'stories',
        state: 'ran',
        status: 1,
        report: { kind: 'vitest', data: { numPassedTests: 80, numFailedTests: 0 } },
      },
      { title: 'build', state: 'skipped' },
      { title: 'end-to-end', state: 'skipped' },
    ]
    const s = summarize(steps)
    expect(closingLine(s)).toBe('tests: 337 passed, 3 failed')
    expect(s.notes).toEqual([
      'stories: exited with 1 and no failed test counted',
      'build: not run (an earlier step failed)',
      'end-to-end: not run (an earlier step failed)',
    ])
  })

  it('does not count a failing step twice when its report already has failed tests', () => {
    const s = summarize([
      {
        title: 'unit tests',
        state: 'ran',
        status: 1,
        report: { kind: 'vitest', data: { numPassedTests: 10, numFailedTests: 2 } },
      },
    ])
    expect(closingLine(s)).toBe('tests: 10 passed, 2 failed')
  })

  it('a check step that fails (type-check, build) counts as one failed; one that passes counts nothing', () => {
    expect(closingLine(summarize([{ title: 'type-check', state: 'ran', status: 2 }]))).toBe('tests: 0 passed, 1 failed')
    expect(closingLine(summarize([{ title: 'build', state: 'ran', status: 0 }]))).toBe('tests: 0 passed, 0 failed')
    expect(closingLine(summarize([{ title: 'build', state: 'ran', status: null }]))).toBe('tests: 0 passed, 1 failed')
  })

  it('Playwright: flaky tests pass, unexpected ones and top-level errors (a spec that fails to load) fail', () => {
    const s = summarize([
      {
        title: 'end-to-end',
        state: 'ran',
        status: 1,
        report: {
          kind: 'playwright',
          data: {
            stats: { expected: 40, flaky: 1, unexpected: 0, skipped: 2 },
            errors: [{ message: 'Error: Cannot find module x\n  at …' }],
          },
        },
      },
    ])
    expect(closingLine(s)).toBe('tests: 41 passed, 1 failed, 2 skipped')
    expect(s.notes).toEqual(['end-to-end: Error: Cannot find module x'])
  })
})
