/**
 * Keeps the assistant informed about the page during a call: sends the page map (`./pageMap`) when the call
 * starts and again after each navigation — a client-side route change (history push/replace, e.g. the site's
 * react-router links), back/forward (`popstate`) or a fragment change — once the new page's DOM has settled.
 * A map equal to the last one sent is not sent again. Protocol: `src/voice/context/README.md`.
 *
 * Navigation is detected without patching the host's `history`: through the Navigation API's
 * `currententrychange` event where the browser has it, else by comparing `location.href` every `pollMs`;
 * `popstate` and `hashchange` are always listened to.
 * @module
 */
import type { AddMessageMessage } from '../engine/messages'
import { collectPageMap, serializePageMap, PAGE_MAP_IGNORE_SELECTOR, PAGE_MAP_MAX_BYTES } from './pageMap'
import { pageMapMessage } from './report'
import { pageAttrs } from './record'

/** Quiet time without DOM mutations after a navigation before the map is taken, in ms. */
export const DEFAULT_SETTLE_MS = 300
/**
 * How long after a navigation the DOM is watched, in ms: a lazily loaded route may keep the old page on screen
 * until its code has arrived, so the map is taken again after each later burst of changes until then.
 */
export const DEFAULT_MAX_SETTLE_MS = 5000
/** Interval of the `location.href` check where the Navigation API is missing, in ms. */
export const DEFAULT_POLL_MS = 500

/** Options of {@link createPageContext}. */
export interface PageContextOptions {
  /** The page the map describes. */
  doc: Document
  /** Sends a client message into the call; returns whether there was a call to send it through. */
  send: (message: AddMessageMessage) => boolean
  /** Byte budget of one map (UTF-8). @default 4096 */
  maxBytes?: number
  /** Subtrees left out of the map (the widget). @default `[data-voice-ignore]` */
  ignoreSelector?: string
  /** @default {@link DEFAULT_SETTLE_MS} */
  settleMs?: number
  /** @default {@link DEFAULT_MAX_SETTLE_MS} */
  maxSettleMs?: number
  /** @default {@link DEFAULT_POLL_MS} */
  pollMs?: number
  /** Timers (inject for tests). @default the document's window timers */
  setTimeout?: (fn: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
  setInterval?: (fn: () => void, ms: number) => unknown
  clearInterval?: (handle: unknown) => void
  /** Log sink. @default console */
  logger?: Pick<Console, 'warn'>
}

/** The page context of one call. */
export interface PageContext {
  /** Sends the current map (the call has started) and starts watching for navigations. Idempotent. */
  start(): void
  /** Sends the current map now if it differs from the last one sent; returns whether a message went out. */
  refresh(): boolean
  /** Stops watching; pending work is dropped. Idempotent. */
  stop(): void
  /** The last map text sent, or `null`. */
  readonly lastSent: string | null
}

interface NavigationLike {
  addEventListener(type: 'currententrychange', listener: () => void): void
  removeEventListener(type: 'currententrychange', listener: () => void): void
}

/** Creates the page context of one call; nothing happens before {@link PageContext.start}. */
export function createPageContext(options: PageContextOptions): PageContext {
  const { doc } = options
  const win = doc.defaultView
  const setT = options.setTimeout ?? ((fn, ms) => (win ?? globalThis).setTimeout(fn, ms))
  const clearT = options.clearTimeout ?? ((h) => (win ?? globalThis).clearTimeout(h as number))
  const setI = options.setInterval ?? ((fn, ms) => (win ?? globalThis).setInterval(fn, ms))
  const clearI = options.clearInterval ?? ((h) => (win ?? globalThis).clearInterval(h as number))
  const settleMs = Math.max(0, options.settleMs ?? DEFAULT_SETTLE_MS)
  const maxSettleMs = Math.max(settleMs, options.maxSettleMs ?? DEFAULT_MAX_SETTLE_MS)
  const log = options.logger ?? console
  const ignoreSelector = options.ignoreSelector ?? PAGE_MAP_IGNORE_SELECTOR

  let running = false
  let lastSent: string | null = null
  let lastHref = ''
  let poll: unknown
  let quietTimer: unknown
  let capTimer: unknown
  let observer: MutationObserver | undefined
  const navigation = (win as (Window & { navigation?: NavigationLike }) | null)?.navigation

  const currentHref = (): string => {
    try {
      return win?.location.href ?? ''
    } catch {
      return ''
    }
  }

  const refresh = (): boolean => {
    try {
      const text = serializePageMap(collectPageMap(doc, { ignoreSelector }), {
        maxBytes: options.maxBytes ?? PAGE_MAP_MAX_BYTES,
      })
      if (text === lastSent) return false
      if (!options.send(pageMapMessage(text, pageAttrs(doc)))) return false
      lastSent = text
      return true
    } catch (error) {
      log.warn('[voice] could not send the page map', error)
      return false
    }
  }

  const cancelSettle = () => {
    if (quietTimer !== undefined) clearT(quietTimer)
    if (capTimer !== undefined) clearT(capTimer)
    quietTimer = capTimer = undefined
    observer?.disconnect()
    observer = undefined
  }

  /** The DOM has been quiet for `settleMs`: send the map; keep watching until the cap (a lazy page may still come). */
  const quiet = () => {
    quietTimer = undefined
    if (running) refresh()
  }
  const capped = () => {
    cancelSettle()
    if (running) refresh()
  }

  /** True when a mutation record concerns the page, not the widget (whose status text changes all the time). */
  const relevant = (record: MutationRecord): boolean => {
    const node = record.target
    const el = node.nodeType === 1 ? (node as Element) : node.parentElement
    try {
      return !el?.closest(ignoreSelector)
    } catch {
      return true
    }
  }

  /**
   * After a navigation: the map is taken once the page's DOM (not the widget's) has changed and then been quiet
   * for `settleMs`, again after every later burst of changes, and a last time `maxSettleMs` after the
   * navigation (also when nothing changed, e.g. a fragment link); only a changed map is sent.
   */
  const onNavigate = () => {
    if (!running) return
    const href = currentHref()
    if (href === lastHref) return
    lastHref = href
    cancelSettle()
    capTimer = setT(capped, maxSettleMs)
    const MO = (win as (Window & { MutationObserver?: typeof MutationObserver }) | null)?.MutationObserver
    if (!MO || !doc.body) {
      quietTimer = setT(quiet, settleMs)
      return
    }
    observer = new MO((records) => {
      if (!records.some(relevant)) return
      if (quietTimer !== undefined) clearT(quietTimer)
      quietTimer = setT(quiet, settleMs)
    })
    observer.observe(doc.body, { childList: true, subtree: true, characterData: true })
  }

  return {
    start() {
      if (running) return
      running = true
      lastHref = currentHref()
      refresh()
      if (!win) return
      win.addEventListener('popstate', onNavigate)
      win.addEventListener('hashchange', onNavigate)
      if (navigation) navigation.addEventListener('currententrychange', onNavigate)
      else poll = setI(onNavigate, Math.max(50, options.pollMs ?? DEFAULT_POLL_MS))
    },
    refresh,
    stop() {
      if (!running) return
      running = false
      cancelSettle()
      if (poll !== undefined) clearI(poll)
      poll = undefined
      if (!win) return
      win.removeEventListener('popstate', onNavigate)
      win.removeEventListener('hashchange', onNavigate)
      navigation?.removeEventListener('currententrychange', onNavigate)
    },
    get lastSent() {
      return lastSent
    },
  }
}
