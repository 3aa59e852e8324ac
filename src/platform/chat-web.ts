/**
 * `POST /chat/web` — a typed conversation with an assistant using the site's public key: no call, no
 * microphone, no Daily. What Vapi's own widget sends in its `chat` and `hybrid` modes: body `CreateWebChatDTO`
 * (`{ assistantId, input, sessionId?, assistantOverrides?: { variableValues }, stream: true }`), answered as
 * Server-Sent Events whose `data` is one `CreateChatStreamResponse` each (`{ id, sessionId, path:
 * 'chat.output[0].content', delta }`) until `data: [DONE]`, or as a `WebChat` JSON (`{ id, sessionId, output }`)
 * when not streamed (vendored openapi/vapi-openapi.json schemas; the path is in openapi/vapi-supplement.json).
 *
 * Kept apart from the resource classes and the request core (no retries: a POST that may have reached the
 * model is not sent twice), so the widget's chat chunk carries only this file, the SSE parser and the errors.
 * @module
 */
import { APIError, APIUserAbortError, PlatformError, PlatformValidationError } from './core/errors'
import { makeRedactor } from './core/log'
import { platformRefusalReason, type PlatformRefusalReason } from './core/refusal'
import { createEventStreamParser } from './core/sse'
import { DEFAULT_BASE_URL } from './core/defaults'
import type { Schemas } from './core/types'

/** Vapi's API origin, the default `apiBaseUrl`: {@link DEFAULT_BASE_URL}. */
export const DEFAULT_CHAT_BASE_URL = DEFAULT_BASE_URL
/** Default {@link StreamWebChatOptions.timeoutMs}: longest wait for the answer's headers or its next bytes, ms. */
export const DEFAULT_CHAT_TIMEOUT_MS = 60_000
/** The `data` that ends a chat stream. */
export const CHAT_STREAM_DONE = '[DONE]'
/** Longest error body read, in bytes (the rest is dropped). */
const MAX_ERROR_BODY_BYTES = 16_384

/** The request body (official `CreateWebChatDTO`). */
export type CreateWebChatBody = Schemas['CreateWebChatDTO']
/** One message of a conversation's `input` array: `SystemMessage`, `UserMessage`, `AssistantMessage`, `ToolMessage`, … */
export type ChatInputMessage = Exclude<CreateWebChatBody['input'], string>[number]
/** One message of an answer's `output` (official `WebChat.output` items; `AssistantMessage` may hold `tool_calls`). */
export type ChatOutputMessage = Schemas['WebChat']['output'][number]
/** An assistant message of the output (official `AssistantMessage`: `content`, `tool_calls`). */
export type ChatAssistantMessage = Schemas['AssistantMessage']
/**
 * An OpenAI-format message `{ role, content }` in `input`: how Vapi's chat guides and the document's own `input`
 * example (`[{ "role": "user", "content": "Hello, how can you help me?" }]`) write a visitor's or a system
 * message. (The vendored document's `UserMessage`/`SystemMessage` schemas describe transcript artifacts with
 * `message` and `time`, so this shape is typed here rather than generated.)
 */
export interface ChatContentMessage {
  role: 'system' | 'user'
  content: string
}
/** One streamed chunk (official `CreateChatStreamResponse`). */
export type ChatStreamChunk = Schemas['CreateChatStreamResponse']

/** Options of {@link streamWebChat}. */
export interface StreamWebChatOptions {
  /** API origin, without a trailing `/chat/web`. @default {@link DEFAULT_CHAT_BASE_URL} */
  apiBaseUrl?: string | undefined
  /** The site's **public** key (`Authorization: Bearer …`); never a private key in a browser. */
  publicKey: string
  /** Id of the assistant to talk to. */
  assistantId: string
  /**
   * What the visitor typed (a string), or messages: `ToolMessage`s answering `tool_calls`, `{ role: 'system' |
   * 'user', content }` ({@link ChatContentMessage}), any other `CreateWebChatDTO` input message.
   */
  input: string | (ChatInputMessage | ChatContentMessage)[]
  /** The platform's session id of the conversation (from the previous answer); omitted → a new conversation. */
  sessionId?: string | undefined
  /** Template variables of the assistant (`assistantOverrides.variableValues`), e.g. `{ sessionId, url }`. */
  variableValues?: Record<string, unknown> | undefined
  /** Ask for Server-Sent Events (`stream: true`). A JSON answer is accepted either way. @default true */
  stream?: boolean | undefined
  /** Aborts the request or the stream; the promise then rejects with `APIUserAbortError`. */
  signal?: AbortSignal | undefined
  /**
   * Called per streamed piece of assistant text: `delta` the new text, `text` all of it so far. Not called for a
   * JSON answer. An exception it throws cancels the stream and rejects the promise with that exception.
   */
  onDelta?: ((delta: string, text: string) => void) | undefined
  /**
   * Longest wait, in ms, for the answer's headers and then for each next piece of the stream (an inactivity
   * timeout, not a total one); exceeded → {@link WebChatError} with `reason: 'network'`. @default 60000
   */
  timeoutMs?: number | undefined
  /** `fetch` to use (tests, a proxy). @default globalThis.fetch */
  fetch?: typeof fetch | undefined
  /** Where ignored (malformed) stream events are reported. @default console */
  logger?: Pick<Console, 'warn'> | undefined
}

/** What one request came to. */
export interface WebChatResult {
  /** The platform's session id: send it as `sessionId` next time to continue the conversation. */
  sessionId: string | undefined
  /** The chat's id (`id` of the chunks, or of the `WebChat`). */
  chatId: string | undefined
  /**
   * The assistant's text: the streamed deltas in order (content of another output index after a blank line), or
   * the `content` of the `WebChat`'s assistant messages joined by a blank line.
   */
  text: string
  /** The `WebChat`'s `output` messages (for `tool_calls`); `[]` for a streamed answer. */
  output: ChatOutputMessage[]
  /** Whether the answer was a `text/event-stream`. */
  streamed: boolean
}

/**
 * The platform refused the chat request, or could not be reached: `status` is the HTTP status (`null` without
 * an answer) and `reason` is told apart by status and body exactly as a refused web call
 * (src/platform/core/refusal.ts), so the widget's `classifyError` (src/voice/session/problems.ts) gives the
 * same problem kind: 401/403 key → `invalid-key`, 402 or a credit body → `no-credit`, 404 →
 * `assistant-not-found`, 429 → `rate-limited`, 5xx or an unreadable 2xx → `platform-error`, none → `network`.
 */
export class WebChatError extends PlatformError {
  override name = 'WebChatError'
  /**
   * @param status - HTTP status, `null` when no answer came (network failure, timeout).
   * @param reason - see {@link PlatformRefusalReason}.
   * @param message - `"<status> <server message>"`, or the transport's message; never holds the key.
   * @param body - the parsed JSON error body, or its text (key redacted); `undefined` without one.
   * @param cause - the underlying error (`fetch`'s `TypeError`, a JSON `SyntaxError`).
   */
  constructor(
    readonly status: number | null,
    readonly reason: PlatformRefusalReason,
    message: string,
    readonly body?: unknown,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause })
  }
}

/** `chat.output[N].content` → N; another path → `null`. */
const CONTENT_PATH = /^chat\.output\[(\d+)\]\.content$/

/**
 * Sends one turn of a web chat and reads the answer: `POST {apiBaseUrl}/chat/web` with
 * `Authorization: Bearer {publicKey}`, `Content-Type: application/json`, `Accept: text/event-stream,
 * application/json`, body `CreateWebChatDTO`. A `text/event-stream` answer is parsed as Server-Sent Events
 * (WHATWG HTML §9.2.6): every `CreateChatStreamResponse` whose `path` is `chat.output[N].content` (or absent)
 * adds its `delta`, `sessionId` and `id` are taken from the chunks, `data: [DONE]` ends it; an event whose data is
 * not JSON, or not such a chunk, is ignored (logged), never thrown. An `application/json` answer is read as a
 * `WebChat`. Not retried.
 *
 * @returns the session id to continue with, the assistant's text and (JSON answer) the output messages
 * @throws {PlatformValidationError} no public key, no assistant id or empty input — no request is made
 * @throws {APIUserAbortError} `signal` aborted, before or during the answer
 * @throws {WebChatError} a non-2xx status, a 2xx that is neither a stream nor a readable `WebChat`, no answer,
 *   a connection lost mid-stream, or the timeout (`status: null`, `reason: 'network'`)
 */
export async function streamWebChat(options: StreamWebChatOptions): Promise<WebChatResult> {
  const { publicKey, assistantId, input } = options
  if (!publicKey) throw new PlatformValidationError('A public key is required.')
  if (!assistantId) throw new PlatformValidationError('An assistant id is required.')
  if (typeof input === 'string' ? input.trim() === '' : !Array.isArray(input) || input.length === 0) {
    throw new PlatformValidationError('The chat input is empty.')
  }
  const body: CreateWebChatBody = {
    assistantId,
    input: input as CreateWebChatBody['input'],
    ...(options.sessionId && { sessionId: options.sessionId }),
    ...(options.variableValues && { assistantOverrides: { variableValues: options.variableValues } }),
    stream: options.stream ?? true,
  }
  const url = `${(options.apiBaseUrl || DEFAULT_CHAT_BASE_URL).replace(/\/+$/, '')}/chat/web`
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHAT_TIMEOUT_MS
  const redact = makeRedactor(publicKey)
  const log = options.logger ?? console
  const { signal } = options
  if (signal?.aborted) throw new APIUserAbortError()

  // One controller for the fetch and the stream: the caller's signal and the inactivity timer both end it.
  const controller = new AbortController()
  let timedOut = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
  }
  const onAbort = () => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  /** The error for a failure of fetch or of reading the body. */
  const transportError = (error: unknown): PlatformError => {
    if (signal?.aborted) return new APIUserAbortError()
    if (timedOut) return new WebChatError(null, 'network', `No answer within ${timeoutMs} ms.`, undefined, error)
    if (error instanceof PlatformError) return error
    const message = error instanceof Error && error.message ? error.message : 'Connection error.'
    return new WebChatError(null, 'network', redact(message), undefined, error)
  }

  try {
    arm()
    let response: Response
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${publicKey}`,
          'Content-Type': 'application/json',
          Accept: 'text/event-stream, application/json',
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      })
    } catch (error) {
      throw transportError(error)
    }
    arm() // the headers came: the wait for the first piece starts now
    const status = response.status
    const type = response.headers.get('content-type') ?? ''
    if (status < 200 || status > 299) {
      const raw = await readLimited(response, MAX_ERROR_BODY_BYTES).catch(() => '')
      const errorBody = redact(parseMaybeJson(raw))
      throw new WebChatError(
        status,
        platformRefusalReason(status, errorBody),
        APIError.makeMessage(status, errorBody),
        errorBody,
      )
    }
    if (/text\/event-stream/i.test(type) && response.body) {
      try {
        return await readStream(response.body, { onDelta: options.onDelta, log, arm })
      } catch (error) {
        if (error instanceof CallbackFailure) throw error.error
        throw transportError(error)
      }
    }
    let raw: string
    try {
      raw = await response.text()
    } catch (error) {
      throw transportError(error)
    }
    const chat = /json/i.test(type) ? parseMaybeJson(raw) : undefined
    if (!isRecord(chat) || !Array.isArray(chat['output'])) {
      throw new WebChatError(
        status,
        'platform-error',
        `${status} The answer was neither an event stream nor a chat (content-type ${type || 'none'}).`,
        redact(parseMaybeJson(raw)),
      )
    }
    const output = chat['output'] as ChatOutputMessage[]
    return {
      sessionId: typeof chat['sessionId'] === 'string' ? chat['sessionId'] : undefined,
      chatId: typeof chat['id'] === 'string' ? chat['id'] : undefined,
      text: output
        .map((m: unknown) =>
          isRecord(m) && m['role'] === 'assistant' && typeof m['content'] === 'string' ? m['content'].trim() : '',
        )
        .filter((t) => t !== '')
        .join('\n\n'),
      output,
      streamed: false,
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/** Carries an exception thrown by the caller's `onDelta` through the stream reader, unchanged. */
class CallbackFailure extends Error {
  constructor(readonly error: unknown) {
    super('onDelta threw')
  }
}

/**
 * Reads a chat's event stream to its end or `[DONE]` (see {@link streamWebChat}).
 * @throws {CallbackFailure} when `onDelta` threw (the stream is cancelled first); the reader's own errors as is
 */
async function readStream(
  stream: ReadableStream<Uint8Array>,
  hooks: {
    onDelta: StreamWebChatOptions['onDelta']
    log: Pick<Console, 'warn'>
    arm: () => void
  },
): Promise<WebChatResult> {
  const result: WebChatResult = { sessionId: undefined, chatId: undefined, text: '', output: [], streamed: true }
  let done = false
  let failure: CallbackFailure | undefined
  let index: number | undefined
  const parser = createEventStreamParser((event) => {
    if (done) return
    if (event.data === CHAT_STREAM_DONE) {
      done = true
      return
    }
    const chunk = parseMaybeJson(event.data)
    if (!isRecord(chunk)) {
      hooks.log.warn('[chat] ignored a stream event whose data is not a JSON object', event.data.slice(0, 200))
      return
    }
    if (typeof chunk['sessionId'] === 'string' && chunk['sessionId']) result.sessionId = chunk['sessionId']
    if (typeof chunk['id'] === 'string' && chunk['id']) result.chatId ??= chunk['id']
    const path = chunk['path']
    const match = typeof path === 'string' ? CONTENT_PATH.exec(path) : null
    if (typeof chunk['delta'] !== 'string' || (path !== undefined && !match)) return
    const at = match ? Number(match[1]) : (index ?? 0)
    let delta = chunk['delta']
    if (index !== undefined && at !== index && result.text !== '' && delta !== '') delta = `\n\n${delta}`
    index = at
    if (delta === '') return
    result.text += delta
    try {
      hooks.onDelta?.(delta, result.text)
    } catch (error) {
      failure = new CallbackFailure(error)
      done = true
    }
  })
  const reader = stream.getReader()
  const decoder = new TextDecoder('utf-8')
  try {
    while (!done) {
      const { value, done: end } = await reader.read()
      hooks.arm()
      if (end) {
        parser.push(decoder.decode())
        break
      }
      parser.push(decoder.decode(value, { stream: true }))
    }
  } finally {
    // `[DONE]` (or a throwing onDelta) leaves the rest unread: release the connection.
    void reader.cancel().catch(() => undefined)
  }
  if (failure) throw failure
  return result
}

/** Reads at most `limit` bytes of a body as UTF-8 text. */
async function readLimited(response: Response, limit: number): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder('utf-8')
  let text = ''
  let bytes = 0
  try {
    while (bytes < limit) {
      const { value, done } = await reader.read()
      if (done) break
      bytes += value.byteLength
      text += decoder.decode(value.subarray(0, Math.max(0, value.byteLength - Math.max(0, bytes - limit))), {
        stream: true,
      })
    }
    return text + decoder.decode()
  } finally {
    void reader.cancel().catch(() => undefined)
  }
}

/** The JSON value of `text`, or `text` itself when it is not JSON (`undefined` for an empty text). */
function parseMaybeJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
