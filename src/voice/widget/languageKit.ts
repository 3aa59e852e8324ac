/**
 * What a widget that speaks all 24 languages (./languages.ts `WIDGET_LANGUAGES`) needs besides the widget itself:
 * each language's idle copy (`locales/<lng>/voice.json`) and in-call copy (`locales/<lng>/voiceCall.json`), one
 * chunk each, fetched only for the language in use, and the call's `assistantOverrides` for a language
 * (src/voice/assistant/overrides.ts). Shared by the embed's widget chunk (src/embed/app.ts) and the site's
 * language chunk (./siteLanguages.ts), so both fetch the same chunks and send the same overrides.
 * @module
 */
import type { VoiceCopy } from './copy'
import type { CallCopyChunk } from './callCopy'
import type { WidgetLanguage } from './languages'
import { languageOverrides, type LanguageOverrides } from '../assistant/overrides'

/** The in-call copy of each language, one chunk each (./callCopy.ts, fetched on intent). */
const CALL_COPIES = import.meta.glob<unknown>('../../../locales/*/voiceCall.json', { import: 'default' })

/** The in-call copy chunk of `lang` (`undefined` for a language without one). */
export const widgetCallCopy: CallCopyChunk = (lang) => CALL_COPIES[`../../../locales/${lang}/voiceCall.json`]

/**
 * The idle copy of each language but English, one chunk each (only the language in use is fetched). English is
 * the caller's: the site bundles it in its first script, the embed fetches it as a chunk of its own.
 */
const COPIES = import.meta.glob<VoiceCopy>(['../../../locales/*/voice.json', '!../../../locales/en/voice.json'], {
  import: 'default',
})

/**
 * Fetches `lang`'s idle copy; `english()` for English, and when that language has none or its chunk fails to load
 * (a console warning says why). Rejects only when `english()` does.
 * @returns the copy and the language it is in.
 */
export async function loadWidgetCopy(
  lang: WidgetLanguage,
  english: () => VoiceCopy | Promise<VoiceCopy>,
): Promise<{ copy: VoiceCopy; lang: WidgetLanguage }> {
  const load = COPIES[`../../../locales/${lang}/voice.json`]
  if (load) {
    try {
      return { copy: await load(), lang }
    } catch (error) {
      console.warn(`[VoiceOS] the widget's ${lang} copy could not load; showing English`, error)
    }
  }
  return { copy: await english(), lang: 'en' }
}

/**
 * The call's `assistantOverrides` for the widget's language `lang` with its copy `copy` (transcriber, voice, the
 * copy's `widget.greeting` as first message, `{{language}}`): the mount option `languageOverrides`.
 */
export const widgetLanguageOverrides = (lang: string, copy: VoiceCopy): LanguageOverrides =>
  languageOverrides(lang, copy.widget.greeting)
