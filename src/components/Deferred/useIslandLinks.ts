import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'

/**
 * Client-side navigation for links inside islands ({@link createIsland}), whose server HTML is adopted
 * without React Router's `<Link>` handlers. One `click` listener on `document` (bubble phase, so hydrated
 * links that already handled the click — `defaultPrevented` — are left alone) turns a plain primary click on
 * a same-origin `<a href>` inside `[data-island]` into `navigate()`, as `<Link>` would: the page is not
 * reloaded, so a running voice call survives (SPEC §4) whether a visitor or a voice command clicked.
 *
 * Left to the browser: modified clicks (Ctrl/⌘/Shift/Alt, other buttons), `target` other than `_self`,
 * `download`, other origins and schemes (`mailto:`), and `#fragment` links within the current page.
 * Mount once, under the router (the site's layout does).
 */
export function useIslandLinks(): void {
  const navigate = useNavigate()
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return
      const target = event.target instanceof Element ? event.target : null
      const anchor = target?.closest<HTMLAnchorElement>('a[href]')
      if (!anchor?.closest('[data-island]')) return
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href, window.location.href)
      if (url.origin !== window.location.origin) return
      if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return
      event.preventDefault()
      void navigate(url.pathname + url.search + url.hash)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
