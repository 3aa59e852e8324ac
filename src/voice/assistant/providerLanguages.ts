/**
 * The languages the configured transcribers publish, vendored with their source and the date they were read, and
 * the rule the language plan (./languages.ts) keeps: no widget language is routed to a transcriber whose list
 * lacks the language it is asked to transcribe. The vendored OpenAPI document cannot enforce this: its
 * `SonioxTranscriber.language` accepts any ISO 639-1 code (`as`, `ne`, `or`, `sa`, `sd`, `ks` included), whatever
 * Soniox itself lists.
 *
 * Voices are not checked here: `AzureVoice.voiceId` is a free string in the document, and no published Azure voice
 * list is vendored in this repository yet.
 * @module
 */

/** A provider's published language list, as vendored. */
export interface ProviderLanguageList {
  /** The transcriber provider (`AssistantOverrides.transcriber.provider`). */
  provider: 'soniox' | 'deepgram'
  /** Where the list was read. */
  source: string
  /** When it was read (YYYY-MM-DD). */
  checked: string
  /** Which part of the published list is vendored (the languages the widget speaks; the rest is left out). */
  scope: string
  /** Language codes as the provider's `language` setting takes them. */
  languages: readonly string[]
}

/** The transcribers the language plan may use, by provider. */
export const TRANSCRIBER_LANGUAGES: Record<ProviderLanguageList['provider'], ProviderLanguageList> = {
  soniox: {
    provider: 'soniox',
    source: 'Soniox documentation, speech-to-text, "Supported languages" (https://soniox.com/docs)',
    checked: '2026-11-28',
    scope:
      "India's languages among the widget's: bn gu hi kn ml mr pa ta te ur are listed; as brx doi kok ks mai mni ne or sa sat sd are not",
    languages: ['bn', 'gu', 'hi', 'kn', 'ml', 'mr', 'pa', 'ta', 'te', 'ur'],
  },
  deepgram: {
    provider: 'deepgram',
    source:
      "openapi/vapi-openapi.json (Vapi's published OpenAPI document, changed 2026-08-18), DeepgramTranscriber.language; it points to https://developers.deepgram.com/docs/models-languages-overview",
    checked: '2026-11-28',
    scope:
      "English, India's languages and the code-switching setting: the enum's en en-IN hi hi-Latn bn kn mr ta te ur multi",
    languages: ['en', 'en-IN', 'hi', 'hi-Latn', 'bn', 'kn', 'mr', 'ta', 'te', 'ur', 'multi'],
  },
}

/** True when `provider`'s vendored list has `language`. */
export function providerLists(provider: string, language: string): boolean {
  const list = (TRANSCRIBER_LANGUAGES as Record<string, ProviderLanguageList | undefined>)[provider]
  return !!list && list.languages.includes(language)
}

/** The configured transcribers whose vendored list has `language` (a widget language's base code: `ta`, `ne`). */
export function transcribersListing(language: string): ProviderLanguageList['provider'][] {
  return Object.values(TRANSCRIBER_LANGUAGES)
    .filter((l) => l.languages.includes(language))
    .map((l) => l.provider)
}

/** A route the rule forbids: `lang`'s transcriber asked for a language its provider's list lacks. */
export interface UnlistedRoute {
  lang: string
  provider: string
  language: string
}

/**
 * Every plan whose transcriber is asked for a language its provider's vendored list lacks (empty when the plan
 * keeps the rule). A plan without a transcriber (the assistant's own) is not checked.
 * @param plans - widget language → its plan's transcriber (`null`: the assistant's own).
 */
export function unlistedRoutes(
  plans: Record<string, { transcriber: { provider: string; language: string } | null }>,
): UnlistedRoute[] {
  return Object.entries(plans).flatMap(([lang, plan]) =>
    plan.transcriber && !providerLists(plan.transcriber.provider, plan.transcriber.language)
      ? [{ lang, provider: plan.transcriber.provider, language: plan.transcriber.language }]
      : [],
  )
}
