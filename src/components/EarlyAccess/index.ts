export * from './EarlyAccess'
