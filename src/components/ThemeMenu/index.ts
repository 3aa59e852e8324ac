export * from './ThemeMenu'
