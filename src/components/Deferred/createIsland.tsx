import { lazy, useState, type ComponentType, type CSSProperties } from 'react'
import { useIsClient } from '../../hooks/useIsClient'
import { componentLoader } from './registry'

/**
 * Partial hydration for sections with no behaviour of their own (text, icons, plain links).
 *
 * A pre-rendered page already shows such a section: hydrating it would only re-run its components (Chakra
 * style resolution, Emotion hashing) to attach nothing. An island keeps the server's HTML instead: while the
 * first hydration runs, it renders its wrapper with an empty `dangerouslySetInnerHTML`, which React adopts
 * without touching the children (React treats such an element as a leaf), and the section's code is never
 * downloaded. Its styles are already in the page's critical CSS, and colour mode switches through CSS
 * variables, so the adopted HTML keeps working. Links inside it navigate client-side through
 * {@link useIslandLinks}.
 *
 * When no server HTML exists (client-side navigation to the page, `vite` dev, Storybook), the island loads
 * and renders the component like `React.lazy` (it suspends to the nearest boundary until loaded; Storybook
 * preloads every island). An instance never switches mode.
 *
 * The wrapper is `<div data-island="<name>" style="display: contents">`: it adds no box, so layout is the
 * same as without it.
 *
 * @param name label for the wrapper's `data-island` attribute (debugging, tests).
 * @param load dynamic import of the component (`() => import('./X').then((m) => m.X)`).
 * @returns the island component (same props as the loaded one); `.preload()` starts the load early.
 */
export function createIsland<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<void> } {
  const { preload, loaded } = componentLoader(load)
  const Lazy = lazy(() => preload().then(() => ({ default: loaded() as ComponentType<P> })))

  function Island(props: P) {
    // `useIsClient` is false on the server and while React hydrates, true in a fresh client render; the
    // state keeps the first answer, so the re-render React runs right after hydration changes nothing.
    const isClient = useIsClient()
    const [adopt] = useState(() => !isClient && typeof document !== 'undefined')
    if (adopt)
      return (
        <div
          data-island={name}
          style={WRAPPER_STYLE}
          dangerouslySetInnerHTML={KEEP_SERVER_HTML}
          suppressHydrationWarning
        />
      )
    const Component = loaded() ?? Lazy
    return (
      <div data-island={name} style={WRAPPER_STYLE}>
        <Component {...props} />
      </div>
    )
  }
  Island.displayName = `Island(${name})`
  return Object.assign(Island, { preload })
}

const WRAPPER_STYLE: CSSProperties = { display: 'contents' }
const KEEP_SERVER_HTML = { __html: '' }
