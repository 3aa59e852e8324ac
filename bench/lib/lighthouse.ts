/**
 * One Lighthouse 12 run (Node API) in a fresh headless Chromium: mobile preset, default simulated throttling,
 * the four categories. Chromium is the one the tests use (scripts/chromium.ts), with its quiet-network flags.
 */
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium'

/** What the bench keeps of one run. */
export interface LighthouseRun {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  /** Bytes of JavaScript transferred (compressed, as on the wire), from the resource summary. */
  jsTransfer: number
  /** Script URLs requested (path only) with their transfer size. */
  scripts: Array<{ path: string; transfer: number }>
  /** The LCP element's HTML snippet, as Lighthouse saw it. */
  lcpElement: string
  /** Failed audits of the non-performance categories (id: title), to explain a score below 100. */
  failed: string[]
  /** What the unthrottled load really did (ms from navigation start): first paint, FCP, LCP, DOMContentLoaded, load. */
  observed: { fcpMs: number; lcpMs: number; domContentLoadedMs: number; loadMs: number }
}

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]

interface Audit {
  id: string
  title: string
  score: number | null
  scoreDisplayMode: string
  numericValue?: number
  details?: { items?: Array<Record<string, unknown>> }
}
interface Lhr {
  runtimeError?: { code: string; message: string }
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>
  audits: Record<string, Audit>
}

/** A short account of a failed audit's items (e.g. which Chrome issue, which element). */
function detailsOf(a: Audit): string {
  const items = (a.details?.items ?? []).slice(0, 3).map((item) => {
    const sub = (item.subItems as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []
    const parts = [
      item.issueType,
      item.description,
      (item.node as { snippet?: string } | undefined)?.snippet,
      ...sub.slice(0, 2).map((s) => JSON.stringify(s)),
    ]
    return parts
      .filter((p) => typeof p === 'string' && p)
      .join(' ')
      .slice(0, 240)
  })
  return items.length ? ` — ${items.join(' | ')}` : ''
}

function lcpElementOf(lhr: Lhr): string {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? []
  const first = (tables[0] as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items?.[0]
  return first?.node?.snippet?.slice(0, 160) ?? ''
}

/**
 * Runs Lighthouse on `url` and returns the scores (0–100) and metrics. A run that Lighthouse itself reports as
 * broken (a `runtimeError` such as NO_NAVSTART, which happens on a busy machine) is repeated, up to `attempts`
 * times in all. @throws Error with Lighthouse's code when every attempt failed. @default attempts 3
 */
export async function runLighthouse(url: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url)
    } catch (e) {
      if (attempt >= attempts || !(e instanceof LighthouseRuntimeError)) throw e
      console.warn(`${e.message} (attempt ${attempt} of ${attempts}, retrying)`)
    }
  }
}

/** Lighthouse finished but could not measure the page (`lhr.runtimeError`). */
class LighthouseRuntimeError extends Error {
  override readonly name = 'LighthouseRuntimeError'
}

async function runLighthouseOnce(url: string): Promise<LighthouseRun> {
  const chromePath = findChromium()
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const lhr = result.lhr as unknown as Lhr
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(`Lighthouse ${lhr.runtimeError.code} on ${url}: ${lhr.runtimeError.message}`)
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const summary = lhr.audits['resource-summary']?.details?.items ?? []
    const jsTransfer = Number(summary.find((i) => i.resourceType === 'script')?.transferSize ?? 0)
    const requests = lhr.audits['network-requests']?.details?.items ?? []
    const scripts = requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ path: new URL(String(r.url)).pathname, transfer: Number(r.transferSize ?? 0) }))
    const failed = ['accessibility', 'best-practices', 'seo'].flatMap((cat) =>
      (lhr.categories[cat]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a): a is Audit => !!a && a.scoreDisplayMode === 'binary' && a.score !== null && a.score < 1)
        .map((a) => `${cat}/${a.id}: ${a.title}${detailsOf(a)}`),
    )
    const m = (lhr.audits['metrics']?.details?.items?.[0] ?? {}) as Record<string, number | undefined>
    const observed = {
      fcpMs: m.observedFirstContentfulPaint ?? Number.NaN,
      lcpMs: m.observedLargestContentfulPaint ?? Number.NaN,
      domContentLoadedMs: m.observedDomContentLoaded ?? Number.NaN,
      loadMs: m.observedLoad ?? Number.NaN,
    }
    return {
      observed,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      fcpMs: num('first-contentful-paint'),
      jsTransfer,
      scripts,
      lcpElement: lcpElementOf(lhr),
      failed,
    }
  } finally {
    chrome.kill()
  }
}
