/**
 * `npm run generate:platform-types` (README "CLI and scripts") run as the README writes it, into a temporary file
 * (`VAPI_TYPES_OUT`): what it generates from the vendored OpenAPI document and the supplement is byte for byte the
 * committed src/platform/generated/vapi.ts, so the committed types never drift from the documents they claim to
 * come from.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'

it('npm run generate:platform-types writes exactly the committed src/platform/generated/vapi.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'voiceos-types-'))
  try {
    const out = join(dir, 'vapi.ts')
    const r = spawnSync('npm', ['run', '--silent', 'generate:platform-types'], {
      encoding: 'utf8',
      env: { ...process.env, VAPI_TYPES_OUT: out },
    })
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain(`wrote ${out}`)
    const generated = readFileSync(out, 'utf8')
    const committed = readFileSync('src/platform/generated/vapi.ts', 'utf8')
    // Compared as text first for a readable failure (the first differing line), then exactly.
    const a = generated.split('\n')
    const b = committed.split('\n')
    const first = a.findIndex((line, i) => line !== b[i])
    expect(first === -1 ? null : { line: first + 1, generated: a[first], committed: b[first] }).toBeNull()
    expect(generated === committed).toBe(true)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 120_000)
