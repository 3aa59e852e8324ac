/**
 * Sync: the owner's assistant's calls and chats from the platform into the report's database, incrementally and
 * resumably, through the platform client (src/platform; its retries honour `429` + `Retry-After` and the
 * server's `x-should-retry`).
 *
 * - **Bounded windows, any order** — `GET /call?assistantId&createdAtGe&createdAtLt&limit` and
 *   `GET /chat?assistantId&createdAtGe&createdAtLt&limit` (vendored `openapi/vapi-openapi.json`: `limit` 0–1000,
 *   default 100; `GET /call` returns a plain array and does not say in which order, `GET /chat` a
 *   `ChatPaginatedResponse`). Neither order nor page numbers are relied on: a window `[lo, hi)` is done only when
 *   a request for exactly that window returns fewer than `limit` items, which are then all of them, in whatever
 *   order they came. A full answer is stored and its window cut into pieces sized by the density of what came back
 *   ({@link splitSpan}), each fetched the same way; a conversation fetched twice is stored once (by id). Newest
 *   first or oldest first, a conversation crosses the wire about once, the first full page's twice.
 * - **More than `limit` conversations in one millisecond** cannot be split: the sync stops with an error that says
 *   to run again with a larger page size.
 * - **Incremental** — a window is `[watermark, now)`; when it is done the watermark moves to its end, and the next
 *   run asks only for what was created since. `since` / `until` choose another window (what is fetched is stored
 *   once whatever the overlap); the watermark moves only when the window joins it.
 * - **Resumable** — each answer is stored with the windows still to fetch (the cursor) in one transaction
 *   (`store.ts`); when the sync stops (rate limit beyond the retries, network, Ctrl-C), the next run with the same
 *   assistant fetches only those. A cursor left by an older version of the report is not read: that run fetches
 *   its whole window again (stored once).
 * - Calls stored before they ended are fetched again (`GET /call/{id}`) on the next run.
 * @module
 */
import { createPlatformClient, type PlatformClient } from '../../src/platform'
import { fromCall, fromChat, type StoredConversation } from './normalize'
import type { ReportStore, SyncState } from './store'

/** Options of {@link sync}. */
export interface SyncOptions {
  client: PlatformClient
  store: ReportStore
  assistantId: string
  /** ISO instant: fetch conversations created at or after it (default: the watermark, else the beginning). */
  since?: string
  /** ISO instant: fetch conversations created before it (default: now). */
  until?: string
  /** Items per request (1–1000). @default 1000 */
  pageSize?: number
  /** The current time. @default Date.now */
  now?: () => number
  /** Progress, one line per page. */
  onProgress?: (line: string) => void
}

/** What a sync did. */
export interface SyncSummary {
  /** Conversations received (a conversation received twice counts twice). */
  received: { call: number; chat: number }
  /** Requests sent to the list endpoints and for unfinished calls. */
  requests: number
  /** Whether a window left open by an earlier run was resumed. */
  resumed: boolean
}

const EPOCH = '1970-01-01T00:00:00.000Z'
const isoMs = (t: number) => new Date(t).toISOString()

/** A window of creation times still to fetch: `[lo, hi)`, in milliseconds since the epoch. */
type Span = [lo: number, hi: number]

/**
 * The windows a cursor holds (JSON `[[loIso, hiIso], …]`), or `null` when it is not one (a cursor of an older
 * version of the report, or none left: its window is fetched again whole).
 */
export function parseCursor(cursor: string): Span[] | null {
  try {
    const v = JSON.parse(cursor) as unknown
    if (!Array.isArray(v) || v.length === 0) return null
    const spans = v.map((p): Span => {
      const [lo, hi] = Array.isArray(p) ? (p as unknown[]) : []
      const span: Span = [Date.parse(String(lo)), Date.parse(String(hi))]
      if (!span.every(Number.isFinite) || span[0] >= span[1]) throw new Error('not a window')
      return span
    })
    return spans
  } catch {
    return null
  }
}

/** The cursor of windows still to fetch (see {@link parseCursor}). */
export function formatCursor(spans: readonly Span[]): string {
  return JSON.stringify(spans.map(([lo, hi]) => [isoMs(lo), isoMs(hi)]))
}

/** Pieces of the half-span length cut on each side of a full answer's span before the rest is left whole. */
const SIDE_PIECES = 8

/**
 * The pieces a window is cut into when its answer was full (`limit` conversations, created at `createdAt`), sized
 * to hold about half a page each at the density of what came back, so that most come back not full and are done
 * with one request whatever the list's order:
 *
 * - the span of what came back (`[first, last]`) in two halves at its median (each about half a page);
 * - beside it, on each side still inside the window, up to {@link SIDE_PIECES} pieces of that half-span's length,
 *   then the rest of that side as one piece (a side holding much more is cut again when its answer is full).
 *
 * Newest first, what came back is the window's newest page: its two halves are confirmed, the pieces before it
 * bring the rest, half a page each. Oldest first, the same on the other side. In another order, what came back
 * spans most of the window, and the window is halved. Every piece lies inside the window and they cover it
 * exactly, without overlap.
 * @throws {Error} when the window is one millisecond (more than `limit` conversations created in it)
 */
export function splitSpan([lo, hi]: Span, createdAt: readonly string[], limit: number, kind: string): Span[] {
  if (hi - lo <= 1) {
    throw new Error(
      `More than ${limit} ${kind}s were created at ${isoMs(lo)}: the list endpoint cannot page past them. Run again with a larger page size.`,
    )
  }
  const inside = (t: number) => Math.min(hi, Math.max(lo, t))
  const times = createdAt
    .map((t) => Date.parse(t))
    .filter(Number.isFinite)
    .sort((a, b) => a - b)
  const first = inside(times[0] ?? lo)
  const end = inside((times[times.length - 1] ?? hi - 1) + 1)
  const median = Math.min(hi - 1, Math.max(lo + 1, times[Math.floor(times.length / 2)] ?? (lo + hi) / 2))
  const half = Math.max(1, Math.ceil((end - first) / 2))
  const cuts = new Set([lo, hi, first, end, median])
  for (let i = 1; i <= SIDE_PIECES; i++) {
    cuts.add(inside(first - i * half))
    cuts.add(inside(end + i * half))
  }
  const sorted = [...cuts].sort((a, b) => a - b)
  return sorted.slice(1).map((b, i): Span => [sorted[i]!, b])
}

/**
 * Runs one sync (see the module comment).
 * @throws the platform client's errors (`RateLimitError` once its retries are spent, `AuthenticationError`…), and
 *   an `Error` when more than `pageSize` conversations share one millisecond; everything stored before the error
 *   stays, and the next run resumes.
 */
export async function sync(options: SyncOptions): Promise<SyncSummary> {
  const { client, store, assistantId } = options
  const limit = Math.min(1000, Math.max(1, options.pageSize ?? 1000))
  const now = isoMs((options.now ?? Date.now)())
  const summary: SyncSummary = { received: { call: 0, chat: 0 }, requests: 0, resumed: false }
  const say = options.onProgress ?? (() => undefined)

  const windowFor = (state: SyncState): { lo: string; hi: string } => {
    const lo = options.since ?? state.watermark ?? EPOCH
    const hi = options.until ?? now
    return { lo, hi }
  }
  const afterWindow = (state: SyncState, w: { lo: string; hi: string }): string | null => {
    // The watermark moves only over a window that starts at or before it (no gap left behind).
    const joins = state.watermark === null ? w.lo === EPOCH : w.lo <= state.watermark
    if (!joins) return state.watermark
    return state.watermark === null || w.hi > state.watermark ? w.hi : state.watermark
  }

  /** One list request for `[lo, hi)`: at most `limit` conversations created in it, in the platform's order. */
  const fetchers: Record<'call' | 'chat', (span: Span) => Promise<StoredConversation[]>> = {
    call: async ([lo, hi]) => {
      const page = (await client.calls.list({
        assistantId,
        createdAtGe: isoMs(lo),
        createdAtLt: isoMs(hi),
        limit,
      })) as unknown as Record<string, unknown>[]
      return (Array.isArray(page) ? page : []).map(fromCall)
    },
    chat: async ([lo, hi]) => {
      const page = await client.chats.list({ assistantId, createdAtGe: isoMs(lo), createdAtLt: isoMs(hi), limit })
      return page.results.map((c) => fromChat(c as unknown as Record<string, unknown>))
    },
  }

  for (const kind of ['call', 'chat'] as const) {
    let state = await store.state(kind, assistantId)
    const w = state.window ?? windowFor(state)
    if (state.window) summary.resumed = true
    const whole: Span = [Date.parse(w.lo), Date.parse(w.hi)]
    let pending: Span[] = (state.window && parseCursor(state.window.cursor)) || (whole[0] < whole[1] ? [whole] : [])
    while (pending.length > 0) {
      const span = pending[pending.length - 1]!
      summary.requests++
      const items = await fetchers[kind](span)
      summary.received[kind] += items.length
      pending = pending.slice(0, -1)
      if (items.length >= limit)
        pending.push(
          ...splitSpan(
            span,
            items.map((c) => c.createdAt),
            limit,
            kind,
          ),
        )
      state =
        pending.length > 0
          ? { ...state, window: { lo: w.lo, hi: w.hi, cursor: formatCursor(pending) } }
          : { ...state, watermark: afterWindow(state, w), window: null }
      await store.savePage(items, state)
      say(`${kind}s: ${summary.received[kind]} received${pending.length > 0 ? '' : ', done'}`)
    }
  }

  // Calls stored before they ended: their messages, cost and end come later.
  for (const id of await store.unfinishedCalls(assistantId)) {
    summary.requests++
    const call = fromCall(await client.calls.retrieve(id))
    const state = await store.state('call', assistantId)
    await store.savePage([call] satisfies StoredConversation[], state)
  }
  return summary
}

/** A platform client for the sync: more retries than the default, since a long sync meets rate limits. */
export function syncClient(options: { token: string; baseUrl: string; fetch?: typeof fetch }): PlatformClient {
  return createPlatformClient({ ...options, maxRetries: 5 })
}
