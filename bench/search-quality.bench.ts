/**
 * Site search quality and indexing cost on real documentation sites (README "Site search"), run by
 * `npm run bench -- search-quality` (node --import tsx). Corpus: the sites of `bench/search-quality/sites/*.json`,
 * each a Debian documentation package pinned by version and SHA-256 (./search-quality/corpus.ts), with questions
 * whose answering pages are named by their served paths (`/topics/http/sessions.html`; a folder's `index.html` is
 * the folder, `/intro/`), and questions the site does not answer. Per site:
 * 1. Our index: built by the setup command (`npm run assistant -- index --dir <site> --origin <origin>`) in a child
 *    process, so its memory is measured alone: wall time (s, from spawn to exit, Node's start-up included), peak
 *    resident set size (MB = 10⁶ bytes: GNU time's `%M`, or `process.resourceUsage().maxRSS` read by a preloaded
 *    hook where /usr/bin/time is missing), the published folder's size (everything in `--out`; the re-run state,
 *    `--state` beside it or an older version's `voiceos-index-state.json` in it, is counted apart) and that size
 *    as a share of the site's HTML bytes. A non-zero exit (no index written) is reported, not thrown; each build
 *    starts without a previous index or state.
 * 2. Our search: the page's own ranking over the index on disk (scripts/site-index/localSearch.ts), each question
 *    asked twice — as the visitor said it (`q`) and as a searcher's keywords (`keywords`).
 * 3. Plain BM25 (./search-quality/bm25.ts): page-level Okapi BM25 over the same pages' title and main text as our
 *    extractor gives them (scripts/site-index/extract.ts), Porter stems, a classic stop list, no field weights.
 * 4. Pagefind (`pagefind` npm package, default settings, Node API) on the same folder, searched as a browser does:
 *    its `pagefind.js` imported in Chromium (Playwright) from a local server, the first 5 results' `url`s.
 * 5. `--scale` (default; `--no-scale` skips it): a folder of `--scale-pages` pages (default 5,000), the corpus's
 *    pages copied under `copy-<n>/` prefixes, each copy with a paragraph of its own where the extractor shows it
 *    (the indexer drops duplicate content); indexed as in 1.
 * Measures, per system and form of the question: top-1 and top-3 (an answer's path among the first 1 / 3
 * results, compared exactly as given), MRR@5 (mean reciprocal rank of the first answer among the first 5
 * results, 0 when none), the share of answerable questions answered (our search: not `noMatch`; the baselines:
 * any result), and the share of unanswerable questions answered "no match" (the same signals). A diagnostic
 * column counts top-3 with paths compared ignoring `.html`, a trailing `index.html` and a trailing `/`.
 * Flags: `--site=<name>` one site; `--reuse-index` search our index (and Pagefind's) from a previous run when
 * present (no indexing figures for it); `--misses` lists the questions our search misses in the top 3 with our
 * top 3; `--no-pagefind`; `--sites=<folder>` another folder of site files.
 * Writes bench/results/search-quality.md (printed too) and bench/results/search-quality.json.
 */
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { basename, dirname, extname, join, normalize, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright'
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium'
import { INDEX_USAGE } from '../scripts/site-index/command'
import { extractPage } from '../scripts/site-index/extract'
import { openIndexFolder } from '../scripts/site-index/localSearch'
import { htmlFiles } from '../scripts/site-index/sources'
import { buildBm25, type Bm25Page } from './search-quality/bm25'
import { loadSiteSpecs, prepareSite, SITES_DIR, type CorpusSite } from './search-quality/corpus'

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const ONLY_SITE = flag('site')
const SITES = resolve(flag('sites') ?? SITES_DIR)
const REUSE = process.argv.includes('--reuse-index')
const SCALE = !process.argv.includes('--no-scale')
const MISSES = process.argv.includes('--misses')
const PAGEFIND = !process.argv.includes('--no-pagefind')
/** Pages of the scale run (`--scale-pages`). */
const SCALE_PAGES = Number(flag('scale-pages') ?? 5000)
const OUT = resolve('bench/.out/search-quality')
/** Results a search is scored on (MRR@5; our search gives at most 5). */
const DEPTH = 5
/** The re-run state the indexer may leave in `--out`: not published, counted apart. */
const STATE_FILE = 'voiceos-index-state.json'
/** 1 MB = 10⁶ bytes, as the indexing budget's "50 MB of HTML" and "1 GB". */
const MB = 1e6

/**
 * Indexing budget: 60 s and 1 GB of peak memory for a site of 500 pages / 50 MB of HTML, pro rata of a site's
 * HTML bytes; 10 minutes for the 5,000-page run; the published index at most 15 % of the HTML it indexes.
 */
const BUDGET = { sPer50MB: 60, mbPer50MB: 1000, scaleS: 600, publishedShare: 0.15 }

// ---------------------------------------------------------------------------------------------------------------
// Paths

/** A file's served path, the site files' convention: `/` + its path under the root, `…/index.html` → `…/`. */
const servedPathOf = (file: string): string => `/${file.replace(/(^|\/)index\.html$/, '$1')}`

const decode = (p: string) => {
  try {
    return decodeURI(p)
  } catch {
    return p
  }
}

/** A path compared loosely (the diagnostic column): without `.html`, a trailing `index.html` or `/`. */
const loose = (p: string): string => {
  const s = decode(p)
    .replace(/[?#].*$/, '')
    .replace(/(^|\/)index\.html$/, '$1')
    .replace(/\.html$/, '')
  return s.length > 1 ? s.replace(/\/$/, '') : s
}

// ---------------------------------------------------------------------------------------------------------------
// Indexing in a child process

/** What one index build cost and wrote ({@link runIndexer}). */
interface IndexRun extends ChildRun {
  /** Pages in the index (its manifest), or null when it was not written. */
  pages: number | null
  htmlFiles: number
  htmlBytes: number
  /** Everything in `--out` but {@link STATE_FILE}, bytes, and its file count. */
  publishedBytes: number
  publishedFiles: number
  /** The re-run state's size, bytes (`--state`, beside the folder; or {@link STATE_FILE} in it); null when absent. */
  stateBytes: number | null
  /** Whether the state was left in `--out` (older versions: it would be published with the index). */
  stateInOut: boolean
}

const HAS_TIME = existsSync('/usr/bin/time')
/** Preloaded where /usr/bin/time is missing: writes the process's peak RSS (bytes) to `$SQ_RSS_FILE` at exit. */
const RSS_HOOK = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.SQ_RSS_FILE, String(process.resourceUsage().maxRSS * 1024)))",
)}`

/** Bytes and files under `dir`, the state file apart. */
async function folderSize(dir: string) {
  let bytes = 0
  let files = 0
  let state: number | null = null
  if (!existsSync(dir)) return { bytes, files, state }
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue
    const size = (await stat(join(e.parentPath, e.name))).size
    if (e.name === STATE_FILE && e.parentPath === dir) state = size
    else {
      bytes += size
      files++
    }
  }
  return { bytes, files, state }
}

/** Bytes of the `.html` files under `dir` (what the indexer reads). */
async function htmlSize(dir: string) {
  const files = await htmlFiles(dir)
  let bytes = 0
  for (const f of files) bytes += (await stat(join(dir, f))).size
  return { files: files.length, bytes }
}

/** What a run of the setup command cost the machine. */
interface ChildRun {
  /** Spawn to exit, ms. */
  wallMs: number
  /** Peak resident set size of the child, bytes (null when it could not be read). */
  peakBytes: number | null
  exitCode: number
  /** Why the command failed (its "Nothing was written: …" line, or its last line); null on success. */
  reason: string | null
  /** The command's last lines of output. */
  tail: string
}

/** Runs `npm run assistant -- <args>` in a child process: its wall time, peak RSS and exit code. */
async function runCli(cliArgs: string[]): Promise<ChildRun> {
  const measure = join(tmpdir(), `search-quality-${process.pid}-${Date.now()}.txt`)
  const command = [
    process.execPath,
    ...(HAS_TIME ? [] : ['--import', RSS_HOOK]),
    '--import',
    'tsx',
    'scripts/assistant.ts',
    ...cliArgs,
  ]
  const [file, ...args] = HAS_TIME ? ['/usr/bin/time', '-o', measure, '-f', '%e %M', ...command] : command
  const t0 = performance.now()
  const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
    const child = spawn(file!, args, {
      env: { ...process.env, SQ_RSS_FILE: measure },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', (e) => done({ code: -1, output: e.message }))
    child.on('close', (c, signal) => done({ code: c ?? (signal ? 128 : -1), output }))
  })
  const wallMs = performance.now() - t0
  let peakBytes: number | null = null
  try {
    const text = (await readFile(measure, 'utf8')).trim()
    // GNU time's last line is ours ("Command exited with non-zero status 1" may come before it).
    peakBytes = HAS_TIME ? Number(text.split('\n').at(-1)!.split(' ')[1]) * 1024 : Number(text)
    if (!Number.isFinite(peakBytes) || peakBytes <= 0) peakBytes = null
  } catch {
    /* the child died before writing it */
  }
  await rm(measure, { force: true })
  const lines = output.trim().split('\n')
  const reason =
    code === 0
      ? null
      : (lines.find((l) => /^(Nothing was written|The index could not be built)/.test(l)) ?? lines.at(-1) ?? '')
  return { wallMs, peakBytes, exitCode: code, reason, tail: lines.slice(-4).join('\n') }
}

/** Runs `npm run assistant -- index --dir <dir> --origin <origin> --out <out>` afresh (`out` emptied first). */
async function runIndexer(dir: string, origin: string, out: string): Promise<IndexRun> {
  // A fresh build: no index and no state of a previous run (kept beside the folder, or in it by older versions).
  const state = `${out}.state.json.gz`
  await rm(out, { recursive: true, force: true })
  await rm(state, { force: true })
  await rm(join(dirname(out), `.${basename(out)}.state.json.gz`), { force: true })
  const run = await runCli([
    'index',
    '--dir',
    dir,
    '--origin',
    origin,
    '--out',
    out,
    ...(INDEX_USAGE.includes('--state') ? ['--state', state] : []),
  ])
  const size = await folderSize(out)
  const beside = await stat(state).then(
    (x) => x.size,
    () => null,
  )
  const html = await htmlSize(dir)
  const pages = await readFile(join(out, 'voiceos-index.json'), 'utf8')
    .then((t) => (JSON.parse(t) as { pages?: number }).pages ?? null)
    .catch(() => null)
  return {
    ...run,
    pages,
    htmlFiles: html.files,
    htmlBytes: html.bytes,
    publishedBytes: size.bytes,
    publishedFiles: size.files,
    stateBytes: size.state ?? beside,
    stateInOut: size.state !== null,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring

/** One answer of a search: the served paths of its first results, and whether it said "no match". */
interface Answer {
  paths: string[]
  noMatch: boolean
}

/** A search system: every query of a site at once (Pagefind answers a batch from one page). */
type SearchAll = (queries: string[]) => Promise<Answer[]>

type Form = 'raw' | 'keywords'
const FORMS: Form[] = ['raw', 'keywords']

interface Scored {
  q: string
  query: string
  answerable: boolean
  answers: string[]
  /** First results' paths (at most {@link DEPTH}). */
  top: string[]
  noMatch: boolean
  /** 1-based rank of the first answer among {@link DEPTH} results, exact paths; 0 when none. */
  rank: number
  /** The same with paths compared loosely. */
  looseRank: number
}

interface Summary {
  answerable: number
  unanswerable: number
  top1: number
  top3: number
  /** Sum of reciprocal ranks (MRR × answerable). */
  rr: number
  looseTop3: number
  /** Answerable questions with any result (not "no match"). */
  answered: number
  /** Unanswerable questions answered "no match". */
  noMatch: number
}

const rankOf = (top: string[], answers: string[], key: (p: string) => string) => {
  const wanted = new Set(answers.map(key))
  return top.findIndex((p) => wanted.has(key(p))) + 1
}

/** Asks `search` every question of `site` in one form; scores each. */
async function score(site: CorpusSite, form: Form, search: SearchAll): Promise<Scored[]> {
  const asked = [
    ...site.questions.map((x) => ({ ...x, answerable: true })),
    ...site.unanswerable.map((x) => ({ ...x, answers: [] as string[], answerable: false })),
  ]
  const answers = await search(asked.map((x) => (form === 'raw' ? x.q : x.keywords)))
  return asked.map((x, i) => {
    const a = answers[i]!
    const top = a.paths.slice(0, DEPTH)
    return {
      q: x.q,
      query: form === 'raw' ? x.q : x.keywords,
      answerable: x.answerable,
      answers: x.answers,
      top,
      noMatch: a.noMatch,
      rank: rankOf(top, x.answers, (p) => p),
      looseRank: rankOf(top, x.answers, loose),
    }
  })
}

function summarize(scored: Scored[]): Summary {
  const yes = scored.filter((s) => s.answerable)
  const no = scored.filter((s) => !s.answerable)
  return {
    answerable: yes.length,
    unanswerable: no.length,
    top1: yes.filter((s) => s.rank === 1).length,
    top3: yes.filter((s) => s.rank >= 1 && s.rank <= 3).length,
    rr: yes.reduce((sum, s) => sum + (s.rank ? 1 / s.rank : 0), 0),
    looseTop3: yes.filter((s) => s.looseRank >= 1 && s.looseRank <= 3).length,
    answered: yes.filter((s) => !s.noMatch).length,
    noMatch: no.filter((s) => s.noMatch).length,
  }
}

const add = (a: Summary, b: Summary): Summary => ({
  answerable: a.answerable + b.answerable,
  unanswerable: a.unanswerable + b.unanswerable,
  top1: a.top1 + b.top1,
  top3: a.top3 + b.top3,
  rr: a.rr + b.rr,
  looseTop3: a.looseTop3 + b.looseTop3,
  answered: a.answered + b.answered,
  noMatch: a.noMatch + b.noMatch,
})

// ---------------------------------------------------------------------------------------------------------------
// BM25 over the extractor's text

/** Hash of the extractor's source: a cached extraction is used only with the same extractor. */
const EXTRACTOR = createHash('sha256')
  .update(await readFile('scripts/site-index/extract.ts'))
  .digest('hex')
  .slice(0, 16)

/**
 * The site's pages as the indexer sees them (`.html` files but `404.html`, `noindex` pages and pages with no main
 * content), each as its served path and its title and sections' headings and text; cached per package and
 * extractor in `bench/.out/search-quality/<site>/pages.json`.
 */
async function extractedPages(site: CorpusSite): Promise<Bm25Page[]> {
  const cache = join(OUT, site.name, 'pages.json')
  const key = `${site.package.sha256}:${site.root}:${EXTRACTOR}`
  const cached = await readFile(cache, 'utf8')
    .then((t) => JSON.parse(t) as { key: string; pages: Bm25Page[] })
    .catch(() => null)
  if (cached?.key === key) return cached.pages
  const pages: Bm25Page[] = []
  for (const file of await htmlFiles(site.dir)) {
    if (/(^|\/)404\.html$/.test(file)) continue
    const path = servedPathOf(file)
    const page = extractPage(await readFile(join(site.dir, file), 'utf8'), new URL(path, site.origin).href)
    if (page.noindex || page.sections.length === 0) continue
    pages.push({ path, text: [page.title, ...page.sections.flatMap((s) => [s.heading, s.text])].join('\n') })
  }
  await mkdir(dirname(cache), { recursive: true })
  await writeFile(cache, JSON.stringify({ key, pages }))
  return pages
}

// ---------------------------------------------------------------------------------------------------------------
// Pagefind

interface PagefindBuild {
  wallMs: number
  pages: number
  publishedBytes: number
  publishedFiles: number
}

/** Indexes `dir` with Pagefind's Node API (its defaults) into `out`. */
async function buildPagefind(dir: string, out: string): Promise<PagefindBuild> {
  await rm(out, { recursive: true, force: true })
  const pagefind = await import('pagefind')
  const t0 = performance.now()
  try {
    const { index, errors } = await pagefind.createIndex({})
    if (!index) throw new Error(`createIndex: ${errors.join('; ')}`)
    const added = await index.addDirectory({ path: dir })
    if (added.errors.length) throw new Error(`addDirectory: ${added.errors.join('; ')}`)
    const written = await index.writeFiles({ outputPath: out })
    if (written.errors.length) throw new Error(`writeFiles: ${written.errors.join('; ')}`)
    const wallMs = performance.now() - t0
    const size = await folderSize(out)
    return { wallMs, pages: added.page_count, publishedBytes: size.bytes, publishedFiles: size.files }
  } finally {
    await pagefind.close()
  }
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
}

/**
 * In the page: imports Pagefind's `pagefind.js`, then searches each query in turn and reads its first 5 results'
 * data. A string, so no build step's helpers (tsx's `__name`) end up in the page.
 */
const PAGEFIND_IN_PAGE = `async (queries) => {
  const pagefind = await import('/pagefind/pagefind.js')
  await pagefind.init()
  const out = []
  for (const q of queries) {
    const search = await pagefind.search(q)
    const data = await Promise.all(search.results.slice(0, ${DEPTH}).map((r) => r.data()))
    out.push({ count: search.results.length, urls: data.map((d) => d.url) })
  }
  return out
}`

/** Serves `index` at `/pagefind/` and a blank page at `/`; searches there in Chromium. */
async function pagefindSearcher(index: string): Promise<{ search: SearchAll; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!)
    if (path === '/')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>search</title>')
    const file = normalize(join(index, path.slice('/pagefind/'.length)))
    if (!path.startsWith('/pagefind/') || !file.startsWith(index)) return void res.writeHead(404).end()
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const stop = () => new Promise<void>((r) => server.close(() => r()))
  let browser: Browser
  let page: Page
  try {
    const executablePath = findChromium()
    browser = await chromium.launch({ ...(executablePath && { executablePath }), args: CHROMIUM_ARGS })
    page = await browser.newPage()
    await page.goto(`${origin}/`)
  } catch (e) {
    await stop()
    throw e
  }
  return {
    search: async (queries) => {
      const found = await page.evaluate<{ count: number; urls: string[] }[]>(
        `(${PAGEFIND_IN_PAGE})(${JSON.stringify(queries)})`,
      )
      return found.map((f) => ({
        noMatch: f.count === 0,
        paths: f.urls.map((u) => decode(new URL(u, origin).pathname).replace(/(^|\/)index\.html$/, '$1')),
      }))
    },
    close: async () => {
      await browser.close()
      await stop()
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The scale run's folder

/**
 * Where a paragraph may go in `html`, most likely inside the main content first: after its longest paragraphs,
 * then its longest list items, definitions, preformatted blocks and cells, then its first headings; last, before
 * `</main>`, `</article>` or `</body>`. Offsets into `html`.
 */
function paragraphSpots(html: string): number[] {
  const longest = (re: RegExp) =>
    [...html.matchAll(re)]
      .map((m) => ({ end: m.index + m[0].length, length: m[0].replace(/<[^>]*>/g, '').length }))
      .sort((a, b) => b.length - a.length)
      .slice(0, 6)
      .map((b) => b.end)
  const after = (re: RegExp) => [...html.matchAll(re)].slice(0, 6).map((m) => m.index + m[0].length)
  const before = [/<\/main\s*>/i, /<\/article\s*>/i, /<\/body\s*>/i].flatMap((re) => re.exec(html)?.index ?? [])
  return [
    ...new Set([
      ...longest(/<p[\s>][\s\S]*?<\/p\s*>/gi),
      ...longest(/<(pre|li|dd|td)[\s>][\s\S]*?<\/\1\s*>/gi),
      ...after(/<\/h[1-3]\s*>/gi),
      ...before,
      html.length,
    ]),
  ]
}

const insertAt = (html: string, at: number, note: string) => `${html.slice(0, at)}<p>${note}</p>${html.slice(at)}`

/**
 * For each page of `site` the indexer keeps ({@link extractedPages}), the first of its {@link paragraphSpots}
 * where a paragraph shows in the extractor's main content (Readability chooses the main content by its own
 * scores, so no one rule of the markup finds it on every generator's pages); the end of the document for the
 * other files. Cached beside the extracted pages.
 */
async function noteSpots(site: CorpusSite, pages: Bm25Page[]): Promise<Map<string, number>> {
  const cache = join(OUT, site.name, 'copy-spots.json')
  const key = `${site.package.sha256}:${site.root}:${EXTRACTOR}`
  const cached = await readFile(cache, 'utf8')
    .then((t) => JSON.parse(t) as { key: string; spots: [string, number][] })
    .catch(() => null)
  if (cached?.key === key) return new Map(cached.spots)
  const kept = new Set(pages.map((p) => p.path))
  const spots = new Map<string, number>()
  const probe = 'Copy 0 of page probe.'
  for (const file of await htmlFiles(site.dir)) {
    const html = await readFile(join(site.dir, file), 'utf8')
    const path = servedPathOf(file)
    const spot = kept.has(path)
      ? paragraphSpots(html).find((at) =>
          extractPage(insertAt(html, at, probe), new URL(path, site.origin).href).sections.some((x) =>
            x.text.includes(probe),
          ),
        )
      : undefined
    spots.set(file, spot ?? html.length)
  }
  await writeFile(cache, JSON.stringify({ key, spots: [...spots] }))
  return spots
}

/**
 * Writes `pages` pages into `dir`: every site's pages (not `404.html`) under `copy-<n>/<site>/`, n = 1, 2, …, each
 * with the paragraph "Copy n of page <site>/<file>." in its main content ({@link noteSpots}), so no two are the same.
 */
async function buildScaleFolder(sites: { site: CorpusSite; spots: Map<string, number> }[], pages: number, dir: string) {
  await rm(dir, { recursive: true, force: true })
  const files = sites.flatMap(({ site, spots }) =>
    [...spots.keys()].filter((f) => !/(^|\/)404\.html$/.test(f)).map((f) => ({ site, f, at: spots.get(f)! })),
  )
  if (files.length === 0) throw new Error('the corpus has no pages to copy')
  for (let written = 0, n = 1; written < pages; n++) {
    for (const { site, f, at } of files) {
      if (written >= pages) break
      const html = await readFile(join(site.dir, f), 'utf8')
      const target = join(dir, `copy-${n}`, site.name, f)
      await mkdir(dirname(target), { recursive: true })
      await writeFile(target, insertAt(html, at, `Copy ${n} of page ${site.name}/${f}.`))
      written++
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run

const log = (line: string) => console.log(line)
const started = performance.now()
const loadBefore = loadavg()[0]!
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
})()

const specs = (await loadSiteSpecs(SITES)).filter((s) => !ONLY_SITE || s.name === ONLY_SITE)
if (specs.length === 0) {
  console.error(
    ONLY_SITE
      ? `No site file named "${ONLY_SITE}" in ${SITES}.`
      : `No site files (*.json) in ${SITES}: nothing to measure.`,
  )
  process.exit(1)
}

type SystemName = 'ours' | 'bm25' | 'pagefind'
const SYSTEMS: { name: SystemName; label: string }[] = [
  { name: 'ours', label: 'ours' },
  { name: 'bm25', label: 'BM25' },
  { name: 'pagefind', label: 'Pagefind 1.6.0' },
]
type SystemResult = { notRun: string } | { forms: Record<Form, { summary: Summary; questions: Scored[] }> }

interface SiteResult {
  name: string
  generator: string
  package: CorpusSite['package']
  htmlFiles: number
  htmlBytes: number
  /** Answer paths no HTML file of the site is served at (a site file's mistake). */
  unknownAnswers: string[]
  /** Answer paths of files the indexer leaves out (`noindex`, no main content, `404.html`): no search can find them. */
  unindexedAnswers: string[]
  ours: IndexRun | { reused: true } | null
  pagefindBuild: PagefindBuild | { reused: true } | { notRun: string } | null
  bm25Pages: number
  questions: number
  unanswerable: number
  systems: Record<SystemName, SystemResult>
}

// What the command costs before it reads a page (Node, tsx and the CLI's modules): part of every row below.
const startup = await runCli(['index', '--help'])

const results: SiteResult[] = []
const sites: CorpusSite[] = []
for (const spec of specs) {
  log(`\n--- ${spec.name} (${spec.package.name} ${spec.package.version})`)
  const site = await prepareSite(spec, log)
  sites.push(site)
  log(`${site.htmlFiles} HTML files, ${(site.htmlBytes / MB).toFixed(1)} MB in ${site.dir}`)
  const served = new Set((await htmlFiles(site.dir)).map(servedPathOf))
  const unknownAnswers = [...new Set(site.questions.flatMap((q) => q.answers))].filter((a) => !served.has(a))
  if (unknownAnswers.length) log(`warning: answers no HTML file is served at: ${unknownAnswers.join(', ')}`)
  const out = join(OUT, site.name)
  const systems = {} as Record<SystemName, SystemResult>
  const run = async (name: SystemName, search: SearchAll) => {
    const forms = {} as Record<Form, { summary: Summary; questions: Scored[] }>
    for (const form of FORMS) {
      const questions = await score(site, form, search)
      forms[form] = { summary: summarize(questions), questions }
    }
    systems[name] = { forms }
  }

  // 1–2. Our index and search.
  const ourIndex = join(out, 'index')
  let ours: SiteResult['ours'] = null
  if (REUSE && existsSync(join(ourIndex, 'voiceos-index.json'))) ours = { reused: true }
  else {
    log(`Indexing with the setup command…`)
    ours = await runIndexer(site.dir, site.origin, ourIndex)
    log(
      `exit ${ours.exitCode}, ${(ours.wallMs / 1000).toFixed(1)} s, peak ${ours.peakBytes === null ? '?' : (ours.peakBytes / MB).toFixed(0)} MB, published ${(ours.publishedBytes / MB).toFixed(2)} MB`,
    )
    if (ours.exitCode !== 0) log(ours.reason ?? '')
  }
  if ('exitCode' in ours && ours.exitCode !== 0)
    systems.ours = { notRun: `the index command exited with ${ours.exitCode}: ${ours.reason}` }
  else {
    try {
      const index = await openIndexFolder(ourIndex)
      await run('ours', (queries) =>
        Promise.all(
          queries.map(async (q) => {
            const r = await index.search(q)
            return { paths: r.results.map((p) => p.path), noMatch: r.noMatch }
          }),
        ),
      )
    } catch (e) {
      systems.ours = { notRun: (e as Error).message }
    }
  }

  // 3. BM25.
  log('BM25: extracting the pages…')
  const pages = await extractedPages(site)
  const indexed = new Set(pages.map((p) => p.path))
  const unindexedAnswers = [...new Set(site.questions.flatMap((q) => q.answers))].filter(
    (a) => served.has(a) && !indexed.has(a),
  )
  if (unindexedAnswers.length)
    log(`warning: answers on pages the indexer leaves out (noindex, no content): ${unindexedAnswers.join(', ')}`)
  const bm25 = buildBm25(pages)
  await run('bm25', async (queries) =>
    queries.map((q) => {
      const hits = bm25.search(q, DEPTH)
      return { paths: hits.map((h) => h.path), noMatch: hits.length === 0 }
    }),
  )

  // 4. Pagefind.
  let pagefindBuild: SiteResult['pagefindBuild'] = null
  if (!PAGEFIND) systems.pagefind = { notRun: '--no-pagefind' }
  else {
    const pfIndex = join(out, 'pagefind')
    try {
      if (REUSE && existsSync(join(pfIndex, 'pagefind.js'))) pagefindBuild = { reused: true }
      else {
        log('Pagefind: indexing…')
        pagefindBuild = await buildPagefind(site.dir, pfIndex)
      }
      const searcher = await pagefindSearcher(pfIndex)
      try {
        await run('pagefind', searcher.search)
      } finally {
        await searcher.close()
      }
    } catch (e) {
      const why = (e as Error).message.split('\n')[0]!
      log(`Pagefind not run: ${why}`)
      systems.pagefind = { notRun: why }
      pagefindBuild ??= { notRun: why }
    }
  }

  results.push({
    name: site.name,
    generator: site.generator,
    package: site.package,
    htmlFiles: site.htmlFiles,
    htmlBytes: site.htmlBytes,
    unknownAnswers,
    unindexedAnswers,
    ours,
    pagefindBuild,
    bm25Pages: pages.length,
    questions: site.questions.length,
    unanswerable: site.unanswerable.length,
    systems,
  })
}

// 5. Scale.
let scale: (IndexRun & { pagesAsked: number }) | { notRun: string } | null = null
if (SCALE) {
  log(`\n--- scale: ${SCALE_PAGES} pages`)
  try {
    const dir = join(OUT, 'scale', 'html')
    log('Finding where a paragraph shows in each page…')
    const spotted = []
    for (const site of sites) spotted.push({ site, spots: await noteSpots(site, await extractedPages(site)) })
    await buildScaleFolder(spotted, SCALE_PAGES, dir)
    const run = await runIndexer(dir, 'https://scale.example', join(OUT, 'scale', 'index'))
    scale = { ...run, pagesAsked: SCALE_PAGES }
    log(
      `exit ${run.exitCode}, ${(run.wallMs / 1000).toFixed(1)} s, peak ${run.peakBytes === null ? '?' : (run.peakBytes / MB).toFixed(0)} MB, published ${(run.publishedBytes / MB).toFixed(2)} MB`,
    )
    if (run.exitCode !== 0) log(run.reason ?? '')
  } catch (e) {
    scale = { notRun: (e as Error).message }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const pct = (n: number, of: number) => (of === 0 ? '—' : `${Math.round((100 * n) / of)} % (${n}/${of})`)
const FORM_LABEL: Record<Form, string> = { raw: 'question as asked', keywords: 'keywords' }

/** A quality table's rows: each system in each form of the question. */
function qualityRows(summaryOf: (system: SystemName, form: Form) => (Summary & { note?: string }) | string): string[] {
  const rows = [
    '| search | top-1 | top-3 | MRR@5 | answerable answered | unanswerable "no match" | top-3 ignoring .html / index.html (diagnostic) |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const { name, label } of SYSTEMS)
    for (const form of FORMS) {
      const s = summaryOf(name, form)
      rows.push(
        typeof s === 'string'
          ? `| ${label}, ${FORM_LABEL[form]} | not run: ${s} | | | | | |`
          : `| ${label}, ${FORM_LABEL[form]}${s.note ? ` (${s.note})` : ''} | ${pct(s.top1, s.answerable)} | ${pct(s.top3, s.answerable)} | ${s.answerable ? (s.rr / s.answerable).toFixed(2) : '—'} | ${pct(s.answered, s.answerable)} | ${pct(s.noMatch, s.unanswerable)} | ${pct(s.looseTop3, s.answerable)} |`,
      )
    }
  return rows
}

const summaryOf = (r: SiteResult, system: SystemName, form: Form): Summary | string => {
  const s = r.systems[system]
  return 'notRun' in s ? s.notRun.replace(/\|/g, '\\|') : s.forms[form].summary
}

const EMPTY: Summary = {
  answerable: 0,
  unanswerable: 0,
  top1: 0,
  top3: 0,
  rr: 0,
  looseTop3: 0,
  answered: 0,
  noMatch: 0,
}
/** A system's counts summed over the sites it ran on (the others named in its `note`). */
const totals = (system: SystemName, form: Form): (Summary & { note?: string }) | string => {
  const ran = results.map((r) => summaryOf(r, system, form))
  const missing = results.filter((_, i) => typeof ran[i] === 'string').map((r) => r.name)
  if (missing.length === results.length) return 'not run on any site'
  const sum = ran.filter((x): x is Summary => typeof x !== 'string').reduce(add, EMPTY)
  return missing.length ? { ...sum, note: `not run on ${missing.join(', ')}` } : sum
}

const mb = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 2 : 1)
const s = (ms: number) => (ms / 1000).toFixed(1)
/** An indexing row: pages, HTML MB, wall s, peak MB, published MB, % of HTML, state file, exit code, budget. */
function indexRow(label: string, run: IndexRun, budgetS: number, budgetMB: number | null): string {
  const share = run.htmlBytes ? run.publishedBytes / run.htmlBytes : 0
  const peak = run.peakBytes === null ? '?' : (run.peakBytes / MB).toFixed(0)
  const verdict = [
    `${run.wallMs / 1000 <= budgetS ? '✓' : '✗'} ≤ ${budgetS.toFixed(budgetS < 10 ? 1 : 0)} s`,
    budgetMB === null
      ? null
      : `${run.peakBytes !== null && run.peakBytes / MB <= budgetMB ? '✓' : '✗'} ≤ ${budgetMB.toFixed(0)} MB`,
    `${share <= BUDGET.publishedShare ? '✓' : '✗'} ≤ 15 %`,
  ]
    .filter(Boolean)
    .join(', ')
  return `| ${label} | ${run.pages ?? '—'} of ${run.htmlFiles} | ${mb(run.htmlBytes)} | ${s(run.wallMs)} | ${peak} | ${mb(run.publishedBytes)} (${run.publishedFiles} files) | ${(100 * share).toFixed(1)} % | ${run.stateBytes === null ? 'none' : `${mb(run.stateBytes)}${run.stateInOut ? ' (in --out)' : ''}`} | ${run.exitCode}${run.reason ? `: ${run.reason.replace(/\|/g, '\\|')}` : ''} | ${verdict} |`
}

const proRataS = (bytes: number) => (BUDGET.sPer50MB * bytes) / (50 * MB)
const proRataMB = (bytes: number) => (BUDGET.mbPer50MB * bytes) / (50 * MB)
const indexing = [
  '| site | indexer | pages indexed of HTML files | HTML MB | wall s | peak RSS MB | published MB | % of HTML | state file MB (not published) | exit code | budget (60 s and 1 GB per 50 MB of HTML, pro rata; published ≤ 15 %) |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
]
indexing.push(
  `| (the command's start-up: \`index --help\`) | ours | | | ${s(startup.wallMs)} | ${startup.peakBytes === null ? '?' : (startup.peakBytes / MB).toFixed(0)} | | | | ${startup.exitCode} | |`,
)
for (const r of results) {
  if (r.ours === null) indexing.push(`| ${r.name} | ours | not run | | | | | | | | |`)
  else if ('reused' in r.ours) indexing.push(`| ${r.name} | ours | reused (\`--reuse-index\`) | | | | | | | | |`)
  else
    indexing.push(
      indexRow(`${r.name}`, r.ours, proRataS(r.htmlBytes), proRataMB(r.htmlBytes)).replace(
        `| ${r.name} |`,
        `| ${r.name} | ours |`,
      ),
    )
  const pf = r.pagefindBuild
  if (pf && 'wallMs' in pf)
    indexing.push(
      `| ${r.name} | Pagefind (Node API, in process) | ${pf.pages} of ${r.htmlFiles} | ${mb(r.htmlBytes)} | ${s(pf.wallMs)} | — | ${mb(pf.publishedBytes)} (${pf.publishedFiles} files) | ${((100 * pf.publishedBytes) / r.htmlBytes).toFixed(1)} % | | | |`,
    )
  else if (pf && 'notRun' in pf) indexing.push(`| ${r.name} | Pagefind | not run: ${pf.notRun} | | | | | | | | |`)
}
if (scale && 'notRun' in scale)
  indexing.push(`| scale, ${SCALE_PAGES} pages | ours | not run: ${scale.notRun} | | | | | | | | |`)
else if (scale)
  indexing.push(
    indexRow(`scale, ${SCALE_PAGES} pages`, scale, BUDGET.scaleS, proRataMB(scale.htmlBytes))
      .replace(`| scale, ${SCALE_PAGES} pages |`, `| scale, ${SCALE_PAGES} pages | ours |`)
      .replace(/✓ ≤ 600 s|✗ ≤ 600 s/, (m) => `${m} (10 min)`),
  )

const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z')
const md = [
  '# Site search quality: our index against plain BM25 and Pagefind on real documentation sites',
  '',
  `${date}, commit ${commit}, ${cpus().length} cores, load average ${loadBefore.toFixed(1)} at the start. Corpus: ${results.map((r) => `${r.name} (${r.generator}; Debian ${r.package.name} ${r.package.version}, ${r.htmlFiles} HTML files, ${mb(r.htmlBytes)} MB)`).join(', ')}.`,
  '',
  `Each answerable question is asked as the visitor said it and as keywords; top-1 / top-3: a page that answers it among the first 1 / 3 results, served paths compared exactly as given; MRR@5: mean reciprocal rank of the first answering page among the first 5 results (0 when none); "answerable answered": any result (ours: not \`noMatch\`); unanswerable "no match": no result. BM25: page-level, k1 1.2, b 0.75, Porter stems, Lucene's English stop list, over our extractor's title and main text. Pagefind: its defaults, searched in Chromium.`,
  '',
]
for (const r of results) {
  md.push(
    `## ${r.name} (${r.generator})`,
    '',
    `${r.htmlFiles} HTML files (${mb(r.htmlBytes)} MB), ${r.bm25Pages} pages for BM25; ${r.questions} answerable and ${r.unanswerable} unanswerable questions.${r.unknownAnswers.length ? ` Answers no HTML file is served at: ${r.unknownAnswers.join(', ')}.` : ''}${r.unindexedAnswers.length ? ` Answers on pages the indexer leaves out (noindex, no main content): ${r.unindexedAnswers.join(', ')}.` : ''}`,
    '',
    ...qualityRows((system, form) => summaryOf(r, system, form)),
    '',
  )
}
md.push(
  `## All sites (${results.length})`,
  '',
  'Counts summed over the sites (each question weighs the same); a system not run on a site is left out of its sum.',
  '',
  ...qualityRows(totals),
  '',
  '## Indexing',
  '',
  `Our index: \`npm run assistant -- index --dir\` in a child process (wall time from spawn to exit, Node's start-up included; peak RSS of the child${HAS_TIME ? ', GNU time' : ', process.resourceUsage()'}); MB = 10⁶ bytes. Published: everything in \`--out\` but an older version's re-run state file; the state (\`--state\`, beside the folder; marked "in --out" when an older version left it there) is counted apart. Pagefind's time is its Node API's createIndex → writeFiles (its binary as a service; no peak RSS measured). The start-up row is the command reading no page (\`index --help\`): on a site of a few MB it is most of the cost, and there the pro-rata budget is below it.${SCALE ? ` Scale: the corpus's pages copied under \`copy-<n>/\` until ${SCALE_PAGES}, each copy with a paragraph of its own; budget 10 minutes, peak RSS pro rata of its HTML.` : ''}`,
  '',
  ...indexing,
  '',
)
if (MISSES) {
  md.push('## Our misses (no answer in the top 3)', '')
  for (const r of results) {
    const ours = r.systems.ours
    if (!('forms' in ours)) continue
    for (const form of FORMS)
      for (const q of ours.forms[form].questions.filter((x) => x.answerable && !(x.rank >= 1 && x.rank <= 3)))
        md.push(
          `- ${r.name}, ${form}: "${q.query}" → ${q.top.slice(0, 3).join(', ') || (q.noMatch ? 'no match' : 'nothing')} (answers: ${q.answers.join(', ')})`,
        )
  }
  md.push('')
}
const totalS = (performance.now() - started) / 1000
md.push(`Run took ${totalS.toFixed(0)} s; load average ${loadavg()[0]!.toFixed(1)} at the end.`, '')

await mkdir('bench/results', { recursive: true })
await writeFile('bench/results/search-quality.md', md.join('\n'))
await writeFile(
  'bench/results/search-quality.json',
  `${JSON.stringify(
    {
      date,
      commit,
      cores: cpus().length,
      load: { start: loadBefore, end: loadavg()[0] },
      seconds: totalS,
      depth: DEPTH,
      sites: results,
      totals: Object.fromEntries(
        SYSTEMS.map(({ name }) => [name, Object.fromEntries(FORMS.map((f) => [f, totals(name, f)]))]),
      ),
      scale,
    },
    null,
    1,
  )}\n`,
)
console.log(`\n${md.join('\n')}`)
// An index the command could not build fails the bench; budgets and baselines are reported, not enforced.
const failed =
  results.some((r) => r.ours && 'exitCode' in r.ours && r.ours.exitCode !== 0) ||
  (scale !== null && ('notRun' in scale || scale.exitCode !== 0))
if (failed) process.exitCode = 1
