/**
 * The site's own widget in all 24 widget languages (./languages.ts `WIDGET_LANGUAGES`), as an owner's site offers
 * them with `data-languages`: the same language switch (./languageSwitch.ts), the same per-origin memory
 * (`localStorage` `voiceos:lang`), the same copy chunks and the same `assistantOverrides` (./languageKit.ts).
 *
 * A chunk of its own, loaded by ./site.ts once the page is idle after the widget's mount (or at the mount, when
 * the visitor chose a language on an earlier visit): nothing of the 22 languages beyond the site's own (en, hi)
 * is in the site's first script.
 * @module
 */
import { WIDGET_LANGUAGES, lookupLanguage, rememberLanguage, type WidgetLanguage } from './languages'
import { languageSwitch } from './languageSwitch'
import { loadWidgetCopy } from './languageKit'
import type { VoiceCopy } from './copy'
import type { VoiceWidgetHandle } from './mountOptions'
import en from '../../../locales/en/voice.json'

// Short names: ./site.ts reads them off the module in the site's first script, where every byte counts.
export { widgetCallCopy as callCopy, widgetLanguageOverrides as overrides } from './languageKit'

/** English's copy: the one the site's first script bundles (./site.ts). */
const english = () => en

/**
 * The copy of the language the visitor chose on this origin before (a `voiceos:lang` value, any BCP 47 tag of a
 * widget language), or `null` when it names none.
 */
export async function rememberedCopy(remembered: string): Promise<{ copy: VoiceCopy; lang: WidgetLanguage } | null> {
  const lang = lookupLanguage(remembered)
  return lang ? loadWidgetCopy(lang, english) : null
}

/**
 * Adds the language switch to the site's widget, offering every widget language. A choice is remembered on the
 * origin, only that language's copy is fetched, and `use` gets it (the site then redraws the widget in it with
 * `setCopy`; the next call sends that language's overrides). Of quick successive choices, the last wins.
 */
export function addSwitch(
  widget: VoiceWidgetHandle,
  use: (copy: VoiceCopy, lang: WidgetLanguage) => void,
): void {
  let choosing = 0
  widget.addLanguageSwitch(
    languageSwitch({
      languages: WIDGET_LANGUAGES,
      choose: (tag) => {
        const lang = lookupLanguage(tag)
        if (!lang) return
        rememberLanguage(lang)
        const mine = ++choosing
        loadWidgetCopy(lang, english).then(
          (loaded) => mine === choosing && use(loaded.copy, loaded.lang),
          (error: unknown) => console.error('[voice] could not load the voice widget copy', error),
        )
      },
    }),
  )
}
