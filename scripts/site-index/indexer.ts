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
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import robotsParser from 'robots-parser'
import { INDEX_FORMAT_VERSION, SHARD_FOLDER, type IndexManifest } from '../../src/voice/search/terms'
import { decodeHtml } from './decode'
import { extractPage, isListingPath, type ExtractedPage, type PageSection } from './extract'
import { writeSearchIndex } from './searchIndex'
import {
  canonicalUrl,
  htmlFiles,
  MAX_SITEMAP_URLS,
  normalize,
  readSitemap,
  servedUrlOfFile,
  staticUrlOfFile,
  type Candidate,
} from './sources'

export { MAX_SITEMAP_URLS } from './sources'
import { createFetcher, DEFAULT_MAX_BYTES, ROBOTS_AGENT } from './fetcher'
import { defaultStateFile, readIndexState } from './state'

export { defaultStateFile, readIndexState } from './state'

/** File the widget reads first: `{ v, origin, builtAt, pages, languages, split, shards, packs }` (src/voice/search/terms.ts). */
export const MANIFEST_FILE = 'voiceos-index.json'
/** Where an older version kept its state, inside the index folder: read once, then removed ({@link defaultStateFile}). */
export const STATE_FILE = 'voiceos-index-state.json'
/** Default `--max-pages` of a crawl. */
export const DEFAULT_MAX_PAGES = 500

/** The detail of a crawl's link to another site in {@link IndexSummary.skipped}: not followed, and not a page lost. */
export const LINK = 'link'

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
  /** A generated listing page (./extract.ts `listing`). */
  listing?: boolean
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
  /**
   * A folder of built HTML and the URL it is served at: the site's origin (`https://example.org`) or a folder under
   * it (`https://docs.python.org/3.11/`, a GitHub Pages project site); each file's URL is its path under `url`.
   */
  | { kind: 'dir'; dir: string; url: string }

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
  /** Where the run's state is read and written. @default {@link defaultStateFile}(outDir) */
  stateFile?: string
  /** Bytes of JSON per pack of shards (./searchIndex.ts). @default PACK_BYTES */
  packBytes?: number
}

/** What a run did. */
export interface IndexSummary {
  origin: string
  /** What the summary names: a `dir` source's folder URL (`https://docs.python.org/3.11/`), else the origin. */
  site: string
  outDir: string
  /** Where the run's state was written ({@link defaultStateFile}), or null when nothing was written. */
  stateFile: string | null
  /** Pages in the index (when `written`; else the pages the refused index would have had). */
  indexed: number
  /** Pages found: the folder's HTML files, the sitemap's URLs or the crawl's same-origin links (robots allowing). */
  found: number
  /** Of `indexed`, generated listing pages (./extract.ts `listing`): ranked only when nothing else matches. */
  listings: number
  /** Pages whose `<link rel="canonical">` was ignored (not http(s), or another origin: ./sources.ts canonicalUrl). */
  ignoredCanonicals: number
  /** Pages fetched and (re-)extracted this run. */
  fetched: number
  /** Pages kept from the last run without a new download (`lastmod` unchanged, or 304). */
  unchanged: number
  /** Pages of the last run no longer found. */
  removed: number
  /** URLs not indexed and why; a crawl's links to other sites are `off origin` with the detail {@link LINK}. */
  skipped: { url: string; reason: SkipReason; detail?: string }[]
  /**
   * False when the index was refused and nothing was written (the folder keeps its last index): no page indexed, or
   * fewer than {@link MIN_INDEXED_SHARE} of the pages found.
   */
  written: boolean
  /** Bytes of the written index folder (the shards and the manifest). */
  bytes: number
  languages: string[]
  /** Most requests that were in flight at once. */
  peakConcurrency: number
  ms: number
}

/** Least share of the pages found that must be indexed for the index to be written. */
export const MIN_INDEXED_SHARE = 0.5

/** Reads the published manifest in `outDir`, or null. */
export async function readIndexManifest(outDir: string): Promise<IndexManifest | null> {
  try {
    const m = JSON.parse(await readFile(join(outDir, MANIFEST_FILE), 'utf8')) as IndexManifest
    return m.v === INDEX_FORMAT_VERSION && typeof m.origin === 'string' ? m : null
  } catch {
    return null
  }
}

/** Bytes of the files under `dir`. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue
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
  const origin = new URL(src.url).origin
  const stateFile = options.stateFile ?? defaultStateFile(options.outDir)
  const oldStateFile = join(options.outDir, STATE_FILE)
  const previous = (await readIndexState(stateFile, origin)) ?? (await readIndexState(oldStateFile, origin))
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  let ignoredCanonicals = 0
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
  const accept = (
    fetchedUrl: string,
    page: ExtractedPage,
    meta: Pick<PageRecord, 'etag' | 'lastModified' | 'lastmod'>,
  ) => {
    if (page.noindex) {
      skip(fetchedUrl, 'noindex')
      return page.links
    }
    const url = canonicalUrl(fetchedUrl, page.canonical, origin)
    if (page.canonical && url === fetchedUrl && page.canonical !== fetchedUrl) ignoredCanonicals++
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
    pages.set(url, {
      url,
      title: page.title,
      lang: page.lang,
      sections: page.sections,
      hash,
      ...(page.listing && { listing: true }),
      ...meta,
    })
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
                : res.kind === 'not-text'
                  ? 'not HTML'
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
                : res.kind === 'not-text'
                  ? res.detail
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
    return accept(res.url, extractPage(res.body, res.url), {
      etag: res.etag,
      lastModified: res.lastModified,
      lastmod: c.lastmod,
    })
  }

  if (src.kind === 'dir') {
    const files = (await htmlFiles(src.dir)).filter((f) => staticUrlOfFile(f, src.url) !== null)
    total = files.length
    progress()
    // Pass 1: each file read, decoded and extracted at the URL a static host serves it at; the site's own links
    // collected, which say whether it is served without `.html` (./sources.ts servedUrlOfFile).
    const read: { file: string; url: string; page: ExtractedPage; hash: string }[] = []
    const linked = new Set<string>()
    for (const file of files) {
      const url = staticUrlOfFile(file, src.url)!
      const info = await stat(join(src.dir, file))
      // Every file is read again (its URL depends on the links of all the others); the state serves fetches.
      if (info.size > maxBytes) skip(url, 'too big', `over ${maxBytes} bytes (${info.size})`)
      else {
        const bytes = await readFile(join(src.dir, file))
        const decoded = decodeHtml(bytes)
        if (!decoded.ok) skip(url, 'not HTML', decoded.detail)
        else {
          const page = extractPage(decoded.text, url)
          for (const link of page.links) if (link.startsWith(`${origin}/`)) linked.add(new URL(link).pathname)
          read.push({ file, url, page, hash: createHash('sha256').update(bytes).digest('hex') })
        }
      }
      done++
      progress()
    }
    // Pass 2: each page at the URL the site's links use.
    for (const { file, url, page, hash } of read) {
      const served = servedUrlOfFile(file, src.url, linked)
      fetched++
      accept(
        served,
        served === url ? page : { ...page, listing: page.listing || isListingPath(new URL(served).pathname) },
        {
          etag: hash,
          lastModified: null,
          lastmod: null,
        },
      )
    }
  } else {
    const robotsRes = await fetcher.get(`${origin}/robots.txt`, origin)
    const robots = robotsParser(`${origin}/robots.txt`, robotsRes.ok ? robotsRes.body : '')
    const allowed = (url: string) => robots.isAllowed(url, ROBOTS_AGENT) !== false
    const seen = new Set<string>()
    const queue: Candidate[] = []
    const enqueue = (c: Candidate, full = false) => {
      if (seen.has(c.url)) return
      if (new URL(c.url).origin !== origin) return skip(c.url, 'off origin', src.kind === 'crawl' ? LINK : undefined)
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
  const languages = [...new Set(records.map((r) => (r.lang === 'unknown' ? 'en' : r.lang)))].sort()
  const summary = (written: boolean, bytes: number): IndexSummary => ({
    origin,
    site: src.kind === 'dir' ? src.url : origin,
    outDir: options.outDir,
    stateFile: written ? stateFile : null,
    indexed: records.length,
    found: total,
    listings: records.filter((r) => r.listing).length,
    ignoredCanonicals,
    fetched,
    unchanged,
    removed,
    skipped,
    written,
    bytes,
    languages,
    peakConcurrency: fetcher.peak,
    ms: Math.round(performance.now() - started),
  })
  // An index of nothing, or of less than half the site, would answer visitors wrongly: the last one stays. Pages
  // the site itself keeps out (noindex) and copies of indexed pages (duplicates) are not missing.
  const keptOut = skipped.filter((k) => k.reason === 'noindex' || k.reason === 'duplicate').length
  if (records.length === 0 || records.length < MIN_INDEXED_SHARE * (total - keptOut)) return summary(false, 0)

  // A fresh index of every page: old shards (and an older version's Pagefind files and state) go first.
  await mkdir(options.outDir, { recursive: true })
  for (const e of await readdir(options.outDir, { withFileTypes: true })) {
    if (OWN_FOLDERS.includes(e.name) || OLD_FILES.test(e.name) || e.name === STATE_FILE)
      await rm(join(options.outDir, e.name), { recursive: true, force: true })
  }
  const { split, shards, packs } = await writeSearchIndex(records, options.outDir, options.packBytes)
  const builtAt = now().toISOString()
  const manifest: IndexManifest = {
    v: INDEX_FORMAT_VERSION,
    origin,
    builtAt,
    pages: records.length,
    languages,
    split,
    shards,
    packs,
  }
  await writeFile(join(options.outDir, MANIFEST_FILE), `${JSON.stringify(manifest)}\n`)
  const state: IndexState = { v: 1, origin, builtAt, pages: records }
  await mkdir(dirname(stateFile), { recursive: true })
  await writeFile(stateFile, gzipSync(JSON.stringify(state)))
  return summary(true, await folderBytes(options.outDir))
}
