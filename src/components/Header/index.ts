export * from './Header'
export * from './introSequence'
