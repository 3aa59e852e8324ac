/**
 * What a fill writes into: the kinds of fill target ({@link FillKind}, {@link FillTarget}) and the field types a
 * command may name (SPEC §5 "field type mapping"). How targets are collected: ./fillTargets.ts; how they are named:
 * ./fieldNames.ts; how one is chosen: ./chooseField.ts.
 */
import type { FieldType } from './schema'
import { toFieldType } from './schema'
import { normalizeText } from './dom'
import { isPickerInput } from './dateFields'

/** `input` types SPEC §5 calls fields (plus `textarea`): typed into as text. */
export const FILLABLE_INPUT_TYPES: ReadonlySet<string> = new Set([
  '',
  'text',
  'email',
  'password',
  'tel',
  'number',
  'url',
  'search',
])
/** `input` types whose value is a date or time (HTML §2.3.5 formats; spoken values are converted, ./spoken.ts). */
export const DATE_INPUT_TYPES: ReadonlySet<string> = new Set(['date', 'time', 'datetime-local', 'month', 'week'])

/**
 * What a fill writes into:
 * `text` (text-like input, textarea), `number` (input number), `date` (date/time inputs), `range` (input range),
 * `select`, `combobox` (ARIA), `listbox` (standalone ARIA listbox), `slider` / `spinbutton` (ARIA),
 * `editable` (contenteditable, role=textbox), `radiogroup`, `split-date` (Day / Month / Year fields), `picker` (an
 * input a date picker library writes from the calendar it draws: ./pickers.ts).
 */
export type FillKind =
  | 'text'
  | 'number'
  | 'date'
  | 'range'
  | 'select'
  | 'combobox'
  | 'listbox'
  | 'slider'
  | 'spinbutton'
  | 'editable'
  | 'radiogroup'
  | 'split-date'
  | 'picker'
  | 'popup'

/** A fill candidate: the element named and acted on, and for groups their parts. */
export interface FillTarget {
  kind: FillKind
  /** The control, or the group's container (fieldset, radiogroup). */
  element: Element
  /** Radios of a radio group (DOM order); Day, Month, Year inputs of a split date (undefined where missing). */
  parts?: Element[]
  split?: { day?: Element; month?: Element; year?: Element }
  /**
   * The visible widget a library draws in place of a hidden native control (./standIns.ts): judged for
   * visibility, scrolled to and highlighted instead of the control.
   */
  shownBy?: Element
  /**
   * `popup`: operated through the popup a person opens (./popups.ts) — a hidden or read-only control whose
   * visible trigger opens a list, a listbox button, a text box that only takes what its list offers.
   */
  via?: 'popup'
}

/** True for a `textarea` or an `input` of a text-like type ({@link FILLABLE_INPUT_TYPES}). */
export function isFillable(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (el.localName === 'textarea') return true
  if (el.localName !== 'input') return false
  return FILLABLE_INPUT_TYPES.has(inputType(el))
}

/** An `input`'s `type` attribute, trimmed and lower-case ('' when absent). */
export const inputType = (el: Element): string => (el.getAttribute('type') ?? '').trim().toLowerCase()
/** The first token of an element's `role` attribute, lower-case ('' when absent). */
export const roleAttr = (el: Element): string => el.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase() ?? ''

/** True for a `contenteditable` editing host (not a descendant of another editable region). */
export function isEditingHost(el: Element): boolean {
  const v = el.getAttribute('contenteditable')
  if (v === null || v.trim().toLowerCase() === 'false') return false
  const parent = el.parentElement
  const pv = parent?.closest('[contenteditable]')?.getAttribute('contenteditable')
  return !(pv !== undefined && pv !== null && pv.trim().toLowerCase() !== 'false')
}

/** The fill kind of a single control, or `undefined` when a fill never writes into it. */
export function fillKindOf(el: Element): FillKind | undefined {
  const tag = el.localName
  const role = roleAttr(el)
  if (tag === 'input') {
    if (isPickerInput(el)) return 'picker'
    const type = inputType(el)
    if (role === 'combobox') return 'combobox'
    if (type === 'number') return 'number'
    if (FILLABLE_INPUT_TYPES.has(type)) return 'text'
    if (DATE_INPUT_TYPES.has(type)) return 'date'
    if (type === 'range') return 'range'
    return undefined
  }
  if (tag === 'textarea') return 'text'
  if (tag === 'select') return 'select'
  if (role === 'combobox') return 'combobox'
  if (role === 'listbox') return 'listbox'
  if (role === 'slider') return 'slider'
  if (role === 'spinbutton') return 'spinbutton'
  if (isEditingHost(el)) return 'editable'
  if (role === 'textbox' || role === 'searchbox') return 'editable'
  return undefined
}

/** Whether a target is of a field type a command names (`date` also covers a split date, `select` any list). */
export function hasFieldType(t: FillTarget, type: FieldType): boolean {
  switch (type) {
    case 'date':
      return t.kind === 'split-date' || t.kind === 'picker' || (t.kind === 'date' && inputType(t.element) === 'date')
    case 'time':
    case 'datetime-local':
    case 'month':
    case 'week':
      return t.kind === 'date' && inputType(t.element) === type
    case 'select':
      return t.kind === 'select' || t.kind === 'combobox' || t.kind === 'listbox' || t.kind === 'popup'
    case 'range':
      return t.kind === 'range' || t.kind === 'slider'
    case 'radio':
      return t.kind === 'radiogroup'
    case 'number':
      return t.kind === 'number' || t.kind === 'spinbutton'
    case 'textarea':
      return t.element.localName === 'textarea' || t.kind === 'editable'
    default:
      return fieldTypeOf(t.element) === type
  }
}

/** The SPEC §5 field type of a text-like element (`search` and untyped inputs are `text`). */
export function fieldTypeOf(el: Element): FieldType | undefined {
  if (el.localName === 'textarea') return 'textarea'
  if (el.localName !== 'input') return undefined
  const type = inputType(el)
  if (type === '' || type === 'text' || type === 'search') return 'text'
  return toFieldType(type)
}

const TYPE_FILLERS = new Set([
  'the',
  'a',
  'an',
  'my',
  'your',
  'our',
  'field',
  'box',
  'input',
  'address',
  'number',
  'please',
  'in',
  'into',
])

/**
 * A field type the hint names and nothing else: "email", "your email address", "phone number", "the website" →
 * email / tel / url. A hint with other words ("card number", "company website") names a field, not a type.
 */
export function fieldTypeFromHint(hint: string | undefined): FieldType | undefined {
  if (!hint) return undefined
  const whole = toFieldType(hint)
  // "name", "text": every text field has that type — a hint saying it names no field by type.
  if (whole === 'text') return undefined
  if (whole) return whole
  let found: FieldType | undefined
  for (const word of normalizeText(hint).split(' ')) {
    if (!word || TYPE_FILLERS.has(word)) continue
    const type = word === 'name' || word === 'text' ? undefined : toFieldType(word)
    if (!type || (found !== undefined && found !== type)) return undefined
    found = type
  }
  return found
}
