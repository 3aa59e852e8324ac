import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * `false` during pre-rendering and the hydration pass, `true` after: render browser-only UI (theme
 * menu, voice widget) without hydration mismatches.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
