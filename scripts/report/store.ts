/**
 * The report's local database: one DuckDB file (`@duckdb/node-api`) on the owner's machine.
 *
 * - `conversations` — one row per call or chat (`normalize.ts`), `turns` as JSON; upserted by `id`, so a
 *   conversation fetched twice is stored once;
 * - `sync_state` — per kind (`call`, `chat`) and assistant: the `watermark` (everything created before it is
 *   stored) and, while a sync is under way, its window and cursor, written in the same transaction as each page,
 *   so an interrupted sync resumes where it stopped.
 *
 * Never holds the platform key: only what the platform's list endpoints return, reduced by `normalize.ts`.
 * @module
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import type { StoredConversation, Turn } from './normalize'

/** Where a sync of one kind stands. ISO 8601 instants. */
export interface SyncState {
  kind: 'call' | 'chat'
  assistantId: string
  /** Conversations created before this instant are stored (`null`: none yet). */
  watermark: string | null
  /** A window being fetched: `[lo, hi)`, and the windows inside it still to fetch (`cursor`: sync.ts `formatCursor`). */
  window: { lo: string; hi: string; cursor: string } | null
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS conversations (
  id VARCHAR PRIMARY KEY,
  kind VARCHAR NOT NULL,
  assistant_id VARCHAR,
  created_at TIMESTAMPTZ NOT NULL,
  started_at TIMESTAMPTZ,
  ended_at TIMESTAMPTZ,
  cost DOUBLE,
  ended_reason VARCHAR,
  status VARCHAR,
  turns JSON
);
CREATE TABLE IF NOT EXISTS sync_state (
  kind VARCHAR NOT NULL,
  assistant_id VARCHAR NOT NULL,
  watermark VARCHAR,
  window_lo VARCHAR,
  window_hi VARCHAR,
  window_cursor VARCHAR,
  PRIMARY KEY (kind, assistant_id)
);`

const ROW_TYPE = JSON.stringify([
  {
    id: 'VARCHAR',
    kind: 'VARCHAR',
    assistant_id: 'VARCHAR',
    created_at: 'TIMESTAMPTZ',
    started_at: 'TIMESTAMPTZ',
    ended_at: 'TIMESTAMPTZ',
    cost: 'DOUBLE',
    ended_reason: 'VARCHAR',
    status: 'VARCHAR',
    turns: 'JSON',
  },
])

/** A JSON cell as text (DuckDB's JSON rows give VARCHAR columns as strings). */
const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))

const iso = `strftime(%s AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.%gZ')`
const isoOf = (col: string) => iso.replace('%s', col)

/** The `@duckdb/node-api` version this repository pins (package.json), named when it is missing. */
const DUCKDB_VERSION = '1.5.6-r.1'

/** The report's database. Call {@link ReportStore.close} when done. */
export class ReportStore {
  readonly #instance: DuckDBInstance
  readonly #db: DuckDBConnection

  private constructor(instance: DuckDBInstance, db: DuckDBConnection) {
    this.#instance = instance
    this.#db = db
  }

  /**
   * Opens (creating if needed) the database file at `path`. DuckDB (a native module) is imported here, on use:
   * the published `voiceos` CLI bundles every other dependency but not this one (scripts/lazyPackages.ts).
   * @throws {Error} DuckDB's when the file is locked or not a database; one naming the package to add when
   *   `@duckdb/node-api` is not installed
   */
  static async open(path: string): Promise<ReportStore> {
    let duckdb: typeof import('@duckdb/node-api')
    try {
      duckdb = await import('@duckdb/node-api')
    } catch (error) {
      throw new Error(
        `the report needs DuckDB's Node package, which is not installed (${(error as Error).message.split('\n')[0]}). Install it: npm install @duckdb/node-api@${DUCKDB_VERSION}`,
      )
    }
    const instance = await duckdb.DuckDBInstance.create(path)
    const db = await instance.connect()
    await db.run(SCHEMA)
    return new ReportStore(instance, db)
  }

  /**
   * Stores one page of conversations and the sync state after it, in one transaction: either both are written
   * or neither. A conversation already stored is replaced (the platform's newer copy wins).
   */
  async savePage(conversations: readonly StoredConversation[], state: SyncState): Promise<void> {
    const unique = new Map(conversations.map((c) => [c.id, c]))
    const rows = [...unique.values()].map((c) => ({
      id: c.id,
      kind: c.kind,
      assistant_id: c.assistantId,
      created_at: c.createdAt,
      started_at: c.startedAt,
      ended_at: c.endedAt,
      cost: c.cost,
      ended_reason: c.endedReason,
      status: c.status,
      turns: c.turns,
    }))
    await this.#db.run('BEGIN TRANSACTION')
    try {
      if (rows.length > 0) {
        await this.#db.run(
          `INSERT OR REPLACE INTO conversations SELECT * FROM (SELECT unnest(from_json(?::JSON, '${ROW_TYPE}'), recursive := true))`,
          [JSON.stringify(rows)],
        )
      }
      await this.#writeState(state)
      await this.#db.run('COMMIT')
    } catch (error) {
      await this.#db.run('ROLLBACK').catch(() => undefined)
      throw error
    }
  }

  async #writeState(s: SyncState): Promise<void> {
    await this.#db.run('INSERT OR REPLACE INTO sync_state VALUES (?, ?, ?, ?, ?, ?)', [
      s.kind,
      s.assistantId,
      s.watermark,
      s.window?.lo ?? null,
      s.window?.hi ?? null,
      s.window?.cursor ?? null,
    ])
  }

  /** Where the sync of `kind` for `assistantId` stands (a fresh state when never synced). */
  async state(kind: 'call' | 'chat', assistantId: string): Promise<SyncState> {
    const r = await this.#db.runAndReadAll(
      'SELECT watermark, window_lo, window_hi, window_cursor FROM sync_state WHERE kind = ? AND assistant_id = ?',
      [kind, assistantId],
    )
    const row = r.getRowObjectsJson()[0] as Record<string, string | null> | undefined
    return {
      kind,
      assistantId,
      watermark: row?.['watermark'] ?? null,
      window:
        row?.['window_lo'] && row['window_hi'] && row['window_cursor'] != null
          ? { lo: row['window_lo'], hi: row['window_hi'], cursor: row['window_cursor'] }
          : null,
    }
  }

  /** Writes a sync state alone (a window finished with an empty page, a watermark moved). */
  async saveState(state: SyncState): Promise<void> {
    await this.#writeState(state)
  }

  /** Ids of calls of `assistantId` not yet ended when stored (their messages and cost were still to come). */
  async unfinishedCalls(assistantId: string): Promise<string[]> {
    const r = await this.#db.runAndReadAll(
      `SELECT id FROM conversations WHERE kind = 'call' AND assistant_id = ? AND status IS DISTINCT FROM 'ended' ORDER BY id`,
      [assistantId],
    )
    return r.getRowObjectsJson().map((row) => text(row['id']))
  }

  /** Number of stored conversations. */
  async count(): Promise<number> {
    const r = await this.#db.runAndReadAll('SELECT count(*)::INTEGER AS n FROM conversations')
    return Number(r.getRowObjectsJson()[0]?.['n'] ?? 0)
  }

  /**
   * Stored conversations of `assistantId` created in `[since, until)` (either may be omitted), oldest first.
   */
  async conversations(assistantId: string, since?: string, until?: string): Promise<StoredConversation[]> {
    const where = ['assistant_id = ?']
    const params: string[] = [assistantId]
    if (since) {
      where.push('created_at >= ?::TIMESTAMPTZ')
      params.push(since)
    }
    if (until) {
      where.push('created_at < ?::TIMESTAMPTZ')
      params.push(until)
    }
    const r = await this.#db.runAndReadAll(
      `SELECT id, kind, assistant_id, ${isoOf('created_at')} AS created_at, ${isoOf('started_at')} AS started_at,
        ${isoOf('ended_at')} AS ended_at, cost, ended_reason, status, turns::VARCHAR AS turns
       FROM conversations WHERE ${where.join(' AND ')} ORDER BY created_at, id`,
      params,
    )
    return r.getRowObjectsJson().map((row) => ({
      id: text(row['id']),
      kind: row['kind'] === 'chat' ? 'chat' : 'call',
      assistantId: (row['assistant_id'] as string | null) ?? null,
      createdAt: text(row['created_at']),
      startedAt: (row['started_at'] as string | null) ?? null,
      endedAt: (row['ended_at'] as string | null) ?? null,
      cost: row['cost'] == null ? null : Number(row['cost']),
      endedReason: (row['ended_reason'] as string | null) ?? null,
      status: text(row['status'] ?? 'ended'),
      turns: JSON.parse(text(row['turns'] ?? '[]')) as Turn[],
    }))
  }

  /** Writes everything to the file and closes it. */
  async close(): Promise<void> {
    await this.#db.run('CHECKPOINT').catch(() => undefined)
    this.#db.closeSync()
    this.#instance.closeSync()
  }
}
