/**
 * What a visitor's turn means, read with the local mode's own per-language intent tables (src/voice/local/grammar/
 * `*.json`, parsed by src/voice/local/grammar.ts `parseUtterance`, the same parser the widget runs without a
 * platform account): a command ("could you scroll down?" is one), a search (a question: "how much does Pro
 * cost?", "रिफंड पॉलिसी क्या है"), or nothing the tables know. tests/unit/report/intents.test.ts checks that every
 * table the local mode ships is here.
 * @module
 */
import { normalizeUtterance, parseUtterance, type GrammarTable } from '../../src/voice/local/grammar'
import en from '../../src/voice/local/grammar/en.json' with { type: 'json' }
import hi from '../../src/voice/local/grammar/hi.json' with { type: 'json' }
import hiLatn from '../../src/voice/local/grammar/hi-Latn.json' with { type: 'json' }
import ta from '../../src/voice/local/grammar/ta.json' with { type: 'json' }
import bn from '../../src/voice/local/grammar/bn.json' with { type: 'json' }
import ur from '../../src/voice/local/grammar/ur.json' with { type: 'json' }

/** The local mode's tables, by language (src/voice/local/grammarTables.ts `GRAMMAR_LANGUAGES`). */
export const INTENT_TABLES: Readonly<Record<string, GrammarTable>> = {
  en: en as unknown as GrammarTable,
  hi: hi as unknown as GrammarTable,
  'hi-Latn': hiLatn as unknown as GrammarTable,
  ta: ta as unknown as GrammarTable,
  bn: bn as unknown as GrammarTable,
  ur: ur as unknown as GrammarTable,
}

/** What a visitor's turn is, by the tables. */
export type TurnIntent =
  /** A command (scroll, click, fill, toggle), going back, stopping, or asking for help with the widget. */
  | 'command'
  /** A question or a search for something on the site (the tables' `search` intent). */
  | 'question'
  /** Only politeness words ("thank you", "ok"): nothing asked. */
  | 'nothing'
  /** None of the tables reads it. */
  | 'unknown'

/**
 * What `text` is, by the intent table of `lang` (a BCP 47 tag; its primary subtag picks the table) first, then
 * by the others (a visitor may speak English on a Hindi page). Never throws.
 */
export function turnIntent(text: string, lang: string): TurnIntent {
  const primary = lang.toLowerCase().split('-')[0] ?? ''
  const tables = [
    ...(INTENT_TABLES[primary] ? [INTENT_TABLES[primary]] : []),
    ...Object.entries(INTENT_TABLES)
      .filter(([l]) => l !== primary)
      .map(([, t]) => t),
  ]
  let politeOnly = false
  const bare = text
    .toLowerCase()
    .replace(/[\s.!?,;:।॥"“”؟？]+/gu, ' ')
    .trim()
  for (const table of tables) {
    const intent = parseUtterance(text, table)
    if (intent) return intent.intent === 'search' ? 'question' : 'command'
    // Only the words the table strips around a command ("please", "thank you", "ok"), or nothing at all.
    const polite = [...table.strip.prefixes, ...table.strip.suffixes].map((w) => w.toLowerCase())
    if (normalizeUtterance(text, table) === '' || polite.includes(bare)) politeOnly = true
  }
  return politeOnly ? 'nothing' : 'unknown'
}

/** Question marks of the widget's scripts: `?`, the Arabic-script `؟` (Urdu, Sindhi, Kashmiri), the full-width `？`. */
const QUESTION_MARK = /[?؟？]/u

/**
 * Whether a turn the tables do not read, which the assistant answered in words (no command, no search), is a
 * question: it has a question mark, or at least two words (a single word — "hello", "நன்றி" — asks nothing).
 */
export function looksAsked(text: string): boolean {
  const t = text.trim()
  return QUESTION_MARK.test(t) || t.split(/\s+/u).filter((w) => /\p{L}|\p{N}/u.test(w)).length >= 2
}
