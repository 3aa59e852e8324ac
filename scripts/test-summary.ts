/**
 * The closing line of `npm test`, counted honestly from what each step left behind:
 * - a test step's passed and failed tests come from its JSON report (Vitest's jest-style report, Playwright's
 *   JSON reporter);
 * - a test file that failed to load (Vitest: a failed file with no failed test in it; Playwright: a top-level
 *   error) counts as one failed test;
 * - a step that exited non-zero with no failed test counted (a crash, a missing report, a type or build error)
 *   counts as one failed;
 * - a step that never ran because an earlier one failed counts as one failed.
 * The line reads `tests: N passed, N failed` (`, N skipped` when tests were skipped on purpose), alone on a line.
 */

/** Vitest's `--reporter=json` output (the fields read). */
export interface VitestReport {
  numPassedTests?: number
  numFailedTests?: number
  numPendingTests?: number
  numTodoTests?: number
  testResults?: Array<{
    name?: string
    status?: string
    message?: string
    assertionResults?: Array<{ status?: string }>
  }>
}

/** Playwright's JSON reporter output (the fields read). */
export interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number }
  errors?: Array<{ message?: string }>
}

/** One step of `npm test` as it ended. */
export interface StepOutcome {
  /** Shown in the summary, e.g. `unit tests`. */
  title: string
  /** `ran`: it ran and exited with `status`; `skipped`: an earlier step failed, so it never ran. */
  state: 'ran' | 'skipped'
  /** Exit status when it ran (`null` when killed by a signal). */
  status?: number | null
  /** Its parsed report, for test steps; `undefined` for checks (type-check, build) or when none was written. */
  report?: { kind: 'vitest'; data: VitestReport } | { kind: 'playwright'; data: PlaywrightReport }
}

/** Totals over all steps, and why each failure was counted. */
export interface TestSummary {
  passed: number
  failed: number
  skipped: number
  /** One line per counted failure that is not an ordinary failed test. */
  notes: string[]
}

/** Passed/failed/skipped of one report, counting files that failed to load as failed. */
function countReport(title: string, report: NonNullable<StepOutcome['report']>, notes: string[]) {
  if (report.kind === 'vitest') {
    const d = report.data
    let failed = d.numFailedTests ?? 0
    for (const file of d.testResults ?? []) {
      const failedInside = (file.assertionResults ?? []).some((a) => a.status === 'failed')
      if (file.status === 'failed' && !failedInside) {
        failed += 1
        const why = (file.message ?? '').split('\n')[0]
        notes.push(`${title}: ${file.name ?? 'a test file'} failed to load${why ? ` (${why})` : ''}`)
      }
    }
    return { passed: d.numPassedTests ?? 0, failed, skipped: (d.numPendingTests ?? 0) + (d.numTodoTests ?? 0) }
  }
  const s = report.data.stats ?? {}
  const errors = report.data.errors ?? []
  for (const e of errors) notes.push(`${title}: ${(e.message ?? 'error outside a test').split('\n')[0]}`)
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + errors.length,
    skipped: s.skipped ?? 0,
  }
}

/** Sums the steps' outcomes per the rules above. Pure: no I/O. */
export function summarize(steps: StepOutcome[]): TestSummary {
  const out: TestSummary = { passed: 0, failed: 0, skipped: 0, notes: [] }
  for (const step of steps) {
    if (step.state === 'skipped') {
      out.failed += 1
      out.notes.push(`${step.title}: not run (an earlier step failed)`)
      continue
    }
    const counted = step.report ? countReport(step.title, step.report, out.notes) : { passed: 0, failed: 0, skipped: 0 }
    out.passed += counted.passed
    out.skipped += counted.skipped
    out.failed += counted.failed
    if (step.status !== 0 && counted.failed === 0) {
      out.failed += 1
      out.notes.push(`${step.title}: exited with ${step.status ?? 'a signal'} and no failed test counted`)
    }
  }
  return out
}

/** The closing line: `tests: N passed, N failed` plus `, N skipped` when some were skipped on purpose. */
export function closingLine(s: TestSummary): string {
  return `tests: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`
}
