export * from './SectionHeading'
