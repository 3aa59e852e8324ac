/**
 * The browser's own speech recognizer, as the Web Speech API specifies it (https://webaudio.github.io/web-speech-api/):
 * `SpeechRecognition` (unprefixed in Chrome 139+, `webkitSpeechRecognition` in Safari 14.1+ and older Chrome/Edge),
 * with on-device recognition where the browser has it (`processLocally`, `SpeechRecognition.available()`,
 * `SpeechRecognition.install()`: the audio never leaves the device). The types here are the parts the local mode
 * uses (TypeScript's DOM library does not declare the interface).
 * @module
 */

/** One alternative of a result (`SpeechRecognitionAlternative`). */
export interface RecognitionAlternative {
  readonly transcript: string
  readonly confidence: number
}
/** One result (`SpeechRecognitionResult`): final, or interim while the visitor speaks. */
export interface RecognitionResult {
  readonly isFinal: boolean
  readonly length: number
  readonly [index: number]: RecognitionAlternative
}
/** The `result` event (`SpeechRecognitionEvent`): results from `resultIndex` on changed. */
export interface RecognitionResultEvent extends Event {
  readonly resultIndex: number
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult }
}
/**
 * The `error` event (`SpeechRecognitionErrorEvent`): `error` is one of `no-speech`, `aborted`, `audio-capture`,
 * `network`, `not-allowed`, `service-not-allowed`, `language-not-supported`, `phrases-not-supported`.
 */
export interface RecognitionErrorEvent extends Event {
  readonly error: string
  readonly message: string
}

/** A `SpeechRecognition` instance. */
export interface Recognition extends EventTarget {
  lang: string
  continuous: boolean
  interimResults: boolean
  maxAlternatives: number
  /** On-device recognition (Chrome 139+): set before `start()`; absent where the browser has none. */
  processLocally?: boolean
  start(): void
  stop(): void
  abort(): void
}

/** What `SpeechRecognition.available()` says of a language: on-device recognition there, downloadable, or neither. */
export type Availability = 'available' | 'downloadable' | 'downloading' | 'unavailable'

/** The `SpeechRecognition` constructor and its static on-device methods (absent in most browsers). */
export interface RecognitionConstructor {
  new (): Recognition
  available?(options: { langs: string[]; processLocally: boolean }): Promise<Availability>
  install?(options: { langs: string[]; processLocally: boolean }): Promise<boolean>
}

/** The page's recognizer constructor: `SpeechRecognition`, else `webkitSpeechRecognition`, else `null`. Never throws. */
export function recognitionOf(
  win: unknown = typeof window === 'undefined' ? undefined : window,
): RecognitionConstructor | null {
  try {
    const w = win as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown } | undefined
    const ctor = w?.SpeechRecognition ?? w?.webkitSpeechRecognition
    return typeof ctor === 'function' ? (ctor as RecognitionConstructor) : null
  } catch {
    return null
  }
}

/**
 * Whether `lang` can be recognised on this device (`available()` says `available`). A language the device can
 * download was asked for at the press (./press.ts `atPress`, `install()` needs the user activation), for the next
 * conversation: this one uses the browser's default recognizer rather than wait for a download. Never rejects;
 * `false` where the browser has no on-device recognition.
 */
export async function onDevice(ctor: RecognitionConstructor, lang: string): Promise<boolean> {
  if (typeof ctor.available !== 'function') return false
  try {
    const options = { langs: [lang], processLocally: true }
    return (await ctor.available(options)) === 'available'
  } catch {
    return false
  }
}
