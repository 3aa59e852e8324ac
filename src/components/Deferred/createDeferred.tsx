import { startTransition, useEffect, useReducer, type ComponentType } from 'react'
import { componentLoader } from './registry'

/** Runs `fn` when the browser is idle (or after `timeoutMs` at the latest); returns a canceller. */
function whenIdle(fn: () => void, timeoutMs: number): () => void {
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number
    cancelIdleCallback?: (id: number) => void
  }
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: timeoutMs })
    return () => w.cancelIdleCallback?.(id)
  }
  const id = setTimeout(fn, 1)
  return () => clearTimeout(id)
}

/**
 * A component whose real implementation is loaded after hydration, when the browser is idle (at most
 * `timeoutMs` later), instead of being part of the page's initial JavaScript. Until then — during
 * pre-rendering, hydration and the first idle moment — `Placeholder` renders with the same props and must
 * look the same (so nothing shifts). Used for overlay machinery (menus, dialogs, toasts) that no visitor can
 * use in the first frames anyway. Every instance shares one load.
 *
 * @param load dynamic import of the real component (`() => import('./X').then((m) => m.X)`).
 * @param Placeholder server-rendered stand-in. @param timeoutMs idle deadline in ms. @default 1500
 * @returns the component; `.preload()` starts the load early (e.g. on pointer enter).
 */
export function createDeferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: ComponentType<P>,
  timeoutMs = 1500,
): ComponentType<P> & { preload: () => Promise<void> } {
  const { preload, loaded } = componentLoader(load)

  function Deferred(props: P) {
    const [, rerender] = useReducer((n: number) => n + 1, 0)
    useEffect(() => {
      if (loaded()) return
      let alive = true
      const cancel = whenIdle(() => {
        preload().then(
          () => {
            // A transition: React renders the real component in 5 ms slices instead of one long task.
            if (alive) startTransition(rerender)
          },
          (error: unknown) => console.error('[deferred] could not load a component', error),
        )
      }, timeoutMs)
      return () => {
        alive = false
        cancel()
      }
    }, [])
    const Component = loaded() ?? Placeholder
    return <Component {...props} />
  }
  return Object.assign(Deferred, { preload })
}
