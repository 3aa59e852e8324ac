/**
 * The embed's settings (README "Add VoiceOS to your site"): read from the `<script>` tag's `data-*`
 * attributes or from `VoiceOS.init({...})`, validated here, in the loader, so a wrong setting is reported
 * before anything else loads. This module is imported by the loader only (the widget chunk receives the
 * parsed result), so the bundler never moves it into a shared chunk.
 */

import { lookupLanguage, WIDGET_LANGUAGES, type WidgetLanguage } from '../voice/widget/languages'

/** Languages the widget's copy exists in (`locales/<lng>/voice.json`; src/voice/widget/languages.ts). */
export const EMBED_LANGUAGES = WIDGET_LANGUAGES
/** Where the widget can float (the widget's `WIDGET_POSITIONS`, src/voice/widget/branding.ts; kept here so the loader imports nothing). */
export const EMBED_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left', 'bottom-center'] as const
/** The widget's sizes (`WIDGET_SIZES`): `full` (64 px mic) or `compact` (48 px). */
export const EMBED_SIZES = ['full', 'compact'] as const
/**
 * How visitors talk: a call, a typed chat without a call, or both (the widget's `WIDGET_MODES`, Vapi's widget
 * `mode`); or `local`: the browser's own speech recognition and the command grammar, no platform and no key
 * (README "Voice without a platform account") — the default when neither key nor assistant id is set.
 */
export const EMBED_MODES = ['voice', 'chat', 'hybrid', 'local'] as const
/** Longest title, in characters (the open panel's heading and the region's name). */
export const TITLE_MAX = 60
/** Colour schemes: fixed, or `auto` (the visitor's `prefers-color-scheme`). */
export const EMBED_THEMES = ['light', 'dark', 'auto'] as const
/** `required`: a notice with Accept and Cancel before the first microphone request; `none`: no notice. */
export const EMBED_CONSENT = ['none', 'required'] as const
/** Longest owner's consent text, in characters (a notice, not a policy: link the policy with `privacyUrl`). */
export const CONSENT_TEXT_MAX = 500

/** Validated settings of one embed. */
export interface EmbedConfig {
  /** The platform's public key (never the private key). '' when missing or invalid. */
  publicKey: string
  /** The assistant the call starts with. '' when missing or invalid. */
  assistantId: string
  /** Supabase project URL for voice commands over Realtime; '' → commands arrive only as tool calls. */
  supabaseUrl: string
  /** Supabase anon (public) key; '' when realtime is off. */
  supabaseAnonKey: string
  /** Join the channel as private (the secure setting; needs RLS and {@link EmbedConfig.supabaseAccessToken}). */
  supabasePrivateChannels: boolean
  /** The visitor's JWT for private channels (init() only). */
  supabaseAccessToken?: () => Promise<string | null>
  /**
   * The owner's language (`data-lang`, a BCP 47 tag resolved by lookup: `hi-IN` → `hi`); `null` when not set,
   * and then the page's `<html lang>` decides (src/voice/widget/languages.ts `chooseLanguage`).
   */
  lang: WidgetLanguage | null
  /** Languages a visitor may switch among (`data-languages`, comma-separated); `[]` → no switch. @default [] */
  languages: WidgetLanguage[]
  /**
   * The press asks the assistant to listen and speak the widget's language (`assistantOverrides`: transcriber,
   * voice, first message; src/voice/assistant/languages.ts); `false` (`data-language-overrides="false"`) keeps
   * the assistant exactly as the owner set it up. @default true
   */
  languageOverrides: boolean
  /** @default 'bottom-right' */
  position: (typeof EMBED_POSITIONS)[number]
  /** @default 'auto' */
  theme: (typeof EMBED_THEMES)[number]
  /** Platform API base URL. @default 'https://api.vapi.ai' */
  apiBaseUrl: string
  /**
   * One conversation across the site's pages: a same-origin navigation hands the call to the next page of the
   * tab (README "One conversation across pages"); `false` keeps one call per page. @default true
   */
  persist: boolean
  /** Consent before the first call (src/voice/widget/consent.ts). @default 'none' */
  consent: (typeof EMBED_CONSENT)[number]
  /** The notice's heading (≤ {@link TITLE_MAX} characters, Vapi's widget `consentTitle`); '' → the copy's "Before you talk". */
  consentTitle: string
  /** The owner's notice text (plain text, ≤ {@link CONSENT_TEXT_MAX} characters); '' → the default copy. */
  consentText: string
  /** The owner's privacy policy (an http(s) URL) linked from the notice; '' → no link. */
  privacyUrl: string
  /** The owner's accent, a CSS colour the browser accepts; '' → the default. Contrast is checked by the widget. */
  accentColor: string
  /** The widget's title (≤ {@link TITLE_MAX} characters); '' → the copy's "Voice assistant". */
  title: string
  /** @default 'full' */
  size: (typeof EMBED_SIZES)[number]
  /**
   * `voice`: the mic starts a call; `chat`: a typed conversation, no call, no microphone; `hybrid`: both; `local`:
   * the browser's recognizer and the command grammar, no platform (the public key and assistant id are not needed).
   * @default 'local' when neither `publicKey` nor `assistantId` is set, else 'voice'
   */
  mode: (typeof EMBED_MODES)[number]
  /**
   * Where the site's search index is published (`npm run assistant -- index`; README "Site search"): a path of
   * this site (`/site-index/`) or an http(s) URL; '' → no index (`search_site` says so). Nothing of it loads
   * before the assistant's first search.
   */
  siteIndex: string
}

/** One problem with the settings: which setting (as the site owner wrote it) and what is wrong. */
export interface EmbedProblem {
  /** `data-assistant-id` for a script tag, `assistantId` for init(). */
  setting: string
  message: string
}

/** The outcome of {@link parseEmbedSettings}. */
export interface ParsedEmbedSettings {
  config: EmbedConfig
  /** Every problem found (each also logged by the loader as a console error). */
  problems: EmbedProblem[]
  /** Required settings that are missing or invalid: the widget lists them and cannot start a call. */
  missing: string[]
}

/**
 * The settings of a VoiceOS widget (README "Every setting"): `init({...})`'s argument, camelCase. A script tag
 * carries the same settings as `data-` kebab-case attributes (`publicKey` → `data-public-key`), the
 * `<voiceos-widget>` element as plain attributes (`public-key`). Every setting is optional to the type: a
 * missing public key or assistant id is reported by the widget (it then says which setting is missing), an
 * invalid optional one is reported on the console and replaced by its default. Never throws.
 */
export interface VoiceOSSettings {
  /** The platform's PUBLIC key (Vapi dashboard → API Keys), never the private key. Required unless `mode` is `local`. */
  publicKey?: string
  /** The assistant the call starts with: a UUID, printed by `voiceos create`. Required unless `mode` is `local`. */
  assistantId?: string
  /**
   * Supabase project URL (`https://YOUR-PROJECT.supabase.co`) for voice commands over Realtime; with
   * {@link VoiceOSSettings.supabaseAnonKey}. Without both, commands arrive as the call's tool calls only.
   */
  supabaseUrl?: string
  /** Supabase anon (public) key, with {@link VoiceOSSettings.supabaseUrl}. */
  supabaseAnonKey?: string
  /** Join the Realtime channel as private (needs RLS and {@link VoiceOSSettings.supabaseAccessToken}). @default false */
  supabasePrivateChannels?: boolean | 'true' | 'false'
  /** The visitor's JWT for private channels, asked for at each join (`init()` only; no attribute form). */
  supabaseAccessToken?: () => Promise<string | null>
  /**
   * Language of the widget's copy: one of {@link EMBED_LANGUAGES} or a BCP 47 tag of one (`hi-IN` → `hi`).
   * @default the page's `<html lang>`, else 'en'
   */
  lang?: EmbedLanguage | (string & {})
  /**
   * Languages a visitor may switch among with the widget's language switch (shown with two or more): a
   * comma-separated string (`"hi,ta,en"`) or an array. The choice is remembered on the origin. @default none
   */
  languages?: string | readonly string[]
  /**
   * The press asks the assistant to listen and speak the widget's language (transcriber, voice, first message);
   * `false` keeps the assistant as set up. @default true
   */
  languageOverrides?: boolean | 'true' | 'false'
  /** Where the widget floats. @default 'bottom-right' */
  position?: EmbedPosition
  /** Colour scheme; `auto` follows the visitor's `prefers-color-scheme`. @default 'auto' */
  theme?: EmbedTheme
  /** Platform API origin (an http(s) URL). @default 'https://api.vapi.ai' */
  apiBaseUrl?: string
  /**
   * One conversation across the site's pages: a same-origin navigation hands the call to the next page of the
   * tab; `false` keeps one call per page. @default true
   */
  persist?: boolean | 'true' | 'false'
  /** `required`: a notice with Accept and Cancel before the first microphone request. @default 'none' */
  consent?: EmbedConsent
  /** The notice's heading, at most {@link TITLE_MAX} (60) characters. @default the copy's "Before you talk" */
  consentTitle?: string
  /** The notice's text (plain text), at most {@link CONSENT_TEXT_MAX} (500) characters. @default the copy's text */
  consentText?: string
  /** Your privacy policy (an http(s) URL), linked from the notice. @default no link */
  privacyUrl?: string
  /** Accent colour, any CSS colour (`#0b57d0`); the widget keeps its text readable (WCAG AA). @default the widget's blue */
  accentColor?: string
  /** The widget's title, at most {@link TITLE_MAX} (60) characters. @default the copy's "Voice assistant" */
  title?: string
  /** `full` (64 px mic button) or `compact` (48 px). @default 'full' */
  size?: EmbedSize
  /**
   * `voice`: the mic starts a call; `chat`: a typed conversation, no microphone; `hybrid`: both; `local`: the
   * browser's own speech recognition and the command grammar, no platform and no key.
   * @default 'local' when neither `publicKey` nor `assistantId` is given, else 'voice'
   */
  mode?: EmbedMode
  /**
   * Where the site search index is published (`voiceos index`): a path of this site (`/site-index/`) or an
   * http(s) URL. Nothing of it loads before the assistant's first search. @default no site search
   */
  siteIndex?: string
}

/** A language of the widget's copy. */
export type EmbedLanguage = (typeof EMBED_LANGUAGES)[number]
/** A corner (or the bottom centre) the widget floats in. */
export type EmbedPosition = (typeof EMBED_POSITIONS)[number]
/** A colour scheme of the widget. */
export type EmbedTheme = (typeof EMBED_THEMES)[number]
/** Whether the widget asks for consent before the first call. */
export type EmbedConsent = (typeof EMBED_CONSENT)[number]
/** A size of the widget's mic button. */
export type EmbedSize = (typeof EMBED_SIZES)[number]
/** How visitors talk to the assistant. */
export type EmbedMode = (typeof EMBED_MODES)[number]

/** The settings of `VoiceOS.init()` (the name this module used before {@link VoiceOSSettings}). */
export type EmbedInitOptions = VoiceOSSettings

/** An assistant id: a UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A public key: one token (a UUID in today's dashboard), no spaces, quotes or markup. */
const KEY_TOKEN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{7,199}$/
const KEYS = [
  'publicKey',
  'assistantId',
  'supabaseUrl',
  'supabaseAnonKey',
  'supabasePrivateChannels',
  'supabaseAccessToken',
  'lang',
  'languages',
  'languageOverrides',
  'position',
  'theme',
  'apiBaseUrl',
  'persist',
  'consent',
  'consentTitle',
  'consentText',
  'privacyUrl',
  'accentColor',
  'title',
  'size',
  'mode',
  'siteIndex',
] as const
type Key = (typeof KEYS)[number]

/** `supabaseAnonKey` → `supabase-anon-key` (the `<voiceos-widget>` element's attribute). */
export const elementAttributeName = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
/** `supabaseAnonKey` → `data-supabase-anon-key` (the script tag's attribute). */
export const attributeName = (key: string): string => `data-${elementAttributeName(key)}`
/** The attributes `<voiceos-widget>` reads: every setting but the `supabaseAccessToken` function. */
export const ELEMENT_ATTRIBUTES: readonly string[] = KEYS.filter((k) => k !== 'supabaseAccessToken').map(
  elementAttributeName,
)

const isHttpUrl = (value: string): boolean => {
  try {
    const u = new URL(value)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * Reads and validates the settings. `source` is a script tag's `data-*` attributes (`from: 'attributes'`), a
 * `<voiceos-widget>` element's attributes (`from: 'element'`) or init()'s options (`from: 'init'`); problems name the setting the way the site owner wrote it. Never throws:
 * a missing or invalid public key or assistant id is reported and listed in `missing`; an invalid optional
 * setting is reported and replaced by its default.
 */
export function parseEmbedSettings(
  source: Record<string, unknown>,
  from: 'attributes' | 'init' | 'element',
): ParsedEmbedSettings {
  const problems: EmbedProblem[] = []
  const missing: string[] = []
  const name = (key: Key) =>
    from === 'attributes' ? attributeName(key) : from === 'element' ? elementAttributeName(key) : key
  const problem = (key: Key, message: string) =>
    problems.push({ setting: name(key), message: `${name(key)} ${message}` })

  if (from === 'init') {
    for (const key of Object.keys(source)) {
      if (!(KEYS as readonly string[]).includes(key))
        problems.push({ setting: key, message: `${key} is not a VoiceOS setting (known: ${KEYS.join(', ')})` })
    }
  }
  const text = (key: Key): string => {
    const v = source[key]
    if (v === undefined || v === null) return ''
    if (typeof v !== 'string') {
      problem(key, `must be a string, got ${typeof v}`)
      return ''
    }
    return v.trim()
  }
  const required = (key: Key, what: string, pattern: RegExp): string => {
    const v = text(key)
    if (v === '') {
      problem(key, `is missing: ${what}`)
      missing.push(name(key))
      return ''
    }
    if (/^your[_-]/i.test(v)) {
      problem(key, `is still the placeholder "${v}": put in ${what}`)
      missing.push(name(key))
      return ''
    }
    if (!pattern.test(v)) {
      problem(key, `is not valid: expected ${what}, got "${v.length > 40 ? `${v.slice(0, 40)}…` : v}"`)
      missing.push(name(key))
      return ''
    }
    return v
  }
  const oneOf = <T extends string>(key: Key, allowed: readonly T[], fallback: T): T => {
    const v = text(key)
    if (v === '') return fallback
    if ((allowed as readonly string[]).includes(v)) return v as T
    problem(key, `must be one of ${allowed.join(', ')}; got "${v}" (using ${fallback})`)
    return fallback
  }

  // With neither platform setting given, the widget works without the platform (local mode) unless told otherwise.
  const given = (key: Key) => source[key] !== undefined && source[key] !== null && source[key] !== ''
  const mode = oneOf('mode', EMBED_MODES, !given('publicKey') && !given('assistantId') ? 'local' : 'voice')
  const local = mode === 'local'
  const publicKey = local
    ? ''
    : required('publicKey', "the platform's public key (dashboard → API Keys; never the private key)", KEY_TOKEN)
  const assistantId = local
    ? ''
    : required('assistantId', 'the assistant id (a UUID, printed by `npm run assistant -- create`)', UUID)

  let supabaseUrl = text('supabaseUrl')
  let supabaseAnonKey = text('supabaseAnonKey')
  if (supabaseUrl !== '' && !isHttpUrl(supabaseUrl)) {
    problem(
      'supabaseUrl',
      `must be an http(s) URL such as https://YOUR-PROJECT.supabase.co; got "${supabaseUrl}" (voice commands will arrive as tool calls only)`,
    )
    supabaseUrl = ''
  }
  if ((supabaseUrl === '') !== (supabaseAnonKey === '') && problems.every((p) => p.setting !== name('supabaseUrl'))) {
    const lacking: Key = supabaseUrl === '' ? 'supabaseUrl' : 'supabaseAnonKey'
    problem(
      lacking,
      `is missing: realtime commands need both ${name('supabaseUrl')} and ${name('supabaseAnonKey')} (voice commands will arrive as tool calls only)`,
    )
  }
  if (supabaseUrl === '' || supabaseAnonKey === '') supabaseUrl = supabaseAnonKey = ''

  const privateRaw = source.supabasePrivateChannels
  const supabasePrivateChannels = privateRaw === true || privateRaw === 'true'
  if (
    privateRaw !== undefined &&
    privateRaw !== true &&
    privateRaw !== false &&
    privateRaw !== 'true' &&
    privateRaw !== 'false'
  ) {
    problem('supabasePrivateChannels', `must be true or false; got "${JSON.stringify(privateRaw)}"`)
  }
  let supabaseAccessToken: EmbedConfig['supabaseAccessToken']
  if (source.supabaseAccessToken !== undefined) {
    if (typeof source.supabaseAccessToken === 'function')
      supabaseAccessToken = source.supabaseAccessToken as () => Promise<string | null>
    else problem('supabaseAccessToken', 'must be a function returning a promise of the visitor JWT')
  }

  let apiBaseUrl = text('apiBaseUrl').replace(/\/+$/, '')
  if (apiBaseUrl !== '' && !isHttpUrl(apiBaseUrl)) {
    problem('apiBaseUrl', `must be an http(s) URL; got "${apiBaseUrl}" (using https://api.vapi.ai)`)
    apiBaseUrl = ''
  }

  const persistRaw = source.persist
  const persist = !(persistRaw === false || persistRaw === 'false')
  if (
    persistRaw !== undefined &&
    persistRaw !== true &&
    persistRaw !== false &&
    persistRaw !== 'true' &&
    persistRaw !== 'false'
  ) {
    const shown = typeof persistRaw === 'string' ? persistRaw : JSON.stringify(persistRaw)
    problem('persist', `must be true or false; got "${shown}" (using true)`)
  }

  let lang: WidgetLanguage | null = null
  const givenLang = text('lang')
  if (givenLang !== '') {
    lang = lookupLanguage(givenLang)
    if (!lang)
      problem(
        'lang',
        `must be one of ${EMBED_LANGUAGES.join(', ')} (or a BCP 47 tag of one, such as hi-IN); got "${givenLang}" (using the page's language)`,
      )
  }
  const languages: WidgetLanguage[] = []
  const languagesRaw = source.languages
  if (languagesRaw !== undefined && languagesRaw !== null) {
    const list =
      typeof languagesRaw === 'string'
        ? languagesRaw.split(',')
        : Array.isArray(languagesRaw)
          ? languagesRaw.map((v) => (typeof v === 'string' ? v : ''))
          : null
    if (!list) problem('languages', 'must be a comma-separated list of languages such as "hi,ta,en"')
    for (const item of list ?? []) {
      if (item.trim() === '') continue
      const found = lookupLanguage(item)
      if (!found)
        problem('languages', `has "${item.trim()}", which is not one of ${EMBED_LANGUAGES.join(', ')} (left out)`)
      else if (!languages.includes(found)) languages.push(found)
    }
  }
  const overridesRaw = source.languageOverrides
  const languageOverrides = !(overridesRaw === false || overridesRaw === 'false')
  if (
    overridesRaw !== undefined &&
    overridesRaw !== true &&
    overridesRaw !== false &&
    overridesRaw !== 'true' &&
    overridesRaw !== 'false'
  ) {
    const shown = typeof overridesRaw === 'string' ? overridesRaw : JSON.stringify(overridesRaw)
    problem('languageOverrides', `must be true or false; got "${shown}" (using true)`)
  }

  const consent = oneOf('consent', EMBED_CONSENT, 'none')
  const givenConsentText = text('consentText')
  let consentText = givenConsentText.replace(/\s+/g, ' ')
  if (consentText.length > CONSENT_TEXT_MAX) {
    problem(
      'consentText',
      `is ${consentText.length} characters; at most ${CONSENT_TEXT_MAX} fit the notice (link your policy with ${name('privacyUrl')}; using the default text)`,
    )
    consentText = ''
  }
  const givenConsentTitle = text('consentTitle')
  let consentTitle = givenConsentTitle.replace(/\s+/g, ' ')
  if (consentTitle.length > TITLE_MAX) {
    problem(
      'consentTitle',
      `is ${consentTitle.length} characters; at most ${TITLE_MAX} fit the notice's heading (using the default heading)`,
    )
    consentTitle = ''
  }
  const givenPrivacyUrl = text('privacyUrl')
  let privacyUrl = givenPrivacyUrl
  if (privacyUrl !== '' && !isHttpUrl(privacyUrl)) {
    problem(
      'privacyUrl',
      `must be an http(s) URL such as https://example.com/privacy; got "${privacyUrl}" (no link shown)`,
    )
    privacyUrl = ''
  }
  if (consent !== 'required') {
    const given = { consentTitle: givenConsentTitle, consentText: givenConsentText, privacyUrl: givenPrivacyUrl }
    for (const key of ['consentTitle', 'consentText', 'privacyUrl'] as const) {
      if (given[key] !== '')
        problem(key, `is shown only with ${name('consent')}="required", which is not set (no notice is shown)`)
    }
  }

  let accentColor = text('accentColor')
  if (accentColor !== '') {
    const supports =
      typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', accentColor) : true
    if (/[;{}<>]/.test(accentColor) || !supports) {
      problem('accentColor', `must be a CSS colour such as #0b57d0; got "${accentColor}" (using the default accent)`)
      accentColor = ''
    }
  }
  let title = text('title').replace(/\s+/g, ' ')
  if (title.length > TITLE_MAX) {
    problem('title', `is ${title.length} characters; at most ${TITLE_MAX} fit (using the default title)`)
    title = ''
  }

  let siteIndex = text('siteIndex')
  if (siteIndex !== '' && !(/^\/(?!\/)/.test(siteIndex) || isHttpUrl(siteIndex))) {
    problem(
      'siteIndex',
      `must be a path of this site such as /site-index/ or an http(s) URL; got "${siteIndex}" (no site search)`,
    )
    siteIndex = ''
  }

  return {
    config: {
      publicKey,
      assistantId,
      supabaseUrl,
      supabaseAnonKey,
      supabasePrivateChannels,
      ...(supabaseAccessToken && { supabaseAccessToken }),
      lang,
      languages,
      languageOverrides,
      position: oneOf('position', EMBED_POSITIONS, 'bottom-right'),
      theme: oneOf('theme', EMBED_THEMES, 'auto'),
      // DEFAULT_BASE_URL (src/platform/core/defaults.ts), written out: the loader imports nothing (see above).
      apiBaseUrl: apiBaseUrl || 'https://api.vapi.ai',
      persist,
      consent,
      consentTitle,
      consentText,
      privacyUrl,
      accentColor,
      title,
      size: oneOf('size', EMBED_SIZES, 'full'),
      mode,
      siteIndex,
    },
    problems,
    missing,
  }
}

/** A script tag's settings: its `data-*` attributes as {@link parseEmbedSettings} reads them. */
export function settingsFromScript(script: Pick<Element, 'getAttribute'>): Record<string, unknown> {
  return readAttributes(script, attributeName)
}

/** A `<voiceos-widget>` element's settings: its attributes (`public-key`, …) as {@link parseEmbedSettings} reads them. */
export function settingsFromElement(element: Pick<Element, 'getAttribute'>): Record<string, unknown> {
  return readAttributes(element, elementAttributeName)
}

function readAttributes(element: Pick<Element, 'getAttribute'>, toName: (key: string) => string) {
  const out: Record<string, unknown> = {}
  for (const key of KEYS) {
    if (key === 'supabaseAccessToken') continue
    const v = element.getAttribute(toName(key))
    if (v !== null) out[key] = v
  }
  return out
}
