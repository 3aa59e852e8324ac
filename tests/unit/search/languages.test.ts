/**
 * The site search's words by language (src/voice/search/languages.ts): Hindi, Nepali and Tamil pages are stemmed by
 * Snowball's stemmers, so a visitor's other form of a page's word finds it; Marathi, written in the same script as
 * Hindi, keeps its words whole on the same site; the stop words of stopwords-iso are neither indexed nor searched and
 * make a question a sentence. Pages are indexed from a folder by the real indexer and searched as the page searches.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopWordsOf } from '../../../scripts/search/generate-stop-words'
import { buildSiteIndex } from '../../../scripts/site-index/indexer'
import { openIndexFolder, type LocalIndex } from '../../../scripts/site-index/localSearch'
import { isSentence, queryForms } from '../../../src/voice/search/query'
import { STOP_WORDS_BY_LANGUAGE } from '../../../src/voice/search/stopWords'
import { prepareLanguages, termOf } from '../../../src/voice/search/terms'

const ORIGIN = 'https://shop.example'
/** Each page: its language and a sentence of it. */
const PAGES: Record<string, [lang: string, text: string]> = {
  'hi-books': ['hi', 'हमारी दुकान में सभी किताबें आधी कीमत पर मिलती हैं।'],
  'ta-shops': ['ta', 'எங்கள் கடை ஞாயிறு அன்று திறந்திருக்கும்.'],
  'ne-books': ['ne', 'सबै किताबहरूको मूल्य आधा छ।'],
  'mr-books': ['mr', 'सर्व पुस्तकांची यादी येथे आहे.'],
}
let root = ''
let index: LocalIndex

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'voiceos-stems-'))
  const site = join(root, 'site')
  await mkdir(site, { recursive: true })
  for (const [name, [lang, text]] of Object.entries(PAGES))
    await writeFile(
      join(site, `${name}.html`),
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${name}</title></head><body><main><h1>${name}</h1><p>${text}</p></main></body></html>`,
    )
  const summary = await buildSiteIndex({
    source: { kind: 'dir', dir: site, url: ORIGIN },
    outDir: join(root, 'out'),
  })
  expect(summary).toMatchObject({ written: true, indexed: 4 })
  index = await openIndexFolder(join(root, 'out'))
}, 60_000)
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const found = async (query: string) => (await index.search(query, 0)).results.map((r) => r.path)

describe('the site search in the languages Snowball stems', () => {
  it('finds a Hindi page by another form of its word ("किताबों" for "किताबें")', async () => {
    // The Nepali page's "किताबहरू" is the same word: a Devanagari word is taken in both languages.
    expect((await found('किताबों')).sort()).toEqual(['/hi-books.html', '/ne-books.html'])
  })

  it('finds a Tamil page by an inflected form ("கடைகளில்", in the shops, for "கடை")', async () => {
    expect(await found('கடைகளில்')).toEqual(['/ta-shops.html'])
  })

  it('finds a Nepali page by the bare word ("किताब" for "किताबहरूको", of the books)', async () => {
    expect((await found('किताब')).sort()).toEqual(['/hi-books.html', '/ne-books.html'])
  })

  it('keeps a Marathi page found by its own word on a site that stems Hindi in the same script', async () => {
    await prepareLanguages(['hi', 'mr'])
    const { terms, alternatives } = queryForms('पुस्तकांची', ['hi', 'mr'])
    expect(terms).toEqual([termOf('पुस्तकांची', 'hi')])
    expect(alternatives.get(terms[0]!)).toEqual([['पुस्तकांची', 1]])
    expect(await found('पुस्तकांची')).toEqual(['/mr-books.html'])
  })

  it("drops a language's stop words and reads a question holding one as a sentence", async () => {
    await prepareLanguages(['hi'])
    expect(termOf('है', 'hi')).toBe('')
    expect(termOf('है')).toBe('है')
    expect(isSentence('किताबें कहाँ है', ['hi'])).toBe(true)
    expect(isSentence('किताबें कहाँ है')).toBe(false)
    expect(queryForms('किताबें कहाँ है', ['hi']).terms).not.toContain('है')
  })
})

describe('the vendored stop words', () => {
  it('are stopwords-iso’s lists for their languages, a word each, in NFC', () => {
    const iso = createRequire(import.meta.url)('stopwords-iso/stopwords-iso.json') as Record<string, string[]>
    for (const [lang, words] of Object.entries(STOP_WORDS_BY_LANGUAGE)) {
      expect(words.split(' '), lang).toEqual(stopWordsOf(iso[lang]!))
    }
    expect(Object.keys(STOP_WORDS_BY_LANGUAGE).sort()).toEqual(['bn', 'gu', 'hi', 'mr', 'ur'])
  })
})
