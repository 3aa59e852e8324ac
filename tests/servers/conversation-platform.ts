/**
 * A stand-in for the platform's conversation listings on 127.0.0.1 (random port), as strict as the vendored
 * `openapi/vapi-openapi.json`: `GET /call` (a plain array of `Call`, in `order`; `limit` 0–1000, default 100),
 * `GET /chat` (`ChatPaginatedResponse`: `results` + `metadata` `PaginationMeta`; `page` ≥ 1, `sortOrder`
 * `ASC`/`DESC` (default DESC), `limit` 0–1000), `GET /call/{id}`, `GET /chat/{id}`; filters `assistantId`,
 * `createdAtGt|Lt|Ge|Le`; a query parameter the document does not list is a `400` (the platform's whitelist
 * validation: `property X should not exist`), a bad date or number a `400`, a wrong key a `401`.
 * `rateLimit` answers chosen requests with `429` + `Retry-After`, as the platform does under load.
 *
 * `order` is the order of a list when the request names none: `GET /call` (the document names no order, and has
 * no sort parameter) and `GET /chat` without `sortOrder` (the document says DESC; a platform that does otherwise
 * must not break the sync). `newest-first` (default), `oldest-first`, or `shuffled` (a different order on every
 * request).
 * @module
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** Handle of {@link startConversationPlatform}. */
export interface ConversationPlatform {
  url: string
  /** Every request: path and query. */
  requests: { path: string; query: URLSearchParams; status: number; items: number }[]
  /** Conversations served, by id (a conversation served twice counts twice). */
  served: Map<string, number>
  /** Adds conversations (a later batch). */
  add(calls: Record<string, unknown>[], chats: Record<string, unknown>[]): void
  /**
   * Decides per request (1-based number among list requests) whether to answer `429` with this `Retry-After`
   * (seconds); `undefined` serves it.
   */
  rateLimit: ((n: number) => string | undefined) | undefined
  /** The order of a list whose request names none (see the module comment). @default 'newest-first' */
  order: ListOrder
  close(): Promise<void>
}

/** The order of a list whose request names none. */
export type ListOrder = 'newest-first' | 'oldest-first' | 'shuffled'

/** `items` (sorted oldest first) in `order`; `shuffled` uses `seed` (a deterministic Fisher–Yates). */
function inOrder(items: Record<string, unknown>[], order: ListOrder, seed: number): Record<string, unknown>[] {
  if (order === 'oldest-first') return items
  if (order === 'newest-first') return [...items].reverse()
  const out = [...items]
  let a = seed >>> 0
  for (let i = out.length - 1; i > 0; i--) {
    a = (Math.imul(a, 1_664_525) + 1_013_904_223) >>> 0
    const j = a % (i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

const CALL_PARAMS = new Set(['id', 'assistantId', 'phoneNumberId', 'limit', ...dateParams()])
const CHAT_PARAMS = new Set([
  'id',
  'assistantId',
  'assistantIdAny',
  'squadId',
  'sessionId',
  'previousChatId',
  'idAny',
  'page',
  'sortOrder',
  'sortBy',
  'limit',
  ...dateParams(),
])
function dateParams(): string[] {
  return ['created', 'updated'].flatMap((w) => ['Gt', 'Lt', 'Ge', 'Le'].map((op) => `${w}At${op}`))
}

class BadRequest extends Error {}

function filter(items: Record<string, unknown>[], q: URLSearchParams): Record<string, unknown>[] {
  let out = items
  const assistantId = q.get('assistantId')
  if (assistantId !== null) out = out.filter((c) => c['assistantId'] === assistantId)
  const id = q.get('id')
  if (id !== null) out = out.filter((c) => c['id'] === id)
  for (const field of ['created', 'updated'] as const) {
    for (const op of ['Gt', 'Lt', 'Ge', 'Le'] as const) {
      const v = q.get(`${field}At${op}`)
      if (v === null) continue
      const t = Date.parse(v)
      if (!Number.isFinite(t)) throw new BadRequest(`${field}At${op} must be a valid ISO 8601 date string`)
      out = out.filter((c) => {
        const x = Date.parse(String(c[`${field}At`]))
        return op === 'Gt' ? x > t : op === 'Lt' ? x < t : op === 'Ge' ? x >= t : x <= t
      })
    }
  }
  return out
}

function numberParam(q: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const v = q.get(name)
  if (v === null) return fallback
  const n = Number(v)
  if (v.trim() === '' || !Number.isFinite(n))
    throw new BadRequest(`${name} must be a number conforming to the specified constraints`)
  if (n < min) throw new BadRequest(`${name} must not be less than ${min}`)
  if (n > max) throw new BadRequest(`${name} must not be greater than ${max}`)
  return n
}

/** Starts the stand-in with `token` as the only accepted private key. */
export async function startConversationPlatform(options: {
  token: string
  calls: Record<string, unknown>[]
  chats: Record<string, unknown>[]
  order?: ListOrder
}): Promise<ConversationPlatform> {
  const byCreated = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    String(a['createdAt']).localeCompare(String(b['createdAt'])) || String(a['id']).localeCompare(String(b['id']))
  const calls = [...options.calls].sort(byCreated)
  const chats = [...options.chats].sort(byCreated)
  let listRequests = 0
  const handle: ConversationPlatform = {
    url: '',
    requests: [],
    served: new Map(),
    rateLimit: undefined,
    order: options.order ?? 'newest-first',
    add(moreCalls, moreChats) {
      calls.push(...moreCalls)
      calls.sort(byCreated)
      chats.push(...moreChats)
      chats.sort(byCreated)
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const serve = (items: Record<string, unknown>[]) => {
    for (const c of items) handle.served.set(String(c['id']), (handle.served.get(String(c['id'])) ?? 0) + 1)
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const q = url.searchParams
    const send = (status: number, body: unknown, headers: Record<string, string> = {}, items = 0) => {
      handle.requests.push({ path: url.pathname, query: q, status, items })
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
      res.end(JSON.stringify(body))
    }
    try {
      if (req.method !== 'GET') return send(404, { message: `Cannot ${req.method} ${url.pathname}`, statusCode: 404 })
      if (req.headers.authorization !== `Bearer ${options.token}`) {
        return send(401, {
          message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
          error: 'Unauthorized',
          statusCode: 401,
        })
      }
      const list = url.pathname === '/call' || url.pathname === '/chat'
      if (list) {
        const allowed = url.pathname === '/call' ? CALL_PARAMS : CHAT_PARAMS
        const unknown = [...q.keys()].filter((k) => !allowed.has(k))
        if (unknown.length) throw new BadRequest(unknown.map((k) => `property ${k} should not exist`).join('; '))
        listRequests++
        const wait = handle.rateLimit?.(listRequests)
        if (wait !== undefined) {
          return send(429, { message: 'Too Many Requests', statusCode: 429 }, { 'retry-after': wait })
        }
      }
      if (url.pathname === '/call') {
        const limit = numberParam(q, 'limit', 0, 1000, 100)
        const page = inOrder(filter(calls, q), handle.order, listRequests).slice(0, limit)
        serve(page)
        return send(200, page, {}, page.length)
      }
      if (url.pathname === '/chat') {
        const limit = numberParam(q, 'limit', 0, 1000, 100)
        const pageNo = numberParam(q, 'page', 1, Number.MAX_SAFE_INTEGER, 1)
        const order = q.get('sortOrder')
        if (order !== null && order !== 'ASC' && order !== 'DESC')
          throw new BadRequest('sortOrder must be one of the following values: ASC, DESC')
        const all = filter(chats, q)
        const sorted =
          order === 'ASC' ? all : order === 'DESC' ? [...all].reverse() : inOrder(all, handle.order, listRequests)
        const results = sorted.slice((pageNo - 1) * limit, pageNo * limit)
        serve(results)
        const totalPages = limit === 0 ? 0 : Math.ceil(all.length / limit)
        return send(
          200,
          {
            results,
            metadata: {
              itemsPerPage: limit,
              totalItems: all.length,
              currentPage: pageNo,
              totalPages,
              hasNextPage: pageNo < totalPages,
              sortOrder: order ?? 'DESC',
            },
          },
          {},
          results.length,
        )
      }
      const one = /^\/(call|chat)\/([^/]+)$/.exec(url.pathname)
      if (one) {
        const found = (one[1] === 'call' ? calls : chats).find((c) => c['id'] === decodeURIComponent(one[2]!))
        return found ? send(200, found, {}, 1) : send(404, { message: 'Not Found', statusCode: 404 })
      }
      return send(404, { message: `Cannot GET ${url.pathname}`, error: 'Not Found', statusCode: 404 })
    } catch (e) {
      if (e instanceof BadRequest) return send(400, { message: [e.message], error: 'Bad Request', statusCode: 400 })
      return send(500, { message: 'Internal server error', statusCode: 500 })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  handle.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return handle
}
