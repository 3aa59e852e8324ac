export * from './Toaster'
