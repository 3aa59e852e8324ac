export * from "./HomePage"
