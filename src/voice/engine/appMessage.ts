/**
 * The size limit of a Daily app message, as daily-js 0.87.0 enforces it: `sendAppMessage(data)` throws
 * `Message data too large. Max size is <limit>` when `JSON.stringify(data).length` exceeds the call's
 * `_maxAppMessageSize` — 4096 by default, replaced by the value the room's join answer carries
 * (`joined-meeting` → `internal._maxAppMessageSize`) and reset to 4096 on leaving (node_modules/@daily-co/daily-js,
 * `sendAppMessage` and the call machine's `joined-meeting` handler). A Vapi client message travels as its JSON
 * text (`sendAppMessage(JSON.stringify(message))`, as @vapi-ai/web 2.7.1's `send`), so daily-js measures the
 * message serialised twice: every `"` of the message costs 2 characters, of its content 4, every newline of its
 * content 3.
 * @module
 */

/** daily-js's default app-message limit, in characters of `JSON.stringify(data)` (daily-js 0.87.0 `$o`). */
export const DAILY_MAX_APP_MESSAGE_SIZE = 4096

/** The message daily-js throws above the limit (daily-js 0.87.0 `sendAppMessage`). */
export function appMessageTooLargeText(limit: number): string {
  return `Message data too large. Max size is ${limit}`
}

/**
 * What daily-js measures for a client message sent as JSON text: `JSON.stringify(JSON.stringify(message)).length`,
 * in UTF-16 code units (characters, not bytes: `é` counts 1, an emoji 2).
 */
export function appMessageSize(message: unknown): number {
  return JSON.stringify(JSON.stringify(message)).length
}

/**
 * The same text as {@link appMessageSize} measures, counted in bytes of UTF-8: what travels if the server counts
 * bytes. Daily's documentation gives the limit as "4kb" without a unit, and daily-js checks characters only, so
 * a message is kept under the limit by both measures (src/voice/context/fit.ts): a Devanagari character counts 1
 * character and 3 bytes, an emoji 2 characters and 4 bytes, ASCII 1 and 1.
 */
export function appMessageBytes(message: unknown): number {
  return utf8Bytes(JSON.stringify(JSON.stringify(message)))
}

/**
 * Size of `text` in UTF-8, in bytes: what `TextEncoder` would write (a lone surrogate becomes U+FFFD, 3 bytes),
 * counted without encoding — a page map or an app message measures hundreds of strings, and each `encode` allocates.
 */
export function utf8Bytes(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4
        i++
      } else n += 3
    } else n += 3
  }
  return n
}

/**
 * The app-message limit of a Daily call object, in characters: its `_maxAppMessageSize` (daily-js keeps the
 * room's value there after joining) when that is a positive number, else {@link DAILY_MAX_APP_MESSAGE_SIZE}.
 */
export function appMessageLimitOf(call: unknown): number {
  const size = (call as { _maxAppMessageSize?: unknown } | null | undefined)?._maxAppMessageSize
  return typeof size === 'number' && Number.isFinite(size) && size > 0 ? size : DAILY_MAX_APP_MESSAGE_SIZE
}
