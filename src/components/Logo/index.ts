export * from "./Logo"
