export * from './OpenSource'
