/**
 * The site search's ranking (src/voice/search/ranking.ts) on shards written by hand in the index's format
 * (src/voice/search/terms.ts): which pages come first for a question's terms.
 */
import { describe, expect, it } from 'vitest'
import { queryTerms, rankPages } from '../../../src/voice/search/ranking'
import { termSignature, type Shard } from '../../../src/voice/search/terms'

/** One shard per term: `[df, [page path, score, the page's other terms][]]`. */
const shardsOf = (terms: Record<string, [number, [string, number, string[]][]]>) =>
  new Map<string, Shard>(
    Object.entries(terms).map(([term, [df, hits]]) => [
      term,
      {
        pages: hits.map(([path, , others]) => [path.slice(1) || 'Home', path, 'hi', termSignature([term, ...others])]),
        terms: { [term]: [df, hits.map(([, score], i) => [i, score, '', '', `excerpt ${term}`])] },
      },
    ]),
  )

describe('rankPages', () => {
  it("a word on most of the site's pages (Hindi's है, क्या) does not rank a page above one holding the topic word", () => {
    const terms = queryTerms('रिफंड क्या है')
    expect(terms).toEqual(['रिफंड', 'क्या', 'है'])
    const shards = shardsOf({
      रिफंड: [1, [['/help/refund', 2.5, []]]],
      क्या: [8, [['/about', 0.3, ['है']]]],
      है: [9, [['/about', 0.2, ['क्या']]]],
    })
    const ranked = rankPages(terms, shards, 10)
    expect(ranked.map((r) => r.path)).toEqual(['/help/refund', '/about'])
    // Between pages holding the same topic words, the common ones still count.
    const both = shardsOf({
      रिफंड: [
        2,
        [
          ['/help/refund', 2.5, []],
          ['/help/refund-policy', 2.4, ['है']],
        ],
      ],
      है: [9, [['/about', 0.2, []]]],
    })
    expect(rankPages(['रिफंड', 'है'], both, 10)[0]!.path).toBe('/help/refund-policy')
  })

  it('a page holding more of the topic words ranks first, its signature counting the words it was not best for', () => {
    const shards = shardsOf({
      print: [
        3,
        [
          ['/services/printing', 1.2, ['colour', 'cost']],
          ['/events', 2.0, []],
        ],
      ],
      colour: [2, [['/gallery', 1.9, []]]],
      cost: [4, [['/prices', 1.5, []]]],
    })
    const ranked = rankPages(['print', 'colour', 'cost'], shards, 20)
    expect(ranked[0]).toMatchObject({ path: '/services/printing', terms: 3 })
    expect(ranked).toHaveLength(4)
  })
})
