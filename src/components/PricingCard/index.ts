export * from "./PricingCard"
