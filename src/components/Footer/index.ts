export * from "./Footer"
