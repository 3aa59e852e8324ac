/**
 * The site search's ranking (src/voice/search/ranking.ts) on shards written by hand in the index's format
 * (src/voice/search/terms.ts): which pages come first for a question's terms, and when no page answers.
 */
import { describe, expect, it } from 'vitest'
import {
  isSentence,
  nameTermsOf,
  queryTerms,
  rankPages,
  RELEVANCE_FLOOR,
  searchShards,
} from '../../../src/voice/search/ranking'
import { pageTableFile, type Shard, type ShardPage } from '../../../src/voice/search/terms'

/** A page of the hand-made index: its id, path and whether it is a listing. */
type Page = { id: number; path: string; listing?: boolean }

/**
 * One shard per term: `[df, [page, section, score][]]`; every posting's page carries a hit (its excerpt names the
 * term and the section).
 */
const shardsOf = (terms: Record<string, [number, [Page, number, number][]]>) =>
  new Map<string, Shard>(
    Object.entries(terms).map(([term, [df, postings]]) => {
      const pages: ShardPage[] = []
      const flat: number[] = []
      let last = 0
      for (const [page, section, score] of [...postings].sort((a, b) => a[0].id - b[0].id || a[1] - b[1])) {
        flat.push(page.id - last, section, Math.round(score * 100))
        last = page.id
      }
      const hits = postings.map(([page, section]) => {
        let i = pages.findIndex((p) => p[0] === page.id)
        if (i < 0) i = pages.push([page.id, page.path.slice(1) || 'Home', page.path, 'en', page.listing ? 1 : 0]) - 1
        return [
          i,
          section,
          `Section ${section}`,
          `s${section}`,
          `excerpt ${term} in section ${section}`,
        ] as Shard['terms'][string][2][number]
      })
      return [term, { pages, terms: { [term]: [df, flat, hits] } }]
    }),
  )

const refunds: Page = { id: 1, path: '/help/refunds' }
const about: Page = { id: 2, path: '/about' }
const printing: Page = { id: 3, path: '/services/printing' }
const prices: Page = { id: 4, path: '/prices' }
const index: Page = { id: 5, path: '/genindex', listing: true }

describe('rankPages', () => {
  it('a page is scored by its best section: words together in one section beat the same words apart', () => {
    const shards = shardsOf({
      print: [
        2,
        [
          [printing, 2, 1.5],
          [prices, 0, 1.5],
        ],
      ],
      colour: [
        2,
        [
          [printing, 2, 1.2],
          [prices, 4, 1.2],
        ],
      ],
      cost: [
        2,
        [
          [printing, 2, 1.0],
          [prices, 6, 1.0],
        ],
      ],
    })
    const { results, noMatch } = rankPages(['print', 'colour', 'cost'], shards, 20)
    expect(noMatch).toBe(false)
    expect(results.map((r) => r.path)).toEqual(['/services/printing', '/prices'])
    // The result names the section holding the words, with its anchor and excerpt.
    expect(results[0]).toMatchObject({ heading: 'Section 2', anchor: 's2', terms: 3 })
  })

  it("a rare topic word outweighs common question words (BM25's idf is in each score)", () => {
    const shards = shardsOf({
      refund: [1, [[refunds, 0, 4.0]]],
      long: [15, [[about, 0, 0.4]]],
      take: [18, [[about, 1, 0.3]]],
    })
    const { results } = rankPages(['refund', 'long', 'take'], shards, 20)
    expect(results[0]!.path).toBe('/help/refunds')
  })

  it('a generated listing page ranks after every other page that matches, and alone only when nothing else does', () => {
    const shards = shardsOf({
      sessions: [
        2,
        [
          [index, 0, 9.0],
          [refunds, 3, 1.0],
        ],
      ],
    })
    expect(rankPages(['sessions'], shards, 20).results.map((r) => r.path)).toEqual(['/help/refunds', '/genindex'])
    const only = shardsOf({ sessions: [1, [[index, 0, 9.0]]] })
    expect(rankPages(['sessions'], only, 20).results.map((r) => r.path)).toEqual(['/genindex'])
  })

  it("a page titled with the question's words comes first, unless another holds them far more (TITLE_BONUS)", () => {
    const guide: Page = { id: 6, path: '/guide' }
    const ranked = (guideScore: number) =>
      rankPages(
        ['refund'],
        shardsOf({
          refund: [
            2,
            [
              [guide, -1, guideScore],
              [refunds, -1, 2.5],
            ],
          ],
        }),
        50,
      ).results.map((r) => r.path)
    // The page titled "help/refunds" (its path here) gains 0.3 of the first page's score: 2.5 + 0.9 > 3.
    expect(ranked(3)).toEqual(['/help/refunds', '/guide'])
    // 2.5 + 1.5 < 5: a page that holds the words far more stays first.
    expect(ranked(5)).toEqual(['/guide', '/help/refunds'])
  })

  it('says no page answers when the best page holds less of the question than the relevance floor', () => {
    // "what time does your store open on sundays" on a site that never names a store or Sundays.
    const terms = queryTerms('What time does your store open on Sundays?')
    expect(terms).toEqual(['time', 'store', 'open', 'sundai'])
    const shards = shardsOf({ time: [300, [[about, 0, 0.2]]], open: [250, [[about, 0, 0.2]]] })
    const outcome = rankPages(terms, shards, 500)
    expect(outcome.coverage).toBeLessThan(RELEVANCE_FLOOR)
    expect(outcome).toMatchObject({ noMatch: true, results: [] })
    // The same words where the site does name them are answered.
    const named = shardsOf({
      time: [300, [[about, 0, 0.2]]],
      store: [3, [[about, 0, 3.0]]],
      open: [250, [[about, 0, 0.2]]],
      sundai: [2, [[about, 0, 3.2]]],
    })
    expect(rankPages(terms, named, 500)).toMatchObject({ noMatch: false, results: [{ path: '/about' }] })
  })

  it('reads the floor on every page the results list: a first page ahead by common words does not silence the page on the topic', () => {
    // "Something broke since last month's release: how do I track down the change that caused it?" The release notes
    // use the common words often and come first; the page on finding the breaking change holds most of the question.
    const notes: Page = { id: 7, path: '/release-notes' }
    const bisect: Page = { id: 8, path: '/bisect' }
    const terms = ['broke', 'month', 'releas', 'track', 'chang', 'caus']
    const common = { releas: 40, track: 60, chang: 120 }
    const onNotes = (score: number): [Page, number, number] => [notes, 0, score]
    const shards = shardsOf({
      broke: [2, [[bisect, 0, 1.5]]],
      // "month": on 3 pages of the site, neither of these.
      month: [3, []],
      releas: [common.releas, [onNotes(3.0)]],
      track: [common.track, [onNotes(2.5), [bisect, 0, 1.0]]],
      chang: [common.chang, [onNotes(2.5), [bisect, 0, 0.5]]],
      caus: [50, [[bisect, 0, 1.0]]],
    })
    const outcome = rankPages(terms, shards, 240, { sentence: true })
    expect(outcome.results.map((r) => r.path)).toEqual(['/release-notes', '/bisect'])
    expect(outcome.noMatch).toBe(false)
    // The floor reads the results' best: the topic page's share, not the first page's.
    expect(outcome.coverage).toBeGreaterThanOrEqual(RELEVANCE_FLOOR)
    // With only the release notes, which hold the common words alone, no page answers.
    const notesOnly = shardsOf({
      releas: [common.releas, [onNotes(3.0)]],
      track: [common.track, [onNotes(2.5)]],
      chang: [common.chang, [onNotes(2.5)]],
    })
    const alone = rankPages(terms, notesOnly, 240, { sentence: true })
    expect(alone.coverage).toBeLessThan(RELEVANCE_FLOOR)
    expect(alone).toMatchObject({ noMatch: true, results: [] })
  })

  it("a topic's words only on pages or sections apart answer nothing; asked as a sentence, or with the title's words, they do", () => {
    // "two-factor authentication account" on a site that has accounts and authentication, never together.
    const terms = queryTerms('two-factor authentication account')
    expect(terms).toEqual(['two', 'factor', 'authent', 'account'])
    const apart = shardsOf({
      two: [40, [[about, 1, 0.5]]],
      factor: [10, [[about, 1, 1.2]]],
      authent: [8, [[about, 3, 1.4]]],
      account: [9, [[about, 6, 1.3]]],
    })
    const topic = rankPages(terms, apart, 200)
    expect(topic.coverage).toBe(1)
    expect(topic.sectionCoverage).toBeLessThan(0.6)
    expect(topic).toMatchObject({ noMatch: true, results: [] })
    // The same words in a visitor's sentence (which says more than its topic) are answered from the page.
    expect(rankPages(terms, apart, 200, { sentence: true })).toMatchObject({
      noMatch: false,
      results: [{ path: '/about' }],
    })
    // Together in one section, the topic is answered.
    const together = shardsOf({
      two: [40, [[about, 3, 0.5]]],
      factor: [10, [[about, 3, 1.2]]],
      authent: [8, [[about, 3, 1.4]]],
      account: [9, [[about, 6, 1.3]]],
    })
    expect(rankPages(terms, together, 200).noMatch).toBe(false)
    // A word of the page's title stands in each of its sections ("account" is the title of /account).
    const account: Page = { id: 7, path: '/account' }
    const sections = (page: Page) => shardsOf({ authent: [8, [[page, 5, 1.4]]], account: [9, [[page, 0, 1.3]]] })
    expect(rankPages(['authent', 'account'], sections(about), 200).noMatch).toBe(true)
    expect(rankPages(['authent', 'account'], sections(account), 200)).toMatchObject({
      noMatch: false,
      results: [{ path: '/account' }],
    })
  })

  it('says no page answers when the question names something no page holds', () => {
    const asked = 'How do I deploy to Heroku with one click?'
    expect(nameTermsOf(asked)).toEqual(['heroku'])
    expect(isSentence(asked)).toBe(true)
    const terms = queryTerms(asked)
    const site: Record<string, [number, [Page, number, number][]]> = {
      deploi: [5, [[about, 2, 2.5]]],
      on: [60, [[about, 2, 0.3]]],
      click: [30, [[about, 2, 0.8]]],
    }
    const names = new Set(nameTermsOf(asked))
    const without = rankPages(terms, shardsOf({ ...site }), 200, { names, sentence: true })
    expect(without.coverage).toBeGreaterThanOrEqual(RELEVANCE_FLOOR)
    expect(without).toMatchObject({ noMatch: true, results: [] })
    const named = shardsOf({ ...site, heroku: [1, [[about, 2, 3.0]]] })
    expect(rankPages(terms, named, 200, { names, sentence: true }).noMatch).toBe(false)
    // Names: capitalised past a sentence's start, or with a capital inside; sentence starts and caseless scripts are not.
    expect(nameTermsOf('Redis cache backend. Use GraphQL with my iPhone?')).toEqual(['graphql', 'iphon'])
    expect(nameTermsOf('Where is the Help page? Open it')).toEqual(['help'])
    expect(nameTermsOf('रिफंड कब मिलेगा')).toEqual([])
    // The assistant's topic words are not a sentence; a visitor's question is.
    expect(isSentence('refund policy digital orders')).toBe(false)
    expect(isSentence("what's your refund policy")).toBe(true)
  })

  it('a page no fetched shard names is reported missing, then named by its page-table entry', async () => {
    // /prices ranks first by its postings, but only /about is among the word's best pages (it carries the hit).
    const shards = new Map<string, Shard>([
      [
        'price',
        {
          pages: [[about.id, 'about', about.path, 'en', 0]],
          terms: { price: [2, [about.id, 0, 100, prices.id - about.id, 0, 500], [[0, 0, '', '', 'about prices']]] },
        },
      ],
    ])
    const first = rankPages(['price'], shards, 20)
    expect(first.missing).toEqual([prices.id])
    expect(first.results.map((r) => r.path)).toEqual(['/about'])
    const files: string[] = []
    const outcome = await searchShards(
      'price',
      async (t) => shards.get(t) ?? null,
      { pages: 20 },
      0,
      async (file) => {
        files.push(file)
        return [[prices.id, 'Prices', prices.path, 'en', 0, 'Our prices, from 5 euros a month.']]
      },
    )
    expect(files).toEqual([pageTableFile(prices.id)])
    expect(outcome.results.map((r) => [r.path, r.excerpt])).toEqual([
      ['/prices', 'Our prices, from 5 euros a month.'],
      ['/about', 'about prices'],
    ])
    expect(outcome.missing).toEqual([])
  })

  it('a word matches the longer terms it starts by a short ending, weighed less than itself', () => {
    const shards = new Map<string, Shard>([
      [
        'deliv',
        {
          pages: [
            [1, 'Delivery', '/delivery', 'en', 0],
            [2, 'Deliverance', '/film', 'en', 0],
          ],
          terms: {
            deliveri: [1, [1, 0, 300], [[0, 0, '', '', 'delivery']]],
            deliverance: [1, [2, 0, 300], [[1, 0, '', '', 'deliverance']]],
          },
        },
      ],
    ])
    expect(rankPages(['deliv'], shards, 10).results.map((r) => r.path)).toEqual(['/delivery'])
  })
})
