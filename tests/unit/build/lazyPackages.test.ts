/**
 * The published CLI's stand-in for a native package it does not bundle (scripts/lazyPackages.ts): importing it
 * costs nothing, the first use loads the real package, and a missing one is named with the command to install it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { lazyModuleSource } from '../../../scripts/lazyPackages'

const dir = mkdtempSync(join(tmpdir(), 'voiceos-lazy-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function load(id: string, real: Record<string, unknown>): Promise<Record<string, unknown>> {
  const file = join(dir, `${Object.keys(real).join('-') || 'none'}-${id.replace(/\W/g, '_')}.mjs`)
  writeFileSync(file, lazyModuleSource(id, '1.2.3', real))
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>
}

describe('lazyModuleSource', () => {
  it('imports without the package, and names it with the install command at the first use', async () => {
    const mod = await load('voiceos-no-such-native-package', {
      Instance: class {},
      'not-an-identifier': () => 0,
      VERSION: '9.9.9',
    })
    expect(Object.keys(mod).sort()).toEqual(['Instance', 'VERSION', 'default'])
    expect(mod.VERSION).toBe('9.9.9')
    const Instance = mod.Instance as { create(): unknown }
    expect(() => Instance.create()).toThrow(
      'This command needs voiceos-no-such-native-package, a native module the voiceos package does not bundle. Install it beside voiceos: npm install voiceos-no-such-native-package@1.2.3',
    )
  })

  it('forwards calls, construction and property reads to the real package once it is there', async () => {
    // node:path stands for an installed package: a function export and a value export.
    const path = await import('node:path')
    const mod = await load('node:path', { join: path.join, sep: path.sep, posix: path.posix })
    expect((mod.join as (...p: string[]) => string)('a', 'b')).toBe(join('a', 'b'))
    expect(mod.sep).toBe(path.sep)
    expect((mod.posix as { sep: string }).sep).toBe('/')
    const url = await load('node:url', { URL })
    const Url = url.URL as new (href: string) => URL
    expect(new Url('https://example.com/a').pathname).toBe('/a')
  })
})
