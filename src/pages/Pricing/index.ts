export * from './PricingPage'
