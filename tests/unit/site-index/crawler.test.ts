/**
 * The site indexer against a real HTTP server on 127.0.0.1: robots.txt, a redirect loop, a 500 then a 200,
 * a 10 MB page, a PDF, a sitemap index, an off-origin link, noindex, canonical duplicates, the request limit,
 * the User-Agent, and a second run that fetches only what changed.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSiteIndex, MANIFEST_FILE, type IndexSummary } from '../../../scripts/site-index/indexer'
import { runIndexCommand, progressBar } from '../../../scripts/site-index/command'
import { USER_AGENT } from '../../../scripts/site-index/fetcher'
import { shardFile, shardKey, termOf } from '../../../src/voice/search/terms'

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
  let out = ''
  let first: IndexSummary
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'voiceos-index-'))
    first = await buildSiteIndex({
      source: { kind: 'sitemap', url: `${origin}/sitemap.xml` },
      outDir: out,
      backoffMs: 5,
    })
  }, 60_000)
  afterAll(() => rm(out, { recursive: true, force: true }))

  it('indexes the pages it may and says why it skipped each other one', async () => {
    expect(first.indexed).toBe(5) // /, /about, /refunds, /flaky (after its 500), /gone-soon
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
    expect(manifest).toMatchObject({ v: 2, origin, pages: 5, languages: ['en'], split: [] })
    // The shards of this build, in the folder the manifest names: the word "refund" among them.
    const shards = await readdir(join(out, manifest.shards))
    expect(shards.length).toBeGreaterThan(10)
    expect(shards).toContain(shardFile(shardKey(termOf('refunds'), new Set())))
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
    expect(second.indexed).toBe(4)
    expect(second.removed).toBe(1)
    // `/` has the same lastmod: not requested at all; /refunds answered 304 to its ETag; /about changed.
    expect(hits.some((h) => h.path === '/')).toBe(false)
    expect(hits.find((h) => h.path === '/refunds')?.ifNoneMatch).toBe('"r1"')
    expect(hits.some((h) => h.path === '/about')).toBe(true)
    expect(second.unchanged).toBeGreaterThanOrEqual(2)
    const state = JSON.parse(await readFile(join(out, 'voiceos-index-state.json'), 'utf8'))
    expect(state.pages.find((p: { url: string }) => p.url === `${origin}/about`).sections[0].text).toContain('Delhi')
  }, 60_000)
})

describe('buildSiteIndex by crawling', () => {
  it('follows same-origin links only, up to --max-pages', async () => {
    const out = await mkdtemp(join(tmpdir(), 'voiceos-crawl-'))
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
      await rm(out, { recursive: true, force: true })
    }
  }, 60_000)
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
    const out = await mkdtemp(join(tmpdir(), 'voiceos-cmd-'))
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
      expect(lines[0]).toMatch(/^Indexed 2 pages of http:\/\/127\.0\.0\.1:\d+ in /)
      expect(lines.join('\n')).toContain('data-site-index="/site-index/"')
    } finally {
      await rm(out, { recursive: true, force: true })
    }
  }, 60_000)

  it('progressBar fills in proportion', () => {
    expect(progressBar(5, 10, 10)).toBe('[#####.....]  5/10 pages')
  })
})
