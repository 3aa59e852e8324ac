const registry: Array<() => Promise<void>> = []

/** Adds a loader to the set that {@link preloadAllDeferred} runs (deferred components and islands). */
export function registerPreload(preload: () => Promise<void>): void {
  registry.push(preload)
}

/** Loads every deferred component and island now (Storybook's loader, so stories render the real components at once). */
export function preloadAllDeferred(): Promise<void> {
  return Promise.all(registry.map((preload) => preload())).then(() => undefined)
}
