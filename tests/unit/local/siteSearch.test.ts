// @vitest-environment happy-dom
/**
 * "search for …" / "find …" in the local mode with a published site index: the engine asks the session's
 * `search_site` tool (as a call's assistant does), says the best page and opens it with `open_page`; with no
 * match it says so; without an index, or with one that cannot be used, it fills the page's own search field as
 * before. The session's answers are built with the session's own functions (src/voice/context/report.ts,
 * src/voice/search/siteSearch.ts), so the engine reads exactly what a session sends it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bestSearchResult } from '../../../src/voice/local/answers'
import { LocalVoiceEngine } from '../../../src/voice/local/engine'
import { readResultMessage, resultMessage } from '../../../src/voice/context/report'
import { formatSearchResults, type SiteSearchResult } from '../../../src/voice/search/siteSearch'
import { installSpeechStandIn, type SpeechControl } from '../../fixtures/speechStandIn'

interface ToolCall {
  id: string
  name: string
  args: Record<string, string>
}

async function start(options: { siteSearch?: boolean; lang?: string } = {}) {
  document.documentElement.lang = options.lang ?? 'en'
  const speech: SpeechControl = installSpeechStandIn({}, globalThis as unknown as Window)
  const engine = new LocalVoiceEngine({ lang: options.lang ?? 'en', ...options })
  const calls: ToolCall[] = []
  const answers: string[] = []
  engine.on('message', (m) => {
    const msg = m as {
      type: string
      role?: string
      transcriptType?: string
      transcript?: string
      toolCallList?: { id: string; function: { name: string; arguments: Record<string, string> } }[]
    }
    if (msg.type === 'tool-calls')
      for (const c of msg.toolCallList ?? [])
        calls.push({ id: c.id, name: c.function.name, args: c.function.arguments })
    if (msg.type === 'transcript' && msg.role === 'assistant' && msg.transcriptType === 'final')
      answers.push(msg.transcript!)
  })
  await engine.start()
  return { speech, engine, calls, answers }
}

const RESULTS: SiteSearchResult[] = [
  {
    title: 'Refund policy › When refunds arrive',
    path: '/help/refunds#timing',
    excerpt: 'Refunds reach your original card within 14 working days.',
    lang: 'en',
  },
  { title: 'Delivery', path: '/help/delivery', excerpt: 'We deliver to Pune.', lang: 'en' },
]
/** What the session sends back for a `search_site` call (src/voice/session/actions.ts). */
const searchAnswer = (call: ToolCall, results: SiteSearchResult[]) =>
  readResultMessage(
    { found: true, text: formatSearchResults({ ok: true, query: call.args['query']!, results }) },
    { id: call.id, name: call.name },
  )

afterEach(() => vi.unstubAllGlobals())

describe('local mode search with a site index', () => {
  it('"find …" searches the site, says the best page and opens it', async () => {
    const r = await start({ siteSearch: true })
    r.speech.say('find the refund policy')
    await vi.waitFor(() => expect(r.calls).toHaveLength(1))
    expect(r.calls[0]).toMatchObject({ name: 'search_site', args: { query: 'refund policy' } })
    r.engine.send(searchAnswer(r.calls[0]!, RESULTS))
    expect(r.answers.at(-1)).toBe('Found it on Refund policy, When refunds arrive. Opening it.')
    expect(r.calls[1]).toMatchObject({ name: 'open_page', args: { path: '/help/refunds#timing' } })
    expect(r.speech.spoken.at(-1)!.text).toBe(r.answers.at(-1))
    // The page opens (the session's result is "done: opening …"): nothing more is said here.
    const said = r.answers.length
    r.engine.send(
      resultMessage(
        { outcome: 'done', text: 'opening /help/refunds; the conversation continues there' },
        { id: r.calls[1]!.id, name: 'open_page' },
        'never',
      ),
    )
    expect(r.answers).toHaveLength(said)
    await r.engine.stop()
  })

  it('a question ("what does …", "do you …") searches the site with its words and opens the page that answers', async () => {
    const r = await start({ siteSearch: true })
    r.speech.say('Do you deliver to Pune?')
    await vi.waitFor(() => expect(r.calls).toHaveLength(1))
    expect(r.calls[0]).toMatchObject({ name: 'search_site', args: { query: 'deliver to Pune' } })
    r.engine.send(searchAnswer(r.calls[0]!, [RESULTS[1]!, RESULTS[0]!]))
    expect(r.answers.at(-1)).toBe('Found it on Delivery. Opening it.')
    expect(r.calls[1]).toMatchObject({ name: 'open_page', args: { path: '/help/delivery' } })
    await r.engine.stop()
  })

  it('says when nothing on the site matches', async () => {
    const r = await start({ siteSearch: true })
    r.speech.say('search for tractor tyres')
    await vi.waitFor(() => expect(r.calls).toHaveLength(1))
    r.engine.send(searchAnswer(r.calls[0]!, []))
    expect(r.answers.at(-1)).toBe('Nothing on this site matches “tractor tyres”')
    expect(r.calls).toHaveLength(1)
    await r.engine.stop()
  })

  it('an index that cannot be used falls back to the page search field', async () => {
    const r = await start({ siteSearch: true })
    r.speech.say('look for gift cards')
    await vi.waitFor(() => expect(r.calls).toHaveLength(1))
    r.engine.send(
      readResultMessage(
        { found: false, text: "the site's search index could not be loaded right now" },
        { id: r.calls[0]!.id, name: 'search_site' },
      ),
    )
    expect(r.calls[1]).toMatchObject({ name: 'fill', args: { fieldHint: 'search', value: 'gift cards' } })
    await r.engine.stop()
  })

  it('a refused open_page is said', async () => {
    const r = await start({ siteSearch: true })
    r.speech.say('find the refund policy')
    await vi.waitFor(() => expect(r.calls).toHaveLength(1))
    r.engine.send(searchAnswer(r.calls[0]!, RESULTS))
    r.engine.send(
      readResultMessage(
        { found: false, text: 'that page is not on this site' },
        { id: r.calls[1]!.id, name: 'open_page' },
      ),
    )
    expect(r.answers.at(-1)).toBe('I could not do that: that page is not on this site')
    await r.engine.stop()
  })

  it('in Hindi: "… खोजो" searches the site and the answer is Hindi', async () => {
    const r = await start({ siteSearch: true, lang: 'hi' })
    r.speech.say('रिफंड नीति खोजो')
    await vi.waitFor(() => expect(r.calls).toHaveLength(1))
    expect(r.calls[0]).toMatchObject({ name: 'search_site', args: { query: 'रिफंड नीति' } })
    r.engine.send(
      searchAnswer(r.calls[0]!, [{ title: 'रिफंड नीति', path: '/hi/refunds', excerpt: '14 दिन', lang: 'hi' }]),
    )
    expect(r.answers.at(-1)).toBe('यह रिफंड नीति पर मिला। वह पेज खोल रहा हूँ।')
    expect(r.calls[1]).toMatchObject({ name: 'open_page', args: { path: '/hi/refunds' } })
    await r.engine.stop()
  })
})

describe('local mode search without a site index', () => {
  it('fills the page search field, as before', async () => {
    const r = await start()
    r.speech.say('search for running shoes')
    await vi.waitFor(() => expect(r.calls).toHaveLength(1))
    expect(r.calls[0]).toMatchObject({ name: 'fill', args: { fieldHint: 'search', value: 'running shoes' } })
    await r.engine.stop()
  })
})

describe('bestSearchResult', () => {
  it("reads the first result's title and path from the search's text, and nothing from no match", () => {
    const text = formatSearchResults({ ok: true, query: 'q', results: [{ ...RESULTS[0]!, lang: 'hi' }, RESULTS[1]!] })
    expect(bestSearchResult(text)).toEqual({
      title: 'Refund policy › When refunds arrive',
      path: '/help/refunds#timing',
    })
    expect(bestSearchResult(formatSearchResults({ ok: true, query: 'q', results: [] }))).toBeNull()
  })
})
