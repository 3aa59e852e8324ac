export * from "./PricingPage"
