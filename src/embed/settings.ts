/**
 * The embed's settings as a site owner writes them (README "Every setting"): their names, allowed values, limits
 * and types, and how a name reads as an attribute. Parsed and validated by ./config.ts. Imported by the loader:
 * nothing here may pull in widget code.
 */

import { WIDGET_LANGUAGES, type WidgetLanguage } from '../voice/widget/languages'

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
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A public key: one token (a UUID in today's dashboard), no spaces, quotes or markup. */
export const KEY_TOKEN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{7,199}$/
/** Every setting, by its `init()` name (README "Every setting"). */
export const SETTING_KEYS = [
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
/** A setting's `init()` name. */
export type SettingKey = (typeof SETTING_KEYS)[number]

/** `supabaseAnonKey` → `supabase-anon-key` (the `<voiceos-widget>` element's attribute). */
export const elementAttributeName = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
/** `supabaseAnonKey` → `data-supabase-anon-key` (the script tag's attribute). */
export const attributeName = (key: string): string => `data-${elementAttributeName(key)}`
/** The attributes `<voiceos-widget>` reads: every setting but the `supabaseAccessToken` function. */
export const ELEMENT_ATTRIBUTES: readonly string[] = SETTING_KEYS.filter((k) => k !== 'supabaseAccessToken').map(
  elementAttributeName,
)
