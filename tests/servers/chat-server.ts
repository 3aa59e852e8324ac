/**
 * A real Node HTTP server on 127.0.0.1 (random port) standing in for Vapi's web chat, `POST /chat/web`, in
 * tests (and, over its CLI, for a browser): the protocol Vapi's own widget speaks (VapiAI/client-sdk-react
 * `vapiChatClient.ts`; vendored openapi/ `CreateWebChatDTO`, `WebChat`, `CreateChatStreamResponse`).
 *
 * By default it plays an assistant:
 * - `Authorization: Bearer <publicKey>` must match (`401 { message: "Invalid Key. Hot tip, …" }` otherwise), and
 *   `assistantId` must be one of `assistants` (`404 { message: "Couldn't Get Assistant. …" }` otherwise);
 * - a request without a known `sessionId` opens a new session `sess_<n>`; one with it continues that session;
 * - it answers `reply(turn)` (default `Turn <n>: you said "<input>"`; a `ToolMessage` input answers
 *   `Tool results: <content>`) — with `stream: true` as Server-Sent Events, one `CreateChatStreamResponse`
 *   (`{ id, sessionId, path: 'chat.output[0].content', delta }`) per word, then `data: [DONE]`; otherwise as a
 *   `WebChat` JSON `{ id, sessionId, output: [{ role: 'assistant', content }] }` (status 201).
 * Scripted replies (`script(...)`) are answered first, in order: a status and body, an event stream of given
 * events and raw lines (with a delay between writes, optionally never ending), a hang, or a connection reset.
 *
 * As strict as the platform's documented protocol: the answer's form follows the request's `stream` flag
 * (`CreateWebChatDTO.stream`, default `false`), whatever was scripted. A scripted 2xx `WebChat` (a body with
 * `output`) answering a `stream: true` request is sent as the stream the platform would send instead — the
 * `content` of each assistant message as `CreateChatStreamResponse` chunks (`path: chat.output[N].content`), its
 * `tool_calls` dropped, since the documented stream has no place for them; a scripted 2xx event stream answering
 * a request without `stream: true` is sent as the `WebChat` JSON its chunks make. An object event must be a
 * `CreateChatStreamResponse` (`id`, `path` `chat.output[N].content`, `delta` strings, `sessionId`; nothing else),
 * else the stand-in answers 500 naming the problem; raw (string) pieces are written as they are.
 *
 * CORS is open: every answer carries `Access-Control-Allow-Origin` (the request's origin, or `*`) and a
 * preflight `OPTIONS` gets 204 with the allowed method and headers.
 *
 * CLI: `node --import tsx tests/servers/chat-server.ts [--port 0] [--key pk_test] [--assistant asst_test]`
 * prints `{"url":…,"port":…}` and runs until SIGINT/SIGTERM. Driven over HTTP (for a browser test):
 * `POST /__chat/script` with a JSON array of replies (string stream pieces only), `GET /__chat/requests` (the
 * recorded `POST`s), `POST /__chat/reset`.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { pathToFileURL } from 'node:url'

/**
 * One write of a scripted stream: an object → `data: <JSON>\n\n`; a string (UTF-8) or bytes → written as is
 * (raw lines, comments, a line or a character cut in two).
 */
export type StreamPiece = Record<string, unknown> | string | Uint8Array

/** One scripted reply. */
export type ChatReply =
  | {
      /** HTTP status. @default 200 */
      status?: number
      headers?: Record<string, string>
      /** Object → JSON (`application/json`); string → sent as is. */
      body?: unknown
      /** Wait this long before answering, ms. */
      delayMs?: number
    }
  | {
      /** Server-Sent Events, written one piece per write. */
      events: StreamPiece[]
      status?: number
      headers?: Record<string, string>
      /** Wait between writes, ms. @default 5 */
      eventDelayMs?: number
      /** End with `data: [DONE]\n\n`. @default true */
      done?: boolean
      /** Keep the response open after the events (never end it). @default false */
      hold?: boolean
      /** Destroy the socket after the events (a connection lost mid-stream). @default false */
      resetAfter?: boolean
    }
  /** Never answer (the socket stays open until the client gives up or the server closes). */
  | { hang: true }
  /** Destroy the socket instead of answering (a connection reset). */
  | { reset: true }

/** A request as the server saw it. */
export interface ChatRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  /** Parsed JSON body, `undefined` when it was not JSON. */
  json: Record<string, unknown> | undefined
  /** `Date.now()` when it arrived. */
  at: number
}

/** One turn the default assistant answers. */
export interface ChatTurn {
  /** The session the turn belongs to (`sess_<n>`). */
  sessionId: string
  /** 1 for the first request of the session, then 2, … */
  turn: number
  /** The request's `input` (string or messages). */
  input: unknown
  /** The request body. */
  body: Record<string, unknown>
}

/** Options of {@link startChatServer}. */
export interface ChatServerOptions {
  /** The public key the default assistant accepts. @default 'pk_test' */
  publicKey?: string
  /** Assistant ids the default assistant knows. @default ['asst_test'] */
  assistants?: string[]
  /** Text of the default assistant's answer to a turn. */
  reply?: (turn: ChatTurn) => string
  /** Host to bind. @default 127.0.0.1 */
  host?: string
  /** Port; 0 picks a free one. @default 0 */
  port?: number
}

/** Handle returned by {@link startChatServer}. */
export interface ChatServer {
  /** `http://127.0.0.1:<port>` — the client's `apiBaseUrl`. */
  url: string
  port: number
  /** Every `POST` received, in order (preflights excluded). */
  requests: ChatRequest[]
  /** Preflight `OPTIONS` requests received. */
  preflights: ChatRequest[]
  /** Sessions the default assistant opened: id → the inputs it received, in order. */
  sessions: Map<string, unknown[]>
  /** Responses the client closed before the server finished them (an aborted stream). */
  readonly abortedResponses: number
  /** Queues replies answered in order before the default assistant. */
  script(...replies: ChatReply[]): void
  /** Forgets requests, sessions (numbering restarts at `sess_1`, `chat_1`) and the script. */
  reset(): void
  close(): Promise<void>
}

const INVALID_KEY_BODY = {
  message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key.',
  error: 'Unauthorized',
  statusCode: 401,
}

/** The default answer text: `Turn <n>: you said "<input>"`, or `Tool results: …` for tool messages. */
export function defaultReply(turn: ChatTurn): string {
  if (typeof turn.input === 'string') return `Turn ${turn.turn}: you said "${turn.input}"`
  const messages = Array.isArray(turn.input) ? (turn.input as Record<string, unknown>[]) : []
  const tools = messages.filter((m) => m && m['role'] === 'tool').map((m) => `${String(m['content'])}`)
  const user = messages.find((m) => m && m['role'] === 'user')
  if (tools.length) return `Turn ${turn.turn}: Tool results: ${tools.join(' | ')}`
  return `Turn ${turn.turn}: you said "${String(user?.['content'] ?? '')}"`
}

/** Starts the server; resolves once it listens. Close it with `close()`. */
export async function startChatServer(options: ChatServerOptions = {}): Promise<ChatServer> {
  const publicKey = options.publicKey ?? 'pk_test'
  const assistants = new Set(options.assistants ?? ['asst_test'])
  const reply = options.reply ?? defaultReply
  const queue: ChatReply[] = []
  const sockets = new Set<Socket>()
  let sessionCount = 0
  let chatCount = 0
  let aborted = 0

  const cors = (req: http.IncomingMessage): Record<string, string> => ({
    'access-control-allow-origin': typeof req.headers.origin === 'string' ? req.headers.origin : '*',
    vary: 'Origin',
  })

  const assistantReply = (rec: ChatRequest): ChatReply => {
    const auth = rec.headers.authorization ?? ''
    if (auth !== `Bearer ${publicKey}`) return { status: 401, body: INVALID_KEY_BODY }
    const body = rec.json
    if (!body) return { status: 400, body: { message: ['body must be JSON'], error: 'Bad Request', statusCode: 400 } }
    if (typeof body['assistantId'] !== 'string' || !assistants.has(body['assistantId'])) {
      return {
        status: 404,
        body: { message: "Couldn't Get Assistant. `assistantId` does not exist.", error: 'Not Found', statusCode: 404 },
      }
    }
    const asked = typeof body['sessionId'] === 'string' ? body['sessionId'] : undefined
    const sessionId = asked && state.sessions.has(asked) ? asked : `sess_${++sessionCount}`
    const inputs = state.sessions.get(sessionId) ?? []
    inputs.push(body['input'])
    state.sessions.set(sessionId, inputs)
    const text = reply({ sessionId, turn: inputs.length, input: body['input'], body })
    const id = `chat_${++chatCount}`
    if (body['stream'] !== true) {
      return { status: 201, body: { id, sessionId, output: [{ role: 'assistant', content: text }] } }
    }
    const words = text.split(/(?<= )/)
    return { events: words.map((delta) => ({ id, sessionId, path: 'chat.output[0].content', delta })) }
  }

  const state: ChatServer = {
    url: '',
    port: 0,
    requests: [],
    preflights: [],
    sessions: new Map(),
    get abortedResponses() {
      return aborted
    },
    script: (...r) => void queue.push(...r),
    reset() {
      queue.length = 0
      state.requests.length = 0
      state.preflights.length = 0
      state.sessions.clear()
      sessionCount = 0
      chatCount = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }

  /**
   * The scripted reply in the form the request asked for (see the module's strictness rules), or a 500 naming
   * an event that is no `CreateChatStreamResponse`.
   */
  const asAsked = (rec: ChatRequest, r: ChatReply): ChatReply => {
    const streamed = rec.json?.['stream'] === true
    const ok = (status: number | undefined) => (status ?? 200) >= 200 && (status ?? 200) < 300
    if ('events' in r) {
      const bad = r.events.find((p) => typeof p === 'object' && !(p instanceof Uint8Array) && !isStreamChunk(p))
      if (bad) return standInError(`a scripted event is not a CreateChatStreamResponse: ${JSON.stringify(bad)}`)
      if (streamed || !ok(r.status)) return r
      if (r.hold) return { hang: true }
      if (r.resetAfter) return { reset: true }
      return { status: 201, body: webChatOf(r.events) }
    }
    if ('body' in r && streamed && ok(r.status) && isRecord(r.body) && Array.isArray(r.body['output'])) {
      return { events: streamOf(r.body), ...(r.headers && { headers: r.headers }) }
    }
    return r
  }

  const answer = async (req: http.IncomingMessage, res: http.ServerResponse, r: ChatReply): Promise<void> => {
    if ('reset' in r) {
      req.socket.destroy()
      return
    }
    if ('hang' in r) return
    if ('events' in r) {
      res.writeHead(r.status ?? 200, {
        ...cors(req),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        ...r.headers,
      })
      res.flushHeaders()
      const gap = r.eventDelayMs ?? 5
      const pieces = [...r.events]
      if (r.done !== false) pieces.push(`data: [DONE]\n\n`)
      for (const piece of pieces) {
        if (res.destroyed) return
        await new Promise((resolve) => setTimeout(resolve, gap))
        if (res.destroyed) return
        res.write(
          typeof piece === 'string' || piece instanceof Uint8Array ? piece : `data: ${JSON.stringify(piece)}\n\n`,
        )
      }
      if (r.resetAfter) {
        await new Promise((resolve) => setTimeout(resolve, gap))
        req.socket.destroy()
        return
      }
      if (!r.hold) res.end()
      return
    }
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs))
    const headers: Record<string, string> = { ...cors(req), ...r.headers }
    let payload = ''
    if (r.body !== undefined) {
      if (typeof r.body === 'string') payload = r.body
      else {
        payload = JSON.stringify(r.body)
        headers['content-type'] ??= 'application/json; charset=utf-8'
      }
    }
    res.writeHead(r.status ?? 200, headers)
    res.end(payload)
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      let json: Record<string, unknown> | undefined
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>
      } catch {
        json = undefined
      }
      const rec: ChatRequest = { method: req.method ?? '', path, headers: req.headers, json, at: Date.now() }
      if (req.method === 'OPTIONS') {
        state.preflights.push(rec)
        res.writeHead(204, {
          ...cors(req),
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'authorization, content-type, accept',
          'access-control-max-age': '600',
        })
        res.end()
        return
      }
      if (path.startsWith('/__chat/')) {
        const reply = (status: number, value?: unknown) => {
          res.writeHead(status, { ...cors(req), 'content-type': 'application/json' })
          res.end(value === undefined ? '' : JSON.stringify(value))
        }
        if (req.method === 'POST' && path === '/__chat/script') {
          let replies: unknown
          try {
            replies = JSON.parse(Buffer.concat(chunks).toString('utf8'))
          } catch {
            replies = undefined
          }
          if (!Array.isArray(replies)) return reply(400, { message: 'a JSON array of replies' })
          state.script(...(replies as ChatReply[]))
          return reply(200, { queued: replies.length })
        }
        if (req.method === 'GET' && path === '/__chat/requests') return reply(200, state.requests)
        if (req.method === 'POST' && path === '/__chat/reset') {
          state.reset()
          return reply(200, { reset: true })
        }
        return reply(404, { message: `Cannot ${req.method} ${path}` })
      }
      if (req.method !== 'POST' || path !== '/chat/web') {
        res.writeHead(404, { ...cors(req), 'content-type': 'application/json' })
        res.end(JSON.stringify({ message: `Cannot ${req.method} ${path}`, error: 'Not Found', statusCode: 404 }))
        return
      }
      state.requests.push(rec)
      res.on('close', () => {
        if (!res.writableFinished) aborted++
      })
      const scripted = queue.shift()
      void answer(req, res, scripted ? asAsked(rec, scripted) : assistantReply(rec))
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  state.port = (server.address() as AddressInfo).port
  state.url = `http://${options.host ?? '127.0.0.1'}:${state.port}`
  return state
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** The documented stream chunk's path (`CreateChatStreamResponse.path`). */
const CHUNK_PATH = /^chat\.output\[(\d+)\]\.content$/
const CHUNK_KEYS = new Set(['id', 'sessionId', 'path', 'delta'])

/** Whether `p` is a `CreateChatStreamResponse` (vendored openapi/vapi-openapi.json) and nothing more. */
function isStreamChunk(p: Record<string, unknown>): boolean {
  return (
    Object.keys(p).every((k) => CHUNK_KEYS.has(k)) &&
    typeof p['id'] === 'string' &&
    typeof p['delta'] === 'string' &&
    typeof p['path'] === 'string' &&
    CHUNK_PATH.test(p['path']) &&
    (p['sessionId'] === undefined || typeof p['sessionId'] === 'string')
  )
}

/** The stream the platform sends for a `WebChat`: each assistant message's content, word by word; no `tool_calls`. */
function streamOf(chat: Record<string, unknown>): StreamPiece[] {
  const id = typeof chat['id'] === 'string' ? chat['id'] : 'chat_stream'
  const sessionId = typeof chat['sessionId'] === 'string' ? chat['sessionId'] : undefined
  const pieces: StreamPiece[] = []
  ;(chat['output'] as unknown[]).forEach((m, n) => {
    if (!isRecord(m) || m['role'] !== 'assistant' || typeof m['content'] !== 'string') return
    for (const delta of m['content'].split(/(?<= )/))
      pieces.push({ id, ...(sessionId && { sessionId }), path: `chat.output[${n}].content`, delta })
  })
  return pieces
}

/** The `WebChat` JSON a stream's chunks make (raw pieces ignored). */
function webChatOf(events: StreamPiece[]): Record<string, unknown> {
  const output: { role: 'assistant'; content: string }[] = []
  let id: string | undefined
  let sessionId: string | undefined
  for (const p of events) {
    if (typeof p === 'string' || p instanceof Uint8Array) continue
    id ??= p['id'] as string
    sessionId ??= p['sessionId'] as string | undefined
    const n = Number(CHUNK_PATH.exec(p['path'] as string)![1])
    output[n] ??= { role: 'assistant', content: '' }
    output[n].content += p['delta'] as string
  }
  return { id, ...(sessionId && { sessionId }), output: output.filter(Boolean) }
}

/** A 500 the stand-in answers when a test scripted something the platform never sends. */
function standInError(message: string): ChatReply {
  return { status: 500, body: { message: `chat stand-in: ${message}`, error: 'Stand-in', statusCode: 500 } }
}

// CLI: node --import tsx tests/servers/chat-server.ts [--port 0] [--key pk_test] [--assistant asst_test]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`)
    return i > 0 ? process.argv[i + 1] : undefined
  }
  const server = await startChatServer({
    port: Number(arg('port') ?? 0),
    ...(arg('key') !== undefined && { publicKey: arg('key')! }),
    ...(arg('assistant') !== undefined && { assistants: [arg('assistant')!] }),
  })
  console.log(JSON.stringify({ url: server.url, port: server.port }))
  const stop = () => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
