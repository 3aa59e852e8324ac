/**
 * Understanding grounded in the page (README "Voice without a platform account"): the names the page map lists —
 * fields with their types, buttons (tabs and FAQ questions among them), links — are looked for inside what the
 * visitor said, in any word order and tolerant of inflection and filler; a small verb lexicon of the language says
 * which action is meant; what is left of the utterance is the value. "put Lovelace as the last name" fills *Last
 * name* with "Lovelace"; "choose United States as the country" fills the *Country* select; "pay with PayPal" picks
 * the radio *PayPal*; `शर्तें स्वीकार करो` checks *मैं नियम और शर्तें स्वीकार करता/करती हूँ*.
 *
 * Refuses rather than guesses: two names matched equally well, a click with words left over that name nothing, a
 * fill with no value or no fill verb — all `null`, and the conversation then says what it can do.
 *
 * Words are compared after {@link scriptFold} (src/voice/commands/values/script.ts: NFC, nukta and ZWJ variants,
 * case). Inflection: a word matches a name's word when one, with its final combining marks dropped (Indic vowel
 * signs, virama), is the other plus at most a short suffix (`शर्तें`/`शर्तों`, `பெயர்`/`பெயரை`/`பெயரில்`,
 * `phone`/`phones`). Pure: no DOM; runs in Node too.
 * @module
 */
import type { GrammarTable, Intent } from './grammar'
import { scriptFold } from '../commands/values/script'
import { toAsciiDigits } from '../commands/values/script'

/** A named thing of the page map (src/voice/context/pageMap.ts `serializePageMap`). */
export interface PageItem {
  /** `heading`: a section's heading (an FAQ question whose button the page map lists as its heading). */
  kind: 'field' | 'button' | 'link' | 'heading'
  name: string
  /** Fields: the input type (`text`, `email`, `select`, `checkbox`, `radio`, `switch`, `textarea`, …). */
  type?: string
}

/**
 * The action words of a language (a grammar table's `verbs`), each a list of phrases. `do`: a light verb that
 * says an action is meant but not which (करो, "kar do", করুন): it suits whatever the name said is.
 */
export type VerbKind = 'fill' | 'choose' | 'click' | 'on' | 'off' | 'do'

/** Field types that take a value typed or chosen (everything else with a name is pressed or toggled). */
const TOGGLED = new Set(['checkbox', 'switch'])
const PICKED = new Set(['radio'])

/** One word of the utterance: as said, as compared, and the page words it may stand for (the table's synonyms). */
interface Token {
  raw: string
  key: string
  synonyms?: string[]
}

/** The words of an utterance as {@link Token}s. */
function tokensOf(text: string, lex: Lexicon): Token[] {
  const out: Token[] = []
  for (const raw of text.split(/\s+/u)) {
    const key = keyOf(raw)
    if (!key) continue
    const synonyms = lex.synonyms.get(key)
    out.push(synonyms ? { raw, key, synonyms } : { raw, key })
  }
  return out
}

/** A word as compared: {@link scriptFold}, punctuation off both ends (inner `@`, `.`, `-` kept). */
const keyOf = (word: string): string => scriptFold(word).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')

/** The words of a text as compared: split at spaces, slashes and other separators ("करता/करती" is two words). */
const wordsOf = (text: string): string[] =>
  scriptFold(text)
    .split(/[^\p{L}\p{M}\p{N}@.'’-]+/u)
    .map(keyOf)
    .filter(Boolean)

/** Final combining marks off (vowel signs, virama, anusvara): the stem inflection changes least. */
const stem = (word: string): string => word.replace(/\p{M}+$/u, '')

/** Code points of a string. */
const cps = (s: string): number => [...s].length

/**
 * How well a spoken word matches a name's word: 1 equal; 0.8 the same stem or one the other plus a short suffix
 * (at most 4 code points, the shorter at least 3); 0 otherwise.
 */
export function wordMatch(said: string, name: string): number {
  if (said === name) return 1
  // Every match below shares the first letter (equal stems, a stem and its suffixed form).
  if (said.charCodeAt(0) !== name.charCodeAt(0)) return 0
  const a = stem(said)
  const b = stem(name)
  if (a === b && cps(a) >= 2) return 0.8
  const [short, long] = cps(a) <= cps(b) ? [a, b] : [b, a]
  if (cps(short) >= 3 && long.startsWith(short) && cps(long) - cps(short) <= (cps(short) >= 5 ? 4 : 2)) return 0.8
  // Outside ASCII, case endings join the name's word (Tamil பெயரில், எண்ணில், நகரத்தில்; Bengali নামে): the said
  // word is the name's word, or its stem without a final -ம் (Tamil நகரம் → நகரத்-), plus a suffix of up to 5.
  if (NON_ASCII.test(name)) {
    for (const base of [b, b.replace(/\u0bae$/u, '')]) {
      if (cps(base) >= 2 && a !== base && a.startsWith(base) && cps(a) - cps(base) <= 5) return 0.7
    }
  }
  return 0
}

const NON_ASCII = /[^\p{ASCII}]/u

/** A compiled lexicon: verb phrases as word lists, filler and role words as sets. */
interface Lexicon {
  verbs: { kind: VerbKind; words: string[] }[]
  fillers: Set<string>
  negations: Set<string>
  synonyms: Map<string, string[]>
  /** An item name's words to look for (content words, parenthetical dropped), by name: a page's names, cached. */
  names: Map<string, string[]>
}
/** Most names a lexicon's cache holds before it starts afresh (a long conversation across many pages). */
const MAX_CACHED_NAMES = 5000
const lexicons = new WeakMap<GrammarTable, Lexicon>()

function lexiconOf(table: GrammarTable): Lexicon {
  let lex = lexicons.get(table)
  if (lex) return lex
  const verbs: Lexicon['verbs'] = []
  for (const [kind, phrases] of Object.entries(table.verbs ?? {}) as [VerbKind, string[]][])
    for (const p of phrases) verbs.push({ kind, words: wordsOf(p) })
  verbs.sort((x, y) => y.words.length - x.words.length)
  const fillers = new Set(
    [...(table.fillers ?? []), ...table.articles, ...Object.keys(table.roles), ...table.dropWords].flatMap(wordsOf),
  )
  const synonyms = new Map<string, string[]>()
  for (const [said, meant] of Object.entries(table.synonyms ?? {}))
    synonyms.set(
      keyOf(said),
      meant.flatMap((m) => wordsOf(m)),
    )
  lex = { verbs, fillers, negations: new Set((table.negations ?? []).flatMap(wordsOf)), synonyms, names: new Map() }
  lexicons.set(table, lex)
  return lex
}

/** An item found in the utterance: which tokens its words took, and how well. */
interface Found {
  item: PageItem
  used: Set<number>
  /** Name words matched (a fuzzy match counts 0.8). */
  matched: number
  /** Share of the name's content words matched, 0–1. */
  coverage: number
  /** Content words of the name. */
  size: number
  /**
   * A radio named by one word of two ("black" for *Midnight Black*), a checkbox by the first word of a short label
   * (नाश्ता for *नाश्ता शामिल करें*): taken only when nothing else was said (a checkbox: and switching on was).
   */
  loose?: boolean
}

/** The item's words matched against the utterance's tokens (each token taken once). */
/** The words of a name to look for: its content words (all of them when all are filler). */
function nameWords(name: string, lex: Lexicon): string[] {
  let words = lex.names.get(name)
  if (words) return words
  // A label's parenthetical ("Email (Optional)", "Zip (5 digits)") is no part of what people call the field.
  const all = wordsOf(name.replace(/\s*\([^)]*\)/g, ' ').trim() || name)
  const content = all.filter((w) => !lex.fillers.has(w))
  words = content.length > 0 ? content : all
  if (lex.names.size >= MAX_CACHED_NAMES) lex.names.clear()
  lex.names.set(name, words)
  return words
}

function find(item: PageItem, tokens: Token[], lex: Lexicon): Found | null {
  const words = nameWords(item.name, lex)
  if (words.length === 0) return null
  const used = new Set<number>()
  let matched = 0
  for (const w of words) {
    let best = 0
    let at = -1
    for (let i = 0; i < tokens.length; i++) {
      if (used.has(i)) continue
      const t = tokens[i]!
      let m = wordMatch(t.key, w)
      if (t.synonyms) for (const s of t.synonyms) m = Math.max(m, wordMatch(s, w) * 0.95)
      if (m > best) {
        best = m
        at = i
      }
    }
    if (at >= 0) {
      used.add(at)
      matched += best
    }
  }
  if (used.size === 0) return null
  let coverage = matched / words.length
  // Enough of the name was said: all of a short name, most of a long one, or two words of a sentence-long one.
  let enough = words.length <= 2 ? coverage >= 0.7 : coverage >= 0.6 || (used.size >= 2 && coverage >= 0.34)
  // A part of the name said whole, or a two-word field's head noun: what people call it, as good as its name.
  if (!enough && (partSaid(item, tokens, used, lex) || headSaid(item, words, tokens, used))) {
    enough = true
    coverage = 1
  }
  // One word of a two-word radio ("weekly" for *Weekly digest*), or the first of a short checkbox label (नाश्ता for
  // *नाश्ता शामिल करें*): a loose match, ranked below any name said, taken only as the module doc says.
  const type = item.type ?? ''
  const loose =
    (PICKED.has(type) && words.length === 2) ||
    (TOGGLED.has(type) && words.length <= 3 && wordMatch(tokens[[...used][0]!]!.key, words[0]!) >= 0.8)
  if (!enough && loose && used.size === 1 && matched >= 0.8)
    return { item, used, matched, coverage, size: words.length, loose: true }
  return enough ? { item, used, matched, coverage, size: words.length } : null
}

/**
 * Whether a button's or link's name was said by one of its parts whole: either side of "&" ("reviews" for *Ratings
 * & Reviews*, "shipping" for *Shipping & Returns*), or what comes before an English "for" and the product it
 * names (*Increase quantity for Merino Wool Crew Sweater*, as shop themes label their steppers).
 */
function partSaid(item: PageItem, tokens: Token[], used: Set<number>, lex: Lexicon): boolean {
  if (item.kind === 'field' || item.kind === 'heading') return false
  const parts = item.name.split(/\s+&\s+/)
  const forAt = item.name.search(/\sfor\s+\S+\s+\S+/i)
  if (forAt > 0) parts.push(item.name.slice(0, forAt))
  if (parts.length < 2) return false
  const said = [...used].map((i) => tokens[i]!.key)
  return parts.some((part) => {
    const words = nameWords(part, lex)
    return words.length > 0 && words.every((w) => said.some((k) => wordMatch(k, w) >= 0.8))
  })
}

/**
 * Whether a two-word field name (one that takes a value) was said by its last word, the noun the first qualifies (in English as in the
 * languages of India, head-final): "pincode" for *Delivery pincode*, "name" for *Full name*. Two such fields
 * ("First name", "Last name") are then said equally well, and nothing is guessed.
 */
function headSaid(item: PageItem, words: string[], tokens: Token[], used: Set<number>): boolean {
  const type = item.type ?? ''
  if (item.kind !== 'field' || TOGGLED.has(type) || PICKED.has(type) || words.length !== 2 || used.size !== 1)
    return false
  const head = words[1]!
  const i = [...used][0]!
  return wordMatch(tokens[i]!.key, head) >= 0.8 && wordMatch(tokens[i]!.key, words[0]!) === 0
}

/** The verb said, its kind and the tokens it took (the longest phrase found; none → `null`). */
function verbOf(tokens: Token[], lex: Lexicon): { kind: VerbKind; used: Set<number> } | null {
  for (const v of lex.verbs) {
    const n = v.words.length
    for (let i = 0; i + n <= tokens.length; i++) {
      if (v.words.every((w, k) => wordMatch(tokens[i + k]!.key, w) >= 1 || stem(tokens[i + k]!.key) === stem(w)))
        return { kind: v.kind, used: new Set(Array.from({ length: n }, (_, k) => i + k)) }
    }
  }
  return null
}

/**
 * How well the kind of action suits the item: 1 ("fill" a field, "click" a button, "on" a checkbox), 0.5 a radio
 * set as a value is ("make it forest green", "change the colour to navy"), 0 not at all.
 */
function fit(item: PageItem, verb: VerbKind | undefined): number {
  if (!verb || verb === 'do') return 1
  const type = item.type ?? ''
  if (item.kind !== 'field') return +(verb === 'click' || verb === 'choose')
  if (TOGGLED.has(type)) return +(verb !== 'fill')
  if (PICKED.has(type)) return verb === 'fill' ? 0.5 : +(verb !== 'off')
  return +(verb === 'fill' || verb === 'choose')
}

/** Field types whose value can be recognised as such without a verb (an address, digits). */
const SELF_EVIDENT: Record<string, (value: string) => boolean> = {
  // An address as written, or dictated ("ada at example dot com"); the executor's converter writes it.
  email: (v) => /^\S+@\S+\.\S+$/.test(v) || /\S\s+(at|एट|at the rate)\s+\S.*\s(dot|डॉट)\s+\S/iu.test(v),
  tel: (v) => /^\+?[\d\s-]{6,}$/.test(toAsciiDigits(v)),
  number: (v) => /^[\d\s.,]+$/.test(toAsciiDigits(v)),
}

/**
 * What `utterance` asks of the page's `items`, grounded in their names (see the module doc), or `null`.
 * @param table - the language's grammar: `verbs`, `fillers`, `synonyms`, `articles`, `roles`, `dropWords`.
 * @param strict - only a name said nearly whole with nothing else of substance (a question that is an FAQ button's
 *   text): used before an utterance is taken for a search.
 */
export function groundUtterance(
  utterance: string,
  items: readonly PageItem[],
  table: GrammarTable,
  strict = false,
): Intent | null {
  const lex = lexiconOf(table)
  const tokens = tokensOf(utterance, lex)
  if (tokens.length === 0 || items.length === 0) return null
  const said = verbOf(tokens, lex)
  const found = items
    .map((item) => find(item, tokens, lex))
    // A name said only inside a verb of several words ("contact me by phone" is no "Contact" link) is not said.
    .filter(
      (f): f is Found => f !== null && !(said && said.used.size > 1 && [...f.used].every((i) => said.used.has(i))),
    )
  if (found.length === 0) return null
  // A verb whose words all belong to the name said ("Accept cookies", "Open an account") is no verb of its own.
  const verbFor = (f: Found) => (said && [...said.used].every((i) => f.used.has(i)) ? null : said)
  const rank = (f: Found) =>
    f.matched +
    f.coverage +
    fit(f.item, verbFor(f)?.kind) +
    (f.coverage === 1 && f.matched === f.size ? 0.5 : 0) -
    // A heading is pressed only where nothing else is named (an FAQ question's button inside it).
    (f.item.kind === 'heading' ? 0.5 : 0)
  // Ranked once each (a big page's names can match by a word or two in their hundreds).
  const ranked = found.map((f) => ({ f, r: rank(f) }))
  ranked.sort((a, b) => b.r - a.r || a.f.size - b.f.size)
  const best = ranked[0]!.f
  const second = ranked[1]
  // Two different things said equally well: ask nothing, guess nothing.
  if (second && second.r === ranked[0]!.r && second.f.item.name !== best.item.name) return null
  const verb = verbFor(best)
  if (!fit(best.item, verb?.kind)) return null
  // "No" said outside the name ("I don't want the weekly digest", पिकअप नहीं चाहिए): never taken for yes.
  if (verb?.kind !== 'off' && tokens.some((t, i) => lex.negations.has(t.key) && !best.used.has(i))) return null
  const left = tokens.filter((_, i) => !best.used.has(i) && !verb?.used.has(i))
  const substantive = left.filter((t) => !lex.fillers.has(t.key))
  const type = best.item.type ?? ''
  const name = best.item.name
  if (strict && (best.coverage < 0.75 || substantive.length > 1 || best.item.kind === 'field')) return null

  if (best.item.kind !== 'field') {
    if (substantive.length > 1) return null
    if (best.item.kind === 'heading' && verb && verb.kind !== 'click') return null
    return {
      intent: 'command',
      via: best.item.kind === 'link' ? 'navigate' : 'say',
      command: { action: 'click', targetText: name },
    }
  }
  if (TOGGLED.has(type)) {
    if (substantive.length > 1 || (best.loose && (verb?.kind !== 'on' || substantive.length > 0))) return null
    return {
      intent: 'command',
      via: 'say',
      command: { action: 'toggle', targetText: name, value: verb?.kind === 'off' ? 'off' : 'on' },
    }
  }
  if (PICKED.has(type)) {
    if (substantive.length > (best.loose ? 0 : 2)) return null
    return { intent: 'command', via: 'say', command: { action: 'click', targetText: name, role: 'radio' } }
  }
  // A field that takes a value: what is left, connecting words off its ends, in the order said.
  const value = trimFillers(left, lex)
    .map((t) => t.raw)
    .join(' ')
    .replace(/^[“"'‘]+|[”"'’]+$/gu, '')
  if (!value) return null
  const evident = SELF_EVIDENT[type]?.(value) ?? false
  // No verb: the field's whole name said first, then the value ("first name Ada", "CVV 123"), or a value that is
  // evidently the field's (an address in an email field).
  const leading = best.coverage === 1 && [...best.used].every((i) => i < best.used.size + 1)
  if (!verb && !evident && !leading) return null
  // The value as said: the executor converts it for the field (src/voice/commands/values/fieldValue.ts).
  return { intent: 'command', via: 'say', command: { action: 'fill', fieldHint: name, value } }
}

/** Filler and connecting words off both ends of the value ("as the", "with", "में", "ஐ"). */
function trimFillers(tokens: Token[], lex: Lexicon): Token[] {
  let start = 0
  let end = tokens.length
  while (start < end && lex.fillers.has(tokens[start]!.key)) start++
  while (end > start && lex.fillers.has(tokens[end - 1]!.key)) end--
  return tokens.slice(start, end)
}

/**
 * Reads the language's verbs, fillers and synonyms and the content words of the page's `items` into the caches
 * {@link groundUtterance} and {@link namesAnItem} use, so the first phrase said after a page map arrives does not
 * pay for them (the engine calls it when the page is idle). The same answers as without it.
 */
export function prepareNames(items: readonly PageItem[], table: GrammarTable): void {
  const lex = lexiconOf(table)
  for (const item of items) nameWords(item.name, lex)
}

/**
 * The item `slot` (a field or target the grammar's pattern read) names, or `null`: most of the name said
 * (inflected as said: "पते" for *पता*, "பெயரில்" for *பெயர்*, "naam" for *Name*) and nothing of substance besides.
 * The pattern's reading then acts on the item by its own name. `fieldsOnly`: a field is meant (a fill's slot;
 * "আমার অর্ডার" said where a fill pattern read a field is the *আমার অর্ডার* link, for the page's names to tell).
 */
export function namesAnItem(
  slot: string,
  items: readonly PageItem[],
  table: GrammarTable,
  fieldsOnly = false,
): PageItem | null {
  const lex = lexiconOf(table)
  const tokens = tokensOf(slot, lex)
  if (tokens.length === 0) return null
  let best: Found | null = null
  for (const item of items) {
    if (item.kind === 'heading' || (fieldsOnly && item.kind !== 'field')) continue
    const f = find(item, tokens, lex)
    if (!f || f.coverage < 0.7) continue
    if (!tokens.every((t, i) => f.used.has(i) || lex.fillers.has(t.key))) continue
    if (!best || f.matched + f.coverage > best.matched + best.coverage) best = f
  }
  return best?.item ?? null
}
