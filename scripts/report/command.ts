/**
 * `npm run assistant -- report`: syncs the assistant's calls and chats into a local DuckDB file, then writes the
 * conversation report (HTML; `--json`, `--csv`). See scripts/report/README.md.
 *
 * The private key comes from `VAPI_PRIVATE_KEY` only (there is no option for it) and is never printed nor written
 * to the database or the report. Exit codes: 0 done, 1 the platform refused or could not be reached (what was
 * fetched is kept; run again to resume), 2 a usage or configuration error.
 * @module
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { APIConnectionError, APIError, AuthenticationError, RateLimitError } from '../../src/platform'
import { CLI } from '../cliName'
import { analyze } from './analyze'
import { renderCsv, renderHtml } from './render'
import { ReportStore } from './store'
import { sync, syncClient } from './sync'

export const REPORT_USAGE = `Usage: ${CLI} report [options]

  Fetches your assistant's calls and chats into a local database (only what is new since the last run), then
  writes a report: what visitors ask, where voice helped, what to fix on your site.

Options:
  --id ID                  the assistant (or VAPI_ASSISTANT_ID)
  --db FILE                the local database (default voiceos-conversations.duckdb)
  --out FILE               the HTML report (default voiceos-report.html)
  --json FILE              also write the figures as JSON
  --csv DIR                also write each table as a CSV file in DIR
  --since DATE             conversations created at or after DATE (ISO 8601, e.g. 2026-11-01)
  --until DATE             conversations created before DATE
  --offline                no sync: report from the database as it is
  --include-personal-data  show emails, phone, card and ID numbers (masked by default)
  --top N                  rows in each ranked list (default 25)
  -h, --help               this text

Environment:
  VAPI_PRIVATE_KEY     your Vapi PRIVATE key (required unless --offline; never printed or stored)
  VAPI_API_BASE_URL    API origin (default https://api.vapi.ai)`

/** What the command reads and writes (injected by tests). */
export interface ReportCommandIO {
  env: Record<string, string | undefined>
  stdout: (line: string) => void
  stderr: (line: string) => void
  /** `fetch` for the platform client. @default globalThis.fetch */
  fetch?: typeof fetch
  /** The current time (ms). @default Date.now */
  now?: () => number
  /** Items per list request. @default 1000 */
  pageSize?: number
}

class UsageError extends Error {}

function instant(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (!Number.isFinite(t)) throw new UsageError(`${name} is not a date: "${value}" (use ISO 8601, e.g. 2026-11-01).`)
  return new Date(t).toISOString()
}

/**
 * Runs the report command with `argv` (the arguments after `report`).
 * @returns the exit code (0, 1, 2; see the module comment). Never throws.
 */
export async function runReportCommand(argv: string[], io: ReportCommandIO): Promise<number> {
  const key = io.env['VAPI_PRIVATE_KEY']?.trim() ?? ''
  const redact = (text: string) => (key.length >= 4 ? text.split(key).join('***') : text)
  const out = (line: string) => io.stdout(redact(line))
  const err = (line: string) => io.stderr(redact(line))
  let store: ReportStore | undefined
  let dbPath = ''
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        id: { type: 'string' },
        db: { type: 'string' },
        out: { type: 'string' },
        json: { type: 'string' },
        csv: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        offline: { type: 'boolean' },
        'include-personal-data': { type: 'boolean' },
        top: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) {
      out(REPORT_USAGE)
      return 0
    }
    if (positionals.length > 0) throw new UsageError(`Unexpected "${positionals.join(' ')}".`)
    const assistantId = (values.id ?? io.env['VAPI_ASSISTANT_ID'] ?? '').trim()
    if (!assistantId) throw new UsageError('report needs the assistant id: --id ID or VAPI_ASSISTANT_ID.')
    const since = instant('--since', values.since)
    const until = instant('--until', values.until)
    if (since && until && since >= until) throw new UsageError('--since must be before --until.')
    const top = values.top === undefined ? 25 : Number(values.top)
    if (!Number.isInteger(top) || top < 1 || top > 1000) throw new UsageError('--top takes a whole number 1–1000.')
    const baseUrl = (io.env['VAPI_API_BASE_URL']?.trim() || 'https://api.vapi.ai').replace(/\/+$/, '')
    if (!/^https?:\/\/[^\s/]+/.test(baseUrl))
      throw new UsageError(`VAPI_API_BASE_URL is not an http(s) URL: "${baseUrl}".`)
    if (!values.offline && !key) {
      throw new UsageError(
        `VAPI_PRIVATE_KEY is not set. Create a private key in the Vapi dashboard (API Keys) and run: VAPI_PRIVATE_KEY=… ${CLI} report --id …  (or --offline to report from the database alone)`,
      )
    }
    dbPath = values.db ?? 'voiceos-conversations.duckdb'
    store = await ReportStore.open(dbPath)

    if (!values.offline) {
      const client = syncClient({ token: key, baseUrl, ...(io.fetch && { fetch: io.fetch }) })
      const started = Date.now()
      const summary = await sync({
        client,
        store,
        assistantId,
        ...(since && { since }),
        ...(until && { until }),
        ...(io.now && { now: io.now }),
        ...(io.pageSize && { pageSize: io.pageSize }),
        onProgress: (line) => err(line),
      })
      out(
        `Synced ${summary.received.call} calls and ${summary.received.chat} chats${summary.resumed ? ' (resumed an interrupted sync)' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${await store.count()} conversations in ${dbPath}.`,
      )
    }

    const conversations = await store.conversations(assistantId, since, until)
    const personal = values['include-personal-data'] === true
    const data = analyze(conversations, { includePersonalData: personal, top })
    const generatedAt = new Date((io.now ?? Date.now)()).toISOString()
    const htmlPath = values.out ?? 'voiceos-report.html'
    await writeFile(htmlPath, renderHtml(data, { assistantId, generatedAt, personalData: personal }))
    out(`Report: ${htmlPath} (${data.totals.conversations} conversations${personal ? ', WITH personal data' : ''}).`)
    if (values.json) {
      await writeFile(
        values.json,
        `${JSON.stringify({ assistantId, generatedAt, personalData: personal, ...data }, null, 2)}\n`,
      )
      out(`JSON: ${values.json}`)
    }
    if (values.csv) {
      await mkdir(values.csv, { recursive: true })
      for (const [name, text] of Object.entries(renderCsv(data))) await writeFile(join(values.csv, name), text)
      out(`CSV: ${values.csv}/`)
    }
    return 0
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`Error: ${(error as Error).message}`)
      err(`Run  ${CLI} report --help  for the options.`)
      return 2
    }
    if (error instanceof AuthenticationError) {
      err('Error: the platform refused the private key (401 Unauthorized). Check VAPI_PRIVATE_KEY.')
    } else if (error instanceof RateLimitError) {
      err(
        `Error: the platform is rate-limiting (429) beyond the retries. Everything fetched so far is saved in ${dbPath}; run the same command again later to resume.`,
      )
    } else if (error instanceof APIError) {
      err(`Error: the platform answered ${error.message}. What was fetched is saved; run again to resume.`)
    } else if (error instanceof APIConnectionError) {
      err(`Error: could not reach the platform: ${error.message} What was fetched is saved; run again to resume.`)
    } else err(`Error: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    await store?.close().catch(() => undefined)
  }
}
