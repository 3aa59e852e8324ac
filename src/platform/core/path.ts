/**
 * URL building: path parameters are always encoded (openai-node `src/internal/utils/path.ts`) and query
 * parameters serialised in one place.
 */
import { PlatformValidationError } from './errors'

/**
 * Tagged template that percent-encodes every interpolated value as one path segment:
 * `` path`/assistant/${id}` `` with `id = 'a/b?c'` gives `/assistant/a%2Fb%3Fc`. Empty values and the
 * dot segments `.`/`..` are refused with {@link PlatformValidationError} (they would address another resource).
 */
export function path(statics: TemplateStringsArray, ...params: readonly string[]): string {
  let out = statics[0] ?? ''
  for (let i = 0; i < params.length; i++) {
    out += encodeSegment(params[i]) + (statics[i + 1] ?? '')
  }
  return out
}

/** Encodes one path segment; throws {@link PlatformValidationError} on empty, `.` or `..`. */
export function encodeSegment(value: unknown): string {
  const s = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
  if (s === '' || s === '.' || s === '..') {
    throw new PlatformValidationError(`Invalid path parameter ${JSON.stringify(value)}: expected a non-empty id.`)
  }
  return encodeURIComponent(s)
}

/**
 * Fills an OpenAPI path template (`/org/{id}/member/{userId}/leave`) from `params`, encoding each value.
 * Throws {@link PlatformValidationError} for a missing parameter.
 */
export function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = params?.[name]
    if (v === undefined || v === null) throw new PlatformValidationError(`Missing path parameter "${name}".`)
    return encodeSegment(v)
  })
}

/** Query values the serializer accepts. Arrays repeat the key; Dates become ISO strings; objects become JSON. */
export type QueryValue =
  string | number | boolean | Date | null | undefined | readonly (string | number | boolean | Date)[] | object

const scalar = (v: unknown): string =>
  v instanceof Date ? v.toISOString() : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)

/**
 * Serialises query parameters: `undefined`/`null` are skipped, arrays repeat the key (`?id=a&id=b`), Dates are
 * ISO 8601, nested objects are JSON. Returns `''` or a string starting with `?`.
 */
export function stringifyQuery(query: object | undefined): string {
  if (!query) return ''
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue
    if (Array.isArray(v)) for (const item of v) sp.append(k, scalar(item))
    else sp.append(k, scalar(v))
  }
  const s = sp.toString()
  return s ? `?${s}` : ''
}
