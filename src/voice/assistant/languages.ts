/**
 * What the assistant listens and speaks with in each of the widget's 24 languages (src/voice/widget/languages.ts):
 * a transcriber (`provider`, `model`, `language`) and a voice (`provider`, `voiceId`) that the vendored
 * openapi/vapi-openapi.json accepts in `AssistantOverrides` (tests/unit/assistant/languages.test.ts validates
 * every entry against the schema). The press sends them as the call's `assistantOverrides` (./overrides.ts);
 * `npm run assistant -- create --languages hi,ta,…` checks and prints them.
 *
 * Sources: transcribers are routed only to a language their provider publishes (./providerLanguages.ts, vendored
 * with its source and date; tests/unit/assistant/languages.test.ts fails on a language routed to a provider whose
 * list lacks it). Soniox `stt-rt-v4` lists `bn gu hi kn ml mr pa ta te ur` of India's languages; Deepgram `nova-3`
 * with `multi` switches between Hindi and English within a sentence (code-switching); Azure's neural voices
 * (`<lang>-IN-…Neural`, `ne-NP-…Neural`) are named for `as bn gu hi kn ml mr ne or pa ta te ur` and Indian English.
 * Where no configured provider supports a language, {@link LanguagePlan.fallback} says what is used and why, and
 * `create --languages` prints it.
 */
import type { Language } from '../widget/languages'

/** A transcriber setting (`AssistantOverrides.transcriber`, one member of the document's union). */
export interface TranscriberPlan {
  provider: 'soniox' | 'deepgram'
  model: string
  language: string
}

/** A voice setting (`AssistantOverrides.voice`: `AzureVoice`). */
export interface VoicePlan {
  provider: 'azure'
  voiceId: string
}

/** What one language uses. */
export interface LanguagePlan {
  /** The language's English name, as the instruction to the model says it (`{{language}}`). */
  name: string
  /** The script the model writes its answers in (what the voice reads and the transcript shows). */
  script: string
  /** `null`: the assistant's own transcriber and voice (English, the assistant's default). */
  transcriber: TranscriberPlan | null
  voice: VoicePlan | null
  /** Set when the language is not supported as itself: what is used instead, and why. */
  fallback?: string
}

const soniox = (language: string): TranscriberPlan => ({ provider: 'soniox', model: 'stt-rt-v4', language })
const azure = (voiceId: string): VoicePlan => ({ provider: 'azure', voiceId })
const HINDI_VOICE = azure('hi-IN-SwaraNeural')
const URDU_VOICE = azure('ur-IN-GulNeural')

/** The table: one plan per widget language. */
export const LANGUAGE_PLANS: Record<Language, LanguagePlan> = {
  en: { name: 'English', script: 'Latin', transcriber: null, voice: null },
  as: {
    name: 'Assamese',
    script: 'Bengali-Assamese',
    transcriber: soniox('bn'),
    voice: azure('as-IN-YashicaNeural'),
    fallback:
      'Bengali transcription: no configured transcriber lists Assamese; Assamese shares the Bengali-Assamese script and is close to Bengali (the Assamese voice speaks).',
  },
  bn: { name: 'Bengali', script: 'Bengali', transcriber: soniox('bn'), voice: azure('bn-IN-TanishaaNeural') },
  brx: {
    name: 'Bodo',
    script: 'Devanagari',
    transcriber: soniox('hi'),
    voice: HINDI_VOICE,
    fallback:
      'Hindi: no provider in the document transcribes or speaks Bodo; Bodo is written in Devanagari and its speakers commonly speak Hindi.',
  },
  doi: {
    name: 'Dogri',
    script: 'Devanagari',
    transcriber: soniox('hi'),
    voice: HINDI_VOICE,
    fallback:
      'Hindi: no provider transcribes or speaks Dogri; Dogri is written in Devanagari and close to Hindi and Punjabi.',
  },
  gu: { name: 'Gujarati', script: 'Gujarati', transcriber: soniox('gu'), voice: azure('gu-IN-DhwaniNeural') },
  hi: { name: 'Hindi', script: 'Devanagari', transcriber: soniox('hi'), voice: HINDI_VOICE },
  'hi-Latn': {
    name: 'Hinglish (Hindi and English mixed, as the visitor mixes them)',
    script: 'Latin',
    transcriber: { provider: 'deepgram', model: 'nova-3', language: 'multi' },
    voice: HINDI_VOICE,
  },
  kn: { name: 'Kannada', script: 'Kannada', transcriber: soniox('kn'), voice: azure('kn-IN-SapnaNeural') },
  ks: {
    name: 'Kashmiri',
    script: 'Perso-Arabic',
    transcriber: soniox('ur'),
    voice: URDU_VOICE,
    fallback:
      'Urdu: no configured transcriber lists Kashmiri and no voice speaks it; Urdu shares its Perso-Arabic script and is widely understood in Kashmir.',
  },
  kok: {
    name: 'Konkani',
    script: 'Devanagari',
    transcriber: soniox('mr'),
    voice: azure('mr-IN-AarohiNeural'),
    fallback:
      'Marathi: no provider transcribes or speaks Konkani; Konkani (Devanagari) is closest to Marathi, which its speakers commonly know.',
  },
  mai: {
    name: 'Maithili',
    script: 'Devanagari',
    transcriber: soniox('hi'),
    voice: HINDI_VOICE,
    fallback: 'Hindi: no provider transcribes or speaks Maithili; it is written in Devanagari and close to Hindi.',
  },
  ml: { name: 'Malayalam', script: 'Malayalam', transcriber: soniox('ml'), voice: azure('ml-IN-SobhanaNeural') },
  mni: {
    name: 'Manipuri (Meitei)',
    script: 'Bengali',
    transcriber: soniox('bn'),
    voice: azure('bn-IN-TanishaaNeural'),
    fallback:
      'Bengali: no provider transcribes or speaks Manipuri; the voice reads the Bengali script Manipuri was long written in (the widget shows Meetei Mayek).',
  },
  mr: { name: 'Marathi', script: 'Devanagari', transcriber: soniox('mr'), voice: azure('mr-IN-AarohiNeural') },
  ne: {
    name: 'Nepali',
    script: 'Devanagari',
    transcriber: soniox('hi'),
    voice: azure('ne-NP-HemkalaNeural'),
    fallback:
      'Hindi transcription: no configured transcriber lists Nepali; Nepali is written in Devanagari and close to Hindi (the Nepali voice speaks).',
  },
  or: {
    name: 'Odia',
    script: 'Odia',
    transcriber: soniox('bn'),
    voice: azure('or-IN-SubhasiniNeural'),
    fallback:
      'Bengali transcription: no configured transcriber lists Odia; Odia is the closest relative of Bengali among the listed languages (the Odia voice speaks).',
  },
  pa: { name: 'Punjabi', script: 'Gurmukhi', transcriber: soniox('pa'), voice: azure('pa-IN-VaaniNeural') },
  sa: {
    name: 'Sanskrit',
    script: 'Devanagari',
    transcriber: soniox('hi'),
    voice: HINDI_VOICE,
    fallback:
      'Hindi: no configured transcriber lists Sanskrit and no voice speaks it; Sanskrit is written in Devanagari, which Hindi transcription writes and the Hindi voice reads.',
  },
  sat: {
    name: 'Santali',
    script: 'Devanagari',
    transcriber: soniox('hi'),
    voice: HINDI_VOICE,
    fallback:
      'Hindi: no provider transcribes or speaks Santali; the voice reads Santali written in Devanagari (the widget shows Ol Chiki).',
  },
  sd: {
    name: 'Sindhi',
    script: 'Perso-Arabic',
    transcriber: soniox('ur'),
    voice: URDU_VOICE,
    fallback:
      'Urdu: no configured transcriber lists Sindhi and no voice speaks it; Sindhi in India is written in the Perso-Arabic script Urdu shares.',
  },
  ta: { name: 'Tamil', script: 'Tamil', transcriber: soniox('ta'), voice: azure('ta-IN-PallaviNeural') },
  te: { name: 'Telugu', script: 'Telugu', transcriber: soniox('te'), voice: azure('te-IN-ShrutiNeural') },
  ur: { name: 'Urdu', script: 'Perso-Arabic', transcriber: soniox('ur'), voice: URDU_VOICE },
}

/** The plan of a widget language; English's for a tag that is not one. */
export function languagePlan(lang: string): LanguagePlan {
  return (LANGUAGE_PLANS as Record<string, LanguagePlan>)[lang] ?? LANGUAGE_PLANS.en
}
