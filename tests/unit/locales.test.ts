import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../src/i18n/locale'
import { WIDGET_LANGUAGES } from '../../src/voice/widget/languages'

const root = join(__dirname, '../../locales')
const keys = (o: unknown, p = ''): string[] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`],
  )
const files = (lng: string) => readdirSync(join(root, lng)).filter((f) => f.endsWith('.json'))
const read = (lng: string, f: string) => JSON.parse(readFileSync(join(root, lng, f), 'utf8')) as Record<string, unknown>
const load = (lng: string, only?: readonly string[]) =>
  files(lng)
    .filter((f) => !only || only.includes(f))
    .flatMap((f) => keys(read(lng, f), `${f}:`))
    .sort()

const langs = readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory())
/** The widget's two files: every widget language has them (src/voice/widget/languages.ts). */
const WIDGET_FILES = ['voice.json', 'voiceCall.json']

describe('locales', () => {
  it('has English', () => expect(langs).toContain('en'))
  it('every English value is a non-empty string', () => {
    for (const f of readdirSync(join(root, 'en'))) {
      const json = JSON.parse(readFileSync(join(root, 'en', f), 'utf8'))
      const walk = (o: Record<string, unknown>, p: string) => {
        for (const [k, v] of Object.entries(o)) {
          if (v && typeof v === 'object') walk(v as Record<string, unknown>, `${p}${k}.`)
          else expect(typeof v === 'string' && v.trim() !== '', `${f}:${p}${k}`).toBe(true)
        }
      }
      walk(json, '')
    }
  })
  it.each(LANGUAGES.filter((l) => l !== 'en'))('site language %s has exactly the keys of en', (lng) => {
    expect(load(lng)).toEqual(load('en'))
  })
  it('every folder is a site or widget language, and a widget-only one holds the widget files alone', () => {
    for (const lng of langs) {
      expect([...LANGUAGES, ...WIDGET_LANGUAGES] as string[], lng).toContain(lng)
      if (!(LANGUAGES as readonly string[]).includes(lng)) expect(files(lng).sort(), lng).toEqual(WIDGET_FILES)
    }
  })
  it.each(langs.filter((l) => l !== 'en'))('%s has the widget keys of en, every value a non-empty string', (lng) => {
    expect(load(lng, WIDGET_FILES)).toEqual(load('en', WIDGET_FILES))
    for (const f of WIDGET_FILES) {
      const walk = (o: Record<string, unknown>, p: string) => {
        for (const [k, v] of Object.entries(o)) {
          if (v && typeof v === 'object') walk(v as Record<string, unknown>, `${p}${k}.`)
          else expect(typeof v === 'string' && v.trim() !== '', `${lng}/${f}:${p}${k}`).toBe(true)
        }
      }
      walk(read(lng, f), '')
    }
  })
  it.each(langs)('%s says how its text was made (_provenance)', (lng) => {
    for (const f of WIDGET_FILES) expect(read(lng, f)['_provenance'], `${lng}/${f}`).toMatch(/\w{4,}/)
  })
})
