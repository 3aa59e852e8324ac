// @vitest-environment happy-dom
/**
 * The idle-time prefetch of the app's chunks (src/app/prefetch.ts `prefetchApp`): the URLs listed in
 * `<template id="app-prefetch">` go to a worker once the page has loaded and is idle; where no worker can be
 * started, the page fetches them itself; nothing is fetched under Save-Data.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { prefetchApp, PREFETCH_TEMPLATE_ID } from '../../../src/app/prefetch'

const LISTED = ['/assets/main-a1.js', '/assets/client-b2.js']

/** Stand-in for `Worker` that records what it was started with and sent (happy-dom has no workers). */
class RecordingWorker extends EventTarget {
  static started: Array<{ url: string; options?: WorkerOptions; sent: unknown[]; worker: RecordingWorker }> = []
  readonly sent: unknown[] = []
  constructor(url: URL | string, options?: WorkerOptions) {
    super()
    RecordingWorker.started.push({ url: String(url), options, sent: this.sent, worker: this })
  }
  postMessage(message: unknown): void {
    this.sent.push(message)
  }
}

let idle: Array<() => void> = []
const fetches: string[] = []

beforeEach(() => {
  document.body.innerHTML = `<template id="${PREFETCH_TEMPLATE_ID}">${LISTED.map((href) => `<link rel="prefetch" href="${href}">`).join('')}</template>`
  idle = []
  fetches.length = 0
  RecordingWorker.started = []
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb))
  vi.stubGlobal('cancelIdleCallback', () => {})
  vi.stubGlobal('fetch', (url: string) => {
    fetches.push(url)
    return Promise.resolve(new Response('x'))
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

const absolute = (path: string) => new URL(path, document.baseURI).href
const runIdle = () => {
  while (idle.length) idle.shift()!()
}

describe('prefetchApp', () => {
  it('sends the listed chunks (absolute URLs) to a worker when the loaded page is idle, and fetches none itself', () => {
    vi.stubGlobal('Worker', RecordingWorker)
    prefetchApp()
    expect(RecordingWorker.started).toHaveLength(0) // not before an idle period
    runIdle()
    expect(RecordingWorker.started).toHaveLength(1)
    expect(RecordingWorker.started[0]!.url).toMatch(/prefetch\.worker/)
    expect(RecordingWorker.started[0]!.sent).toEqual([LISTED.map(absolute)])
    expect(fetches).toEqual([])
  })

  it('fetches from the page, in idle callbacks, where no worker can be started', () => {
    vi.stubGlobal('Worker', undefined)
    prefetchApp()
    runIdle()
    expect(fetches).toEqual(LISTED.map(absolute))
  })

  it('fetches from the page once when the worker fails to load', () => {
    vi.stubGlobal('Worker', RecordingWorker)
    prefetchApp()
    runIdle()
    const { worker } = RecordingWorker.started[0]!
    worker.dispatchEvent(new Event('error'))
    worker.dispatchEvent(new Event('error'))
    runIdle()
    expect(fetches).toEqual(LISTED.map(absolute))
  })

  it('fetches nothing when the visitor asked to save data, or the page lists nothing', () => {
    vi.stubGlobal('Worker', RecordingWorker)
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } })
    prefetchApp()
    runIdle()
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: false } })
    document.body.innerHTML = ''
    prefetchApp()
    runIdle()
    expect(RecordingWorker.started).toHaveLength(0)
    expect(fetches).toEqual([])
  })
})
