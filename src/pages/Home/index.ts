export * from './HomePage'
