/**
 * Fields that take a date or a time as a person sees them, whoever drew them: what makes a text input a date
 * picker's (./pickers.ts operates it), and the visible copy a date picker shows a named hidden input in
 * (./standIns.ts). Read from names, placeholders, values and ARIA, never from a library's classes.
 * @module
 */
import { sectionsGroupOf } from './sections'
import { parseSpokenDate, parseSpokenDateTime, parseSpokenTime } from './spoken'

/** Words of a field's name or placeholder that say it takes a date or a time. */
const DATE_WORDS = /\b(dates?|times?|days?|calendar|birthday|dob)\b/i

const TEXT_TYPES = new Set(['', 'text', 'search'])
const typeOf = (el: Element) => (el.getAttribute('type') ?? '').trim().toLowerCase()

/** The texts of the `<label for>` elements and `aria-labelledby` of `el` (a hidden input has no `labels`). */
function namingTexts(el: Element): string[] {
  const root = el.getRootNode() as Document | ShadowRoot
  if (typeof root.querySelectorAll !== 'function') return []
  const out: string[] = []
  const id = el.getAttribute('id')
  if (id)
    for (const l of root.querySelectorAll('label')) if (l.getAttribute('for') === id) out.push(l.textContent ?? '')
  for (const ref of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/))
    if (ref) out.push(root.querySelector(`[id="${ref.replace(/["\\]/g, '\\$&')}"]`)?.textContent ?? '')
  return out.filter((t) => t.trim())
}

/** Whether a value reads as a date, a date and time, or a time. */
const isDateValue = (v: string) =>
  v.trim() !== '' && (parseSpokenDate(v) !== null || parseSpokenDateTime(v) !== null || parseSpokenTime(v) !== null)

/**
 * Whether a text input takes a date or a time as a person sees it: it says it opens a dialog or grid
 * (`aria-haspopup`), holds a date or time, or its name, title or placeholder says date / time / day / calendar
 * ("Arrival date", "Select your date of birth"). `extraNames`: the names of a hidden input it is the copy of.
 */
export function takesDates(el: Element, extraNames: readonly string[] = []): boolean {
  const popup = el.getAttribute('aria-haspopup')?.toLowerCase()
  if (popup === 'dialog' || popup === 'grid') return true
  if (isDateValue((el as HTMLInputElement).value ?? '')) return true
  const names = [
    ...extraNames,
    el.getAttribute('placeholder') ?? '',
    el.getAttribute('aria-label') ?? '',
    el.getAttribute('title') ?? '',
    ...Array.from((el as HTMLInputElement).labels ?? [], (l) => l.textContent ?? ''),
  ]
  return names.some((n) => DATE_WORDS.test(n))
}

/**
 * The visible copy of a named hidden date input (see the module doc), or `null`: the next element, a visible text
 * input without a label of its own, showing the same date (or, both empty, a field that takes dates).
 */
export function visibleCopyOf(el: Element): HTMLInputElement | null {
  if (el.localName !== 'input' || typeOf(el) !== 'hidden') return null
  const next = el.nextElementSibling
  if (next?.localName !== 'input' || !TEXT_TYPES.has(typeOf(next))) return null
  const copy = next as HTMLInputElement
  if ((copy.labels?.length ?? 0) > 0 || copy.hasAttribute('aria-labelledby')) return null
  const names = namingTexts(el)
  if (names.length === 0) return null
  const hidden = (el as HTMLInputElement).value
  if (hidden.trim() || copy.value.trim()) {
    const a = parseSpokenDate(hidden) ?? parseSpokenDate(hidden.split(/[T ]/)[0] ?? '')
    const b = dateOfShown(copy.value)
    return a && b && a.year === b.year && a.month === b.month && a.day === b.day ? copy : null
  }
  return takesDates(copy, names) ? copy : null
}

/** The date a copy shows in whatever format ("August 5, 1990", "05/08/1990"), day or month first. */
function dateOfShown(v: string) {
  return parseSpokenDate(v) ?? parseSpokenDate(v, true)
}

/**
 * Whether `el` is a picker's input (./pickers.ts): a read-only text input that takes dates, a hidden input
 * with a visible copy, or the hidden input of a sectioned date field (./sections.ts).
 */
export function isPickerInput(el: Element): boolean {
  if (sectionsGroupOf(el)) return true
  if (el.localName !== 'input') return false
  const type = typeOf(el)
  if (type === 'hidden') return visibleCopyOf(el) !== null
  return TEXT_TYPES.has(type) && (el as HTMLInputElement).readOnly && takesDates(el)
}
