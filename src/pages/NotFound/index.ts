export * from "./NotFoundPage"
