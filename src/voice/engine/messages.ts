/**
 * Vapi's messages on the call's data channel (Daily app messages, JSON text): those the server sends to the
 * client ({@link VapiMessage}, emitted on the engine's `message` event) and those the client sends
 * ({@link VapiClientMessage}, passed to `send()`). SPEC §3 (say message), §4, §7.
 * @module
 */

/** Who said something. */
export type VapiRole = 'user' | 'assistant' | 'system' | 'tool' | 'bot'

/** A partial or final transcript of one side of the conversation. */
export interface TranscriptMessage {
  type: 'transcript' | 'transcript[transcriptType="final"]' | 'transcript[transcriptType="partial"]'
  role: VapiRole
  transcriptType: 'partial' | 'final'
  transcript: string
  [key: string]: unknown
}

/** A side started or stopped speaking (server-side voice activity). */
export interface SpeechUpdateMessage {
  type: 'speech-update'
  status: 'started' | 'stopped'
  role: VapiRole
  turn?: number
  [key: string]: unknown
}

/** The call's status changed; `ended` comes with `endedReason` (e.g. `customer-ended-call`). */
export interface StatusUpdateMessage {
  type: 'status-update'
  status: 'scheduled' | 'queued' | 'ringing' | 'in-progress' | 'forwarding' | 'ended' | (string & {})
  endedReason?: string
  [key: string]: unknown
}

/** One tool call requested by the model. */
export interface VapiToolCall {
  id: string
  type: 'function' | (string & {})
  function: { name: string; arguments: string | Record<string, unknown> }
}

/** The model asks the client to run tools. */
export interface ToolCallsMessage {
  type: 'tool-calls'
  toolCallList: VapiToolCall[]
  [key: string]: unknown
}

/** Legacy single function call. */
export interface FunctionCallMessage {
  type: 'function-call'
  functionCall: { name: string; parameters: Record<string, unknown> }
  [key: string]: unknown
}

/** One message of the conversation history. */
export interface ConversationMessage {
  role: VapiRole
  content?: string | null
  message?: string
  [key: string]: unknown
}

/** The conversation history changed. */
export interface ConversationUpdateMessage {
  type: 'conversation-update'
  messages: ConversationMessage[]
  messagesOpenAIFormatted?: ConversationMessage[]
  [key: string]: unknown
}

/** The assistant is silent for too long (hang notification). */
export interface HangMessage {
  type: 'hang'
  [key: string]: unknown
}

/** The model's raw output token(s). */
export interface ModelOutputMessage {
  type: 'model-output'
  output: unknown
  [key: string]: unknown
}

/** What the assistant is about to say. */
export interface VoiceInputMessage {
  type: 'voice-input'
  input: string
  [key: string]: unknown
}

/** The user interrupted the assistant. */
export interface UserInterruptedMessage {
  type: 'user-interrupted'
  [key: string]: unknown
}

/** Every server message type the engine knows, discriminated by `type`. */
export type KnownVapiMessage =
  | TranscriptMessage
  | SpeechUpdateMessage
  | StatusUpdateMessage
  | ToolCallsMessage
  | FunctionCallMessage
  | ConversationUpdateMessage
  | HangMessage
  | ModelOutputMessage
  | VoiceInputMessage
  | UserInterruptedMessage

/** A server message of a type the engine does not model: any JSON value, passed through as parsed. */
export interface UnknownVapiMessage {
  type?: unknown
  [key: string]: unknown
}

/**
 * What the `message` event carries: a known message or the parsed JSON of an unknown one. Narrow it with
 * {@link isVapiMessage}, which a plain `message.type === '…'` check cannot do because of the fallback.
 */
export type VapiMessage = KnownVapiMessage | UnknownVapiMessage

/** The `type` of each known message. */
export type VapiMessageType = KnownVapiMessage['type']

/** The known message whose `type` includes `T` (e.g. `'transcript'` → {@link TranscriptMessage}). */
export type VapiMessageOf<T extends VapiMessageType> = KnownVapiMessage extends infer M
  ? M extends { type: infer U }
    ? T extends U
      ? M
      : never
    : never
  : never

/**
 * Narrows a {@link VapiMessage} to the known message with the given `type`.
 * @example if (isVapiMessage(m, 'transcript') && m.transcriptType === 'partial') show(m.transcript)
 */
export function isVapiMessage<T extends VapiMessageType>(message: unknown, type: T): message is VapiMessageOf<T> {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}

/** Ask the server to end the call. */
export interface EndCallMessage {
  type: 'end-call'
}

/** Roles a client may add to the conversation (`OpenAIMessage.role` in openapi/vapi-openapi.json). */
export type AddMessageRole = 'assistant' | 'function' | 'user' | 'system' | 'tool'

/**
 * Add a message to the conversation (`ClientInboundMessageAddMessage`): the page map and command results
 * (src/voice/context) travel this way as `system` messages.
 */
export interface AddMessageMessage {
  type: 'add-message'
  message: { role: AddMessageRole; content: string }
  /** `true` (the server's default): the assistant responds at once; `false`: inserted silently. */
  triggerResponseEnabled?: boolean
}

/** Live call control. `say-first-message` carries the recording start delay in seconds (SPEC §4). */
export interface ControlMessage {
  type: 'control'
  control: 'mute-assistant' | 'unmute-assistant' | 'say-first-message'
  videoRecordingStartDelaySeconds?: number
}

/** Make the assistant say `message` (SPEC §3 "Say message"). */
export interface SayMessage {
  type: 'say'
  message: string
  endCallAfterSpoken?: boolean
  interruptionsEnabled?: boolean
  interruptAssistantEnabled?: boolean
}

/** What the client may send with `send()`. */
export type VapiClientMessage = EndCallMessage | AddMessageMessage | ControlMessage | SayMessage
