import type en from '../../../locales/en/voice.json'

/**
 * The widget's copy: the `voice` namespace of a language, shaped exactly like `locales/en/voice.json`
 * (content editors change it there; `tests/unit/locales.test.ts` keeps every language's keys equal).
 */
export type VoiceCopy = typeof en

/**
 * Looks up a dotted key (`'widget.toast.active.title'`) in `copy` and interpolates `{{name}}` with `values`.
 * Returns `fallback` (itself interpolated) when the key is missing or not a string, and `''` when neither
 * exists. Never throws: a key path through a non-object simply misses.
 */
export function translate(copy: VoiceCopy, key: string, values?: Record<string, string>, fallback?: string): string {
  let node: unknown = copy
  for (const part of key.split('.')) {
    node =
      node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, part)
        ? (node as Record<string, unknown>)[part]
        : undefined
  }
  const text = typeof node === 'string' ? node : (fallback ?? '')
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) =>
    values && Object.prototype.hasOwnProperty.call(values, name) ? (values[name] ?? '') : '',
  )
}
