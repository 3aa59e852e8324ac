/**
 * The local mode's command grammar (README "Voice without a platform account"): what a visitor says, as the
 * browser's recognizer writes it down, → one of the four voice commands of SPEC §3 (scroll, click, fill, toggle)
 * or one of the local conversation's own intents (go back, stop, help, search). Not a language model: a table of
 * phrases per language (`./grammar/<lng>.json`), which content editors extend, read by this one small matcher.
 *
 * A table has:
 * - `rules`, tried in order, each with an `intent` and either `phrases` (the whole utterance) or `patterns` with
 *   slots (`{target}`, `{field}`, `{value}`, `{query}`); `[a|b|c]` in a phrase or pattern is a choice of words.
 *   Every rule's exact `phrases` are tried before any rule's `patterns` ("stop" is never "turn {target} off").
 *   Each rule lists `examples` (`say` → `means`): `tests/unit/local/grammar.test.ts` checks every one of them;
 * - `strip`: polite words dropped from the start and end ("please", "can you", "कृपया");
 * - `articles` dropped from the start of a slot, `dropWords` from its end ("the name field" → "name"),
 *   `roles`: a slot's last word naming a control ("the submit button" → target "submit", role `button`);
 * - values go to the executor as heard, which converts them for the field it finds with the one value converter
 *   calls use too (src/voice/commands/values/fieldValue.ts: "rahul at the rate gmail dot com" → rahul@gmail.com in
 *   an email field, native digits, number words; dates and option texts, src/voice/commands/spoken.ts) — the
 *   tables carry no dictation rules of their own;
 * - `answers`: the sentences the local conversation speaks and shows (./answers.ts).
 * @module
 */

/** One rule of a {@link GrammarTable}. */
export interface GrammarRule {
  /** What the rule means: a voice command's action, `navigate` (a click on a link or button), or a local intent. */
  intent: 'scroll' | 'click' | 'navigate' | 'fill' | 'toggle' | 'search' | 'back' | 'stop' | 'help'
  /** Scroll rules: where to. */
  direction?: 'up' | 'down' | 'top' | 'bottom'
  /** Toggle rules: the end state (`on`/`off`); absent → toggle. */
  value?: 'on' | 'off'
  /** Whole utterances (after {@link GrammarTable.strip}), lower case; `[a|b]` a choice. */
  phrases?: string[]
  /** Utterances with slots: `{target}` (click, navigate, toggle), `{field}` and `{value}` (fill), `{query}` (search). */
  patterns?: string[]
  /** What the table promises: each `say` must parse to `means` (tests/unit/local/grammar.test.ts). */
  examples?: { say: string; means: Record<string, string> }[]
}

/** The sentences of one language (./answers.ts); `{name}`-style placeholders. */
export interface GrammarAnswers {
  listening: string
  listeningOnDevice: string
  typedOnly: string
  /**
   * The browser has no recognizer for the page's language (`language-not-supported`): typing goes on. `{language}`:
   * the language's own name.
   */
  languageNotSupported: string
  /** The browser's speech recognition is switched off or refused (`service-not-allowed`): typing goes on. */
  serviceNotAllowed: string
  resumed: string
  done: Record<string, string>
  noField: string
  /** A refusal, with the executor's (English) sentence: `{detail}`. */
  refused: string
  /**
   * A refusal in this language's own words, by the refusal's reason (src/voice/commands/refusals.ts, plus
   * `unknown` and `invalid`), with the target's name (`{name}`); `other` for a reason without one or a target
   * without a name. Without this table, {@link GrammarAnswers.refused} wraps the executor's sentence. @default none
   */
  refusedBecause?: Partial<Record<string, string>> & { other: string }
  and: string
  back: string
  noHistory: string
  stop: string
  searchUnavailable: string
  /** A site search's best page, announced as it opens: `{title}`. */
  searchFound: string
  /** A site search that matched nothing: `{query}`. */
  searchNothing: string
  help: string
  notUnderstood: string
  example: Record<'fill' | 'click' | 'navigate' | 'scroll' | 'top' | 'back', string>
}

/** One language's grammar (`./grammar/<lng>.json`). */
export interface GrammarTable {
  /** BCP 47 primary language subtag (`en`, `hi`). */
  lang: string
  strip: { prefixes: string[]; suffixes: string[] }
  articles: string[]
  roles: Record<string, string>
  dropWords: string[]
  /**
   * The action words of the language for understanding grounded in the page's names (./grounding.ts), by kind:
   * `fill` (type, write, भरो, likho), `choose` (select, pick, चुनो), `click` (press, दबाओ, dabao), `on` (check,
   * accept, स्वीकार करो), `off` (uncheck), `do` (a light verb naming no action: करो, "kar do", করুন). Phrases of
   * one or more words. @default none
   */
  verbs?: Partial<Record<'fill' | 'choose' | 'click' | 'on' | 'off' | 'do', string[]>>
  /**
   * Words that carry no name and no value, dropped around a value and not counted as left over ("the", "as",
   * "with", "में", "ko", "ஐ", "என்று"); the table's articles, role words and drop words count too. @default none
   */
  fillers?: string[]
  /**
   * Words that say no ("not", "don't", नहीं, "nahi", নয়, नको, வேண்டாம்): a name grounded in the page is not acted on
   * when one of them is said outside the name, unless the verb said switches off ("I don't want gift wrap",
   * `पिकअप नहीं चाहिए` are refused, never taken for yes). @default none
   */
  negations?: string[]
  /** Words of the language meaning a word the page may use instead ("naam" → "name", "नाम" → "name"). @default none */
  synonyms?: Record<string, string[]>
  rules: GrammarRule[]
  answers: GrammarAnswers
}

/** What an utterance means. `command` is a SPEC §3 voice command message (validated by the executor's schema). */
export type Intent =
  | {
      intent: 'command'
      command: {
        action: 'scroll' | 'click' | 'fill' | 'toggle'
        direction?: string
        targetText?: string
        role?: string
        fieldHint?: string
        value?: string
      }
      /** `navigate` when the visitor asked to go to a page (the answer and the handoff know). */
      via: 'navigate' | 'say'
    }
  | { intent: 'search'; query: string }
  | { intent: 'back' | 'stop' | 'help' }

/** Longest utterance read, in characters (a recognizer's runaway transcript is cut). */
export const MAX_UTTERANCE_CHARS = 300

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A phrase or pattern as a regular expression source: `[a|b]` → a choice, `{slot}` → a named lazy group, spaces → `\s+`. */
function source(text: string): string {
  let out = ''
  const re = /\[([^\]]+)\]|\{(\w+)\}|(\s+)|([^[{\s]+)/gu
  for (const m of text.trim().matchAll(re)) {
    if (m[1] !== undefined)
      out += `(?:${m[1]
        .split('|')
        .map((w) => w.trim().split(/\s+/).map(escape).join('\\s+'))
        .join('|')})`
    else if (m[2] !== undefined) out += `(?<${m[2]}>.+?)`
    else if (m[3] !== undefined) out += '\\s+'
    else out += escape(m[4]!)
  }
  return out
}

/** A compiled table: its rules' regular expressions, built once per table. */
interface Compiled {
  phrases: { rule: GrammarRule; re: RegExp }[]
  patterns: { rule: GrammarRule; re: RegExp }[]
  prefix: RegExp | null
  suffix: RegExp | null
}
const compiled = new WeakMap<GrammarTable, Compiled>()

const alternatives = (words: string[]) =>
  words
    .filter((w) => w.trim() !== '')
    .sort((a, b) => b.length - a.length)
    .map((w) => source(w))
    .join('|')

function compile(table: GrammarTable): Compiled {
  let c = compiled.get(table)
  if (c) return c
  const phrases: Compiled['phrases'] = []
  const patterns: Compiled['patterns'] = []
  for (const rule of table.rules) {
    for (const p of rule.phrases ?? []) phrases.push({ rule, re: new RegExp(`^${source(p)}$`, 'iu') })
    for (const p of rule.patterns ?? []) patterns.push({ rule, re: new RegExp(`^${source(p)}$`, 'iu') })
  }
  const pre = alternatives(table.strip.prefixes)
  const suf = alternatives(table.strip.suffixes)
  c = {
    phrases,
    patterns,
    prefix: pre ? new RegExp(`^(?:${pre})(?:\\s+|,\\s*)`, 'iu') : null,
    suffix: suf ? new RegExp(`(?:\\s+|,\\s*)(?:${suf})$`, 'iu') : null,
  }
  compiled.set(table, c)
  return c
}

/**
 * Compiles `table`'s phrases and patterns — each expression run once, as V8 compiles a regular expression's code
 * on its first run — and makes its word comparison ready ({@link lowerEq}'s collator), so the first phrase said
 * pays for none of it: the engine calls it once the page is idle after the conversation starts. The same
 * answers as without it; never throws.
 */
export function prepareGrammar(table: GrammarTable): void {
  try {
    const c = compile(table)
    for (const { re } of [...c.phrases, ...c.patterns]) re.test('')
    normalizeUtterance('.', table)
    lowerEq('', '')
  } catch {
    /* a table that does not compile: parseUtterance answers null for it as before */
  }
}

/**
 * An utterance as the matcher reads it: trimmed, whitespace collapsed, sentence punctuation at the end dropped
 * (`.`, `!`, `?`, `।`, `॥`), polite words at either end dropped (repeatedly: "ok please scroll down please").
 */
export function normalizeUtterance(text: string, table: GrammarTable): string {
  const c = compile(table)
  let t = text.slice(0, MAX_UTTERANCE_CHARS).replace(/\s+/g, ' ').trim()
  for (let i = 0; i < 8; i++) {
    const before = t
    t = t.replace(/[\s.!?,;:।॥"“”؟۔،]+$/u, '').replace(/^[\s"“”,،]+/u, '')
    if (c.prefix) t = t.replace(c.prefix, '')
    if (c.suffix) t = t.replace(c.suffix, '')
    if (t === before) break
  }
  return t
}

/**
 * The one collator {@link lowerEq} compares with: `a.localeCompare(b, undefined, options)` is, by ECMA-402
 * (§ String.prototype.localeCompare), `new Intl.Collator(undefined, options).compare(a, b)` — a collator built
 * per call (about 17 µs each in V8, tens of ms for the first), where one kept compares in well under 1 µs.
 */
let accentCollator: Intl.Collator | undefined
/** Whether `a` and `b` are the same words ignoring case (`sensitivity: 'accent'`: "Name" = "name", "é" ≠ "e"). */
const lowerEq = (a: string, b: string) =>
  (accentCollator ??= new Intl.Collator(undefined, { sensitivity: 'accent' })).compare(a, b) === 0

/** A slot's text: articles off its start, `dropWords` off its end; its last word as a role when it names one. */
function cleanSlot(text: string, table: GrammarTable, withRole: boolean): { text: string; role?: string } {
  let words = text.trim().split(/\s+/)
  let role: string | undefined
  for (let changed = true; changed && words.length > 1;) {
    changed = false
    if (table.articles.some((a) => lowerEq(a, words[0]!))) {
      words = words.slice(1)
      changed = true
    }
    if (words.length < 2) break
    if (table.dropWords.some((w) => lowerEq(w, words[words.length - 1]!))) {
      words = words.slice(0, -1)
      changed = true
      continue
    }
    if (withRole && role === undefined) {
      // Roles of one or two words ("button", "check box", "menu item").
      for (const n of [2, 1]) {
        if (words.length <= n) continue
        const tail = words.slice(-n).join(' ')
        const named = Object.entries(table.roles).find(([w]) => lowerEq(w, tail))
        if (named) {
          role = named[1]
          words = words.slice(0, -n)
          changed = true
          break
        }
      }
    }
  }
  return { text: words.join(' ').replace(/^[“"']+|[”"']+$/gu, ''), ...(role !== undefined && { role }) }
}

/**
 * What `utterance` means in `table`'s language, or `null` when no rule matches (the local conversation then
 * answers "I can do …"). Never throws.
 * @example parseUtterance('please fill email with ada at example dot com', en)
 *   // { intent: 'command', via: 'say', command: { action: 'fill', fieldHint: 'email', value: 'ada@example.com' } }
 */
export function parseUtterance(utterance: string, table: GrammarTable): Intent | null {
  try {
    const text = normalizeUtterance(utterance, table)
    if (text === '') return null
    const c = compile(table)
    for (const { rule, re } of c.phrases) {
      if (re.test(text)) return intentOf(rule, {}, table)
    }
    for (const { rule, re } of c.patterns) {
      const m = re.exec(text)
      if (!m?.groups) continue
      const intent = intentOf(rule, m.groups, table)
      if (intent) return intent
    }
    return null
  } catch {
    return null
  }
}

function intentOf(rule: GrammarRule, slots: Record<string, string | undefined>, table: GrammarTable): Intent | null {
  switch (rule.intent) {
    case 'back':
    case 'stop':
    case 'help':
      return { intent: rule.intent }
    case 'scroll':
      return { intent: 'command', via: 'say', command: { action: 'scroll', direction: rule.direction ?? 'down' } }
    case 'search': {
      const query = cleanSlot(slots.query ?? '', table, false).text
      return query ? { intent: 'search', query } : null
    }
    case 'fill': {
      const field = cleanSlot(slots.field ?? '', table, false).text
      // A word that names the field's kind said before the value is no part of it ("பெயர் புலத்தில் ராகுல்").
      let words = (slots.value ?? '').trim().split(/\s+/)
      while (words.length > 1 && table.dropWords.some((w) => lowerEq(w, words[0]!))) words = words.slice(1)
      const raw = words.join(' ').replace(/^[“"']+|[”"']+$/gu, '')
      if (!field || !raw) return null
      return {
        intent: 'command',
        via: 'say',
        command: { action: 'fill', fieldHint: field, value: raw },
      }
    }
    case 'click':
    case 'navigate':
    case 'toggle': {
      const target = cleanSlot(slots.target ?? '', table, true)
      if (!target.text) return null
      const action = rule.intent === 'toggle' ? 'toggle' : 'click'
      return {
        intent: 'command',
        via: rule.intent === 'navigate' ? 'navigate' : 'say',
        command: {
          action,
          targetText: target.text,
          ...(target.role !== undefined && { role: target.role }),
          ...(rule.intent === 'toggle' && rule.value !== undefined && { value: rule.value }),
        },
      }
    }
  }
}
