export * from "./LocaleLink"
