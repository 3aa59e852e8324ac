export * from "./AppProviders"
