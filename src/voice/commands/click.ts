/**
 * How a click target is chosen (SPEC §3 click: `selector`, `role`, `targetText`).
 *
 * 1. Candidates: the elements matching `selector`, else every clickable element (links, buttons, button-like
 *    inputs, checkboxes, radios, `summary`, `label`, anything with a `role`, `onclick` or `tabindex`) — in the
 *    document, its open shadow roots and same-origin frames. Elements inside the widget
 *    (`[data-voice-ignore]`) are never candidates. `role` keeps those whose (explicit or implicit) role matches.
 * 2. With `targetText`, candidates are ranked by their **accessible name** (aria-labelledby, aria-label, labels,
 *    flat-tree text; see ./dom.ts `accessibleName`) first and their `title` only second: any candidate whose
 *    name matches ranks above every candidate matched by its title alone, and an exact name (100) ranks above
 *    every partial one. Unmatched candidates are dropped (those whose name is their own text and cannot match
 *    without computing the name: ./namePrefilter.ts). When nothing clickable matches and there is neither
 *    `selector` nor `role`, elements whose own text matches (a React `onClick` div) are the candidates.
 * 3. The best-ranked candidate decides. Among candidates **tied** with it (same rank), native controls
 *    (`a`, `button`, `input`, `summary`) come before labels and generic elements, then DOM order; the first
 *    one that passes ./refusals.ts is clicked — unless it contains (in the flat tree) a tied candidate refused
 *    as unsafe: a shadow host around a `javascript:` link is never clicked in the link's place. When none does, the command is refused with the reason of the
 *    best one — never passed on to a weaker match ("Delete Account" disabled never clicks "Delete Account Settings").
 */
import type { ClickCommand } from './schema'
import { composedAncestors, queryAllDeep, searchRoots, withLookupScope } from './dom'
import { accessibleName, composedText, roleOf } from './accessibleNames'
import { bestTies, createMatcher, EXACT_MATCH, MATCH_THRESHOLD, normalizeText, type Ranked } from './match'
import { createNamePrefilter } from './namePrefilter'

const PRINTABLE_ASCII = /^[\x20-\x7e\t\n\r]*$/
import { refusalOf, type Refusal } from './refusals'
import { runToEnd, SLICE_AFTER, SLICE_EVERY, type LookupSteps } from './steps'

/** Elements a click by visible text considers (interactive elements and common click targets). */
export const CLICKABLE_SELECTOR = [
  'a[href]',
  'area[href]',
  'a',
  'button',
  'input[type=button]',
  'input[type=submit]',
  'input[type=reset]',
  'input[type=image]',
  'input[type=checkbox]',
  'input[type=radio]',
  'summary',
  'label',
  '[role]',
  '[onclick]',
  '[tabindex]',
].join(',')

/**
 * What a page is asked for to find the {@link CLICKABLE_SELECTOR} elements: a selector of tag names and bare
 * attributes, which Chromium matches several times faster than the list with attribute values; the `input`
 * types and `area[href]` are then checked in script ({@link isClickableCandidate}).
 */
const CLICKABLE_COARSE_SELECTOR = 'a,area,button,input,summary,label,[role],[onclick],[tabindex]'

const CLICKABLE_INPUT_TYPES = new Set(['button', 'submit', 'reset', 'image', 'checkbox', 'radio'])

/** Whether an element matched by {@link CLICKABLE_COARSE_SELECTOR} matches {@link CLICKABLE_SELECTOR}. */
function isClickableCandidate(el: Element): boolean {
  const tag = el.localName
  if (tag === 'a' || tag === 'button' || tag === 'summary' || tag === 'label') return true // most candidates
  if (el.hasAttribute('role') || el.hasAttribute('onclick') || el.hasAttribute('tabindex')) return true
  if (tag === 'input') return CLICKABLE_INPUT_TYPES.has((el.getAttribute('type') ?? '').toLowerCase())
  if (tag === 'area') return el.hasAttribute('href')
  return true
}

/** The outcome of a lookup: the element to act on, or a refusal. */
export type Choice = { ok: true; element: Element } | ({ ok: false } & Refusal)

/** What a lookup needs from the executor. */
export interface LookupContext {
  /** True for elements inside the widget (`ignoreSelector`): never candidates. */
  isIgnored(el: Element): boolean
}

/** Preference among tied candidates: native controls first (lower is better). */
function nativeness(el: Element): number {
  const tag = el.localName
  if (tag === 'a' || tag === 'button' || tag === 'input' || tag === 'summary' || tag === 'area') return 0
  if (tag === 'label') return 1
  return 2
}

/**
 * Picks among candidates tied for the best rank: native controls first, then DOM order; the first that passes
 * the refusal checks. Otherwise the refusal of the best one.
 */
export function pickFromTies(
  ties: Element[],
  use: 'click' | 'toggle',
  refusal = (el: Element) => refusalOf(el, use),
): Choice {
  const ordered = ties
    .map((el, index) => ({ el, index, pref: nativeness(el) }))
    .sort((a, b) => a.pref - b.pref || a.index - b.index)
    .map((x) => x.el)
  let first: Refusal | null = null
  const unsafe: Element[] = []
  for (const el of ordered) {
    const r = refusal(el)
    if (r === null) {
      // A shadow host (or wrapper) around a tied `javascript:` link is that link as far as the visitor can
      // tell: clicking the host instead would act on something other than what was named. Refused.
      const inner = unsafe.find((u) => u !== el && composedAncestors(u).includes(el))
      if (inner) return { ok: false, ...refusal(inner)! }
      return { ok: true, element: el }
    }
    if (r.reason === 'unsafe-url') unsafe.push(el)
    first ??= r
  }
  return first === null ? { ok: false, reason: 'not-found', detail: 'nothing matched' } : { ok: false, ...first }
}

const UNICODE_WORD = /[\p{L}\p{N}]+/gu

/**
 * For a text that is not printable ASCII (lower-cased after NFKC, as ./match.ts `normalizeText` does before
 * cutting it into words): true when it holds none of the query's words and some word of it is no piece of the
 * query (or it has no word at all) — it can neither match on its own nor make its parent's whole text match.
 */
function cannotContribute(folded: string, queryWords: readonly string[], queryLower: string): boolean {
  if (queryWords.some((w) => folded.includes(w))) return false
  UNICODE_WORD.lastIndex = 0
  let words = 0
  for (let m = UNICODE_WORD.exec(folded); m; m = UNICODE_WORD.exec(folded)) {
    if (!queryLower.includes(m[0])) return true
    words++
  }
  return words === 0
}

/** Elements whose own text (or whole short text) matches `text`: the last resort for unmarked click targets. */
function* textNodeTargets(
  doc: Document,
  roots: (Document | ShadowRoot)[],
  text: string,
  ctx: LookupContext,
): LookupSteps<Ranked<Element>[]> {
  const out: Ranked<Element>[] = []
  const seen = new Set<Element>()
  const score = createMatcher(text)
  const maxParentChars = text.length * 4 + 40
  const queryLower = normalizeText(text)
  const queryWords = queryLower.split(' ').filter(Boolean)
  let visited = 0
  for (const root of roots) {
    const start = root.nodeType === 9 ? (root as Document).body : root
    if (!start) continue
    const walker = doc.createTreeWalker(start, 0x4 /* NodeFilter.SHOW_TEXT */)
    for (let node = walker.nextNode(); node && visited < 20_000; node = walker.nextNode(), visited++) {
      if (visited >= SLICE_AFTER && visited % SLICE_EVERY === 0) yield
      const own = node.nodeValue ?? ''
      // Cheap first look (printable ASCII text): a text that shares no word with the query — and is no piece
      // of it, for words split across elements — cannot match, on its own or as its parent's whole text.
      if (PRINTABLE_ASCII.test(own)) {
        const lower = own.toLowerCase()
        const trimmed = lower.trim()
        if (!trimmed) continue
        if (!queryWords.some((w) => lower.includes(w)) && !(trimmed.length <= 30 && queryLower.includes(trimmed)))
          continue
      } else if (cannotContribute(own.normalize('NFKC').toLowerCase(), queryWords, queryLower)) continue
      const parent = node.parentElement
      if (!parent || !own.trim() || seen.has(parent) || parent.localName === 'script' || parent.localName === 'style')
        continue
      const ownScore = score(own)
      // "Join <b>the</b> waitlist": the parent's whole (short) text matches exactly. Read only for short parents.
      const wholeScore =
        ownScore < EXACT_MATCH && (parent.textContent?.length ?? 0) <= maxParentChars ? score(composedText(parent)) : 0
      const best = Math.max(
        wholeScore === EXACT_MATCH || ownScore === EXACT_MATCH ? EXACT_MATCH : 0,
        ownScore >= 80 ? ownScore : 0,
      )
      if (best > 0 && ctx.isIgnored(parent)) continue
      if (best > 0) {
        seen.add(parent)
        out.push({ item: parent, key: [best] })
      }
    }
  }
  return out
}

const isLinkOrMarked = (el: Element) =>
  el.hasAttribute('href') ||
  el.hasAttributeNS('http://www.w3.org/1999/xlink', 'href') ||
  el.matches('[role],[onclick],[tabindex]')

/** One name's score, or 0 below {@link MATCH_THRESHOLD} (./match.ts `bestScore` of one name, without a list). */
const scoreOf = (score: (name: string) => number, name: string): number => {
  const s = name ? score(name) : 0
  return s >= MATCH_THRESHOLD ? s : 0
}

/**
 * Chooses the element a click command acts on; see the module doc for the order. Throws on an invalid selector.
 * Runs in a lookup scope of its own when called outside one (./dom.ts `withLookupScope`: labels indexed in one
 * pass, names computed once), as the executor's lookups do; inside one it shares the caller's.
 */
export function chooseClickTarget(doc: Document, command: ClickCommand, ctx: LookupContext): Choice {
  return withLookupScope(() => runToEnd(clickTargetSteps(doc, command, ctx)))
}

/** {@link chooseClickTarget} as steps that may be run in slices ({@link LookupSteps}). */
export function* clickTargetSteps(doc: Document, command: ClickCommand, ctx: LookupContext): LookupSteps<Choice> {
  const roots = searchRoots(doc)
  const counts: number[] = []
  const found = queryAllDeep(doc, command.selector ?? CLICKABLE_COARSE_SELECTOR, roots, counts)
  // The first `inDocument` candidates are the document's own (its roots come first: ./dom.ts `searchRoots`).
  const inDocument = roots[0] === doc ? (counts[0] ?? 0) : 0
  // Judged one by one as the lookup reaches them (a big page's lookup runs in slices: ./steps.ts). Bare `a`
  // (listed for SVG links, whose `xlink:href` no attribute selector matches): only real links.
  const isClickable = (el: Element) =>
    command.selector !== undefined || (isClickableCandidate(el) && (el.localName !== 'a' || isLinkOrMarked(el)))
  const isAllowed = (el: Element) => !ctx.isIgnored(el) && (command.role === undefined || roleOf(el) === command.role)
  const isCandidate = (el: Element) => isClickable(el) && isAllowed(el)
  const what = describeClick(command)
  if (command.targetText === undefined) {
    const candidates = found.filter(isCandidate)
    if (candidates.length === 0) return { ok: false, reason: 'not-found', detail: `nothing matches ${what}` }
    return pickFromTies(candidates, 'click')
  }
  const score = createMatcher(command.targetText)
  // Names that are their element's own text and cannot match are ruled out before being computed (./namePrefilter.ts).
  const prefilter = createNamePrefilter(doc, score)
  let ranked: Ranked<Element>[] = []
  for (let i = 0; i < found.length; i++) {
    if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
    const el = found[i]!
    if (!isClickable(el)) continue
    const byName = prefilter.mayMatch(el, i < inDocument) ? scoreOf(score, accessibleName(el)) : 0
    const title = el.getAttribute('title')
    const byTitle = title ? scoreOf(score, title) : 0
    // Inside the widget, or of another role: asked only of the few that match (the same candidates either way).
    if ((byName > 0 || byTitle > 0) && isAllowed(el)) ranked.push({ item: el, key: [byName, byTitle] })
  }
  if (ranked.length === 0 && command.selector === undefined && command.role === undefined) {
    ranked = yield* textNodeTargets(doc, roots, command.targetText, ctx)
  }
  if (ranked.length === 0)
    return { ok: false, reason: 'not-found', detail: `nothing named ${JSON.stringify(command.targetText)} on the page` }
  return pickFromTies(bestTies(ranked), 'click')
}

/** `text "…" + role … + selector …` for log lines and refusals. */
export function describeClick(command: { selector?: string; role?: string; targetText?: string }): string {
  const parts: string[] = []
  if (command.targetText !== undefined) parts.push(JSON.stringify(command.targetText.slice(0, 80)))
  if (command.role !== undefined) parts.push(`role ${command.role}`)
  if (command.selector !== undefined) parts.push(`selector ${JSON.stringify(command.selector.slice(0, 80))}`)
  return parts.join(' + ') || 'the command'
}
