/**
 * The embed's widget chunk, imported by `voiceos.js` when the browser is idle (≤ 60 KB gzip,
 * `tests/budgets.ts`): mounts the site's one widget (`src/voice/widget`) with the embed's settings and copy.
 */
import en from '../../locales/en/voice.json'
import hi from '../../locales/hi/voice.json'
import {
  createChatFactory,
  createEngineFactory,
  mountVoiceWidget,
  widgetStyleSheet,
  type VoiceWidgetHandle,
} from '../voice/widget'
import { paintAccent } from '../voice/widget/branding'
import type { ParsedEmbedSettings } from './config'
import { claimChatHandoff, claimHandoff } from '../voice/session/handoffRecord'

// The widget's CSS is parsed as this chunk is evaluated, a task before the loader mounts the widget: the two
// stay short tasks on the host page rather than one long one.
widgetStyleSheet()

/** Engine of this build: `scripted` only in the e2e build and demos (`VITE_VOICE_ENGINE`), never by default. */
const ENGINE_KIND: 'live' | 'scripted' = import.meta.env.VITE_VOICE_ENGINE === 'scripted' ? 'scripted' : 'live'

/**
 * Mounts the widget into `host` (the loader's own element). With a required setting missing the widget still
 * renders and, once pressed, says which setting is missing (Configuration Required, SPEC §8).
 */
export function mountEmbed(host: HTMLElement, { config, missing }: ParsedEmbedSettings): VoiceWidgetHandle {
  // Local mode (README "Voice without a platform account"): the browser's recognizer and the grammar, no platform.
  const local = config.mode === 'local'
  // The scripted engine (e2e build, demos) has no room to outlive a page: one call per page there.
  const persist = config.persist && (ENGINE_KIND === 'live' || local)
  const copy = config.lang === 'hi' ? hi : en
  return mountVoiceWidget(host, {
    copy,
    lang: config.lang,
    configured: missing.length === 0,
    missing,
    createEngine: createEngineFactory({
      kind: local ? 'local' : ENGINE_KIND,
      publicKey: config.publicKey,
      apiBaseUrl: config.apiBaseUrl,
      persist: persist,
      lang: config.lang,
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
      // The local mode's notice says where the voice goes: the browser, on the device where it can.
      text: config.consentText || (local ? copy.widget.consent.localText : ''),
      privacyUrl: config.privacyUrl,
    },
  })
}
