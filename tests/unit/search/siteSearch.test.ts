// @vitest-environment happy-dom
/**
 * `search_site` and `open_page` against a real index: pages built by the indexer (extraction + Pagefind 1.6.0)
 * and served by a local HTTP server, searched with Pagefind's own `pagefind.js` in the page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { join, normalize } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import {
  createSiteSearch,
  formatSearchResults,
  LOOKAHEAD_CONCURRENCY,
  PARTIAL_LOOKAHEAD_MS,
  SEARCH_MAX_RESULTS,
} from '../../../src/voice/search/siteSearch'
import { checkPage } from '../../../src/voice/search/openPage'
import { searchResultMessage } from '../../../src/voice/context/report'
import { parseRecord } from '../../../src/voice/context/record'
import { createSessionActions } from '../../../src/voice/session/actions'
import { createVoiceSession } from '../../../src/voice/session/session'
import { ScriptedVoiceEngine } from '../../../src/voice/session/scriptedEngine'
import { createSessionId } from '../../../src/voice/session/sessionId'
import type { VapiClientMessage } from '../../../src/voice/engine/messages'
import { conversationFacts } from '../../../scripts/report/facts'

const doc = (title: string, sections: [string, string, string][]) =>
  `<!doctype html><html lang="en"><head><title>${title} | Shop</title></head><body><nav><a href="/">Home</a><a href="/contact">Contact</a></nav><main><h1>${title}</h1>${sections
    .map(([id, h, p]) => `<h2 id="${id}">${h}</h2><p>${p}</p>`)
    .join('')}</main><footer>Shop footer: refund policy, delivery, careers</footer></body></html>`

const PAGES: Record<string, string> = {
  '/': doc('Welcome', [
    ['intro', 'Our shop', 'Handmade furniture from Jaipur since 1987. Browse our tables and chairs.'],
  ]),
  '/help/refunds': doc('Refund policy', [
    ['window', 'Returns window', 'You can return any item within 30 days of delivery for a full refund.'],
    [
      'timing',
      'When refunds arrive',
      'Refunds reach your original card within 14 working days after we receive the item.',
    ],
  ]),
  '/help/delivery': doc('Delivery', [
    [
      'cities',
      'Cities we deliver to',
      'We deliver to Pune, Mumbai, Delhi and Bengaluru. Pune orders arrive in 3 days.',
    ],
    ['costs', 'Delivery costs', 'Delivery is free above 5000 rupees.'],
  ]),
  '/account/password': doc('Reset your password', [
    [
      'steps',
      'How to reset a password',
      'Choose Forgot password on the sign-in page and follow the link we email you.',
    ],
  ]),
  '/contact': doc('Contact', [['phone', 'Phone', 'Call us from 9 am to 6 pm on weekdays.']]),
  '/gift-cards': doc('Gift cards', [
    ['buy', 'Buying a gift', 'Gift wrapping, gift messages and gift boxes: a gift for every occasion.'],
    ['balance', 'Card balance', 'See what is left on a gift card: enter its number on the balance page.'],
  ]),
}

const run = promisify(execFile)
let server: Server
let origin = ''
let out = ''
const fetched: string[] = []

beforeAll(async () => {
  // Inside the checkout: Vitest's module runner imports pagefind.js only from files under the project.
  await mkdir(join(process.cwd(), 'node_modules/.cache'), { recursive: true })
  out = await mkdtemp(join(process.cwd(), 'node_modules/.cache/voiceos-search-'))
  server = createServer((req, res) => void answer(req, res))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const a = server.address()
  origin = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`
  // The real command, in its own Node process (this file's globals are happy-dom's).
  await run(process.execPath, [
    '--import',
    'tsx',
    'scripts/assistant.ts',
    'index',
    '--sitemap',
    `${origin}/sitemap.xml`,
    '--out',
    out,
  ])
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/contact`)
}, 60_000)

/** The site: its pages, its sitemap and the published index folder. */
async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  fetched.push(path)
  if (path.startsWith('/site-index/')) {
    const file = normalize(join(out, path.slice('/site-index/'.length)))
    try {
      if (!file.startsWith(out) || !(await stat(file)).isFile()) throw new Error()
      const type = file.endsWith('.js')
        ? 'text/javascript'
        : file.endsWith('.json')
          ? 'application/json'
          : 'application/octet-stream'
      res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' }).end(await readFile(file))
    } catch {
      res.writeHead(404).end()
    }
    return
  }
  if (path === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' }).end(
      `<urlset>${Object.keys(PAGES)
        .map((p) => `<url><loc>${origin}${p}</loc></url>`)
        .join('')}</urlset>`,
    )
    return
  }
  const page = PAGES[path]
  if (!page) {
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
    return
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : page)
}
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
  await rm(out, { recursive: true, force: true })
})

/** pagefind.js as published, imported from the built folder (Node cannot import an http: URL). */
const importFromDisk = (url: string) =>
  import(/* @vite-ignore */ join(out, new URL(url).pathname.slice('/site-index/'.length)))

describe('search_site', () => {
  it('fetches nothing of the index before the first search', () => {
    createSiteSearch({ indexUrl: '/site-index/', origin })
    expect(fetched.filter((p) => p.startsWith('/site-index/'))).toEqual([])
  })

  it('finds the page and section that answer a question on another page, with its anchor and a short excerpt', async () => {
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, importModule: importFromDisk })
    const refunds = await s.search('how long do refunds take')
    expect(refunds).toMatchObject({ ok: true })
    if (!refunds.ok) return
    expect(refunds.results.length).toBeGreaterThan(0)
    expect(refunds.results.length).toBeLessThanOrEqual(SEARCH_MAX_RESULTS)
    expect(refunds.results[0]).toMatchObject({ path: '/help/refunds#timing', lang: 'en' })
    expect(refunds.results[0]!.title).toContain('Refund policy')
    expect(refunds.results[0]!.excerpt).toContain('14 working days')
    expect(refunds.results.every((r) => r.excerpt.length <= 300 && !r.excerpt.includes('<'))).toBe(true)
    const pune = await s.search('do you deliver to Pune')
    expect(pune.ok && pune.results[0]!.path).toBe('/help/delivery#cities')
    expect(s.foundPaths.has('/help/delivery')).toBe(true)
    // footer text was never indexed: "careers" is in every page's footer only
    const careers = await s.search('careers')
    expect(careers.ok && careers.results).toEqual([])
    expect(careers.ok && formatSearchResults(careers)).toContain('no page of this site matches')
    const text = refunds.ok ? formatSearchResults(refunds) : ''
    expect(text).toMatch(/^SEARCH RESULTS for "how long do refunds take"/)
    expect(text).toContain('(/help/refunds#timing)')
  })

  it('a page found word by word links the section holding most of the words, not the one where the first is most frequent', async () => {
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, importModule: importFromDisk })
    // "sparkle" is on no page, so no page holds every word: each word is searched alone ("gift" is most frequent in
    // the Buying section, "card" and "balance" are in the Card balance section).
    const found = await s.search('what is the balance of my gift card sparkle')
    expect(found.ok && found.results[0]).toMatchObject({ path: '/gift-cards#balance' })
    expect(found.ok && found.results[0]!.excerpt).toMatch(/balance|card/i)
  })

  it("warm loads the index without searching, once per page; the visitor's words fetch ahead what their search needs", async () => {
    const indexFiles = (from: number) => fetched.slice(from).filter((p) => p.startsWith('/site-index/'))
    // Its own loader and its own instance of pagefind.js (the other tests' is loaded): as a page that has loaded
    // nothing of the index.
    const importer = (url: string) =>
      import(/* @vite-ignore */ `${join(out, new URL(url).pathname.slice('/site-index/'.length))}?as-a-new-page`)
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, importModule: importer })
    const beforeWarm = fetched.length
    await s.anticipate('do you deliver to Pune?') // before warm: nothing
    expect(indexFiles(beforeWarm)).toEqual([])
    await s.warm()
    const warmed = indexFiles(beforeWarm)
    expect(warmed).toContain('/site-index/voiceos-index.json')
    expect(warmed.some((p) => /\/wasm\.[\w-]+\.pagefind$/.test(p))).toBe(true)
    expect(warmed.some((p) => p.endsWith('.pf_meta'))).toBe(true)
    expect(warmed.filter((p) => p.startsWith('/site-index/index/') || p.startsWith('/site-index/fragment/'))).toEqual(
      [],
    )
    // The visitor's final words: the index chunks of "deliver" and "pune" and the fragments of their results.
    const beforeWords = fetched.length
    await s.anticipate('do you deliver to Pune?')
    expect(indexFiles(beforeWords).some((p) => p.startsWith('/site-index/fragment/'))).toBe(true)
    // The assistant's search of the same question fetches nothing more.
    const beforeSearch = fetched.length
    const pune = await s.search('deliver to Pune')
    expect(pune.ok && pune.results[0]!.path).toBe('/help/delivery#cities')
    expect(indexFiles(beforeSearch)).toEqual([])
    // A later session of the same page (a new call) reuses the loaded index: no manifest, script, WebAssembly or
    // metadata again, and the chunks it already has.
    const again = createSiteSearch({ indexUrl: '/site-index/', origin, importModule: importer })
    const beforeAgain = fetched.length
    await again.warm()
    const second = await again.search('deliver to Pune')
    expect(second.ok && second.results[0]!.path).toBe('/help/delivery#cities')
    expect(indexFiles(beforeAgain)).toEqual([])
  })

  it("a session warms the index at the conversation's start, never before, and only with a published index", async () => {
    const quiet = { info() {}, warn() {}, error() {} }
    const actionsWith = (siteIndex: string) =>
      createSessionActions({
        notify: () => {},
        doc: document,
        send: () => true,
        pageContext: false,
        onCommand: () => {},
        isHidden: () => false,
        logger: quiet,
        siteIndex,
      })
    const manifests = (from: number) => fetched.slice(from).filter((p) => p === '/site-index/voiceos-index.json')
    const from = fetched.length
    const none = actionsWith('')
    none.startPageContext()
    const published = actionsWith('/site-index/')
    published.anticipate('do you deliver to Pune?') // before the start: nothing
    await new Promise((r) => setTimeout(r, 100))
    expect(manifests(from)).toEqual([])
    published.startPageContext()
    await vi.waitFor(() => expect(manifests(from)).toHaveLength(1))
    none.dispose()
    published.dispose()
  })

  it('answers in words without an index, with an index of another origin, and when it cannot load', async () => {
    const none = await createSiteSearch({ indexUrl: '', origin }).search('refunds')
    expect(none).toMatchObject({ ok: false, error: expect.stringContaining('no search index') })
    const other = await createSiteSearch({ indexUrl: `${origin}/site-index/`, origin: 'https://shop.example' }).search(
      'refunds',
    )
    expect(other).toMatchObject({ ok: false, error: expect.stringContaining(`built for ${origin}`) })
    const missing = await createSiteSearch({ indexUrl: '/nowhere/', origin }).search('refunds')
    expect(missing).toMatchObject({ ok: false, error: expect.stringContaining('could not be loaded') })
  })

  it('a copy of the site served elsewhere (a preview) uses the index built for the origin its canonical links name', async () => {
    const preview = 'http://127.0.0.1:9'
    const link = document.createElement('link')
    link.rel = 'canonical'
    link.href = `${origin}/contact`
    document.head.append(link)
    try {
      // Read from the page's own <link rel="canonical">.
      const copy = await createSiteSearch({
        indexUrl: `${origin}/site-index/`,
        origin: preview,
        importModule: importFromDisk,
      }).search('refunds')
      expect(copy).toMatchObject({ ok: true, results: expect.arrayContaining([expect.anything()]) })
    } finally {
      link.remove()
    }
    // A page whose canonical origin is another site's still refuses the index.
    const stranger = await createSiteSearch({
      indexUrl: `${origin}/site-index/`,
      origin: preview,
      canonicalOrigin: 'https://shop.example',
      importModule: importFromDisk,
    }).search('refunds')
    expect(stranger).toMatchObject({ ok: false, error: expect.stringContaining(`built for ${origin}`) })
  })

  it("says the search cannot run on this page when Pagefind's first search fails (its WebAssembly refused by a CSP)", async () => {
    // What pagefind.js does under a host CSP without 'wasm-unsafe-eval': init resolves, the first search rejects.
    let attempts = 0
    const refused = {
      options: () => Promise.resolve(),
      search: () => {
        attempts++
        return Promise.reject(new WebAssembly.CompileError('Refused to compile or instantiate WebAssembly module'))
      },
    }
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, importModule: () => Promise.resolve(refused) })
    const first = await s.search('refunds')
    expect(first).toMatchObject({ ok: false, error: expect.stringContaining('could not run on this page') })
    expect(first.ok || first.error).not.toContain('try other words')
    await s.search('refunds')
    expect(attempts).toBe(2) // tried again, not cached as broken
  })
})

describe('the look-ahead while the visitor speaks (partial transcripts)', () => {
  const indexFiles = (from: number) => fetched.slice(from).filter((p) => p.startsWith('/site-index/'))
  /** pagefind.js as a page that has loaded nothing of the index, with the terms it is asked to preload. */
  const spiedImporter = (instance: string) => {
    const preloaded: string[] = []
    const importer = async (url: string) => {
      const mod = (await import(
        /* @vite-ignore */ `${join(out, new URL(url).pathname.slice('/site-index/'.length))}?${instance}`
      )) as { preload(term: string, o?: object): Promise<void> }
      return { ...mod, preload: (term: string, o?: object) => (preloaded.push(term), mod.preload(term, o)) }
    }
    return { importer, preloaded }
  }

  it('fetches the index chunks of the topic words as they are heard, once each, then the fragments; the search of them fetches nothing', async () => {
    const { importer, preloaded } = spiedImporter('partials-page')
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, importModule: importer })
    const beforeWarm = fetched.length
    await s.anticipate('do you deliver', { partial: true }) // before the conversation's start: nothing
    expect(indexFiles(beforeWarm)).toEqual([])
    await s.warm()
    expect(preloaded).toEqual(['']) // the warm-up: WebAssembly and metadata only
    // Stop words only so far: nothing asked, nothing fetched.
    const beforeWords = fetched.length
    await s.anticipate('do you', { partial: true })
    expect(preloaded).toEqual([''])
    expect(indexFiles(beforeWords)).toEqual([])
    // The first topic word: its index chunk, before any final transcript.
    await s.anticipate('do you deliver', { partial: true })
    expect(preloaded).toEqual(['', 'deliver'])
    expect(indexFiles(beforeWords).some((p) => p.startsWith('/site-index/index/'))).toBe(true)
    // The next words: only the new one is asked for; the results' fragments come with it.
    await s.anticipate('do you deliver to Pune', { partial: true })
    expect(preloaded).toEqual(['', 'deliver', 'pune'])
    expect(indexFiles(beforeWords).some((p) => p.startsWith('/site-index/fragment/'))).toBe(true)
    // The final words ask for nothing new; the assistant's search of them fetches nothing and finds the page.
    const beforeFinal = fetched.length
    await s.anticipate('Do you deliver to Pune?')
    expect(preloaded).toEqual(['', 'deliver', 'pune'])
    const pune = await s.search('deliver to Pune')
    expect(pune.ok && pune.results[0]!.path).toBe('/help/delivery#cities')
    expect(indexFiles(beforeFinal)).toEqual([])
  })

  it('takes partials that come close together as the latest one (a revised word is never fetched)', async () => {
    const { importer, preloaded } = spiedImporter('revised-page')
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, importModule: importer })
    await s.warm()
    const t0 = performance.now()
    const both = Promise.all([
      s.anticipate('how long do refunds tick', { partial: true }),
      s.anticipate('how long do refunds take', { partial: true }),
    ])
    await both
    expect(performance.now() - t0).toBeGreaterThanOrEqual(PARTIAL_LOOKAHEAD_MS - 5)
    expect(preloaded).toEqual(['', 'long', 'refunds'])
    // A final transcript is taken at once, superseding a partial still waiting.
    const waiting = s.anticipate('how long do refunds take to arrive', { partial: true })
    await s.anticipate('How long do refunds take to reach my card?')
    await waiting
    expect(preloaded).toEqual(['', 'long', 'refunds', 'reach', 'card'])
  })

  it('keeps at most LOOKAHEAD_CONCURRENCY requests in flight, and a search of the same words reuses what was fetched ahead', async () => {
    let inFlight = 0
    let most = 0
    const release: (() => void)[] = []
    let searches = 0
    const page = (id: string) => ({
      id,
      score: 1,
      data: () => Promise.resolve({ url: `/${id}`, excerpt: id, meta: { title: id }, sub_results: [] as never[] }),
    })
    const mod = {
      options: () => Promise.resolve(),
      preload: (term: string) => {
        if (term === '') return Promise.resolve()
        inFlight++
        most = Math.max(most, inFlight)
        return new Promise<void>((ok) => release.push(() => (inFlight--, ok())))
      },
      search: (q: string) => {
        searches++
        return Promise.resolve({ results: q.split(' ').map(page) })
      },
    }
    const s = createSiteSearch({
      indexUrl: '/site-index/',
      origin,
      importModule: () => Promise.resolve(mod),
    })
    await s.warm()
    const words = 'tables chairs lamps rugs beds desks shelves'
    const ahead = s.anticipate(`do you sell ${words}`)
    await vi.waitFor(() => expect(release.length).toBe(LOOKAHEAD_CONCURRENCY))
    while (release.length) {
      release.shift()!()
      await new Promise((r) => setTimeout(r, 5))
    }
    await ahead
    expect(most).toBe(LOOKAHEAD_CONCURRENCY)
    const before = searches
    const found = await s.search(`sell ${words}`)
    expect(found.ok && found.results.map((r) => r.title)).toEqual(['sell', 'tables', 'chairs', 'lamps', 'rugs'])
    expect(searches).toBe(before) // the results fetched ahead, not searched again
    const other = await s.search('lamps')
    expect(other.ok && other.results.map((r) => r.title)).toEqual(['lamps'])
    expect(searches).toBe(before + 1)
  })

  it('a voice session starts loading the index at the press (before Listening), never before, only with an index', async () => {
    const manifests = (from: number) => fetched.slice(from).filter((p) => p === '/site-index/voiceos-index.json')
    const sessionWith = (siteIndex: string | undefined) =>
      createVoiceSession({
        engine: new ScriptedVoiceEngine({ script: [] }),
        assistantId: 'asst_1',
        sessionId: createSessionId(),
        pageUrl: `${origin}/contact`,
        realtime: null,
        onStatus: () => {},
        onTranscript: () => {},
        notify: () => {},
        logger: { info() {}, warn() {}, error() {} },
        ...(siteIndex !== undefined && { siteIndex }),
      })
    const from = fetched.length
    const without = sessionWith(undefined)
    const withIndex = sessionWith('/site-index/')
    await new Promise((r) => setTimeout(r, 100))
    expect(manifests(from)).toEqual([]) // created (the widget on the page), not pressed: nothing
    await without.start()
    await new Promise((r) => setTimeout(r, 100))
    expect(manifests(from)).toEqual([])
    await withIndex.start() // the press; no call-start yet
    await vi.waitFor(() => expect(manifests(from)).toHaveLength(1))
    await without.stop()
    await withIndex.stop()
  })

  it('never throws and fetches nothing without an index, with an index that fails, or before intent', async () => {
    const none = createSiteSearch({ indexUrl: '', origin })
    await none.warm()
    const from = fetched.length
    await expect(none.anticipate('do you deliver to Pune', { partial: true })).resolves.toBeUndefined()
    await expect(none.anticipate('do you deliver to Pune?')).resolves.toBeUndefined()
    expect(indexFiles(from)).toEqual([])
    const broken = createSiteSearch({
      indexUrl: '/site-index/',
      origin,
      importModule: () =>
        Promise.resolve({
          options: () => Promise.resolve(),
          preload: () => Promise.reject(new Error('network')),
          search: () => Promise.reject(new Error('network')),
        }),
    })
    await broken.warm()
    await expect(broken.anticipate('do you deliver to Pune', { partial: true })).resolves.toBeUndefined()
    await expect(broken.anticipate('do you deliver to Pune?')).resolves.toBeUndefined()
    await expect(broken.anticipate(42 as unknown as string, { partial: true })).resolves.toBeUndefined()
    // A session passes the visitor's partial words on only after the conversation's start.
    const quiet = { info() {}, warn() {}, error() {} }
    const actions = createSessionActions({
      notify: () => {},
      doc: document,
      send: () => true,
      pageContext: false,
      onCommand: () => {},
      isHidden: () => false,
      logger: quiet,
      siteIndex: '/site-index/',
    })
    const beforeStart = fetched.length
    actions.anticipate('do you deliver to Pune', true)
    await new Promise((r) => setTimeout(r, PARTIAL_LOOKAHEAD_MS + 100))
    expect(indexFiles(beforeStart)).toEqual([])
    actions.dispose()
  })
})

describe('the record of a search (src/voice/context/README.md "The record tag")', () => {
  it('tags an answer with the number of results and the query; the report reads a search that found nothing', async () => {
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, importModule: importFromDisk })
    const call = { id: 'call_s', name: 'search_site' }
    const asked = async (query: string) => {
      const outcome = await s.search(query)
      if (!outcome.ok) throw new Error(outcome.error)
      const text = formatSearchResults(outcome)
      return searchResultMessage({ found: true, text, hits: outcome.results.length, query }, call).message.content
    }
    const nothing = await asked('careers')
    expect(parseRecord(nothing)).toMatchObject({
      kind: 'search',
      attrs: { tool: 'search_site', outcome: 'done', hits: '0', query: 'careers' },
    })
    const found = await asked('how long do refunds take')
    const hits = Number(parseRecord(found)!.attrs['hits'])
    expect(hits).toBeGreaterThan(0)
    expect(hits).toBe((parseRecord(found)!.body.match(/\\n\d+\. /g) ?? []).length)
    const facts = (content: string) =>
      conversationFacts([
        { role: 'user', text: 'what about careers?' },
        { role: 'system', text: content },
      ]).questions[0]!.unanswered
    expect(facts(nothing)).toBe('search-found-nothing')
    expect(facts(found)).toBeUndefined()
    // The same answer from a widget before the tag (no `[voiceos/1 …]` line) is read by its words.
    expect(facts(parseRecord(nothing)!.body)).toBe('search-found-nothing')
    expect(facts(parseRecord(found)!.body)).toBeUndefined()
  })

  it('a search_site tool call is answered through the session with that tag (no index here: refused, no hits)', async () => {
    const sent: VapiClientMessage[] = []
    const actions = createSessionActions({
      notify: () => {},
      doc: document,
      send: (m) => (sent.push(m), true),
      pageContext: false,
      onCommand: () => {},
      isHidden: () => false,
      logger: { info() {}, warn() {}, error() {} },
      siteIndex: '',
    })
    actions.runToolCalls({
      type: 'tool-calls',
      toolCallList: [
        { id: 'call_q', type: 'function', function: { name: 'search_site', arguments: '{"query":"refunds"}' } },
      ],
    })
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    const m = sent[0]!
    const record = m.type === 'add-message' ? parseRecord(m.message.content) : null
    expect(record).toMatchObject({
      kind: 'search',
      attrs: { tool: 'search_site', outcome: 'refused', query: 'refunds' },
    })
    expect(record!.attrs['hits']).toBeUndefined()
    expect(JSON.parse(record!.body.slice('COMMAND RESULT '.length))).toMatchObject({
      toolCallId: 'call_q',
      error: expect.stringContaining('no search index'),
    })
    actions.dispose()
  })
})

describe('open_page', () => {
  it('opens a path of the site, refuses other origins, other schemes and paths that are not there', async () => {
    const found = new Set(['/help/refunds'])
    expect(await checkPage('/help/refunds#timing', { foundPaths: found })).toEqual({
      ok: true,
      url: `${origin}/help/refunds#timing`,
      path: '/help/refunds#timing',
    })
    // not found by a search, not linked here: the site answers whether it exists
    expect(await checkPage('/account/password')).toMatchObject({ ok: true, path: '/account/password' })
    expect(await checkPage('/no/such/page')).toMatchObject({
      ok: false,
      error: expect.stringContaining('no page /no/such/page'),
    })
    expect(await checkPage('https://evil.example/login')).toMatchObject({
      ok: false,
      error: expect.stringContaining('another website'),
    })
    expect(await checkPage('javascript:alert(1)')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not other kinds'),
    })
    expect(await checkPage('data:text/html,hi')).toMatchObject({ ok: false })
    expect(await checkPage('')).toMatchObject({ ok: false })
    expect(await checkPage('/contact')).toMatchObject({ ok: false, error: expect.stringContaining('already on') })
  })
})
