/**
 * calls.createWeb (SPEC §3/§5), auto-pagination, URL building, and compile-time typing of paths and bodies.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest'
import {
  buildWebCallBody,
  createPlatformClient,
  path,
  PlatformCore,
  PlatformValidationError,
  createWebCall,
  type PlatformClient,
  type WebCall,
} from '../../../src/platform'
import { stringifyQuery } from '../../../src/platform/core/path'
import { retryAfterMs, retryDelayMs } from '../../../src/platform/core/retry'
import { startPlatformServer, type PlatformServer } from '../../servers/platform-server'

let server: PlatformServer
let client: PlatformClient
beforeAll(async () => {
  server = await startPlatformServer()
  client = createPlatformClient({ token: 'pk_public', baseUrl: `${server.url}/` })
})
afterAll(() => server.close())
beforeEach(() => server.reset())

describe('calls.createWeb', () => {
  it.each([
    {},
    { assistant: '' },
    { assistant: null, squad: undefined },
    { assistantOverrides: { variableValues: { a: 1 } } },
  ])('refuses %o with the SPEC message and sends nothing', async (params) => {
    const err = await client.calls.createWeb(params).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(PlatformValidationError)
    expect((err as Error).message).toBe('Assistant or Squad or Workflow must be provided.')
    expect(server.requests).toHaveLength(0)
  })

  it('string → id fields, object → inline definitions', () => {
    expect(buildWebCallBody({ assistant: 'a1', squad: 's1', workflow: 'w1' })).toEqual({
      assistantId: 'a1',
      squadId: 's1',
      workflowId: 'w1',
    })
    const assistant = { name: 'Inline', firstMessage: 'Hi' }
    const workflow = { name: 'wf', nodes: [], edges: [] }
    expect(buildWebCallBody({ assistant, workflow, workflowOverrides: { variableValues: { x: 1 } } })).toEqual({
      assistant,
      workflow,
      workflowOverrides: { variableValues: { x: 1 } },
    })
  })

  it('POSTs to {baseUrl}/call/web with bearer auth and returns the typed call', async () => {
    server.fallback = () => ({
      status: 201,
      body: {
        id: 'call_1',
        webCallUrl: 'https://vapi.daily.co/room',
        artifactPlan: { videoRecordingEnabled: true },
        assistant: { voice: { provider: 'tavus' } },
        extra: 1,
      },
    })
    const call = await client.calls.createWeb({ squad: { members: [{ assistantId: 'a1' }] } })
    expectTypeOf(call).toEqualTypeOf<WebCall>()
    expectTypeOf(call.id).toBeString()
    expectTypeOf(call.webCallUrl).toBeString()
    expectTypeOf(call.artifactPlan?.videoRecordingEnabled).toEqualTypeOf<boolean | undefined>()
    expectTypeOf(call.assistant?.voice?.provider).toEqualTypeOf<string | undefined>()
    expect(call.assistant?.voice?.provider).toBe('tavus')
    const req = server.requests[0]!
    expect(req.method).toBe('POST')
    expect(req.path).toBe('/call/web')
    expect(req.headers.authorization).toBe('Bearer pk_public')
    expect(req.json).toEqual({ squad: { members: [{ assistantId: 'a1' }] } })
  })

  it('works through the minimal entry (PlatformCore + createWebCall)', async () => {
    server.fallback = () => ({ status: 201, body: { id: 'c2', webCallUrl: 'u' } })
    const core = new PlatformCore({ token: 'pk_public', baseUrl: server.url })
    await expect(createWebCall(core, { workflow: 'wf_1' })).resolves.toMatchObject({ id: 'c2' })
    expect(server.requests[0]!.json).toEqual({ workflowId: 'wf_1' })
  })
})

describe('auto-pagination', () => {
  it('follows page numbers until totalPages, yielding every item with for await', async () => {
    server.fallback = (req) => {
      const page = Number(req.query.get('page') ?? 1)
      return {
        body: {
          results: [{ id: `a${page * 2 - 1}` }, { id: `a${page * 2}` }],
          metadata: { itemsPerPage: 2, totalItems: 6, currentPage: page, totalPages: 3 },
        },
      }
    }
    const ids: string[] = []
    for await (const a of client.v2.assistants.list({ limit: 2 })) ids.push((a as { id: string }).id)
    expect(ids).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6'])
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v2/assistant?limit=2',
      '/v2/assistant?limit=2&page=2',
      '/v2/assistant?limit=2&page=3',
    ])
  })

  it('follows nextCursor and stops when it is absent', async () => {
    server.fallback = (req) => {
      const cursor = req.query.get('cursor')
      return cursor === 'c2'
        ? { body: { results: [{ id: 'p3' }], metadata: { itemsPerPage: 2, totalItems: 3, currentPage: 2 } } }
        : {
            body: {
              results: [{ id: 'p1' }, { id: 'p2' }],
              metadata: { itemsPerPage: 2, totalItems: 3, currentPage: 1, nextCursor: 'c2' },
            },
          }
    }
    const ids: string[] = []
    for await (const p of client.v2.phoneNumbers.list()) ids.push((p as { id: string }).id)
    expect(ids).toEqual(['p1', 'p2', 'p3'])
    expect(server.requests[1]!.query.get('cursor')).toBe('c2')
  })

  it('await gives the first page with hasNextPage/getNextPage; an empty page ends iteration', async () => {
    server.fallback = (req) =>
      req.query.get('page') === '2'
        ? { body: { results: [], metadata: { itemsPerPage: 1, totalItems: 9, currentPage: 2 } } }
        : { body: { results: [{ id: 's1' }], metadata: { itemsPerPage: 1, totalItems: 9, currentPage: 1 } } }
    const page = await client.sessions.list()
    expect(page.results).toHaveLength(1)
    expect(page.hasNextPage()).toBe(true)
    const next = await page.getNextPage()
    expect(next.hasNextPage()).toBe(false)
    let n = 0
    for await (const _ of client.sessions.list()) n++
    expect(n).toBe(1)
  })
})

describe('URL building', () => {
  it('encodes every path parameter and refuses empty or dot segments', () => {
    expect(path`/org/${'a/b'}/member/${'ü ?#'}/leave`).toBe('/org/a%2Fb/member/%C3%BC%20%3F%23/leave')
    expect(() => path`/assistant/${''}`).toThrow(PlatformValidationError)
    expect(() => path`/assistant/${'..'}`).toThrow(PlatformValidationError)
  })

  it('rejects a traversal id before sending', async () => {
    await expect(client.assistants.retrieve('..')).rejects.toBeInstanceOf(PlatformValidationError)
    expect(server.requests).toHaveLength(0)
  })

  it('serialises query parameters (arrays repeat, Dates ISO, undefined skipped)', () => {
    expect(
      stringifyQuery({ a: 1, b: undefined, c: ['x', 'y'], d: new Date('2024-01-02T03:04:05.000Z'), e: true, f: null }),
    ).toBe('?a=1&c=x&c=y&d=2024-01-02T03%3A04%3A05.000Z&e=true')
    expect(stringifyQuery({})).toBe('')
  })
})

describe('retry delay arithmetic', () => {
  it('parses retry-after-ms, Retry-After seconds and dates; backoff is capped at 8 s', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '12.5' }))).toBe(12.5)
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000)
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6_000)
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined()
    expect(retryDelayMs(10, undefined, 60_000, () => 0)).toBe(8_000)
    expect(retryDelayMs(0, undefined, 60_000, () => 1)).toBe(375)
  })
})

describe('typing (checked by tsc)', () => {
  it('wrong path, missing path parameter and wrong body field are type errors', () => {
    const c = createPlatformClient({ token: 't', baseUrl: server.url, fetch: async () => new Response('{}') })
    const never = (): void => {
      // @ts-expect-error — no such path
      void c.request('get', '/assistants/{id}', { path: { id: 'a' } })
      // @ts-expect-error — path parameter missing
      void c.request('get', '/assistant/{id}', {})
      // @ts-expect-error — wrong path parameter name
      void c.request('get', '/org/{id}/member/{userId}/leave', { path: { id: 'o' } })
      // @ts-expect-error — method not defined on that path
      void c.request('put', '/squad/{id}', { path: { id: 's' }, body: {} })
      // @ts-expect-error — unknown body field
      void c.assistants.create({ nmae: 'typo' })
      // @ts-expect-error — wrong body field type
      void c.squads.create({ members: 'a1' })
      // @ts-expect-error — required body missing
      void c.calls.create()
    }
    expect(typeof never).toBe('function')
    expectTypeOf(c.request('get', '/assistant/{id}', { path: { id: 'a' } })).resolves.toHaveProperty('id')
  })
})
