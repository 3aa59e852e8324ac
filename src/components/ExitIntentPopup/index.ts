// ExitIntentDialog is not re-exported: it is loaded lazily by ExitIntentPopup (import it from its file if needed).
export * from './ExitIntentPopup'
export * from './useExitIntent'
