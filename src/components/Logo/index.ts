export * from './Logo'
