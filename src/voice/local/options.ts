/**
 * An option said by itself: "select 51 to 200 employees", `ஏசி ஸ்லீப்பர் தேர்ந்தெடு`, `لاہور چنیں`, "extra hot
 * chahiye". The page map never lists a select's options (src/voice/context/pageMap.ts: they are the page's data, not
 * its names), so neither the grammar nor the grounding can find them; the local engine runs in the page and reads
 * them there. What is left of the utterance without the table's verbs (`verbs`, all kinds but `off`), fillers and
 * articles must name exactly one enabled option of one native `<select>` the visitor can use — its whole text, or a
 * range said with "to" for one written with a dash ("11 to 50" for "11–50 employees" needs the rest of the text too,
 * so it must be said whole). Anything less sure is left to the grammar's answer: a wrong choice is worse than none.
 * @module
 */
import { foldText } from '../commands/fold'
import { rangeAsWritten } from '../commands/values/ranges'
import { nameOfElement, PAGE_MAP_IGNORE_SELECTOR } from '../context/names'
import type { GrammarTable } from './grammar'

/** A fill of one select, as the executor takes it. */
export interface OptionFill {
  action: 'fill'
  /** The select's name as the page map gives it (src/voice/context/names.ts `nameOfElement`). */
  fieldHint: string
  /** The option's own text, so the executor's option match is exact. */
  value: string
}

/** Folded words of a phrase list, longest first (multi-word verbs before their first word). */
function phrasesOf(list: readonly string[] | undefined): string[][] {
  return (list ?? [])
    .map((p) => foldText(p).split(' ').filter(Boolean))
    .filter((w) => w.length > 0)
    .sort((a, b) => b.length - a.length)
}

/** The words of `said` left once the table's verbs, fillers and articles are taken out; `null` if it negates. */
function valueWords(said: string, table: GrammarTable): string[] | null {
  const words = foldText(said).split(' ').filter(Boolean)
  const negations = new Set((table.negations ?? []).map(foldText))
  if (words.some((w) => negations.has(w))) return null
  const verbs = phrasesOf(
    Object.entries(table.verbs ?? {})
      .filter(([kind]) => kind !== 'off')
      .flatMap(([, list]) => list ?? []),
  )
  const single = new Set([...(table.fillers ?? []), ...(table.articles ?? [])].map(foldText))
  const out: string[] = []
  for (let i = 0; i < words.length;) {
    const verb = verbs.find((v) => v.every((w, k) => words[i + k] === w))
    if (verb) i += verb.length
    else {
      if (!single.has(words[i]!)) out.push(words[i]!)
      i++
    }
  }
  return out
}

/** Whether a select can be used by a visitor: enabled, not the widget's, not hidden. */
function usable(select: HTMLSelectElement): boolean {
  if (select.disabled || select.closest(PAGE_MAP_IGNORE_SELECTOR) || select.closest('[hidden],[inert]')) return false
  const check = (select as { checkVisibility?: () => boolean }).checkVisibility
  return typeof check !== 'function' || check.call(select)
}

/**
 * The fill that chooses the one option `said` names, or `null`.
 * @param said - the utterance as normalised for the table (src/voice/local/grammar.ts `normalizeUtterance`).
 * @param table - the page language's grammar table (its verbs, fillers, articles and negations are read).
 * @param doc - the page.
 * @returns a fill whose value is the option's text, when exactly one enabled option of one usable select is named
 *   by the words left (or by them less one unknown word at either end, where a verb the table lacks stands);
 *   `null` when none or several are, or a negation is said.
 */
export function optionFill(said: string, table: GrammarTable, doc: Document): OptionFill | null {
  const words = valueWords(said, table)
  if (!words || words.length === 0) return null
  const wanted = [words, ...(words.length > 1 ? [words.slice(1), words.slice(0, -1)] : [])].map((w) =>
    rangeAsWritten(w.join(' ')),
  )
  for (const value of wanted) {
    const found: { select: HTMLSelectElement; option: HTMLOptionElement }[] = []
    for (const select of doc.querySelectorAll('select')) {
      if (!usable(select)) continue
      for (const option of select.options)
        if (!option.disabled && option.value !== '' && foldText(option.label || option.text) === value)
          found.push({ select, option })
    }
    if (found.length > 1) return null
    if (found.length === 1) {
      const { select, option } = found[0]!
      const fieldHint = nameOfElement(select)
      if (!fieldHint) return null
      return { action: 'fill', fieldHint, value: (option.label || option.text).replace(/\s+/g, ' ').trim() }
    }
  }
  return null
}
