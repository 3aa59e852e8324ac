/**
 * Every command the README shows is run by a test or by CI. The README's commands (its `sh` blocks and every
 * inline `npm …` / `npx …`) are read from README.md; each must match an entry below, and each entry names where it
 * runs: a test or CI file that must contain the invocation (so renaming a command or dropping the test that runs
 * it fails here). A new command in the README without an entry fails until someone says where it runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** A place that runs a command: `file` contains `runs` (the call that starts it). */
interface RunBy {
  file: string
  runs: string
}

interface Entry {
  /** The README commands this entry covers (after placeholders and environment assignments are dropped). */
  match: RegExp
  ranBy: RunBy[]
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
const BENCH_SUITES = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))

const ENTRIES: Entry[] = [
  { match: /^npm test$/, ranBy: [{ file: '.ci/run', runs: 'npm test' }] },
  { match: /^npm ci$/, ranBy: [{ file: '.ci/run', runs: 'npm ci' }] },
  {
    // `npm install && npm start`: CI installs with `npm ci` (the lockfile's exact tree); `npm start` is
    // `npm run build && npm run preview`, both run below.
    match: /^npm install && npm start$|^npm start$/,
    ranBy: [
      { file: '.ci/run', runs: 'npm ci' },
      { file: 'scripts/test.ts', runs: "args: ['run', 'build']" },
      { file: 'playwright.config.ts', runs: 'npm run --silent preview' },
    ],
  },
  { match: /^npm install voiceos$/, ranBy: [{ file: 'tests/e2e/package.spec.ts', runs: "['install', '--offline'" }] },
  { match: /^npm pack$/, ranBy: [{ file: 'tests/e2e/package.spec.ts', runs: "['pack', '--json'" }] },
  { match: /^npm run build$/, ranBy: [{ file: 'scripts/test.ts', runs: "args: ['run', 'build']" }] },
  {
    // `npm run build` runs the embed's build as its second half (asserted below).
    match: /^npm run build:embed$/,
    ranBy: [{ file: 'scripts/test.ts', runs: "args: ['run', 'build']" }],
  },
  { match: /^npm run build:package$/, ranBy: [{ file: 'scripts/test.ts', runs: "'build:package'" }] },
  { match: /^npm run lint$/, ranBy: [{ file: 'scripts/test.ts', runs: "'lint'" }] },
  { match: /^npm run test:unit$/, ranBy: [{ file: 'scripts/test.ts', runs: "'test:unit'" }] },
  { match: /^npm run dev$/, ranBy: [{ file: 'tests/e2e/readme-commands.spec.ts', runs: "npmRun('dev'" }] },
  { match: /^npm run storybook$/, ranBy: [{ file: 'tests/e2e/readme-commands.spec.ts', runs: "npmRun('storybook'" }] },
  {
    match: /^npm run generate:platform-types$/,
    ranBy: [{ file: 'tests/unit/platform/generated.test.ts', runs: "'generate:platform-types'" }],
  },
  {
    // The bench runner; CI runs it once on a suite that needs no browser. Each named suite must exist (below).
    match: /^npm run bench -- \S+( --\w+)?$/,
    ranBy: [{ file: '.ci/run', runs: 'npm run bench -- platform' }],
  },
  {
    match: /^npm run assistant -- report$/,
    ranBy: [{ file: 'tests/unit/report/report.test.ts', runs: 'runReportCommand(' }],
  },
  {
    // `npm run assistant -- <command>` is the repository's spelling of `npx voiceos <command>` (same CLI).
    match: /^npm run assistant --$/,
    ranBy: [{ file: 'tests/unit/assistant/assistant-command.test.ts', runs: "run(['create'" }],
  },
  { match: /^npx voiceos( --help)?$/, ranBy: [{ file: 'tests/e2e/package.spec.ts', runs: "'voiceos', '--help'" }] },
  {
    match: /^npx voiceos create( --dry-run| --public-key \S+)?$/,
    ranBy: [
      { file: 'tests/e2e/package.spec.ts', runs: "'create', '--dry-run'" },
      { file: 'tests/unit/assistant/assistant-command.test.ts', runs: "run(['create', '--public-key'" },
    ],
  },
  {
    match: /^npx voiceos create\\\|update\\\|show$/,
    ranBy: [
      { file: 'tests/unit/assistant/assistant-command.test.ts', runs: "run(['create', '--public-key'" },
      { file: 'tests/unit/assistant/assistant-command.test.ts', runs: "run(['update', '--id'" },
      { file: 'tests/unit/assistant/assistant-command.test.ts', runs: "run(['show', '--id'" },
    ],
  },
  {
    match: /^npx voiceos update --id \S+$/,
    ranBy: [{ file: 'tests/unit/assistant/assistant-command.test.ts', runs: "run(['update', '--id'" }],
  },
  {
    match: /^npx voiceos show( --id \S+)?$/,
    ranBy: [{ file: 'tests/unit/assistant/assistant-command.test.ts', runs: "run(['show'" }],
  },
  {
    match: /^npx voiceos index( --sitemap \S+( --out \S+)?)?$/,
    ranBy: [
      { file: 'tests/unit/search/siteSearch.test.ts', runs: "'--sitemap'" },
      { file: 'tests/unit/site-index/crawler.test.ts', runs: "'--out', out" },
    ],
  },
]

/** The README's commands: each line of its `sh` blocks (comments and `VAR=… ` prefixes dropped) and inline ones. */
function readmeCommands(readme: string): string[] {
  const found = new Set<string>()
  for (const [, block] of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const raw of block!.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim()
      if (line) found.add(line)
    }
  }
  for (const [, inline] of readme.matchAll(/`((?:npm|npx) [^`]*)`/g)) found.add(inline!.trim())
  return [...found].map((c) => c.replace(/^(?:[A-Z_]+=\S+\s+)+/, ''))
}

describe('README commands', () => {
  const commands = readmeCommands(readFileSync('README.md', 'utf8'))

  it('the README shows commands (the reader works)', () => {
    expect(commands).toContain('npm test')
    expect(commands.length).toBeGreaterThan(10)
  })

  it('every command the README shows is covered by an entry', () => {
    expect(commands.filter((c) => !ENTRIES.some((e) => e.match.test(c)))).toEqual([])
  })

  it('every entry names a file that runs the command', () => {
    const missing = ENTRIES.flatMap((e) =>
      e.ranBy.filter((r) => !existsSync(r.file) || !readFileSync(r.file, 'utf8').includes(r.runs)),
    )
    expect(missing).toEqual([])
  })

  it('npm start, npm run build and npm run build:embed are what the entries above take them for', () => {
    expect(pkg.scripts.start).toBe('npm run build && npm run preview')
    expect(pkg.scripts.build).toContain(pkg.scripts['build:embed']!)
    expect(pkg.scripts.preview).toContain('scripts/serve.ts')
  })

  it('every bench the README names is a suite of bench/', () => {
    const named = commands.flatMap((c) => /^npm run bench -- ([\w-]+)/.exec(c)?.[1] ?? [])
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((n) => !BENCH_SUITES.some((s) => s.includes(n)))).toEqual([])
  })
})
