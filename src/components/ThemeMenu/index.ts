export * from "./ThemeMenu"
