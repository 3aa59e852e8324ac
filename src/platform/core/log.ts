/**
 * Logging with redaction (after openai-node `src/internal/utils/log.ts`): every argument handed to the
 * caller's logger first has the bearer token replaced by `[REDACTED]`, and `authorization` headers are masked.
 */

/** Minimal logger interface; `console` satisfies it. Every method is optional. */
export interface PlatformLogger {
  debug?(message: string, ...args: unknown[]): void
  info?(message: string, ...args: unknown[]): void
  warn?(message: string, ...args: unknown[]): void
  error?(message: string, ...args: unknown[]): void
}

/** Placeholder that replaces secrets in logs and errors. */
export const REDACTED = '[REDACTED]'

const SECRET_HEADERS = new Set(['authorization', 'api-key', 'x-api-key', 'cookie', 'set-cookie'])

/**
 * Returns a function that deep-copies a value with every occurrence of `token` in strings replaced by
 * `[REDACTED]` and secret header values masked. Cycles and non-plain objects are handled (non-plain objects
 * other than Error/Headers are summarised by their class name).
 */
export function makeRedactor(token: string): <T>(value: T) => T {
  const scrub = (s: string): string => (token && s.includes(token) ? s.split(token).join(REDACTED) : s)
  const walk = (v: unknown, seen: WeakSet<object>, depth: number): unknown => {
    if (typeof v === 'string') return scrub(v)
    if (!v || typeof v !== 'object') return v
    if (seen.has(v) || depth > 8) return '[Circular]'
    seen.add(v)
    if (typeof Headers !== 'undefined' && v instanceof Headers) {
      const out: Record<string, string> = {}
      v.forEach((val, key) => (out[key] = SECRET_HEADERS.has(key.toLowerCase()) ? REDACTED : scrub(val)))
      return out
    }
    if (v instanceof Error) return { name: v.name, message: scrub(v.message) }
    if (Array.isArray(v)) return v.map((x) => walk(x, seen, depth + 1))
    const proto = Object.getPrototypeOf(v) as unknown
    if (proto !== Object.prototype && proto !== null) return `[${v.constructor?.name ?? 'Object'}]`
    const out: Record<string, unknown> = {}
    for (const [k, val] of Object.entries(v)) {
      out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? REDACTED : walk(val, seen, depth + 1)
    }
    return out
  }
  return <T>(value: T): T => walk(value, new WeakSet(), 0) as T
}

/** Wraps `logger` so every message and argument is redacted; returns no-op methods where the logger has none. */
export function redactingLogger(logger: PlatformLogger | undefined, redact: <T>(v: T) => T): Required<PlatformLogger> {
  const level =
    (name: keyof PlatformLogger) =>
    (message: string, ...args: unknown[]): void => {
      const fn = logger?.[name]
      if (!fn) return
      fn.call(logger, redact(message), ...args.map((a) => redact(a)))
    }
  return { debug: level('debug'), info: level('info'), warn: level('warn'), error: level('error') }
}
