/**
 * Conversation-report bench, run by `npm run bench` (node --import tsx) or `npm run bench -- report`:
 * 20,000 generated conversations (tests/servers/conversations.ts; `--count=N` for another size) served by the
 * platform stand-in on 127.0.0.1 (tests/servers/conversation-platform.ts) in the vendored OpenAPI's list shapes,
 * synced by `npm run assistant -- report` into a fresh DuckDB file, then:
 * 1. the first sync (every conversation) and the report (HTML + JSON + CSV), wall-clock;
 * 2. a second, incremental run after 500 new conversations (only those fetched), and its report;
 * 3. a report alone from the database (`--offline`);
 * 4. the database's size on disk, the HTML's size.
 * The first report's headline figures (conversations by mode, cost, commands done and refused, unanswered
 * questions) are checked against the generator's truth, so the times are those of a correct report; the unit test
 * (tests/unit/report/report.test.ts) checks every figure on 5,000. Writes bench/results/report.md and prints it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ReportData } from '../scripts/report/analyze'
import { runReportCommand } from '../scripts/report/command'
import { startConversationPlatform } from '../tests/servers/conversation-platform'
import { generateConversations } from '../tests/servers/conversations'

const count = Number(process.argv.find((a) => a.startsWith('--count='))?.slice(8) ?? 20_000)
const TOKEN = 'sk_bench_0123456789'
const dir = mkdtempSync(join(tmpdir(), 'voiceos-report-bench-'))
const db = join(dir, 'conversations.duckdb')
const html = join(dir, 'report.html')
const phases: { step: string; ms: number; note: string }[] = []

async function run(args: string[], url: string, now: number): Promise<{ ms: number; out: string[] }> {
  const out: string[] = []
  const t0 = performance.now()
  const code = await runReportCommand(['--id', 'asst_voiceos', '--db', db, '--out', html, ...args], {
    env: { VAPI_PRIVATE_KEY: TOKEN, VAPI_API_BASE_URL: url },
    stdout: (l) => out.push(l),
    stderr: () => undefined,
    now: () => now,
  })
  if (code !== 0) throw new Error(`report exited with ${code}: ${out.join('\n')}`)
  return { ms: performance.now() - t0, out }
}

/** The first report's headline figures against the generator's truth; throws on any difference. */
function checkHeadlines(report: ReportData): void {
  const truths = first.truths
  const commands = truths.flatMap((t) => t.commands)
  const expected = {
    conversations: truths.length,
    voice: truths.filter((t) => t.mode === 'voice').length,
    costCents: Math.round(truths.reduce((s, t) => s + t.cost, 0) * 100),
    done: commands.filter((c) => c.outcome === 'done').length,
    refused: commands.filter((c) => c.outcome === 'refused').length,
    unanswered: truths.flatMap((t) => t.questions).filter((q) => q.unanswered).length,
  }
  const got = {
    conversations: report.totals.conversations,
    voice: report.totals.voice,
    costCents: Math.round(report.totals.costUsd * 100),
    done: report.commandKinds.reduce((s, k) => s + k.done, 0),
    refused: report.commandKinds.reduce((s, k) => s + k.refused, 0),
    unanswered: report.unanswered.reduce((s, u) => s + u.count, 0),
  }
  if (JSON.stringify(got) !== JSON.stringify(expected))
    throw new Error(`report figures differ from the generated truth: ${JSON.stringify({ got, expected })}`)
  headlines = `Checked against the generated truth: ${expected.conversations.toLocaleString('en-US')} conversations (${expected.voice.toLocaleString('en-US')} voice), ${expected.done.toLocaleString('en-US')} commands done and ${expected.refused.toLocaleString('en-US')} refused, ${expected.unanswered.toLocaleString('en-US')} unanswered questions: all equal.`
}
let headlines = ''

const t0 = performance.now()
const first = generateConversations({ count, seed: 1, start: '2026-09-01T00:00:00Z', days: 60 })
const genMs = performance.now() - t0
const server = await startConversationPlatform({ token: TOKEN, calls: first.calls, chats: first.chats })
try {
  const a = await run(
    ['--json', join(dir, 'r.json'), '--csv', join(dir, 'csv')],
    server.url,
    Date.parse('2026-11-01T00:00:00Z'),
  )
  phases.push({ step: `first run: sync ${count.toLocaleString('en-US')} + report`, ms: a.ms, note: a.out[0] ?? '' })
  checkHeadlines(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ReportData)
  const later = generateConversations({ count: 500, seed: 2, start: '2026-11-01T00:00:00Z', days: 3, prefix: 'n' })
  server.add(later.calls, later.chats)
  const requestsBefore = server.requests.length
  const b = await run([], server.url, Date.parse('2026-11-05T00:00:00Z'))
  phases.push({
    step: 'second run: 500 new + report',
    ms: b.ms,
    note: `${b.out[0] ?? ''} (${server.requests.length - requestsBefore} requests)`,
  })
  const c = await run(['--offline'], server.url, Date.parse('2026-11-05T00:00:00Z'))
  phases.push({
    step: `report alone (--offline, ${(count + 500).toLocaleString('en-US')} conversations)`,
    ms: c.ms,
    note: '',
  })
} finally {
  await server.close()
}
const dbBytes = statSync(db).size
const htmlBytes = statSync(html).size
const lines = [
  `# Conversation report: sync, report, database size`,
  '',
  `${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}; ${count.toLocaleString('en-US')} generated conversations (${first.calls.length.toLocaleString('en-US')} calls, ${first.chats.length.toLocaleString('en-US')} chats; generated in ${(genMs / 1000).toFixed(1)} s, not counted), served on 127.0.0.1 in pages of 1,000.`,
  '',
  '| step | wall-clock | |',
  '|---|---:|---|',
  ...phases.map((p) => `| ${p.step} | ${(p.ms / 1000).toFixed(1)} s | ${p.note} |`),
  '',
  headlines,
  '',
  `Database: ${(dbBytes / 1048576).toFixed(1)} MB (${Math.round(dbBytes / (count + 500)).toLocaleString('en-US')} bytes per conversation). HTML report: ${(htmlBytes / 1024).toFixed(0)} KB.`,
]
const md = lines.join('\n') + '\n'
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/report.md', md)
console.log(md)
rmSync(dir, { recursive: true, force: true })
