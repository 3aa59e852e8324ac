/**
 * How a fill operates each kind of control once ./chooseField.ts has chosen it, with the value spoken.
 *
 * Every value is set the way frameworks observe it (React, Vue and Angular controlled inputs): through the
 * native `value` setter of the element's prototype (./effects.ts `setNativeValue`), then `input` and `change`.
 * Widgets built from ARIA roles are operated as a keyboard user would (WAI-ARIA Authoring Practices keyboard
 * interaction): selects, comboboxes and listboxes in ./selects.ts; sliders, spin buttons and range inputs take
 * Home / End / Page / Arrow keys until the value they show is the wanted one (./sliders.ts). A text or number field (SPEC §5 "Voice fill") is typed
 * into here too: a spoken number as digits, a text date picker's date typed and read back (./typedDates.ts), `maxlength` kept. A control that does not take the value is refused (`rejected-value`) and
 * left as it was where the platform allows.
 *
 * Results: `{ ok: true, shown }` (`shown` is what the visitor sees now, for the toast and the report), or a
 * refusal with a sentence naming the control and, where useful, the choices it offers.
 * @module
 */
import type { FillTarget } from './fillKinds'
import { quotedList, targetName } from './fieldNames'
import { composedParent, isEnabled, isReadOnly } from './dom'
import { accessibleName, describeElement, labelTexts } from './accessibleNames'
import { clickElement, dispatch, focus, setNativeValue } from './effects'
import { moveWithKeys } from './sliders'
import { clickTargetOf, toggleRefusal } from './toggle'
import { rejected, type ControlOutcome } from './refusals'
import { comboboxChoose, listboxChoose, matchOption, selectOption } from './selects'
import {
  announcedDateFormat,
  dateInputValue,
  foldText,
  formatSpokenDate,
  isoDate,
  parseSpokenDate,
  parseSpokenNumber,
} from './spoken'
import { fillPicker } from './pickers'
import { takesDates } from './dateFields'
import { choosePopupValue } from './popups'
import { pickerCandidates, shownDateFormat, typeAndReadBack } from './typedDates'
import { fieldValueFor, spokenNumber } from './values/fieldValue'
import { toAsciiDigits } from './values/script'

export type { ControlOutcome }

/** Whether the page's language reads `03/12/2027` month first (en-US). */
function monthFirst(el: Element): boolean {
  const lang = (
    el.closest('[lang]')?.getAttribute('lang') ??
    el.ownerDocument.documentElement.getAttribute('lang') ??
    ''
  ).toLowerCase()
  return lang === 'en-us'
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

function setInputValue(
  input: HTMLInputElement | HTMLTextAreaElement,
  value: string,
  name: string,
  spoken: string,
): ControlOutcome {
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
    const field = input as HTMLInputElement
    return rejected(rejectedValueDetail(name, spoken, field.min ?? '', field.max ?? ''))
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

/* ---------------------------------------------------------------- text and number fields (SPEC §5) */

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
 * custom element around it (inside its form) that has one — a web component's `<x-date-picker min max>`,
 * whose text box takes any date — as an attribute or, when a framework set it, a string property (a component
 * need not reflect them). A bound is read as an ISO 8601 date (`2026-01-01`, what native date inputs take) or in
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

/**
 * Types a spoken value into a text or number field (SPEC §5 "Voice fill"): a spoken number as digits ("twenty
 * five" → `25`) in a number field; in a text date picker that announces its format (a date picker's
 * `YYYY-MM-DD`) the date in that format, within its `min` / `max`; then converted and checked by
 * ./values/fieldValue.ts (a value `maxlength` would cut short is refused, never cut). Set through
 * {@link setInputValue}: a value the field does not keep is refused and the old value restored before any event.
 * A password's `shown` is masked (at most 8 bullets).
 */
function fillText(
  el: HTMLInputElement | HTMLTextAreaElement,
  kind: 'text' | 'number',
  spoken: string,
  name: string,
): ControlOutcome | Promise<ControlOutcome> {
  let value = spoken
  const dateFormat = kind === 'text' ? textDateFormat(el) : null
  if (!dateFormat && kind === 'text' && el.localName === 'input' && opensDatePicker(el)) {
    const typed = pickerCandidates(spoken, monthFirst(el), shownDateFormat(el as HTMLInputElement, monthFirst(el)))
    if (typed) return typeAndReadBack(el as HTMLInputElement, typed, spoken, name)
  }
  if (dateFormat) {
    // A text date picker takes only its own format.
    const monthFirst = dateFormat.startsWith('M')
    const date = parseSpokenDate(value, monthFirst)
    const written = date && formatSpokenDate(value, dateFormat, monthFirst)
    if (!date || !written)
      return rejected(`${JSON.stringify(value)} is not a date ${describeElement(el)} can take (it takes ${dateFormat})`)
    // Its earliest and latest dates, as a native date input's `min` / `max`: a date outside them is refused
    // and the old value kept (the picker's own calendar offers no other; its text box would take it).
    const { min, max } = textDateBounds(el, monthFirst)
    const iso = isoDate(date)
    if ((min && iso < min.iso) || (max && iso > max.iso))
      return rejected(rejectedValueDetail(name, value, min?.text, max?.text))
    value = written
    // Typed at once, then read back once the picker has parsed it (Enter, leaving the field): a day it does not
    // offer (its own earliest or latest, which it may not show in its markup) is not taken.
    {
      const wanted = { at: iso, monthFirst }
      return typeAndReadBack(el as HTMLInputElement, { texts: [{ text: written, monthFirst }], wanted }, spoken, name)
    }
  }
  // Converted first (digits of any script, number words, dictation), then held against the field's type,
  // maxlength, pattern, min/max: what it would cut short or cannot hold is refused, nothing written (./values).
  const checked = fieldValueFor(el, value, name)
  if (!checked.ok) return rejected(checked.detail)
  value = checked.value
  const ariaRange = spinbuttonRange(el)
  if (ariaRange) {
    const n = Number(toAsciiDigits(value).replace(/[,\s]/g, ''))
    const out = Number.isFinite(n) ? outOfRange(n, ariaRange, name) : null
    if (out) return out
  }
  const outcome = setInputValue(el, value, name, spoken)
  if (outcome.ok && isPasswordField(el)) return { ...outcome, shown: '•'.repeat(Math.min(8, el.value.length)) }
  return outcome
}

/**
 * Whether a text input is a date or time picker's: it announces a date format, or takes dates as a person sees it
 * (./dateFields.ts `takesDates`: `aria-haspopup` dialog or grid, a date it holds, a name or placeholder that says
 * date or time — "Select date", "Arrival date").
 */
function opensDatePicker(el: HTMLInputElement | HTMLTextAreaElement): boolean {
  return textDateFormat(el) !== null || takesDates(el)
}

/**
 * The bounds of a text input that is an ARIA spinbutton (WAI-ARIA 1.2 `spinbutton`: `aria-valuemin` /
 * `aria-valuemax`) — many component libraries' number fields are `type="text"` inputs whose range is
 * written only there, so the browser's own validity check does not see it. `null` for any other input.
 */
function spinbuttonRange(el: Element): { min: number; max: number } | null {
  if ((el.getAttribute('role') ?? '').trim().toLowerCase() !== 'spinbutton') return null
  const bound = (name: string, fallback: number) => {
    const v = el.getAttribute(name)
    const n = v === null || v.trim() === '' ? Number.NaN : Number(v)
    return Number.isFinite(n) ? n : fallback
  }
  const range = { min: bound('aria-valuemin', -Infinity), max: bound('aria-valuemax', Infinity) }
  return Number.isFinite(range.min) || Number.isFinite(range.max) ? range : null
}

function isPasswordField(el: Element): boolean {
  return el.localName === 'input' && (el.getAttribute('type') ?? '').toLowerCase() === 'password'
}

/**
 * Chooses through the popup the target's visible trigger opens (./popups.ts); a field where no popup appears is
 * refused as what it is (read-only, or not visible).
 */
async function operateViaPopup(t: FillTarget, value: string, name: string): Promise<ControlOutcome> {
  const el = t.element
  const outcome = await choosePopupValue(el, t.shownBy ?? el, value, name)
  if (outcome) return outcome
  return isReadOnly(el)
    ? { ok: false, reason: 'readonly', detail: `the field ${JSON.stringify(name)} is read-only` }
    : { ok: false, reason: 'hidden', detail: `the field ${JSON.stringify(name)} is not visible` }
}

/* ---------------------------------------------------------------- entry point */

/**
 * Puts a spoken `value` into the chosen target (see the module doc). Never throws for odd markup (the executor
 * catches the rest).
 */
export function operateControl(t: FillTarget, value: string): ControlOutcome | Promise<ControlOutcome> {
  const el = t.element
  const name = targetName(t) || el.localName
  if (t.via === 'popup') return operateViaPopup(t, value, name)
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
    case 'picker':
      return fillPicker(el as HTMLInputElement, (t.shownBy ?? el) as HTMLInputElement, value, name, monthFirst(el))
    case 'popup':
      return operateViaPopup(t, value, name)
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
      return outOfRange(n, range, name) ?? moveWithKeys(input, n, range, name)
    }
    case 'slider':
    case 'spinbutton': {
      const range = numberRange(el)
      const n = spokenNumberFor(value, range)
      if (n === null) return rejected(`${JSON.stringify(value)} is not a number ${JSON.stringify(name)} can take`)
      return outOfRange(n, range, name) ?? moveWithKeys(el, n, range, name)
    }
    case 'text':
    case 'number':
      return fillText(el as HTMLInputElement | HTMLTextAreaElement, t.kind, value, name)
  }
}
