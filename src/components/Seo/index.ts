export * from './Seo'
