/**
 * A local Supabase Realtime stand-in for tests: a `ws` server on 127.0.0.1 that speaks the Phoenix channel
 * protocol the way supabase-js 2.109 (realtime-js, vsn 2.0.0) expects it (the Phoenix channels wire format, as
 * realtime-js's serializer encodes and decodes it). A real supabase-js client pointed at `url` joins channels on it, and tests push
 * broadcasts into those channels.
 *
 * Frames (vsn 2.0.0 text frames are arrays `[join_ref, ref, topic, event, payload]`):
 * - client `phx_join` on `realtime:<channel>` with `{config:{broadcast,presence,postgres_changes,private}, access_token?}`
 *   → `[jr, r, topic, "phx_reply", {status:"ok", response:{postgres_changes:[]}}]` (or `status:"error"` when
 *   `authorize` refuses, like RLS on realtime.messages would);
 * - `heartbeat` on topic `phoenix` → `phx_reply` ok; `phx_leave` → `phx_reply` ok; `access_token` → recorded;
 * - server broadcast: `[null, null, topic, "broadcast", {type:"broadcast", event, payload}]`, or the binary form
 *   (kind byte 0x04) with `{ binary: true }`;
 * - client broadcasts (binary kind 0x03 "user broadcast push", or JSON) are relayed to the other subscribers
 *   (and to the sender when its join asked for `broadcast.self`), acked when it asked for `broadcast.ack`.
 *
 * HTTP on the same port:
 * - `POST /realtime/v1/api/broadcast` `{messages:[{topic, event, payload}]}` → 202 (Supabase's REST broadcast);
 * - `POST /__realtime/broadcast` `{channel, event, payload, binary?}` → `{delivered}` (`channel` may end in `*`);
 * - `GET /__realtime/joins` → the join log; `POST /__realtime/drop` → drops every connection.
 * CORS is open so a Playwright page can call these too.
 *
 * Use from Node: `const server = await startRealtimeServer({ port: 0 })`, give `server.url` to supabase-js as the
 * project URL. CLI: `node --import tsx tests/servers/realtime-server.ts [--port 54321] [--host 127.0.0.1]`
 * prints one JSON line `{"url":…,"port":…}` and runs until SIGINT/SIGTERM.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'

/** One `phx_join` the server received. */
export interface RealtimeJoin {
  /** Full Phoenix topic, e.g. `realtime:voice-commands-session_…`. */
  topic: string
  /** Channel name without the `realtime:` prefix. */
  channel: string
  joinRef: string | null
  ref: string | null
  /** `payload.config` of the join (broadcast, presence, postgres_changes, private). */
  config: { private?: boolean; broadcast?: { self?: boolean; ack?: boolean }; [key: string]: unknown }
  /** `payload.access_token`, when the client had a token. */
  accessToken?: string
  /** The whole join payload as received. */
  payload: Record<string, unknown>
  /** `apikey` query parameter of the WebSocket URL. */
  apikey: string | null
  /** `vsn` query parameter of the WebSocket URL. */
  vsn: string | null
  /** Connection number (1, 2, …): a rejoin after a drop has a new one. */
  connectionId: number
  /** Whether the server accepted it. */
  accepted: boolean
  /** `Date.now()` when it arrived. */
  at: number
}

/** Options of {@link startRealtimeServer}. */
export interface RealtimeServerOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string
  /**
   * Decides whether a join is accepted (stand-in for RLS on realtime.messages): return `true`, or a reason
   * string to reply `{status:"error", response:{reason}}`. @default accept everything
   */
  authorize?: (join: RealtimeJoin) => true | string
  /** Debug log sink. @default silent */
  log?: (line: string) => void
}

/** A running server. */
export interface RealtimeServer {
  /** Project URL for `createClient(url, key)`: `http://127.0.0.1:<port>`. */
  url: string
  /** WebSocket endpoint supabase-js connects to: `ws://127.0.0.1:<port>/realtime/v1/websocket`. */
  wsUrl: string
  port: number
  /** Every join received, in order. */
  joins: RealtimeJoin[]
  /** Every `access_token` refresh pushed by clients after joining. */
  tokenRefreshes: { topic: string; accessToken: string }[]
  /**
   * Pushes a broadcast to every subscriber of `channel` (name without `realtime:`); returns how many got it.
   * A trailing `*` matches by prefix: `broadcast('voice-commands-*', …)` reaches every widget session (e2e tests
   * do not know the random session id).
   */
  broadcast(channel: string, event: string, payload: unknown, options?: { binary?: boolean }): number
  /**
   * Sends a frame built by `build(topic)` — any text (need not be valid Phoenix) or binary — to every subscriber
   * of `channel` (trailing `*` as in {@link broadcast}); returns how many got it. For hostile-frame tests: a
   * broadcast whose `event` is not a string, a `null` payload, a frame that is not JSON.
   */
  sendRaw(channel: string, build: (topic: string) => string | ArrayBuffer): number
  /**
   * Resolves with the `count`-th join of `channel` (1-based, counting earlier ones; a trailing `*` matches by
   * prefix) or rejects after `timeoutMs` (default 5000).
   */
  waitForJoin(channel: string, options?: { count?: number; timeoutMs?: number }): Promise<RealtimeJoin>
  /** Number of open WebSocket connections. */
  connectionCount(): number
  /** Abruptly terminates every connection (a network drop); clients are expected to reconnect and rejoin. */
  dropAll(): void
  /** Closes every connection and the server. */
  close(): Promise<void>
}

type Frame = [string | null, string | null, string, string, unknown]

interface Client {
  ws: WebSocket
  id: number
  apikey: string | null
  vsn: string | null
  /** topic → join */
  topics: Map<string, RealtimeJoin>
}

const WS_PATH = '/realtime/v1/websocket'

/** Starts the server; see the module doc. */
export async function startRealtimeServer(options: RealtimeServerOptions = {}): Promise<RealtimeServer> {
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? (() => {})
  const joins: RealtimeJoin[] = []
  const tokenRefreshes: { topic: string; accessToken: string }[] = []
  const clients = new Set<Client>()
  const joinWaiters = new Set<() => void>()
  let nextConnectionId = 1

  const send = (client: Client, frame: Frame | ArrayBuffer) => {
    if (client.ws.readyState !== client.ws.OPEN) return
    if (frame instanceof ArrayBuffer) client.ws.send(Buffer.from(frame))
    else client.ws.send(JSON.stringify(frame))
  }
  const reply = (
    client: Client,
    joinRef: string | null,
    ref: string | null,
    topic: string,
    status: 'ok' | 'error',
    response: unknown,
  ) => send(client, [joinRef, ref, topic, 'phx_reply', { status, response }])

  const deliver = (topic: string, event: string, payload: unknown, binary: boolean, except?: Client): number => {
    let delivered = 0
    const matches = topicMatcher(topic)
    for (const client of clients) {
      if (client === except) continue
      for (const joined of client.topics.keys()) {
        if (!matches(joined)) continue
        send(
          client,
          binary
            ? encodeBinaryBroadcast(joined, event, payload)
            : [null, null, joined, 'broadcast', { type: 'broadcast', event, payload }],
        )
        delivered++
      }
    }
    log(`broadcast ${topic} ${event} → ${delivered}`)
    return delivered
  }

  const handleFrame = (
    client: Client,
    msg: { join_ref: string | null; ref: string | null; topic: string; event: string; payload: unknown },
  ) => {
    const { join_ref: joinRef, ref, topic, event } = msg
    const payload = (msg.payload && typeof msg.payload === 'object' ? msg.payload : {}) as Record<string, unknown>
    if (topic === 'phoenix' && event === 'heartbeat') {
      reply(client, null, ref, 'phoenix', 'ok', {})
      return
    }
    switch (event) {
      case 'phx_join': {
        const config = (
          payload.config && typeof payload.config === 'object' ? payload.config : {}
        ) as RealtimeJoin['config']
        const join: RealtimeJoin = {
          topic,
          channel: topic.replace(/^realtime:/, ''),
          joinRef,
          ref,
          config,
          payload,
          apikey: client.apikey,
          vsn: client.vsn,
          connectionId: client.id,
          accepted: true,
          at: Date.now(),
        }
        if (typeof payload.access_token === 'string') join.accessToken = payload.access_token
        const verdict = options.authorize ? options.authorize(join) : true
        join.accepted = verdict === true
        joins.push(join)
        log(
          `join ${topic} conn=${client.id} private=${String(config.private)} token=${join.accessToken ? 'yes' : 'no'} → ${join.accepted ? 'ok' : verdict}`,
        )
        if (join.accepted) {
          client.topics.set(topic, join)
          reply(client, joinRef, ref, topic, 'ok', { postgres_changes: [] })
        } else {
          reply(client, joinRef, ref, topic, 'error', { reason: verdict })
        }
        for (const wake of [...joinWaiters]) wake()
        return
      }
      case 'phx_leave':
        client.topics.delete(topic)
        reply(client, joinRef, ref, topic, 'ok', {})
        return
      case 'access_token':
        if (typeof payload.access_token === 'string') {
          tokenRefreshes.push({ topic, accessToken: payload.access_token })
          const join = client.topics.get(topic)
          if (join) join.accessToken = payload.access_token
        }
        return
      case 'broadcast': {
        const join = client.topics.get(topic)
        if (!join) return
        const inner = payload as { event?: unknown; payload?: unknown }
        if (typeof inner.event === 'string') {
          deliver(topic, inner.event, inner.payload, false, join.config.broadcast?.self ? undefined : client)
        }
        if (join.config.broadcast?.ack && ref) reply(client, joinRef, ref, topic, 'ok', {})
        return
      }
      default:
        if (ref) reply(client, joinRef, ref, topic, 'ok', {})
    }
  }

  const http = createServer((req, res) => {
    void handleHttp(req, res).catch((error: unknown) => {
      log(`http error ${String(error)}`)
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })

  const handleHttp = async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Allow-Headers', '*')
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    }
    if (req.method === 'GET' && path === '/__realtime/joins') return json(200, joins)
    if (req.method === 'POST' && path === '/__realtime/drop') {
      server.dropAll()
      return json(200, { dropped: true })
    }
    if (req.method === 'POST' && path === '/__realtime/broadcast') {
      const body = (await readJson(req)) as { channel?: string; event?: string; payload?: unknown; binary?: boolean }
      if (typeof body.channel !== 'string' || typeof body.event !== 'string')
        return json(400, { error: 'channel and event are required' })
      return json(200, {
        delivered: server.broadcast(body.channel, body.event, body.payload, { binary: body.binary === true }),
      })
    }
    if (req.method === 'POST' && path === '/realtime/v1/api/broadcast') {
      const body = (await readJson(req)) as { messages?: { topic?: string; event?: string; payload?: unknown }[] }
      for (const m of body.messages ?? []) {
        if (typeof m.topic === 'string' && typeof m.event === 'string') server.broadcast(m.topic, m.event, m.payload)
      }
      res.writeHead(202).end()
      return
    }
    json(404, { error: 'not found' })
  }

  const wss = new WebSocketServer({ noServer: true })
  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== WS_PATH) {
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = {
        ws,
        id: nextConnectionId++,
        apikey: url.searchParams.get('apikey'),
        vsn: url.searchParams.get('vsn'),
        topics: new Map(),
      }
      clients.add(client)
      log(`connect #${client.id} vsn=${client.vsn}`)
      ws.on('message', (data: RawData, isBinary: boolean) => {
        try {
          const msg = isBinary ? decodeClientBinary(toArrayBuffer(data)) : decodeText(data.toString())
          if (msg) handleFrame(client, msg)
        } catch (error) {
          log(`bad frame on #${client.id}: ${String(error)}`)
        }
      })
      ws.on('close', () => {
        clients.delete(client)
        log(`disconnect #${client.id}`)
      })
      ws.on('error', () => clients.delete(client))
    })
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  const port = (http.address() as AddressInfo).port
  const base = `${host.includes(':') ? `[${host}]` : host}:${port}`

  const server: RealtimeServer = {
    url: `http://${base}`,
    wsUrl: `ws://${base}${WS_PATH}`,
    port,
    joins,
    tokenRefreshes,
    broadcast: (channel, event, payload, opts) =>
      deliver(`realtime:${channel.replace(/^realtime:/, '')}`, event, payload, opts?.binary === true),
    sendRaw(channel, build) {
      const matches = topicMatcher(`realtime:${channel.replace(/^realtime:/, '')}`)
      let delivered = 0
      for (const client of clients) {
        if (client.ws.readyState !== client.ws.OPEN) continue
        for (const joined of client.topics.keys()) {
          if (!matches(joined)) continue
          const frame = build(joined)
          client.ws.send(typeof frame === 'string' ? frame : Buffer.from(frame))
          delivered++
        }
      }
      return delivered
    },
    waitForJoin(channel, opts = {}) {
      const topic = `realtime:${channel.replace(/^realtime:/, '')}`
      const count = opts.count ?? 1
      const timeoutMs = opts.timeoutMs ?? 5_000
      const matches = topicMatcher(topic)
      return new Promise((resolve, reject) => {
        const check = () => {
          const matching = joins.filter((j) => matches(j.topic))
          const join = matching[count - 1]
          if (join) {
            joinWaiters.delete(check)
            clearTimeout(timer)
            resolve(join)
          }
        }
        const timer = setTimeout(() => {
          joinWaiters.delete(check)
          reject(new Error(`no join #${count} of ${topic} within ${timeoutMs} ms (${joins.length} joins so far)`))
        }, timeoutMs)
        joinWaiters.add(check)
        check()
      })
    },
    connectionCount: () => clients.size,
    dropAll() {
      for (const client of clients) client.ws.terminate()
      clients.clear()
      log('dropped all connections')
    },
    async close() {
      server.dropAll()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
      http.closeAllConnections?.()
    },
  }
  return server
}

/** Exact topic, or every topic starting with the part before a trailing `*` (`realtime:voice-commands-*`). */
function topicMatcher(topic: string): (candidate: string) => boolean {
  if (topic.endsWith('*')) {
    const prefix = topic.slice(0, -1)
    return (candidate) => candidate.startsWith(prefix)
  }
  return (candidate) => candidate === topic
}

function decodeText(
  text: string,
): { join_ref: string | null; ref: string | null; topic: string; event: string; payload: unknown } | null {
  const parsed: unknown = JSON.parse(text)
  if (Array.isArray(parsed)) {
    const [joinRef, ref, topic, event, payload] = parsed as Frame
    return { join_ref: joinRef ?? null, ref: ref ?? null, topic: String(topic), event: String(event), payload }
  }
  if (parsed && typeof parsed === 'object') {
    // vsn 1.0.0 object frames, accepted for completeness
    const o = parsed as {
      join_ref?: string | null
      ref?: string | null
      topic?: string
      event?: string
      payload?: unknown
    }
    return {
      join_ref: o.join_ref ?? null,
      ref: o.ref ?? null,
      topic: String(o.topic),
      event: String(o.event),
      payload: o.payload,
    }
  }
  return null
}

function toArrayBuffer(data: RawData): ArrayBuffer {
  const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer
}

/** Decodes realtime-js's binary "user broadcast push" (kind 3) into a `broadcast` frame. */
function decodeClientBinary(buffer: ArrayBuffer) {
  const view = new DataView(buffer)
  const kind = view.getUint8(0)
  if (kind !== 3) return null
  const joinRefLen = view.getUint8(1)
  const refLen = view.getUint8(2)
  const topicLen = view.getUint8(3)
  const eventLen = view.getUint8(4)
  const metaLen = view.getUint8(5)
  const encoding = view.getUint8(6)
  const decoder = new TextDecoder()
  let offset = 7
  const take = (n: number) => {
    const s = decoder.decode(buffer.slice(offset, offset + n))
    offset += n
    return s
  }
  const joinRef = take(joinRefLen)
  const ref = take(refLen)
  const topic = take(topicLen)
  const event = take(eventLen)
  take(metaLen)
  const body = buffer.slice(offset)
  const payload: unknown = encoding === 1 ? JSON.parse(decoder.decode(body)) : body
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload },
  }
}

/** Encodes a server broadcast in realtime-js's binary form (kind 4 "user broadcast", JSON payload). */
function encodeBinaryBroadcast(topic: string, event: string, payload: unknown): ArrayBuffer {
  const encoder = new TextEncoder()
  const topicBytes = encoder.encode(topic)
  const eventBytes = encoder.encode(event)
  const body = encoder.encode(JSON.stringify(payload ?? {}))
  if (topicBytes.length > 255 || eventBytes.length > 255) throw new Error('topic/event longer than 255 bytes')
  const out = new Uint8Array(5 + topicBytes.length + eventBytes.length + body.length)
  out.set([4, topicBytes.length, eventBytes.length, 0, 1], 0)
  out.set(topicBytes, 5)
  out.set(eventBytes, 5 + topicBytes.length)
  out.set(body, 5 + topicBytes.length + eventBytes.length)
  return out.buffer
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 1_000_000) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? JSON.parse(text) : {}
}

/* CLI: node --import tsx tests/servers/realtime-server.ts [--port N] [--host H] [--verbose] */
const isMain = (() => {
  try {
    return process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
  } catch {
    return false
  }
})()

if (isMain) {
  const args = process.argv.slice(2)
  const arg = (name: string) => {
    const i = args.indexOf(name)
    return i >= 0 ? args[i + 1] : undefined
  }
  const verbose = args.includes('--verbose')
  const server = await startRealtimeServer({
    port: Number(arg('--port') ?? process.env.REALTIME_PORT ?? 0),
    host: arg('--host') ?? '127.0.0.1',
    ...(verbose && { log: (line: string) => console.error(`[realtime] ${line}`) }),
  })
  console.log(JSON.stringify({ url: server.url, wsUrl: server.wsUrl, port: server.port }))
  const stop = () => {
    void server.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
