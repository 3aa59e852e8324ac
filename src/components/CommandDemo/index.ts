export * from './CommandDemo'
