export * from "./Seo"
