export * from './createDeferred'
export * from './createIsland'
export * from './registry'
export * from './useIslandLinks'
