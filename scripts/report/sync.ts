/**
 * Sync: the owner's assistant's calls and chats from the platform into the report's database, incrementally and
 * resumably, through the platform client (src/platform; its retries honour `429` + `Retry-After` and the
 * server's `x-should-retry`).
 *
 * - **Calls** — `GET /call?assistantId&createdAtGe&createdAtLt&limit` (vendored OpenAPI: a plain array, newest
 *   first, `limit` ≤ 1000): page after page, each next page bounded by `createdAtLe` = the oldest `createdAt`
 *   of the page before (`Le`, not `Lt`: calls sharing that instant are fetched again and stored once), until a
 *   page holds fewer than `limit`.
 * - **Chats** — `GET /chat?assistantId&createdAtGe&createdAtLt&sortOrder=ASC&limit&page` (`ChatPaginatedResponse`):
 *   page numbers over a fixed window, oldest first, so chats created meanwhile cannot shift the pages.
 * - **Incremental** — a window is `[watermark, now)`; when it is done the watermark moves to its end, and the next
 *   run asks only for what was created since. `since` / `until` choose another window (what is fetched is stored
 *   once whatever the overlap); the watermark moves only when the window joins it.
 * - **Resumable** — each page is stored with the window's cursor in one transaction (`store.ts`); when the sync
 *   stops (rate limit beyond the retries, network, Ctrl-C), the next run with the same assistant continues the
 *   open window from its cursor.
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

/**
 * Runs one sync (see the module comment).
 * @throws the platform client's errors (`RateLimitError` once its retries are spent, `AuthenticationError`…);
 *   everything stored before the error stays, and the next run resumes.
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

  // Calls, newest first, bounded above by the cursor.
  {
    let state = await store.state('call', assistantId)
    const w = state.window ?? { ...windowFor(state), cursor: '' }
    if (state.window) summary.resumed = true
    if (w.lo < w.hi) {
      let upper = w.cursor
      for (;;) {
        const query = {
          assistantId,
          createdAtGe: w.lo,
          ...(upper ? { createdAtLe: upper } : { createdAtLt: w.hi }),
          limit,
        }
        summary.requests++
        const page = (await client.calls.list(query)) as unknown as Record<string, unknown>[]
        const items = (Array.isArray(page) ? page : []).map(fromCall)
        summary.received.call += items.length
        const oldest = items.reduce<string | null>((m, c) => (m === null || c.createdAt < m ? c.createdAt : m), null)
        const more = items.length >= limit && oldest !== null && oldest !== upper
        if (items.length >= limit && oldest === upper) {
          throw new Error(
            `More than ${limit} calls were created at ${oldest}: the list endpoint cannot page past them. Run again with a larger page size.`,
          )
        }
        state = more
          ? { ...state, window: { lo: w.lo, hi: w.hi, cursor: oldest } }
          : { ...state, watermark: afterWindow(state, w), window: null }
        await store.savePage(items, state)
        say(`calls: ${summary.received.call} received${more ? ` (older than ${oldest} next)` : ', done'}`)
        if (!more) break
        upper = oldest
      }
    }
  }

  // Chats, oldest first, page by page over a fixed window.
  {
    let state = await store.state('chat', assistantId)
    const w = state.window ?? { ...windowFor(state), cursor: '1' }
    if (state.window) summary.resumed = true
    if (w.lo < w.hi) {
      let pageNo = Math.max(1, Number.parseInt(w.cursor, 10) || 1)
      for (;;) {
        summary.requests++
        const page = await client.chats.list({
          assistantId,
          createdAtGe: w.lo,
          createdAtLt: w.hi,
          sortOrder: 'ASC',
          limit,
          page: pageNo,
        })
        const items = page.results.map((c) => fromChat(c as unknown as Record<string, unknown>))
        summary.received.chat += items.length
        const more = page.hasNextPage()
        state = more
          ? { ...state, window: { lo: w.lo, hi: w.hi, cursor: String(pageNo + 1) } }
          : { ...state, watermark: afterWindow(state, w), window: null }
        await store.savePage(items, state)
        say(`chats: ${summary.received.chat} received${more ? '' : ', done'}`)
        if (!more) break
        pageNo++
      }
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
