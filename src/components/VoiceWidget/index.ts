export * from './VoiceWidgetContainer'
