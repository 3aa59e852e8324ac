/**
 * The voice command executor: performs a validated voice command (scroll, click, fill, toggle) on the page.
 *
 * Spec sources: SPEC §3 (message), §5 "Voice fill" (lookup order), §8 (toasts), §9 (scroll 80%), issue 7
 * item 3, CONVENTIONS "Page actions" (one typed payload per action; refuse disabled, readonly and hidden
 * targets; React-controlled inputs get the prototype's native value setter, then `input` and `change`).
 *
 * `execute()` never throws: every failure becomes a `refused`/`invalid` result with a log line.
 */
import {
  parseVoiceCommand,
  toFieldType,
  type ClickCommand,
  type FieldType,
  type FillCommand,
  type ParsedVoiceMessage,
  type ScrollCommand,
  type ToggleCommand,
  type UnknownVoiceCommand,
  type VoiceCommand,
} from './schema'
import {
  accessibleName,
  fieldLabelTexts,
  isEnabled,
  isReadOnly,
  isVisible,
  createMatcher,
  normalizeText,
  roleOf,
  unsafeNavigationOf,
} from './dom'
import { TOAST_VALUE_MAX_CHARS, voiceToast, type VoiceToast } from './toasts'

/** Fraction of `window.innerHeight` one "scroll up/down" moves (SPEC §9: 80%). */
export const SCROLL_FRACTION = 0.8
/** Default time an acted-on element stays highlighted, in milliseconds. */
export const DEFAULT_HIGHLIGHT_MS = 1500
/** Default selector of page parts commands never act on (put it on the voice widget itself). */
export const DEFAULT_IGNORE_SELECTOR = '[data-voice-ignore]'
/** Attribute set on the element while it is highlighted (style hook for the site's CSS). */
export const HIGHLIGHT_ATTRIBUTE = 'data-voice-highlight'

/** Minimal logger; every method is optional. Default: `console` with a `[voice-commands]` prefix. */
export interface CommandLogger {
  debug?(message: string, ...data: unknown[]): void
  info?(message: string, ...data: unknown[]): void
  warn?(message: string, ...data: unknown[]): void
  error?(message: string, ...data: unknown[]): void
}

/** Why a command was refused. */
export type RefusalReason =
  /** No document/window (pre-rendering, Node). */
  | 'no-document'
  /** `querySelectorAll` rejected the selector. */
  | 'bad-selector'
  /** No element matched the target. */
  | 'not-found'
  /** Only hidden matches. */
  | 'hidden'
  /** Only disabled matches. */
  | 'disabled'
  /** Only read-only fields matched (fill). */
  | 'readonly'
  /** The click would navigate to a `javascript:` (or `vbscript:`/`data:`) URL. */
  | 'unsafe-url'
  /** The matched element cannot be toggled to the wanted state (e.g. un-checking a radio). */
  | 'not-toggleable'
  /** The field rejected the value (e.g. letters into `type=number`). */
  | 'rejected-value'
  /** An unexpected exception inside the executor (caught). */
  | 'error'

/** The result of executing one message. */
export type CommandResult =
  | { status: 'executed'; command: VoiceCommand; target?: Element }
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
}

/** The executor returned by {@link createCommandExecutor}. */
export interface CommandExecutor {
  /** Validates, normalises and runs any message (SPEC §3 shape). Never throws. */
  execute(message: unknown): CommandResult
  /** Runs an already parsed message (what {@link parseVoiceCommand} returns). Never throws. */
  executeParsed(parsed: ParsedVoiceMessage): CommandResult
  /** Removes pending highlights and their timers. */
  dispose(): void
}

const CONSOLE_LOGGER: CommandLogger = {
  debug: (m, ...d) => console.debug(`[voice-commands] ${m}`, ...d),
  info: (m, ...d) => console.info(`[voice-commands] ${m}`, ...d),
  warn: (m, ...d) => console.warn(`[voice-commands] ${m}`, ...d),
  error: (m, ...d) => console.error(`[voice-commands] ${m}`, ...d),
}

/** `input` types a fill command may write into (plus `textarea`). */
const FILLABLE_INPUT_TYPES = new Set(['', 'text', 'email', 'password', 'tel', 'number', 'url', 'search'])

/** Elements a click by visible text considers (interactive elements and common click targets). */
const CLICKABLE_SELECTOR = [
  'a[href]',
  'area[href]',
  'button',
  'input[type=button]',
  'input[type=submit]',
  'input[type=reset]',
  'input[type=image]',
  'input[type=checkbox]',
  'input[type=radio]',
  'summary',
  'label',
  '[role]',
  '[onclick]',
  '[tabindex]',
].join(',')

/** Toggle controls themselves. */
const TOGGLE_CONTROL_SELECTOR = [
  'input[type=checkbox]',
  'input[type=radio]',
  '[role=switch]',
  '[role=checkbox]',
  '[role=radio]',
  '[role=menuitemcheckbox]',
  '[role=menuitemradio]',
  'details',
  'summary',
  '[aria-expanded]',
  '[aria-pressed]',
].join(',')

/** Elements a toggle considers: the controls plus labels (a label toggles its checkbox/radio). */
const TOGGLE_SELECTOR = `${TOGGLE_CONTROL_SELECTOR},label`

const MATCH_THRESHOLD = 40

type Resolution =
  | { ok: true; element: Element }
  | { ok: false; reason: RefusalReason; detail: string }

/**
 * Creates the executor of voice commands for one page.
 *
 * Behaviour per action (issue 7 item 3):
 * - scroll: up/down by {@link SCROLL_FRACTION} × `innerHeight`, top, bottom; `behavior: 'smooth'` unless reduced
 *   motion. No toast.
 * - click: by `selector`, `role` and/or `targetText` (visible text or accessible name); only visible, enabled
 *   elements outside `ignoreSelector`; refuses a click that would navigate to a `javascript:` URL.
 *   Toast "Element Clicked", or "Command Failed".
 * - fill: only `input` (text-like types) and `textarea`, visible, enabled, not read-only; SPEC §5 order:
 *   label text → field type mapping → name/id → first usable field (a `selector`, when given, is the only
 *   lookup). Value set through the prototype's native setter, then `input` and `change` (React-safe).
 *   Toast "Field Filled" (Entered: value; passwords masked), or "Field Not Found".
 * - toggle: checkboxes, radios, switches (`role=switch`), `details`, `aria-expanded`/`aria-pressed`
 *   controls; `state` sets an end state, else it flips. No success toast; "Command Failed" on failure.
 * - unknown action: only logged. Invalid message: logged and "Command Failed".
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

  const notify = (toast: VoiceToast) => {
    try {
      options.notify(toast)
    } catch (error) {
      log('error', 'notify() threw', error)
    }
  }

  const getDocument = (): Document | undefined => options.root ?? (typeof document === 'undefined' ? undefined : document)
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

  const isIgnored = (el: Element): boolean => {
    if (!ignoreSelector) return false
    try {
      return el.closest(ignoreSelector) !== null
    } catch {
      return false
    }
  }

  const refuse = (command: VoiceCommand | undefined, reason: RefusalReason, detail: string): CommandResult => {
    log('warn', `refused ${command?.action ?? 'command'} (${reason}): ${detail}`)
    return command === undefined ? { status: 'refused', reason, detail } : { status: 'refused', command, reason, detail }
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

  /** Runs `querySelectorAll`, turning a syntax error into a refusal. */
  const queryAll = (doc: Document, selector: string): Element[] | { error: string } => {
    try {
      return Array.from(doc.querySelectorAll(selector))
    } catch (error) {
      return { error: `invalid selector ${JSON.stringify(selector.slice(0, 120))}: ${errorMessage(error)}` }
    }
  }

  /** Picks the first usable element, or explains why none is. */
  const pickUsable = (candidates: Element[], usable: (el: Element) => RefusalReason | null, what: string): Resolution => {
    let firstReason: RefusalReason | null = null
    for (const el of candidates) {
      const reason = usable(el)
      if (reason === null) return { ok: true, element: el }
      firstReason ??= reason
    }
    return firstReason === null
      ? { ok: false, reason: 'not-found', detail: `no element matches ${what}` }
      : { ok: false, reason: firstReason, detail: `${what} matched only ${firstReason} elements` }
  }

  const clickUsable = (el: Element): RefusalReason | null => {
    if (isIgnored(el)) return 'not-found'
    if (!isVisible(el)) return 'hidden'
    if (!isEnabled(el)) return 'disabled'
    return null
  }

  /** Candidates sorted by how well their name matches `text` (best first, then shorter names, then DOM order). */
  const rankByText = (candidates: Element[], text: string, nameOf: (el: Element) => string[]): Element[] => {
    const scored: { el: Element; score: number; length: number; index: number }[] = []
    const score = createMatcher(text)
    candidates.forEach((el, index) => {
      let best = 0
      let length = Infinity
      for (const name of nameOf(el)) {
        const s = score(name)
        if (s > best || (s === best && s > 0 && name.length < length)) {
          best = s
          length = name.length
        }
      }
      if (best >= MATCH_THRESHOLD) scored.push({ el, score: best, length, index })
    })
    scored.sort((a, b) => b.score - a.score || a.length - b.length || a.index - b.index)
    return scored.map((s) => s.el)
  }

  /** Elements whose own text nodes match `text` (for click targets without any interactive marker, e.g. React `onClick` divs). */
  const textNodeTargets = (doc: Document, text: string): Element[] => {
    const out: Element[] = []
    const body = doc.body
    if (!body) return out
    const maxParentChars = text.length * 4 + 40
    const score = createMatcher(text)
    const walker = doc.createTreeWalker(body, 0x4 /* NodeFilter.SHOW_TEXT */)
    let visited = 0
    for (let node = walker.nextNode(); node && visited < 20_000; node = walker.nextNode(), visited++) {
      const own = node.textContent ?? ''
      const parent = node.parentElement
      if (!parent || !own.trim() || parent.localName === 'script' || parent.localName === 'style' || out.includes(parent)) continue
      if (score(own) >= 80) {
        out.push(parent)
        continue
      }
      // "Join <b>the</b> waitlist": the parent's whole (short) text matches exactly.
      const whole = parent.textContent ?? ''
      if (whole.length <= maxParentChars && score(whole) === 100) out.push(parent)
    }
    return out
  }

  const resolveClickTarget = (doc: Document, command: ClickCommand): Resolution => {
    let candidates: Element[]
    if (command.selector !== undefined) {
      const found = queryAll(doc, command.selector)
      if (!Array.isArray(found)) return { ok: false, reason: 'bad-selector', detail: found.error }
      candidates = found
    } else {
      const found = queryAll(doc, CLICKABLE_SELECTOR)
      candidates = Array.isArray(found) ? found : []
    }
    if (command.role !== undefined) candidates = candidates.filter((el) => roleOf(el) === command.role)
    if (command.targetText !== undefined) {
      const text = command.targetText
      let ranked = rankByText(candidates, text, (el) => [accessibleName(el), el.getAttribute('title') ?? ''])
      if (ranked.length === 0 && command.selector === undefined && command.role === undefined) {
        ranked = textNodeTargets(doc, text)
      }
      candidates = ranked
    }
    const what = describeTarget(command)
    return pickUsable(candidates, clickUsable, what)
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

  const bringIntoView = (el: Element, win: Window | undefined) => {
    try {
      el.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: reducedMotion(win) ? 'auto' : 'smooth' })
    } catch {
      /* not supported: fine */
    }
  }

  const runClick = (doc: Document, win: Window | undefined, command: ClickCommand): CommandResult => {
    const resolved = resolveClickTarget(doc, command)
    if (!resolved.ok) {
      notify(voiceToast('commandFailed'))
      return refuse(command, resolved.reason, resolved.detail)
    }
    const el = resolved.element
    const unsafe = unsafeNavigationOf(el)
    if (unsafe !== null) {
      notify(voiceToast('commandFailed'))
      return refuse(command, 'unsafe-url', `target would navigate to ${JSON.stringify(unsafe.slice(0, 80))}`)
    }
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
    log('info', `clicked ${describeElement(el)}`)
    notify(voiceToast('elementClicked'))
    return { status: 'executed', command, target: el }
  }

  const fillUsable = (el: Element): RefusalReason | null => {
    if (!isFillable(el) || isIgnored(el)) return 'not-found'
    if (!isVisible(el)) return 'hidden'
    if (!isEnabled(el)) return 'disabled'
    if (isReadOnly(el)) return 'readonly'
    return null
  }

  const resolveField = (doc: Document, command: FillCommand): Resolution => {
    if (command.selector !== undefined) {
      const found = queryAll(doc, command.selector)
      if (!Array.isArray(found)) return { ok: false, reason: 'bad-selector', detail: found.error }
      const expanded = found.flatMap((el) => (isFillable(el) ? [el] : Array.from(el.querySelectorAll('input, textarea'))))
      return pickUsable(expanded, fillUsable, describeTarget(command))
    }
    // Cheap checks first; visibility (computed styles) only for fields that are about to be chosen.
    const candidates = Array.from(doc.querySelectorAll('input, textarea')).filter(
      (el) => isFillable(el) && !isIgnored(el) && isEnabled(el) && !isReadOnly(el),
    )
    const visibleCache = new Map<Element, boolean>()
    const visible = (el: Element) => {
      let v = visibleCache.get(el)
      if (v === undefined) visibleCache.set(el, (v = isVisible(el)))
      return v
    }
    const firstVisible = (list: Element[]) => list.find(visible)
    const hint = command.fieldHint
    // 1. label text
    if (hint !== undefined) {
      const byLabel = firstVisible(rankByText(candidates, hint, (el) => [...fieldLabelTexts(el), el.getAttribute('placeholder') ?? '']))
      if (byLabel) return { ok: true, element: byLabel }
    }
    // 2. field type mapping (explicit fieldType, else a type word in the hint)
    const type = command.fieldType ?? fieldTypeFromHint(hint)
    if (type !== undefined) {
      const byType = firstVisible(candidates.filter((el) => fieldTypeOf(el) === type))
      if (byType) return { ok: true, element: byType }
    }
    // 3. name (or id)
    if (hint !== undefined) {
      const byName = firstVisible(
        rankByText(candidates, hint, (el) => [el.getAttribute('name') ?? '', el.getAttribute('id') ?? ''].map(splitIdentifier)),
      )
      if (byName) return { ok: true, element: byName }
    }
    // 4. first visible enabled field
    const first = firstVisible(candidates)
    return first
      ? { ok: true, element: first }
      : { ok: false, reason: 'not-found', detail: 'the page has no visible, enabled input or textarea' }
  }

  const runFill = (doc: Document, win: Window | undefined, command: FillCommand): CommandResult => {
    const resolved = resolveField(doc, command)
    if (!resolved.ok) {
      notify(voiceToast(resolved.reason === 'bad-selector' ? 'commandFailed' : 'fieldNotFound'))
      return refuse(command, resolved.reason, resolved.detail)
    }
    const el = resolved.element as HTMLInputElement | HTMLTextAreaElement
    let value = command.value
    if (el.maxLength > 0 && value.length > el.maxLength) value = value.slice(0, el.maxLength)
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
      return refuse(command, 'rejected-value', `${describeElement(el)} rejected the value`)
    }
    highlight(el, win)
    const shown = isPasswordField(el) ? '•'.repeat(Math.min(8, el.value.length)) : truncate(el.value, TOAST_VALUE_MAX_CHARS)
    log('info', `filled ${describeElement(el)}`)
    notify(voiceToast('fieldFilled', { value: shown }))
    return { status: 'executed', command, target: el }
  }

  /** The control a toggle candidate acts on: a label's control, a summary's details, or the element itself. */
  const toggleControlOf = (el: Element): Element | null => {
    if (el.localName === 'label') {
      const control = (el as HTMLLabelElement).control ?? el.querySelector('input')
      return control && isToggleInput(control) ? control : null
    }
    if (el.localName === 'summary') return el.parentElement?.localName === 'details' ? el.parentElement : null
    return isToggleControl(el) ? el : el.querySelector(TOGGLE_CONTROL_SELECTOR) // a wrapper picked by selector
  }

  const resolveToggle = (doc: Document, command: ToggleCommand): Resolution & { control?: Element } => {
    let candidates: Element[]
    if (command.selector !== undefined) {
      const found = queryAll(doc, command.selector)
      if (!Array.isArray(found)) return { ok: false, reason: 'bad-selector', detail: found.error }
      candidates = found
    } else {
      const found = queryAll(doc, TOGGLE_SELECTOR)
      candidates = Array.isArray(found) ? found : []
    }
    // Pair each candidate with the control it toggles.
    let pairs = candidates.flatMap((el) => {
      const control = toggleControlOf(el)
      return control ? [{ el, control }] : []
    })
    if (command.role !== undefined) pairs = pairs.filter((p) => roleOf(p.control) === command.role || roleOf(p.el) === command.role)
    if (command.targetText !== undefined) {
      const text = command.targetText
      const ranked = rankByText(
        pairs.map((p) => p.el),
        text,
        (el) => [accessibleName(el), ...fieldLabelTexts(el)],
      )
      pairs = ranked.flatMap((el) => pairs.filter((p) => p.el === el))
    }
    let firstReason: RefusalReason | null = null
    for (const { el, control } of pairs) {
      // A visually hidden native input is fine when its visible label/wrapper was matched.
      const reason = isIgnored(el) ? 'not-found' : !isVisible(el) && !isVisible(control) ? 'hidden' : !isEnabled(control) || !isEnabled(el) ? 'disabled' : null
      if (reason === null) return { ok: true, element: el, control }
      firstReason ??= reason
    }
    const what = describeTarget(command)
    return firstReason === null
      ? { ok: false, reason: 'not-found', detail: `no toggleable element matches ${what}` }
      : { ok: false, reason: firstReason, detail: `${what} matched only ${firstReason} elements` }
  }

  const runToggle = (doc: Document, win: Window | undefined, command: ToggleCommand): CommandResult => {
    const resolved = resolveToggle(doc, command)
    if (!resolved.ok) {
      notify(voiceToast('commandFailed'))
      return refuse(command, resolved.reason, resolved.detail)
    }
    const el = resolved.element
    const control = resolved.control ?? el
    const current = toggleStateOf(control)
    const wanted = command.state ?? !current
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
    const unsafe = unsafeNavigationOf(el) ?? unsafeNavigationOf(control)
    if (unsafe !== null) {
      notify(voiceToast('commandFailed'))
      return refuse(command, 'unsafe-url', `target would navigate to ${JSON.stringify(unsafe.slice(0, 80))}`)
    }
    bringIntoView(visibleTarget, win)
    if (control.localName === 'details') {
      ;(control as HTMLDetailsElement).open = wanted
    } else if (isVisible(control)) {
      clickElement(control)
    } else {
      clickElement(el) // the visible label/wrapper of a visually hidden input
    }
    highlight(visibleTarget, win)
    log('info', `toggled ${describeElement(control)} → ${toggleStateOf(control) ? 'on' : 'off'}`)
    return { status: 'executed', command, target: control }
  }

  const executeParsed = (parsed: ParsedVoiceMessage): CommandResult => {
    let command: VoiceCommand | undefined
    try {
      if (parsed.kind === 'invalid') {
        log('warn', `refused invalid voice command: ${parsed.issues.join('; ')}`)
        notify(voiceToast('commandFailed'))
        return { status: 'invalid', issues: parsed.issues }
      }
      if (parsed.kind === 'unknown') {
        log('info', `ignored voice command of unknown type ${JSON.stringify(parsed.command.type)}`)
        return { status: 'unknown', command: parsed.command }
      }
      command = parsed.command
      const doc = getDocument()
      if (!doc) return refuse(command, 'no-document', 'no document (pre-rendering?)')
      const win = getWindow(doc)
      switch (command.action) {
        case 'scroll':
          return runScroll(doc, win, command)
        case 'click':
          return runClick(doc, win, command)
        case 'fill':
          return runFill(doc, win, command)
        case 'toggle':
          return runToggle(doc, win, command)
      }
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

function describeTarget(command: { selector?: string; role?: string; targetText?: string; fieldHint?: string }): string {
  const parts: string[] = []
  if (command.selector !== undefined) parts.push(`selector ${JSON.stringify(command.selector.slice(0, 80))}`)
  if (command.role !== undefined) parts.push(`role ${command.role}`)
  if (command.targetText !== undefined) parts.push(`text ${JSON.stringify(command.targetText.slice(0, 80))}`)
  if (command.fieldHint !== undefined) parts.push(`hint ${JSON.stringify(command.fieldHint.slice(0, 80))}`)
  return parts.join(' + ') || 'the command'
}

function describeElement(el: Element): string {
  const id = el.getAttribute('id')
  const name = el.getAttribute('name')
  return `<${el.localName}${id ? `#${id.slice(0, 40)}` : ''}${name ? ` name=${name.slice(0, 40)}` : ''}>`
}

function isFillable(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (el.localName === 'textarea') return true
  if (el.localName !== 'input') return false
  const type = (el.getAttribute('type') ?? '').trim().toLowerCase()
  return FILLABLE_INPUT_TYPES.has(type)
}

function isPasswordField(el: Element): boolean {
  return el.localName === 'input' && (el.getAttribute('type') ?? '').toLowerCase() === 'password'
}

function fieldTypeOf(el: Element): FieldType | undefined {
  if (el.localName === 'textarea') return 'textarea'
  const type = (el.getAttribute('type') ?? '').trim().toLowerCase()
  if (type === '' || type === 'text' || type === 'search') return 'text'
  return toFieldType(type)
}

/** A field type named by a word of the hint: "your email address" → email, "phone" → tel. */
function fieldTypeFromHint(hint: string | undefined): FieldType | undefined {
  if (!hint) return undefined
  const whole = toFieldType(hint)
  if (whole) return whole
  for (const word of normalizeText(hint).split(' ')) {
    const type = word === 'name' || word === 'text' ? undefined : toFieldType(word)
    if (type) return type
  }
  return undefined
}

/** `userEmail` / `user_email` / `user-email` → `user email`. */
function splitIdentifier(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.[\]]+/g, ' ')
}

function isToggleInput(el: Element): boolean {
  if (el.localName !== 'input') return false
  const type = (el as HTMLInputElement).type
  return type === 'checkbox' || type === 'radio'
}

function isRadio(el: Element): boolean {
  return (el.localName === 'input' && (el as HTMLInputElement).type === 'radio') || roleOf(el) === 'radio' || roleOf(el) === 'menuitemradio'
}

const TOGGLE_ROLES = new Set(['switch', 'checkbox', 'radio', 'menuitemcheckbox', 'menuitemradio'])

function isToggleControl(el: Element): boolean {
  if (isToggleInput(el) || el.localName === 'details') return true
  if (TOGGLE_ROLES.has(roleOf(el))) return true
  return el.hasAttribute('aria-expanded') || el.hasAttribute('aria-pressed')
}

/** Current on/off state of a toggle control. */
function toggleStateOf(el: Element): boolean {
  if (isToggleInput(el)) return (el as HTMLInputElement).checked
  if (el.localName === 'details') return (el as HTMLDetailsElement).open
  if (TOGGLE_ROLES.has(roleOf(el))) return el.getAttribute('aria-checked') === 'true'
  if (el.hasAttribute('aria-pressed')) return el.getAttribute('aria-pressed') === 'true'
  return el.getAttribute('aria-expanded') === 'true'
}

/** The http(s) URL a `target=_blank` link opens, or `null` for any other element or URL. */
function newTabUrlOf(el: Element): string | null {
  const link = el.closest('a[href][target]')
  if (!link || link.getAttribute('target')?.toLowerCase() !== '_blank') return null
  const href = (link as HTMLAnchorElement).href
  return /^https?:\/\//i.test(href) ? href : null
}

function clickElement(el: Element): void {
  if (typeof (el as HTMLElement).click === 'function') {
    ;(el as HTMLElement).click()
  } else {
    const win = el.ownerDocument.defaultView
    const EventCtor = win?.MouseEvent ?? MouseEvent
    el.dispatchEvent(new EventCtor('click', { bubbles: true, cancelable: true, composed: true }))
  }
}

function dispatch(el: Element, type: string): void {
  const EventCtor = el.ownerDocument.defaultView?.Event ?? Event
  el.dispatchEvent(new EventCtor(type, { bubbles: true }))
}

/**
 * Sets `value` through the native setter found on the element's prototype chain, bypassing the own-property
 * value tracker React installs on controlled inputs (react/react#10135), so React's `onChange` sees the change.
 */
export function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  for (let proto: object | null = Object.getPrototypeOf(el); proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'value')
    if (descriptor?.set) {
      descriptor.set.call(el, value)
      return
    }
  }
  el.value = value
}

/** Orange-700: ≥ 3:1 against both white and near-black backgrounds (WCAG 1.4.11). */
const OUTLINE = '3px solid #c2410c'

/** Applies the highlight and returns a function that restores the element's previous look. */
function applyHighlight(el: Element, className: string | undefined, reduced: boolean): () => void {
  el.setAttribute(HIGHLIGHT_ATTRIBUTE, '')
  if (className) {
    const had = el.classList.contains(className)
    el.classList.add(className)
    return () => {
      el.removeAttribute(HIGHLIGHT_ATTRIBUTE)
      if (!had) el.classList.remove(className)
    }
  }
  const style = (el as HTMLElement).style as CSSStyleDeclaration | undefined
  if (!style) {
    return () => el.removeAttribute(HIGHLIGHT_ATTRIBUTE)
  }
  const props = reduced ? ['outline', 'outline-offset'] : ['outline', 'outline-offset', 'transition']
  const saved = props.map((p) => [p, style.getPropertyValue(p), style.getPropertyPriority(p)] as const)
  const hadStyleAttr = el.hasAttribute('style')
  style.setProperty('outline', OUTLINE, 'important')
  style.setProperty('outline-offset', '2px', 'important')
  if (!reduced) style.setProperty('transition', 'outline-color 150ms ease-out')
  return () => {
    el.removeAttribute(HIGHLIGHT_ATTRIBUTE)
    for (const [prop, value, priority] of saved) {
      if (value) style.setProperty(prop, value, priority)
      else style.removeProperty(prop)
    }
    if (!hadStyleAttr && el.getAttribute('style') === '') el.removeAttribute('style')
  }
}
