export * from "./Toaster"
