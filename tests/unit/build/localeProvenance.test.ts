/**
 * Locale files keep a `_provenance` note for reviewers (how the text was made); the built bundles do not ship it
 * (scripts/localeProvenance.ts, in both Vite configs).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rollup } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { localeProvenance, withoutProvenance } from '../../../scripts/localeProvenance'

describe('withoutProvenance', () => {
  it('drops the top-level note and keeps the copy', () => {
    const out = withoutProvenance(JSON.stringify({ _provenance: 'Machine-drafted', widget: { mic: 'Talk' } }))
    expect(JSON.parse(out!)).toEqual({ widget: { mic: 'Talk' } })
  })
  it('leaves a file without a note (or a nested key of that name) as it is', () => {
    expect(withoutProvenance('{"widget":{"_provenance":"kept"}}')).toBeNull()
    expect(withoutProvenance('["_provenance"]')).toBeNull()
  })
  it('refuses malformed JSON as the JSON plugin would', () => {
    expect(() => withoutProvenance('{"widget":')).toThrow(SyntaxError)
  })
})

describe('localeProvenance in a Vite build', () => {
  const root = mkdtempSync(join(tmpdir(), 'voiceos-provenance-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('ships the copy of locales/<lng>/*.json without _provenance, other JSON untouched', async () => {
    mkdirSync(join(root, 'locales/ur'), { recursive: true })
    writeFileSync(
      join(root, 'locales/ur/voice.json'),
      JSON.stringify({ _provenance: 'Machine-drafted; needs review', widget: { mic: 'بات کریں' } }),
    )
    writeFileSync(join(root, 'data.json'), JSON.stringify({ _provenance: 'not a locale file' }))
    writeFileSync(
      join(root, 'main.js'),
      "import ur from './locales/ur/voice.json'\nimport data from './data.json'\nconsole.log(JSON.stringify(ur), JSON.stringify(data))\n",
    )
    const result = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [localeProvenance()],
      build: { write: false, minify: false, rollupOptions: { input: join(root, 'main.js') } },
    })) as Rollup.RollupOutput
    const code = result.output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n')
    expect(code).toContain('بات کریں')
    expect(code).not.toContain('needs review')
    expect(code).toContain('not a locale file')
  })
})
