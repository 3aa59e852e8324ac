/**
 * The README's commands that no other step runs ("CLI and scripts"): `npm run dev` serves the site client-rendered
 * with Vite's dev server, and `npm run storybook` starts Storybook. Each is run exactly as the README writes it
 * (with a port of its own and, for Storybook, its `--smoke-test` flag: start, check, exit), in this checkout.
 * Which test or CI step runs every other README command is checked by tests/unit/readme-commands.test.ts.
 */
import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'

const DEV_PORT = 4612
const STORYBOOK_PORT = 6112

/** Runs `npm run <script> -- <args>` in its own process group, collecting what it prints. */
function npmRun(script: string, args: string[]): { child: ChildProcess; output: () => string } {
  let output = ''
  const child = spawn('npm', ['run', script, '--', ...args], { detached: true, env: { ...process.env, CI: 'true' } })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  return { child, output: () => output }
}

/** Stops `child` and everything it started (npm → vite/storybook). */
function stop(child: ChildProcess): void {
  if (child.exitCode !== null || child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

test.describe.configure({ mode: 'serial', timeout: 240_000 })

test('npm run dev serves the site with Vite (client-rendered): the home page renders with no page error', async ({
  page,
}) => {
  const dev = npmRun('dev', ['--port', String(DEV_PORT), '--strictPort', '--host', '127.0.0.1'])
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${DEV_PORT}/`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 120_000, message: `the dev server answers (it printed: ${dev.output()})` },
      )
      .toBe(200)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`http://127.0.0.1:${DEV_PORT}/`, { timeout: 120_000 })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 120_000 })
    await expect(page.getByRole('navigation').first()).toBeVisible()
    expect(errors).toEqual([])
  } finally {
    stop(dev.child)
  }
})

test('npm run storybook starts Storybook (its smoke test: the server comes up, then exits 0)', async () => {
  const storybook = npmRun('storybook', ['--smoke-test', '--ci', '-p', String(STORYBOOK_PORT)])
  try {
    const code = await new Promise<number | null>((resolve) => storybook.child.on('exit', resolve))
    expect(code, storybook.output()).toBe(0)
    expect(storybook.output()).toContain('Smoke tests passed')
  } finally {
    stop(storybook.child)
  }
})
