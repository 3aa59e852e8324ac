import { siteConfig, type SiteConfig } from '../../config/site'
import en from '../../../locales/en/voice.json'
import type { VoiceCopy } from './copy'
import { claimHandoff } from '../session/handoffRecord'
import { createEngineFactory } from './engine'
import type { ConsentSettings } from './consent'
import { mountVoiceWidget, type VoiceWidgetHandle, type WidgetTheme } from './mount'

/**
 * The engine the site's widget uses: `scripted` as configured; `local` (the browser's recognizer and the command
 * grammar, src/voice/local) when asked for, or when neither the public key nor the assistant id is set — so a
 * checkout with no keys works by voice; otherwise the platform's call (`live`).
 */
export const siteEngineKind = (config: SiteConfig): 'live' | 'scripted' | 'local' =>
  config.voiceEngine === 'live' && config.vapi.publicKey === '' && config.vapi.assistantId === ''
    ? 'local'
    : config.voiceEngine

/**
 * Whether the site's widget can start: the scripted and local engines need no keys, the call needs both. With only
 * one of them set, a press says Configuration Required (SPEC §8).
 */
export const isVoiceConfigured = (config: SiteConfig): boolean =>
  siteEngineKind(config) !== 'live' || (config.vapi.publicKey !== '' && config.vapi.assistantId !== '')

/**
 * The site's other languages' `voice` copy (`locales/<lng>/voice.json` of src/i18n/locale.ts `LANGUAGES`), one
 * small chunk each, fetched on demand. English is bundled: importing it from a chunk of the app would load (and so
 * start) the app. The widget's other languages are the embed's: each would add a loader to this first script.
 */
const voiceCopies = import.meta.glob<VoiceCopy>('../../../locales/hi/voice.json', { import: 'default' })

/** Loads the `voice` copy of `lng` (English when that language has none). */
export async function loadVoiceCopy(lng: string): Promise<VoiceCopy> {
  const load = voiceCopies[`../../../locales/${lng}/voice.json`]
  return load ? load() : en
}

let site: VoiceWidgetHandle | null = null

/** The consent this site's own widget asks for: the default notice (`widget.consent.*` in locales/). */
export const SITE_CONSENT: ConsentSettings = { required: true }

/**
 * Where this site publishes its own search index: `npm run build` indexes the built pages into `dist/site-index/`
 * with the index command owners run (scripts/site-search-index.ts). A development server has none.
 */
export const SITE_INDEX_PATH: string | undefined = import.meta.env.PROD ? '/site-index/' : undefined

/** Options of {@link mountSiteVoiceWidget}. */
export interface SiteVoiceWidgetOptions {
  /** Language of the page (its `voice` copy is loaded). */
  lng: string
  /** Colour scheme at mount; the app follows the visitor's changes with `setTheme`. */
  theme: WidgetTheme
  /** @default siteConfig */
  config?: SiteConfig
}

/**
 * Mounts the site's own voice widget — the same framework-free widget `voiceos.js` mounts on other sites
 * (`mountVoiceWidget`) — into a `<div data-voiceos>` at the end of `<body>`, outside the React root: it works from
 * the first paint, before and regardless of hydration, and lives across client-side navigations (a call
 * survives a language switch). The call engine still loads only on the first mic press.
 * Once per page: a second call returns the mounted one.
 * @returns the widget's handle (the React app keeps its colour mode and copy in step through it).
 */
export async function mountSiteVoiceWidget({
  lng,
  theme,
  config = siteConfig,
}: SiteVoiceWidgetOptions): Promise<VoiceWidgetHandle> {
  if (site) return site
  const copy = await loadVoiceCopy(lng)
  if (site) return site
  const host = document.createElement('div')
  host.setAttribute('data-voiceos', '')
  document.body.append(host)
  // One conversation across full page loads (a reload, a language switch): the call's and the local mode's.
  const kind = siteEngineKind(config)
  const persist = kind !== 'scripted' && isVoiceConfigured(config)
  site = mountVoiceWidget(host, {
    copy,
    lang: lng,
    theme,
    configured: isVoiceConfigured(config),
    createEngine: createEngineFactory({
      kind,
      publicKey: config.vapi.publicKey,
      apiBaseUrl: config.vapi.apiBaseUrl,
      persist,
      lang: lng,
      siteSearch: SITE_INDEX_PATH !== undefined,
    }),
    persist,
    resume: persist ? claimHandoff() : null,
    assistantId: config.vapi.assistantId,
    // Its own pages' index, as an owner's `data-site-index`: `search_site` and `open_page` (README "Site search");
    // nothing of it loads before the visitor's press.
    ...(SITE_INDEX_PATH && { siteIndex: SITE_INDEX_PATH }),
    // This site asks before the first microphone request, as it tells site owners to (README `data-consent`); the
    // local mode's notice says the browser recognises the voice, on the device where it can.
    consent: kind === 'local' ? { ...SITE_CONSENT, textKey: 'widget.consent.localText' } : SITE_CONSENT,
    realtime:
      kind !== 'local' && config.supabase.url && config.supabase.anonKey
        ? {
            supabaseUrl: config.supabase.url,
            anonKey: config.supabase.anonKey,
            private: config.supabase.privateChannels,
          }
        : null,
  })
  return site
}

/** The site's mounted voice widget, or `null` before {@link mountSiteVoiceWidget} finished (or outside the site). */
export function siteVoiceWidget(): VoiceWidgetHandle | null {
  return site
}
