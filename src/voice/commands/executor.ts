/**
 * The voice command executor: performs a validated voice command (scroll, click, fill, toggle) on the page.
 *
 * Where each decision lives:
 * - how a click target is chosen: ./click.ts
 * - how a field is chosen (SPEC §5 "Voice fill"): ./fields.ts
 * - how a toggle target is chosen: ./toggle.ts
 * - what is refused and why: ./refusals.ts
 * - which toasts are shown (SPEC §8) and how refusals are kept from flooding: ./toastGate.ts
 * - what is done to the page (click, React-safe value, highlight): ./effects.ts
 *
 * Spec sources: SPEC §3 (message), §5 "Voice fill", §8 (toasts), §9 (scroll 80%); refusing disabled, read-only and hidden
 * targets follows the page-action rule of UI-command protocols (pipecat's RTVI).
 * `execute()` never throws: every failure becomes a `refused`/`invalid` result with a log line.
 */
import {
  parseVoiceCommand,
  type ClickCommand,
  type FillCommand,
  type ParsedVoiceMessage,
  type ScrollCommand,
  type ToggleCommand,
  type UnknownVoiceCommand,
  type VoiceCommand,
} from './schema'
import {
  composedParent,
  currentLookupScope,
  describeElement,
  inLookupScope,
  isVisible,
  queryAllDeep,
  withLookupScope,
} from './dom'
import { clickTargetSteps, describeClick, type Choice, type LookupContext } from './click'
import type { LookupSteps } from './steps'
import { fieldSteps, targetName, type FieldChoice } from './fields'
import { operateControl, rejectedValueDetail, type ControlOutcome } from './controls'
import { announcedDateFormat, formatSpokenDate, isoDate, parseSpokenDate } from './spoken'
import { fieldValueFor } from './values/fieldValue'
import { clickTargetOf, isRadio, toggleSteps, toggleStateOf, type ToggleChoice } from './toggle'
import type { RefusalReason } from './refusals'
import {
  applyHighlight,
  clickElement,
  dispatch,
  HIGHLIGHT_ATTRIBUTE,
  newTabUrlOf,
  setNativeValue,
  whenSettled,
} from './effects'
import { createToastGate, REFUSAL_TOAST_WINDOW_MS } from './toastGate'
import { createNotFoundMemo } from './notFoundMemo'
import { TOAST_VALUE_MAX_CHARS, voiceToast, type VoiceToast } from './toasts'

export { HIGHLIGHT_ATTRIBUTE, setNativeValue, REFUSAL_TOAST_WINDOW_MS }
export type { RefusalReason }

/**
 * Longest run of a lookup in one task, in ms. A click's, toggle's or fill's lookup on a big page (./steps.ts: a
 * pass over more than 256 candidates, fields or text nodes) that has not chosen its target by then gives the page a turn (`scheduler.yield()`, else a
 * `setTimeout(0)` task) and goes on in slices of this length, so a command never blocks the page for long
 * (a long task is 50 ms: web.dev "Optimize long tasks"). Small pages always finish in the first slice.
 */
export const LOOKUP_SLICE_MS = 8

/** A lookup refused before it ran: the browser rejects the command's selector. */
type BadSelector = { ok: false; reason: 'bad-selector'; detail: string }

/** Fraction of `window.innerHeight` one "scroll up/down" moves (SPEC §9: 80%). */
export const SCROLL_FRACTION = 0.8
/** Default time an acted-on element stays highlighted, in milliseconds. */
export const DEFAULT_HIGHLIGHT_MS = 1500
/** Default selector of page parts commands never act on (put it on the voice widget itself). */
export const DEFAULT_IGNORE_SELECTOR = '[data-voice-ignore]'

/** Minimal logger; every method is optional. Default: `console` with a `[voice-commands]` prefix. */
export interface CommandLogger {
  debug?(message: string, ...data: unknown[]): void
  info?(message: string, ...data: unknown[]): void
  warn?(message: string, ...data: unknown[]): void
  error?(message: string, ...data: unknown[]): void
}

/**
 * The result of executing one message. A refusal's `detail` is a short sentence for people and for the voice
 * assistant (e.g. `no field labelled "Company"`, `button "Delete Account" is disabled`).
 */
export type CommandResult =
  | {
      status: 'executed'
      command: VoiceCommand
      target?: Element
      /**
       * A toggle's control may change after the click returns (a framework re-renders, a menu opens in a frame):
       * resolves once it has settled (./effects.ts `whenSettled`, ≤ 500 ms), so a report reads the state after.
       */
      settled?: Promise<void>
      /**
       * Set before `settled` resolves when the command went on after `execute()` returned (a fill of a combobox
       * whose list is drawn in later turns): the final outcome — executed, or refused with the reason. Readers
       * of a settled result read this one instead (../context/report.ts `describeCommandResult` does).
       */
      settledResult?: CommandResult
    }
  | { status: 'refused'; command?: VoiceCommand; reason: RefusalReason; detail: string }
  | { status: 'unknown'; command: UnknownVoiceCommand }
  | { status: 'invalid'; issues: string[] }
  | { status: 'duplicate'; command: VoiceCommand }

/** Options of {@link createCommandExecutor}. */
export interface CommandExecutorOptions {
  /** Document to act on. @default globalThis.document (absent during pre-rendering → commands are refused) */
  root?: Document
  /** Window used for scrolling and media queries. @default root.defaultView ?? globalThis.window */
  window?: Window
  /** Shows a SPEC §8 toast (keys + English fallback, see ./toasts). Exceptions it throws are caught and logged. */
  notify: (toast: VoiceToast) => void
  /** Log sink. @default console with a `[voice-commands]` prefix */
  logger?: CommandLogger
  /**
   * Whether motion is reduced: scrolling is instant and the highlight has no transition.
   * @default the `(prefers-reduced-motion: reduce)` media query, read at each command
   */
  prefersReducedMotion?: boolean | (() => boolean)
  /** How long the acted-on element stays highlighted, in ms; 0 disables highlighting. @default 1500 */
  highlightMs?: number
  /** CSS class added while highlighted instead of the default inline outline. */
  highlightClass?: string
  /** Elements inside this selector are never acted on. @default '[data-voice-ignore]' */
  ignoreSelector?: string
  /**
   * Window in ms within which refusal toasts after the first are counted into one summary toast (./toastGate.ts);
   * 0 shows every refusal. @default 3000
   */
  refusalToastWindowMs?: number
  /**
   * How long a "not found" answer is reused for the same command while the document has not changed, in ms
   * (./notFoundMemo.ts: a flood of one unmatchable command costs one page search); 0 disables. @default 1000
   */
  notFoundMemoMs?: number
  /**
   * Longest run of a lookup in one task before the page gets a turn, in ms (see {@link LOOKUP_SLICE_MS});
   * 0 gives the page a turn at every yield point past the first 256 elements. @default LOOKUP_SLICE_MS
   */
  lookupSliceMs?: number
}

/** The executor returned by {@link createCommandExecutor}. */
export interface CommandExecutor {
  /** Validates, normalises and runs any message (SPEC §3 shape). Never throws. */
  execute(message: unknown): CommandResult
  /** Runs an already parsed message (what {@link parseVoiceCommand} returns). Never throws. */
  executeParsed(parsed: ParsedVoiceMessage): CommandResult
  /** Removes pending highlights, a pending refusal summary toast and their timers. */
  dispose(): void
}

/**
 * The date format a single-line text field announces (placeholder, else its `aria-describedby` hint: see
 * ./spoken.ts `announcedDateFormat`), or `null`.
 */
function textDateFormat(el: HTMLInputElement | HTMLTextAreaElement): string | null {
  if (el.localName !== 'input') return null
  const fromPlaceholder = announcedDateFormat(el.getAttribute('placeholder'))
  if (fromPlaceholder) return fromPlaceholder
  const root = el.getRootNode() as Document | ShadowRoot
  for (const id of (el.getAttribute('aria-describedby') ?? '').split(/\s+/)) {
    const hint = id && typeof root.getElementById === 'function' ? root.getElementById(id) : null
    const format = hint ? announcedDateFormat(hint.textContent) : null
    if (format) return format
  }
  return null
}

/** A bound of a text date picker: as written on the page, and as `YYYY-MM-DD` (compared as text). */
type DateBound = { text: string; iso: string }

/**
 * The earliest and latest dates a text date picker takes: `min` / `max` on the field itself, else on the nearest
 * custom element around it (inside its form) that has one — Duet Date Picker's `<duet-date-picker min max>`,
 * whose text box takes any date — as an attribute or, when a framework set it, a string property (Duet does not
 * reflect them). A bound is read as an ISO 8601 date (`2026-01-01`, what Duet and native date inputs take) or in
 * the picker's own order (`monthFirst` for `MM/DD/YYYY`); a bound that is no date is no bound.
 */
function textDateBounds(el: Element, monthFirst: boolean): { min?: DateBound; max?: DateBound } {
  const own = (node: Element, name: 'min' | 'max'): string => {
    const attr = node.getAttribute(name)
    if (attr !== null || !node.localName.includes('-')) return attr?.trim() ?? ''
    const prop = (node as unknown as Record<string, unknown>)[name]
    return typeof prop === 'string' ? prop.trim() : ''
  }
  let holder: Element | null = own(el, 'min') || own(el, 'max') ? el : null
  for (let node = composedParent(el), guard = 0; !holder && node && guard < 100; node = composedParent(node), guard++) {
    if (node.localName === 'form' || node.localName === 'body') break
    if (node.localName.includes('-') && (own(node, 'min') || own(node, 'max'))) holder = node
  }
  const bound = (name: 'min' | 'max'): DateBound | undefined => {
    const text = holder ? own(holder, name) : ''
    const date = text ? parseSpokenDate(text, monthFirst) : null
    return date ? { text, iso: isoDate(date) } : undefined
  }
  const min = bound('min')
  const max = bound('max')
  return { ...(min && { min }), ...(max && { max }) }
}

/** Most refusal / malformed-message log lines per second; the rest are counted in one line. */
const LOG_LINES_PER_SECOND = 20

const CONSOLE_LOGGER: CommandLogger = {
  debug: (m, ...d) => console.debug(`[voice-commands] ${m}`, ...d),
  info: (m, ...d) => console.info(`[voice-commands] ${m}`, ...d),
  warn: (m, ...d) => console.warn(`[voice-commands] ${m}`, ...d),
  error: (m, ...d) => console.error(`[voice-commands] ${m}`, ...d),
}

/**
 * Creates the executor of voice commands for one page.
 *
 * - scroll: up/down by {@link SCROLL_FRACTION} × `innerHeight`, top, bottom; smooth unless reduced motion. No toast.
 * - click: target chosen by ./click.ts; `el.click()` (a `target=_blank` link opens with `window.open`).
 *   Toast "Element Clicked", or "Command Failed".
 * - fill: field chosen by ./fields.ts (SPEC §5 order); a text field's value set through the prototype's native
 *   setter, then `input` and `change` (React-safe); selects, comboboxes, listboxes, dates, ranges, sliders, spin
 *   buttons, editable regions, radio groups and split dates operated by ./controls.ts with the value spoken.
 *   Toast "Field Filled" (Entered: value; passwords masked), or "Field Not Found" / "Command Failed" (a value
 *   the control rejects).
 * - toggle: target chosen by ./toggle.ts; `state` sets an end state, else it flips. No success toast.
 * - unknown action or malformed message: only logged (SPEC §8), never a toast.
 * Refusal toasts go through ./toastGate.ts (one toast, then one summary with a count per window).
 * The element acted on gets a brief outline (`highlightMs`), without transition under reduced motion.
 */
export function createCommandExecutor(options: CommandExecutorOptions): CommandExecutor {
  const logger = options.logger ?? CONSOLE_LOGGER
  const highlightMs = Math.max(0, options.highlightMs ?? DEFAULT_HIGHLIGHT_MS)
  const ignoreSelector = options.ignoreSelector ?? DEFAULT_IGNORE_SELECTOR
  const highlights = new Map<Element, { timer: ReturnType<typeof setTimeout>; restore: () => void }>()

  const log = (level: keyof CommandLogger, message: string, ...data: unknown[]) => {
    try {
      logger[level]?.(message, ...data)
    } catch {
      /* a broken logger must not break commands */
    }
  }
  // Refusals and malformed messages are logged at most LOG_LINES_PER_SECOND times a second: a flood of bad
  // messages must not turn into a flood of console lines (each costs the page time, more so under DevTools).
  let logWindowStart = -Infinity
  let logLinesInWindow = 0
  let logSuppressed = 0
  const logLimited = (level: keyof CommandLogger, message: string) => {
    const now = Date.now()
    if (now - logWindowStart >= 1000) {
      if (logSuppressed > 0) log(level, `${logSuppressed} similar log lines suppressed in the last second`)
      logWindowStart = now
      logLinesInWindow = 0
      logSuppressed = 0
    }
    if (logLinesInWindow < LOG_LINES_PER_SECOND) {
      logLinesInWindow++
      log(level, message)
    } else {
      logSuppressed++
    }
  }

  const gate = createToastGate({
    ...(options.refusalToastWindowMs !== undefined && { windowMs: options.refusalToastWindowMs }),
    notify: (toast) => {
      try {
        options.notify(toast)
      } catch (error) {
        log('error', 'notify() threw', error)
      }
    },
  })
  const notify = (toast: VoiceToast) => gate.push(toast)

  const getDocument = (): Document | undefined =>
    options.root ?? (typeof document === 'undefined' ? undefined : document)
  const getWindow = (doc: Document): Window | undefined =>
    options.window ?? doc.defaultView ?? (typeof window === 'undefined' ? undefined : window)

  const reducedMotion = (win: Window | undefined): boolean => {
    const pref = options.prefersReducedMotion
    try {
      if (typeof pref === 'function') return pref()
      if (typeof pref === 'boolean') return pref
      return win?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
    } catch {
      return false
    }
  }

  /**
   * The elements matching `ignoreSelector` (the widget), found once per command; `undefined` until asked. An
   * element is ignored when it or a flat-tree ancestor is one of them; the answer for each ancestor visited is
   * kept for the command, so the candidates of a big page cost one look per element, not one per ancestor.
   */
  let ignored: Set<Element> | undefined
  let ignoredMemo = new Map<Element, boolean>()
  let commandDoc: Document | undefined
  const isIgnoredUncached = (el: Element): boolean => {
    const path: Element[] = []
    let answer = false
    for (let node: Element | null = el, guard = 0; node && guard < 5_000; node = composedParent(node), guard++) {
      const known = ignoredMemo.get(node)
      if (known !== undefined) {
        answer = known
        break
      }
      path.push(node)
      if (ignored!.has(node)) {
        answer = true
        break
      }
    }
    for (const node of path) ignoredMemo.set(node, answer)
    return answer
  }
  const lookup: LookupContext = {
    isIgnored: (el) => {
      if (!ignoreSelector) return false
      if (ignored === undefined) {
        try {
          ignored = new Set(queryAllDeep(commandDoc ?? el.ownerDocument, ignoreSelector))
        } catch {
          ignored = new Set()
        }
      }
      // No widget on the page: nothing is ignored (the common case costs nothing per candidate).
      if (ignored.size === 0) return false
      return isIgnoredUncached(el)
    },
  }

  const refuse = (command: VoiceCommand | undefined, reason: RefusalReason, detail: string): CommandResult => {
    logLimited('warn', `refused ${command?.action ?? 'command'} (${reason}): ${detail}`)
    return command === undefined
      ? { status: 'refused', reason, detail }
      : { status: 'refused', command, reason, detail }
  }

  const memo = createNotFoundMemo(options.notFoundMemoMs !== undefined ? { ttlMs: options.notFoundMemoMs } : {})

  /**
   * Runs a lookup after checking the selector: one the browser rejects is refused ("bad-selector"), never thrown.
   * A "not found" answer is reused while the document is unchanged (./notFoundMemo.ts).
   */
  const sliceMs = Math.max(0, options.lookupSliceMs ?? LOOKUP_SLICE_MS)
  const clock = () => globalThis.performance?.now?.() ?? Date.now()
  /** Gives the page a turn: `scheduler.yield()` where there is one (Chromium), else a `setTimeout(0)` task. */
  const yieldToPage = (win: Window | undefined): Promise<void> => {
    const scheduler = (win as { scheduler?: { yield?: () => Promise<void> } } | undefined)?.scheduler
    if (typeof scheduler?.yield === 'function') return scheduler.yield()
    return new Promise((resolve) => (win?.setTimeout ?? setTimeout)(resolve, 0))
  }
  /** Runs steps until they end or `LOOKUP_SLICE_MS` has passed. */
  const slice = <T>(steps: LookupSteps<T>): IteratorResult<void, T> => {
    const end = clock() + sliceMs
    let r = steps.next()
    while (!r.done && clock() < end) r = steps.next()
    return r
  }

  /**
   * Runs a lookup after checking the selector: one the browser rejects is refused ("bad-selector"), never thrown.
   * A "not found" answer is reused while the document is unchanged (./notFoundMemo.ts). The answer comes now,
   * or — a big page's lookup that outlasts one slice ({@link LOOKUP_SLICE_MS}) — as a promise, the lookup going
   * on in later tasks with its caches (the lookup scope, the widget's elements) kept.
   */
  const choose = <T extends { ok: true } | { ok: false; reason: string; detail: string }>(
    doc: Document,
    win: Window | undefined,
    command: VoiceCommand & { selector?: string | undefined },
    steps: () => LookupSteps<T>,
  ): T | { ok: false; reason: 'bad-selector'; detail: string } | Promise<T> => {
    const selector = command.selector
    if (selector !== undefined) {
      try {
        doc.createDocumentFragment().querySelector(selector)
      } catch (error) {
        return {
          ok: false,
          reason: 'bad-selector',
          detail: `invalid selector ${JSON.stringify(selector.slice(0, 120))}: ${errorMessage(error)}`,
        }
      }
    }
    const started = memo.begin<T>(doc, command)
    if ('answer' in started) return started.answer
    const lookupSteps = steps()
    const first = slice(lookupSteps)
    if (first.done) {
      started.keep(first.value)
      return first.value
    }
    const kept = currentLookupScope()
    const state = { ignored, ignoredMemo, commandDoc }
    return (async () => {
      for (;;) {
        await yieldToPage(win)
        if (disposed) throw new Error('the executor was disposed')
        const step = ((run: () => IteratorResult<void, T>) => (kept ? inLookupScope(kept, run) : run()))(() => {
          ;({ ignored, ignoredMemo, commandDoc } = state)
          try {
            return slice(lookupSteps)
          } finally {
            state.ignored = ignored
          }
        })
        if (step.done) {
          started.keep(step.value)
          return step.value
        }
      }
    })()
  }

  /**
   * Commands that go on after `execute()` returned (a sliced lookup, a combobox drawn in later turns), in the
   * order they came: while one is under way, later commands wait for it (a "click Submit" never overtakes the
   * fill before it).
   */
  let underWay = 0
  let queue: Promise<void> = Promise.resolve()
  let disposed = false
  /**
   * The result of a command whose end comes later: `executed` with `settled`, and `settledResult` holding how it
   * ended (executed or refused) once `settled` resolves.
   */
  const later = (command: VoiceCommand, outcome: Promise<CommandResult>, target?: Element): CommandResult => {
    const pending: Extract<CommandResult, { status: 'executed' }> = { status: 'executed', command }
    if (target) pending.target = target
    underWay++
    pending.settled = outcome
      .catch((error: unknown): CommandResult => {
        // Disposed mid-lookup (the call ended): no toast for a command of a call that is over.
        if (!disposed) {
          log('error', 'voice command failed', error)
          notify(voiceToast('commandFailed'))
        }
        return refuse(command, 'error', errorMessage(error))
      })
      .then(async (r) => {
        if (r.status === 'executed' && r.settled) {
          await r.settled
          r = r.settledResult ?? r
        }
        pending.settledResult = r
        if (r.status === 'executed' && r.target) pending.target = r.target
      })
      .finally(() => {
        underWay--
      })
    // After every command queued so far, not only this one: a queued command that goes on later again (its own
    // lookup in slices) comes here a second time, and the commands queued behind it must still wait for them.
    const before = queue
    queue = before.then(() => pending.settled)
    return pending
  }

  const highlight = (el: Element, win: Window | undefined) => {
    if (highlightMs <= 0) return
    try {
      const existing = highlights.get(el)
      if (existing) {
        clearTimeout(existing.timer)
        existing.restore()
        highlights.delete(el)
      }
      const restore = applyHighlight(el, options.highlightClass, reducedMotion(win))
      const timer = setTimeout(() => {
        highlights.delete(el)
        restore()
      }, highlightMs)
      highlights.set(el, { timer, restore })
    } catch (error) {
      log('debug', 'highlight failed', error)
    }
  }

  const bringIntoView = (el: Element, win: Window | undefined) => {
    try {
      el.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: reducedMotion(win) ? 'auto' : 'smooth' })
    } catch {
      /* not supported: fine */
    }
  }

  const runScroll = (doc: Document, win: Window | undefined, command: ScrollCommand): CommandResult => {
    if (!win) return refuse(command, 'no-document', 'no window to scroll')
    const behavior: ScrollBehavior = reducedMotion(win) ? 'auto' : 'smooth'
    const step = Math.round((win.innerHeight || 0) * SCROLL_FRACTION)
    switch (command.direction) {
      case 'up':
        win.scrollBy({ top: -step, behavior })
        break
      case 'down':
        win.scrollBy({ top: step, behavior })
        break
      case 'top':
        win.scrollTo({ top: 0, behavior })
        break
      case 'bottom': {
        const height = Math.max(doc.documentElement?.scrollHeight ?? 0, doc.body?.scrollHeight ?? 0)
        win.scrollTo({ top: height, behavior })
        break
      }
    }
    log('info', `scrolled ${command.direction}`)
    return { status: 'executed', command }
  }

  const runClick = (doc: Document, win: Window | undefined, command: ClickCommand): CommandResult => {
    const chosen = choose(doc, win, command, () => clickTargetSteps(doc, command, lookup))
    if (chosen instanceof Promise)
      return later(
        command,
        chosen.then((c) => actClick(win, command, c)),
      )
    return actClick(win, command, chosen)
  }

  const actClick = (win: Window | undefined, command: ClickCommand, chosen: Choice | BadSelector): CommandResult => {
    if (!chosen.ok) {
      notify(voiceToast('commandFailed'))
      return refuse(command, chosen.reason, chosen.detail)
    }
    const el = chosen.element
    bringIntoView(el, win)
    highlight(el, win)
    const newTab = newTabUrlOf(el)
    if (newTab !== null && win) {
      // A link that opens a new tab: open it with window.open, whose result says whether the browser's popup
      // blocker stopped it (a voice command carries no user gesture); if so, offer the visitor's own click.
      let opened: Window | null = null
      try {
        opened = win.open(newTab, '_blank')
      } catch {
        opened = null
      }
      if (opened) {
        try {
          opened.opener = null // same as rel=noopener
        } catch {
          /* cross-origin window: nothing to cut */
        }
        log('info', `opened ${newTab} in a new tab for ${describeElement(el)}`)
        notify(voiceToast('elementClicked'))
      } else {
        log('info', `new tab for ${describeElement(el)} was blocked; offering a button`)
        notify(voiceToast('popupBlocked', undefined, newTab))
      }
      return { status: 'executed', command, target: el }
    }
    clickElement(el)
    log('info', `clicked ${describeElement(el)} for ${describeClick(command)}`)
    notify(voiceToast('elementClicked'))
    return { status: 'executed', command, target: el }
  }

  const runFill = (doc: Document, win: Window | undefined, command: FillCommand): CommandResult => {
    const found = choose(doc, win, command, () => fieldSteps(doc, command, lookup))
    if (found instanceof Promise)
      return later(
        command,
        found.then((c) => {
          const acted = actFill(win, command, c)
          return 'status' in acted ? acted : acted.outcome
        }),
      )
    const acted = actFill(win, command, found)
    return 'status' in acted ? acted : later(command, acted.outcome, acted.target)
  }

  /**
   * Fills what the lookup chose, or refuses. A control operated over later turns (a combobox whose list is drawn
   * in a later turn) answers with the promise of how it ends and the element it acts on.
   */
  const actFill = (
    win: Window | undefined,
    command: FillCommand,
    chosen: FieldChoice | BadSelector,
  ): CommandResult | { outcome: Promise<CommandResult>; target: Element } => {
    if (!chosen.ok) {
      notify(voiceToast(chosen.reason === 'bad-selector' ? 'commandFailed' : 'fieldNotFound'))
      return refuse(command, chosen.reason, chosen.detail)
    }
    const target = chosen.target
    if (target.kind !== 'text' && target.kind !== 'number') {
      // Selects, comboboxes, listboxes, dates, ranges, sliders, spin buttons, editable regions, radio groups and
      // split dates: operated by ./controls.ts with the value spoken.
      bringIntoView(target.element, win)
      const finish = (outcome: ControlOutcome): CommandResult => {
        if (!outcome.ok) {
          notify(voiceToast(outcome.reason === 'rejected-value' ? 'commandFailed' : 'fieldNotFound'))
          return refuse(command, outcome.reason, outcome.detail)
        }
        highlight(target.element, win)
        log('info', `filled ${describeElement(outcome.acted)} (${target.kind}, found by ${chosen.step ?? 'lookup'})`)
        notify(voiceToast('fieldFilled', { value: truncate(outcome.shown, TOAST_VALUE_MAX_CHARS) }))
        // A radio group reports the radio chosen; every other control the control (or group) filled.
        return { status: 'executed', command, target: target.kind === 'radiogroup' ? outcome.acted : target.element }
      }
      const outcome = operateControl(target, command.value)
      if (!(outcome instanceof Promise)) return finish(outcome)
      return {
        outcome: outcome
          .catch((error: unknown): ControlOutcome => {
            log('error', 'operating a control failed', error)
            return { ok: false, reason: 'error', detail: 'the control could not be operated' }
          })
          .then(finish),
        target: target.element,
      }
    }
    const el = chosen.element as HTMLInputElement | HTMLTextAreaElement
    let value = command.value
    const dateFormat = target.kind === 'text' ? textDateFormat(el) : null
    if (dateFormat) {
      // A text date picker (Duet Date Picker: placeholder YYYY-MM-DD) takes only its own format.
      const monthFirst = dateFormat.startsWith('M')
      const date = parseSpokenDate(value, monthFirst)
      const written = date && formatSpokenDate(value, dateFormat, monthFirst)
      if (!date || !written) {
        notify(voiceToast('commandFailed'))
        return refuse(
          command,
          'rejected-value',
          `${JSON.stringify(value)} is not a date ${describeElement(el)} can take (it takes ${dateFormat})`,
        )
      }
      // Its earliest and latest dates, as a native date input's `min` / `max`: a date outside them is refused
      // and the old value kept (the picker's own calendar offers no other; its text box would take it).
      const { min, max } = textDateBounds(el, monthFirst)
      const iso = isoDate(date)
      if ((min && iso < min.iso) || (max && iso > max.iso)) {
        notify(voiceToast('commandFailed'))
        return refuse(
          command,
          'rejected-value',
          rejectedValueDetail(targetName(target) || el.localName, value, min?.text, max?.text),
        )
      }
      value = written
    }
    // Converted first (digits of any script, number words, dictation), then held against the field's type,
    // maxlength, pattern, min/max: what it would cut short or cannot hold is refused, nothing written (./values).
    const checked = fieldValueFor(el, value, targetName(target) || el.localName)
    if (!checked.ok) {
      notify(voiceToast('commandFailed'))
      return refuse(command, 'rejected-value', checked.detail)
    }
    value = checked.value
    bringIntoView(el, win)
    try {
      el.focus({ preventScroll: true })
    } catch {
      /* focus is best effort */
    }
    setNativeValue(el, value)
    dispatch(el, 'input')
    dispatch(el, 'change')
    if (el.value === '' && value !== '') {
      notify(voiceToast('commandFailed'))
      return refuse(command, 'rejected-value', `the field ${describeElement(el)} rejected the value`)
    }
    highlight(el, win)
    const shown = isPasswordField(el)
      ? '•'.repeat(Math.min(8, el.value.length))
      : truncate(el.value, TOAST_VALUE_MAX_CHARS)
    log('info', `filled ${describeElement(el)} (found by ${chosen.step ?? 'lookup'})`)
    notify(voiceToast('fieldFilled', { value: shown }))
    return { status: 'executed', command, target: el }
  }

  const runToggle = (doc: Document, win: Window | undefined, command: ToggleCommand): CommandResult => {
    const chosen = choose(doc, win, command, () => toggleSteps(doc, command, lookup))
    if (chosen instanceof Promise)
      return later(
        command,
        chosen.then((c) => actToggle(win, command, c)),
      )
    return actToggle(win, command, chosen)
  }

  const actToggle = (
    win: Window | undefined,
    command: ToggleCommand,
    chosen: ToggleChoice | BadSelector,
  ): CommandResult => {
    if (!chosen.ok) {
      notify(voiceToast('commandFailed'))
      return refuse(command, chosen.reason, chosen.detail)
    }
    const { element: el, control } = chosen
    const current = toggleStateOf(control)
    const wanted = command.state ?? !current
    const clicked = clickTargetOf(el, control)
    const visibleTarget = isVisible(control) ? control : el
    if (wanted === current) {
      highlight(visibleTarget, win)
      log('info', `${describeElement(control)} already ${wanted ? 'on' : 'off'}`)
      return { status: 'executed', command, target: control }
    }
    if (!wanted && isRadio(control)) {
      notify(voiceToast('commandFailed'))
      return refuse(command, 'not-toggleable', 'a radio button cannot be switched off')
    }
    bringIntoView(visibleTarget, win)
    if (control.localName === 'details') {
      ;(control as HTMLDetailsElement).open = wanted
    } else {
      clickElement(clicked) // the control, or the visible label of a visually hidden input
    }
    highlight(visibleTarget, win)
    const settled = whenSettled(control).then(() =>
      log('info', `toggled ${describeElement(control)} → ${toggleStateOf(control) ? 'on' : 'off'}`),
    )
    return { status: 'executed', command, target: control, settled }
  }

  const executeParsed = (parsed: ParsedVoiceMessage): CommandResult => {
    let command: VoiceCommand | undefined
    try {
      if (parsed.kind === 'invalid') {
        // SPEC §8: malformed messages are only logged (a toast per bad message would let a sender flood the page).
        logLimited('warn', `refused invalid voice command: ${parsed.issues.join('; ')}`)
        return { status: 'invalid', issues: parsed.issues }
      }
      if (parsed.kind === 'unknown') {
        logLimited('info', `ignored voice command of unknown type ${JSON.stringify(parsed.command.type)}`)
        return { status: 'unknown', command: parsed.command }
      }
      command = parsed.command
      const doc = getDocument()
      if (!doc) return refuse(command, 'no-document', 'no document (pre-rendering?)')
      const win = getWindow(doc)
      const run = command
      // One lookup scope per command: names, texts and labels computed once (./dom.ts), the widget found once.
      const runNow = (): CommandResult =>
        withLookupScope(() => {
          ignored = undefined
          ignoredMemo = new Map()
          commandDoc = doc
          switch (run.action) {
            case 'scroll':
              return runScroll(doc, win, run)
            case 'click':
              return runClick(doc, win, run)
            case 'fill':
              return runFill(doc, win, run)
            case 'toggle':
              return runToggle(doc, win, run)
          }
        })
      // A command under way ends first (see `later`).
      if (underWay > 0) return later(run, queue.then(runNow))
      return runNow()
    } catch (error) {
      log('error', 'voice command failed', error)
      notify(voiceToast('commandFailed'))
      return refuse(command, 'error', errorMessage(error))
    }
  }

  return {
    execute: (message) => executeParsed(parseVoiceCommand(message)),
    executeParsed,
    dispose() {
      disposed = true
      gate.dispose()
      memo.dispose()
      for (const { timer, restore } of highlights.values()) {
        clearTimeout(timer)
        try {
          restore()
        } catch {
          /* element gone */
        }
      }
      highlights.clear()
    },
  }
}

/* ------------------------------------------------------------------------------------------------------ */

function errorMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'unprintable error'
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function isPasswordField(el: Element): boolean {
  return el.localName === 'input' && (el.getAttribute('type') ?? '').toLowerCase() === 'password'
}
