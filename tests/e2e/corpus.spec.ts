/**
 * The third-party page corpus (tests/fixtures/sites, tables in cases.ts) in Chromium: each page is served by a
 * local static server, the command executor (src/voice/commands, bundled with esbuild) is loaded into it, and
 * every command of the page's table runs. A case passes when the element acted on is exactly the expected one
 * (and a fill wrote the value), or the command is refused for the expected reason with nothing acted on.
 * Layout is real here, so this is where the visibility rules (opacity, zero size, clipping, off-page honeypots,
 * below the fold) are checked. Prints a closing summary; wrong targets must be 0.
 */
import { expect, test } from '@playwright/test'
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { CORPUS, installActPathResolver, type CorpusCase } from '../fixtures/sites/cases'
import { startStaticOrigin, type StaticOrigin } from '../servers/static-origin'

// One worker, pages in order (a failing page does not skip the rest): the closing summary counts every page.
test.describe.configure({ mode: 'default' })

const ROOT = fileURLToPath(new URL('../fixtures/sites/', import.meta.url))
const ENTRY = fileURLToPath(new URL('../../src/voice/commands/index.ts', import.meta.url))

let server: StaticOrigin | undefined
let base = ''
let bundle = ''

test.beforeAll(async () => {
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    globalName: 'VoiceCommands',
    write: false,
    target: 'es2022',
    logLevel: 'silent',
  })
  bundle = out.outputFiles[0]!.text
  server = await startStaticOrigin({ port: 0, root: ROOT })
  base = `${server.origin}/`
})

test.afterAll(async () => {
  await server?.close()
})

interface Outcome {
  say: string
  kind: 'hit' | 'refused-as-expected' | 'wrong'
  detail: string
}

const outcomes: Outcome[] = []
/** The corpus pages this worker ran (a subset when `--grep` picks some, or after a failure restarted the worker). */
const pagesRun = new Set<string>()

test.afterAll(() => {
  if (pagesRun.size === 0) return
  const count = (k: Outcome['kind']) => outcomes.filter((o) => o.kind === k).length
  const pages = pagesRun.size === CORPUS.length ? `${CORPUS.length}` : `${pagesRun.size} of ${CORPUS.length}`
  const lines = [
    `corpus: ${outcomes.length} commands on ${pages} pages — exact hits ${count('hit')}, refusals as expected ${count('refused-as-expected')}, wrong targets ${count('wrong')}`,
    ...outcomes.filter((o) => o.kind === 'wrong').map((o) => `  WRONG: ${o.say}: ${o.detail}`),
  ]
  console.log(lines.join('\n'))
})

for (const page of CORPUS) {
  test(`corpus: ${page.file} — ${page.pattern}`, async ({ page: tab }) => {
    pagesRun.add(page.file)
    const errors: string[] = []
    tab.on('pageerror', (e) => errors.push(String(e)))
    await tab.setViewportSize({ width: 1280, height: 800 })
    await tab.addInitScript(installActPathResolver)
    await tab.goto(base + page.file)
    await tab.waitForLoadState('load')
    await tab.addScriptTag({ content: bundle })
    await tab.evaluate(() => {
      const w = window as unknown as Record<string, unknown>
      const guard = (doc: Document) => {
        // Keep the page: links and forms act, but never navigate away.
        doc.addEventListener('click', (e) => {
          const a = e
            .composedPath()
            .find((n) => n instanceof Element && (n.localName === 'a' || n.localName === 'area'))
          if (a) e.preventDefault()
        })
        doc.addEventListener('submit', (e) => e.preventDefault(), true)
      }
      guard(document)
      for (const frame of Array.from(document.querySelectorAll('iframe')))
        if (frame.contentDocument) guard(frame.contentDocument)
      const api = w.VoiceCommands as { createCommandExecutor: (o: object) => { execute: (m: unknown) => unknown } }
      w.__executor = api.createCommandExecutor({
        notify: () => {},
        logger: {},
        highlightMs: 0,
        prefersReducedMotion: true,
      })
    })
    const failures: string[] = []
    for (const c of page.cases) {
      const outcome = await runCase(tab, c)
      outcomes.push(outcome)
      if (outcome.kind === 'wrong') failures.push(`${c.say}: ${outcome.detail}`)
    }
    expect(await tab.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(errors).toEqual([])
    expect(failures).toEqual([])
  })
}

async function runCase(tab: import('@playwright/test').Page, c: CorpusCase): Promise<Outcome> {
  const result = await tab.evaluate(
    async ({ command, expected }) => {
      const resolve = (window as unknown as Record<string, (path: string) => Element | null>)['__resolveActPath']!
      const clicks: Element[] = []
      const inputs: Element[] = []
      const docs = [
        document,
        ...Array.from(document.querySelectorAll('iframe')).flatMap((f) =>
          f.contentDocument ? [f.contentDocument] : [],
        ),
      ]
      const onClick = (e: Event) => clicks.push(e.composedPath()[0] as Element)
      const onInput = (e: Event) => inputs.push(e.composedPath()[0] as Element)
      for (const d of docs) {
        d.addEventListener('click', onClick, true)
        d.addEventListener('input', onInput, true)
      }
      const scrollBefore = window.scrollY
      const read = (window as unknown as Record<string, (el: Element) => string | undefined>)['__readCaseValue']!
      const restoreEl = expected && 'restores' in expected && expected.restores ? resolve(expected.restores) : null
      const restoreBefore = restoreEl ? read(restoreEl) : undefined
      const executor = (
        window as unknown as {
          __executor: {
            execute: (m: unknown) => Result
          }
        }
      ).__executor
      type Result = {
        status: string
        reason?: string
        detail?: string
        target?: Element
        settled?: Promise<void>
        settledResult?: Result
      }
      let r = executor.execute(command)
      // A fill of a combobox whose list is drawn in later turns ends after execute() returns.
      if (r.settled) {
        await r.settled
        r = r.settledResult ?? r
      }
      for (const d of docs) {
        d.removeEventListener('click', onClick, true)
        d.removeEventListener('input', onInput, true)
      }
      const target = expected && 'act' in expected ? resolve(expected.act) : null
      const popup = restoreEl?.getAttribute('aria-controls')
      const popupEl = popup ? (restoreEl!.getRootNode() as Document).getElementById(popup) : null
      const onlyRestored =
        restoreEl !== null &&
        [...clicks, ...inputs].every((el) => el === restoreEl || restoreEl.contains(el) || popupEl?.contains(el)) &&
        read(restoreEl) === restoreBefore
      const valueEl = expected && 'act' in expected && expected.valueAt ? resolve(expected.valueAt) : target
      const describe = (el: Element | undefined | null) =>
        el ? `<${el.localName}${el.id ? `#${el.id}` : ''}>` : 'nothing'
      return {
        status: r.status,
        reason: r.reason ?? '',
        detail: r.detail ?? '',
        actedOnExpected: target !== null && r.target === target,
        expectedFound: target !== null,
        actedOn: describe(r.target),
        value: valueEl ? read(valueEl) : undefined,
        sideEffects: onlyRestored ? 0 : clicks.length + inputs.length,
        scrolled: window.scrollY !== scrollBefore,
      }
    },
    { command: c.command, expected: c.expect },
  )
  const e = c.expect
  if ('refuse' in e) {
    const namesOk =
      (e.names ?? []).every((n) => result.detail.includes(`"${n}"`)) &&
      (e.says === undefined || result.detail.includes(e.says))
    if (result.status === 'refused' && result.reason === e.refuse && namesOk && result.sideEffects === 0) {
      return { say: c.say, kind: 'refused-as-expected', detail: result.detail }
    }
    return {
      say: c.say,
      kind: 'wrong',
      detail: `expected refusal ${e.refuse}${e.names ? ` naming ${e.names.join(', ')}` : ''}${e.says ? ` saying ${e.says}` : ''}, got ${result.status} ${result.reason} on ${result.actedOn} (${result.detail})`,
    }
  }
  if ('scroll' in e) {
    return result.status === 'executed' && result.scrolled
      ? { say: c.say, kind: 'hit', detail: 'scrolled' }
      : { say: c.say, kind: 'wrong', detail: `expected a scroll, got ${result.status} ${result.reason}` }
  }
  if (!result.expectedFound)
    return { say: c.say, kind: 'wrong', detail: `the table's element ${e.act} is not on the page` }
  const valueOk = e.value === undefined || result.value === e.value
  if (result.status === 'executed' && result.actedOnExpected && valueOk)
    return { say: c.say, kind: 'hit', detail: result.actedOn }
  return {
    say: c.say,
    kind: 'wrong',
    detail: `expected ${e.act}${e.value !== undefined ? ` = ${e.value}` : ''}, got ${result.status} ${result.reason} on ${result.actedOn} (${result.detail}; value ${String(result.value)})`,
  }
}
