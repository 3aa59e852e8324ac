export * from './AudienceCards'
