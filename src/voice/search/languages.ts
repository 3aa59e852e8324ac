/**
 * The site search's words by language (./terms.ts `termOf`): a language's stemmer where Snowball has one, its stop
 * words where `stopwords-iso` lists them, and the script its words are written in. English words (ASCII letters) are
 * Porter-stemmed and English function words dropped in every language (./terms.ts).
 *
 * By language of the widget (locales/), for words in its own script:
 * - Hindi (`hi`), Nepali (`ne`), Tamil (`ta`): Snowball's stemmer (`@orama/stemmers`' builds of the Snowball
 *   algorithms: "indian" is Snowball's Hindi) — "किताबें" and "किताब", "கடைகள்" and "கடை" meet.
 * - Bengali, Gujarati, Hindi, Marathi, Urdu: stop words of `stopwords-iso` (./stopWords.ts), neither indexed nor searched.
 * - Every other language (Assamese, Bodo, Dogri, Kannada, Konkani, Kashmiri, Maithili, Malayalam, Manipuri, Odia,
 *   Punjabi, Sanskrit, Santali, Sindhi, Telugu; Bengali, Gujarati, Marathi and Urdu beside their stop words): no
 *   stemmer exists in Snowball; words are matched whole, and by their start (ranking.ts: a longer ending of at most
 *   3 code points); idf weighs their function words down.
 *
 * Stemmers and stop words are loaded for the index's languages only ({@link loadLanguages}), so a page whose site has
 * none of them fetches nothing more.
 * @module
 */

/** A stemmer: a word (lower-case, NFC) → its stem. */
export type Stemmer = (word: string) => string

/** Snowball stemmers by language, loaded on demand. */
const STEMMER_LOADERS: Readonly<Record<string, () => Promise<{ stemmer: Stemmer }>>> = {
  hi: () => import('@orama/stemmers/indian'),
  ne: () => import('@orama/stemmers/nepali'),
  ta: () => import('@orama/stemmers/tamil'),
}

/** Languages with a stop-word list in ./stopWords.ts. */
const STOP_WORD_LANGUAGES: ReadonlySet<string> = new Set(['bn', 'gu', 'hi', 'mr', 'ur'])

const DEVANAGARI = /^[\u0900-\u097F\u200C\u200D]+$/u
/** The script of each language's own words (the widget's languages; a stemmer only ever sees words in it). */
const SCRIPTS: Readonly<Record<string, RegExp>> = {
  as: /^[\u0980-\u09FF\u200C\u200D]+$/u,
  bn: /^[\u0980-\u09FF\u200C\u200D]+$/u,
  brx: DEVANAGARI,
  doi: DEVANAGARI,
  gu: /^[\u0A80-\u0AFF\u200C\u200D]+$/u,
  hi: DEVANAGARI,
  kn: /^[\u0C80-\u0CFF\u200C\u200D]+$/u,
  kok: DEVANAGARI,
  mai: DEVANAGARI,
  ml: /^[\u0D00-\u0D7F\u200C\u200D]+$/u,
  mr: DEVANAGARI,
  ne: DEVANAGARI,
  or: /^[\u0B00-\u0B7F\u200C\u200D]+$/u,
  pa: /^[\u0A00-\u0A7F\u200C\u200D]+$/u,
  sa: DEVANAGARI,
  ta: /^[\u0B80-\u0BFF\u200C\u200D]+$/u,
  te: /^[\u0C00-\u0C7F\u200C\u200D]+$/u,
  ur: /^[\u0600-\u06FF\u0750-\u077F\u200C\u200D]+$/u,
  sd: /^[\u0600-\u06FF\u0750-\u077F\u200C\u200D]+$/u,
  ks: /^[\u0600-\u06FF\u0750-\u077F\u200C\u200D]+$/u,
}

const stemmers = new Map<string, Stemmer>()
const stopWords = new Map<string, ReadonlySet<string>>()

/** A language tag's language (`hi-IN` → `hi`); '' for none. `hi-Latn` is Hindi in Latin letters: `hi-latn`. */
export function languageOf(tag: string | undefined): string {
  const t = (tag ?? '').trim().toLowerCase()
  return /^[a-z]{2,3}-latn\b/.test(t) ? t.slice(0, t.indexOf('-latn') + 5) : (t.split(/[-_]/)[0] ?? '')
}

/**
 * Loads the stemmers and stop words of `tags`' languages (once each), for {@link stemmerOf} and {@link isStopWordOf}.
 * Resolves when they are ready: true when something was loaded that was not before. A language whose stemmer cannot
 * be loaded keeps its words whole.
 * @param tags - language tags (`hi`, `ta-IN`): the index's languages (the manifest's `languages`) or a page's
 */
export async function loadLanguages(tags: Iterable<string>): Promise<boolean> {
  const langs = [...new Set([...tags].map(languageOf))]
  const loads: Promise<unknown>[] = []
  for (const lang of langs) {
    const load = STEMMER_LOADERS[lang]
    if (load && !stemmers.has(lang))
      loads.push(
        load().then(
          (m) => stemmers.set(lang, m.stemmer),
          () => undefined,
        ),
      )
  }
  if (langs.some((l) => STOP_WORD_LANGUAGES.has(l) && !stopWords.has(l)))
    loads.push(
      import('./stopWords').then(({ STOP_WORDS_BY_LANGUAGE }) => {
        for (const lang of langs)
          if (STOP_WORD_LANGUAGES.has(lang)) stopWords.set(lang, new Set(STOP_WORDS_BY_LANGUAGE[lang]!.split(' ')))
      }),
    )
  await Promise.all(loads)
  return loads.length > 0
}

/** `lang`'s Snowball stemmer for a word of its script, once loaded ({@link loadLanguages}); otherwise none. */
export function stemmerOf(lang: string, word: string): Stemmer | undefined {
  const stem = stemmers.get(lang)
  return stem && SCRIPTS[lang]?.test(word) ? stem : undefined
}

/** Whether `word` (lower-case, NFC) is a stop word of `lang` (loaded by {@link loadLanguages}). */
export function isStopWordOf(lang: string, word: string): boolean {
  return stopWords.get(lang)?.has(word) ?? false
}

/** Whether `word` is written in `lang`'s script (false for a language this module does not know). */
export function inScriptOf(lang: string, word: string): boolean {
  return SCRIPTS[lang]?.test(word) ?? false
}

/** Whether `lang` has its own stemmer or stop words here (its words' terms depend on the language). */
export function hasOwnWords(lang: string): boolean {
  return lang in STEMMER_LOADERS || STOP_WORD_LANGUAGES.has(lang)
}
