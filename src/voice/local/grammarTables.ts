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

/**
 * Loads the grammar of `lang` (a BCP 47 tag: `hi-IN` → `hi`), or English's where the language has no table.
 * @throws when the table's chunk cannot be fetched (the caller reports a failed start).
 */
export async function loadGrammar(lang: string): Promise<GrammarTable> {
  const primary = lang.toLowerCase().split('-')[0] ?? 'en'
  const load = TABLES[`./grammar/${primary}.json`] ?? TABLES['./grammar/en.json']!
  return load()
}
