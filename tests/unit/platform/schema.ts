/**
 * Request-body validation for the endpoint table: ajv over the official document (with the four enum fixes)
 * merged with openapi/vapi-supplement.json — the same input the type generator uses.
 *
 * Two adjustments for validation only (the document is generated from NestJS decorators):
 *  - `oneOf` → `anyOf`: several unions list members without required discriminators (e.g. the Update…DTO
 *    phone-number variants all have only optional fields), so a valid body matches more than one member;
 *  - the literal `pattern: "ORG_ROLE_OR_CUSTOM_ROLE_PATTERN"` (a placeholder that leaked into the document) is
 *    dropped; the sibling `oneOf` still constrains the role;
 *  - patterns written as JS regex literals (`"/^[a-zA-Z0-9_-]{1,64}$/"`, OpenAIFunction.name) lose the slashes;
 *  - empty `enum: []` (NeuphonicVoice.voiceId) is dropped (ajv refuses to compile it).
 */
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
// @ts-expect-error — plain ESM script without types
import { fixOfficial, mergeSupplement } from '../../../scripts/generate-platform-types.mjs'

const root = resolve(__dirname, '../../..')
const official = JSON.parse(readFileSync(resolve(root, 'openapi/vapi-openapi.json'), 'utf8')) as Record<string, unknown>
const supplement = JSON.parse(readFileSync(resolve(root, 'openapi/vapi-supplement.json'), 'utf8')) as Record<
  string,
  unknown
>

type Json = Record<string, unknown>
const adjust = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(adjust)
  if (!v || typeof v !== 'object') return v
  const out: Json = {}
  for (const [k, val] of Object.entries(v)) {
    if (k === 'pattern' && val === 'ORG_ROLE_OR_CUSTOM_ROLE_PATTERN') continue
    if (k === 'enum' && Array.isArray(val) && val.length === 0) continue
    if (k === 'pattern' && typeof val === 'string' && /^\/.*\/[a-z]*$/.test(val)) {
      out[k] = val.slice(1, val.lastIndexOf('/'))
      continue
    }
    out[k === 'oneOf' ? 'anyOf' : k] = adjust(val)
  }
  return out
}

/** The official document's paths (to know which operations it defines). */
export const officialPaths = official['paths'] as Record<string, Record<string, unknown>>
const merged = adjust(
  (mergeSupplement as (a: unknown, b: unknown) => Json)((fixOfficial as (d: unknown) => unknown)(official), supplement),
) as Json

const ajv = new Ajv({ strict: false, allErrors: true, logger: false, validateFormats: true })
addFormats(ajv)
ajv.addSchema({ $id: 'doc', components: merged['components'] })
const cache = new Map<string, ValidateFunction | null>()

/**
 * Validator of the JSON request body of `method template` in the merged document, or `null` when the operation
 * has no JSON body.
 */
export function bodyValidator(method: string, template: string): ValidateFunction | null {
  const key = `${method} ${template}`
  if (cache.has(key)) return cache.get(key) ?? null
  const op = (merged['paths'] as Record<string, Record<string, Json>>)[template]?.[method.toLowerCase()]
  const schema = (op?.['requestBody'] as Json | undefined)?.['content'] as Record<string, Json> | undefined
  const json = schema?.['application/json']?.['schema']
  const fn = json ? ajv.compile(JSON.parse(JSON.stringify(json).replaceAll('"#/components', '"doc#/components'))) : null
  cache.set(key, fn)
  return fn
}

/** True when the official document (not only the supplement) defines `method template`. */
export const inOfficialDocument = (method: string, template: string): boolean =>
  !!officialPaths[template]?.[method.toLowerCase()]

/**
 * Validator of one schema of the merged document's `components.schemas` (e.g. `ClientInboundMessageAddMessage`,
 * `ToolCallResult`, `CreateFunctionToolDTO`), for message shapes that are not request bodies.
 * @throws {Error} when the document has no schema of that name
 */
export function componentValidator(name: string): ValidateFunction {
  const key = `#component ${name}`
  const cached = cache.get(key)
  if (cached) return cached
  const schemas = (merged['components'] as Json)['schemas'] as Json
  if (!schemas[name]) throw new Error(`the OpenAPI document has no schema ${name}`)
  const fn = ajv.compile({ $ref: `doc#/components/schemas/${name}` })
  cache.set(key, fn)
  return fn
}
