/**
 * The embed's widget chunk, imported by `voiceos.js` when the browser is idle (≤ 60 KB gzip,
 * `tests/budgets.ts`): mounts the site's one widget (`src/voice/widget`) with the embed's settings and copy.
 * The copy of the one language in use (`locales/<lng>/voice.json`, src/voice/widget/languageKit.ts) is a chunk
 * of its own, fetched with this one; no other language's copy is.
 */
import {
  createChatFactory,
  createEngineFactory,
  mountVoiceWidget,
  widgetStyleSheet,
  type VoiceWidgetHandle,
} from '../voice/widget'
import { paintAccent } from '../voice/widget/branding'
import type { ParsedEmbedSettings } from './settings'
import type { VoiceCopy } from '../voice/widget/copy'
import type { WidgetLanguage } from '../voice/widget/languages'
import { loadWidgetCopy, widgetCallCopy, widgetLanguageOverrides } from '../voice/widget/languageKit'

/** English's idle copy, a chunk of its own (fetched only when English is the language in use). */
const english = () => import('../../locales/en/voice.json').then((m) => m.default)
/** Fetches `lang`'s idle copy; English when that fails (a console warning says why). */
const loadCopy = (lang: WidgetLanguage) => loadWidgetCopy(lang, english)
import { languageSwitch, type LanguageSwitchFactory } from '../voice/widget/languageSwitch'
import { claimChatHandoff, claimHandoff } from '../voice/session/handoffRecord'

// The widget's CSS is parsed as this chunk is evaluated, a task before the loader mounts the widget: the two
// stay short tasks on the host page rather than one long one.
widgetStyleSheet()

/** Engine of this build: `scripted` only in the e2e build and demos (`VITE_VOICE_ENGINE`), never by default. */
const ENGINE_KIND: 'live' | 'scripted' = import.meta.env.VITE_VOICE_ENGINE === 'scripted' ? 'scripted' : 'live'

/** What the loader keeps of a mounted embed: its widget, once its copy has loaded. */
export interface EmbedHandle {
  /** The widget, `null` until the copy of its language has loaded. */
  readonly widget: VoiceWidgetHandle | null
  /** Ends any call and removes the widget (also before it has mounted). Idempotent. */
  destroy(): void
}

/**
 * Mounts the widget into `host` (the loader's own element) once the copy of `lang` has loaded (the loader's
 * choice, src/voice/widget/languages.ts `chooseLanguage`: the visitor's allowed choice, else `data-lang`, else
 * `<html lang>`, else English). With a required setting missing the widget still renders and, once pressed,
 * says which setting is missing (Configuration Required, SPEC §8).
 *
 * When the owner allows more than one language (`data-languages`), the widget offers a language switch
 * (src/voice/widget/languageSwitch.ts) among them (and the language it opened in): a choice is handed to
 * `remember` (the loader keeps it on the origin, `localStorage` `voiceos:lang`) and only that language's copy is
 * fetched; the widget then redraws in it, and the next call or local conversation uses it.
 */
export function mountEmbed(
  host: HTMLElement,
  settings: ParsedEmbedSettings,
  lang: WidgetLanguage,
  remember?: (lang: WidgetLanguage) => void,
): EmbedHandle {
  let widget: VoiceWidgetHandle | null = null
  let destroyed = false
  let choosing = 0
  /** The language the widget shows: the local engine reads it at each press. */
  let inUse = lang
  const choose = (next: WidgetLanguage) => {
    remember?.(next)
    const mine = ++choosing
    loadCopy(next).then(
      (loaded) => {
        if (destroyed || mine !== choosing) return
        inUse = loaded.lang
        widget?.setCopy(loaded.copy, loaded.lang)
      },
      (error: unknown) => console.error('[VoiceOS] could not load the voice widget copy', error),
    )
  }
  loadCopy(lang).then(
    (loaded) => {
      if (destroyed) return
      inUse = loaded.lang
      const allowed = settings.config.languages
      const offered = allowed.includes(loaded.lang) ? allowed : [loaded.lang, ...allowed]
      widget = mountWidget(
        host,
        settings,
        loaded.copy,
        loaded.lang,
        () => inUse,
        allowed.length > 1
          ? languageSwitch({ languages: offered, choose: (l) => choose(l as WidgetLanguage) })
          : undefined,
      )
    },
    (error: unknown) => console.error('[VoiceOS] could not load the voice widget copy', error),
  )
  return {
    get widget() {
      return widget
    },
    destroy() {
      destroyed = true
      widget?.destroy()
      widget = null
    },
  }
}

function mountWidget(
  host: HTMLElement,
  { config, missing }: ParsedEmbedSettings,
  copy: VoiceCopy,
  lang: WidgetLanguage,
  inUse: () => WidgetLanguage,
  switcher: LanguageSwitchFactory | undefined,
): VoiceWidgetHandle {
  // Local mode (README "Voice without a platform account"): the browser's recognizer and the grammar, no platform.
  const local = config.mode === 'local'
  // The scripted engine (e2e build, demos) has no room to outlive a page: one call per page there.
  const persist = config.persist && (ENGINE_KIND === 'live' || local)
  return mountVoiceWidget(host, {
    copy,
    lang,
    callCopy: widgetCallCopy,
    ...(switcher && { languageSwitch: switcher }),
    ...(!local &&
      config.languageOverrides && {
        languageOverrides: widgetLanguageOverrides,
      }),
    configured: missing.length === 0,
    missing,
    createEngine: createEngineFactory({
      kind: local ? 'local' : ENGINE_KIND,
      publicKey: config.publicKey,
      apiBaseUrl: config.apiBaseUrl,
      persist: persist,
      lang: inUse,
      siteSearch: config.siteIndex !== '',
    }),
    mode: config.mode === 'local' ? 'voice' : config.mode,
    ...(!local && { createChat: createChatFactory({ publicKey: config.publicKey, apiBaseUrl: config.apiBaseUrl }) }),
    persist,
    // The call the previous page of this tab handed over (same origin, within 30 s): rejoined at once.
    resume: persist && missing.length === 0 ? claimHandoff() : null,
    assistantId: config.assistantId,
    // The site search (`search_site`, `open_page`): loaded at the assistant's first search, never before.
    siteIndex: config.siteIndex,
    // A typed chat the previous page of this tab handed over: the panel opens with its transcript.
    resumeChat: config.mode !== 'voice' && missing.length === 0 ? claimChatHandoff() : null,
    realtime:
      !local && config.supabaseUrl && config.supabaseAnonKey
        ? {
            supabaseUrl: config.supabaseUrl,
            anonKey: config.supabaseAnonKey,
            private: config.supabasePrivateChannels,
            ...(config.supabaseAccessToken && { accessToken: config.supabaseAccessToken }),
          }
        : null,
    theme: config.theme,
    position: config.position,
    size: config.size,
    accentColor: config.accentColor,
    paintAccent,
    title: config.title,
    consent: {
      required: config.consent === 'required',
      title: config.consentTitle,
      text: config.consentText,
      // The local mode's notice says where the voice goes: the browser, on the device where it can.
      ...(local && { textKey: 'widget.consent.localText' }),
      privacyUrl: config.privacyUrl,
    },
  })
}
