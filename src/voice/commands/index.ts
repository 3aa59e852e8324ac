/**
 * Voice commands: the SPEC §3 message schema, the DOM executor, the de-duplicating router and the SPEC §8 toast
 * keys. Import from `src/voice/commands`. How targets are chosen and what is refused: ./README.md.
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
  REFUSAL_TOAST_WINDOW_MS,
  type CommandExecutor,
  type CommandExecutorOptions,
  type CommandLogger,
  type CommandResult,
  type RefusalReason,
} from './executor'
export { createToastGate, type ToastGate, type ToastGateOptions } from './toastGate'
export * from './router'
export { isUnsafeUrl, unsafeActivationOf, refusalOf, type Refusal } from './refusals'
