/**
 * A visitor's question as the site search reads it (./ranking.ts): its words, its topic words, the names it writes,
 * whether it is a sentence, and its index terms in the index's languages (./languages.ts).
 * @module
 */
import { inScriptOf, isStopWordOf, languageOf } from './languages'
import { STOP_WORDS, termOf, termsOf, wordsOf as tokensOf } from './terms'

/** A query's words, lower-cased, hyphenated words and contractions kept whole. */
const wordsOf = (query: string): string[] =>
  query
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}'-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
    .filter((w) => w !== '')

/**
 * Whether a word of {@link wordsOf} is a function word: English ("what's" as "what"), or one of `langs`' stop words
 * (./languages.ts, once loaded).
 */
const isStopWord = (word: string, langs: readonly string[] = []): boolean => {
  const w = word.replace(/['’].*$/, '')
  if (STOP_WORDS.has(w)) return true
  const nfc = w.normalize('NFC')
  return langs.some((lang) => isStopWordOf(languageOf(lang), nfc))
}

/**
 * The topic words of a question (at most 8), in their order; the whole query when all are stop words.
 * @param langs - the index's languages (the manifest's `languages`): their stop words are not topic words
 */
export function keywordsOf(query: string, langs: readonly string[] = []): string[] {
  const words = wordsOf(query)
  const topic = words.filter((w) => !isStopWord(w, langs))
  return [...new Set(topic.length ? topic : words)].slice(0, 8)
}

/** The topic words of a question (as {@link keywordsOf}), none when it has only stop words so far. */
export function topicWordsOf(query: string, langs: readonly string[] = []): string[] {
  const words = keywordsOf(query, langs)
  return words.every((w) => isStopWord(w, langs)) ? [] : words
}

/**
 * The terms of the words a question writes as names: capitalised where a sentence does not start ("deploy to
 * Heroku"), or with a capital after their first letter anywhere ("GraphQL", "iPhone"). A name no page of the site
 * holds is something the site never mentions, so no page answers (a question about another product, a service,
 * a place). Scripts without case have none.
 */
export function nameTermsOf(query: string): string[] {
  const names: string[] = []
  for (const sentence of query.split(/[.?!:;]+\s/u)) {
    const words = sentence.split(/[^\p{L}\p{N}\p{M}'’-]+/u).filter((w) => w !== '')
    words.forEach((word, i) => {
      const inner = /\p{Lu}/u.test([...word].slice(1).join(''))
      if (inner || (i > 0 && /^\p{Lu}/u.test(word))) names.push(...termsOf(word.replace(/['’].*$/u, '')))
    })
  }
  return [...new Set(names)].filter((t) => t !== '')
}

/**
 * Whether a query is written as a sentence: it holds a function word ("how", "the", "my"; English `STOP_WORDS`, or
 * a stop word of one of `langs`: "क्या", "कैसे").
 */
export function isSentence(query: string, langs: readonly string[] = []): boolean {
  return wordsOf(query)
    .flatMap((w) => w.split('-'))
    .some((w) => isStopWord(w, langs))
}

/**
 * The index terms of a question's topic words ({@link keywordsOf}; a hyphenated word gives each part), and the
 * other terms a word has in the index's languages. A word in the script of some of `langs` is taken in each of them
 * (its stem in Hindi, whole in Marathi: both Devanagari) and stands for one term; other words as `termOf` takes them.
 * @param langs - the index's languages (the manifest's `languages`; their stemmers and stop words loaded)
 * @returns `terms`, each word's first term; `alternatives`, a term → its word's other terms, each at weight 1
 *   (./ranking.ts `RankOptions.alternatives`); `forms`, every term of both, whose shards a ranking reads
 */
export function queryForms(
  query: string,
  langs: readonly string[] = [],
): { terms: string[]; alternatives: Map<string, [term: string, weight: number][]>; forms: string[] } {
  const terms: string[] = []
  const alternatives = new Map<string, [string, number][]>()
  const languages = [...new Set(langs.map(languageOf))]
  for (const word of keywordsOf(query, langs)) {
    for (const { word: part } of tokensOf(word)) {
      const lower = part.normalize('NFC').toLowerCase()
      const own = languages.filter((lang) => inScriptOf(lang, lower))
      const [first, ...others] = [
        ...new Set(own.length ? own.map((lang) => termOf(part, lang)) : [termOf(part)]),
      ].filter((t) => t !== '')
      if (!first || terms.includes(first)) continue
      terms.push(first)
      if (others.length)
        alternatives.set(
          first,
          others.map((t) => [t, 1]),
        )
    }
  }
  const forms = [...new Set([...terms, ...[...alternatives.values()].flat().map(([t]) => t)])]
  return { terms, alternatives, forms }
}

/** The index terms of a question's topic words ({@link queryForms}' `terms`). */
export function queryTerms(query: string, langs: readonly string[] = []): string[] {
  return queryForms(query, langs).terms
}
