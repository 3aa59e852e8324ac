// @vitest-environment happy-dom
/**
 * `search_site` and `open_page` against a real index: pages built by the indexer (extraction and shards) and
 * served by a local HTTP server, searched by the page's own search (its shards fetched from that server).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
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
import { packFile, shardKey, termOf, type IndexManifest } from '../../../src/voice/search/terms'
import { searchResultMessage } from '../../../src/voice/context/report'
import { parseRecord } from '../../../src/voice/context/record'
import { createSessionActions } from '../../../src/voice/session/actions'
import { createVoiceSession } from '../../../src/voice/session/session'
import { ScriptedVoiceEngine } from '../../../src/voice/session/scriptedEngine'
import { createSessionId } from '../../../src/voice/session/sessionId'
import type { VapiClientMessage } from '../../../src/voice/engine/messages'
import { conversationFacts } from '../../../scripts/report/facts'

/** Rankings made by the page's search (src/voice/search/ranking.ts `rankPages`, counted; the real one runs). */
const rankings = vi.hoisted(() => ({ made: 0 }))
vi.mock('../../../src/voice/search/ranking', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/voice/search/ranking')>()
  return {
    ...real,
    rankPages: (...args: Parameters<typeof real.rankPages>) => (rankings.made++, real.rankPages(...args)),
  }
})

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
  out = await mkdtemp(join(tmpdir(), 'voiceos-search-'))
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
    // One shard key a pack, so each word's file is its own (a site's packs hold many keys, up to PACK_BYTES).
    '--pack-kb',
    '0.001',
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

/** The published pack a word's term lives in, as the page requests it. */
const shardPath = (word: string) => {
  const m = JSON.parse(readFileSync(join(out, 'voiceos-index.json'), 'utf8')) as IndexManifest
  return `/site-index/${m.shards}${packFile(shardKey(termOf(word), new Set(m.split)), m.packs)}`
}

/**
 * A page's fetch, as a page that has loaded nothing of the index (the page's indexes are kept by fetch function):
 * records the index files it asks for; `hold` may delay or refuse a request.
 */
const pageFetch = (hold?: (path: string) => Promise<Response | void>) => {
  const asked: string[] = []
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname
    asked.push(path)
    const instead = await hold?.(path)
    return instead ?? globalThis.fetch(input, init)
  }) as typeof fetch
  return { fetch: f, asked, shards: () => asked.filter((p) => p.startsWith('/site-index/t/')) }
}

describe('search_site', () => {
  it('fetches nothing of the index before the first search', () => {
    createSiteSearch({ indexUrl: '/site-index/', origin })
    expect(fetched.filter((p) => p.startsWith('/site-index/'))).toEqual([])
  })

  it('finds the page and section that answer a question on another page, with its anchor and a short excerpt', async () => {
    const s = createSiteSearch({ indexUrl: '/site-index/', origin })
    const refunds = await s.search('how long do refunds take')
    expect(refunds).toMatchObject({ ok: true })
    if (!refunds.ok) return
    expect(refunds.results.length).toBeGreaterThan(0)
    expect(refunds.results.length).toBeLessThanOrEqual(SEARCH_MAX_RESULTS)
    expect(refunds.results[0]).toMatchObject({ path: '/help/refunds#timing', lang: 'en' })
    expect(refunds.results[0]!.title).toBe('Refund policy › When refunds arrive')
    expect(refunds.results[0]!.excerpt).toContain('14 working days')
    expect(refunds.results.every((r) => r.excerpt.length <= 300 && !r.excerpt.includes('<'))).toBe(true)
    const pune = await s.search('do you deliver to Pune')
    expect(pune.ok && pune.results[0]!.path).toBe('/help/delivery#cities')
    expect(s.foundPaths.has('/help/delivery')).toBe(true)
    // footer text was never indexed: "careers" is in every page's footer only
    const careers = await s.search('careers')
    expect(careers.ok && careers.results).toEqual([])
    expect(careers.ok && formatSearchResults(careers)).toContain('no page of this site answers this')
    const text = refunds.ok ? formatSearchResults(refunds) : ''
    expect(text).toMatch(/^SEARCH RESULTS for "how long do refunds take"/)
    expect(text).toContain('(/help/refunds#timing)')
  })

  it('a page found word by word links the section holding most of the words, not the one where the first is most frequent', async () => {
    const s = createSiteSearch({ indexUrl: '/site-index/', origin })
    // "sparkle" is on no page, so no page holds every word ("gift" is most frequent in the Buying section, "card"
    // and "balance" are in the Card balance section).
    const found = await s.search('what is the balance of my gift card sparkle')
    expect(found.ok && found.results[0]).toMatchObject({ path: '/gift-cards#balance' })
    expect(found.ok && found.results[0]!.excerpt).toMatch(/balance|card/i)
  })

  it('a word matches the longer words it starts ("deliver" finds "delivery"), and a page holding more of the words ranks first', async () => {
    const s = createSiteSearch({ indexUrl: '/site-index/', origin })
    const costs = await s.search('deliver costs')
    expect(costs.ok && costs.results[0]!.path).toBe('/help/delivery#costs')
    const password = await s.search('forgot my password')
    expect(password.ok && password.results.map((r) => r.path.split('#')[0])).toEqual(['/account/password'])
  })

  it("warm loads the manifest only, once per page; the visitor's words fetch their shards ahead, and the search of them fetches nothing", async () => {
    const page = pageFetch()
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, fetch: page.fetch })
    await s.anticipate('do you deliver to Pune?') // before warm: nothing
    expect(page.asked).toEqual([])
    await s.warm()
    expect(page.asked).toEqual(['/site-index/voiceos-index.json'])
    // The visitor's final words: the shards of "deliver" and "pune", one request each.
    await s.anticipate('do you deliver to Pune?')
    expect(page.shards().sort()).toEqual([shardPath('deliver'), shardPath('pune')].sort())
    // The assistant's search of the same question fetches nothing more.
    const asked = page.asked.length
    const pune = await s.search('deliver to Pune')
    expect(pune.ok && pune.results[0]!.path).toBe('/help/delivery#cities')
    expect(page.asked.length).toBe(asked)
    // A later session of the same page (a new call) reuses the loaded index: no manifest again, no shard again.
    const again = createSiteSearch({ indexUrl: '/site-index/', origin, fetch: page.fetch })
    await again.warm()
    const second = await again.search('deliver to Pune')
    expect(second.ok && second.results[0]!.path).toBe('/help/delivery#cities')
    expect(page.asked.length).toBe(asked)
    // A word of no page: its pack has no shard of its key, which is no result, not a failure.
    const none = await again.search('xylophones')
    expect(none).toMatchObject({ ok: true, results: [] })
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
    // A query of its own: the index as this page has not loaded it yet (the page keeps a loaded index by its URL).
    const published = actionsWith('/site-index/?warm-at-start')
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
    // An index an older version built (Pagefind's, manifest v1): to be built again.
    const old = pageFetch(async (path) =>
      path.endsWith('/voiceos-index.json')
        ? new Response(JSON.stringify({ v: 1, origin, builtAt: '2026-11-01T00:00:00Z', pages: 7, languages: ['en'] }), {
            headers: { 'content-type': 'application/json' },
          })
        : undefined,
    )
    const older = await createSiteSearch({ indexUrl: '/site-index/', origin, fetch: old.fetch }).search('refunds')
    expect(older).toMatchObject({ ok: false, error: expect.stringContaining('npx voiceos index') })
    // Format 3 (one shard file per key, no packs): to be built again too, and none of its shards is asked for.
    const v3 = { v: 3, origin, builtAt: '2026-11-01T00:00:00Z', pages: 7, languages: ['en'], split: [] }
    const three = pageFetch(async (path) =>
      path.endsWith('/voiceos-index.json')
        ? new Response(JSON.stringify({ ...v3, shards: 't/0123456789ab/' }), {
            headers: { 'content-type': 'application/json' },
          })
        : undefined,
    )
    const third = await createSiteSearch({ indexUrl: '/site-index/', origin, fetch: three.fetch }).search('refunds')
    expect(third).toMatchObject({ ok: false, error: expect.stringContaining('npx voiceos index') })
    expect(three.shards()).toEqual([])
  })

  it('a copy of the site served elsewhere (a preview) uses the index built for the origin its canonical links name', async () => {
    const preview = 'http://127.0.0.1:9'
    const link = document.createElement('link')
    link.rel = 'canonical'
    link.href = `${origin}/contact`
    document.head.append(link)
    try {
      // Read from the page's own <link rel="canonical">.
      const copy = await createSiteSearch({ indexUrl: `${origin}/site-index/`, origin: preview }).search('refunds')
      expect(copy).toMatchObject({ ok: true, results: expect.arrayContaining([expect.anything()]) })
    } finally {
      link.remove()
    }
    // A page whose canonical origin is another site's still refuses the index.
    const stranger = await createSiteSearch({
      indexUrl: `${origin}/site-index/`,
      origin: preview,
      canonicalOrigin: 'https://shop.example',
    }).search('refunds')
    expect(stranger).toMatchObject({ ok: false, error: expect.stringContaining(`built for ${origin}`) })
  })

  it('a shard that cannot be fetched is an answer in words, and the next search asks for it again', async () => {
    let refuse = true
    const page = pageFetch(async (path) =>
      refuse && path.startsWith('/site-index/t/') ? new Response('busy', { status: 503 }) : undefined,
    )
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, fetch: page.fetch })
    const first = await s.search('refunds')
    expect(first).toMatchObject({ ok: false, error: expect.stringContaining('could not be read right now') })
    refuse = false
    const second = await s.search('refunds')
    expect(second.ok && second.results[0]!.path).toMatch(/^\/help\/refunds/)
    expect(page.shards().filter((p) => p === shardPath('refunds'))).toHaveLength(2)
  })
})

describe('the look-ahead while the visitor speaks (partial transcripts)', () => {
  const indexFiles = (from: number) => fetched.slice(from).filter((p) => p.startsWith('/site-index/'))
  it('fetches the shards of the topic words as they are heard, once each; the search of them fetches nothing', async () => {
    const page = pageFetch()
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, fetch: page.fetch })
    await s.anticipate('do you deliver', { partial: true }) // before the conversation's start: nothing
    expect(page.asked).toEqual([])
    await s.warm()
    // Stop words only so far: nothing fetched.
    await s.anticipate('do you', { partial: true })
    expect(page.shards()).toEqual([])
    // The first topic word: its shard, before any final transcript.
    await s.anticipate('do you deliver', { partial: true })
    expect(page.shards()).toEqual([shardPath('deliver')])
    // The next words: only the new one is fetched.
    await s.anticipate('do you deliver to Pune', { partial: true })
    expect(page.shards()).toEqual([shardPath('deliver'), shardPath('pune')])
    // The final words fetch nothing new; the assistant's search of them fetches nothing and finds the page.
    await s.anticipate('Do you deliver to Pune?')
    const pune = await s.search('deliver to Pune')
    expect(pune.ok && pune.results[0]!.path).toBe('/help/delivery#cities')
    expect(page.shards()).toEqual([shardPath('deliver'), shardPath('pune')])
  })

  it('takes partials that come close together as the latest one (a revised word is never fetched)', async () => {
    const page = pageFetch()
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, fetch: page.fetch })
    await s.warm()
    const t0 = performance.now()
    await Promise.all([
      s.anticipate('how long do refunds tick', { partial: true }),
      s.anticipate('how long do refunds take', { partial: true }),
    ])
    expect(performance.now() - t0).toBeGreaterThanOrEqual(PARTIAL_LOOKAHEAD_MS - 5)
    expect(page.shards().sort()).toEqual([shardPath('long'), shardPath('refunds')].sort())
    expect(page.shards()).not.toContain(shardPath('tick'))
    // A final transcript is taken at once, superseding a partial still waiting.
    const waiting = s.anticipate('how long do refunds take to arrive', { partial: true })
    await s.anticipate('How long do refunds take to reach my card?')
    await waiting
    expect(page.shards().slice(2).sort()).toEqual([shardPath('reach'), shardPath('card')].sort())
    expect(page.shards()).not.toContain(shardPath('arrive'))
  })

  it('keeps at most LOOKAHEAD_CONCURRENCY requests in flight, and a search of the same words fetches nothing more', async () => {
    let inFlight = 0
    let most = 0
    const release: (() => void)[] = []
    const page = pageFetch((path) => {
      if (!path.startsWith('/site-index/t/')) return Promise.resolve()
      inFlight++
      most = Math.max(most, inFlight)
      return new Promise<void>((ok) => release.push(() => (inFlight--, ok())))
    })
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, fetch: page.fetch })
    await s.warm()
    const words = 'tables chairs lamps rugs beds desks shelves'
    const ahead = s.anticipate(`do you sell ${words}`)
    await vi.waitFor(() => expect(release.length).toBe(LOOKAHEAD_CONCURRENCY))
    // Requests are let go one at a time until the look-ahead is done (not until none is held: the next ones start
    // only when a released one's response has arrived, which a loaded machine may take longer than a turn to bring).
    let done = false
    void ahead.then(() => (done = true))
    while (!done) {
      release.shift()?.()
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(inFlight).toBe(0)
    expect(most).toBe(LOOKAHEAD_CONCURRENCY)
    const asked = page.asked.length
    // The packs of sell and the seven, each once (a word no page holds asks for the pack its key would be in).
    const packs = new Set(['sell', ...words.split(' ')].map(shardPath))
    expect(packs.size).toBeGreaterThan(LOOKAHEAD_CONCURRENCY)
    expect(page.shards().sort()).toEqual([...packs].sort())
    const found = await s.search(`sell ${words}`)
    expect(found.ok && found.results[0]!.path).toBe('/#intro') // the home page's section on tables and chairs
    expect(page.asked.length).toBe(asked)
  })

  it("a search arriving while the look-ahead still ranks the visitor's final words shares that ranking", async () => {
    const release: (() => void)[] = []
    const page = pageFetch((path) =>
      path.startsWith('/site-index/t/') ? new Promise<void>((ok) => release.push(ok)) : Promise.resolve(),
    )
    const s = createSiteSearch({ indexUrl: '/site-index/', origin, fetch: page.fetch })
    await s.warm()
    const before = rankings.made
    const ahead = s.anticipate('when do refunds reach my card')
    await vi.waitFor(() => expect(release.length).toBeGreaterThan(0))
    const found = s.search('when do refunds reach my card')
    // Requests are let go until both are done (a released request's response may come after the next turn).
    let done = false
    void Promise.all([ahead, found]).then(() => (done = true))
    while (!done) {
      release.shift()?.()
      await new Promise((r) => setTimeout(r, 5))
    }
    const result = await found
    expect(result.ok && result.results[0]!.path).toBe('/help/refunds#timing')
    expect(rankings.made - before).toBe(1)
  })

  it("a voice session starts loading the index at call-start (Listening), not during the call's set-up, never before, only with an index", async () => {
    const manifests = (from: number) => fetched.slice(from).filter((p) => p === '/site-index/voiceos-index.json')
    // The platform's call-start comes 300 ms after the press (the set-up: the request, the room, the microphone).
    const sessionWith = (siteIndex: string | undefined) =>
      createVoiceSession({
        engine: new ScriptedVoiceEngine({ script: [{ at: 300, event: 'call-start', args: [] }] }),
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
    const withIndex = sessionWith('/site-index/?load-at-call-start') // as a page that has not loaded the index
    await new Promise((r) => setTimeout(r, 100))
    expect(manifests(from)).toEqual([]) // created (the widget on the page), not pressed: nothing
    await without.start()
    await new Promise((r) => setTimeout(r, 100))
    expect(manifests(from)).toEqual([])
    await withIndex.start() // the press: the call is being set up
    await new Promise((r) => setTimeout(r, 150))
    expect(manifests(from)).toEqual([])
    await vi.waitFor(() => expect(manifests(from)).toHaveLength(1)) // call-start (Listening)
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
    const failing = pageFetch(async (path) =>
      path.startsWith('/site-index/t/') ? Promise.reject(new TypeError('network')) : undefined,
    )
    const broken = createSiteSearch({ indexUrl: '/site-index/', origin, fetch: failing.fetch })
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
    const s = createSiteSearch({ indexUrl: '/site-index/', origin })
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
