/**
 * How the app-chunk prefetch requests each chunk, from its worker (src/app/prefetch.worker.ts) or from the page
 * (src/app/prefetch.ts): at low priority (Fetch Priority, `priority: 'low'`), with the cookies of the site's own
 * origin only, as the app's own module loads would. The body is then read in full, so the response lands in the
 * HTTP cache.
 */
export const PREFETCH_REQUEST: RequestInit = { priority: 'low', credentials: 'same-origin' }
