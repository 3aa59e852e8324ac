import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The repository stands alone: a user's clone has nothing beside it, so no tracked file other than prose
 * documentation (`*.md`) may point at a folder outside it — the build, the tests, the scripts and the benches
 * read only what is committed (Vapi's OpenAPI document is vendored in `openapi/`).
 */
const root = resolve(__dirname, '../..')
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
const TEXT = /\.(?:[cm]?[jt]sx?|json|html|css|ya?ml|sh|env|txt)$|^\.ci\/|^\.env|(?:^|\/)\.[a-z]+rc$/
const outside = new RegExp(['\\.\\.', 'shared'].join('/')) // written split so this file does not match itself
/** A reference to a work item (the word "issue" and a number): code and docs cite the SPEC or a vendored document instead. */
const workItem = new RegExp(['\\bissues?', '#?\\d+'].join(' '), 'i')
/** A line git leaves where a merge conflicted (written split so this file does not match itself). */
const conflictMarker = new RegExp(['^(?:<{7}', '={7}', '>{7})(?: |$)'].join('|'), 'm')

describe('repository', () => {
  it('is a git checkout with the vendored OpenAPI document tracked', () => {
    expect(tracked).toContain('openapi/vapi-openapi.json')
    expect(tracked).toContain('openapi/README.md')
  })

  it('no tracked file outside docs references a folder beside the checkout', () => {
    const offenders = tracked
      .filter((f) => !f.endsWith('.md') && TEXT.test(f))
      .filter((f) => outside.test(readFileSync(resolve(root, f), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('code and docs speak of the product: no tracked text file refers to a work item', () => {
    const offenders = tracked
      .filter((f) => (f.endsWith('.md') || TEXT.test(f)) && !f.startsWith('openapi/') && !f.includes('/generated/'))
      .filter((f) => workItem.test(readFileSync(resolve(root, f), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('no tracked text file holds a merge-conflict marker', () => {
    const offenders = tracked
      .filter((f) => (f.endsWith('.md') || TEXT.test(f)) && !f.startsWith('openapi/'))
      .filter((f) => conflictMarker.test(readFileSync(resolve(root, f), 'utf8')))
    expect(offenders).toEqual([])
  })
})

/**
 * Source files stay short enough to read whole: at most {@link MAX_SOURCE_LINES} lines in src/, scripts/ and
 * packages/, unless a reason is stated here. Tests, fixtures and benches are lists of cases for one subject and
 * are not held to it.
 */
const MAX_SOURCE_LINES = 460
const LONG_FOR_A_REASON: Record<string, string> = {
  'src/platform/generated/vapi.ts': 'generated from the vendored OpenAPI document (npm run generate:platform-types)',
  'src/voice/local/engine.ts':
    "one conversation's state (active, muted, live, pending tool calls) read by the recognizer's events, the grammar's intents and the session's results alike; what needs none of it is in ./answers, ./grammar, ./recognition and ./speaker",
}

describe('source files', () => {
  it(`hold at most ${MAX_SOURCE_LINES} lines each, or say why above`, () => {
    const long = tracked
      .filter((f) => /^(?:src|scripts|packages\/[^/]+\/src)\//.test(f) && /\.(?:[cm]?[jt]sx?)$/.test(f))
      .filter((f) => !(f in LONG_FOR_A_REASON))
      .map((f) => ({ file: f, lines: readFileSync(resolve(root, f), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_SOURCE_LINES)
    expect(long).toEqual([])
  })
})
