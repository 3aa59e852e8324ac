/**
 * A click's cheap first look at its candidates' names (./click.ts). On a big page most candidates are links and
 * buttons whose accessible name is their own text, and most of those share too little with what was said to
 * match it. For such a candidate the text is read as `textContent` and given the matcher's first look
 * (./match.ts `Matcher.mayMatch`); only a candidate that may match has its name computed in full
 * (./accessibleNames.ts `accessibleName`, cached for the command) and scored.
 *
 * The first look never drops a candidate the full computation would match: it is taken only where the accessible
 * name is, character for character, the candidate's `textContent` — a candidate of the document itself (not of a
 * shadow root or a frame: those have slots and hosts of their own), in an HTML document, that
 * - is no `input`, `textarea`, `select`, `img` or `details` (values, labels, `alt`, the summary name them), no
 *   `script`, `style`, `template` or `slot`, and has no `aria-labelledby` and no `aria-label` (which name it);
 * - is no open shadow root's host and holds none (the text a visitor sees there is the shadow root's);
 * - holds no `script`, `style`, `template` or `slot` (their text is left out of, or replaced in, the name), no
 *   element with `aria-label` or `aria-labelledby` (left to the full computation) and at most
 *   {@link MAX_PLAIN_DESCENDANTS} elements (the name's walk goes no deeper than 64 levels);
 * - has text, at most 2,000 characters of it (a blank text names it by its images' `alt`; a longer one is cut).
 * Every other candidate goes to the full computation, as before. `title` is judged apart by the click in any case.
 * @module
 */
import { MAX_TEXT_CHARS } from './accessibleNames'
import type { Matcher } from './match'

/** Most elements a candidate may hold for its text to be read as its name (the name's walk stops at depth 64). */
export const MAX_PLAIN_DESCENDANTS = 60

/** Tags named by something other than their own text, or whose text is not the visitor's. */
const NOT_PLAIN_TAGS = new Set(['input', 'textarea', 'select', 'img', 'details', 'script', 'style', 'template', 'slot'])

/** What a candidate may hold for its text to be its name: nothing of these. */
const NOT_PLAIN_INSIDE = 'script,style,template,slot,[aria-label],[aria-labelledby]'

/** The first look of one click's lookup ({@link createNamePrefilter}). */
export interface NamePrefilter {
  /**
   * False only when the accessible name of `el` certainly scores 0 against the query: its name is its own text
   * (see the module doc) and the matcher's first look rules that text out. True otherwise, so the caller computes
   * the name in full. `inDocument`: `el` was found in the document itself, not in a shadow root or a frame.
   */
  mayMatch(el: Element, inDocument: boolean): boolean
}

/**
 * The first look for one lookup on `doc` with the query's `matcher` (./match.ts `createMatcher`). Where `doc` is
 * not an HTML document, every candidate goes to the full computation.
 */
export function createNamePrefilter(doc: Document, matcher: Pick<Matcher, 'mayMatch'>): NamePrefilter {
  if (doc.contentType !== 'text/html') return { mayMatch: () => true }
  return {
    mayMatch(el, inDocument) {
      if (!inDocument) return true
      const text = plainName(el)
      return text === null || matcher.mayMatch(text)
    },
  }
}

/** The accessible name of `el` when it is certainly its `textContent` (see the module doc), else null. */
function plainName(el: Element): string | null {
  if (NOT_PLAIN_TAGS.has(el.localName) || el.shadowRoot) return null
  if (el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-label')) return null
  if (el.firstElementChild !== null) {
    const inside = el.getElementsByTagName('*')
    if (inside.length > MAX_PLAIN_DESCENDANTS) return null
    for (let i = 0; i < inside.length; i++) if (inside[i]!.shadowRoot) return null
    if (el.querySelector(NOT_PLAIN_INSIDE) !== null) return null
  }
  const text = el.textContent ?? ''
  if (text.length > MAX_TEXT_CHARS || !text.trim()) return null
  return text
}
