/**
 * The executor's log: a logger whose failures never reach a command, and a rate-limited line for refusals and
 * malformed messages (a flood of bad messages must not become a flood of console lines: each costs the page
 * time, more so under DevTools).
 */

/** Minimal logger; every method is optional. Default: `console` with a `[voice-commands]` prefix. */
export interface CommandLogger {
  debug?(message: string, ...data: unknown[]): void
  info?(message: string, ...data: unknown[]): void
  warn?(message: string, ...data: unknown[]): void
  error?(message: string, ...data: unknown[]): void
}

/** Most refusal / malformed-message log lines per second; the rest are counted in one line. */
export const LOG_LINES_PER_SECOND = 20

/** `console` with a `[voice-commands]` prefix. */
export const CONSOLE_LOGGER: CommandLogger = {
  debug: (m, ...d) => console.debug(`[voice-commands] ${m}`, ...d),
  info: (m, ...d) => console.info(`[voice-commands] ${m}`, ...d),
  warn: (m, ...d) => console.warn(`[voice-commands] ${m}`, ...d),
  error: (m, ...d) => console.error(`[voice-commands] ${m}`, ...d),
}

/** The two log functions {@link createCommandLog} returns. */
export interface CommandLog {
  /** Logs at `level`; a logger that throws is ignored. */
  log(level: keyof CommandLogger, message: string, ...data: unknown[]): void
  /**
   * Logs at most {@link LOG_LINES_PER_SECOND} lines a second (a window of 1,000 ms); the lines over the limit
   * are counted and reported in one line when the next window opens.
   */
  logLimited(level: keyof CommandLogger, message: string): void
}

/** Wraps `logger` (default {@link CONSOLE_LOGGER}) into a {@link CommandLog}. */
export function createCommandLog(logger: CommandLogger = CONSOLE_LOGGER): CommandLog {
  const log = (level: keyof CommandLogger, message: string, ...data: unknown[]) => {
    try {
      logger[level]?.(message, ...data)
    } catch {
      /* a broken logger must not break commands */
    }
  }
  let windowStart = -Infinity
  let linesInWindow = 0
  let suppressed = 0
  const logLimited = (level: keyof CommandLogger, message: string) => {
    const now = Date.now()
    if (now - windowStart >= 1000) {
      if (suppressed > 0) log(level, `${suppressed} similar log lines suppressed in the last second`)
      windowStart = now
      linesInWindow = 0
      suppressed = 0
    }
    if (linesInWindow < LOG_LINES_PER_SECOND) {
      linesInWindow++
      log(level, message)
    } else {
      suppressed++
    }
  }
  return { log, logLimited }
}

/** An error's message, never throwing (a getter may). */
export function errorMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'unprintable error'
  }
}
