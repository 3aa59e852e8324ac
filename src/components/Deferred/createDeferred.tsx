import { startTransition, useEffect, useReducer, useState, type ComponentType } from 'react'
import { whenIdle } from '../../lib/idle'
import { componentLoader } from './registry'

/** Props the placeholder of {@link createDeferred} gets on top of the component's own. */
export interface DeferredPlaceholderProps {
  /**
   * Call when the visitor activates the stand-in (a click on a menu button) before the real component has
   * loaded: it loads at once and renders with `defaultOpen`, so the click is not lost.
   */
  onActivate?: () => void
  /**
   * The visitor activated the stand-in and the real component is loading: put `aria-busy="true"` on the
   * activated control (WAI-ARIA 1.2 `aria-busy`), so assistive technology and the voice executor wait for it
   * (src/voice/commands/taken.ts) instead of reading the stand-in's state.
   */
  activated?: boolean
}

/** Props the real component of {@link createDeferred} gets on top of the component's own. */
export interface DeferredComponentProps {
  /** The visitor activated the placeholder before this loaded: open at once (e.g. `Menu.Root defaultOpen`). */
  defaultOpen?: boolean
}

/**
 * A component whose real implementation is loaded after hydration, when the browser is idle (at most
 * `timeoutMs` later), instead of being part of the page's initial JavaScript. Until then — during
 * pre-rendering, hydration and the first idle moment — `Placeholder` renders with the same props and must
 * look the same (so nothing shifts). Used for overlay machinery (menus, dialogs, toasts). A visitor can be
 * quicker than the idle moment (the site hydrates at their first intent, src/boot.ts): a placeholder that calls
 * `onActivate` on click makes the real component load at once and render with `defaultOpen`. Every instance
 * shares one load.
 *
 * @param load dynamic import of the real component (`() => import('./X').then((m) => m.X)`).
 * @param Placeholder server-rendered stand-in. @param timeoutMs idle deadline in ms. @default 1500
 * @returns the component; `.preload()` starts the load early (e.g. on pointer enter).
 */
export function createDeferred<P extends object>(
  load: () => Promise<ComponentType<P & DeferredComponentProps>>,
  Placeholder: ComponentType<P & DeferredPlaceholderProps>,
  timeoutMs = 1500,
): ComponentType<P> & { preload: () => Promise<void> } {
  const { preload, loaded } = componentLoader(load)

  function Deferred(props: P) {
    const [, rerender] = useReducer((n: number) => n + 1, 0)
    const [activated, setActivated] = useState(false)
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
    const Component = loaded()
    if (Component) return <Component {...props} defaultOpen={activated || undefined} />
    const onActivate = () => {
      setActivated(true)
      preload().then(rerender, (error: unknown) => console.error('[deferred] could not load a component', error))
    }
    return <Placeholder {...props} onActivate={onActivate} activated={activated} />
  }
  return Object.assign(Deferred, { preload })
}
