import type { Plugin } from 'vite'

/** The key of a locale file that says how its text was made (drafted, reviewed by a native speaker): for reviewers. */
export const PROVENANCE_KEY = '_provenance'

/**
 * A locale file's JSON text without its top-level {@link PROVENANCE_KEY}, or `null` when it has none (then the
 * text is left as it is). Throws `SyntaxError` on malformed JSON, as Vite's own JSON plugin would.
 */
export function withoutProvenance(json: string): string | null {
  const data = JSON.parse(json) as unknown
  if (!data || typeof data !== 'object' || Array.isArray(data) || !(PROVENANCE_KEY in data)) return null
  const { [PROVENANCE_KEY]: _dropped, ...copy } = data as Record<string, unknown>
  return JSON.stringify(copy)
}

/**
 * A local-mode grammar table's JSON text (src/voice/local/grammar/*.json) as visitors' bundles need it: without
 * its `_provenance` note and its rules' `examples` (for reviewers and tests/unit/local/grammar.test.ts; the matcher
 * never reads them), or `null` when it has neither. Throws `SyntaxError` on malformed JSON.
 */
export function grammarForVisitors(json: string): string | null {
  const data = JSON.parse(json) as unknown
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null
  const { [PROVENANCE_KEY]: note, ...copy } = data as Record<string, unknown>
  let dropped = note !== undefined
  if (Array.isArray(copy.rules))
    copy.rules = copy.rules.map((rule: unknown) => {
      if (!rule || typeof rule !== 'object' || !('examples' in rule)) return rule
      dropped = true
      const { examples: _examples, ...kept } = rule as Record<string, unknown>
      return kept
    })
  return dropped ? JSON.stringify(copy) : null
}

/**
 * Vite plugin: `locales/<lng>/*.json` ship without their `_provenance` note, which is for the people reviewing the
 * copy (tests/unit/locales.test.ts requires it in every widget file), not for visitors' bundles; the local mode's
 * grammar tables without it and without their rules' examples ({@link grammarForVisitors}). Runs before Vite's
 * JSON plugin, so named imports and tree-shaking work as before.
 */
export function localeProvenance(): Plugin {
  return {
    name: 'voiceos-locale-provenance',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0]!
      const stripped = /[\\/]voice[\\/]local[\\/]grammar[\\/][^\\/]+\.json$/.test(path)
        ? grammarForVisitors(code)
        : /[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/.test(path)
          ? withoutProvenance(code)
          : null
      return stripped === null ? null : { code: stripped, map: null }
    },
  }
}
