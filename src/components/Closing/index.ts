export * from './Closing'
