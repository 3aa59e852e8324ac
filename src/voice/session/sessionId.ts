/**
 * A new voice session id: `session_` + the timestamp (ms) + `_` + 32 hex characters (128 bits) from the Web
 * Crypto API (SPEC §3; unguessable, so nobody can join another visitor's command channel).
 * @throws Error when the Web Crypto API is unavailable (no insecure fallback to Math.random).
 */
export function createSessionId(
  now: number = Date.now(),
  cryptoImpl: Pick<Crypto, 'getRandomValues'> | null = globalThis.crypto ?? null,
): string {
  if (!cryptoImpl?.getRandomValues) throw new Error('Web Crypto API is not available')
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16))
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `session_${now}_${hex}`
}
