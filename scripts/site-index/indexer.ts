/**
 * Builds the site search index the assistant's `search_site` tool reads (README "Site search"): pages from a
 * sitemap (sitemap index files and `lastmod` included), from a crawl of same-origin links, or from a folder of
 * built HTML; their main content (./extract.ts) written as a static index of term shards (./searchIndex.ts: each
 * term's best pages with their sections and excerpts, one file per term prefix), plus `voiceos-index.json`
 * (origin, build time, page count: what the widget checks before searching) and the state of the last run
 * (`voiceos-index-state.json`: each page's ETag, Last-Modified, `lastmod` and extracted sections), so a second run
 * fetches only what changed and drops pages that are gone.
 * @module
 */
import { createHash } from 'node:crypto'
import { readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import robotsParser from 'robots-parser'
import { INDEX_FORMAT_VERSION, SHARD_FOLDER, type IndexManifest } from '../../src/voice/search/terms'
import { extractPage, type PageSection } from './extract'
import { writeSearchIndex } from './searchIndex'
import { htmlFiles, MAX_SITEMAP_URLS, normalize, readSitemap, urlOfFile, type Candidate } from './sources'

export { MAX_SITEMAP_URLS } from './sources'
import { createFetcher, ROBOTS_AGENT } from './fetcher'

/** File the widget reads first: `{ v, origin, builtAt, pages, languages, split, shards }` (src/voice/search/terms.ts). */
export const MANIFEST_FILE = 'voiceos-index.json'
/** What a re-run reads: every page's validators and sections. Not needed by the browser. */
export const STATE_FILE = 'voiceos-index-state.json'
/** Default `--max-pages` of a crawl. */
export const DEFAULT_MAX_PAGES = 500

/** Why a page is not in the index. */
export type SkipReason =
  | 'robots'
  | 'not HTML'
  | '4xx'
  | '5xx'
  | 'noindex'
  | 'duplicate'
  | 'too big'
  | 'redirect loop'
  | 'off origin'
  | 'network'
  | 'no content'

/** One indexed page as the state file keeps it. */
export interface PageRecord {
  /** Absolute URL (the canonical one). */
  url: string
  title: string
  lang: string
  sections: PageSection[]
  etag: string | null
  lastModified: string | null
  /** The sitemap's `lastmod`, or null. */
  lastmod: string | null
  /** SHA-256 of the extracted content (finds duplicates under other URLs). */
  hash: string
}

/** The state file. */
export interface IndexState {
  v: 1
  origin: string
  builtAt: string
  pages: PageRecord[]
}

export type { IndexManifest }

/** Where pages come from. */
export type IndexSource =
  | { kind: 'sitemap'; url: string }
  | { kind: 'crawl'; url: string; maxPages?: number }
  | { kind: 'dir'; dir: string; origin: string }

/** Options of {@link buildSiteIndex}. */
export interface BuildOptions {
  source: IndexSource
  /** Output folder (created; the index's files are replaced, the state file rewritten). */
  outDir: string
  fetch?: typeof fetch
  /** First retry backoff, in ms. @default 500 */
  backoffMs?: number
  /** Largest page, in bytes. @default 5 MiB */
  maxBytes?: number
  /** Called as pages finish: done so far, known total. */
  onProgress?: (done: number, total: number) => void
  /** @default () => new Date() */
  now?: () => Date
}

/** What a run did. */
export interface IndexSummary {
  origin: string
  outDir: string
  /** Pages in the index. */
  indexed: number
  /** Pages fetched and (re-)extracted this run. */
  fetched: number
  /** Pages kept from the last run without a new download (`lastmod` unchanged, or 304). */
  unchanged: number
  /** Pages of the last run no longer found. */
  removed: number
  skipped: { url: string; reason: SkipReason; detail?: string }[]
  /** Bytes of the written index folder (the shards and the manifest; not the state file). */
  bytes: number
  languages: string[]
  /** Most requests that were in flight at once. */
  peakConcurrency: number
  ms: number
}

/** Reads the state of the last run in `outDir` (null when there is none, it is unreadable or for another origin). */
export async function readIndexState(outDir: string, origin?: string): Promise<IndexState | null> {
  try {
    const state = JSON.parse(await readFile(join(outDir, STATE_FILE), 'utf8')) as IndexState
    if (state.v !== 1 || !Array.isArray(state.pages)) return null
    if (origin !== undefined && state.origin !== origin) return null
    return state
  } catch {
    return null
  }
}

/** Reads the published manifest in `outDir`, or null. */
export async function readIndexManifest(outDir: string): Promise<IndexManifest | null> {
  try {
    const m = JSON.parse(await readFile(join(outDir, MANIFEST_FILE), 'utf8')) as IndexManifest
    return m.v === INDEX_FORMAT_VERSION && typeof m.origin === 'string' ? m : null
  } catch {
    return null
  }
}

/** Bytes of the files under `dir`, less the state file. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || e.name === STATE_FILE) continue
    total += (await stat(join(e.parentPath ?? dir, e.name))).size
  }
  return total
}

/** The index's folder of shards ({@link SHARD_FOLDER}), and an older version's Pagefind folders: replaced by a run. */
const OWN_FOLDERS = [SHARD_FOLDER.replace(/\/$/, ''), 'fragment', 'index', 'filter']
/** An older version's Pagefind files, removed by a run. */
const OLD_FILES = /^(pagefind|wasm\.)/

/**
 * Builds (or brings up to date) the index in `options.outDir`. Never throws for a page that fails (it is skipped
 * with its reason); throws for a source that cannot be read at all (no sitemap, no folder) or a write that fails.
 */
export async function buildSiteIndex(options: BuildOptions): Promise<IndexSummary> {
  const started = performance.now()
  const now = options.now ?? (() => new Date())
  const src = options.source
  const origin = new URL(src.kind === 'dir' ? src.origin : src.url).origin
  const previous = await readIndexState(options.outDir, origin)
  const before = new Map(previous?.pages.map((p) => [p.url, p]) ?? [])
  const fetcher = createFetcher({
    ...(options.fetch && { fetch: options.fetch }),
    ...(options.backoffMs !== undefined && { backoffMs: options.backoffMs }),
    ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
  })
  const skipped: IndexSummary['skipped'] = []
  const skippedUrls = new Set<string>()
  const skip = (url: string, reason: SkipReason, detail?: string) => {
    if (skippedUrls.has(url)) return
    skippedUrls.add(url)
    skipped.push({ url, reason, ...(detail !== undefined && { detail }) })
  }
  const pages = new Map<string, PageRecord>()
  const hashes = new Map<string, string>()
  let fetched = 0
  let unchanged = 0
  let done = 0
  let total = 0
  const progress = () => options.onProgress?.(done, total)

  /** Adds an extracted page (or skips it: noindex, canonical elsewhere, duplicate, empty). Returns its links. */
  const accept = (fetchedUrl: string, html: string, meta: Pick<PageRecord, 'etag' | 'lastModified' | 'lastmod'>) => {
    const page = extractPage(html, fetchedUrl)
    if (page.noindex) {
      skip(fetchedUrl, 'noindex')
      return page.links
    }
    let url = fetchedUrl
    if (page.canonical && page.canonical !== fetchedUrl) {
      if (new URL(page.canonical).origin !== origin) {
        skip(fetchedUrl, 'duplicate', `canonical ${page.canonical}`)
        return page.links
      }
      url = page.canonical
    }
    const hash = createHash('sha256')
      .update(JSON.stringify([page.title, page.sections]))
      .digest('hex')
    if (pages.has(url) || (hashes.has(hash) && hashes.get(hash) !== url)) {
      skip(fetchedUrl, 'duplicate', `of ${pages.has(url) ? url : hashes.get(hash)}`)
      return page.links
    }
    if (page.sections.length === 0) {
      skip(fetchedUrl, 'no content')
      return page.links
    }
    pages.set(url, { url, title: page.title, lang: page.lang, sections: page.sections, hash, ...meta })
    hashes.set(hash, url)
    return [...page.links, ...(url !== fetchedUrl ? [url] : [])]
  }

  const keep = (record: PageRecord) => {
    if (pages.has(record.url)) return
    pages.set(record.url, record)
    hashes.set(record.hash, record.url)
    unchanged++
  }

  /** Fetches one page (conditionally when it was indexed before) and accepts it; returns its links. */
  const visit = async (c: Candidate): Promise<string[]> => {
    const old = before.get(c.url)
    if (old && c.lastmod && old.lastmod === c.lastmod) {
      keep(old)
      return []
    }
    const res = await fetcher.get(c.url, origin, old ? { etag: old.etag, lastModified: old.lastModified } : undefined)
    if (!res.ok) {
      const reason: SkipReason =
        res.kind === 'status'
          ? res.status >= 500
            ? '5xx'
            : '4xx'
          : res.kind === 'too-big'
            ? 'too big'
            : res.kind === 'redirect-loop' || res.kind === 'too-many-redirects'
              ? 'redirect loop'
              : res.kind === 'off-origin'
                ? 'off origin'
                : 'network'
      const detail =
        res.kind === 'status'
          ? `HTTP ${res.status}`
          : res.kind === 'too-big'
            ? `over ${res.bytes} bytes`
            : res.kind === 'off-origin'
              ? `redirects to ${res.location}`
              : res.kind === 'network'
                ? res.message
                : undefined
      skip(c.url, reason, detail)
      return []
    }
    if (res.status === 304 && old) {
      keep({ ...old, lastmod: c.lastmod ?? old.lastmod })
      return []
    }
    if (!/^(text\/html|application\/xhtml\+xml)/.test(res.contentType)) {
      skip(c.url, 'not HTML', res.contentType || 'no content type')
      return []
    }
    fetched++
    return accept(res.url, res.body, { etag: res.etag, lastModified: res.lastModified, lastmod: c.lastmod })
  }

  if (src.kind === 'dir') {
    const files = await htmlFiles(src.dir)
    total = files.length
    progress()
    for (const file of files) {
      const url = urlOfFile(file, origin)
      if (url) {
        const html = await readFile(join(src.dir, file), 'utf8')
        const old = before.get(url)
        const hash = createHash('sha256').update(html).digest('hex')
        if (old && old.etag === hash) keep(old)
        else {
          fetched++
          accept(url, html, { etag: hash, lastModified: null, lastmod: null })
        }
      }
      done++
      progress()
    }
  } else {
    const robotsRes = await fetcher.get(`${origin}/robots.txt`, origin)
    const robots = robotsParser(`${origin}/robots.txt`, robotsRes.ok ? robotsRes.body : '')
    const allowed = (url: string) => robots.isAllowed(url, ROBOTS_AGENT) !== false
    const seen = new Set<string>()
    const queue: Candidate[] = []
    const enqueue = (c: Candidate, full = false) => {
      if (seen.has(c.url)) return
      if (new URL(c.url).origin !== origin) return skip(c.url, 'off origin')
      if (!allowed(c.url)) return skip(c.url, 'robots')
      if (full) return
      seen.add(c.url)
      queue.push(c)
      total++
    }
    const maxPages = src.kind === 'crawl' ? (src.maxPages ?? DEFAULT_MAX_PAGES) : MAX_SITEMAP_URLS
    if (src.kind === 'sitemap') {
      const entries = await readSitemap(fetcher, normalize(src.url), origin, skip)
      if (entries.length === 0 && skipped.some((s) => s.detail === 'sitemap'))
        throw new Error(
          `The sitemap ${src.url} could not be read (${skipped.find((s) => s.detail === 'sitemap')!.reason}).`,
        )
      for (const e of entries) enqueue(e)
    } else enqueue({ url: normalize(src.url), lastmod: null })
    progress()
    // Workers take pages from the queue; the fetcher keeps at most 4 requests in flight.
    let started = 0
    const worker = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        started++
        const links = await visit(c)
        if (src.kind === 'crawl')
          for (const link of links) enqueue({ url: link, lastmod: null }, started + queue.length >= maxPages)
        done++
        progress()
      }
    }
    // A crawl starts from one page: workers join as links arrive.
    const workers: Promise<void>[] = []
    const pump = async () => {
      while (queue.length > 0 || workers.length > 0) {
        while (workers.length < 4 && queue.length > 0) {
          const w = worker().finally(() => workers.splice(workers.indexOf(w), 1))
          workers.push(w)
        }
        if (workers.length > 0) await Promise.race(workers)
      }
    }
    await pump()
  }

  const removed = [...before.keys()].filter((u) => !pages.has(u)).length
  const records = [...pages.values()].sort((a, b) => a.url.localeCompare(b.url))

  // A fresh index of every page: old shards (and an older version's Pagefind files) go first.
  await mkdir(options.outDir, { recursive: true })
  for (const e of await readdir(options.outDir, { withFileTypes: true })) {
    if (OWN_FOLDERS.includes(e.name) || OLD_FILES.test(e.name))
      await rm(join(options.outDir, e.name), { recursive: true, force: true })
  }
  const { split, shards } = await writeSearchIndex(records, options.outDir)
  const languages = [...new Set(records.map((r) => (r.lang === 'unknown' ? 'en' : r.lang)))].sort()
  const builtAt = now().toISOString()
  const manifest: IndexManifest = {
    v: INDEX_FORMAT_VERSION,
    origin,
    builtAt,
    pages: records.length,
    languages,
    split,
    shards,
  }
  await writeFile(join(options.outDir, MANIFEST_FILE), `${JSON.stringify(manifest)}\n`)
  const state: IndexState = { v: 1, origin, builtAt, pages: records }
  await writeFile(join(options.outDir, STATE_FILE), JSON.stringify(state))

  return {
    origin,
    outDir: options.outDir,
    indexed: records.length,
    fetched,
    unchanged,
    removed,
    skipped,
    bytes: await folderBytes(options.outDir),
    languages,
    peakConcurrency: fetcher.peak,
    ms: Math.round(performance.now() - started),
  }
}
