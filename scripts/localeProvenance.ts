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
 * Vite plugin: `locales/<lng>/*.json` ship without their `_provenance` note, which is for the people reviewing the
 * copy (tests/unit/locales.test.ts requires it in every widget file), not for visitors' bundles. Runs before
 * Vite's JSON plugin, so named imports and tree-shaking work as before.
 */
export function localeProvenance(): Plugin {
  return {
    name: 'voiceos-locale-provenance',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/.test(id.split('?')[0]!)) return null
      const stripped = withoutProvenance(code)
      return stripped === null ? null : { code: stripped, map: null }
    },
  }
}
