/**
 * The production-like static server (scripts/serve.ts) and the build's precompression (scripts/precompress.ts),
 * against a small built-site folder on 127.0.0.1: encodings, caching, `_headers`, clean URLs and 404 pages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../../scripts/precompress'
import { serveSite, type SiteServer } from '../../../scripts/serve'

let dir = ''
let server: SiteServer
const page = (title: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>${'<p>text</p>'.repeat(200)}</body></html>`
const js = `export const x = ${JSON.stringify('a'.repeat(4000))};\n`

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serve-test-'))
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, 'hi'))
  mkdirSync(join(dir, 'embed'))
  writeFileSync(join(dir, 'index.html'), page('Home'))
  writeFileSync(join(dir, 'pricing.html'), page('Pricing'))
  writeFileSync(join(dir, '404.html'), page('Not found'))
  writeFileSync(join(dir, 'hi.html'), page('Hindi home', 'hi'))
  writeFileSync(join(dir, 'hi', '404.html'), page('Hindi not found', 'hi'))
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), js)
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n')
  writeFileSync(
    join(dir, '_headers'),
    [
      '/*',
      '  X-Content-Type-Options: nosniff',
      '',
      '/assets/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '',
      '/',
      "  Content-Security-Policy: default-src 'self'",
      '',
      '/404',
      "  Content-Security-Policy: default-src 'none'",
      '',
    ].join('\n'),
  )
  expect(precompress(dir)).toBe(6) // five pages and the script; robots.txt is too small to gain anything
  // A second build output written later (an embed script) is compressed when the server starts.
  writeFileSync(join(dir, 'embed', 'embed.js'), js)
  server = await serveSite({ root: dir })
})

afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string, encoding = 'br, gzip') =>
  fetch(server.url + path, { headers: { 'Accept-Encoding': encoding } })

describe('serveSite', () => {
  it('sends pages brotli- or gzip-compressed as the browser accepts, revalidated, with their _headers', async () => {
    const br = await get('/')
    expect(br.status).toBe(200)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toBe('text/html;charset=utf-8')
    expect(br.headers.get('cache-control')).toBe('no-cache')
    expect(br.headers.get('x-content-type-options')).toBe('nosniff')
    expect(br.headers.get('content-security-policy')).toBe("default-src 'self'")
    expect(await br.text()).toContain('<title>Home</title>')
    const gz = await get('/', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const plain = await get('/', 'identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(page('Home'))
  })

  it('caches hashed assets for a year, without the page CSP, and serves later build outputs compressed too', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-security-policy')).toBeNull()
    expect(await res.text()).toBe(js)
    const embed = await get('/embed/embed.js')
    expect(embed.headers.get('content-encoding')).toBe('br')
    expect(await embed.text()).toBe(js)
  })

  it('maps clean URLs to pages: /pricing, /hi and /hi/', async () => {
    for (const [path, title] of [
      ['/pricing', 'Pricing'],
      ['/pricing/', 'Pricing'],
      ['/hi', 'Hindi home'],
      ['/hi/', 'Hindi home'],
    ]) {
      const res = await get(path!)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain(`<title>${title}</title>`)
    }
  })

  it('answers unknown pages with the nearest 404.html and status 404 (never a 304), unknown files with a plain 404', async () => {
    const missing = await get('/no-such-page')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-encoding')).toBe('br')
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(await missing.text()).toContain('<title>Not found</title>')
    const again = await fetch(`${server.url}/no-such-page`, {
      headers: { 'If-None-Match': missing.headers.get('etag') ?? '*' },
    })
    expect(again.status).toBe(404)
    const hindi = await get('/hi/no-such-page')
    expect(hindi.status).toBe(404)
    expect(await hindi.text()).toContain('<title>Hindi not found</title>')
    const asset = await get('/assets/missing-1.js')
    expect(asset.status).toBe(404)
    expect(await asset.text()).toBe('Not found')
  })

  it('never serves the host configuration files, and refuses other methods than GET and HEAD', async () => {
    expect((await get('/_headers')).status).toBe(404)
    const post = await fetch(`${server.url}/`, { method: 'POST' })
    expect(post.status).toBe(405)
  })

  it('in spa mode answers unknown pages with index.html and status 200', async () => {
    const spa = await serveSite({ root: dir, mode: 'spa' })
    try {
      const res = await fetch(`${spa.url}/some/client/route`)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<title>Home</title>')
    } finally {
      await spa.close()
    }
  })

  it('refuses a folder without index.html', async () => {
    await expect(serveSite({ root: join(dir, 'assets') })).rejects.toThrow(/has no index.html/)
  })
})
