/**
 * The widget's languages: English, the 22 languages of the Eighth Schedule to the Constitution of India, and
 * Hinglish (Hindi written in Latin script, `hi-Latn`). Each has its copy in `locales/<tag>/voice.json` (the idle
 * widget) and `locales/<tag>/voiceCall.json` (the call panel), fetched only for the language in use.
 *
 * Framework-free and import-free, and imported by the embed's loader alone (`voiceos.js`, ≤ 12 KB, which may
 * share no module with the widget chunk): the loader resolves the page's language with it and hands the widget
 * the result. The widget's own direction comes from ./rtl.ts.
 */

/**
 * The 24 languages, as BCP 47 tags (RFC 5646; ISO 639-1 where one exists, else ISO 639-2/3: `brx` Bodo, `doi`
 * Dogri, `kok` Konkani, `mai` Maithili, `mni` Manipuri, `sat` Santali). The tag is also the folder of the copy.
 */
export const ALL_LANGUAGES = [
  'en',
  'as',
  'bn',
  'brx',
  'doi',
  'gu',
  'hi',
  'hi-Latn',
  'kn',
  'ks',
  'kok',
  'mai',
  'ml',
  'mni',
  'mr',
  'ne',
  'or',
  'pa',
  'sa',
  'sat',
  'sd',
  'ta',
  'te',
  'ur',
] as const
/** One of {@link ALL_LANGUAGES}. */
export type Language = (typeof ALL_LANGUAGES)[number]

/** The languages the widget's copy exists in (`locales/<tag>/`): all of {@link ALL_LANGUAGES}. */
export const WIDGET_LANGUAGES = ALL_LANGUAGES
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number]

/**
 * Tags that name one of the languages under another spelling: ISO 639-2/B and legacy codes, and the individual
 * languages of a macrolanguage the copy is written in (`gom` Goan Konkani → `kok`, `npi` → `ne`).
 */
const ALIASES: Record<string, Language> = {
  gom: 'kok',
  knn: 'kok',
  nep: 'ne',
  npi: 'ne',
  ori: 'or',
  ory: 'or',
  urd: 'ur',
  hin: 'hi',
  ben: 'bn',
  tam: 'ta',
  tel: 'te',
  mar: 'mr',
  guj: 'gu',
  kan: 'kn',
  mal: 'ml',
  pan: 'pa',
  asm: 'as',
  kas: 'ks',
  snd: 'sd',
  san: 'sa',
  eng: 'en',
}

/**
 * The language of `among` a BCP 47 tag names, by RFC 4647 §3.4 Lookup: the tag, then the tag with its last
 * subtag removed, and so on (`pa-Guru-IN` → `pa-Guru` → `pa`; `hi-IN` → `hi`; `hi-Latn-IN` → `hi-Latn`). Case,
 * `_` separators and ISO 639-2/3 codes are forgiven (`HI_in`, `tam`, `gom`). A script subtag the copy is not
 * written in is dropped like any other (`ur-Deva` → `ur`). Returns `null` when nothing matches (`fr-FR`, `''`,
 * `x-klingon`).
 */
export function lookupIn<T extends string>(tag: string | null | undefined, among: readonly T[]): T | null {
  if (typeof tag !== 'string') return null
  let parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-').filter(Boolean)
  if (parts.length === 0 || parts[0] === 'x' || parts[0] === 'i') return null
  const alias = ALIASES[parts[0]!]
  if (alias) parts = [alias.toLowerCase(), ...parts.slice(1)]
  while (parts.length > 0) {
    const want = parts.join('-')
    const hit = among.find((l) => l.toLowerCase() === want)
    if (hit) return hit
    parts = parts.slice(0, -1)
    // A single-letter subtag (an extension or private use) takes what follows it with it (RFC 4647 §3.4).
    if (parts.length > 1 && parts[parts.length - 1]!.length === 1) parts = parts.slice(0, -1)
  }
  return null
}

/** The widget language of a BCP 47 tag ({@link lookupIn} over {@link WIDGET_LANGUAGES}), or `null`. */
export const lookupLanguage = (tag: string | null | undefined): WidgetLanguage | null => lookupIn(tag, WIDGET_LANGUAGES)

/** The `localStorage` key of the visitor's chosen language on this origin. */
export const LANGUAGE_STORAGE_KEY = 'voiceos:lang'

/** The language the visitor chose on this origin before, or `null` (none, storage blocked, or not a language). */
export function rememberedLanguage(): WidgetLanguage | null {
  try {
    return lookupLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY))
  } catch {
    return null
  }
}

/** Remembers the visitor's language on this origin (`localStorage`); a blocked storage is ignored. */
export function rememberLanguage(lang: WidgetLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang)
  } catch {
    // Storage blocked (private mode, a sandboxed frame): the choice lasts for this page only.
  }
}

/**
 * The widget's language on a page (README "Languages"): the visitor's remembered choice when the owner allows
 * it (`allowed`), else the owner's `data-lang`, else the page's `<html lang>` by {@link lookupLanguage}, else
 * English. A given `data-lang` outside `allowed` is still used (it is the owner's own choice).
 */
export function chooseLanguage(options: {
  /** The owner's `data-lang`, already resolved (`null` when not set or not a language). */
  configured: WidgetLanguage | null
  /** The page's `<html lang>` (`document.documentElement.lang`). */
  pageLang: string | null | undefined
  /** The languages a visitor may switch among (`data-languages`); empty = no switch. */
  allowed: readonly WidgetLanguage[]
  /** The visitor's remembered choice on this origin. */
  remembered: WidgetLanguage | null
}): WidgetLanguage {
  const { configured, pageLang, allowed, remembered } = options
  if (remembered && allowed.includes(remembered)) return remembered
  return configured ?? lookupLanguage(pageLang) ?? 'en'
}
