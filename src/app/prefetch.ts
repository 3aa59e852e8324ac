import { eachWhenIdle } from '../lib/idle'

/**
 * Id of the `<template>` in which the build (scripts/postbuild.ts `trimModulePreloads`) lists, as
 * `<link rel="prefetch">`, the chunks a pre-rendered page needs to hydrate.
 */
export const PREFETCH_TEMPLATE_ID = 'app-prefetch'

/**
 * After the `load` event, in idle periods (each waited for at most 5000 ms), fetches the chunks listed in
 * `<template id="app-prefetch">` at low priority and reads their bodies, so they are in the HTTP cache (hashed,
 * cached for a year) when the app loads. Nothing is compiled or run. Starting a fetch costs the main thread
 * about 1 ms and a page lists ~30 chunks, so the fetches are spread over idle callbacks within their deadlines
 * (`eachWhenIdle`): in one task they made a long task (~35 ms, ~140 ms at a phone's 4× slower CPU).
 * Skipped when the visitor asked to save data (`navigator.connection.saveData`) or the page has no such
 * template. Browser only.
 */
export function prefetchApp(): void {
  const template = document.getElementById(PREFETCH_TEMPLATE_ID)
  if (!(template instanceof HTMLTemplateElement)) return
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return
  const urls = [...template.content.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')!)
  const fetchOne = (url: string) =>
    void fetch(url, { priority: 'low', credentials: 'same-origin' } as RequestInit)
      .then((response) => response.blob())
      .catch(() => undefined)
  const later = () => void eachWhenIdle(urls, fetchOne, 5000)
  if (document.readyState === 'complete') later()
  else window.addEventListener('load', later, { once: true })
}
