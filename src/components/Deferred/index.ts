export * from "./createDeferred"
