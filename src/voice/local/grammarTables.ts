/**
 * The grammar tables the local mode ships (`./grammar/*.json`), one lazily loaded chunk each. Apart from
 * ./grammar.ts because `import.meta.glob` exists only under Vite: the parser itself also runs in Node (the
 * conversation report, scripts/report/intents.ts, reads visitors' turns with the same tables).
 * @module
 */
import type { GrammarTable } from './grammar'

/** The grammar tables shipped (`./grammar/*.json`), one lazily loaded chunk each. */
const TABLES = import.meta.glob<GrammarTable>('./grammar/*.json', { import: 'default' })

/** Languages with a grammar table. */
export const GRAMMAR_LANGUAGES: readonly string[] = Object.keys(TABLES).map((p) => p.replace(/^.*\/|\.json$/g, ''))

/** The table file of a BCP 47 tag: the tag's language and script (`hi-Latn`), else its language (`hi-IN` → `hi`). */
export function grammarLanguageOf(lang: string): string | null {
  const subtags = lang.split(/[-_]/)
  const primary = subtags[0]?.toLowerCase() ?? ''
  const script = subtags.slice(1).find((s) => /^[a-z]{4}$/i.test(s))
  const withScript = script ? `${primary}-${script[0]!.toUpperCase()}${script.slice(1).toLowerCase()}` : ''
  if (withScript && GRAMMAR_LANGUAGES.includes(withScript)) return withScript
  return GRAMMAR_LANGUAGES.includes(primary) ? primary : null
}

/**
 * Loads the grammar of `lang` (a BCP 47 tag: `hi-Latn` → Hinglish's, `hi-IN` → `hi`), or English's where the
 * language has no table.
 * @throws when the table's chunk cannot be fetched (the caller reports a failed start).
 */
export async function loadGrammar(lang: string): Promise<GrammarTable> {
  const lng = grammarLanguageOf(lang) ?? 'en'
  const load = TABLES[`./grammar/${lng}.json`] ?? TABLES['./grammar/en.json']!
  return load()
}
