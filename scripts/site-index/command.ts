/**
 * `npm run assistant -- index`: builds the site search index (./indexer.ts) and says where to publish it;
 * `npm run assistant -- show` reports its age and page count ({@link describeIndex}).
 * Exit codes: 0 written, 1 the source could not be read, the index was refused (no page, or under half the pages
 * found: ./indexer.ts `MIN_INDEXED_SHARE`) or not written, 2 a usage error.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { CLI } from '../cliName'
import { INDEX_FORMAT_VERSION } from '../../src/voice/search/terms'
import { PACK_BYTES } from './searchIndex'
import { folderUrl } from './sources'
import {
  buildSiteIndex,
  DEFAULT_MAX_PAGES,
  MANIFEST_FILE,
  readIndexManifest,
  type IndexSource,
  type IndexSummary,
  LINK,
} from './indexer'

/** Default output folder, beside where the embed is usually built. */
export const DEFAULT_INDEX_DIR = 'site-index'

export const INDEX_USAGE = `Usage: ${CLI} index (--sitemap URL | --crawl URL | --dir FOLDER --origin URL) [options]

  Builds the search index of your site that the assistant's search_site tool reads, and says where to publish it.
  Run it again after each deploy: it fetches only pages that changed (ETag, Last-Modified, sitemap lastmod)
  and drops pages that are gone.

Sources (one):
  --sitemap URL        your sitemap.xml (sitemap index files are followed)
  --crawl URL          follow same-origin links from this page
  --dir FOLDER         a folder of built HTML (needs --origin, the URL it is served at)

Options:
  --origin URL         for --dir: the site's origin (https://example.org), or the URL of the folder it is
                       served from when that is not the root (https://example.org/docs/)
  --max-pages N        most pages of a crawl (default ${DEFAULT_MAX_PAGES})
  --out FOLDER         where to write the index (default ./${DEFAULT_INDEX_DIR})
  --state FILE         where the next run's state is kept (default: beside the folder, .<folder>.state.json.gz;
                       not to be published)
  --pack-kb N          most KB of a pack of shards (estimated JSON), what a word's search fetches (default
                       ${PACK_BYTES / 1000}): smaller packs answer sooner on a slow link and make a bigger index

Exit codes: 0 written; 1 the source could not be read, no page could be indexed or fewer than half the pages
found (nothing is written then, and the top reasons are named); 2 a usage error.
  -h, --help           this text`

/** What the command reads and writes (injected by tests). */
export interface IndexCommandIO {
  stdout: (line: string) => void
  stderr: (line: string) => void
  /** Draws the progress bar when true (a terminal). @default false */
  isTTY?: boolean
  /** Writes raw text to the terminal (the progress bar's `\r` lines). */
  write?: (text: string) => void
  fetch?: typeof fetch
  /** First retry backoff, in ms (tests shorten it). */
  backoffMs?: number
  now?: () => Date
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The progress bar: `[#########...........]  45/120 pages`. */
export function progressBar(done: number, total: number, width = 30): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 0
  const filled = Math.round(ratio * width)
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(done).padStart(String(total).length)}/${total} pages`
}

/** How many skip reasons {@link summaryLines} names when an index is refused. */
const TOP_REASONS = 3

/**
 * The summary lines of a run: pages indexed (or why the index was refused, with the top skip reasons and their
 * counts), then skipped pages grouped by reason.
 */
export function summaryLines(s: IndexSummary): string[] {
  const groups = new Map<string, IndexSummary['skipped']>()
  // A crawl's links to other sites were never pages of this one: counted apart, never a reason for a refusal.
  const isLink = (k: IndexSummary['skipped'][number]) => k.reason === 'off origin' && k.detail === LINK
  const links = s.skipped.filter(isLink)
  const pages = s.skipped.filter((k) => !isLink(k))
  for (const k of pages) groups.set(k.reason, [...(groups.get(k.reason) ?? []), k])
  const byCount = [...groups].sort((a, b) => b[1].length - a[1].length)
  const lines = s.written
    ? [
        `Indexed ${s.indexed} page${s.indexed === 1 ? '' : 's'} of ${s.site} (of ${s.found} found${s.listings ? `; ${s.listings} listing pages, ranked only when nothing else matches` : ''}) in ${(s.ms / 1000).toFixed(1)} s: ${s.fetched} fetched, ${s.unchanged} unchanged, ${s.removed} removed; ${kb(s.bytes)} in ${s.outDir} (languages: ${s.languages.join(', ') || 'none'}).`,
      ]
    : [
        `Nothing was written: ${s.indexed === 0 ? 'no page' : `only ${s.indexed} of the ${s.found} pages found`} could be indexed${s.found === 0 ? ' (no page was found at all)' : ''}. The top reasons: ${
          byCount
            .slice(0, TOP_REASONS)
            .map(([reason, list]) => `${reason} (${list.length})`)
            .join(', ') || 'none recorded'
        }.${s.outDir ? ` The index in ${s.outDir}, if any, was left as it was.` : ''}`,
      ]
  if (s.ignoredCanonicals > 0)
    lines.push(
      `${s.ignoredCanonicals} page${s.ignoredCanonicals === 1 ? '' : 's'} named a canonical URL that is not on ${s.origin} (a file:// path or another site): indexed at the URL where ${s.ignoredCanonicals === 1 ? 'it was' : 'they were'} found.`,
    )
  if (pages.length === 0) lines.push('Skipped: none.')
  else {
    lines.push(`Skipped ${pages.length}:`)
    for (const [reason, list] of byCount) {
      const shown = list.slice(0, 5).map((k) => `${k.url}${k.detail ? ` (${k.detail})` : ''}`)
      lines.push(
        `  ${reason} (${list.length}): ${shown.join(', ')}${list.length > 5 ? `, +${list.length - 5} more` : ''}`,
      )
    }
  }
  if (links.length > 0)
    lines.push(
      `Not followed: ${links.length} link${links.length === 1 ? '' : 's'} to other sites (${links
        .slice(0, 3)
        .map((k) => k.url)
        .join(', ')}${links.length > 3 ? `, +${links.length - 3} more` : ''}).`,
    )
  return lines
}

/** Age of an index in words: `3 minutes`, `2 hours`, `5 days`. */
export function ageInWords(builtAt: string, now: Date): string {
  const s = Math.max(0, (now.getTime() - Date.parse(builtAt)) / 1000)
  const unit = (n: number, w: string) => `${Math.floor(n)} ${w}${Math.floor(n) === 1 ? '' : 's'}`
  if (s < 60) return unit(s, 'second')
  if (s < 3600) return unit(s / 60, 'minute')
  if (s < 86400) return unit(s / 3600, 'hour')
  return unit(s / 86400, 'day')
}

/**
 * `show`'s line about the index in `dir`: its page count, age and origin, that there is none, or that an older
 * version built it (its manifest's `v` below src/voice/search/terms.ts `INDEX_FORMAT_VERSION`).
 */
export async function describeIndex(dir: string, now: Date = new Date()): Promise<string> {
  const m = await readIndexManifest(dir)
  if (!m) {
    const version = await readFile(join(dir, MANIFEST_FILE), 'utf8')
      .then((text) => (JSON.parse(text) as { v?: unknown }).v)
      .catch(() => undefined)
    return typeof version === 'number' && version < INDEX_FORMAT_VERSION
      ? `Site index: built by an older version in ${dir}, which the widget no longer reads; build it again with ${CLI} index --sitemap URL and publish it.`
      : `Site index: none in ${dir} (build it with ${CLI} index --sitemap URL).`
  }
  return `Site index: ${m.pages} pages of ${m.origin}, built ${ageInWords(m.builtAt, now)} ago (${m.builtAt}), languages ${m.languages.join(', ')}, in ${dir}.`
}

/**
 * Runs `index` with `argv` (the arguments after `index`). Never throws.
 * @returns the exit code (0 done, 1 the source or the index failed, 2 usage error).
 */
export async function runIndexCommand(argv: string[], io: IndexCommandIO): Promise<number> {
  let values
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: {
        sitemap: { type: 'string' },
        crawl: { type: 'string' },
        dir: { type: 'string' },
        origin: { type: 'string' },
        'max-pages': { type: 'string' },
        out: { type: 'string' },
        state: { type: 'string' },
        'pack-kb': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (e) {
    io.stderr(`${(e as Error).message}\n\n${INDEX_USAGE}`)
    return 2
  }
  if (values.help) {
    io.stdout(INDEX_USAGE)
    return 0
  }
  const usage = (message: string) => {
    io.stderr(`${message}\n\n${INDEX_USAGE}`)
    return 2
  }
  const given = [values.sitemap, values.crawl, values.dir].filter((v) => v !== undefined)
  if (given.length !== 1) return usage('Give exactly one source: --sitemap URL, --crawl URL or --dir FOLDER.')
  const httpUrl = (v: string, name: string): string | null => {
    try {
      const u = new URL(v)
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null
    } catch {
      return null
    } finally {
      void name
    }
  }
  let source: IndexSource
  if (values.dir !== undefined) {
    const servedAt = values.origin !== undefined ? httpUrl(values.origin, '--origin') : null
    if (!servedAt) return usage('--dir needs --origin URL: the http(s) address the folder is served at.')
    source = { kind: 'dir', dir: resolve(values.dir), url: folderUrl(servedAt) }
  } else {
    const raw = (values.sitemap ?? values.crawl)!
    const url = httpUrl(raw, values.sitemap ? '--sitemap' : '--crawl')
    if (!url) return usage(`${values.sitemap ? '--sitemap' : '--crawl'} must be an http(s) URL; got "${raw}".`)
    if (values.sitemap !== undefined) source = { kind: 'sitemap', url }
    else {
      const max = values['max-pages'] !== undefined ? Number(values['max-pages']) : DEFAULT_MAX_PAGES
      if (!Number.isInteger(max) || max < 1)
        return usage(`--max-pages must be a whole number ≥ 1; got "${values['max-pages']}".`)
      source = { kind: 'crawl', url, maxPages: max }
    }
  }
  const outDir = resolve(values.out ?? DEFAULT_INDEX_DIR)
  const packKb = values['pack-kb'] !== undefined ? Number(values['pack-kb']) : PACK_BYTES / 1000
  if (!(packKb > 0)) return usage(`--pack-kb must be a number > 0; got "${values['pack-kb']}".`)
  let lastDraw = 0
  try {
    const summary = await buildSiteIndex({
      source,
      outDir,
      ...(values.state !== undefined && { stateFile: resolve(values.state) }),
      packBytes: packKb * 1000,
      ...(io.fetch && { fetch: io.fetch }),
      ...(io.backoffMs !== undefined && { backoffMs: io.backoffMs }),
      ...(io.now && { now: io.now }),
      onProgress: (done, total) => {
        if (!io.isTTY || !io.write) return
        const t = Date.now()
        if (done < total && t - lastDraw < 100) return
        lastDraw = t
        io.write(`\r${progressBar(done, total)}`)
      },
    })
    if (io.isTTY && io.write) io.write('\n')
    if (!summary.written) {
      for (const line of summaryLines(summary)) io.stderr(line)
      return 1
    }
    for (const line of summaryLines(summary)) io.stdout(line)
    // Beside the site: at its root, or in the folder it is served from (--dir with a path).
    const at = new URL(`${DEFAULT_INDEX_DIR}/`, summary.site)
    io.stdout(
      `Publish the folder ${outDir} on ${summary.origin} (for example at ${at.href}, beside embed/voiceos.js) and name it in the script tag: data-site-index="${at.pathname}" (or VoiceOS.init({ siteIndex: '${at.pathname}' })).`,
    )
    return 0
  } catch (e) {
    if (io.isTTY && io.write) io.write('\n')
    io.stderr(`The index could not be built: ${(e as Error).message}`)
    return 1
  }
}
