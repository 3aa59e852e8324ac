/**
 * The site indexer against a real HTTP server on 127.0.0.1: robots.txt, a redirect loop, a 500 then a 200,
 * a 10 MB page, a PDF, a sitemap index, an off-origin link, noindex, canonical duplicates and ignored canonicals,
 * the request limit, the User-Agent, a second run that fetches only what changed, and an index refused; and over a
 * folder of built HTML: the URLs a host serves its files at, charsets, binary and oversized files, the state file.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildSiteIndex,
  defaultStateFile,
  MANIFEST_FILE,
  readIndexState,
  STATE_FILE,
  type IndexState,
  type IndexSummary,
} from '../../../scripts/site-index/indexer'
import { runIndexCommand, progressBar } from '../../../scripts/site-index/command'
import { USER_AGENT } from '../../../scripts/site-index/fetcher'
import {
  INDEX_FORMAT_VERSION,
  packFile,
  shardFile,
  shardKey,
  shardOfPack,
  termOf,
  type IndexManifest,
  type Shard,
  type ShardPack,
} from '../../../src/voice/search/terms'

/** A fresh temp folder holding the index folder `site-index` (so the state file beside it is cleaned up too). */
const tempParent = (prefix: string) => mkdtemp(join(tmpdir(), prefix))

/** The shard holding `word` in the index in `out`, from its pack. */
const readShard = async (out: string, word: string): Promise<Shard> => {
  const manifest = JSON.parse(await readFile(join(out, MANIFEST_FILE), 'utf8')) as IndexManifest
  const key = shardKey(termOf(word), new Set(manifest.split))
  const file = join(out, manifest.shards, packFile(key, manifest.packs)!)
  return shardOfPack(JSON.parse(gunzipSync(await readFile(file)).toString('utf8')) as ShardPack, key)!
}

/** The paths of the pages `word`'s hits name (its best pages), in the index in `out`. */
const hitPaths = async (out: string, word: string): Promise<string[]> => {
  const shard = await readShard(out, word)
  return shard.terms[termOf(word)]![2].map(([p]) => shard.pages[p]![2])
}

/** The URLs the state file of the index in `out` holds. */
const indexedUrls = async (out: string, stateFile = defaultStateFile(out)) =>
  ((await readIndexState(stateFile)) as IndexState).pages.map((p) => p.url).sort()

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav><main><h1>${title}</h1><p>${body}</p>${'<p>Filler sentence about the shop and its many friendly services for visitors.</p>'.repeat(3)}</main><footer>Footer links <a href="https://elsewhere.example/partner">Partner</a></footer></body></html>`

interface Hit {
  path: string
  ua: string | undefined
  ifNoneMatch: string | undefined
}

let server: Server
let origin = ''
const hits: Hit[] = []
let inFlight = 0
let peak = 0
let flaky = 0
let aboutBody = 'About the shop: founded in Pune in 1999.'
let lastmodAbout = '2026-01-01'
let withGone = true

const routes: Record<
  string,
  (req: IncomingMessage) => { status: number; type?: string; body: string | Buffer; headers?: Record<string, string> }
> = {
  '/robots.txt': () => ({ status: 200, type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' }),
  '/sitemap.xml': () => ({
    status: 200,
    type: 'application/xml',
    body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-a.xml</loc></sitemap><sitemap><loc>${origin}/sitemap-b.xml</loc></sitemap></sitemapindex>`,
  }),
  '/sitemap-a.xml': () => ({
    status: 200,
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      ['/', '2026-01-01'],
      ['/about', lastmodAbout],
      ['/refunds', ''],
      ['/private/staff', ''],
      ['/loop', ''],
      ['/flaky', ''],
      ['/contact', ''],
      ['/faq', ''],
    ]
      .map(([p, m]) => `<url><loc>${origin}${p}</loc>${m ? `<lastmod>${m}</lastmod>` : ''}</url>`)
      .join('')}</urlset>`,
  }),
  '/sitemap-b.xml': () => ({
    status: 200,
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      '/huge',
      '/manual.pdf',
      '/draft',
      '/refunds-copy',
      '/broken',
      ...(withGone ? ['/gone-soon'] : []),
    ]
      .map((p) => `<url><loc>${origin}${p}</loc></url>`)
      .join('')}<url><loc>https://elsewhere.example/page</loc></url></urlset>`,
  }),
  '/canon-sitemap.xml': () => ({
    status: 200,
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      '/canon-file',
      '/canon-other',
      '/canon-same',
    ]
      .map((p) => `<url><loc>${origin}${p}</loc></url>`)
      .join('')}</urlset>`,
  }),
  '/dead-sitemap.xml': () => ({
    status: 200,
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      '/missing-1',
      '/missing-2',
      '/missing-3',
      '/draft',
      '/draft-2',
      '/manual.pdf',
    ]
      .map((p) => `<url><loc>${origin}${p}</loc></url>`)
      .join('')}</urlset>`,
  }),
  '/half-sitemap.xml': () => ({
    status: 200,
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      '/contact',
      '/missing-1',
      '/missing-2',
    ]
      .map((p) => `<url><loc>${origin}${p}</loc></url>`)
      .join('')}</urlset>`,
  }),
  '/canon-file': () => ({
    status: 200,
    type: 'text/html',
    body: page(
      'Installed manual',
      'This manual came with the package.',
      '<link rel="canonical" href="file:///usr/share/doc/shop/manual.html">',
    ),
  }),
  '/canon-other': () => ({
    status: 200,
    type: 'text/html',
    body: page(
      'Mirrored article',
      'A copy of an article from the original site.',
      '<link rel="canonical" href="https://original.example/article">',
    ),
  }),
  '/canon-same': () => ({
    status: 200,
    type: 'text/html',
    body: page('Gift cards', 'Gift cards for every occasion.', `<link rel="canonical" href="${origin}/gift-cards">`),
  }),
  '/contact': () => ({ status: 200, type: 'text/html', body: page('Contact', 'Call us on weekdays.') }),
  '/faq': () => ({ status: 200, type: 'text/html', body: page('Questions', 'Answers to common questions.') }),
  '/draft-2': () => ({
    status: 200,
    type: 'text/html',
    body: page('Draft two', 'Not ready either.', '<meta name="robots" content="noindex">'),
  }),
  '/': () => ({ status: 200, type: 'text/html', body: page('Home', 'Welcome to the shop.') }),
  '/about': () => ({ status: 200, type: 'text/html', body: page('About us', aboutBody) }),
  '/refunds': (req) =>
    req.headers['if-none-match'] === '"r1"'
      ? { status: 304, body: '' }
      : {
          status: 200,
          type: 'text/html; charset=utf-8',
          headers: { etag: '"r1"' },
          body: page('Refund policy', 'Refunds are paid within 14 days.'),
        },
  '/refunds-copy': () => ({
    status: 200,
    type: 'text/html',
    body: page('Refund policy', 'Refunds are paid within 14 days.', `<link rel="canonical" href="${origin}/refunds">`),
  }),
  '/private/staff': () => ({ status: 200, type: 'text/html', body: page('Staff', 'secret') }),
  '/loop': () => ({ status: 302, body: '', headers: { location: '/loop2' } }),
  '/loop2': () => ({ status: 301, body: '', headers: { location: '/loop' } }),
  '/flaky': () =>
    flaky++ === 0
      ? { status: 500, type: 'text/plain', body: 'oops' }
      : { status: 200, type: 'text/html', body: page('Delivery', 'We deliver to Pune and Mumbai.') },
  '/huge': () => ({
    status: 200,
    type: 'text/html',
    body: page('Huge', 'x'.repeat(10 * 1024 * 1024)),
  }),
  '/manual.pdf': () => ({ status: 200, type: 'application/pdf', body: Buffer.from('%PDF-1.7 fake but typed') }),
  '/draft': () => ({
    status: 200,
    type: 'text/html',
    body: page('Draft', 'Not ready.', '<meta name="robots" content="noindex, nofollow">'),
  }),
  '/broken': () => ({ status: 503, type: 'text/plain', body: 'down' }),
  '/gone-soon': () => ({ status: 200, type: 'text/html', body: page('Seasonal sale', 'Half price in winter.') }),
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.push({ path, ua: req.headers['user-agent'], ifNoneMatch: req.headers['if-none-match'] })
    inFlight++
    peak = Math.max(peak, inFlight)
    // Each answer takes a moment, so concurrent requests overlap.
    setTimeout(() => {
      inFlight--
      const route = routes[path]
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
        return
      }
      const r = route(req)
      res.writeHead(r.status, { ...(r.type && { 'content-type': r.type }), ...(r.headers ?? {}) })
      res.end(r.body)
    }, 15)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const reasonOf = (s: IndexSummary, path: string) => s.skipped.find((k) => k.url === `${origin}${path}`)?.reason

describe('buildSiteIndex from a sitemap', () => {
  let parent = ''
  let out = ''
  let first: IndexSummary
  beforeAll(async () => {
    parent = await tempParent('voiceos-index-')
    out = join(parent, 'site-index')
    first = await buildSiteIndex({
      source: { kind: 'sitemap', url: `${origin}/sitemap.xml` },
      outDir: out,
      backoffMs: 5,
    })
  }, 60_000)
  afterAll(() => rm(parent, { recursive: true, force: true }))

  it('indexes the pages it may and says why it skipped each other one', async () => {
    // /, /about, /refunds, /flaky (after its 500), /contact, /faq, /gone-soon
    expect(first.indexed).toBe(7)
    // The sitemap's same-origin URLs robots.txt allows (not /private/staff, not the other origin's page).
    expect(first.found).toBe(13)
    expect(first.written).toBe(true)
    expect(first.listings).toBe(0)
    // /refunds-copy's canonical is on the origin: followed (then a duplicate), not ignored.
    expect(first.ignoredCanonicals).toBe(0)
    expect(reasonOf(first, '/private/staff')).toBe('robots')
    expect(reasonOf(first, '/loop')).toBe('redirect loop')
    expect(reasonOf(first, '/huge')).toBe('too big')
    expect(reasonOf(first, '/manual.pdf')).toBe('not HTML')
    expect(reasonOf(first, '/draft')).toBe('noindex')
    expect(reasonOf(first, '/refunds-copy')).toBe('duplicate')
    expect(reasonOf(first, '/broken')).toBe('5xx')
    expect(first.skipped.find((k) => k.url === 'https://elsewhere.example/page')?.reason).toBe('off origin')
    // robots.txt was obeyed: the disallowed page was never requested.
    expect(hits.some((h) => h.path === '/private/staff')).toBe(false)
    // a 500 was retried and its 200 indexed; a 503 was tried again and again, then given up
    expect(hits.filter((h) => h.path === '/flaky').length).toBe(2)
    expect(hits.filter((h) => h.path === '/broken').length).toBe(4)
    const manifest = JSON.parse(await readFile(join(out, MANIFEST_FILE), 'utf8'))
    expect(manifest).toMatchObject({ v: INDEX_FORMAT_VERSION, origin, pages: 7, languages: ['en'], split: [] })
    expect(INDEX_FORMAT_VERSION).toBe(4)
    // The packs of this build, in the folder the manifest names (a small site's shards fit one), beside its page
    // table: the word "refund" among them.
    const files = await readdir(join(out, manifest.shards))
    expect(files.sort()).toEqual([...manifest.packs.map(shardFile), 'p0.gz'].sort())
    expect(manifest.packs).toHaveLength(1)
    const refund = (await readShard(out, 'refunds')).terms[termOf('refunds')]!
    expect(refund[0]).toBe(1)
  })

  it('keeps its state beside the published folder, gzipped, never in it', async () => {
    const stateFile = join(parent, '.site-index.state.json.gz')
    expect(defaultStateFile(out)).toBe(stateFile)
    expect(first.stateFile).toBe(stateFile)
    const bytes = await readFile(stateFile)
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b])
    const state = JSON.parse(gunzipSync(bytes).toString('utf8')) as IndexState
    expect(state).toMatchObject({ v: 1, origin })
    expect(state.pages).toHaveLength(7)
    // The published folder holds the manifest and the shards only.
    expect((await readdir(out)).sort()).toEqual(['t', MANIFEST_FILE])
  })

  it('names VoiceOS in every request and never has more than 4 in flight', () => {
    expect(hits.every((h) => h.ua === USER_AGENT)).toBe(true)
    expect(first.peakConcurrency).toBeLessThanOrEqual(4)
    expect(peak).toBeLessThanOrEqual(4)
    expect(peak).toBeGreaterThan(1)
  })

  it('a second run fetches only what changed and drops what is gone', async () => {
    hits.length = 0
    lastmodAbout = '2026-02-02'
    aboutBody = 'About the shop: founded in Pune in 1999, now in Delhi too.'
    withGone = false
    const second = await buildSiteIndex({
      source: { kind: 'sitemap', url: `${origin}/sitemap.xml` },
      outDir: out,
      backoffMs: 5,
    })
    expect(second.indexed).toBe(6)
    expect(second.found).toBe(12)
    expect(second.removed).toBe(1)
    // `/` has the same lastmod: not requested at all; /refunds answered 304 to its ETag; /about changed.
    expect(hits.some((h) => h.path === '/')).toBe(false)
    expect(hits.find((h) => h.path === '/refunds')?.ifNoneMatch).toBe('"r1"')
    expect(hits.some((h) => h.path === '/about')).toBe(true)
    expect(second.unchanged).toBeGreaterThanOrEqual(2)
    const state = (await readIndexState(defaultStateFile(out), origin))!
    expect(state.pages.find((p) => p.url === `${origin}/about`)!.sections[0]!.text).toContain('Delhi')
    expect(state.pages.some((p) => p.url === `${origin}/gone-soon`)).toBe(false)
  }, 60_000)
})

describe('buildSiteIndex by crawling', () => {
  it('follows same-origin links only, up to --max-pages', async () => {
    const parent = await tempParent('voiceos-crawl-')
    const out = join(parent, 'site-index')
    try {
      hits.length = 0
      const s = await buildSiteIndex({ source: { kind: 'crawl', url: `${origin}/`, maxPages: 2 }, outDir: out })
      expect(s.indexed).toBe(2)
      expect(
        hits
          .filter((h) => h.path !== '/robots.txt')
          .map((h) => h.path)
          .sort(),
      ).toEqual(['/', '/about'])
      expect(s.skipped.find((k) => k.url === 'https://elsewhere.example/partner')?.reason).toBe('off origin')
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('canonical links', () => {
  it("a file:// canonical and another origin's are ignored: the page is indexed where it was read", async () => {
    const parent = await tempParent('voiceos-canon-')
    const out = join(parent, 'site-index')
    try {
      const s = await buildSiteIndex({
        source: { kind: 'sitemap', url: `${origin}/canon-sitemap.xml` },
        outDir: out,
        backoffMs: 5,
      })
      expect(s.written).toBe(true)
      expect(s.skipped).toEqual([])
      expect(s.indexed).toBe(3)
      expect(s.ignoredCanonicals).toBe(2)
      // A same-origin canonical is the page's own choice of URL.
      expect(await indexedUrls(out)).toEqual([`${origin}/canon-file`, `${origin}/canon-other`, `${origin}/gift-cards`])
      expect(await hitPaths(out, 'manual')).toEqual(['/canon-file'])
      expect(await hitPaths(out, 'mirrored')).toEqual(['/canon-other'])
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  }, 60_000)

  it('the summary says how many canonicals were ignored', async () => {
    const parent = await tempParent('voiceos-canon-cmd-')
    try {
      const lines: string[] = []
      const code = await runIndexCommand(
        ['--sitemap', `${origin}/canon-sitemap.xml`, '--out', join(parent, 'site-index')],
        { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l), backoffMs: 5 },
      )
      expect(code).toBe(0)
      expect(lines.join('\n')).toContain(
        `2 pages named a canonical URL that is not on ${origin} (a file:// path or another site): indexed at the URL where they were found.`,
      )
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('an index that is refused', () => {
  it('no page indexed: exit 1, nothing written, the top reasons named with their counts', async () => {
    const parent = await tempParent('voiceos-refused-')
    const out = join(parent, 'site-index')
    try {
      // The last index stays as it was.
      await mkdir(out)
      await writeFile(join(out, MANIFEST_FILE), 'the last index\n')
      const stdout: string[] = []
      const stderr: string[] = []
      const code = await runIndexCommand(['--sitemap', `${origin}/dead-sitemap.xml`, '--out', out], {
        stdout: (l) => stdout.push(l),
        stderr: (l) => stderr.push(l),
        backoffMs: 5,
      })
      expect(code).toBe(1)
      expect(stdout).toEqual([])
      const err = stderr.join('\n')
      expect(stderr[0]).toBe(
        `Nothing was written: no page could be indexed. The top reasons: 4xx (3), noindex (2), not HTML (1). The index in ${out}, if any, was left as it was.`,
      )
      expect(err).not.toContain('Publish the folder')
      expect(await readdir(out)).toEqual([MANIFEST_FILE])
      expect(await readFile(join(out, MANIFEST_FILE), 'utf8')).toBe('the last index\n')
      // No state file either.
      expect(await readdir(parent)).toEqual(['site-index'])
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  }, 60_000)

  it('fewer than half the pages found: nothing written, the summary says so', async () => {
    const parent = await tempParent('voiceos-half-')
    const out = join(parent, 'site-index')
    try {
      const s = await buildSiteIndex({
        source: { kind: 'sitemap', url: `${origin}/half-sitemap.xml` },
        outDir: out,
        backoffMs: 5,
      })
      expect(s).toMatchObject({ written: false, indexed: 1, found: 3, stateFile: null, bytes: 0 })
      expect(await readdir(parent)).toEqual([])
      const stderr: string[] = []
      const code = await runIndexCommand(['--sitemap', `${origin}/half-sitemap.xml`, '--out', out], {
        stdout: () => undefined,
        stderr: (l) => stderr.push(l),
        backoffMs: 5,
      })
      expect(code).toBe(1)
      expect(stderr[0]).toMatch(
        /^Nothing was written: only 1 of the 3 pages found could be indexed\. The top reasons: 4xx \(2\)\./,
      )
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  }, 60_000)
})

/** Writes a folder of built HTML: each file's text (UTF-8) or bytes. */
const writeSite = async (dir: string, files: Record<string, string | Uint8Array>) => {
  for (const [name, body] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true })
    await writeFile(join(dir, name), body)
  }
}
const SITE = 'https://site.example'
/** A built page of the folder: its own words, links to `links`. */
const built = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Site</title></head><body><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</nav><main><h1>${title}</h1><p>${body}</p></main></body></html>`
/** Bytes of `ascii` with `bytes` put wherever `@` stands. */
const bytesOf = (ascii: string, bytes: number[]) =>
  new Uint8Array(ascii.split('@').flatMap((part, i) => [...(i > 0 ? bytes : []), ...Buffer.from(part, 'latin1')]))

describe('buildSiteIndex over a folder of built HTML', () => {
  let parent = ''
  beforeAll(async () => {
    parent = await tempParent('voiceos-dir-')
  })
  afterAll(() => rm(parent, { recursive: true, force: true }))
  let n = 0
  /** A site folder and its index folder, fresh for each test. */
  const folders = async (files: Record<string, string | Uint8Array>) => {
    const root = join(parent, String(n++))
    const site = join(root, 'dist')
    const out = join(root, 'site-index')
    await writeSite(site, files)
    return { root, site, out }
  }

  it("maps a.html to /a.html as a static host serves it, to /a only when the site's links say so", async () => {
    const { site, out } = await folders({
      'index.html': built('Home', 'Welcome to the site.', [
        '/guide.html',
        '/docs/',
        '/faq',
        '/pricing',
        '/pricing.html',
      ]),
      'guide.html': built('Guide', 'How to use the widget.'),
      'docs/index.html': built('Docs', 'All about the documentation.'),
      'faq.html': built('Questions', 'Answers to common questions.'),
      'pricing.html': built('Pricing', 'Plans and their prices.'),
      'orphan.html': built('Orphan', 'A page no link names.'),
      '404.html': built('Not found', 'There is no such page.'),
    })
    const s = await buildSiteIndex({ source: { kind: 'dir', dir: site, url: SITE }, outDir: out })
    expect(s.written).toBe(true)
    expect(s.found).toBe(6) // 404.html is not a page
    expect(s.indexed).toBe(6)
    expect(await indexedUrls(out)).toEqual(
      [
        '/', // index.html
        '/docs/', // docs/index.html
        '/faq', // linked as /faq only
        '/guide.html', // linked as /guide.html
        '/orphan.html', // linked by no page: as a static host serves it
        '/pricing.html', // linked both ways: the file's own name
      ]
        .map((p) => `${SITE}${p}`)
        .sort(),
    )
    expect(await hitPaths(out, 'questions')).toEqual(['/faq'])
  })

  it('a folder served under a path (docs.python.org/3.11/): each page at its path under that folder', async () => {
    // Sphinx's links are relative, as Python's documentation writes them.
    const { site, out } = await folders({
      'index.html': built('Python 3.11', 'The documentation.', ['library/csv.html', 'faq/']),
      'library/csv.html': built('csv', 'Reading and writing comma separated files.', ['../index.html']),
      'faq/index.html': built('FAQ', 'Frequently asked questions.'),
    })
    const stdout: string[] = []
    const code = await runIndexCommand(['--dir', site, '--origin', `${SITE}/3.11`, '--out', out], {
      stdout: (l) => stdout.push(l),
      stderr: (l) => stdout.push(l),
    })
    expect(code).toBe(0)
    expect(await indexedUrls(out)).toEqual([`${SITE}/3.11/`, `${SITE}/3.11/faq/`, `${SITE}/3.11/library/csv.html`])
    expect(await hitPaths(out, 'comma')).toEqual(['/3.11/library/csv.html'])
    // The summary names the folder that was indexed, not the whole origin.
    expect(stdout.find((l) => l.startsWith('Indexed'))).toMatch(
      new RegExp(`^Indexed 3 pages of ${SITE}/3\\.11/ \\(of 3 found\\)`),
    )
    // The index is published beside the site, in its folder.
    expect(stdout.at(-1)).toContain(`(for example at ${SITE}/3.11/site-index/, beside embed/voiceos.js)`)
    expect(stdout.at(-1)).toContain('data-site-index="/3.11/site-index/"')
  })

  it('decodes each page in the charset it declares: windows-1252 and Shift_JIS', async () => {
    const { site, out } = await folders({
      'cafe.html': bytesOf(
        '<!doctype html><html lang="fr"><head><meta charset="windows-1252"><title>Le caf@</title></head><body><main><h1>Le caf@</h1><p>Un caf@ noir, servi en @t@ comme en hiver.</p></main></body></html>',
        [0xe9],
      ),
      'ja.html': bytesOf(
        '<!doctype html><html lang="ja"><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>Nihon</title></head><body><main><h1>Nihon</h1><p>@</p></main></body></html>',
        [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea],
      ),
    })
    const s = await buildSiteIndex({ source: { kind: 'dir', dir: site, url: SITE }, outDir: out })
    expect(s.indexed).toBe(2)
    expect(s.languages).toEqual(['fr', 'ja'])
    const state = (await readIndexState(defaultStateFile(out)))!
    const text = (path: string) =>
      state.pages
        .find((p) => p.url === `${SITE}${path}`)!
        .sections.map((x) => x.text)
        .join('\n')
    expect(state.pages.find((p) => p.url === `${SITE}/cafe.html`)!.title).toBe('Le café')
    expect(text('/cafe.html')).toBe('Un café noir, servi en été comme en hiver.')
    expect(text('/ja.html')).toBe('日本語')
    expect(await hitPaths(out, 'café')).toEqual(['/cafe.html'])
    expect(await hitPaths(out, '日本語')).toEqual(['/ja.html'])
  })

  it("skips a binary file named .html as 'not HTML' and a file over maxBytes as 'too big'; malformed HTML still indexes", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
    const { site, out } = await folders({
      'a.html': built('Alpha', 'The first page.'),
      'b.html': built('Beta', 'The second page.'),
      'c.html': built('Gamma', 'The third page.'),
      'broken.html':
        '<html lang="en"><head><title>Broken</title><body><main><h1>Umbrellas<p>Our umbrellas keep you <b>dry<div>Ask in store',
      'image.html': png,
      'big.html': built('Big', 'word '.repeat(2000)),
    })
    const s = await buildSiteIndex({ source: { kind: 'dir', dir: site, url: SITE }, outDir: out, maxBytes: 4000 })
    expect(s.skipped.map((k) => [k.url, k.reason])).toEqual([
      [`${SITE}/big.html`, 'too big'],
      [`${SITE}/image.html`, 'not HTML'],
    ])
    expect(s.found).toBe(6)
    expect(s.indexed).toBe(4)
    expect(s.written).toBe(true)
    expect(await indexedUrls(out)).toContain(`${SITE}/broken.html`)
    expect(await hitPaths(out, 'umbrellas')).toEqual(['/broken.html'])
  })

  it('writes the state file beside the folder, not in it, and reads an old in-folder one once, then removes it', async () => {
    const guide = built('Guide', 'How to use the widget.')
    const { root, site, out } = await folders({
      'index.html': built('Home', 'Welcome to the site.'),
      'guide.html': guide,
    })
    // An older version's state, inside the index folder, with a page the folder no longer has. A --dir run reads
    // every file again (a file's URL depends on the links of all the others): the old state only tells what is gone.
    await mkdir(out, { recursive: true })
    const old: IndexState = {
      v: 1,
      origin: SITE,
      builtAt: '2026-01-01T00:00:00.000Z',
      pages: [
        {
          url: `${SITE}/old-guide.html`,
          title: 'Guide from the last run',
          lang: 'en',
          sections: [{ heading: 'Guide', anchor: '', level: 1, text: 'How to use the widget.' }],
          etag: createHash('sha256').update(guide).digest('hex'),
          lastModified: null,
          lastmod: null,
          hash: 'old',
        },
      ],
    }
    await writeFile(join(out, STATE_FILE), JSON.stringify(old))
    const s = await buildSiteIndex({ source: { kind: 'dir', dir: site, url: SITE }, outDir: out })
    expect(s.unchanged).toBe(0)
    expect(s.fetched).toBe(2)
    expect(s.removed).toBe(1)
    expect(s.stateFile).toBe(join(root, '.site-index.state.json.gz'))
    expect((await readdir(out)).sort()).toEqual(['t', MANIFEST_FILE])
    expect((await readdir(root)).sort()).toEqual(['.site-index.state.json.gz', 'dist', 'site-index'])
    expect((await stat(s.stateFile!)).isFile()).toBe(true)
    const state = (await readIndexState(s.stateFile!, SITE))!
    expect(state.pages.map((p) => p.url)).toEqual([`${SITE}/`, `${SITE}/guide.html`])
    expect(state.pages.find((p) => p.url === `${SITE}/guide.html`)!.title).toBe('Guide')
  })

  it('flags a link-dense page and a generator listing path as listings', async () => {
    const terms = Array.from({ length: 25 }, (_, i) => `<li><a href="/t${i}.html">Term number ${i}</a></li>`).join('')
    const { site, out } = await folders({
      'index.html': built('Home', 'Welcome to the site.'),
      'guide.html': built('Guide', 'How to use the widget.'),
      'all-terms.html': `<!doctype html><html lang="en"><head><title>Terms | Site</title></head><body><main><h1>Terms</h1><ul>${terms}</ul></main></body></html>`,
      'genindex.html': built('Index', 'Every widget term.'),
    })
    const s = await buildSiteIndex({ source: { kind: 'dir', dir: site, url: SITE }, outDir: out })
    expect(s.indexed).toBe(4)
    expect(s.listings).toBe(2)
    const state = (await readIndexState(defaultStateFile(out)))!
    expect(
      state.pages
        .filter((p) => p.listing)
        .map((p) => p.url)
        .sort(),
    ).toEqual([`${SITE}/all-terms.html`, `${SITE}/genindex.html`])
    const widget = await readShard(out, 'widget')
    expect(widget.pages.find((p) => p[2] === '/genindex.html')?.[4]).toBe(1)
    expect(widget.pages.find((p) => p[2] === '/guide.html')?.[4]).toBe(0)
  })
})

describe('the index command', () => {
  it('refuses bad input with a message and exit code 2', async () => {
    const err: string[] = []
    const io = { stdout: () => undefined, stderr: (l: string) => err.push(l) }
    expect(await runIndexCommand([], io)).toBe(2)
    expect(err.join('\n')).toContain('Give exactly one source')
    expect(await runIndexCommand(['--crawl', 'javascript:alert(1)'], io)).toBe(2)
    expect(await runIndexCommand(['--dir', '.'], io)).toBe(2)
    expect(err.join('\n')).toContain('--dir needs --origin')
  })

  it('draws a progress bar on a terminal and ends with the summary and where to publish', async () => {
    const parent = await tempParent('voiceos-cmd-')
    const out = join(parent, 'site-index')
    try {
      const lines: string[] = []
      let drawn = ''
      const code = await runIndexCommand(['--crawl', `${origin}/`, '--max-pages', '5', '--out', out], {
        stdout: (l) => lines.push(l),
        stderr: (l) => lines.push(l),
        isTTY: true,
        write: (t) => (drawn += t),
      })
      expect(code).toBe(0)
      expect(drawn).toContain('\r[')
      expect(drawn).toMatch(/\] 2\/2 pages/)
      expect(lines[0]).toMatch(/^Indexed 2 pages of http:\/\/127\.0\.0\.1:\d+ \(of 2 found\) in /)
      // A link to another site is not a page of this one lost: it is not counted as skipped.
      expect(lines).toContain('Skipped: none.')
      expect(lines).toContain('Not followed: 1 link to other sites (https://elsewhere.example/partner).')
      expect(lines.join('\n')).toContain('data-site-index="/site-index/"')
      // The state went beside the folder.
      expect((await readdir(parent)).sort()).toEqual(['.site-index.state.json.gz', 'site-index'])
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  }, 60_000)

  it('--state FILE keeps the state where it is told', async () => {
    const parent = await tempParent('voiceos-state-')
    const out = join(parent, 'site-index')
    const state = join(parent, 'cache', 'my-state.json.gz')
    try {
      const code = await runIndexCommand(
        ['--crawl', `${origin}/`, '--max-pages', '2', '--out', out, '--state', state],
        {
          stdout: () => undefined,
          stderr: () => undefined,
        },
      )
      expect(code).toBe(0)
      expect(await indexedUrls(out, state)).toEqual([`${origin}/`, `${origin}/about`])
      expect((await readdir(parent)).sort()).toEqual(['cache', 'site-index'])
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  }, 60_000)

  it('the usage names --state', async () => {
    const out: string[] = []
    expect(await runIndexCommand(['--help'], { stdout: (l) => out.push(l), stderr: () => undefined })).toBe(0)
    expect(out.join('\n')).toContain('--state FILE')
  })

  it('progressBar fills in proportion', () => {
    expect(progressBar(5, 10, 10)).toBe('[#####.....]  5/10 pages')
  })
})
