/**
 * The record tag: a small, versioned line that ends every message the widget adds to a conversation (page map,
 * command result, page change, search results), so that a report made later from the platform's stored
 * conversations (`npm run assistant -- report`, scripts/report) reads what happened without guessing from
 * wording. Format (src/voice/context/README.md "The record tag"):
 *
 * ```text
 * PAGE MAP (what the visitor's page offers now; use these names in voice commands)
 * url: https://example.com/checkout
 * …
 * [voiceos/1 page-map path=/checkout lang=en]
 * ```
 *
 * - the last line of the content, `[voiceos/<version> <kind> key=value …]`; values are percent-encoded
 *   (`encodeURIComponent`, `/` kept), so a value never holds a space or `]`;
 * - at the end, not the start: the first words stay `PAGE MAP` / `COMMAND RESULT`, which the assistant's prompt
 *   and the chat mode key on;
 * - a reader ignores keys it does not know and reads a higher version's known keys; content without a tag is a
 *   message from a widget older than version 1 (the report reads those by their wording).
 *
 * Never carries a form value: only the page's path (no query, no fragment), its language, a command's name and
 * outcome, and counts.
 * @module
 */

/** Version of the record tag this widget writes. */
export const RECORD_VERSION = 1

/** What a tagged message is. */
export type RecordKind = 'page-map' | 'result' | 'page-change' | 'search'

/** A parsed record tag. */
export interface MessageRecord {
  /** Tag version (1 today). */
  version: number
  kind: string
  /** Decoded key/value pairs, e.g. `{ path: '/checkout', lang: 'en' }`. */
  attrs: Record<string, string>
  /** The content without the tag line. */
  body: string
}

const TAG = /\n\[voiceos\/(\d{1,4}) ([a-z][a-z0-9-]{0,31})((?: [a-z][a-z0-9-]{0,31}=[^\s\]]*)*)\]$/

/**
 * `content` with the record tag appended as its last line.
 * @param attrs - string values (empty and `undefined` ones are left out), e.g. `{ path, lang }` for a page map,
 *   `{ tool: 'fill_field', outcome: 'refused' }` for a result
 */
export function withRecord(kind: RecordKind, content: string, attrs: Record<string, string | undefined> = {}): string {
  const pairs = Object.entries(attrs)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([k, v]) => ` ${k}=${encodeURIComponent(v).replace(/%2F/g, '/')}`)
    .join('')
  return `${content}\n[voiceos/${RECORD_VERSION} ${kind}${pairs}]`
}

/** The record tag of `content`, or `null` when it has none (a message from an older widget, or not ours). */
export function parseRecord(content: string): MessageRecord | null {
  const m = TAG.exec(content)
  if (!m) return null
  const attrs: Record<string, string> = {}
  for (const pair of (m[3] ?? '').trim().split(' ')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    try {
      attrs[pair.slice(0, eq)] = decodeURIComponent(pair.slice(eq + 1))
    } catch {
      attrs[pair.slice(0, eq)] = pair.slice(eq + 1)
    }
  }
  return { version: Number(m[1]), kind: m[2]!, attrs, body: content.slice(0, m.index) }
}

/** `content` without its record tag (unchanged when it has none). */
export function stripRecord(content: string): string {
  const m = TAG.exec(content)
  return m ? content.slice(0, m.index) : content
}

/** The page's path and language for a tag (`location.pathname`, `<html lang>`); empty when unreadable. */
export function pageAttrs(doc: Document): { path: string; lang: string } {
  try {
    return { path: doc.location?.pathname ?? '', lang: doc.documentElement?.lang?.trim() ?? '' }
  } catch {
    return { path: '', lang: '' }
  }
}
