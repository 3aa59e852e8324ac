export * from './AppProviders'
