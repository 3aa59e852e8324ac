export * from './Comparison'
