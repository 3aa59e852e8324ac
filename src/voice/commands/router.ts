/**
 * The command router: the single entry point for voice commands from both ways they arrive (SPEC §7): the
 * realtime broadcast channel and the call's own tool-call messages. It parses once, drops copies of a command
 * that already arrived the other way, and hands the rest to the executor.
 *
 * De-duplication — only the same command arriving by both transports runs once; a deliberate repeat always runs
 * ("scroll down, up, down" within a second runs all three):
 * - a command whose id (`id`/`commandId`/`toolCallId`) was already routed within `idTtlMs` is a duplicate (an id
 *   names one command, whichever way and however often it is delivered);
 * - otherwise a command equal (after normalisation, see `commandKey`) to one that arrived by the **other**
 *   transport (`realtime` vs `tool-call`) within `windowMs` is that command's copy, unless both carry ids and the
 *   ids differ. Each arrival pairs with at most one copy, so a third identical command runs again. Commands from
 *   the same transport, or from `'other'` sources, are never paired by content.
 * Invalid and unknown messages are never de-duplicated (they do nothing anyway).
 */
import { commandKey, parseVoiceCommand, type VoiceCommand } from './schema'
import type { CommandExecutor, CommandLogger, CommandResult } from './executor'

/** Where a command came from. */
export type CommandSource = 'realtime' | 'tool-call' | 'other'

/** Default window within which the same command arriving by both transports (without distinct ids) runs once, in ms. */
export const DEFAULT_DEDUPE_WINDOW_MS = 1500
/** Default time a seen command id is remembered, in ms. */
export const DEFAULT_ID_TTL_MS = 60_000

/** Options of {@link createCommandRouter}. */
export interface CommandRouterOptions {
  /** Executor that runs the commands. */
  executor: Pick<CommandExecutor, 'executeParsed'>
  /** Window within which a command from one transport is paired with its copy from the other, in ms. @default 1500 */
  windowMs?: number
  /** How long ids are remembered, in ms. @default 60000 */
  idTtlMs?: number
  /** Clock in ms (inject for tests). @default Date.now */
  now?: () => number
  /** Log sink for dropped duplicates. @default console */
  logger?: CommandLogger
  /**
   * Called for every valid, non-duplicate command just before it runs (e.g. the widget sets its status to
   * processing, SPEC §4). Exceptions are caught and logged.
   */
  onCommand?: (command: VoiceCommand, source: CommandSource) => void
}

/** The router returned by {@link createCommandRouter}. */
export interface CommandRouter {
  /** Parses, de-duplicates and executes a message from `source`. Never throws. */
  route(message: unknown, source?: CommandSource): CommandResult
  /** Forgets every seen command (e.g. when a call ends). */
  reset(): void
}

interface Seen {
  at: number
  id: string | undefined
  source: CommandSource
  /** Already matched with its copy from the other transport. */
  paired: boolean
}

const TRANSPORTS: ReadonlySet<CommandSource> = new Set(['realtime', 'tool-call'])

/** Creates a {@link CommandRouter}; see the module doc for the de-duplication rules. */
export function createCommandRouter(options: CommandRouterOptions): CommandRouter {
  const windowMs = Math.max(0, options.windowMs ?? DEFAULT_DEDUPE_WINDOW_MS)
  const idTtlMs = Math.max(windowMs, options.idTtlMs ?? DEFAULT_ID_TTL_MS)
  const now = options.now ?? Date.now
  const logger = options.logger ?? {
    info: (m: string, ...d: unknown[]) => console.info(`[voice-commands] ${m}`, ...d),
    error: (m: string, ...d: unknown[]) => console.error(`[voice-commands] ${m}`, ...d),
  }
  const log = (level: 'info' | 'error', message: string, ...data: unknown[]) => {
    try {
      logger[level]?.(message, ...data)
    } catch {
      /* a broken logger must not break routing */
    }
  }
  const ids = new Map<string, number>()
  const keys = new Map<string, Seen[]>()

  const prune = (t: number) => {
    for (const [id, at] of ids) if (t - at > idTtlMs) ids.delete(id)
    for (const [key, list] of keys) {
      const fresh = list.filter((s) => t - s.at <= windowMs)
      if (fresh.length === 0) keys.delete(key)
      else if (fresh.length !== list.length) keys.set(key, fresh)
    }
  }

  /** Whether `command` from `source` is a copy of one already routed; pairs it with that one when it is. */
  const isDuplicate = (command: VoiceCommand, source: CommandSource, t: number): boolean => {
    if (command.id !== undefined) {
      const at = ids.get(command.id)
      if (at !== undefined && t - at <= idTtlMs) return true
    }
    if (!TRANSPORTS.has(source)) return false
    const copy = (keys.get(commandKey(command)) ?? []).find(
      (s) =>
        !s.paired &&
        s.source !== source &&
        TRANSPORTS.has(s.source) &&
        t - s.at <= windowMs &&
        (s.id === undefined || command.id === undefined || s.id === command.id),
    )
    if (!copy) return false
    copy.paired = true
    return true
  }

  const remember = (command: VoiceCommand, source: CommandSource, t: number) => {
    if (command.id !== undefined) ids.set(command.id, t)
    const key = commandKey(command)
    const list = keys.get(key) ?? []
    list.push({ at: t, id: command.id, source, paired: false })
    keys.set(key, list)
  }

  return {
    route(message, source = 'other') {
      const parsed = parseVoiceCommand(message)
      if (parsed.kind === 'command') {
        let t: number
        try {
          t = now()
          prune(t)
          if (isDuplicate(parsed.command, source, t)) {
            log('info', `dropped duplicate ${parsed.command.action} command from ${source}`)
            return { status: 'duplicate', command: parsed.command }
          }
          remember(parsed.command, source, t)
        } catch (error) {
          log('error', 'de-duplication failed; running the command anyway', error)
        }
        try {
          options.onCommand?.(parsed.command, source)
        } catch (error) {
          log('error', 'onCommand threw', error)
        }
      }
      return options.executor.executeParsed(parsed)
    },
    reset() {
      ids.clear()
      keys.clear()
    },
  }
}
