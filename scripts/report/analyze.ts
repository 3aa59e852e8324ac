/**
 * The report's figures from stored conversations: every number the HTML, JSON and CSV show comes from
 * {@link analyze}. Personal data is masked here (`text.ts`), before anything is counted or shown, unless
 * `includePersonalData`.
 * @module
 */
import { conversationFacts, type CommandKind } from './facts'
import type { StoredConversation } from './normalize'
import { groupSimilar, maskPersonalData } from './text'

/** Options of {@link analyze}. */
export interface AnalyzeOptions {
  /** Keep emails, phone, card and ID numbers as they are. @default false */
  includePersonalData?: boolean
  /** At most this many rows in each ranked list (questions, pages, fixes). @default 25 */
  top?: number
}

/** A count by key. */
export interface Count {
  key: string
  count: number
}

/** Everything the report shows. Durations in seconds, costs in US dollars, days as `YYYY-MM-DD` (UTC). */
export interface ReportData {
  period: { from: string | null; to: string | null }
  totals: { conversations: number; voice: number; chat: number; costUsd: number }
  /** Conversations per day (UTC), by mode; days without any are listed with zeros. */
  perDay: { day: string; voice: number; chat: number }[]
  /** By the page's language (`<html lang>`; `unknown` for conversations from widgets before record version 1). */
  languages: Count[]
  /** Voice calls' duration (`endedAt − startedAt`), over calls that have both. */
  duration: { calls: number; medianS: number | null; p90S: number | null; totalS: number }
  /** Cost by mode. */
  cost: { voiceUsd: number; chatUsd: number; perConversationUsd: number | null }
  /** How voice calls ended (`endedReason`; `unknown` when absent). Chats are not counted here. */
  endedReasons: Count[]
  startPages: Count[]
  takenTo: Count[]
  /** Commands per page and kind: done vs refused, most used first. */
  commands: { path: string; kind: CommandKind; done: number; refused: number }[]
  /** Commands by kind in all. */
  commandKinds: { kind: CommandKind; done: number; refused: number }[]
  /**
   * What to fix on the site: refused commands, one row per problem (command kind and the widget's reason), with
   * the pages it happened on (most first); most frequent first.
   */
  fixes: { kind: CommandKind; reason: string; count: number; pages: Count[] }[]
  /** How many commands were refused and how many questions went unanswered, in all (before {@link AnalyzeOptions.top}). */
  problems: { refused: number; unanswered: number }
  /** Questions the assistant could not answer, grouped by similar wording, most frequent first. */
  unanswered: { question: string; count: number; variants: number; pages: Count[]; searchFoundNothing: number }[]
  /** The most asked questions, grouped by similar wording. */
  questions: { question: string; count: number; variants: number }[]
  /** Conversations read, and how many came from widgets before the record tag. */
  records: { tagged: number; untagged: number }
}

const round2 = (n: number) => Math.round(n * 100) / 100
const round6 = (n: number) => Math.round(n * 1e6) / 1e6

/** `p`-quantile (0–1) of sorted numbers, nearest rank. */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
}

function countBy(keys: Iterable<string>): Count[] {
  const m = new Map<string, number>()
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1)
  return [...m.entries()]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
}

/** Computes the report's figures (see {@link ReportData}). Pure: the same conversations give the same figures. */
export function analyze(conversations: readonly StoredConversation[], options: AnalyzeOptions = {}): ReportData {
  const top = options.top ?? 25
  const mask = options.includePersonalData ? (s: string) => s : maskPersonalData
  const days = new Map<string, { voice: number; chat: number }>()
  const langs: string[] = []
  const durations: number[] = []
  const ended: string[] = []
  const starts: string[] = []
  const taken: string[] = []
  const commands = new Map<string, { path: string; kind: CommandKind; done: number; refused: number }>()
  const kinds = new Map<CommandKind, { kind: CommandKind; done: number; refused: number }>()
  const fixes = new Map<string, { kind: CommandKind; reason: string; paths: string[] }>()
  const asked: [string, string][] = []
  const unanswered: [string, string][] = []
  let voiceUsd = 0
  let chatUsd = 0
  let voice = 0
  let tagged = 0
  let from: string | null = null
  let to: string | null = null

  for (const c of conversations) {
    const day = c.createdAt.slice(0, 10)
    if (from === null || c.createdAt < from) from = c.createdAt
    if (to === null || c.createdAt > to) to = c.createdAt
    const d = days.get(day) ?? { voice: 0, chat: 0 }
    if (c.kind === 'call') {
      d.voice++
      voice++
      voiceUsd += c.cost ?? 0
      ended.push(c.endedReason ?? 'unknown')
      if (c.startedAt && c.endedAt) {
        const s = (Date.parse(c.endedAt) - Date.parse(c.startedAt)) / 1000
        if (Number.isFinite(s) && s >= 0) durations.push(s)
      }
    } else {
      d.chat++
      chatUsd += c.cost ?? 0
    }
    days.set(day, d)
    const f = conversationFacts(c.turns)
    if (f.recordVersion > 0) tagged++
    langs.push(f.lang || 'unknown')
    if (f.startPath) starts.push(mask(f.startPath))
    for (const p of f.takenTo) taken.push(mask(p))
    for (const cmd of f.commands) {
      const path = mask(cmd.path) || '(unknown page)'
      const key = `${path}\u0000${cmd.kind}`
      const row = commands.get(key) ?? { path, kind: cmd.kind, done: 0, refused: 0 }
      row[cmd.outcome]++
      commands.set(key, row)
      const k = kinds.get(cmd.kind) ?? { kind: cmd.kind, done: 0, refused: 0 }
      k[cmd.outcome]++
      kinds.set(cmd.kind, k)
      if (cmd.outcome === 'refused') {
        const reason = mask(cmd.text)
        const fk = `${cmd.kind}\u0000${reason}`
        const fix = fixes.get(fk) ?? { kind: cmd.kind, reason, paths: [] }
        fix.paths.push(path)
        fixes.set(fk, fix)
      }
    }
    for (const q of f.questions) {
      const text = mask(q.text)
      const page = mask(q.path) || '(unknown page)'
      asked.push([text, page])
      if (q.unanswered) unanswered.push([text, `${q.unanswered === 'search-found-nothing' ? 's' : 'h'}${page}`])
    }
  }

  // Every day of the period, with zeros where nothing happened.
  const perDay: ReportData['perDay'] = []
  if (from && to) {
    for (let t = Date.parse(`${from.slice(0, 10)}T00:00:00Z`); t <= Date.parse(`${to.slice(0, 10)}T00:00:00Z`);) {
      const day = new Date(t).toISOString().slice(0, 10)
      perDay.push({ day, ...(days.get(day) ?? { voice: 0, chat: 0 }) })
      t += 86_400_000
    }
  }
  durations.sort((a, b) => a - b)
  const byCount = <T extends { done: number; refused: number }>(a: T, b: T) => b.done + b.refused - (a.done + a.refused)
  return {
    period: { from, to },
    totals: {
      conversations: conversations.length,
      voice,
      chat: conversations.length - voice,
      costUsd: round6(voiceUsd + chatUsd),
    },
    perDay,
    languages: countBy(langs),
    duration: {
      calls: durations.length,
      medianS: quantile(durations, 0.5),
      p90S: quantile(durations, 0.9),
      totalS: round2(durations.reduce((s, x) => s + x, 0)),
    },
    cost: {
      voiceUsd: round6(voiceUsd),
      chatUsd: round6(chatUsd),
      perConversationUsd: conversations.length ? round6((voiceUsd + chatUsd) / conversations.length) : null,
    },
    endedReasons: countBy(ended),
    startPages: countBy(starts).slice(0, top),
    takenTo: countBy(taken).slice(0, top),
    commands: [...commands.values()]
      .sort((a, b) => byCount(a, b) || a.path.localeCompare(b.path) || a.kind.localeCompare(b.kind))
      .slice(0, top * 2),
    commandKinds: [...kinds.values()].sort((a, b) => byCount(a, b) || a.kind.localeCompare(b.kind)),
    fixes: [...fixes.values()]
      .map((f) => ({ kind: f.kind, reason: f.reason, count: f.paths.length, pages: countBy(f.paths) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason) || a.kind.localeCompare(b.kind))
      .slice(0, top),
    problems: {
      refused: [...fixes.values()].reduce((sum, f) => sum + f.paths.length, 0),
      unanswered: unanswered.length,
    },
    unanswered: groupSimilar(unanswered)
      .slice(0, top)
      .map((g) => ({
        question: g.text,
        count: g.count,
        variants: g.variants,
        pages: countBy(g.items.map((i) => i.slice(1))),
        searchFoundNothing: g.items.filter((i) => i.startsWith('s')).length,
      })),
    questions: groupSimilar(asked)
      .slice(0, top)
      .map((g) => ({ question: g.text, count: g.count, variants: g.variants })),
    records: { tagged, untagged: conversations.length - tagged },
  }
}
