/**
 * Voice commands over Supabase Realtime (SPEC §7 "Realtime"): the widget subscribes to the
 * broadcast channel `voice-commands-{sessionId}` and listens for event `voice_command`.
 *
 * supabase-js is imported and the client created only inside {@link subscribeToVoiceCommands} (when a call
 * starts), never at module load: pre-rendering and Node tests import this module safely (supabase-js on Node 20 needs a WebSocket transport, and `navigator` is absent there).
 *
 * Secure setting (recommended in production): anyone holding the public anon key can join a public channel
 * and broadcast into it. Turn on `private: true` and pass the visitor's short-lived JWT as `accessToken`:
 * the join then carries `config.private: true` and `access_token`, and Supabase authorises it with RLS
 * policies on `realtime.messages` (e.g. allow `select` for `realtime.topic() = 'voice-commands-' || <claim>`).
 * Give `accessToken` as a function to have realtime-js re-read it on every heartbeat and push refreshed tokens
 * to the server, or call `setAccessToken()` on the returned subscription.
 */
import type { RealtimeChannel, WebSocketLikeConstructor } from '@supabase/supabase-js'

/** Broadcast event name of voice commands (SPEC §7). */
export const VOICE_COMMAND_EVENT = 'voice_command'

/** Channel name of a session: `voice-commands-{sessionId}` (SPEC §7). */
export function voiceCommandChannelName(sessionId: string): string {
  return `voice-commands-${sessionId}`
}

/** Allowed session ids: 8–128 characters of letters, digits, `_` and `-` (the widget's `session_…` ids fit). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

/** Channel status as reported by realtime-js (`SUBSCRIBED` again after every rejoin). */
export type VoiceChannelStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR'

/** Minimal logger; every method optional. */
export interface RealtimeLogger {
  debug?(message: string, ...data: unknown[]): void
  info?(message: string, ...data: unknown[]): void
  warn?(message: string, ...data: unknown[]): void
  error?(message: string, ...data: unknown[]): void
}

/** Options of {@link subscribeToVoiceCommands}. */
export interface SubscribeToVoiceCommandsOptions {
  /** Supabase project URL (`https://<ref>.supabase.co`, or the local test server's URL). */
  supabaseUrl: string
  /** Public anon (publishable) key. */
  anonKey: string
  /** The widget's session id; must match {@link SESSION_ID_PATTERN}. */
  sessionId: string
  /**
   * Receives the `payload` of every `voice_command` broadcast, unvalidated (hand it to the command router).
   * Exceptions it throws are caught and logged.
   */
  onCommand: (message: unknown, meta: { source: 'realtime'; channel: string }) => void
  /** Secure setting: join as a private channel (`config.private: true`, RLS on realtime.messages). @default false */
  private?: boolean
  /**
   * The visitor's JWT sent with the join (`access_token`). A string is set once with `realtime.setAuth(token)`;
   * a function is called before joining and again on every heartbeat (short-lived tokens).
   */
  accessToken?: string | (() => Promise<string | null>)
  /** WebSocket constructor; required on Node 20 (pass the `ws` package). @default the global WebSocket */
  transport?: WebSocketLikeConstructor
  /** Called on every channel status change, including rejoins after a dropped connection. */
  onStatus?: (status: VoiceChannelStatus, error?: Error) => void
  /** Log sink. @default console with a `[voice-realtime]` prefix */
  logger?: RealtimeLogger
  /** realtime-js timing: join/push timeout (ms), heartbeat interval (ms), reconnect backoff (ms per try). */
  realtime?: {
    /** @default 10000 */
    timeout?: number
    /** @default 25000 */
    heartbeatIntervalMs?: number
    /** @default tries → [1000, 2000, 5000, 10000][tries - 1] ?? 10000 */
    reconnectAfterMs?: (tries: number) => number
  }
}

/** A live subscription. */
export interface VoiceCommandSubscription {
  /** The channel name, `voice-commands-{sessionId}`. */
  channel: string
  /** Replaces the access token (pushes it to the joined channel). */
  setAccessToken(token: string): Promise<void>
  /** Leaves the channel and closes the socket. Idempotent; never rejects. */
  unsubscribe(): Promise<void>
}

const CONSOLE_LOGGER: RealtimeLogger = {
  debug: (m, ...d) => console.debug(`[voice-realtime] ${m}`, ...d),
  info: (m, ...d) => console.info(`[voice-realtime] ${m}`, ...d),
  warn: (m, ...d) => console.warn(`[voice-realtime] ${m}`, ...d),
  error: (m, ...d) => console.error(`[voice-realtime] ${m}`, ...d),
}

/**
 * Subscribes to the session's voice command channel and resolves once the first join is acknowledged
 * (`SUBSCRIBED`). Rejects (after cleaning up) when the first join fails, times out or is refused — e.g. a private
 * channel the token is not allowed to read. After that, dropped connections are retried by realtime-js and the
 * channel rejoins by itself; `onStatus` reports each step.
 */
export async function subscribeToVoiceCommands(
  options: SubscribeToVoiceCommandsOptions,
): Promise<VoiceCommandSubscription> {
  const logger = options.logger ?? CONSOLE_LOGGER
  const log = (level: keyof RealtimeLogger, message: string, ...data: unknown[]) => {
    try {
      logger[level]?.(message, ...data)
    } catch {
      /* a broken logger must not break the subscription */
    }
  }
  if (!SESSION_ID_PATTERN.test(options.sessionId)) {
    throw new Error('subscribeToVoiceCommands: invalid sessionId')
  }
  if (!options.supabaseUrl || !options.anonKey) {
    throw new Error('subscribeToVoiceCommands: supabaseUrl and anonKey are required')
  }
  const channelName = voiceCommandChannelName(options.sessionId)
  const isPrivate = options.private === true
  if (isPrivate && options.accessToken === undefined) {
    log('warn', 'private channel without an access token: the join is authorised as the anon role only')
  }

  const { createClient } = await import('@supabase/supabase-js')
  const guard = createFrameGuard((message, data) => log('warn', message, ...data))
  const tokenCallback = typeof options.accessToken === 'function' ? options.accessToken : undefined
  // `decode` below reads the client's serializer: it runs only after the client exists.
  const client = createClient(options.supabaseUrl, options.anonKey, {
    auth: {
      // This client only carries realtime: no session storage, no URL parsing, no refresh timers.
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `voice-commands-auth-${options.sessionId}`,
    },
    realtime: {
      ...(options.transport && { transport: options.transport }),
      // Without a callback realtime-js would fall back to the anon key as the "user" token.
      accessToken:
        tokenCallback ?? (() => Promise.resolve(typeof options.accessToken === 'string' ? options.accessToken : null)),
      ...(options.realtime?.timeout !== undefined && { timeout: options.realtime.timeout }),
      ...(options.realtime?.heartbeatIntervalMs !== undefined && {
        heartbeatIntervalMs: options.realtime.heartbeatIntervalMs,
      }),
      ...(options.realtime?.reconnectAfterMs && { reconnectAfterMs: options.realtime.reconnectAfterMs }),
      // Every frame enters here: malformed ones are dropped before realtime-js can throw on them (see guardFrame).
      decode: (raw, callback) => guard(raw, callback, client?.realtime.serializer),
    },
  })

  const realtime = client.realtime
  let channel: RealtimeChannel | undefined
  let closed = false
  const teardown = async () => {
    if (closed) return
    closed = true
    try {
      await client?.removeAllChannels()
    } catch (error) {
      log('warn', 'error while leaving the voice command channel', error)
    }
  }

  try {
    if (typeof options.accessToken === 'string') await realtime.setAuth(options.accessToken)
    else if (tokenCallback) await realtime.setAuth()

    channel = client.channel(channelName, {
      config: { private: isPrivate, broadcast: { self: false, ack: false } },
    })
    channel.on('broadcast', { event: VOICE_COMMAND_EVENT }, (message: { payload?: unknown }) => {
      try {
        options.onCommand(message?.payload, { source: 'realtime', channel: channelName })
      } catch (error) {
        log('error', 'onCommand threw', error)
      }
    })

    await new Promise<void>((resolve, reject) => {
      let settled = false
      channel!.subscribe((status, error) => {
        const state: string = status // REALTIME_SUBSCRIBE_STATES' values, compared without importing the enum eagerly
        // CLOSED after our own unsubscribe is the normal end of a call, not a problem.
        const expected = state === 'SUBSCRIBED' || (state === 'CLOSED' && closed)
        log(expected ? 'info' : 'warn', `channel ${channelName}: ${status}`, ...(error ? [error] : []))
        try {
          options.onStatus?.(status, error)
        } catch (statusError) {
          log('error', 'onStatus threw', statusError)
        }
        if (settled) return
        settled = true
        if (state === 'SUBSCRIBED') resolve()
        else reject(error ?? new Error(`voice command channel ${status.toLowerCase()}`))
      })
    })
  } catch (error) {
    await teardown()
    throw error instanceof Error ? error : new Error(String(error))
  }

  return {
    channel: channelName,
    async setAccessToken(token) {
      if (!closed) await realtime.setAuth(token)
    },
    unsubscribe: teardown,
  }
}

/** A decoded Phoenix frame as realtime-js hands it on. */
interface DecodedFrame {
  join_ref?: unknown
  ref?: unknown
  topic?: unknown
  event?: unknown
  payload?: unknown
}

/**
 * What is wrong with a decoded frame, or `null` when realtime-js can process it safely: a string `topic` and
 * `event`, an object `payload`, and for a `broadcast` a string inner `event`.
 */
export function frameProblem(frame: unknown): string | null {
  if (typeof frame !== 'object' || frame === null) return 'not an object'
  const { topic, event, payload, ref, join_ref: joinRef } = frame as DecodedFrame
  if (typeof topic !== 'string') return 'topic is not a string'
  if (typeof event !== 'string') return 'event is not a string'
  if (typeof payload !== 'object' || payload === null) return 'payload is not an object'
  if (ref != null && typeof ref !== 'string') return 'ref is not a string'
  if (joinRef != null && typeof joinRef !== 'string') return 'join_ref is not a string'
  if (event === 'broadcast' && typeof (payload as { event?: unknown }).event !== 'string')
    return 'broadcast event is not a string'
  return null
}

type Decode = (raw: ArrayBuffer | string, callback: (frame: never) => void) => void

/**
 * Creates the guard every incoming realtime frame passes through (the `decode` hook of realtime-js): decodes
 * with realtime-js's own serializer, drops frames {@link frameProblem} rejects, and catches anything realtime-js
 * throws while handling a frame, so no frame on the channel can throw into the page.
 *
 * Upstream: @supabase/supabase-js 2.109.0 (realtime-js 2.109.0) throws an uncaught `TypeError:
 * payload.event.toLocaleLowerCase is not a function` from the WebSocket message handler when a `broadcast`
 * frame's `event` is not a string (RealtimeChannel `_updateFilterMessage`), and `Cannot read properties of null`
 * for a frame whose payload is `null` (phoenix `Socket.onConnMessage` reads `payload.status`). To be reported to
 * supabase/supabase-js; this guard stays until a release validates frames itself.
 *
 * Dropped frames are logged: the first, then every 1,000th with the running count.
 */
export function createFrameGuard(
  warn: (message: string, data: unknown[]) => void,
): (raw: ArrayBuffer | string, callback: (frame: never) => void, serializer: { decode: Decode } | undefined) => void {
  let dropped = 0
  const drop = (why: string, ...data: unknown[]) => {
    dropped++
    if (dropped === 1 || dropped % 1000 === 0) {
      warn(`dropped a malformed realtime frame (${why}); ${dropped} so far`, data)
    }
  }
  return (raw, callback, serializer) => {
    try {
      if (!serializer) return drop('no serializer yet')
      serializer.decode(raw, (frame: never) => {
        const problem = frameProblem(frame)
        if (problem !== null) return drop(problem)
        try {
          callback(frame)
        } catch (error) {
          drop('realtime-js threw while handling it', error)
        }
      })
    } catch (error) {
      drop('undecodable', error)
    }
  }
}
