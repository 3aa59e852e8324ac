/**
 * The site index in every language the widget speaks: a page per language, its text the widget's own copy in that
 * language (locales/<code>/voiceCall.json, real sentences in each script: Devanagari, Bengali, Tamil, Ol Chiki,
 * Perso-Arabic, Latin …), indexed from a folder by the real indexer, then searched as the page searches, by each
 * page's longest word and by the word's start (a visitor's inflection adds an ending; not in the languages whose
 * words are stemmed). Every page must be indexed in its language and found by its own word.
 */
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSiteIndex, type IndexSummary } from '../../../scripts/site-index/indexer'
import { openIndexFolder, type LocalIndex } from '../../../scripts/site-index/localSearch'
import { wordsOf } from '../../../src/voice/search/terms'

const ORIGIN = 'https://shop.example'
/** Languages with a Snowball stemmer (src/voice/search/languages.ts). */
const STEMMED: ReadonlySet<string> = new Set(['hi', 'ne', 'ta'])
let root = ''
let summary: IndexSummary
let index: LocalIndex
const languages: { code: string; sentence: string; word: string }[] = []

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'voiceos-langs-'))
  const site = join(root, 'site')
  await mkdir(site, { recursive: true })
  for (const code of (await readdir('locales')).sort()) {
    const copy = JSON.parse(await readFile(join('locales', code, 'voiceCall.json'), 'utf8')) as {
      widget: { hints: { connecting: string; listening: string } }
    }
    const sentence = `${copy.widget.hints.connecting} ${copy.widget.hints.listening}`
    // The longest word of the copy: a topic word of that page alone.
    const word = wordsOf(sentence)
      .map((w) => w.word)
      .sort((a, b) => [...b].length - [...a].length)[0]!
    languages.push({ code, sentence, word })
    await writeFile(
      join(site, `${code}.html`),
      `<!doctype html><html lang="${code}"><head><meta charset="utf-8"><title>${code}</title></head><body><main><h1>${code}</h1><p>${sentence}</p></main></body></html>`,
    )
  }
  summary = await buildSiteIndex({ source: { kind: 'dir', dir: site, url: ORIGIN }, outDir: join(root, 'out') })
  index = await openIndexFolder(join(root, 'out'))
}, 60_000)
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('the site index in the widget languages', () => {
  it('indexes one page per language, each in its own language', () => {
    expect(languages).toHaveLength(24)
    expect(summary).toMatchObject({ written: true, indexed: 24, skipped: [] })
    const primary = (code: string) => code.split('-')[0]!
    expect(summary.languages).toEqual([...new Set(languages.map((l) => primary(l.code)))].sort())
  })

  it('finds each page by its longest word, and by that word less its last two letters', async () => {
    const missed: string[] = []
    for (const { code, word } of languages) {
      const path = `/${code}.html`
      const whole = (await index.search(word)).results.map((r) => r.path)
      if (!whole.slice(0, 3).includes(path)) missed.push(`${code}: "${word}" → ${whole.join(' ')}`)
      const cps = [...word]
      // A cut-off word is no form a stemmer knows: a stemmed language's page is found by its word's other forms
      // (tests/unit/search/languages.test.ts).
      if (cps.length >= 6 && !STEMMED.has(code)) {
        const start = cps.slice(0, -2).join('')
        const found = (await index.search(start)).results.map((r) => r.path)
        if (!found.slice(0, 3).includes(path)) missed.push(`${code}: "${start}…" → ${found.join(' ')}`)
      }
    }
    expect(missed).toEqual([])
  })
})
