import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '../../locales')
const keys = (o: unknown, p = ''): string[] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`],
  )
const load = (lng: string) =>
  readdirSync(join(root, lng))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => keys(JSON.parse(readFileSync(join(root, lng, f), 'utf8')), `${f}:`))
    .sort()

const langs = readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory())

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
  it.each(langs.filter((l) => l !== 'en'))('%s has exactly the keys of en', (lng) => {
    expect(load(lng)).toEqual(load('en'))
  })
})
