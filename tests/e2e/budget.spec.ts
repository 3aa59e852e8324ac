/**
 * Size and safety budgets of the built site, run by `npm test` after the build. Bytes are
 * deterministic, so these are exact checks on `dist/`; the two browser tests check what Chromium really
 * fetches. Budgets and markers: tests/budgets.ts. Static-closure logic: bench/lib/bundle.ts (shared with
 * `npm run bench`).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { allFiles, htmlBytes, initialJs, kb, markersIn, routeOf, sitePages } from '../../bench/lib/bundle'
import { parseHeadersFile } from '../../bench/lib/server'
import { embedSizes, localModeAtIntent } from '../../bench/lib/embed'
import {
  EMBED_BUDGETS,
  HTML_BROTLI_CEILING,
  HTML_BROTLI_TARGET,
  INITIAL_JS_CEILING,
  INITIAL_JS_TARGET,
  ON_CLICK_MARKERS,
  PRIVATE_CLIENT_MARKERS,
  REQUIRED_HEADERS,
  SECRET_PATTERNS,
} from '../budgets'
import { ROUTES, waitForHydration } from './helpers'

const DIST = 'dist'
const read = (f: string) => readFileSync(join(DIST, f), 'utf8')
const pages = () => sitePages(DIST)

test.beforeAll(() => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is not built: run `npx vite-react-ssg build` first')
})

test.describe('size budget', () => {
  test('initial JS of / (entry + modulepreloads + static imports) is within its ceiling', () => {
    const { chunks, gzip } = initialJs(DIST, 'index.html')
    const detail = chunks.map((c) => `  ${c.file} (${c.via}) ${kb(c.gzip)}`).join('\n')
    console.log(`initial JS of /: ${kb(gzip)} gzip in ${chunks.length} chunks\n${detail}`)
    if (gzip > INITIAL_JS_TARGET) {
      console.warn(
        `!!! / loads ${kb(gzip)} gzip of JS statically: above the ${kb(INITIAL_JS_TARGET)} TARGET (ceiling ${kb(INITIAL_JS_CEILING.static)})`,
      )
    }
    expect(gzip, `initial JS of / is ${kb(gzip)} gzip:\n${detail}`).toBeLessThanOrEqual(INITIAL_JS_CEILING.static)
  })

  test('JS / needs to hydrate (entry + the chunks it prefetches for hydration at the first intent) is within its ceiling', () => {
    const { chunks, gzip } = initialJs(DIST, 'index.html', { withHydration: true })
    const files = chunks.map((c) => c.file)
    // src/boot.ts imports the app at the first intent; vite-react-ssg imports react-dom/client right before hydrateRoot.
    expect(
      files.some((f) => /^assets\/main-[\w-]+\.js$/.test(f)),
      'the app chunk is prefetched',
    ).toBe(true)
    expect(
      files.some((f) => /^assets\/client-[\w-]+\.js$/.test(f)),
      'react-dom/client is prefetched',
    ).toBe(true)
    console.log(`JS / hydrates with: ${kb(gzip)} gzip in ${chunks.length} chunks`)
    expect(gzip).toBeLessThanOrEqual(INITIAL_JS_CEILING.hydration)
  })

  test('the entry that runs at load does not import the app statically (it would hydrate before the first intent)', () => {
    for (const page of pages()) {
      const atLoad = initialJs(DIST, page).chunks.map((c) => c.file)
      expect(
        atLoad.filter((f) => /^assets\/main-[\w-]+\.js$/.test(f)),
        page,
      ).toEqual([])
    }
  })

  test("each pre-rendered page's HTML (markup + inline critical CSS, brotli) is within its ceiling", () => {
    const rows = pages().map((page) => ({ page, ...htmlBytes(DIST, page) }))
    console.log(
      rows
        .map((r) => `  ${r.page.padEnd(18)} ${kb(r.raw)} raw · ${kb(r.gzip)} gzip · ${kb(r.brotli)} brotli`)
        .join('\n'),
    )
    const home = rows.find((r) => r.page === 'index.html')!
    if (home.brotli > HTML_BROTLI_TARGET)
      console.warn(`!!! / is ${kb(home.brotli)} brotli: above the ${kb(HTML_BROTLI_TARGET)} target`)
    const over = rows
      .filter((r) => !(r.brotli <= (HTML_BROTLI_CEILING[r.page] ?? -1)))
      .map(
        (r) =>
          `${r.page}: ${kb(r.brotli)} brotli > ceiling ${HTML_BROTLI_CEILING[r.page] === undefined ? '(none: add one to tests/budgets.ts)' : kb(HTML_BROTLI_CEILING[r.page]!)}`,
      )
    expect(over).toEqual([])
  })

  test('the server sends pages and assets compressed, hashed assets cacheable for a year, pages revalidated', async ({
    request,
  }) => {
    const page = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } })
    expect(page.headers()['content-encoding']).toBe('br')
    expect(page.headers()['cache-control']).toBe('no-cache')
    // The page's biggest script (files under 1 KB are sent as they are: compression would not save a packet).
    const asset = `/${initialJs(DIST, 'index.html').chunks.sort((a, b) => b.raw - a.raw)[0]!.file}`
    const js = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(js.headers()['content-encoding']).toBe('gzip')
    expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(js.headers()['content-type']).toMatch(/^text\/javascript/)
    const missing = await request.get('/hi/no-such-page')
    expect(missing.status()).toBe(404)
    expect(await missing.text()).toContain('lang="hi"')
  })

  test('no pre-rendered page preloads or statically imports daily-js, the voice engine or supabase-js', () => {
    const offenders: string[] = []
    for (const page of pages()) {
      for (const c of initialJs(DIST, page).chunks) {
        const found = markersIn(read(c.file), ON_CLICK_MARKERS)
        if (found.length) offenders.push(`${page}: ${c.file} (${c.via}) contains ${found.join(', ')}`)
      }
    }
    expect(offenders).toEqual([])
  })

  test('the on-click markers still find their code in the build (so the check above is not vacuous)', () => {
    const js = allFiles(DIST).filter((f) => f.endsWith('.js'))
    const missing = Object.keys(ON_CLICK_MARKERS).filter(
      (group) => !js.some((f) => markersIn(read(f), { [group]: ON_CLICK_MARKERS[group]! }).length > 0),
    )
    expect(missing, 'update ON_CLICK_MARKERS in tests/budgets.ts').toEqual([])
  })

  for (const r of ROUTES) {
    test(`${r.path} fetches no on-click chunk before the mic is pressed`, async ({ page }) => {
      test.slow()
      const scripts = new Set<string>()
      page.on('response', (res) => {
        const u = new URL(res.url())
        if (u.pathname.endsWith('.js')) scripts.add(u.pathname.replace(/^\//, ''))
      })
      await page.goto(r.path)
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      // Scroll through the page and stay past the intro popup's timer: still nothing of the call stack.
      await page.mouse.wheel(0, 20_000)
      await page.waitForTimeout(5_500)
      await page.waitForLoadState('networkidle')
      const offenders = [...scripts].flatMap((f) => {
        const found = existsSync(join(DIST, f)) ? markersIn(read(f), ON_CLICK_MARKERS) : []
        return found.length ? [`${f}: ${found.join(', ')}`] : []
      })
      expect(offenders).toEqual([])
    })
  }
})

test.describe('embed budget (dist/embed)', () => {
  const EMBED = join(DIST, 'embed')
  test.beforeAll(() => {
    if (!existsSync(join(EMBED, 'voiceos.js')))
      throw new Error('dist/embed is not built: run `npx vite build -c vite.embed.config.ts`')
  })

  test('voiceos.js, all a host page loads before idle, is within its budget and is a classic script', () => {
    const { loader } = embedSizes(EMBED)
    console.log(`embed loader: ${kb(loader.gzip)} gzip (${kb(loader.raw)} raw)`)
    expect(loader.gzip).toBeLessThanOrEqual(EMBED_BUDGETS.loader)
    const code = readFileSync(join(EMBED, 'voiceos.js'), 'utf8')
    // A classic script compiles as a function body: a static import/export or import.meta would throw here.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiling (never calling) the built file is the check
    expect(() => new Function(code)).not.toThrow()
  })

  test('the widget chunk loaded on idle (with its static imports) is within its budget', () => {
    const { widget } = embedSizes(EMBED)
    console.log(
      `embed widget: ${kb(widget.gzip)} gzip in ${widget.chunks.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ')}`,
    )
    expect(widget.gzip).toBeLessThanOrEqual(EMBED_BUDGETS.widget)
  })

  test('a press in local mode fetches at most its budget beyond the idle widget, in every language, and never the call engine', () => {
    const rows = localModeAtIntent(EMBED)
    const detail = (r: (typeof rows)[number]) =>
      `${r.lang} ${kb(r.gzip)}: ${r.chunks.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ')}`
    console.log(`local mode at intent:\n${rows.map((r) => `  ${detail(r)}`).join('\n')}`)
    expect(rows.map((r) => r.lang)).toContain('hi')
    const over = rows.filter((r) => r.gzip > EMBED_BUDGETS.localIntent).map(detail)
    expect(over).toEqual([])
    // None of them is the web call's engine (the only chunk fetched at the press that requests `/call/web`).
    const webCall = (f: string) => readFileSync(join(EMBED, f), 'utf8').includes('/call/web')
    expect(embedSizes(EMBED).onPress.chunks.filter((c) => webCall(c.file)).length).toBeGreaterThan(0)
    expect(rows.flatMap((r) => r.chunks.filter((c) => webCall(c.file)).map((c) => `${r.lang}: ${c.file}`))).toEqual([])
  })

  test("the chunks whose functions all run at the mount or at the press start with V8's compile hint; the loader does not", () => {
    const { loader, widget, onPress } = embedSizes(EMBED)
    const hinted = (c: { file: string }) =>
      readFileSync(join(EMBED, c.file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')
    expect(hinted(loader)).toBe(false)
    const names = [...widget.chunks, ...onPress.chunks].filter(hinted).map((c) => c.file.replace(/-[\w-]+\.js$/, ''))
    expect(names.sort()).toEqual([
      'chunks/app',
      'chunks/call',
      'chunks/common',
      'chunks/conversationView',
      'chunks/dom',
    ])
  })

  test('the engine, daily-js and supabase-js are only in chunks loaded on the mic press', () => {
    const { loader, widget, onPress } = embedSizes(EMBED)
    const read = (f: string) => readFileSync(join(EMBED, f), 'utf8')
    const early = [loader, ...widget.chunks].flatMap((c) =>
      markersIn(read(c.file), ON_CLICK_MARKERS).map((m) => `${c.file}: ${m}`),
    )
    expect(early).toEqual([])
    // …and they are in the build (the check above is not vacuous).
    const late = new Set(
      onPress.chunks.flatMap((c) => markersIn(read(c.file), ON_CLICK_MARKERS).map((m) => m.split(' (')[0])),
    )
    expect([...late].sort()).toEqual(Object.keys(ON_CLICK_MARKERS).sort())
  })
})

test.describe('safety', () => {
  test('no secret-looking value anywhere in dist/', () => {
    const hits: string[] = []
    for (const f of allFiles(DIST)) {
      const text = readFileSync(join(DIST, f)).toString('latin1')
      for (const [name, re] of Object.entries(SECRET_PATTERNS)) {
        for (const m of text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))) {
          if (name.startsWith('JWT') && jwtRole(m[0]) === 'anon') continue // Supabase's public anon key is meant for browsers
          hits.push(`${f}: ${name}: ${m[0].slice(0, 24)}…`)
        }
      }
    }
    expect(hits).toEqual([])
  })

  test("the platform client's private-key code path is not in the site bundle (only the web-call path)", () => {
    const hits: string[] = []
    for (const f of allFiles(DIST).filter((x) => /\.(js|html|json)$/.test(x))) {
      const text = read(f)
      for (const m of PRIVATE_CLIENT_MARKERS) if (text.includes(m)) hits.push(`${f}: “${m}”`)
    }
    expect(hits).toEqual([])
  })

  test('_headers: HSTS, nosniff, Referrer-Policy, Permissions-Policy microphone=(self), and each page’s CSP', () => {
    expect(existsSync(join(DIST, '_headers')), 'dist/_headers').toBe(true)
    const rules = parseHeadersFile(read('_headers'))
    const all = rules.find((r) => r.path === '/*')?.headers ?? {}
    for (const [name, ok] of Object.entries(REQUIRED_HEADERS))
      expect(ok(all[name] ?? ''), `/* ${name}: ${all[name]}`).toBe(true)
    for (const page of pages()) {
      const route = routeOf(page)
      const csp = rules.find((r) => r.path === route)?.headers['Content-Security-Policy']
      expect(csp, `_headers has no CSP for ${route} (${page})`).toBeTruthy()
      expect(csp, `${route}: _headers CSP differs from the page's meta CSP`).toBe(metaCsp(read(page)))
    }
  })

  test('every page has a CSP meta, before any script, whose script hashes are exactly its inline scripts', () => {
    const problems: string[] = []
    for (const page of pages()) {
      const html = read(page)
      const policy = metaCsp(html)
      if (!policy) {
        problems.push(`${page}: no CSP meta`)
        continue
      }
      const metaAt = html.search(/<meta http-equiv="Content-Security-Policy"/i)
      const firstScript = html.search(/<script\b/i)
      if (firstScript >= 0 && metaAt > firstScript) problems.push(`${page}: CSP meta comes after the first <script>`)
      const directives = new Map(
        policy
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map((d) => [d[0]!, d.slice(1)] as const),
      )
      const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? []
      for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:']) {
        if (scriptSrc.includes(bad)) problems.push(`${page}: script-src allows ${bad}`)
      }
      if (directives.get('object-src')?.join(' ') !== "'none'") problems.push(`${page}: object-src is not 'none'`)
      if (!directives.has('base-uri')) problems.push(`${page}: no base-uri`)
      const hashes = new Set(scriptSrc.filter((s) => s.startsWith("'sha256-")))
      const inline = new Set(
        executableInlineScripts(html).map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`),
      )
      for (const h of inline) if (!hashes.has(h)) problems.push(`${page}: inline script ${h} is not in script-src`)
      for (const h of hashes)
        if (!inline.has(h)) problems.push(`${page}: script-src hash ${h} matches no inline script (stale)`)
      for (const src of [...html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="(https?:)?\/\/[^"]*\.js"/gi)].map(
        (m) => m[0],
      )) {
        problems.push(`${page}: cross-origin script ${src}`)
      }
    }
    expect(problems).toEqual([])
  })
})

/** The page's `<meta http-equiv="Content-Security-Policy">` content, entity-decoded. */
function metaCsp(html: string): string | undefined {
  const tag = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)
  return tag?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

/**
 * Inline scripts the browser would execute (written independently of scripts/csp.ts on purpose): no `src`,
 * and no `type` or a JavaScript one (`module`, `text/javascript`, …). JSON and other data blocks do not run.
 */
function executableInlineScripts(html: string): string[] {
  const js = /^(|module|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/i
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].flatMap((m) => {
    const attrs = m[1] ?? ''
    if (/\ssrc\s*=/i.test(attrs)) return []
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs)
    const t = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim()
    return js.test(t) ? [m[2] ?? ''] : []
  })
}

/** `role` claim of a JWT's payload, or undefined when it does not decode. */
function jwtRole(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      role?: unknown
    }
    return typeof payload.role === 'string' ? payload.role : undefined
  } catch {
    return undefined
  }
}
