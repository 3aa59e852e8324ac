export * from './PricingCard'
