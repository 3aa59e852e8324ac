export * from './Footer'
