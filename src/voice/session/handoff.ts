/**
 * One conversation across the pages of a multi-page site (README "Add VoiceOS to your site" → "One conversation
 * across pages"). While a call runs, {@link watchForHandoff} watches where the page goes. When it is hidden:
 * - by a navigation to a page of the same origin (a link clicked by voice or by hand, a form submit, reload,
 *   back/forward, `location.assign`): it writes a handoff record to this tab's `sessionStorage`, and the next
 *   page of the tab rejoins the same call ({@link claimHandoff}, then the engine's `reconnect(webCall)`);
 * - by a navigation to another origin: it ends the call through the call's Live Call Control URL
 *   (`monitor.controlUrl`, `{ "type": "end-call" }`) with a keepalive request that outlives the page (a
 *   `sendBeacon` where keepalive `fetch` is missing);
 * - with no known destination (a reload or back/forward from the browser's buttons, the tab closing, a typed
 *   address — a page cannot tell these apart at pagehide): it hands off; a closed tab's record dies with the tab
 *   and its call, without a participant, is ended by the assistant's silence timeout.
 * Where the destination comes from: the Navigation API's `navigate` event (`destination.url`: links, form
 * submits, `location.*`, page-initiated reloads and history moves); where the browser lacks it, clicks on links
 * and form submits.
 *
 * The record holds what the page already held (the web call's id, room URL and control URL, the session id and
 * the assistant id), lives in this tab's sessionStorage only, and expires {@link HANDOFF_TTL_MS} after the page
 * was hidden. Other tabs never see it (sessionStorage is per tab); a duplicated tab gets a copy, so a record is
 * claimed once per origin through a localStorage mark keyed by its random nonce.
 * @module
 */
import {
  HANDOFF_KEY,
  handoffTurns,
  storageOf,
  type HandoffEnvironment,
  type HandoffRecord,
  type HandoffWebCall,
} from './handoffRecord'

export {
  HANDOFF_KEY,
  HANDOFF_TTL_MS,
  claimHandoff,
  handoffWebCall,
  hasHandoff,
  type HandoffEnvironment,
  type HandoffRecord,
  type HandoffWebCall,
} from './handoffRecord'

/** Options of {@link watchForHandoff}. */
export interface WatchOptions extends HandoffEnvironment {
  webCall: HandoffWebCall
  sessionId: string
  assistantId: string
  /** Called once at pagehide, before the record is written or the end request sent (the session stops routing commands). */
  onHidden?: (handoff: boolean) => void
  /** The conversation so far, carried in the record (the next page's open panel shows it). */
  transcript?: () => HandoffRecord['turns']
}

/** Whether `url` is on `origin`. */
const sameOrigin = (url: string | undefined, origin: string): boolean => {
  if (!url) return false
  try {
    return new URL(url, origin).origin === origin
  } catch {
    return false
  }
}

/**
 * Watches the page while a call runs (see the module docs). Returns `stop()`, which removes every listener (call
 * it when the call ends on this page: nothing is handed off or ended then).
 */
export function watchForHandoff(options: WatchOptions): { stop(): void } {
  const win = options.win ?? (typeof window === 'undefined' ? undefined : window)
  if (!win) return { stop() {} }
  const now = options.now ?? Date.now
  const origin = win.location.origin
  const nav = (win as unknown as { navigation?: EventTarget }).navigation
  let destination: string | undefined
  let stopped = false

  const onNavigate = (e: Event) => {
    destination = (e as unknown as { destination?: { url?: string } }).destination?.url
  }
  const onClick = (e: Event) => {
    const a = (e.composedPath?.()[0] as Element | undefined)?.closest?.<HTMLAnchorElement>('a[href]')
    if (a && (!a.target || a.target === '_self') && !a.hasAttribute('download')) destination = a.href
  }
  const onSubmit = (e: Event) => {
    const form = e.target as HTMLFormElement | null
    if (form && (!form.target || form.target === '_self')) destination = form.action || win.location.href
  }
  const onPageHide = () => {
    if (stopped) return
    stopped = true
    remove()
    // A known destination decides. An unknown one is a reload or back/forward from the browser's own buttons
    // (Chromium fires no `navigate` for those), or the tab closing, or a typed address: the page cannot tell
    // them apart, so it hands off — a reload keeps its conversation — and a tab that closed leaves a record that
    // dies with it, its call ended by the assistant's silence timeout (README: the worst case).
    const handoff = destination === undefined || sameOrigin(destination, origin)
    options.onHidden?.(handoff)
    if (handoff) {
      const record: HandoffRecord = {
        v: 1,
        nonce: randomNonce(win),
        savedAt: now(),
        origin,
        sessionId: options.sessionId,
        assistantId: options.assistantId,
        webCall: options.webCall,
      }
      const turns = handoffTurns(options.transcript?.())
      if (turns.length) record.turns = turns
      try {
        ;(options.session === undefined ? storageOf(win, 'sessionStorage') : options.session)?.setItem(
          HANDOFF_KEY,
          JSON.stringify(record),
        )
      } catch {
        endCall(options.webCall, win) // nowhere to hand it to
      }
    } else endCall(options.webCall, win)
  }
  const remove = () => {
    nav?.removeEventListener('navigate', onNavigate)
    win.document.removeEventListener('click', onClick, true)
    win.document.removeEventListener('submit', onSubmit, true)
    win.removeEventListener('pagehide', onPageHide)
  }
  nav?.addEventListener('navigate', onNavigate)
  if (!nav) {
    win.document.addEventListener('click', onClick, true)
    win.document.addEventListener('submit', onSubmit, true)
  }
  win.addEventListener('pagehide', onPageHide)
  return {
    stop() {
      if (stopped) return
      stopped = true
      remove()
    },
  }
}

/**
 * Ends a call from a page that is going away: `POST {monitor.controlUrl}` with `{"type":"end-call"}` (Live Call
 * Control), as a keepalive `fetch` (survives the page), else `navigator.sendBeacon` (as text/plain, which needs no
 * preflight). Returns whether a request was queued (false without a control URL). Never throws.
 */
export function endCall(
  webCall: HandoffWebCall,
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): boolean {
  const url = webCall.monitor?.controlUrl
  if (!url || !win) return false
  const body = JSON.stringify({ type: 'end-call' })
  try {
    if (typeof win.fetch === 'function') {
      void win
        .fetch(url, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body })
        .catch(() => undefined)
      return true
    }
  } catch {
    /* fall through to the beacon */
  }
  try {
    return win.navigator.sendBeacon?.(url, body) ?? false
  } catch {
    return false
  }
}
/** The one short message that tells the assistant where the visitor is now (and what the gap means for commands). */
export function arrivalMessage(doc: Document): string {
  const title = doc.title.trim() || doc.location.pathname
  return `The visitor is now on ${title} (${doc.location.pathname}). Commands sent while the page was loading were not run; send again any you still need.`
}

function randomNonce(win: Window): string {
  const bytes = new Uint8Array(12)
  win.crypto?.getRandomValues?.(bytes)
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('') || String(Math.random()).slice(2)
}
