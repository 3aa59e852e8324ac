/**
 * The widget's in-call copy (`locales/<lng>/voiceCall.json`: hints, start stages, the conversation, problems),
 * fetched on intent with the in-call panel, never with the idle widget, and the two-level lookup `t` that reads
 * a key in the idle copy (`voice.json`) first, then in it.
 * @module
 */
import { translate, type VoiceCopy } from './copy'

/**
 * The loader of one language's in-call copy chunk (`locales/<lng>/voiceCall.json`), or `undefined` when the build
 * has none for that language.
 */
export type CallCopyChunk = (lang: string) => (() => Promise<unknown>) | undefined

/** The in-call copy chunks of the site's own languages (src/i18n/locale.ts `LANGUAGES`), one small chunk each. */
const SITE_CALL_COPIES = import.meta.glob<unknown>('../../../locales/{en,hi}/voiceCall.json', { import: 'default' })

/** The site's in-call copy chunk of `lang`: the default {@link CallCopyOptions.chunk}. */
const siteCallCopy: CallCopyChunk = (lang) => SITE_CALL_COPIES[`../../../locales/${lang}/voiceCall.json`]

/** Options of {@link createCallCopy}. */
export interface CallCopyOptions {
  /** The idle copy of the page's language, read now (it changes with `setCopy`). */
  idle: () => VoiceCopy
  /** The page's language (BCP 47), read at each {@link CallCopy.load}; unknown languages fall back to `en`. */
  lang: () => string
  /** Called once a load lands (the widget redraws with the new words); not after {@link CallCopy.dispose}. */
  onLoad: () => void
  /** Where a failed chunk load is reported. */
  logger: Pick<Console, 'warn'>
  /**
   * The in-call copy's chunk of a language: the embed passes its 24 languages' (./languageKit.ts); by default the
   * site's own (en, hi), so the site's first script carries no loader for the others. A language it has no chunk
   * for (`undefined`: e.g. the site's, before its language chunk has loaded) gets the site's own, else English's.
   */
  chunk?: CallCopyChunk
}

/** The in-call copy of one widget. */
export interface CallCopy {
  /** Whether the in-call copy of some language has landed. */
  readonly loaded: boolean
  /** The language last asked for ('' before the first load, and after a failed one so the next press retries). */
  readonly lang: string
  /** Loads the copy of the current language (once per language; a second call returns the same promise). Never rejects. */
  load(): Promise<void>
  /**
   * The text of `key` with `{{name}}` values: the idle copy's, else the in-call copy's, else `fallback` (before
   * the in-call copy lands, the idle copy's answer for a missing key). @default fallback the key itself (copy.ts)
   */
  t(key: string, values?: Record<string, string>, fallback?: string): string
  /** Stops calling `onLoad` (the widget is gone). */
  dispose(): void
}

/** Creates the in-call copy of a widget; nothing is fetched before the first {@link CallCopy.load}. */
export function createCallCopy(options: CallCopyOptions): CallCopy {
  let callCopy: VoiceCopy | null = null
  let callCopyLang = ''
  let callCopyLoad: Promise<void> = Promise.resolve()
  let disposed = false
  const load = (): Promise<void> => {
    const want = options.lang()
    if (callCopyLang === want) return callCopyLoad
    callCopyLang = want
    const chunk = options.chunk?.(want) ?? siteCallCopy(want) ?? siteCallCopy('en')
    callCopyLoad = (chunk ? chunk() : Promise.resolve(null)).then(
      (loaded) => {
        if (disposed || callCopyLang !== want) return
        callCopy = loaded as VoiceCopy | null
        options.onLoad()
      },
      (error: unknown) => {
        if (callCopyLang === want) callCopyLang = '' // the next press retries
        options.logger.warn('[voice] the in-call copy could not load', error)
      },
    )
    return callCopyLoad
  }
  return {
    get loaded() {
      return callCopy !== null
    },
    get lang() {
      return callCopyLang
    },
    load,
    t: (key, values, fallback) => {
      const copy = options.idle()
      return (
        translate(copy, key, values, '') ||
        (callCopy ? translate(callCopy, key, values, fallback) : translate(copy, key, values, fallback))
      )
    },
    dispose() {
      disposed = true
    },
  }
}
