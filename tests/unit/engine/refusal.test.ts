/**
 * A start refused by the platform is one `WebCallRefusedError` (code `start-method-error`) whose `reason` the
 * widget can act on, told apart by the HTTP status and the body — whether the press's request (prestart.ts)
 * or the engine's own sent `POST /call/web`. Against a real HTTP server on 127.0.0.1 answering with the
 * platform's error bodies (sources in src/voice/engine/errors.ts). Microphone failures keep getUserMedia's
 * DOMException as the error's `cause`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  VoiceCall,
  VoiceCallError,
  WebCallRefusedError,
  platformRefusalReason,
  type VoiceCallErrorEvent,
  type WebCallRefusalReason,
} from '../../../src/voice/engine'
import { prestartWebCall } from '../../../src/voice/engine/prestart'
import { startPlatformServer, type PlatformServer, type Reply } from '../../servers/platform-server'
import { WEB_CALL, fakeDaily, quietLogger } from './fakes'
import { fakeSink } from './helpers'

let server: PlatformServer
beforeAll(async () => {
  server = await startPlatformServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const nest = (status: number, error: string, message: string | string[]) => ({ message, error, statusCode: status })

/** The platform's answers and what each means to the widget. */
const CASES: [label: string, reply: Reply, reason: WebCallRefusalReason, status: number | null][] = [
  [
    '401 Invalid Key (a private key in the page)',
    {
      status: 401,
      body: nest(
        401,
        'Unauthorized',
        'Invalid Key. Hot tip, you may be using the private key instead of the public key.',
      ),
    },
    'invalid-key',
    401,
  ],
  [
    '401 Missing Authorization Header',
    { status: 401, body: { Unauthorized: 'Missing Authorization Header.' } },
    'invalid-key',
    401,
  ],
  [
    "400 Couldn't Get Assistant",
    { status: 400, body: nest(400, 'Bad Request', "Couldn't Get Assistant. `assistantId` asst_gone Does Not Exist.") },
    'assistant-not-found',
    400,
  ],
  ['404 Not Found', { status: 404, body: nest(404, 'Not Found', 'Assistant not found') }, 'assistant-not-found', 404],
  [
    '400 Billing Limits Exceeded',
    { status: 400, body: nest(400, 'Bad Request', 'Billing Limits Exceeded. Please add credits to your wallet.') },
    'no-credit',
    400,
  ],
  [
    '403 insufficient credits',
    { status: 403, body: nest(403, 'Forbidden', 'call.start.error-subscription-insufficient-credits') },
    'no-credit',
    403,
  ],
  ['402 Payment Required', { status: 402, body: nest(402, 'Payment Required', 'Payment Required') }, 'no-credit', 402],
  [
    '400 Over Concurrency Limit',
    { status: 400, body: nest(400, 'Bad Request', 'Over Concurrency Limit.') },
    'rate-limited',
    400,
  ],
  [
    '429 Too Many Requests (retried, then given up)',
    {
      status: 429,
      headers: { 'retry-after-ms': '0' },
      body: nest(429, 'Too Many Requests', 'ThrottlerException: Too Many Requests'),
    },
    'rate-limited',
    429,
  ],
  [
    '400 validation of the body',
    { status: 400, body: nest(400, 'Bad Request', ['assistantOverrides.property foo should not exist']) },
    'platform-error',
    400,
  ],
  [
    '500 Internal Server Error',
    { status: 500, body: nest(500, 'Internal Server Error', 'Internal server error') },
    'platform-error',
    500,
  ],
  ['connection reset (no answer)', { reset: true }, 'network', null],
]

function engine(pendingStart?: ReturnType<typeof prestartWebCall>) {
  const daily = fakeDaily()
  const call = new VoiceCall({
    publicKey: 'pk_live_123',
    apiBaseUrl: server.url,
    createCallObject: daily.factory,
    logger: quietLogger(),
    audioSink: fakeSink(),
    isMobile: () => false,
    startTimeoutMs: 0,
    ...(pendingStart && { pendingStart }),
  })
  const errors: VoiceCallErrorEvent[] = []
  call.on('error', (e) => errors.push(e))
  return { call, daily, errors }
}

/** A granted microphone whose stream can be stopped. */
const grantedMic = () => ({
  getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop: () => undefined }] } as unknown as MediaStream),
})

describe.each([
  ['the engine sends the request', false],
  ['the press sent the request (prestart)', true],
] as const)('a refused start, when %s', (_label, pressed) => {
  it.each(CASES)('%s → %s', async (_case, reply, reason, status) => {
    server.fallback = () => reply
    const pending = pressed
      ? prestartWebCall({
          publicKey: 'pk_live_123',
          apiBaseUrl: server.url,
          assistantId: 'asst_1',
          mediaDevices: grantedMic(),
        })
      : undefined
    const { call, daily, errors } = engine(pending)
    expect(await call.start('asst_1')).toBeNull()
    expect(errors).toHaveLength(1)
    const event = errors[0]!
    expect(event.type).toBe('start-method-error')
    expect(event.stage).toBe('web-call-creation')
    expect(event.error).toBeInstanceOf(WebCallRefusedError)
    const error = event.error as WebCallRefusedError
    expect(error.code).toBe('start-method-error')
    expect(error.reason).toBe(reason)
    expect(error.status).toBe(status)
    if (status !== null) expect(error.body).toEqual(reply.body)
    expect(daily.created).toHaveLength(0) // nothing joined
    expect(call.started).toBe(false)
    // A refused POST is never sent twice, except where the platform says to retry (429).
    const posts = server.requests.filter((r) => r.path === '/call/web').length
    expect(posts).toBe(reply.status === 429 ? 3 : 1)
  })
})

describe('platformRefusalReason: status first where it is unambiguous, the body for the rest', () => {
  it('classifies statuses without a body', () => {
    expect(platformRefusalReason(401, undefined)).toBe('invalid-key')
    expect(platformRefusalReason(402, '')).toBe('no-credit')
    expect(platformRefusalReason(404, undefined)).toBe('assistant-not-found')
    expect(platformRefusalReason(429, undefined)).toBe('rate-limited')
    expect(platformRefusalReason(503, 'Service Unavailable')).toBe('platform-error')
    expect(platformRefusalReason(400, undefined)).toBe('platform-error')
    expect(platformRefusalReason(403, undefined)).toBe('platform-error')
    expect(platformRefusalReason(403, { message: 'Invalid Key' })).toBe('invalid-key')
    expect(platformRefusalReason(null, undefined)).toBe('network')
  })
})

describe('microphone failures keep getUserMedia’s DOMException as the cause', () => {
  it.each([
    ['NotAllowedError', 'Permission denied'],
    ['NotFoundError', 'Requested device not found'],
  ])('%s', async (name, message) => {
    server.fallback = () => ({ status: 201, body: WEB_CALL })
    const denied = new DOMException(message, name)
    const pending = prestartWebCall({
      publicKey: 'pk_live_123',
      apiBaseUrl: server.url,
      assistantId: 'asst_1',
      mediaDevices: { getUserMedia: () => Promise.reject(denied) },
    })
    const { call, errors } = engine(pending)
    expect(await call.start('asst_1')).toBeNull()
    expect(errors).toHaveLength(1)
    expect(errors[0]!.type).toBe('daily-call-join-error')
    expect(errors[0]!.error).toBeInstanceOf(VoiceCallError)
    expect(errors[0]!.error).not.toBeInstanceOf(WebCallRefusedError)
    const cause = errors[0]!.error.cause
    expect(cause).toBe(denied)
    expect((cause as DOMException).name).toBe(name)
  })
})
