export * from './WaitlistPage'
