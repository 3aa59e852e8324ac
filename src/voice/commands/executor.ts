/**
 * The voice command executor: performs a validated voice command (scroll, click, fill, toggle) on the page.
 *
 * Where each decision lives:
 * - how a click target is chosen: ./click.ts
 * - how a field is chosen (SPEC §5 "Voice fill"): ./chooseField.ts
 * - how a toggle target is chosen: ./toggle.ts
 * - what is refused and why: ./refusals.ts
 * - which toasts are shown (SPEC §8) and how refusals are kept from flooding: ./toastGate.ts
 * - what is done to the page (click, keys, React-safe value, highlight): ./effects.ts
 * - how each kind of control is filled: ./controls.ts, ./selects.ts
 * - when a command runs (lookup slices, the order of commands that go on later): ./schedule.ts
 * - the widget's own elements, never acted on: ./ignore.ts; the rate-limited log: ./logLimit.ts
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
  type VoiceCommand,
} from './schema'
import { isVisible, withLookupScope } from './dom'
import { describeElement, quotedName, roleOf } from './accessibleNames'
import { clickTargetSteps, describeClick, type Choice } from './click'
import { fieldSteps, type FieldChoice } from './chooseField'
import { operateControl, type ControlOutcome } from './controls'
import { clickTargetOf, isRadio, toggleSteps, toggleStateOf, type ToggleChoice } from './toggle'
import type { RefusalReason } from './refusals'
import {
  clickElement,
  createHighlighter,
  HIGHLIGHT_ATTRIBUTE,
  motionReduced,
  newTabUrlOf,
  setNativeValue,
  truncate,
  whenSettled,
} from './effects'
import { clickExpectation, confirmPress, toggleExpectation, type PressExpectation } from './taken'
import { createToastGate, REFUSAL_TOAST_WINDOW_MS } from './toastGate'
import { createNotFoundMemo } from './notFoundMemo'
import { TOAST_VALUE_MAX_CHARS, voiceToast, type VoiceToast } from './toasts'
import { createCommandLog, errorMessage, type CommandLogger } from './logLimit'
import { createWidgetFilter } from './ignore'
import { createScheduler, LOOKUP_SLICE_MS, type BadSelector } from './schedule'
import type { CommandResult } from './result'

export { HIGHLIGHT_ATTRIBUTE, setNativeValue, REFUSAL_TOAST_WINDOW_MS, LOOKUP_SLICE_MS }
export type { RefusalReason, CommandLogger, CommandResult }

/** Fraction of `window.innerHeight` one "scroll up/down" moves (SPEC §9: 80%). */
export const SCROLL_FRACTION = 0.8
/** Default time an acted-on element stays highlighted, in milliseconds. */
export const DEFAULT_HIGHLIGHT_MS = 1500
/** Default selector of page parts commands never act on (put it on the voice widget itself). */
export const DEFAULT_IGNORE_SELECTOR = '[data-voice-ignore]'

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
   * Longest run of a lookup in one task before the page gets a turn, in ms (see ./schedule.ts {@link LOOKUP_SLICE_MS});
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
 * Creates the executor of voice commands for one page.
 *
 * - scroll: up/down by {@link SCROLL_FRACTION} × `innerHeight`, top, bottom; smooth unless reduced motion. No toast.
 * - click: target chosen by ./click.ts; `el.click()` (a `target=_blank` link opens with `window.open`).
 *   Toast "Element Clicked", or "Command Failed".
 * - fill: field chosen by ./chooseField.ts (SPEC §5 order), operated by ./controls.ts with the value spoken: a text
 *   field's value set through the prototype's native setter, then `input` and `change` (React-safe); selects,
 *   comboboxes, listboxes, dates, ranges, sliders, spin buttons, editable regions, radio groups and split dates.
 *   Toast "Field Filled" (Entered: value; passwords masked), or "Field Not Found" / "Command Failed" (a value
 *   the control rejects).
 * - toggle: target chosen by ./toggle.ts; `state` sets an end state, else it flips. No success toast.
 * - unknown action or malformed message: only logged (SPEC §8), never a toast.
 * Refusal toasts go through ./toastGate.ts (one toast, then one summary with a count per window).
 * The element acted on gets a brief outline (`highlightMs`), without transition under reduced motion.
 */
export function createCommandExecutor(options: CommandExecutorOptions): CommandExecutor {
  const { log, logLimited } = createCommandLog(options.logger)
  const ignoreSelector = options.ignoreSelector ?? DEFAULT_IGNORE_SELECTOR
  const filter = createWidgetFilter(ignoreSelector)
  const lookup = filter.lookup
  const highlighter = createHighlighter(
    Math.max(0, options.highlightMs ?? DEFAULT_HIGHLIGHT_MS),
    options.highlightClass,
    (error) => log('debug', 'highlight failed', error),
  )

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

  const reducedMotion = (win: Window | undefined): boolean => motionReduced(options.prefersReducedMotion, win)

  const refuse = (command: VoiceCommand | undefined, reason: RefusalReason, detail: string): CommandResult => {
    logLimited('warn', `refused ${command?.action ?? 'command'} (${reason}): ${detail}`)
    return command === undefined
      ? { status: 'refused', reason, detail }
      : { status: 'refused', command, reason, detail }
  }

  const memo = createNotFoundMemo(options.notFoundMemoMs !== undefined ? { ttlMs: options.notFoundMemoMs } : {})
  const {
    choose,
    later,
    inTurn,
    dispose: disposeScheduler,
  } = createScheduler({
    sliceMs: Math.max(0, options.lookupSliceMs ?? LOOKUP_SLICE_MS),
    memo,
    filter,
    failed: (command, error, reported) => {
      if (reported) {
        log('error', 'voice command failed', error)
        notify(voiceToast('commandFailed'))
      }
      return refuse(command, 'error', errorMessage(error))
    },
  })

  const highlight = (el: Element, win: Window | undefined) => highlighter.highlight(el, reducedMotion(win))

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
    const expected = clickExpectation(el)
    const named = `${roleOf(el) || el.localName} ${quotedName(el)}`
    clickElement(el)
    log('info', `clicked ${describeElement(el)} for ${describeClick(command)}`)
    if (!expected || expected.holds(el)) {
      notify(voiceToast('elementClicked'))
      return { status: 'executed', command, target: el }
    }
    return confirmLater(command, expected, named, () => notify(voiceToast('elementClicked')))
  }

  /**
   * A press whose expected effect did not show at once (./taken.ts): the command goes on until it shows, is
   * pressed again the next way, or is reported not taken; the result names the control that took it (the one
   * that replaced the pressed one, when the page swapped it).
   */
  const confirmLater = (
    command: ClickCommand | ToggleCommand,
    expected: PressExpectation,
    named: string,
    onTaken: () => void,
  ): CommandResult =>
    later(
      command,
      confirmPress(expected, named, ignoreSelector).then((outcome): CommandResult => {
        if (!outcome.taken) {
          notify(voiceToast('commandFailed'))
          return refuse(command, 'not-taken', outcome.detail)
        }
        onTaken()
        log('info', `${command.action} took on ${describeElement(outcome.control)}`)
        return { status: 'executed', command, target: outcome.control }
      }),
      expected.control,
    )

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
   * Fills what the lookup chose (./controls.ts operates every kind of field), or refuses. A control operated over
   * later turns (a combobox whose list is drawn in a later turn) answers with the promise of how it ends and the
   * element it acts on.
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
    // What the visitor sees: a hidden control's stand-in (./standIns.ts), else the control.
    const seen = target.shownBy ?? target.element
    bringIntoView(seen, win)
    const finish = (outcome: ControlOutcome): CommandResult => {
      if (!outcome.ok) {
        notify(voiceToast(outcome.reason === 'rejected-value' ? 'commandFailed' : 'fieldNotFound'))
        return refuse(command, outcome.reason, outcome.detail)
      }
      highlight(seen, win)
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
    const expected = toggleExpectation(control, wanted)
    const named = `${roleOf(control) || control.localName} ${quotedName(control)}`
    if (control.localName === 'details') {
      ;(control as HTMLDetailsElement).open = wanted
    } else {
      clickElement(clicked) // the control, or the visible label of a visually hidden input
    }
    highlight(visibleTarget, win)
    if (!expected.holds(control)) return confirmLater(command, expected, named, () => {})
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
          filter.begin(doc)
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
      // A command under way ends first (./schedule.ts).
      return inTurn(run, runNow)
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
      disposeScheduler()
      gate.dispose()
      memo.dispose()
      highlighter.dispose()
    },
  }
}
