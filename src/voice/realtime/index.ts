/**
 * The two ways voice commands arrive (SPEC §7): the Supabase Realtime broadcast channel
 * (`subscribeToVoiceCommands`, supabase-js loaded lazily) and the call's tool-call messages
 * (`toolCallToCommands`). Feed both into one `createCommandRouter` from `src/voice/commands` so a command
 * arriving both ways runs once.
 */
export * from './subscribe'
export * from './toolCalls'
