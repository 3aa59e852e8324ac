import type { ComponentType } from 'react'

const registry: Array<() => Promise<void>> = []

/** Loads every deferred component and island now (Storybook's loader, so stories render the real components at once). */
export function preloadAllDeferred(): Promise<void> {
  return Promise.all(registry.map((preload) => preload())).then(() => undefined)
}

/** A component's code, loaded once and shared by every instance (see {@link componentLoader}). */
export interface ComponentLoader<P> {
  /** Starts the load (once); resolves when `loaded()` is set. Rejects when the chunk fails; a later call retries. */
  preload: () => Promise<void>
  /** The component once loaded, else `null`. */
  loaded: () => ComponentType<P> | null
}

/**
 * Wraps a dynamic import of a component into a {@link ComponentLoader} and registers it with
 * {@link preloadAllDeferred}. Used by `createDeferred` and `createIsland`.
 * @param load dynamic import of the component (`() => import('./X').then((m) => m.X)`).
 */
export function componentLoader<P>(load: () => Promise<ComponentType<P>>): ComponentLoader<P> {
  let component: ComponentType<P> | null = null
  let pending: Promise<void> | null = null
  const preload = () =>
    (pending ??= load().then(
      (loaded) => {
        component = loaded
      },
      (error: unknown) => {
        pending = null // a failed chunk load may be retried
        throw error
      },
    ))
  registry.push(preload)
  return { preload, loaded: () => component }
}
