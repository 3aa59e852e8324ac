/**
 * The `open_page` tool: opens a page of this site in this tab. The conversation goes on on the new page through
 * the handoff (src/voice/session/handoff.ts: a same-origin navigation hands the call over; the new page sends its
 * page map). Refused, in words the assistant can repeat: another origin, any scheme but http(s), and a path that
 * is not on the site (not found by a search, not linked from this page, and not answered with an HTML page by
 * the site).
 * @module
 */

/** What {@link checkPage} decided. */
export type OpenPageDecision = { ok: true; url: string; path: string } | { ok: false; error: string }

/** Options of {@link checkPage}. */
export interface OpenPageOptions {
  /** The visitor's page. @default window */
  win?: Window
  /** Paths a search returned in this conversation (`SiteSearch.foundPaths`). */
  foundPaths?: ReadonlySet<string>
  /** @default globalThis.fetch */
  fetch?: typeof fetch
}

/** Path of a URL as the assistant should say it (`/help/refunds#timing`). */
const pathOf = (u: URL) => `${u.pathname}${u.search}${u.hash}`

/**
 * Decides whether `target` (a path or URL from the index, the page map or a search result) may be opened.
 * Never throws.
 */
export async function checkPage(target: unknown, options: OpenPageOptions = {}): Promise<OpenPageDecision> {
  const win = options.win ?? window
  const raw = typeof target === 'string' ? target.trim() : ''
  if (raw === '' || raw.length > 2000)
    return { ok: false, error: 'no page was named: give a path of this site, like /pricing' }
  let url: URL
  try {
    url = new URL(raw, win.location.href)
  } catch {
    return { ok: false, error: `"${raw.slice(0, 80)}" is not a path of this site` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, error: 'only pages of this site can be opened, not other kinds of address' }
  const origin = win.location.origin
  if (url.origin !== origin)
    return {
      ok: false,
      error: `${url.host} is another website; only pages of this site (${win.location.host}) can be opened`,
    }
  const path = pathOf(url)
  const here = new URL(win.location.href)
  if (url.pathname === here.pathname && url.search === here.search)
    return url.hash && url.hash !== here.hash
      ? { ok: true, url: url.href, path }
      : { ok: false, error: 'the visitor is already on that page' }
  if (options.foundPaths?.has(url.pathname)) return { ok: true, url: url.href, path }
  // A link of this page (the page map names the same links).
  for (const a of win.document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    try {
      const h = new URL(a.href, win.location.href)
      if (h.origin === origin && h.pathname === url.pathname) return { ok: true, url: url.href, path }
    } catch {
      /* not a URL */
    }
  }
  // Otherwise the site itself says whether the page exists.
  try {
    const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
    const res = await doFetch(url.href, { method: 'HEAD', credentials: 'same-origin', redirect: 'follow' })
    const type = res.headers.get('content-type') ?? ''
    if (res.ok && /text\/html|application\/xhtml\+xml/.test(type) && new URL(res.url || url.href).origin === origin)
      return { ok: true, url: url.href, path }
  } catch {
    /* answered below */
  }
  return { ok: false, error: `there is no page ${url.pathname} on this site; search the site for the right one` }
}
