export * from './Hero'
