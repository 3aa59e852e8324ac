/**
 * The one text fold of spoken words and page names, in a module of its own with no imports: the local mode's
 * grammar chunk reads it without the value converter (./spoken.ts, ./values/*), which it does not load at the press.
 * @module
 */

/** Lower-case, accents removed (NFD without combining marks), punctuation as spaces, whitespace collapsed. */
export function foldText(text: string | null | undefined): string {
  if (!text) return ''
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
