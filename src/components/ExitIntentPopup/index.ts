export * from './ExitIntentPopup'
export * from './useExitIntent'
