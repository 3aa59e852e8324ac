/**
 * The site's own widget in all 24 widget languages (./languages.ts `WIDGET_LANGUAGES`), as an owner's site offers
 * them with `data-languages`: the same language switch (./languageSwitch.ts), the same per-origin memory
 * (`localStorage` `voiceos:lang`), the same copy chunks and the same `assistantOverrides` (./languageKit.ts).
 *
 * A chunk of its own, loaded by ./site.ts with the widget's mount (the switch is in the widget's first frame, so
 * it never shifts the layout): nothing of the 22 languages beyond the site's own (en, hi) is in the site's first
 * script.
 * @module
 */
import {
  WIDGET_LANGUAGES,
  lookupLanguage,
  rememberLanguage,
  rememberedLanguage,
  type WidgetLanguage,
} from './languages'
import { languageSwitch } from './languageSwitch'
import { loadWidgetCopy } from './languageKit'
import type { VoiceCopy } from './copy'
import type { VoiceWidgetHandle } from './mountOptions'
import en from '../../../locales/en/voice.json'

/**
 * Whether the visitor chose the widget's language (in the switch, or on an earlier visit: {@link rememberedCopy}
 * found it); then the page's language no longer sets it (./site.ts `followPageLanguage`).
 */
export let chosen = false

/** Forgets {@link chosen} (the site's widget was removed: stories and tests mount it again). */
export function forget(): void {
  chosen = false
}

// Short names: ./site.ts reads them off the module in the site's first script, where every byte counts.
export { widgetCallCopy as callCopy, widgetLanguageOverrides as overrides } from './languageKit'

/** English's copy: the one the site's first script bundles (./site.ts). */
const english = () => en

/**
 * The copy of the language the visitor chose on this origin before (./languages.ts `rememberedLanguage`), or
 * `null` when none is remembered (or storage is blocked).
 */
export async function rememberedCopy(): Promise<{ copy: VoiceCopy; lang: WidgetLanguage } | null> {
  const lang = rememberedLanguage()
  if (!lang) return null
  chosen = true
  return loadWidgetCopy(lang, english)
}

/**
 * Adds the language switch to the site's widget, offering every widget language. A choice is remembered on the
 * origin, only that language's copy is fetched, and the widget redraws in it (`setCopy`); the next call sends
 * that language's overrides. Of quick successive choices, the last wins.
 */
export function addSwitch(widget: VoiceWidgetHandle): void {
  let choosing = 0
  widget.addLanguageSwitch(
    languageSwitch({
      languages: WIDGET_LANGUAGES,
      choose: (tag) => {
        const lang = lookupLanguage(tag)
        if (!lang) return
        rememberLanguage(lang)
        chosen = true
        const mine = ++choosing
        loadWidgetCopy(lang, english).then(
          (loaded) => mine === choosing && widget.setCopy(loaded.copy, loaded.lang),
          (error: unknown) => console.error('[voice] could not load the voice widget copy', error),
        )
      },
    }),
  )
}
