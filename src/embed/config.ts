/**
 * The embed's settings (README "Add VoiceOS to your site"): read from the `<script>` tag's `data-*`
 * attributes or from `VoiceOS.init({...})`, validated here, in the loader, so a wrong setting is reported
 * before anything else loads. This module is imported by the loader only (the widget chunk receives the
 * parsed result), so the bundler never moves it into a shared chunk.
 */

import { lookupLanguage, type WidgetLanguage } from '../voice/widget/languages'
import {
  attributeName,
  CONSENT_TEXT_MAX,
  elementAttributeName,
  EMBED_CONSENT,
  EMBED_LANGUAGES,
  EMBED_MODES,
  EMBED_POSITIONS,
  EMBED_SIZES,
  EMBED_THEMES,
  KEY_TOKEN,
  SETTING_KEYS,
  TITLE_MAX,
  UUID,
  type EmbedConfig,
  type EmbedProblem,
  type ParsedEmbedSettings,
  type SettingKey,
} from './settings'

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
  const name = (key: SettingKey) =>
    from === 'attributes' ? attributeName(key) : from === 'element' ? elementAttributeName(key) : key
  const problem = (key: SettingKey, message: string) =>
    problems.push({ setting: name(key), message: `${name(key)} ${message}` })

  if (from === 'init') {
    for (const key of Object.keys(source)) {
      if (!(SETTING_KEYS as readonly string[]).includes(key))
        problems.push({ setting: key, message: `${key} is not a VoiceOS setting (known: ${SETTING_KEYS.join(', ')})` })
    }
  }
  const text = (key: SettingKey): string => {
    const v = source[key]
    if (v === undefined || v === null) return ''
    if (typeof v !== 'string') {
      problem(key, `must be a string, got ${typeof v}`)
      return ''
    }
    return v.trim()
  }
  const required = (key: SettingKey, what: string, pattern: RegExp): string => {
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
  const oneOf = <T extends string>(key: SettingKey, allowed: readonly T[], fallback: T): T => {
    const v = text(key)
    if (v === '') return fallback
    if ((allowed as readonly string[]).includes(v)) return v as T
    problem(key, `must be one of ${allowed.join(', ')}; got "${v}" (using ${fallback})`)
    return fallback
  }

  /** A true/false setting: `true`/`false` or their strings (an attribute's value); anything else is reported. */
  const flag = (key: SettingKey, fallback: boolean): boolean => {
    const v = source[key]
    if (v === undefined || v === null) return fallback
    if (v === true || v === 'true') return true
    if (v === false || v === 'false') return false
    problem(key, `must be true or false; got "${typeof v === 'string' ? v : JSON.stringify(v)}" (using ${fallback})`)
    return fallback
  }

  // With neither platform setting given, the widget works without the platform (local mode) unless told otherwise.
  const given = (key: SettingKey) => source[key] !== undefined && source[key] !== null && source[key] !== ''
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
    const lacking: SettingKey = supabaseUrl === '' ? 'supabaseUrl' : 'supabaseAnonKey'
    problem(
      lacking,
      `is missing: realtime commands need both ${name('supabaseUrl')} and ${name('supabaseAnonKey')} (voice commands will arrive as tool calls only)`,
    )
  }
  if (supabaseUrl === '' || supabaseAnonKey === '') supabaseUrl = supabaseAnonKey = ''

  const supabasePrivateChannels = flag('supabasePrivateChannels', false)
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

  const persist = flag('persist', true)

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
  const languageOverrides = flag('languageOverrides', true)

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
  for (const key of SETTING_KEYS) {
    if (key === 'supabaseAccessToken') continue
    const v = element.getAttribute(toName(key))
    if (v !== null) out[key] = v
  }
  return out
}
