import { normalizeWaitlist, WAITLIST_FIELDS, type WaitlistField, type WaitlistValues } from './validation'

/** Sends one application; resolves when sent, rejects (throws) when it could not be. */
export type WaitlistSubmit = (values: WaitlistValues) => Promise<void>

/** Where applications go: the form service's form-response endpoint and each field's entry id (SPEC §7). */
export interface WaitlistEndpointConfig {
  /** POST target; empty means not configured. */
  endpoint: string
  /** Entry id per field, e.g. `{ name: 'entry.1000001', … }`. */
  entryIds: Record<WaitlistField, string>
}

/** Thrown by the default submitter when the build has no endpoint (VITE_WAITLIST_ENDPOINT empty). */
export class WaitlistNotConfiguredError extends Error {
  override readonly name = 'WaitlistNotConfiguredError'
  constructor() {
    super('The waitlist form has no endpoint configured (VITE_WAITLIST_ENDPOINT is empty).')
  }
}

/**
 * The form-encoded body: every field (normalized), in SPEC §7 order (name, email, phone, company, website,
 * comments), under its entry id. Optional fields are sent empty rather than left out.
 */
export function buildWaitlistBody(
  values: Partial<WaitlistValues>,
  entryIds: Record<WaitlistField, string>,
): URLSearchParams {
  const v = normalizeWaitlist(values)
  const body = new URLSearchParams()
  for (const f of WAITLIST_FIELDS) body.append(entryIds[f], v[f])
  return body
}

/**
 * The real submitter: `POST` with `mode: 'no-cors'` (the service answers cross-origin with an opaque
 * response, so nothing is read: success means the request did not throw, SPEC §7). Rejects with
 * {@link WaitlistNotConfiguredError} when no endpoint is configured, never pretending to succeed.
 */
export function createWaitlistSubmitter(
  config: WaitlistEndpointConfig,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): WaitlistSubmit {
  return async (values) => {
    if (!config.endpoint.trim()) throw new WaitlistNotConfiguredError()
    await fetchImpl(config.endpoint, {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: buildWaitlistBody(values, config.entryIds),
    })
  }
}
