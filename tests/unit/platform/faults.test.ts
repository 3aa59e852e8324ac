/**
 * Fault suite against a real local server: retry counts, waits (recorded through the injected `sleep`),
 * error classes, timeouts, aborts, malformed bodies, and that the token never leaks.
 */
import { inspect } from 'node:util'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIResponseParseError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createPlatformClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PlatformError,
  RateLimitError,
  UnprocessableEntityError,
  type PlatformClientOptions,
} from '../../../src/platform'
import { startPlatformServer, type PlatformServer } from '../../servers/platform-server'

const TOKEN = 'sk_live_SECRET_0123456789'
let server: PlatformServer
let waits: number[]
const sleep = async (ms: number): Promise<void> => {
  waits.push(ms)
}
const make = (o: Partial<PlatformClientOptions> = {}) =>
  createPlatformClient({ token: TOKEN, baseUrl: server.url, sleep, ...o })

/** Asserts the token appears nowhere in an error's public surfaces. */
function expectNoToken(err: unknown): void {
  const e = err as Error & { cause?: unknown }
  for (const s of [
    e.message,
    String(e),
    e.stack ?? '',
    JSON.stringify(e),
    inspect(e, { depth: 5 }),
    JSON.stringify((e as APIError).body ?? null),
  ]) {
    expect(s).not.toContain(TOKEN)
  }
}

beforeAll(async () => {
  server = await startPlatformServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  waits = []
})

const ok = { status: 200, body: { id: 'a1' } }

describe('retries', () => {
  it('429 with Retry-After (seconds) waits that long and retries a GET', async () => {
    server.script({ status: 429, headers: { 'retry-after': '2' }, body: { message: 'slow down' } }, ok)
    await expect(make().assistants.retrieve('a1')).resolves.toEqual({ id: 'a1' })
    expect(server.requests).toHaveLength(2)
    expect(waits).toEqual([2000])
  })

  it('retry-after-ms takes precedence and a POST is retried on 429', async () => {
    server.script(
      { status: 429, headers: { 'retry-after-ms': '150', 'retry-after': '9' } },
      { status: 201, body: { id: 'c1', webCallUrl: 'u' } },
    )
    await expect(make().calls.createWeb({ assistant: 'a1' })).resolves.toMatchObject({ id: 'c1' })
    expect(server.requests).toHaveLength(2)
    expect(waits).toEqual([150])
  })

  it('caps a long Retry-After at maxRetryDelayMs; an HTTP-date Retry-After is honoured', async () => {
    server.script(
      { status: 429, headers: { 'retry-after': '3600' } },
      { status: 503, headers: { 'retry-after': new Date(Date.now() + 5_000).toUTCString() } },
      ok,
    )
    await make({ maxRetryDelayMs: 10_000 }).assistants.list()
    expect(waits[0]).toBe(10_000)
    expect(waits[1]).toBeGreaterThan(3_000)
    expect(waits[1]).toBeLessThanOrEqual(5_000)
  })

  it('500 → 502 → 503 → 200: exponential backoff with jitter (0.5 s, 1 s, 2 s minus ≤ 25 %)', async () => {
    server.script({ status: 500 }, { status: 502 }, { status: 503 }, ok)
    await expect(make({ maxRetries: 3 }).squads.retrieve('s1')).resolves.toEqual({ id: 'a1' })
    expect(server.requests).toHaveLength(4)
    expect(waits).toHaveLength(3)
    ;[500, 1000, 2000].forEach((base, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(base * 0.75)
      expect(waits[i]).toBeLessThanOrEqual(base)
    })
  })

  it('gives up after maxRetries (default 2) with InternalServerError carrying the server message', async () => {
    server.fallback = () => ({ status: 502, headers: { 'x-request-id': 'req_42' }, body: { message: 'upstream down' } })
    const err = await make()
      .assistants.retrieve('a b')
      .catch((e: unknown) => e)
    expect(server.requests).toHaveLength(3)
    expect(err).toBeInstanceOf(InternalServerError)
    expect(err).toBeInstanceOf(APIError)
    expect(err).toBeInstanceOf(PlatformError)
    expect(err).toMatchObject({
      status: 502,
      requestId: 'req_42',
      method: 'GET',
      path: '/assistant/a%20b',
      body: { message: 'upstream down' },
    })
    expect((err as Error).message).toBe('502 upstream down')
  })

  it.each([
    ['POST 500', 'post', { status: 500 }, 1],
    ['POST 502', 'post', { status: 502 }, 1],
    ['POST 503 without Retry-After', 'post', { status: 503 }, 1],
    ['POST 503 with Retry-After', 'post', { status: 503, headers: { 'retry-after': '1' } }, 3],
    ['POST 408', 'post', { status: 408 }, 1],
    ['POST 409', 'post', { status: 409 }, 1],
    ['PATCH 502', 'patch', { status: 502 }, 1],
    ['PATCH 429', 'patch', { status: 429 }, 3],
    ['GET 408', 'get', { status: 408 }, 3],
    ['DELETE 409', 'delete', { status: 409 }, 3],
    ['PUT 500', 'put', { status: 500 }, 3],
    ['GET 404', 'get', { status: 404 }, 1],
    ['GET 400', 'get', { status: 400 }, 1],
    // The server's word first (openai-node `shouldRetry`): `x-should-retry` overrides status and method.
    ['GET 503 with x-should-retry: false', 'get', { status: 503, headers: { 'x-should-retry': 'false' } }, 1],
    [
      'GET 429 with Retry-After and x-should-retry: false',
      'get',
      { status: 429, headers: { 'retry-after': '1', 'x-should-retry': 'false' } },
      1,
    ],
    ['POST 500 with x-should-retry: true', 'post', { status: 500, headers: { 'x-should-retry': 'true' } }, 3],
    ['GET 400 with x-should-retry: true', 'get', { status: 400, headers: { 'x-should-retry': 'TRUE' } }, 3],
    ['GET 503 with x-should-retry: maybe (ignored)', 'get', { status: 503, headers: { 'x-should-retry': 'maybe' } }, 3],
  ] as const)('%s → %i attempt(s)', async (_name, method, reply, attempts) => {
    server.fallback = () => reply
    const c = make()
    const call =
      method === 'post'
        ? c.assistants.create({ name: 'x' })
        : method === 'patch'
          ? c.assistants.update('a1', { name: 'x' })
          : method === 'put'
            ? c.assistants.replace('a1', { name: 'x' })
            : method === 'delete'
              ? c.assistants.delete('a1')
              : c.assistants.retrieve('a1')
    await expect(call).rejects.toBeInstanceOf(APIError)
    expect(server.requests).toHaveLength(attempts)
    expect(waits).toHaveLength(attempts - 1)
  })

  it('maxRetries: 0 per request disables retries', async () => {
    server.fallback = () => ({ status: 503 })
    await expect(make().assistants.list(undefined, { maxRetries: 0 })).rejects.toBeInstanceOf(InternalServerError)
    expect(server.requests).toHaveLength(1)
  })
})

describe('connection faults', () => {
  it('a reset connection is retried for a GET', async () => {
    server.script({ reset: true }, ok)
    await expect(make().assistants.retrieve('a1')).resolves.toEqual({ id: 'a1' })
    expect(server.requests).toHaveLength(2)
    expect(waits).toHaveLength(1)
  })

  it('a reset connection is NOT retried for a POST (the server may have acted)', async () => {
    server.fallback = () => ({ reset: true })
    const err = await make()
      .calls.createWeb({ assistant: 'a1' })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(APIConnectionError)
    expect(err).not.toBeInstanceOf(APIConnectionTimeoutError)
    expect(server.requests).toHaveLength(1)
    expectNoToken(err)
  })

  it('a refused connection is retried even for a POST, then APIConnectionError', async () => {
    const closed = http.createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    const err = await make({ baseUrl: `http://127.0.0.1:${port}` })
      .calls.createWeb({ assistant: 'a1' })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(APIConnectionError)
    expect((err as Error).message).toBe('Connection refused.')
    expect(waits).toHaveLength(2)
    expectNoToken(err)
  })

  it('a response slower than timeoutMs → APIConnectionTimeoutError, retried for GET', async () => {
    server.fallback = () => ({ ...ok, delayMs: 400 })
    const started = Date.now()
    const err = await make({ timeoutMs: 80, maxRetries: 1 })
      .assistants.retrieve('a1')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(APIConnectionTimeoutError)
    expect((err as Error).message).toBe('Request timed out after 80 ms.')
    expect(server.requests).toHaveLength(2)
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('a timed-out POST is not retried', async () => {
    server.fallback = () => ({ ...ok, delayMs: 400 })
    await expect(make({ timeoutMs: 80 }).assistants.create({ name: 'x' })).rejects.toBeInstanceOf(
      APIConnectionTimeoutError,
    )
    expect(server.requests).toHaveLength(1)
  })

  it('per-request timeoutMs overrides the client default', async () => {
    server.fallback = () => ({ ...ok, delayMs: 300 })
    await expect(make({ timeoutMs: 5_000 }).assistants.create({ name: 'x' }, { timeoutMs: 50 })).rejects.toBeInstanceOf(
      APIConnectionTimeoutError,
    )
  })
})

describe('abort', () => {
  it('aborting the caller signal mid-request rejects with APIUserAbortError and does not retry', async () => {
    server.fallback = () => ({ ...ok, delayMs: 500 })
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 30)
    await expect(make().calls.createWeb({ assistant: 'a1' }, { signal: ac.signal })).rejects.toBeInstanceOf(
      APIUserAbortError,
    )
    expect(server.requests).toHaveLength(1)
  })

  it('an already-aborted signal sends nothing', async () => {
    await expect(make().assistants.list(undefined, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      APIUserAbortError,
    )
    expect(server.requests).toHaveLength(0)
  })

  it('aborting during the backoff wait (real timers) rejects promptly', async () => {
    server.fallback = () => ({ status: 429, headers: { 'retry-after': '30' } })
    const client = createPlatformClient({ token: TOKEN, baseUrl: server.url })
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 50)
    const started = Date.now()
    await expect(client.assistants.list(undefined, { signal: ac.signal })).rejects.toBeInstanceOf(APIUserAbortError)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(server.requests).toHaveLength(1)
  })
})

describe('responses and errors', () => {
  it('malformed JSON in a 200 → APIResponseParseError (not retried)', async () => {
    server.fallback = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"id": "a1",' })
    const err = await make()
      .assistants.retrieve('a1')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(APIResponseParseError)
    expect(err).toMatchObject({ status: 200, body: '{"id": "a1",' })
    expect(server.requests).toHaveLength(1)
  })

  it('malformed JSON in an error response keeps the raw text as body and message', async () => {
    server.fallback = () => ({
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: '<html>bad gateway',
    })
    const err = await make()
      .assistants.retrieve('a1')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(BadRequestError)
    expect((err as Error).message).toBe('400 <html>bad gateway')
  })

  it('204 with no body resolves undefined', async () => {
    server.fallback = () => ({ status: 204 })
    await expect(make().orgs.leave('o1')).resolves.toBeUndefined()
  })

  it('a non-JSON 200 (e.g. CSV export) resolves with the text', async () => {
    server.fallback = () => ({ status: 200, headers: { 'content-type': 'text/csv' }, body: 'id,cost\nc1,0.1\n' })
    await expect(make().v2.calls.export()).resolves.toBe('id,cost\nc1,0.1\n')
  })

  it('401 → AuthenticationError, no retry, token never leaked even when the server echoes it', async () => {
    server.fallback = () => ({
      status: 401,
      headers: { 'x-request-id': 'req_1' },
      body: { message: `Invalid token ${TOKEN}`, token: TOKEN },
    })
    const lines: unknown[][] = []
    const logger = { debug: (...a: unknown[]) => lines.push(a), warn: (...a: unknown[]) => lines.push(a) }
    const client = make({ logger })
    const err = await client.assistants.list().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AuthenticationError)
    expect(server.requests).toHaveLength(1)
    expect((err as Error).message).toBe('401 Invalid token [REDACTED]')
    expect((err as APIError).body).toEqual({ message: 'Invalid token [REDACTED]', token: '[REDACTED]' })
    expectNoToken(err)
    expect(lines.length).toBeGreaterThan(0)
    expect(inspect(lines, { depth: 10 })).not.toContain(TOKEN)
    for (const s of [
      String(client),
      JSON.stringify(client),
      inspect(client, { depth: 10 }),
      String(client.core),
      JSON.stringify(client.core),
    ]) {
      expect(s).not.toContain(TOKEN)
    }
  })

  it('retry warnings go to the logger, redacted', async () => {
    server.script({ status: 503 }, ok)
    const lines: string[] = []
    const logger = { warn: (m: string) => lines.push(m), debug: (m: string) => lines.push(m) }
    await make({ logger }).assistants.retrieve(TOKEN) // even a token used as an id is redacted in logs
    expect(lines.some((l) => /retry 1\/2/.test(l))).toBe(true)
    expect(lines.join('\n')).not.toContain(TOKEN)
  })

  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [504, InternalServerError],
    [418, APIError],
  ] as const)('%i maps to %o', async (status, cls) => {
    server.fallback = () => ({ status, body: { message: ['name must be a string', 'name too long'] } })
    const err = await make({ maxRetries: 0 })
      .assistants.create({ name: 'x' })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(cls)
    expect((err as APIError).status).toBe(status)
    expect((err as Error).message).toBe(`${status} name must be a string; name too long`)
    expect((err as Error).name).toBe(cls.name)
  })
})
