/**
 * The index's shards (scripts/site-index/searchIndex.ts, format in src/voice/search/terms.ts): what one request for a
 * word brings — its best pages, their sections, anchors and excerpts — and the layout the page relies on.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { CHAMPIONS, SPLIT_BYTES, writeSearchIndex, type IndexedPage } from '../../../scripts/site-index/searchIndex'
import { describeIndex } from '../../../scripts/site-index/command'
import {
  EXCERPT_WINDOW_CHARS,
  shardFile,
  shardKey,
  shardText,
  signatureHas,
  termOf,
  termSignature,
  termsOf,
  type Shard,
} from '../../../src/voice/search/terms'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})
const build = async (pages: IndexedPage[]) => {
  const out = await mkdtemp(join(tmpdir(), 'voiceos-shards-'))
  dirs.push(out)
  const written = await writeSearchIndex(pages, out)
  const read = async (word: string): Promise<Shard> =>
    JSON.parse(
      gunzipSync(
        await readFile(join(out, written.shards, shardFile(shardKey(termOf(word), new Set(written.split))))),
      ).toString('utf8'),
    ) as Shard
  return { out, ...written, read }
}
const page = (path: string, title: string, sections: [string, string, string][]): IndexedPage => ({
  url: `https://shop.example${path}`,
  title,
  lang: 'en',
  sections: sections.map(([anchor, heading, text]) => ({ anchor, heading, level: heading ? 2 : 0, text })),
})

describe('terms', () => {
  it('stems English words so forms of a word meet, and keeps other scripts whole', () => {
    expect(termOf('Refunds')).toBe(termOf('refund'))
    expect(termOf('delivering')).toBe(termOf('deliver'))
    expect(termOf("visitor's")).toBe(termOf('visitor'))
    expect(termOf('रिफंड')).toBe('रिफंड')
    expect(termsOf('Do you deliver to Pune? ₹500, 30 days.')).toEqual([
      'do',
      'you',
      'deliv',
      'to',
      'pune',
      '500',
      '30',
      'dai',
    ])
  })

  it('a signature holds every term it was made of, and few others', () => {
    const terms = Array.from({ length: 200 }, (_, i) => `word${i}`)
    const sig = termSignature(terms)
    expect(terms.every((t) => signatureHas(sig, t))).toBe(true)
    const strangers = Array.from({ length: 2000 }, (_, i) => `other${i}`).filter((t) => signatureHas(sig, t))
    expect(strangers.length).toBeLessThan(2000 * 0.05)
    expect(signatureHas('', 'word1')).toBe(false)
    expect(signatureHas('not base64!', 'word1')).toBe(false)
  })

  it("reads a shard gzipped as written, or already inflated by the host's Content-Encoding", async () => {
    const json = JSON.stringify({ pages: [], terms: { refund: [1, []] } })
    const { gzipSync } = await import('node:zlib')
    expect(await shardText(new Uint8Array(gzipSync(json)))).toBe(json)
    expect(await shardText(new TextEncoder().encode(json))).toBe(json)
  })
})

describe('the shards', () => {
  it('one file per word prefix brings its pages with the section, anchor and excerpt around the word', async () => {
    const long = `${'Our returns desk is open daily. '.repeat(12)}Refunds reach your card within 14 working days. ${'Keep the receipt. '.repeat(10)}`
    const { read, shards, out } = await build([
      page('/help/refunds', 'Refund policy', [
        ['', '', 'How returns work at our shop.'],
        ['timing', 'When refunds arrive', long],
      ]),
      page('/help/delivery', 'Delivery', [['cities', 'Cities we deliver to', 'We deliver to Pune and Mumbai.']]),
    ])
    expect(shards).toMatch(/^t\/[0-9a-f]{12}\/$/)
    const shard = await read('refunds')
    const [df, hits] = shard.terms[termOf('refund')]!
    expect(df).toBe(1)
    const [p, score, heading, anchor, excerpt] = hits[0]!
    expect(shard.pages[p]!.slice(0, 3)).toEqual(['Refund policy', '/help/refunds', 'en'])
    expect(score).toBeGreaterThan(0)
    expect([heading, anchor]).toEqual(['When refunds arrive', 'timing'])
    expect(excerpt).toContain('Refunds reach your card within 14 working days.')
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_WINDOW_CHARS + 2)
    expect(excerpt.startsWith('…')).toBe(true)
    // The page's signature holds its other words: a question's "card" is known to be on it.
    expect(signatureHas(shard.pages[p]![3], termOf('card'))).toBe(true)
    // No shard for a word of no page.
    await expect(readdir(join(out, shards))).resolves.not.toContain(shardFile(shardKey(termOf('xylophone'), new Set())))
  })

  it("a word's section is the one using it in its text, not a heading alone: the excerpt shows it in use", async () => {
    const { read } = await build([
      page('/waitlist', 'Apply for a free trial', [
        ['', 'Apply For Free Trial', 'Be among the first 200 sites. No credit card required.'],
        ['get', "What you'll get", 'Full access to the embed during the trial, and a call with the team.'],
      ]),
    ])
    const [, hits] = (await read('trial')).terms[termOf('trial')]!
    expect(hits[0]![3]).toBe('get')
    expect(hits[0]![4]).toContain('Full access to the embed during the trial')
  })

  it("keeps a word's best pages only, the title and headings weighing more; the same pages give the same build folder", async () => {
    const pages = Array.from({ length: CHAMPIONS + 10 }, (_, i) =>
      page(`/p/${i}`, i === 7 ? 'Gift cards' : `Page ${i}`, [['', '', `A gift for you, number ${i}.`]]),
    )
    const first = await build(pages)
    const [df, hits] = (await first.read('gift')).terms[termOf('gift')]!
    expect(df).toBe(CHAMPIONS + 10)
    expect(hits).toHaveLength(CHAMPIONS)
    const shard = await first.read('gift')
    expect(shard.pages[hits[0]![0]]![1]).toBe('/p/7') // "gift" in its title
    const again = await build(pages)
    expect(again.shards).toBe(first.shards)
    const changed = await build([...pages.slice(1)])
    expect(changed.shards).not.toBe(first.shards)
  })

  it(`splits a prefix whose shard is over ${SPLIT_BYTES} bytes by one more code point`, async () => {
    // Many long words sharing "con", on pages of their own.
    const words = Array.from(
      { length: 120 },
      (_, i) => `con${String.fromCharCode(97 + (i % 26))}${'x'.repeat(i % 40)}tent${i}`,
    )
    const pages = words.map((w, i) => page(`/w/${i}`, `Page ${i}`, [['', '', `${w} ${'filler text '.repeat(20)}`]]))
    const { split, read } = await build(pages)
    expect(split).toContain('con')
    const shard = await read(words[3]!)
    expect(Object.keys(shard.terms).every((t) => t.startsWith(words[3]!.slice(0, 4)))).toBe(true)
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
  })
})
