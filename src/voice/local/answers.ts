/**
 * The local conversation's answers (README "Voice without a platform account"): a command's result, which the
 * session reports exactly as it reports it to a call (src/voice/context/report.ts `resultMessage`), put into one
 * short sentence of the page's language from the grammar table's `answers` — "Scrolled down", "Filled Email",
 * "There is no field called Company; there are Name and Email" — and the "I can do …" answer with three examples
 * from the current page map (src/voice/context/pageMap.ts `serializePageMap`).
 * @module
 */
import type { RefusalFacts } from '../context/report'
import type { GrammarAnswers } from './grammar'
import { stripRecord } from '../context/record'
import type { PageItem } from './grounding'

/** First words of a result message (src/voice/context/report.ts `RESULT_HEADER`). */
const RESULT_HEADER = 'COMMAND RESULT'
/** First words of a page map message (src/voice/context/pageMap.ts `PAGE_MAP_HEADER`). */
const PAGE_MAP_HEADER = 'PAGE MAP'

/** `{name}` placeholders of `template` filled from `values` (a missing value leaves ''). */
export function fillTemplate(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, k: string) =>
    Object.prototype.hasOwnProperty.call(values, k) ? values[k]! : '',
  )
}

/** "A", "A and B", "A, B and C" with the language's "and". */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]!}`
}

/** A reported command result: the tool call it answers, `done` / `refused`, and the report's English sentence. */
export interface ReportedResult {
  toolCallId: string
  outcome: 'done' | 'refused'
  text: string
}

/**
 * The result in a session's result message (`COMMAND RESULT {"name","toolCallId","result"|"error"}`), or `null`
 * for any other content. Never throws.
 */
export function readResult(content: string): ReportedResult | null {
  if (!content.startsWith(RESULT_HEADER)) return null
  try {
    // The session ends every message it adds with its record tag (src/voice/context/record.ts): read past it.
    const r = JSON.parse(stripRecord(content).slice(RESULT_HEADER.length)) as {
      toolCallId?: unknown
      result?: unknown
      error?: unknown
    }
    if (typeof r.toolCallId !== 'string') return null
    if (typeof r.result === 'string')
      return { toolCallId: r.toolCallId, outcome: 'done', text: r.result.replace(/^done:\s*/, '') }
    if (typeof r.error === 'string') return { toolCallId: r.toolCallId, outcome: 'refused', text: r.error }
    return null
  } catch {
    return null
  }
}

const unquote = (s: string) => s.trim().replace(/^"(.*)"$/s, '$1')
const sentence = (s: string) => s.replace(/[\s.]+$/u, '')
const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1)

/**
 * The sentence for a command's result in the table's language. Done: the report's sentences of
 * src/voice/context/report.ts ("scrolled down", "clicked Pricing", "filled the field labelled Email",
 * "Dark mode is now on", "toggled FAQ") → `answers.done`. Refused: a fill's `no field labelled "X"; fields here: …`
 * → `answers.noField`; else, when the table has a sentence for the refusal's reason (`answers.refusedBecause`,
 * e.g. Hindi) and the session passed the refusal as data (`refusal`), that sentence with the target's name;
 * anything else → `answers.refused` with the executor's own (English) sentence.
 */
export function answerForResult(result: ReportedResult, answers: GrammarAnswers, refusal?: RefusalFacts): string {
  const t = sentence(result.text)
  if (result.outcome === 'done') {
    const d = answers.done
    let m: RegExpExecArray | null
    if ((m = /^scrolled (down|up|to the top|to the bottom)$/.exec(t))) {
      const key = `scroll.${m[1]!.replace('to the ', '')}`
      return d[key] ?? capitalize(t)
    }
    if ((m = /^clicked (.+)$/s.exec(t))) return fillTemplate(d.click ?? '', { name: m[1]! })
    if ((m = /^filled the field labelled (.+)$/s.exec(t))) return fillTemplate(d.fill ?? '', { name: m[1]! })
    if ((m = /^(.+) is now (on|off)$/s.exec(t))) return fillTemplate(d[`toggle.${m[2]!}`] ?? '', { name: m[1]! })
    if ((m = /^toggled (.+)$/s.exec(t))) return fillTemplate(d.toggle ?? '', { name: m[1]! })
    return capitalize(t)
  }
  const noField = /^no field labelled (".*?"|\S+)(?:; fields here: (.*))?$/s.exec(t)
  if (noField) {
    const list = (noField[2] ?? '')
      .replace(/,?\s*…$/u, '')
      .split(/",\s*"/)
      .map(unquote)
      .filter(Boolean)
    if (list.length > 0)
      return fillTemplate(answers.noField, { name: unquote(noField[1]!), list: joinList(list, answers.and) })
  }
  const because = refusal && answers.refusedBecause
  if (because) {
    const named = refusal.name ? because[refusal.reason] : undefined
    return named
      ? fillTemplate(named, { name: refusal.name })
      : (because.other ?? fillTemplate(answers.refused, { detail: t }))
  }
  return fillTemplate(answers.refused, { detail: t })
}

/**
 * What a page map offers: field labels, button names and link names (the examples), and every one of them as a
 * {@link PageItem} with a field's type (what the names are looked for in, ./grounding.ts).
 */
export interface PageOffer {
  fields: string[]
  buttons: string[]
  links: string[]
  items: PageItem[]
}

/** The lists of a page map message's content (see {@link PAGE_MAP_HEADER}), or `null` for other content. */
export function readPageMap(content: string): PageOffer | null {
  if (!content.startsWith(PAGE_MAP_HEADER)) return null
  const offer: PageOffer = { fields: [], buttons: [], links: [], items: [] }
  for (const line of content.split('\n')) {
    const h = /^headings: (.*)$/.exec(line)
    // Headings of sections below the title: an FAQ question's button is listed as its heading.
    if (h)
      for (const item of h[1]!.split(' | ')) {
        const m = /^h([2-6]) (.+)$/.exec(item)
        if (m) offer.items.push({ kind: 'heading', name: m[2]! })
      }
    const m = /^(fields|buttons|links): (.*)$/.exec(line)
    if (!m) continue
    const list = m[1] as 'fields' | 'buttons' | 'links'
    for (const item of m[2]!.split(' | ')) {
      if (/^\+\d+ more$/.test(item) || /\(disabled\)$/.test(item) || /\bdisabled\)$/.test(item)) continue
      if (list === 'fields') {
        // "Email (email, required)": the label, then the type and flags.
        const f = /^(.*?)\s*\(([\w-]+)(?:,[^)]*)?\)$/.exec(item)
        const label = f ? f[1]! : item
        if (!label || label === '(unlabelled)') continue
        offer.fields.push(label)
        offer.items.push({ kind: 'field', name: label, type: f ? f[2]! : 'text' })
      } else if (item) {
        offer[list].push(item)
        offer.items.push({ kind: list === 'buttons' ? 'button' : 'link', name: item })
      }
    }
  }
  return offer
}

/**
 * Three things the visitor can say on this page, from its map: a field to fill, a button to click, a link to
 * follow (each the first the page lists), then scrolling, going to the top and going back for what the page
 * lacks. Quoted in the table's language.
 */
export function examplesFor(offer: PageOffer | null, answers: GrammarAnswers): string[] {
  const e = answers.example
  const out: string[] = []
  const field = offer?.fields[0]
  const button = offer?.buttons[0]
  const link = offer?.links.find((l) => l !== button)
  if (field) out.push(fillTemplate(e.fill, { name: field }))
  if (button) out.push(fillTemplate(e.click, { name: button }))
  if (link) out.push(fillTemplate(e.navigate, { name: link }))
  for (const generic of [e.scroll, e.top, e.back]) if (out.length < 3) out.push(generic)
  return out.slice(0, 3).map((x) => `“${x}”`)
}

/**
 * The best result of a `search_site` result's text (src/voice/search/siteSearch.ts `formatSearchResults`:
 * `1. Title (/path#anchor)`), or `null` when nothing matched.
 */
export function bestSearchResult(text: string): { title: string; path: string } | null {
  const m = /^1\. (.+) \((\/[^)\s]*)\)(?: \[[\w-]+\])?$/m.exec(text)
  return m ? { title: m[1]!.trim(), path: m[2]! } : null
}
