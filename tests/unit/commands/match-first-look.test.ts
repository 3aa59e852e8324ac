/**
 * The matcher's first look (src/voice/commands/match.ts `Matcher.mayMatch`) on printable ASCII names, against its
 * definition written out here: a name may match when it holds every word of the query, or when every word of it
 * (each `[a-z0-9]+` run of the lower-cased name) is a word of the query and it has one. Thousands of generated names
 * — the query's words in any case, words that start or end like them, digits, punctuation, tabs and line breaks.
 * The queries have no filler words, so "every word of the query" is every word `normalizeText` gives.
 */
import { describe, expect, it } from 'vitest'
import { createMatcher, normalizeText } from '../../../src/voice/commands/match'

/** The definition, for a printable ASCII name. */
function mayMatchByDefinition(name: string, query: string): boolean {
  const words = normalizeText(query).split(' ').filter(Boolean)
  if (words.length === 0 || !name) return false
  const lower = name.toLowerCase()
  if (words.every((w) => lower.includes(w))) return true
  const runs = lower.match(/[a-z0-9]+/g) ?? []
  return runs.length > 0 && runs.every((r) => words.includes(r))
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const QUERIES = ['Darjeeling cart', 'estate tea 7', 'weekly notes', 'x', 'car cart carts', '2 for 1', 'assam']
const PIECES = [
  'darjeeling',
  'Darjeeling',
  'DARJEELING',
  'cart',
  'Cart',
  'carts',
  'car',
  'ca',
  'estate',
  'tea',
  'Tea',
  'teas',
  '7',
  '77',
  'weekly',
  'notes',
  'note',
  'x',
  'X',
  'xx',
  '2',
  'for',
  '1',
  'assam',
  'Assam',
  'add',
  'the',
  'details',
  'of',
  ' ',
  '  ',
  '-',
  ',',
  '.',
  '!',
  '\t',
  '\n',
  '(',
  ')',
  '&',
  '',
]

describe("the matcher's first look on ASCII names", () => {
  it('agrees with its definition on generated names', () => {
    const next = random(47)
    let agreed = 0
    for (const query of QUERIES) {
      const matcher = createMatcher(query)
      for (let i = 0; i < 3000; i++) {
        const n = 1 + Math.floor(next() * 7)
        let name = ''
        for (let k = 0; k < n; k++) name += PIECES[Math.floor(next() * PIECES.length)]!
        const expected = mayMatchByDefinition(name, query)
        if (matcher.mayMatch(name) !== expected)
          expect({ query, name, mayMatch: !expected }).toEqual({ query, name, mayMatch: expected })
        agreed++
      }
    }
    expect(agreed).toBe(QUERIES.length * 3000)
  })

  it('lets through names made of the query words only, and no name with another word', () => {
    const matcher = createMatcher('car cart carts')
    expect(matcher.mayMatch('Cart')).toBe(true)
    expect(matcher.mayMatch('  car, CARTS!  ')).toBe(true)
    expect(matcher.mayMatch('cart cartoon')).toBe(false)
    expect(matcher.mayMatch('ca rt')).toBe(false)
    expect(matcher.mayMatch('--')).toBe(false)
    expect(createMatcher('2 for 1').mayMatch('1 for 2')).toBe(true)
    expect(createMatcher('2 for 1').mayMatch('21')).toBe(false)
  })
})
