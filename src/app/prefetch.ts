// With extensions: vite.config.ts imports this file, and Vite's native config loader resolves no bare paths.
import { eachWhenIdle, whenIdle } from '../lib/idle.ts'
import { PREFETCH_REQUEST } from './prefetchRequest.ts'

/**
 * Id of the `<template>` in which the build (scripts/postbuild.ts `trimModulePreloads`) lists, as
 * `<link rel="prefetch">`, the chunks a pre-rendered page needs to hydrate.
 */
export const PREFETCH_TEMPLATE_ID = 'app-prefetch'

/** How long the prefetch waits for an idle period after `load`, at most, in ms. */
const IDLE_TIMEOUT_MS = 5000

/**
 * After the `load` event, once the browser is idle (at most 5000 ms later), fetches the chunks listed in
 * `<template id="app-prefetch">` into the HTTP cache (hashed, cached for a year), so they are there when the app
 * loads at the visitor's first intent. Nothing is compiled or run.
 *
 * The fetches run in a dedicated worker (src/app/prefetch.worker.ts), which shares the page's HTTP cache: a
 * page lists ~30 chunks, and fetched from the page each one cost its main thread a task (starting it ~1 ms,
 * handling its response 10–20 ms at a phone's 4× slower CPU, measured in Lighthouse's trace). Where no worker
 * can be started (no `Worker`, or it fails to load), the page fetches them itself, spread over idle callbacks
 * (`eachWhenIdle`). Skipped when the visitor asked to save data (`navigator.connection.saveData`) or the page
 * has no such template. Browser only.
 */
export function prefetchApp(): void {
  const template = document.getElementById(PREFETCH_TEMPLATE_ID)
  if (!(template instanceof HTMLTemplateElement)) return
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return
  const urls = [...template.content.querySelectorAll('link[href]')].map(
    (link) => new URL(link.getAttribute('href')!, document.baseURI).href,
  )
  if (!urls.length) return
  let fellBack = false
  const fromPage = () => {
    if (fellBack) return
    fellBack = true
    eachWhenIdle(urls, fetchOne, IDLE_TIMEOUT_MS)
  }
  const start = () => {
    try {
      const worker = new Worker(new URL('./prefetch.worker.ts', import.meta.url), {
        type: 'module',
        name: 'app-prefetch',
      })
      worker.addEventListener('error', fromPage)
      worker.postMessage(urls)
    } catch {
      fromPage()
    }
  }
  const later = () => void whenIdle(start, IDLE_TIMEOUT_MS)
  if (document.readyState === 'complete') later()
  else window.addEventListener('load', later, { once: true })
}

/** Fetches `url` at low priority and reads its body, from the page (the fallback of {@link prefetchApp}). */
function fetchOne(url: string): void {
  fetch(url, PREFETCH_REQUEST)
    .then((response) => response.blob())
    .catch(() => undefined)
}
