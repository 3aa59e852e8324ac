/**
 * How a fill operates each kind of control once ./fields.ts has chosen it, with the value spoken.
 *
 * Every value is set the way frameworks observe it (React, Vue and Angular controlled inputs): through the
 * native `value` setter of the element's prototype (./effects.ts `setNativeValue`), then `input` and `change`.
 * Widgets built from ARIA roles are operated as a keyboard user would (WAI-ARIA Authoring Practices keyboard
 * interaction): the combobox is opened (Alt+Down Arrow, else a click), the option reached with Down/Up Arrow
 * while `aria-activedescendant` follows, chosen with Enter (else the option is clicked, as a pointer user would),
 * and the popup closed (Escape) if it stayed open; sliders and spin buttons take Home / End / Arrow keys until
 * `aria-valuenow` is the wanted value. A control that does not take the value is refused (`rejected-value`) and
 * left as it was where the platform allows.
 *
 * Results: `{ ok: true, shown }` (`shown` is what the visitor sees now, for the toast and the report), or a
 * refusal with a sentence naming the control and, where useful, the choices it offers.
 * @module
 */
import type { FillTarget } from './fields'
import { closestFieldNames, quotedList, targetName } from './fields'
import { accessibleName, composedText, isEnabled, isVisible, labelTexts } from './dom'
import { clickElement, dispatch, setNativeValue } from './effects'
import { clickTargetOf, toggleRefusal } from './toggle'
import type { Refusal } from './refusals'
import { dateInputValue, foldText, parseSpokenDate, parseSpokenNumber } from './spoken'
import { spokenNumber } from './values/fieldValue'
import { toAsciiDigits } from './values/script'

/** Outcome of operating a control. */
export type ControlOutcome = { ok: true; shown: string; acted: Element } | ({ ok: false } & Refusal)

/** Most key presses spent reaching an option or a slider value (a runaway widget stops there). */
const MAX_KEY_PRESSES = 500

const rejected = (detail: string): ControlOutcome => ({ ok: false, reason: 'rejected-value', detail })

/**
 * Legacy `keyCode`s of the keys pressed here: widgets still read `event.keyCode` (accessible-autocomplete,
 * tom-select), which a constructed KeyboardEvent leaves 0 unless given (UI Events, "Legacy key attributes").
 */
const KEY_CODES: Readonly<Record<string, number>> = {
  Enter: 13,
  Escape: 27,
  ' ': 32,
  PageUp: 33,
  PageDown: 34,
  End: 35,
  Home: 36,
  ArrowLeft: 37,
  ArrowUp: 38,
  ArrowRight: 39,
  ArrowDown: 40,
}

function keydown(el: Element, key: string, init: { altKey?: boolean } = {}): void {
  const win = el.ownerDocument.defaultView
  const Ctor = win?.KeyboardEvent ?? KeyboardEvent
  const code = key.length === 1 ? `Key${key.toUpperCase()}` : key
  const keyCode = KEY_CODES[key] ?? 0
  const base = { key, code, keyCode, which: keyCode, bubbles: true, cancelable: true, composed: true, ...init }
  el.dispatchEvent(new Ctor('keydown', base))
  el.dispatchEvent(new Ctor('keyup', base))
}

/**
 * Resolves after the page has had a turn (a macrotask: what a widget that renders in a microtask or a timer —
 * Preact, React — needs to draw the result of the last event).
 */
function nextTurn(el: Element): Promise<void> {
  const win = el.ownerDocument.defaultView
  return new Promise((resolve) => (win?.setTimeout ?? setTimeout)(resolve, 0))
}

/** Most time spent waiting for a combobox's list to answer what was typed, in ms. */
export const COMBOBOX_FILTER_WAIT_MS = 400

/** Polls `test` after each turn of the page until it is true or `ms` have passed; true when it held. */
async function waitFor(el: Element, test: () => boolean, ms: number): Promise<boolean> {
  const start = Date.now()
  for (;;) {
    if (test()) return true
    if (Date.now() - start >= ms) return false
    await nextTurn(el)
  }
}

function focus(el: Element): void {
  try {
    ;(el as HTMLElement).focus?.({ preventScroll: true })
  } catch {
    /* best effort */
  }
}

/** Whether the page's language reads `03/12/2027` month first (en-US). */
function monthFirst(el: Element): boolean {
  const lang = (
    el.closest('[lang]')?.getAttribute('lang') ??
    el.ownerDocument.documentElement.getAttribute('lang') ??
    ''
  ).toLowerCase()
  return lang === 'en-us'
}

/* ---------------------------------------------------------------- options: select, listbox, combobox */

/** An option's visible text (`label` attribute of a native option first). */
function optionText(option: Element): string {
  if (option.localName === 'option')
    return ((option as HTMLOptionElement).label || option.textContent || '').replace(/\s+/g, ' ').trim()
  return accessibleName(option).replace(/\s+/g, ' ').trim()
}

/**
 * The option a spoken value names: equal text or value (case- and accent-insensitive) first; else the only
 * option whose text starts with, or contains as whole words, the value. `null` when none or several match.
 */
export function matchOption<T extends Element>(
  options: readonly T[],
  value: string,
  valueOf: (o: T) => string = () => '',
): T | null {
  // "olive and thyme" names "Olive & Thyme".
  const fold = (t: string) => foldText(t.replace(/&/g, ' and '))
  const v = fold(value)
  if (!v) return null
  const texts = options.map((o) => fold(optionText(o)))
  const exact = options.filter((o, i) => texts[i] === v || fold(valueOf(o)) === v)
  if (exact.length >= 1) return exact[0]!
  const starts = options.filter((_, i) => texts[i]!.startsWith(`${v} `))
  if (starts.length === 1) return starts[0]!
  const words = options.filter((_, i) => ` ${texts[i]} `.includes(` ${v} `))
  if (words.length === 1) return words[0]!
  return null
}

/** Splits a spoken list of options: "red, green and blue" → red / green / blue. */
function spokenList(value: string): string[] {
  return value
    .split(/\s*(?:,|;|\band\b|&)\s*/i)
    .map((s) => s.trim())
    .filter(Boolean)
}

function selectOption(select: HTMLSelectElement, value: string, name: string): ControlOutcome {
  const options = Array.from(select.options)
  const optionValue = (o: HTMLOptionElement) => o.value
  const listed = () => quotedList(options.filter((o) => !o.disabled && o.value !== '').map(optionText))
  const wanted = select.multiple ? spokenList(value) : [value]
  const chosen: HTMLOptionElement[] = []
  for (const w of wanted) {
    const option =
      matchOption(options, w, optionValue) ?? (select.multiple ? null : matchOption(options, value, optionValue))
    if (!option) return rejected(`no option ${JSON.stringify(w)} in ${JSON.stringify(name)}; options: ${listed()}`)
    if (
      option.disabled ||
      (option.parentElement?.localName === 'optgroup' && (option.parentElement as HTMLOptGroupElement).disabled)
    ) {
      return {
        ok: false,
        reason: 'disabled',
        detail: `the option ${JSON.stringify(optionText(option))} of ${JSON.stringify(name)} is disabled`,
      }
    }
    chosen.push(option)
  }
  focus(select)
  if (select.multiple) {
    for (const o of options) o.selected = chosen.includes(o)
  } else {
    // The native setter (a React-controlled select tracks its value like an input does).
    setNativeValue(select as unknown as HTMLInputElement, chosen[0]!.value)
    if (select.selectedIndex !== chosen[0]!.index) select.selectedIndex = chosen[0]!.index
  }
  dispatch(select, 'input')
  dispatch(select, 'change')
  return { ok: true, shown: chosen.map(optionText).join(', '), acted: select }
}

/** The popup a combobox controls (`aria-controls`, else `aria-owns`, else a listbox inside it). */
function popupOf(combobox: Element): Element | null {
  const root = combobox.getRootNode() as Document | ShadowRoot
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const id of (combobox.getAttribute(attr) ?? '').split(/\s+/)) {
      const el = id && typeof root.getElementById === 'function' ? root.getElementById(id) : null
      if (el) return el.getAttribute('role') === 'listbox' ? el : (el.querySelector('[role=listbox]') ?? el)
    }
  }
  return combobox.querySelector('[role=listbox]')
}

const optionsOf = (listbox: Element) => Array.from(listbox.querySelectorAll('[role=option]'))
const isExpanded = (el: Element) => el.getAttribute('aria-expanded') === 'true'
const isChosen = (option: Element) =>
  option.getAttribute('aria-selected') === 'true' || option.getAttribute('aria-checked') === 'true'

/** The option `aria-activedescendant` points at. */
function activeOption(el: Element): Element | null {
  const id = el.getAttribute('aria-activedescendant')
  if (!id) return null
  const root = el.getRootNode() as Document | ShadowRoot
  return typeof root.getElementById === 'function' ? root.getElementById(id) : null
}

/** Moves the active option with Down/Up Arrow until it is `option` (a widget that follows at once); true when reached. */
function arrowToNow(el: Element, options: Element[], option: Element): boolean {
  const target = options.indexOf(option)
  for (let i = 0; i < Math.min(MAX_KEY_PRESSES, options.length * 2 + 2); i++) {
    const active = activeOption(el)
    if (active === option) return true
    const at = active ? options.indexOf(active) : -1
    keydown(el, at > target ? 'ArrowUp' : 'ArrowDown')
    if (activeOption(el) === active && active !== null) return false // the widget does not follow the keys
  }
  return activeOption(el) === option
}

/**
 * Moves the active option with Down/Up Arrow until it is `option`, giving the widget a turn after each key (it
 * may draw `aria-activedescendant` in its next render); true when reached.
 */
async function arrowTo(el: Element, options: () => Element[], option: Element): Promise<boolean> {
  for (let i = 0; i < Math.min(MAX_KEY_PRESSES, options().length * 2 + 2); i++) {
    const active = activeOption(el)
    if (active === option) return true
    const list = options()
    const at = active ? list.indexOf(active) : -1
    keydown(el, at > list.indexOf(option) ? 'ArrowUp' : 'ArrowDown')
    await nextTurn(el)
    if (activeOption(el) === active && active !== null) return false // the widget does not follow the keys
  }
  return activeOption(el) === option
}

/**
 * Chooses an option of a WAI-ARIA combobox as a keyboard user does (see the module doc). Asynchronous: real
 * widgets (accessible-autocomplete, tom-select) draw their list in a later turn, so each step waits for the page.
 * A value that is none of the options is refused; an editable combobox that offered options gets its earlier
 * text back. Free text is taken only by an editable combobox that never offered an option (a search box with
 * suggestions for other words).
 */
function comboboxChoose(combobox: Element, value: string, name: string): ControlOutcome | Promise<ControlOutcome> {
  const editable = combobox.localName === 'input' || combobox.localName === 'textarea'
  // Options already in the page (a closed popup keeps them): a value that is none of them is refused before
  // the widget is touched at all.
  const present = popupOf(combobox)
  const presentOptions = present ? optionsOf(present) : []
  if (!editable && presentOptions.length > 0 && !matchOption(presentOptions, value)) {
    return rejected(
      `no option ${JSON.stringify(value)} in ${JSON.stringify(name)}; options: ${quotedList(presentOptions.map(optionText))}`,
    )
  }
  return comboboxOperate(combobox, value, name, editable, presentOptions.length > 0)
}

async function comboboxOperate(
  combobox: Element,
  value: string,
  name: string,
  editable: boolean,
  offered: boolean,
): Promise<ControlOutcome> {
  const input = combobox as HTMLInputElement
  const before = editable ? input.value : ''
  const options = () => {
    const listbox = popupOf(combobox)
    return listbox ? optionsOf(listbox) : []
  }
  focus(combobox)
  // Open, as a keyboard user does (Alt+Down Arrow opens without moving the selection); else a click.
  if (!isExpanded(combobox)) keydown(combobox, 'ArrowDown', { altKey: true })
  await nextTurn(combobox)
  if (!isExpanded(combobox) && !editable) {
    clickElement(combobox)
    await nextTurn(combobox)
  }
  let hadOptions = offered || options().length > 0
  let option = matchOption(options(), value)
  let typed = false
  if (!option && editable) {
    // An editable combobox filters its list as the visitor types; the widget may answer in a later turn.
    setNativeValue(input, value)
    dispatch(combobox, 'input')
    typed = true
    await waitFor(combobox, () => matchOption(options(), value) !== null, COMBOBOX_FILTER_WAIT_MS)
    option = matchOption(options(), value)
    hadOptions ||= options().length > 0
    if (!option && !hadOptions) {
      // A free-text combobox that never offered an option: the typed text is the value.
      dispatch(combobox, 'change')
      return { ok: true, shown: input.value, acted: combobox }
    }
  }
  const giveUp = async (outcome: ControlOutcome): Promise<ControlOutcome> => {
    if (isExpanded(combobox)) keydown(combobox, 'Escape')
    if (typed && input.value !== before) {
      setNativeValue(input, before)
      dispatch(combobox, 'input')
    }
    await nextTurn(combobox)
    if (isExpanded(combobox)) keydown(combobox, 'Escape')
    return outcome
  }
  if (!option) {
    const listed = options()
      .filter((o) => o.getAttribute('aria-disabled') !== 'true')
      .map(optionText)
    return giveUp(
      rejected(
        `no option ${JSON.stringify(value)} in ${JSON.stringify(name)}${listed.length ? `; options: ${quotedList(listed)}` : ''}`,
      ),
    )
  }
  if (option.getAttribute('aria-disabled') === 'true') {
    return giveUp({
      ok: false,
      reason: 'disabled',
      detail: `the option ${JSON.stringify(optionText(option))} of ${JSON.stringify(name)} is disabled`,
    })
  }
  const text = optionText(option)
  const wanted = option
  const took = () =>
    (wanted.isConnected && isChosen(wanted) && !isExpanded(combobox)) ||
    foldText(editable ? input.value : composedText(combobox)).includes(foldText(text))
  const chosenBefore = took()
  if (await arrowTo(combobox, options, option)) {
    keydown(combobox, 'Enter')
    await nextTurn(combobox)
  }
  if (!took() || (chosenBefore && isExpanded(combobox))) {
    // A widget that does not follow the keys: choose the option as a pointer user would.
    const current = matchOption(options(), value)
    if (current) {
      current.dispatchEvent(
        new (combobox.ownerDocument.defaultView?.MouseEvent ?? MouseEvent)('mousedown', {
          bubbles: true,
          cancelable: true,
          composed: true,
        }),
      )
      clickElement(current)
      await nextTurn(combobox)
    }
  }
  if (isExpanded(combobox)) {
    keydown(combobox, 'Escape')
    await nextTurn(combobox)
  }
  if (!took()) return rejected(`${JSON.stringify(name)} did not take the option ${JSON.stringify(text)}`)
  return { ok: true, shown: text, acted: combobox }
}

function listboxChoose(listbox: Element, value: string, name: string): ControlOutcome {
  const options = optionsOf(listbox)
  const multi = listbox.getAttribute('aria-multiselectable') === 'true'
  const wanted = multi ? spokenList(value) : [value]
  const chosen: Element[] = []
  for (const w of wanted) {
    const option = matchOption(options, w) ?? (multi ? null : null)
    if (!option)
      return rejected(
        `no option ${JSON.stringify(w)} in ${JSON.stringify(name)}; options: ${quotedList(options.map(optionText))}`,
      )
    if (option.getAttribute('aria-disabled') === 'true')
      return {
        ok: false,
        reason: 'disabled',
        detail: `the option ${JSON.stringify(optionText(option))} of ${JSON.stringify(name)} is disabled`,
      }
    chosen.push(option)
  }
  focus(listbox)
  for (const option of chosen) {
    if (multi && isChosen(option)) continue
    if (!arrowToNow(listbox, options, option) || (multi && !isChosen(option))) {
      if (multi) keydown(listbox, ' ')
    }
    if (!isChosen(option)) clickElement(option)
  }
  const missing = chosen.find((o) => !isChosen(o))
  if (missing) return rejected(`${JSON.stringify(name)} did not take the option ${JSON.stringify(optionText(missing))}`)
  return { ok: true, shown: chosen.map(optionText).join(', '), acted: listbox }
}

/* ---------------------------------------------------------------- numbers, ranges, dates */

function numberRange(el: Element): { min: number; max: number; step: number } {
  const num = (v: string | null | undefined, d: number) => {
    const n = v == null || v === '' ? Number.NaN : Number(v)
    return Number.isFinite(n) ? n : d
  }
  if (el.localName === 'input') {
    const input = el as HTMLInputElement
    const range = input.type === 'range'
    return {
      min: num(input.min, range ? 0 : -Infinity),
      max: num(input.max, range ? 100 : Infinity),
      step: num(input.step, 1),
    }
  }
  return {
    min: num(el.getAttribute('aria-valuemin'), -Infinity),
    max: num(el.getAttribute('aria-valuemax'), Infinity),
    step: 1,
  }
}

/** The number a spoken value means for a control with `min`/`max`: a number, or min / max / lowest / highest. */
function spokenNumberFor(value: string, range: { min: number; max: number }): number | null {
  const v = foldText(value)
  if (/^(min|minimum|lowest|bottom|least)$/.test(v)) return Number.isFinite(range.min) ? range.min : null
  if (/^(max|maximum|highest|top|most|full)$/.test(v)) return Number.isFinite(range.max) ? range.max : null
  const pct = /^(\d+(?:\.\d+)?)\s*(%|percent|per cent|प्रतिशत)$/.exec(toAsciiDigits(value.trim().toLowerCase()))
  if (pct && Number.isFinite(range.min) && Number.isFinite(range.max))
    return range.min + ((range.max - range.min) * Number(pct[1])) / 100
  return spokenNumber(value) ?? parseSpokenNumber(value.replace(/[^\d.,+\-a-z ]/gi, '').trim() || value)
}

function outOfRange(n: number, r: { min: number; max: number }, name: string): ControlOutcome | null {
  if (n < r.min || n > r.max) {
    const bounds =
      Number.isFinite(r.min) && Number.isFinite(r.max)
        ? `between ${r.min} and ${r.max}`
        : Number.isFinite(r.min)
          ? `at least ${r.min}`
          : `at most ${r.max}`
    return rejected(`${JSON.stringify(name)} takes a number ${bounds}, not ${n}`)
  }
  return null
}

function setInputValue(input: HTMLInputElement, value: string, name: string, spoken: string): ControlOutcome {
  const before = input.value
  focus(input)
  setNativeValue(input, value)
  if (input.value === '' && value !== '') {
    setNativeValue(input, before)
    return rejected(`${JSON.stringify(name)} does not accept ${JSON.stringify(spoken)}`)
  }
  const validity = input.validity
  if (validity && (validity.rangeUnderflow || validity.rangeOverflow || validity.badInput)) {
    setNativeValue(input, before)
    return rejected(rejectedValueDetail(name, spoken, input.min, input.max))
  }
  dispatch(input, 'input')
  dispatch(input, 'change')
  return { ok: true, shown: input.value, acted: input }
}

/**
 * The refusal's detail for a value a field does not take, with the range it does when it has one (`min` / `max` as
 * written on the page; `''` for none): `"Visit date" does not accept "12 March 2035" (it takes from 2026-01-01 to
 * 2030-12-31)`. Used for date inputs and text date pickers alike.
 */
export function rejectedValueDetail(name: string, spoken: string, min = '', max = ''): string {
  const bounds = [min && `from ${min}`, max && `to ${max}`].filter(Boolean).join(' ')
  return `${JSON.stringify(name)} does not accept ${JSON.stringify(spoken)}${bounds ? ` (it takes ${bounds})` : ''}`
}

/** Presses keys on an ARIA slider / spin button until `aria-valuenow` is `n` (Home/End for the bounds). */
function keyToValue(el: Element, n: number, name: string): ControlOutcome {
  const now = () => Number(el.getAttribute('aria-valuenow'))
  focus(el)
  const range = numberRange(el)
  if (n === range.min) keydown(el, 'Home')
  else if (n === range.max) keydown(el, 'End')
  for (let i = 0; i < MAX_KEY_PRESSES && Number.isFinite(now()) && now() !== n; i++) {
    const before = now()
    const up = n > before
    keydown(
      el,
      up
        ? el.getAttribute('role') === 'slider'
          ? 'ArrowRight'
          : 'ArrowUp'
        : el.getAttribute('role') === 'slider'
          ? 'ArrowLeft'
          : 'ArrowDown',
    )
    const after = now()
    if (after === before) break // the widget does not move (or is at its bound)
    if (up ? after > n : after < n) break // stepped past: the nearest value the control has
  }
  if (now() !== n) {
    return rejected(
      `${JSON.stringify(name)} did not reach ${n} (it shows ${el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow') ?? 'no value'})`,
    )
  }
  return { ok: true, shown: el.getAttribute('aria-valuetext') ?? String(n), acted: el }
}

/* ---------------------------------------------------------------- editable regions */

function fillEditable(el: HTMLElement, value: string, name: string): ControlOutcome {
  const editable = (() => {
    const v = el.closest('[contenteditable]')?.getAttribute('contenteditable')
    return v != null && v.trim().toLowerCase() !== 'false'
  })()
  if (!editable || el.getAttribute('aria-readonly') === 'true')
    return { ok: false, reason: 'readonly', detail: `the field ${JSON.stringify(name)} is read-only` }
  const doc = el.ownerDocument
  focus(el)
  let inserted = false
  try {
    const selection = doc.getSelection()
    if (selection) {
      selection.selectAllChildren(el)
      // insertText: plain text, the way typing inserts it (editors listen to beforeinput / input).
      inserted = typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, value)
    }
  } catch {
    inserted = false
  }
  const text = () => (el.innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim()
  if (!inserted || text() !== value.replace(/\s+/g, ' ').trim()) {
    el.textContent = value // text, never markup
    const Ctor = doc.defaultView?.InputEvent ?? doc.defaultView?.Event ?? Event
    el.dispatchEvent(new Ctor('input', { bubbles: true, composed: true, inputType: 'insertText', data: value }))
  }
  return { ok: true, shown: text(), acted: el }
}

/* ---------------------------------------------------------------- groups */

function chooseRadio(t: FillTarget, value: string, name: string): ControlOutcome {
  const radios = t.parts ?? []
  const nameOf = (r: Element) =>
    r.localName === 'input'
      ? labelTexts(r).join(' ') || r.getAttribute('aria-label') || (r as HTMLInputElement).value
      : accessibleName(r)
  const option = matchOption(radios, value, (r) => (r.localName === 'input' ? nameOf(r) : ''))
  const usable = radios.filter((r) => isEnabled(r))
  if (!option)
    return rejected(
      `no choice ${JSON.stringify(value)} in ${JSON.stringify(name)}; choices: ${quotedList(usable.map((r) => nameOf(r).replace(/\s+/g, ' ').trim()))}`,
    )
  const label =
    option.localName === 'input'
      ? ((option as HTMLInputElement).labels?.[0] ?? option.closest('label') ?? option)
      : option
  const refusal = toggleRefusal(label, option)
  if (refusal) return { ok: false, ...refusal }
  const checked = () =>
    option.localName === 'input' ? (option as HTMLInputElement).checked : option.getAttribute('aria-checked') === 'true'
  if (!checked()) clickElement(clickTargetOf(label, option))
  if (!checked())
    return rejected(`${JSON.stringify(name)} did not take the choice ${JSON.stringify(nameOf(option).trim())}`)
  return { ok: true, shown: nameOf(option).replace(/\s+/g, ' ').trim(), acted: option }
}

function fillSplitDate(t: FillTarget, value: string, name: string): ControlOutcome {
  const split = t.split ?? {}
  const date = parseSpokenDate(value, monthFirst(t.element))
  if (!date)
    return rejected(
      `${JSON.stringify(value)} is not a date ${JSON.stringify(name)} can take (say e.g. "31 March 1980")`,
    )
  const set = (el: Element | undefined, v: string) => {
    if (!el) return
    const input = el as HTMLInputElement
    focus(input)
    setNativeValue(input, v)
    dispatch(input, 'input')
    dispatch(input, 'change')
  }
  set(split.day, String(date.day))
  set(split.month, String(date.month))
  set(split.year, String(date.year))
  return { ok: true, shown: [...(split.day ? [date.day] : []), date.month, date.year].join('/'), acted: t.element }
}

/* ---------------------------------------------------------------- entry point */

/**
 * Puts a spoken `value` into the chosen target (see the module doc). Never throws for odd markup (the executor
 * catches the rest).
 */
export function operateControl(t: FillTarget, value: string): ControlOutcome | Promise<ControlOutcome> {
  const el = t.element
  const name = targetName(t) || el.localName
  switch (t.kind) {
    case 'select':
      return selectOption(el as HTMLSelectElement, value, name)
    case 'combobox':
      return comboboxChoose(el, value, name)
    case 'listbox':
      return listboxChoose(el, value, name)
    case 'radiogroup':
      return chooseRadio(t, value, name)
    case 'split-date':
      return fillSplitDate(t, value, name)
    case 'editable':
      return fillEditable(el as HTMLElement, value, name)
    case 'date': {
      const input = el as HTMLInputElement
      const type = input.type.toLowerCase()
      const v = dateInputValue(type, value, monthFirst(el))
      if (v === null)
        return rejected(
          `${JSON.stringify(value)} is not a ${type === 'datetime-local' ? 'date and time' : type} ${JSON.stringify(name)} can take`,
        )
      return setInputValue(input, v, name, value)
    }
    case 'range': {
      const input = el as HTMLInputElement
      const range = numberRange(input)
      const n = spokenNumberFor(value, range)
      if (n === null) return rejected(`${JSON.stringify(value)} is not a number ${JSON.stringify(name)} can take`)
      return outOfRange(n, range, name) ?? setInputValue(input, String(n), name, value)
    }
    case 'slider':
    case 'spinbutton': {
      const range = numberRange(el)
      const n = spokenNumberFor(value, range)
      if (n === null) return rejected(`${JSON.stringify(value)} is not a number ${JSON.stringify(name)} can take`)
      return outOfRange(n, range, name) ?? keyToValue(el, n, name)
    }
    case 'text':
    case 'number':
      return { ok: true, shown: '', acted: el } // typed by the executor (SPEC §5 path, maxlength, password mask)
  }
}

export { closestFieldNames, isVisible }
