/**
 * The worker of the app-chunk prefetch (`prefetchApp`, src/app/prefetch.ts). It fetches each URL it is sent at
 * low priority and reads the body, so the response lands in the HTTP cache, which a dedicated worker shares with
 * its page; responses are handled on this thread, none on the page's main thread. Then it closes itself.
 * Message in: `string[]`, same-origin URLs. Nothing is sent back.
 */
import { PREFETCH_REQUEST } from './prefetchRequest'

/** The part of `DedicatedWorkerGlobalScope` used here (the project compiles against the DOM library). */
const scope = self as unknown as { onmessage: ((event: MessageEvent<string[]>) => void) | null; close(): void }

scope.onmessage = (event) => {
  const reads = event.data.map((url) => fetch(url, PREFETCH_REQUEST).then((response) => response.arrayBuffer()))
  void Promise.allSettled(reads).then(() => scope.close())
}
