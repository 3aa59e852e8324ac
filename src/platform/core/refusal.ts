/**
 * Why the platform refused a request a browser makes with the site's public key (`POST /call/web`,
 * `POST /chat/web`), told apart by the HTTP status and the error body. Shared by the voice engine's
 * `WebCallRefusedError` (src/voice/engine/errors.ts) and the web chat's `WebChatError` (../chat-web.ts), so the
 * widget's problem kinds (src/voice/session/problems.ts) apply to both the same way.
 * @module
 */

/**
 * Why the platform refused, as far as its HTTP status and body tell:
 * - `invalid-key`: the public key is wrong (401; also a 403 whose body speaks of the key or authorization);
 * - `no-credit`: the organisation cannot pay (402; or a 4xx whose body speaks of credits, wallet, balance,
 *   billing limit, a frozen subscription or payment);
 * - `assistant-not-found`: the assistant id is unknown (404; or a 400 "Couldn't Get Assistant");
 * - `rate-limited`: too many requests or calls at once (429; or a body speaking of a concurrency/rate limit);
 * - `platform-error`: any other answer (5xx, other 4xx, a 2xx that is not what was asked for);
 * - `network`: no answer at all (offline, DNS, CORS, connection reset); the status is then `null`.
 */
export type PlatformRefusalReason =
  'invalid-key' | 'no-credit' | 'assistant-not-found' | 'rate-limited' | 'platform-error' | 'network'

/*
 * What the platform answers when it refuses (public sources, read 2026-11):
 * - 401 `{ "message": "Invalid Key. Hot tip, you may be using the private key instead of the public key.",
 *   "error": "Unauthorized", "statusCode": 401 }` — a private key or a wrong key in a web client; without the
 *   header, 401 "Missing Authorization Header." (github.com/VapiAI/client-sdk-web/issues/11).
 * - Errors are NestJS bodies `{ message: string | string[], error: "Bad Request", statusCode: 400 }`
 *   (support.vapi.ai/t/28946219, support.vapi.ai/t/28820539).
 * - An unknown assistant: "Couldn't Get Assistant" / `call.start.error-get-assistant`, `assistant-not-found`
 *   (vapi.ai/community/m/1443474560354746502; docs.vapi.ai/calls/troubleshoot-call-errors).
 * - Billing: `call.start.error-subscription-insufficient-credits`, `…-subscription-frozen`,
 *   `…-subscription-wallet-does-not-exist` (docs.vapi.ai/calls/call-ended-reason), "Billing Limits Exceeded"
 *   once the credits or the monthly limit are used up (Vapi docs, "Billing limits"); "Wallet Balance" messages.
 * - Too many calls: "Over Concurrency Limit" / `…-subscription-concurrency-limit-reached`
 *   (support.vapi.ai/t/27531984); 429 for the request rate.
 * The status decides where it is unambiguous (401, 402, 404, 429, 5xx); the body decides a 400/403.
 */
const KEY_BODY = /invalid key|private key|public key|unauthori[sz]ed|authorization header|invalid token|api key/i
const CREDIT_BODY =
  /credit|wallet|balance|billing limit|subscription[\w.-]*(frozen|insufficient)|payment|insufficient[- ]funds/i
const ASSISTANT_BODY =
  /(couldn'?t|could not) get assistant|get-assistant|assistant[\w -]*not[- ]found|assistant-not-found/i
const RATE_BODY = /concurrency[- ]limit|rate[- ]limit|too many (requests|calls)/i

/** The text of a body (JSON or text) to match against, `''` when there is none. Never throws. */
function bodyText(body: unknown): string {
  if (body === undefined || body === null) return ''
  if (typeof body === 'string') return body
  try {
    return JSON.stringify(body)
  } catch {
    return ''
  }
}

/**
 * Classifies an answer of the platform to a public-key request ({@link PlatformRefusalReason}). Never throws.
 * @param status - HTTP status, `null` for no answer.
 * @param body - the parsed JSON body, or its text.
 */
export function platformRefusalReason(status: number | null, body: unknown): PlatformRefusalReason {
  if (status === null) return 'network'
  const text = bodyText(body)
  if (status === 401) return 'invalid-key'
  if (status === 402) return 'no-credit'
  if (status === 429) return 'rate-limited'
  if (status >= 500) return RATE_BODY.test(text) ? 'rate-limited' : 'platform-error'
  if (status >= 400) {
    if (CREDIT_BODY.test(text)) return 'no-credit'
    if (RATE_BODY.test(text)) return 'rate-limited'
    if (status === 404 || ASSISTANT_BODY.test(text)) return 'assistant-not-found'
    if (status === 403 && KEY_BODY.test(text)) return 'invalid-key'
  }
  return 'platform-error'
}
