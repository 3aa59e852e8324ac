import { siteConfig, type SiteConfig } from '../../config/site'
import en from '../../../locales/en/voice.json'
import type { VoiceCopy } from './copy'
import { claimHandoff, storageOf } from '../session/handoffRecord'
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
 * start) the app. The widget's other languages come with ./siteLanguages.ts: each would add a loader to this first
 * script.
 */
const voiceCopies = import.meta.glob<VoiceCopy>('../../../locales/hi/voice.json', { import: 'default' })

/** Loads the `voice` copy of `lng` (English when that language has none). */
export async function loadVoiceCopy(lng: string): Promise<VoiceCopy> {
  const load = voiceCopies[`../../../locales/${lng}/voice.json`]
  return load ? load() : en
}

let site: VoiceWidgetHandle | null = null

/**
 * The site's language chunk (./siteLanguages.ts: the language switch, the 22 other languages' copy loaders, the
 * call overrides), once loaded.
 */
let languages: typeof import('./siteLanguages') | undefined

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
 *
 * The widget speaks the page's language (en, hi) until the visitor picks another of the 24 widget languages in
 * its language switch, as on an owner's site with `data-languages` (README "Languages"). The switch's code and
 * the other languages' copy loaders are a chunk of their own (./siteLanguages.ts, ~5 KB gzip), never in this
 * first script; the widget mounts once it has loaded (with the page's copy), the switch in its first frame. The
 * choice is remembered on the origin (`localStorage` `voiceos:lang`, as the embed keeps it); on a later visit the
 * widget mounts in it. The press sends the language's `assistantOverrides` exactly as the embed does
 * (./languageKit.ts), except in the local mode (no platform call). If the chunk fails to load, the widget mounts
 * in the page's language without the switch and sends none (the assistant's own language).
 * @returns the widget's handle (the React app keeps its colour mode in step through it, and its copy with
 *   {@link followPageLanguage}).
 */
export async function mountSiteVoiceWidget({
  lng,
  theme,
  config = siteConfig,
}: SiteVoiceWidgetOptions): Promise<VoiceWidgetHandle> {
  if (site) return site
  // The language chunk comes with the mount, so the switch is in the widget's first frame: added later, it would
  // push the mic aside (a layout shift; the pages' CLS is 0). A chunk that fails to load says so itself ("Failed to
  // fetch dynamically imported module: …siteLanguages…"); the widget then mounts without the switch.
  const chunk = import('./siteLanguages').then((m) => (languages = m), console.warn)
  // A language the visitor chose on an earlier visit (./languages.ts LANGUAGE_STORAGE_KEY, spelt out: importing
  // that module would put all of it in this first script): its copy comes with the language chunk.
  const visitors = storageOf(window, 'localStorage')?.getItem('voiceos:lang')
    ? await chunk.then((m) => m?.rememberedCopy())
    : null
  const copy = visitors?.copy ?? (await loadVoiceCopy(lng))
  const lang = visitors?.lang ?? lng
  const switches = await chunk
  if (site) return site
  const host = document.createElement('div')
  host.setAttribute('data-voiceos', '')
  document.body.append(host)
  // One conversation across full page loads (a reload, a language switch): the call's and the local mode's.
  const kind = siteEngineKind(config)
  const configured = isVoiceConfigured(config)
  const persist = kind !== 'scripted' && configured
  const widget: VoiceWidgetHandle = (site = mountVoiceWidget(host, {
    copy,
    lang,
    theme,
    configured,
    callCopy: (l) => languages?.callCopy(l),
    ...(kind !== 'local' && { languageOverrides: (l, c) => languages?.overrides(l, c) }),
    createEngine: createEngineFactory({
      kind,
      publicKey: config.vapi.publicKey,
      apiBaseUrl: config.vapi.apiBaseUrl,
      persist,
      // Read at each press; a conversation resumed after a page load starts inside this mount, before `site` is set.
      lang: () => site?.lang ?? lang,
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
  }))
  switches?.addSwitch(widget)
  return widget
}

/**
 * Shows the page's language in the widget (the app calls it when the page's language changes), unless the
 * visitor chose the widget's language in its switch.
 */
export function followPageLanguage(copy: VoiceCopy, lang: string): void {
  if (!languages?.chosen) site?.setCopy(copy, lang)
}

/** Removes the site's widget and forgets its language state (stories and tests mount it again). */
export function unmountSiteVoiceWidget(): void {
  site?.destroy()
  site?.shadowRoot.host.remove()
  site = null
  languages?.forget()
}

/** The site's mounted voice widget, or `null` before {@link mountSiteVoiceWidget} finished (or outside the site). */
export function siteVoiceWidget(): VoiceWidgetHandle | null {
  return site
}
