/**
 * The report in the owner's words: a language's name for its tag (`ta` → Tamil) and how a call ended for the
 * platform's `endedReason` code (`customer-ended-call` → "The visitor ended the call"). The codes are the vendored
 * `openapi/vapi-openapi.json`'s `Call.endedReason` enum (627 codes): the ones a web call meets are worded one by
 * one in {@link ENDED_REASONS}; the error families (`pipeline-error-…`, `call.in-progress.error-…`, 560 codes that
 * name a provider and a fault) are worded from their parts by {@link endedReasonWords}.
 * tests/unit/report/words.test.ts words every code of the document and checks none is shown raw.
 * @module
 */

/** English names of languages (`Intl.DisplayNames`, the runtime's CLDR data). */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })

/**
 * The English name of a language tag (`ta` → "Tamil", `hi-Latn` → "Hindi (Latin)"); `unknown` (conversations
 * from widgets before the record tag) → "Unknown (older widgets)"; a tag the runtime cannot name is returned as it is.
 */
export function languageName(tag: string): string {
  if (tag === 'unknown' || tag === '') return 'Unknown (older widgets)'
  try {
    return LANGUAGE_NAMES.of(tag) ?? tag
  } catch {
    return tag
  }
}

/** How a call ended, by the platform's code: the codes that are not a provider's fault (Call.endedReason). */
export const ENDED_REASONS: Readonly<Record<string, string>> = {
  'customer-ended-call': 'The visitor ended the call',
  'customer-ended-call-before-warm-transfer': 'The visitor hung up before a transfer',
  'customer-ended-call-after-warm-transfer-attempt': 'The visitor hung up after a transfer was tried',
  'customer-ended-call-during-transfer': 'The visitor hung up during a transfer',
  'customer-did-not-give-microphone-permission': 'The visitor did not allow the microphone',
  'customer-did-not-answer': 'No answer',
  'customer-busy': 'The line was busy',
  'assistant-ended-call': 'The assistant ended the call',
  'assistant-said-end-call-phrase': 'The assistant said goodbye',
  'assistant-ended-call-with-hangup-task': 'The assistant hung up (a hang-up step)',
  'assistant-ended-call-after-message-spoken': 'The assistant hung up after its last message',
  'assistant-forwarded-call': 'The assistant transferred the call',
  'assistant-join-timed-out': 'The assistant did not join in time',
  'assistant-not-valid': "The assistant's settings are not valid",
  'assistant-not-found': 'The assistant was not found',
  'assistant-request-failed': "Your server's assistant request failed",
  'assistant-request-returned-error': "Your server's assistant request returned an error",
  'assistant-request-returned-unspeakable-error':
    "Your server's assistant request returned an error that cannot be spoken",
  'assistant-request-returned-invalid-assistant':
    "Your server's assistant request returned settings that are not valid",
  'assistant-request-returned-no-assistant': "Your server's assistant request returned no assistant",
  'assistant-request-returned-forwarding-phone-number': "Your server's assistant request forwarded to a phone number",
  'call-start-error-neither-assistant-nor-server-set': 'The call could not start: no assistant and no server set',
  'call.start.error-vapifault-get-org': 'The call could not start: the platform could not read your organisation',
  'call.start.error-vapifault-get-subscription': 'The call could not start: the platform could not read your plan',
  'call.start.error-vapifault-database-error': "The call could not start: the platform's database failed",
  'call.start.error-get-assistant': 'The call could not start: the assistant could not be read',
  'call.start.error-get-phone-number': 'The call could not start: the phone number could not be read',
  'call.start.error-get-customer': "The call could not start: the caller's details could not be read",
  'call.start.error-get-resources-validation': "The call could not start: the call's settings are not valid",
  'call.start.error-get-transport': 'The call could not start: no connection could be set up',
  'call.start.error-vapi-number-international': 'The call could not start: a free number cannot call abroad',
  'call.start.error-vapi-number-outbound-daily-limit':
    "The call could not start: the free number's daily limit was reached",
  'call.start.error-subscription-wallet-does-not-exist': 'The call could not start: the account has no wallet',
  'call.start.error-subscription-frozen': 'The call could not start: the account is frozen',
  'call.start.error-subscription-insufficient-credits': 'The call could not start: not enough credit',
  'call.start.error-subscription-upgrade-failed': 'The call could not start: a plan upgrade failed',
  'call.start.error-subscription-concurrency-limit-reached':
    'The call could not start: too many calls at once for the plan',
  'call.start.error-fraud-check-failed': 'The call could not start: a fraud check failed',
  'call.start.error-enterprise-feature-not-available-recording-consent':
    'The call could not start: recording consent needs an enterprise plan',
  'call.start.assistant-version-error-validation':
    "The call could not start: the assistant version's settings are not valid",
  'scheduled-call-deleted': 'A scheduled call was deleted',
  'call-deleted': 'The call was deleted',
  'worker-shutdown': "The platform's server restarted",
  'exceeded-max-duration': 'The call reached its longest allowed duration',
  'silence-timed-out': 'The visitor was silent too long',
  'manually-canceled': 'The call was cancelled',
  voicemail: 'Voicemail answered',
  'phone-call-provider-closed-websocket': 'The phone provider closed the connection',
  'phone-call-provider-bypass-enabled-but-no-call-received': 'The phone provider sent no call',
  'vonage-disconnected': 'Vonage disconnected the call',
  'vonage-failed-to-connect-call': 'Vonage could not connect the call',
  'vonage-completed': 'Vonage ended the call',
  'vonage-rejected': 'Vonage refused the call',
  'twilio-failed-to-connect-call': 'Twilio could not connect the call',
  'twilio-reported-customer-misdialed': 'Twilio reported a misdialled number',
  'call.in-progress.twilio-completed-call': 'Twilio ended the call',
  'call.in-progress.sip-completed-call': 'The phone line (SIP) ended the call',
  'call.ringing.error-sip-inbound-call-failed-to-connect': 'An incoming phone call (SIP) could not connect',
  'call.ringing.sip-inbound-caller-hungup-before-call-connect': 'The caller hung up before the call connected',
  'call.ringing.hook-executed-say': 'Ended by a ringing hook (it spoke)',
  'call.ringing.hook-executed-transfer': 'Ended by a ringing hook (it transferred)',
  'call.ending.hook-executed-say': 'Ended by an ending hook (it spoke)',
  'call.ending.hook-executed-transfer': 'Ended by an ending hook (it transferred)',
  'call.forwarding.operator-busy': 'The transfer target was busy',
  'call.forwarding.no-answer': 'The transfer target did not answer',
  'call.in-progress.error-warm-transfer-max-duration': 'A transfer took longer than allowed',
  'call.in-progress.error-warm-transfer-assistant-cancelled': 'The assistant cancelled a transfer',
  'call.in-progress.error-warm-transfer-silence-timeout': 'A transfer ended after a silence',
  'call.in-progress.error-warm-transfer-microphone-timeout': 'A transfer ended: no sound from the microphone',
  'call.in-progress.error-assistant-did-not-receive-customer-audio':
    "The assistant heard no sound from the visitor's microphone",
  'call.in-progress.error-transfer-failed': 'A transfer failed',
}

/** Provider names that are not the code's words title-cased (`eleven-labs` → ElevenLabs). */
const PROVIDER_NAMES: Record<string, string> = {
  'azure-openai': 'Azure OpenAI',
  'azure-speech': 'Azure Speech',
  'eleven-labs': 'ElevenLabs',
  '11labs': 'ElevenLabs',
  'assembly-ai': 'AssemblyAI',
  'deep-seek': 'DeepSeek',
  'rime-ai': 'Rime',
  'together-ai': 'Together AI',
  'perplexity-ai': 'Perplexity',
  'custom-llm': 'your own model server',
  openai: 'OpenAI',
  openrouter: 'OpenRouter',
  xai: 'xAI',
  playht: 'PlayHT',
  lmnt: 'LMNT',
  deepinfra: 'DeepInfra',
  wellsaid: 'WellSaid',
  minimax: 'MiniMax',
}

/** Words after which a fault code names the part, not the provider (`…-voice-failed`, `…-401-…`). */
const PART_WORD = /^(?:voice|transcriber|llm|video|returning|request|labs|ai|\d{3})$/
/** First words of a fault code that name no provider (`transport-never-connected`, `worker-died`). */
const NO_PROVIDER = /^(?:transport|worker|pipeline|chat|call|sip|outbound|inbound|providerfault|vapifault)$/

/** The provider a fault code names (`cartesia-voice-failed` → Cartesia), or `undefined`. */
function providerOf(rest: string): string | undefined {
  // `eleven-labs-…`, `11labs-…`: a known name is taken whole, whatever follows.
  for (const [code, name] of Object.entries(PROVIDER_NAMES)) if (rest.startsWith(`${code}-`)) return name
  const words = rest.split('-')
  const end = words.findIndex((w, i) => i > 0 && PART_WORD.test(w))
  if (end <= 0 || NO_PROVIDER.test(words[0]!)) return undefined
  const key = words.slice(0, end).join('-')
  return (
    PROVIDER_NAMES[key] ??
    words
      .slice(0, end)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
  )
}

/** The part of the call a fault code names, by its words; the first that matches. */
const PARTS: [RegExp, string][] = [
  [/transcriber|speech-to-text|\bstt\b/, 'Speech recognition'],
  [/voice|tts|labs-/, 'The voice'],
  [/video/, 'The video'],
  [
    /llm|model|openai|anthropic|groq|google|mistral|cerebras|gemini|bedrock|vertex|deep-seek|\b[45]\d\d-/,
    'The AI model',
  ],
  [/transport|worker|sip|websocket|socket|connection|phone/, "The call's connection"],
  [/pipeline|chat/, "The platform's call pipeline"],
]

/** Why it failed, by the code's words; the first that matches. */
const CAUSES: [RegExp, string][] = [
  [
    /insufficent-funds|insufficient|payment|quota-exceeded|credits|paid-only|upgrade|free-plan|creator-plus/,
    'the provider account needs funds or a higher plan',
  ],
  [
    /\b401\b|unauthorized|invalid-api-key|incorrect-api-key|api-key-missing|invalid-credentials|auth-failed|not-in-organization/,
    'the provider refused the key',
  ],
  [/\b403\b|access-denied|not-allowed|disabled-by-owner|probation|against-their-policy/, 'the provider refused access'],
  [/\b429\b|exceeded-quota|rate-limit|concurrent-requests|too-many/, 'the provider’s quota or rate limit was reached'],
  [/\b5\d\d\b|server-error|overloaded|service-unavailable|system-busy/, 'the provider’s server failed'],
  [/\b400\b|validation|invalid|not-found|bad-request|parsing/, 'the provider refused the request as not valid'],
  [
    /never-connected|not-active|missing|failed-to-connect|hang-up|died|not-available|no-available/,
    'it could not connect',
  ],
]

/**
 * The owner's words for a call's `endedReason`: {@link ENDED_REASONS} for the codes worded one by one; for a
 * provider fault (`pipeline-error-openai-llm-failed`, `call.in-progress.error-vapifault-soniox-transcriber-auth-failed`)
 * the part that failed, the provider and the cause ("The AI model failed (OpenAI)", "Speech recognition failed
 * (Soniox): the provider refused the key"); `unknown` (no reason recorded) → "Not recorded". A code none of these
 * words is returned as it is, in quotes, so the owner can still look it up.
 */
export function endedReasonWords(code: string): string {
  const known = ENDED_REASONS[code]
  if (known) return known
  if (code === 'unknown' || code === '') return 'Not recorded'
  const fault = /^(?:pipeline-error-|call\.in-progress\.error-)(.+)$/.exec(code)?.[1]
  if (!fault) return `“${code}”`
  const rest = fault.replace(/^(?:vapifault|providerfault)-/, '')
  const provider = providerOf(rest)
  const part = PARTS.find(([r]) => r.test(rest))?.[1] ?? "The platform's call pipeline"
  const cause = CAUSES.find(([r]) => r.test(rest))?.[1]
  const whose = /^providerfault-/.test(fault) ? ' (a provider fault)' : ''
  return `${part} failed${provider ? ` (${provider})` : ''}${cause ? `: ${cause}` : ''}${whose}`
}
