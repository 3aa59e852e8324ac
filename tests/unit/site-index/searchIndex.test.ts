/**
 * The index's shards (scripts/site-index/searchIndex.ts, format in src/voice/search/terms.ts): what one request for a
 * word brings — its best pages, their sections, anchors and excerpts — and the layout the page relies on.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CHAMPIONS,
  FIELDS,
  SPLIT_BYTES,
  excerptAround,
  excerptBounds,
  writeSearchIndex,
  type IndexedPage,
} from '../../../scripts/site-index/searchIndex'
import { describeIndex } from '../../../scripts/site-index/command'
import {
  EXCERPT_WINDOW_CHARS,
  INDEX_FORMAT_VERSION,
  MAX_SECTIONS_PER_PAGE,
  STOP_WORDS,
  bm25Idf,
  bm25fScore,
  decodeNumbers,
  decodePostings,
  encodeNumbers,
  excerptOf,
  PAGE_SECTION,
  PAGE_TABLE_CHUNK,
  pageTableFile,
  type PageTableEntry,
  packFile,
  shardFile,
  shardKey,
  shardOfPack,
  shardText,
  termOf,
  termsOf,
  type Shard,
  type ShardPack,
} from '../../../src/voice/search/terms'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})
const build = async (pages: IndexedPage[], packBytes?: number) => {
  const out = await mkdtemp(join(tmpdir(), 'voiceos-shards-'))
  dirs.push(out)
  const written = await writeSearchIndex(pages, out, packBytes)
  /** The pack file holding `word`'s shard, parsed. */
  const packOf = async (word: string): Promise<[key: string, pack: ShardPack | null]> => {
    const key = shardKey(termOf(word), new Set(written.split))
    const file = packFile(key, written.packs)
    if (!file) return [key, null]
    return [key, JSON.parse(gunzipSync(await readFile(join(out, written.shards, file))).toString('utf8')) as ShardPack]
  }
  /** The shard of `word`, or null when no page holds a term of its key. */
  const shardOf = async (word: string): Promise<Shard | null> => {
    const [key, pack] = await packOf(word)
    return pack && shardOfPack(pack, key)
  }
  const read = async (word: string): Promise<Shard> => (await shardOf(word))!
  return { out, ...written, read, shardOf, packOf }
}
const page = (path: string, title: string, sections: [string, string, string][], listing = false): IndexedPage => ({
  url: `https://shop.example${path}`,
  title,
  lang: 'en',
  sections: sections.map(([anchor, heading, text]) => ({ anchor, heading, level: heading ? 2 : 0, text })),
  ...(listing && { listing: true }),
})

describe('terms', () => {
  it('stems English words so forms of a word meet, and keeps other scripts whole', () => {
    expect(termOf('Refunds')).toBe(termOf('refund'))
    expect(termOf('delivering')).toBe(termOf('deliver'))
    expect(termOf("visitor's")).toBe(termOf('visitor'))
    expect(termOf('रिफंड')).toBe('रिफंड')
    // Stop words ("do", "you", "to") are neither indexed nor searched; numbers are kept.
    expect(termsOf('Do you deliver to Pune? ₹500, 30 days.')).toEqual(['deliv', 'pune', '500', '30', 'dai'])
  })

  it("drops English stop words, a question's asking words among them, but keeps topic words", () => {
    for (const w of ['the', 'The', 'how', 'please', 'tell', "I'm", 'want']) expect(termOf(w)).toBe('')
    expect(STOP_WORDS.has('the')).toBe(true)
    for (const w of ['file', 'help', 'open']) {
      expect(STOP_WORDS.has(w)).toBe(false)
      expect(termOf(w)).not.toBe('')
    }
    expect(termsOf('How do I open the file, please?')).toEqual([termOf('open'), termOf('file')])
    // Memoised: the same word gives the same term again.
    expect(termOf('Refunds')).toBe(termOf('Refunds'))
  })

  it('decodes postings: page ids delta-coded, sections, scores × 100', () => {
    expect(decodePostings([3, 0, 250, 0, 2, 75, 4, 1, 100])).toEqual([
      [3, 0, 2.5],
      [3, 2, 0.75],
      [7, 1, 1],
    ])
    expect(decodePostings([])).toEqual([])
    // A trailing partial triple is ignored.
    expect(decodePostings([1, 0, 100, 5])).toEqual([[1, 0, 1]])
  })

  it('writes postings as base-64 digits, five bits each, and reads back the same numbers', () => {
    const numbers = [0, 1, 31, 32, 33, 1023, 1024, 99_999, 4_294_967_296, 7]
    const text = encodeNumbers(numbers)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeNumbers(text)).toEqual(numbers)
    // One digit below 32, two below 1,024: a posting's usual numbers take a digit or two.
    expect(encodeNumbers([0, 31])).toHaveLength(2)
    expect(encodeNumbers([32, 1023])).toHaveLength(4)
    expect(decodeNumbers('')).toEqual([])
  })

  it('scores BM25F: each field weighted and normalised by its own length, saturated once', () => {
    const idf = bm25Idf(1, 10)
    expect(idf).toBeCloseTo(Math.log(1 + 9.5 / 1.5))
    const field = (tf: number, length: number, avgLength: number, f: keyof typeof FIELDS) => ({
      tf,
      length,
      avgLength,
      ...FIELDS[f],
    })
    expect(bm25fScore(idf, [field(0, 5, 5, 'title'), field(0, 10, 10, 'body')])).toBe(0)
    const inBody = bm25fScore(idf, [field(1, 10, 10, 'body')])
    const inTitle = bm25fScore(idf, [field(1, 10, 10, 'title')])
    // tf~ = 1 for an average-length body: idf × 1 × 2.2 / 2.2.
    expect(inBody).toBeCloseTo(idf)
    expect(inTitle).toBeGreaterThan(inBody)
    // A longer field than average weighs each use less.
    expect(bm25fScore(idf, [field(1, 40, 10, 'body')])).toBeLessThan(inBody)
    // Saturation: two fields' uses sum before saturating, never above idf × (k1 + 1).
    const both = bm25fScore(idf, [field(1, 10, 10, 'title'), field(3, 10, 10, 'body')])
    expect(both).toBeGreaterThan(inTitle)
    expect(both).toBeLessThan(idf * 2.2)
  })

  it("reads a shard gzipped as written, or already inflated by the host's Content-Encoding", async () => {
    const json = JSON.stringify({ pages: [], terms: { refund: [1, [0, 0, 100], []] } })
    const { gzipSync } = await import('node:zlib')
    expect(await shardText(new Uint8Array(gzipSync(json)))).toBe(json)
    expect(await shardText(new TextEncoder().encode(json))).toBe(json)
  })
})

describe('the shards', () => {
  it("a word's shard brings its pages with the section, anchor and excerpt around the word", async () => {
    const long = `${'Our returns desk is open daily. '.repeat(12)}Refunds reach your card within 14 working days. ${'Keep the receipt. '.repeat(10)}`
    const { read, shardOf, shards } = await build([
      page('/help/refunds', 'Refund policy', [
        ['', '', 'How returns work at our shop.'],
        ['timing', 'When refunds arrive', long],
      ]),
      page('/help/delivery', 'Delivery', [['cities', 'Cities we deliver to', 'We deliver to Pune and Mumbai.']]),
    ])
    expect(shards).toMatch(/^t\/[0-9a-f]{12}\/$/)
    const shard = await read('refunds')
    const [df, postings, hits] = shard.terms[termOf('refund')]!
    expect(df).toBe(1)
    // Page 0 (the first given): the whole page (PAGE_SECTION), and section 1, the only section using the word.
    const decoded = decodePostings(postings)
    expect(decoded.map(([p, s]) => [p, s])).toEqual([
      [0, PAGE_SECTION],
      [0, 1],
    ])
    expect(decoded.every(([, , score]) => score > 0)).toBe(true)
    expect(hits).toHaveLength(1)
    const [p, section, heading, anchor, excerpt] = hits[0]!
    expect(shard.pages[p]).toEqual([0, 'Refund policy', '/help/refunds', 'en', 0])
    expect(section).toBe(1)
    expect([heading, anchor]).toEqual(['When refunds arrive', 'timing'])
    expect(excerpt).toContain('Refunds reach your card within 14 working days.')
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_WINDOW_CHARS + 2)
    expect(excerpt.startsWith('…')).toBe(true)
    expect(excerpt.endsWith('…')).toBe(true)
    // The other page's words are in their own shard, naming that page by its own id.
    const deliver = (await read('deliver')).terms[termOf('deliver')]!
    expect(decodePostings(deliver[1]).map(([p2, s2]) => [p2, s2])).toEqual([
      [1, PAGE_SECTION],
      [1, 0],
    ])
    // No shard for a word of no page, nor for a stop word.
    expect(await shardOf('xylophone')).toBeNull()
    expect(Object.keys(shard.terms)).not.toContain('')
  })

  it('a number alone carries postings but no hits', async () => {
    const { read } = await build([
      page('/help/refunds', 'Refund policy', [['', '', 'Refunds reach your card within 14 working days.']]),
    ])
    const [df, postings, hits] = (await read('14')).terms['14']!
    expect(df).toBe(1)
    // The page, and its one section holding it.
    expect(decodePostings(postings).map(([p, sec]) => [p, sec])).toEqual([
      [0, PAGE_SECTION],
      [0, 0],
    ])
    expect(hits).toEqual([])
    // A word of the same page still brings its hit.
    expect((await read('card')).terms[termOf('card')]![2]).toHaveLength(1)
  })

  it("a word's section is the one using it in its text, not a heading alone: the excerpt shows it in use", async () => {
    const { read } = await build([
      page('/waitlist', 'Apply for a free trial', [
        ['', 'Apply For Free Trial', 'Be among the first 200 sites. No credit card required.'],
        ['get', "What you'll get", 'Full access to the embed during the trial, and a call with the team.'],
      ]),
    ])
    const [, , hits] = (await read('trial')).terms[termOf('trial')]!
    expect(hits[0]![1]).toBe(1)
    expect(hits[0]![3]).toBe('get')
    expect(hits[0]![4]).toContain('Full access to the embed during the trial')
  })

  it(`a page's postings list its best ${MAX_SECTIONS_PER_PAGE} sections for a word, in section order`, async () => {
    const { read } = await build([
      page('/guide', 'Guide', [
        ['a', 'Setup', 'Install the widget once.'],
        ['b', 'Widget basics', 'The widget speaks. The widget listens. The widget opens pages.'],
        ['c', 'Colours', 'Pick the widget colour.'],
        ['d', 'Widget placement', 'Place the widget where the widget is seen.'],
        ['e', 'Widget voice', 'The widget voice is calm; the widget voice is clear.'],
      ]),
    ])
    const [df, postings, hits] = (await read('widget')).terms[termOf('widget')]!
    expect(df).toBe(1)
    const decoded = decodePostings(postings).filter(([, sec]) => sec !== PAGE_SECTION)
    expect(decoded).toHaveLength(MAX_SECTIONS_PER_PAGE)
    // The sections with "widget" in their heading and text beat those with one use in the text only.
    expect(decoded.map(([, s]) => s)).toEqual([1, 3, 4])
    expect(hits).toHaveLength(1)
    expect(decoded.some(([, s, score]) => s === hits[0]![1] && score === Math.max(...decoded.map((d) => d[2])))).toBe(
      true,
    )
  })

  it("keeps a word's best pages only, the title and headings weighing more; the same pages give the same build folder", async () => {
    const pages = Array.from({ length: CHAMPIONS + 10 }, (_, i) =>
      page(`/p/${i}`, i === 7 ? 'Gift cards' : `Page ${i}`, [['', '', `A gift for you, number ${i}.`]]),
    )
    const first = await build(pages)
    const shard = await first.read('gift')
    const [df, postings, hits] = shard.terms[termOf('gift')]!
    expect(df).toBe(CHAMPIONS + 10)
    // Every page is in the postings (ids ascending), as a whole and by its section; only the best CHAMPIONS bring
    // excerpts.
    const decoded = decodePostings(postings)
    const whole = decoded.filter(([, s]) => s === PAGE_SECTION)
    expect(whole.map(([p]) => p)).toEqual(pages.map((_, i) => i))
    expect(whole[7]![2]).toBeGreaterThan(Math.max(...whole.filter((_, i) => i !== 7).map((s) => s[2])))
    const scores = decoded.filter(([, s]) => s !== PAGE_SECTION)
    expect(scores.map(([p]) => p)).toEqual(pages.map((_, i) => i))
    expect(hits).toHaveLength(CHAMPIONS)
    expect(shard.pages[hits[0]![0]]![2]).toBe('/p/7') // "gift" in its title
    expect(scores[7]![2]).toBeGreaterThan(Math.max(...scores.filter((_, i) => i !== 7).map((s) => s[2])))
    const again = await build(pages)
    expect(again.shards).toBe(first.shards)
    const changed = await build([...pages.slice(1)])
    expect(changed.shards).not.toBe(first.shards)
  })

  it('writes the page table: every page, PAGE_TABLE_CHUNK a file, with its title, path and the start of its text', async () => {
    const pages = Array.from({ length: PAGE_TABLE_CHUNK + 2 }, (_, i) =>
      page(`/p/${i}`, `Page ${i}`, [['', '', `Text of page ${i}.`]]),
    )
    const { out, shards } = await build(pages)
    const read = async (file: string) =>
      JSON.parse(gunzipSync(await readFile(join(out, shards, file))).toString('utf8')) as PageTableEntry[]
    const first = await read(pageTableFile(0))
    const second = await read(pageTableFile(PAGE_TABLE_CHUNK))
    expect(first).toHaveLength(PAGE_TABLE_CHUNK)
    expect(second.map((e) => e[0])).toEqual([PAGE_TABLE_CHUNK, PAGE_TABLE_CHUNK + 1])
    expect(first[3]).toEqual([3, 'Page 3', '/p/3', 'en', 0, 'Text of page 3.'])
  })

  it('a listing page brings its excerpt only after the pages that say something, and is marked in the pages table', async () => {
    const { read } = await build([
      page('/tags/umbrella', 'Umbrella umbrellas umbrella', [['', '', 'Umbrella umbrella umbrella umbrella.']], true),
      page('/shop/rain', 'Rain gear', [['', '', 'Our umbrella keeps you dry.']]),
    ])
    const shard = await read('umbrella')
    const [, postings, hits] = shard.terms[termOf('umbrella')]!
    const scores = decodePostings(postings).filter(([, s]) => s !== PAGE_SECTION)
    // The listing scores higher on the word itself, yet comes second.
    expect(scores[0]![2]).toBeGreaterThan(scores[1]![2])
    expect(hits.map(([p]) => shard.pages[p]![2])).toEqual(['/shop/rain', '/tags/umbrella'])
    expect(shard.pages.find((p) => p[2] === '/tags/umbrella')![4]).toBe(1)
    expect(shard.pages.find((p) => p[2] === '/shop/rain')![4]).toBe(0)
  })

  it(`splits a prefix whose shard is over ${SPLIT_BYTES} bytes by one more code point`, async () => {
    // Many long words sharing "con", on pages of their own.
    const words = Array.from(
      { length: 200 },
      (_, i) => `con${String.fromCharCode(97 + (i % 26))}${'x'.repeat(i % 40)}tent${i}`,
    )
    const pages = words.map((w, i) => page(`/w/${i}`, `Page ${i}`, [['', '', `${w} ${'filler text '.repeat(20)}`]]))
    const { split, read } = await build(pages)
    expect(split).toContain('con')
    const shard = await read(words[3]!)
    expect(Object.keys(shard.terms).every((t) => t.startsWith(words[3]!.slice(0, 4)))).toBe(true)
  })
})

describe('the packs', () => {
  const words = ['apple', 'banana', 'cherry', 'damson', 'elder', 'fig', 'grape', 'hazel', 'kiwi', 'lemon', 'mango']
  /** Pages whose one long section uses every word, each once, far apart. */
  const orchard = () =>
    [0, 1, 2].map((n) =>
      page(`/orchard/${n}`, `Orchard ${n}`, [
        ['', '', `Intro ${n}.`],
        ['trees', 'Trees', words.map((w, i) => `${w} ${'soil water sun '.repeat(i % 2 ? 4 : 12)}`).join('')],
      ]),
    )

  it("a pack holds the shards of consecutive keys, names each page once and keeps a section's text once for all its words", async () => {
    const { packs, files, packOf, read, out, shards } = await build(orchard())
    // One pack for this small site: every word's key in it, first key first.
    expect(files).toBe(1)
    expect(packs).toHaveLength(1)
    const [, pack] = await packOf('apple')
    expect(Object.keys(pack!.shards).sort()).toEqual(Object.keys(pack!.shards))
    expect(packs[0]).toBe(Object.keys(pack!.shards)[0])
    expect((await readdir(join(out, shards))).filter((f) => !f.startsWith('p'))).toEqual([shardFile(packs[0]!)])
    // Each page once in its pages, each section once in its sections, whatever number of words show them.
    expect(pack!.pages.map((p) => p[2]).sort()).toEqual(['/orchard/0', '/orchard/1', '/orchard/2'])
    const sections = pack!.sections.map(([p, s]) => `${p}/${s}`)
    expect(new Set(sections).size).toBe(sections.length)
    // The text of the section is stored no longer than the section itself, though 11 words each have an excerpt.
    const section = pack!.sections.find(([p, s]) => pack!.pages[p]![2] === '/orchard/0' && s === 1)!
    const stored = section.slice(5).filter((x): x is string => typeof x === 'string')
    expect(stored.join('').length).toBeLessThanOrEqual(section[4])
    // Every word's excerpt shows it, as cut from the whole text.
    for (const w of words) {
      const hit = (await read(w)).terms[termOf(w)]![2].find(([p]) => pack!.pages[p]![2] === '/orchard/0')!
      expect(hit[4]).toContain(w)
      expect(hit[4].length).toBeLessThanOrEqual(EXCERPT_WINDOW_CHARS + 2)
    }
  })

  it('smaller packs: one file per key, the same shards', async () => {
    const big = await build(orchard())
    const small = await build(orchard(), 1)
    expect(small.files).toBeGreaterThan(words.length)
    expect(small.packs).toHaveLength(small.files)
    for (const w of [...words, 'orchard', 'trees', 'soil']) expect(await small.read(w)).toEqual(await big.read(w))
    // Between: runs of consecutive keys, each pack's keys before the next pack's first.
    const mid = await build(orchard(), 400)
    expect(mid.files).toBeGreaterThan(1)
    expect(mid.files).toBeLessThan(small.files)
    for (let i = 0; i + 1 < mid.packs.length; i++) {
      const file = join(mid.out, mid.shards, shardFile(mid.packs[i]!))
      const keys = Object.keys((JSON.parse(gunzipSync(await readFile(file)).toString('utf8')) as ShardPack).shards)
      expect(keys[0]).toBe(mid.packs[i])
      expect(keys.every((k) => k < mid.packs[i + 1]!)).toBe(true)
    }
    // A key before the first pack's has no pack; a key of no page falls in a pack that lacks it.
    expect(packFile('', small.packs)).toBeNull()
    expect(await small.shardOf('zebra')).toBeNull()
  })

  it('an excerpt stored as its bounds and their text alone is the one cut from the whole text', () => {
    const text =
      `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}Nunc vel risus commodo.`.trim()
    for (let at = 0; at < text.length; at += 7) {
      const whole = excerptAround(text, at)
      const [start, end] = excerptBounds(text, at)
      expect(end - start).toBeLessThanOrEqual(EXCERPT_WINDOW_CHARS)
      expect(start === 0 || text[start - 1] === ' ').toBe(true) // from a word start
      expect(excerptOf(text.slice(start, end), start, start, end, text.length)).toBe(whole)
      expect(whole).toContain(text.slice(at, at + 4))
    }
    // A text no longer than an excerpt is all of it.
    expect(excerptBounds(' Short text. ', 6)).toEqual([0, 13])
    expect(excerptAround(' Short text. ', 6)).toBe('Short text.')
  })
})

describe('show', () => {
  it('says an index an older version built must be built again, and that a folder without one has none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voiceos-old-index-'))
    dirs.push(dir)
    expect(await describeIndex(dir)).toMatch(/^Site index: none in /)
    await writeFile(
      join(dir, 'voiceos-index.json'),
      JSON.stringify({
        v: 1,
        origin: 'https://shop.example',
        builtAt: '2026-11-01T00:00:00Z',
        pages: 7,
        languages: ['en'],
      }),
    )
    expect(await describeIndex(dir)).toMatch(/built by an older version .* build it again with .* index --sitemap URL/)
    // Format 2 (Bloom signatures, no postings) is older too.
    await writeFile(
      join(dir, 'voiceos-index.json'),
      JSON.stringify({
        v: 2,
        origin: 'https://shop.example',
        builtAt: '2026-11-01T00:00:00Z',
        pages: 7,
        languages: ['en'],
      }),
    )
    expect(await describeIndex(dir)).toMatch(/built by an older version/)
    // Format 3 (a file per shard key, no packs) too.
    const v3 = { v: 3, origin: 'https://shop.example', builtAt: '2026-11-01T00:00:00Z', pages: 7, languages: ['en'] }
    await writeFile(join(dir, 'voiceos-index.json'), JSON.stringify({ ...v3, split: [], shards: 't/0123456789ab/' }))
    expect(await describeIndex(dir)).toMatch(/built by an older version/)
  })

  it('describes an index of the current format by its pages, age and origin', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voiceos-index-'))
    dirs.push(dir)
    await writeFile(
      join(dir, 'voiceos-index.json'),
      JSON.stringify({
        v: INDEX_FORMAT_VERSION,
        origin: 'https://shop.example',
        builtAt: '2026-11-01T00:00:00Z',
        pages: 7,
        languages: ['en'],
        split: [],
        shards: 't/0123456789ab/',
        packs: [],
      }),
    )
    expect(await describeIndex(dir, new Date('2026-11-01T03:00:00Z'))).toBe(
      `Site index: 7 pages of https://shop.example, built 3 hours ago (2026-11-01T00:00:00Z), languages en, in ${dir}.`,
    )
  })
})
