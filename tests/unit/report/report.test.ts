/**
 * The conversation report end to end against the platform stand-in (tests/servers/conversation-platform.ts):
 * generated conversations (tests/servers/conversations.ts) are synced through the real platform client into a
 * DuckDB file, and every figure of the report is recomputed here from the generator's truth — what it decided,
 * not what the report's parser reads — and compared. Also: incremental syncs, a 429 mid-sync, privacy.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { ReportData } from '../../../scripts/report/analyze'
import { runReportCommand } from '../../../scripts/report/command'
import { startConversationPlatform } from '../../servers/conversation-platform'
import { generateConversations, type GeneratedConversations, type Truth } from '../../servers/conversations'

const TOKEN = 'sk_live_REPORT_SECRET_0123456789'
const NOW = Date.parse('2026-11-27T00:00:00Z')
const dir = mkdtempSync(join(tmpdir(), 'voiceos-report-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function run(args: string[], url: string, now = NOW, pageSize?: number) {
  const stdout: string[] = []
  const stderr: string[] = []
  const code = await runReportCommand(args, {
    env: { VAPI_PRIVATE_KEY: TOKEN, VAPI_API_BASE_URL: url },
    stdout: (l) => stdout.push(l),
    stderr: (l) => stderr.push(l),
    now: () => now,
    ...(pageSize && { pageSize }),
  })
  return { code, stdout, stderr }
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as ReportData

/** Counts by key, most first, ties by key: as the report ranks them. */
function ranked(keys: string[]): { key: string; count: number }[] {
  const m = new Map<string, number>()
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1)
  return [...m].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
}

/** Every figure of the report, from the truths alone. */
function expectFiguresMatch(report: ReportData, truths: Truth[], families: GeneratedConversations['families']) {
  const voice = truths.filter((t) => t.mode === 'voice')
  expect(report.totals).toEqual({
    conversations: truths.length,
    voice: voice.length,
    chat: truths.length - voice.length,
    costUsd: expect.closeTo(
      truths.reduce((s, t) => s + t.cost, 0),
      6,
    ),
  })
  expect(report.cost.voiceUsd).toBeCloseTo(
    voice.reduce((s, t) => s + t.cost, 0),
    6,
  )
  // Per day, every day of the period.
  const days = new Map<string, { voice: number; chat: number }>()
  for (const t of truths) {
    const d = days.get(t.createdAt.slice(0, 10)) ?? { voice: 0, chat: 0 }
    d[t.mode]++
    days.set(t.createdAt.slice(0, 10), d)
  }
  for (const d of report.perDay) expect(d, d.day).toEqual({ day: d.day, ...(days.get(d.day) ?? { voice: 0, chat: 0 }) })
  expect(report.perDay.reduce((s, d) => s + d.voice + d.chat, 0)).toBe(truths.length)
  expect(report.languages).toEqual(ranked(truths.map((t) => t.lang)))
  expect(report.endedReasons).toEqual(ranked(voice.map((t) => t.endedReason ?? 'unknown')))
  const durations = voice.flatMap((t) => (t.durationS === null ? [] : [t.durationS])).sort((a, b) => a - b)
  expect(report.duration.calls).toBe(durations.length)
  expect(report.duration.medianS).toBe(durations[Math.ceil(durations.length / 2) - 1])
  expect(report.duration.p90S).toBe(durations[Math.ceil(durations.length * 0.9) - 1])
  expect(report.startPages).toEqual(ranked(truths.flatMap((t) => (t.startPath ? [t.startPath] : []))).slice(0, 25))
  expect(report.takenTo).toEqual(ranked(truths.flatMap((t) => t.takenTo)).slice(0, 25))
  // Commands per page and kind.
  const commands = truths.flatMap((t) => t.commands)
  for (const row of report.commands) {
    const on = commands.filter((c) => c.path === row.path && c.kind === row.kind)
    expect(row, `${row.path} ${row.kind}`).toEqual({
      path: row.path,
      kind: row.kind,
      done: on.filter((c) => c.outcome === 'done').length,
      refused: on.filter((c) => c.outcome === 'refused').length,
    })
  }
  for (const k of report.commandKinds) {
    expect(k.done + k.refused).toBe(commands.filter((c) => c.kind === k.kind).length)
  }
  // What to fix: one row per problem (kind and reason) with its pages, most frequent first.
  const refusals = new Map<string, { kind: string; reason: string; paths: string[] }>()
  for (const c of commands.filter((x) => x.outcome === 'refused')) {
    const key = JSON.stringify([c.kind, c.reason])
    const r = refusals.get(key) ?? { kind: c.kind, reason: c.reason, paths: [] }
    r.paths.push(c.path)
    refusals.set(key, r)
  }
  const expectedFixes = [...refusals.values()]
    .map((r) => ({ kind: r.kind, reason: r.reason, count: r.paths.length, pages: ranked(r.paths) }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason) || a.kind.localeCompare(b.kind))
    .slice(0, 25)
  expect(report.fixes).toEqual(expectedFixes)
  const gstin = report.fixes.filter((f) => f.reason === 'no field labelled "GSTIN"')
  expect(gstin).toHaveLength(1)
  for (const p of gstin[0]!.pages) expect(p.key).toMatch(/^\/((hi|ta|bn|ur)\/)?checkout$/)
  expect(gstin[0]!.pages.length).toBeGreaterThan(1)
  expect(report.problems).toEqual({
    refused: commands.filter((c) => c.outcome === 'refused').length,
    unanswered: truths.flatMap((t) => t.questions).filter((q) => q.unanswered).length,
  })
  // Questions, grouped by family: each group the report shows is one family, with the family's count.
  const familyOf = new Map<string, string>()
  for (const [family, wordings] of families) for (const w of wordings) familyOf.set(w, family)
  const questions = truths.flatMap((t) => t.questions)
  // Most frequent first; among equal counts the report orders by the shown wording, the truth by family name.
  const byFamily = (rows: { question: string; count: number }[]) => {
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.count).toBeLessThanOrEqual(rows[i - 1]!.count)
    return rows
      .map((q) => ({ key: familyOf.get(q.question)!, count: q.count }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
  }
  expect(byFamily(report.questions)).toEqual(ranked(questions.map((q) => q.group)))
  const unanswered = questions.filter((q) => q.unanswered)
  expect(byFamily(report.unanswered)).toEqual(ranked(unanswered.map((q) => q.group)))
  for (const u of report.unanswered) {
    const fam = unanswered.filter((q) => q.group === familyOf.get(u.question))
    expect(u.searchFoundNothing).toBe(fam.filter((q) => q.unanswered === 'search').length)
    expect(u.pages).toEqual(ranked(fam.map((q) => q.path)))
  }
  expect(report.records.untagged).toBeGreaterThan(0)
}

describe('conversation report', () => {
  // 5,000 conversations in pages of 250 (20 pages of calls and chats, every figure, every family, page and kind of
  // failure the generator has); the 20,000 of the stand-in are synced by `npm run bench -- report`, which checks
  // the headline figures against the same truth (bench/report.bench.ts) and measures time and size.
  it('5,000 conversations: every figure recomputed from the generated data; the key is stored nowhere', async () => {
    const data = generateConversations({ count: 5_000, seed: 7 })
    const server = await startConversationPlatform({ token: TOKEN, calls: data.calls, chats: data.chats })
    try {
      const db = join(dir, 'big.duckdb')
      const r = await run(
        [
          '--id',
          'asst_voiceos',
          '--db',
          db,
          '--out',
          join(dir, 'big.html'),
          '--json',
          join(dir, 'big.json'),
          '--csv',
          join(dir, 'csv'),
        ],
        server.url,
        NOW,
        250,
      )
      expect(r.stderr.filter((l) => l.startsWith('Error'))).toEqual([])
      expect(r.code).toBe(0)
      expectFiguresMatch(readJson(join(dir, 'big.json')), data.truths, data.families)
      // Every conversation fetched once, but the calls at a tie between pages.
      expect(data.truths.every((t) => (server.served.get(t.id) ?? 0) >= 1)).toBe(true)
      // The private key: in no file the command wrote.
      for (const f of [
        db,
        join(dir, 'big.html'),
        join(dir, 'big.json'),
        ...readdirSync(join(dir, 'csv')).map((n) => join(dir, 'csv', n)),
      ]) {
        expect(readFileSync(f).includes(TOKEN), f).toBe(false)
      }
      expect(readdirSync(join(dir, 'csv')).sort()).toContain('fixes.csv')
    } finally {
      await server.close()
    }
  }, 120_000)

  // The document does not say in which order `GET /call` lists calls: the sync must not depend on it.
  for (const order of ['oldest-first', 'newest-first', 'shuffled'] as const) {
    it(`lists served ${order}: every conversation is stored and every figure matches`, async () => {
      const data = generateConversations({ count: 2_000, seed: 13 })
      const server = await startConversationPlatform({ token: TOKEN, calls: data.calls, chats: data.chats, order })
      try {
        const json = join(dir, `${order}.json`)
        const db = join(dir, `${order}.duckdb`)
        const r = await run(
          ['--id', 'asst_voiceos', '--db', db, '--json', json, '--out', join(dir, `${order}.html`)],
          server.url,
          NOW,
          250,
        )
        expect(r.code).toBe(0)
        expect(data.truths.every((t) => (server.served.get(t.id) ?? 0) >= 1)).toBe(true)
        expectFiguresMatch(readJson(json), data.truths, data.families)
        // No request names an order or a page: the windows on createdAt are the whole method.
        for (const q of server.requests.map((x) => x.query)) {
          expect(q.has('page') || q.has('sortOrder') || q.has('createdAtLe')).toBe(false)
          expect(q.has('createdAtGe') && q.has('createdAtLt')).toBe(true)
        }
        // In either order each conversation crosses the wire once, but the first full page of calls and of chats
        // (confirmed in two halves); in no order at all, the windows are halved: at most three times.
        const served = [...server.served.values()].reduce((a, b) => a + b, 0)
        expect(served).toBeLessThanOrEqual(
          order === 'shuffled' ? 3 * data.truths.length : data.truths.length + 2 * 250 + 20,
        )
      } finally {
        await server.close()
      }
    }, 120_000)
  }

  it('a second run fetches only the new conversations; --since/--until choose the period', async () => {
    const first = generateConversations({ count: 600, seed: 3, start: '2026-10-01T00:00:00Z', days: 20 })
    const server = await startConversationPlatform({ token: TOKEN, calls: first.calls, chats: first.chats })
    try {
      const db = join(dir, 'inc.duckdb')
      const json = join(dir, 'inc.json')
      const args = ['--id', 'asst_voiceos', '--db', db, '--out', join(dir, 'inc.html'), '--json', json]
      expect((await run(args, server.url, Date.parse('2026-10-25T00:00:00Z'), 100)).code).toBe(0)
      // Each conversation once, but the first full page of calls and of chats (fetched again in its two halves).
      expect([...server.served.values()].reduce((s, n) => s + n, 0)).toBeLessThan(first.truths.length + 2 * 100 + 10)
      const later = generateConversations({ count: 150, seed: 4, start: '2026-10-26T00:00:00Z', days: 5, prefix: 'n' })
      server.add(later.calls, later.chats)
      server.served.clear()
      const second = await run(args, server.url, Date.parse('2026-11-01T00:00:00Z'), 100)
      expect(second.code).toBe(0)
      // Only the new ones went over the wire (a call at a page boundary may come twice).
      expect([...server.served.keys()].every((id) => id.startsWith('n'))).toBe(true)
      expect(server.served.size).toBe(later.truths.length)
      expect(second.stdout[0]).toMatch(/^Synced \d+ calls and \d+ chats/)
      const all = [...first.truths, ...later.truths]
      const families = new Map([...first.families].map(([k, v]) => [k, new Set([...v, ...later.families.get(k)!])]))
      expectFiguresMatch(readJson(json), all, families)
      // A period: the report shows only conversations created in it, from the database alone.
      const period = await run([...args, '--offline', '--since', '2026-10-26', '--until', '2026-10-28'], server.url)
      expect(period.code).toBe(0)
      const inPeriod = all.filter((t) => t.createdAt >= '2026-10-26' && t.createdAt < '2026-10-28')
      expect(readJson(json).totals.conversations).toBe(inPeriod.length)
    } finally {
      await server.close()
    }
  }, 120_000)

  it('429 mid-sync: Retry-After is waited; past the retries the run stops, and the next resumes without loss or duplicates', async () => {
    const data = generateConversations({ count: 900, seed: 11 })
    const server = await startConversationPlatform({ token: TOKEN, calls: data.calls, chats: data.chats })
    try {
      const db = join(dir, 'rl.duckdb')
      const json = join(dir, 'rl.json')
      const args = ['--id', 'asst_voiceos', '--db', db, '--out', join(dir, 'rl.html'), '--json', json]
      // Request 3 gets one 429 with Retry-After: 1 — the client waits a second and goes on.
      server.rateLimit = (n) => (n === 3 ? '1' : undefined)
      // Requests 6–12 are all refused: more than the sync's 5 retries.
      const base = server.rateLimit
      server.rateLimit = (n) => base(n) ?? (n >= 6 && n <= 12 ? '0' : undefined)
      const stopped = await run(args, server.url, NOW, 100)
      expect(stopped.code).toBe(1)
      expect(stopped.stderr.join('\n')).toMatch(/rate-limiting \(429\).*run the same command again/)
      const limited = server.requests.findIndex((r) => r.status === 429)
      expect(server.requests[limited + 1]!.status).toBe(200) // the single 429 was retried
      const before = server.served.size
      expect(before).toBeGreaterThan(0)
      expect(before).toBeLessThan(data.truths.length)
      server.rateLimit = undefined
      const resumed = await run(args, server.url, NOW, 100)
      expect(resumed.code).toBe(0)
      expect(resumed.stdout[0]).toMatch(/resumed an interrupted sync/)
      // The resumed run did not start over: with what the stopped run stored, the two runs together sent no more
      // list requests than one uninterrupted sync of the same data does.
      const listed = (from: number) =>
        server.requests.slice(from).filter((r) => r.status === 200 && (r.path === '/call' || r.path === '/chat')).length
      expectFiguresMatch(readJson(json), data.truths, data.families)
      const both = listed(0)
      const fresh = server.requests.length
      expect(
        (
          await run(
            [...args.slice(0, 2), '--db', join(dir, 'rl-fresh.duckdb'), '--out', join(dir, 'rl-fresh.html')],
            server.url,
            NOW,
            100,
          )
        ).code,
      ).toBe(0)
      expect(both).toBeLessThanOrEqual(listed(fresh))
    } finally {
      await server.close()
    }
  }, 120_000)

  it('personal data is masked unless --include-personal-data; the key comes only from the environment', async () => {
    const data = generateConversations({ count: 400, seed: 5 })
    const server = await startConversationPlatform({ token: TOKEN, calls: data.calls, chats: data.chats })
    try {
      const db = join(dir, 'pd.duckdb')
      const base = ['--id', 'asst_voiceos', '--db', db]
      expect(
        (await run([...base, '--out', join(dir, 'pd.html'), '--json', join(dir, 'pd.json')], server.url)).code,
      ).toBe(0)
      for (const f of ['pd.html', 'pd.json']) {
        const text = readFileSync(join(dir, f), 'utf8')
        expect(text).not.toMatch(/visitor\d+@example\.com/)
        expect(text).not.toContain('27AAPFU0939F1ZV')
      }
      expect(readFileSync(join(dir, 'pd.html'), 'utf8')).toContain('[email]')
      const open = await run(
        [...base, '--offline', '--include-personal-data', '--out', join(dir, 'pd2.html')],
        server.url,
      )
      expect(open.code).toBe(0)
      expect(readFileSync(join(dir, 'pd2.html'), 'utf8')).toMatch(/visitor\d+@example\.com/)
      // No option takes the key; without the environment variable the command refuses to sync.
      const noKey = await runReportCommand([...base, '--key', TOKEN], { env: {}, stdout: () => {}, stderr: () => {} })
      expect(noKey).toBe(2)
      const errors: string[] = []
      expect(await runReportCommand(base, { env: {}, stdout: () => {}, stderr: (l) => errors.push(l) })).toBe(2)
      expect(errors[0]).toMatch(/VAPI_PRIVATE_KEY is not set/)
      const wrong = await runReportCommand(base, {
        env: { VAPI_PRIVATE_KEY: 'sk_wrong_key_xyz', VAPI_API_BASE_URL: server.url },
        stdout: () => {},
        stderr: (l) => errors.push(l),
      })
      expect(wrong).toBe(1)
      expect(errors.at(-1)).toMatch(/refused the private key \(401/)
    } finally {
      await server.close()
    }
  }, 60_000)
})
