import { describe, expect, it } from 'vitest'
import { htmlBytes, withFixedAssetHashes, withFixedBuildId } from '../../../bench/lib/bundle'
import { scriptHash } from '../../../scripts/csp'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A pre-rendered page as vite-react-ssg and scripts/csp.ts write it: the build id's script and its CSP hash. */
const page = (id: string) => {
  const script = `window.__VITE_REACT_SSG_HASH__ = '${id}'`
  const boot = 'document.documentElement.dataset.theme = "dark"'
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' ${scriptHash(boot)} ${scriptHash(script)}"><script>${boot}</script></head><body><main>Hello</main><script>${script}</script></body></html>`
}

describe('withFixedBuildId (bench/lib/bundle.ts): a page measures the same whatever build wrote it', () => {
  it('two builds of one page, differing only in the random id, become the same text', () => {
    expect(withFixedBuildId(page('0mm06fy580'))).toBe(withFixedBuildId(page('31qrca2nk4')))
    expect(page('0mm06fy580')).not.toBe(page('31qrca2nk4'))
  })

  it('the CSP still names the hash of the script as rewritten, and the other scripts’ hashes are kept', () => {
    const fixed = withFixedBuildId(page('0mm06fy580'))
    const script = /<body>.*<script>([^<]*)<\/script>/.exec(fixed)![1]!
    expect(script).toMatch(/^window\.__VITE_REACT_SSG_HASH__ = '[0-9a-z]{10}'$/)
    expect(fixed).toContain(scriptHash(script))
    expect(fixed).toContain(scriptHash('document.documentElement.dataset.theme = "dark"'))
    expect(fixed).not.toContain(scriptHash(`window.__VITE_REACT_SSG_HASH__ = '0mm06fy580'`))
    expect(fixed.length).toBe(page('0mm06fy580').length)
  })

  it('leaves a page without the id as it is', () => {
    const plain = '<!doctype html><html><body><script>console.info(1)</script></body></html>'
    expect(withFixedBuildId(plain)).toBe(plain)
  })

  it('htmlBytes measures the fixed page: equal sizes for the two builds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixed-build-id-'))
    try {
      writeFileSync(join(dir, 'a.html'), page('0mm06fy580'))
      writeFileSync(join(dir, 'b.html'), page('9zz1abcq7w'))
      expect(htmlBytes(dir, 'a.html')).toEqual(htmlBytes(dir, 'b.html'))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('withFixedAssetHashes (bench/lib/bundle.ts): a page measures the same whatever hashes its chunks drew', () => {
  const withChunks = (feedback: string, app: string) =>
    `<!doctype html><html><head><link rel="modulepreload" href="/assets/Feedback-${feedback}.js"><link rel="stylesheet" href="/assets/app-${app}.css"></head><body><a href="/assets-guide">Assets-12345678.js</a></body></html>`

  it('two builds of one page, differing only in content hashes, become the same text of the same length', () => {
    const a = withChunks('K91Ysdax', 'BMjSyFY_')
    const b = withChunks('Q0-z7PaL', 'x_9LmN2c')
    expect(withFixedAssetHashes(a)).toBe(withFixedAssetHashes(b))
    expect(withFixedAssetHashes(a)).not.toBe(a)
    expect(withFixedAssetHashes(a).length).toBe(a.length)
  })

  it("a stand-in is drawn from the asset's name: another chunk gets another one; text that is no asset path is kept", () => {
    const fixed = withFixedAssetHashes(withChunks('K91Ysdax', 'BMjSyFY_'))
    const [feedback, app] = [...fixed.matchAll(/assets\/[\w.-]+?-([\w-]{8})\.(?:js|css)/g)].map((m) => m[1])
    expect(feedback).toMatch(/^[\w-]{8}$/)
    expect(feedback).not.toBe(app)
    expect(fixed).toContain('<a href="/assets-guide">Assets-12345678.js</a>')
  })

  it('two assets of one name get two stand-ins, and an asset named twice keeps one', () => {
    const html =
      '<link href="/assets/dist-bER8rf2n.js"><link href="/assets/dist-DLhpg7QI.js"><script src="/assets/dist-bER8rf2n.js">'
    const [a, b, again] = [...withFixedAssetHashes(html).matchAll(/dist-([\w-]{8})\.js/g)].map((m) => m[1])
    expect(a).not.toBe(b)
    expect(again).toBe(a)
  })
})
