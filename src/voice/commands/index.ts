/**
 * Voice commands (issue 7 item 3): the SPEC §3 message schema, the DOM executor, the de-duplicating router
 * and the SPEC §8 toast keys. Import from `src/voice/commands`.
 */
export * from './schema'
export * from './toasts'
export {
  createCommandExecutor,
  setNativeValue,
  SCROLL_FRACTION,
  DEFAULT_HIGHLIGHT_MS,
  DEFAULT_IGNORE_SELECTOR,
  HIGHLIGHT_ATTRIBUTE,
  type CommandExecutor,
  type CommandExecutorOptions,
  type CommandLogger,
  type CommandResult,
  type RefusalReason,
} from './executor'
export * from './router'
export { isUnsafeUrl } from './dom'
