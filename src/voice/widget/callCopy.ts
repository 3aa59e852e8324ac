/**
 * The widget's in-call copy (`locales/<lng>/voiceCall.json`: hints, start stages, the conversation, problems),
 * fetched on intent with the in-call panel, never with the idle widget, and the two-level lookup `t` that reads
 * a key in the idle copy (`voice.json`) first, then in it.
 * @module
 */
import { translate, type VoiceCopy } from './copy'

/** The in-call copy of each language, one small chunk each. */
const CALL_COPIES = import.meta.glob<unknown>('../../../locales/*/voiceCall.json', { import: 'default' })

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
    const chunk =
      CALL_COPIES[`../../../locales/${want}/voiceCall.json`] ?? CALL_COPIES['../../../locales/en/voiceCall.json']
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
