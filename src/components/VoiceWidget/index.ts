export * from './VoiceWidget'
export * from './VoiceWidgetContainer'
