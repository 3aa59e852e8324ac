export * from './LocaleLink'
