export * from './NotFoundPage'
