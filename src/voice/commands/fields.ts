/**
 * How a field is chosen for a fill command (SPEC §5 "Voice fill": found by label text, then by field type
 * mapping, then by name, then the first visible enabled field — the last step only where it cannot be wrong).
 *
 * Candidates ({@link FillTarget}), in the document, its open shadow roots and same-origin frames, outside the
 * widget (`[data-voice-ignore]`):
 * - `textarea` and text-like `input`s (no type, text, email, password, tel, url, search) — SPEC §5's fields;
 * - the other controls a visitor fills by saying a value: `input` number / date / time / datetime-local / month /
 *   week / range, `select` (single and multiple), ARIA comboboxes (`role=combobox`, select-only and editable),
 *   standalone listboxes, `role=slider`, `role=spinbutton`, `contenteditable` regions and `role=textbox`;
 * - groups: a radio group (radios sharing a `name`, or a `role=radiogroup`) named by its fieldset legend /
 *   radiogroup label / the shared `name`; a date split into Day / Month / Year fields inside one `fieldset` or
 *   `role=group` (the GOV.UK date input pattern) named by its legend.
 * With `selector`, only the candidates it matches (or that lie inside what it matches).
 *
 * Steps, in order; the first step that matches any candidate decides (later steps are not consulted):
 * 1. the accessible name (SPEC §5 "label text", computed in HTML-AAM's order: `aria-labelledby`, `aria-label`,
 *    `<label>` — a group's `legend` —, `title`, `placeholder` last);
 * 2–5. each of those sources on its own, in the same order (a label that an `aria-label` overrides, a placeholder
 *    beside a label); then synonyms of the hint ("mobile" / "phone" / "cell", ./synonyms.ts) against them all;
 *    a name that the hint contains plus more words ("return journey date" for "Journey date") is not a match;
 * 6. field type — the hint when it is nothing but type words ("your email", "phone number"), else (no hint)
 *    `fieldType`; it decides only when exactly one usable field has the type;
 * 7. `name` / `id` (`userEmail`, `user_email` → "user email");
 * 8. the first field — only when the page (or the form holding the focus) has exactly one visible, enabled,
 *    fillable candidate and it is not a password field. Otherwise the fill is refused and the refusal lists the
 *    closest field names (at most {@link CLOSEST_NAMES_MAX}) so the assistant can ask.
 * Steps 1–5 and 7 rank by how well the hint matches (exact before partial). The best match decides: when two or
 * more candidates tied with it could be filled, the one in the form holding the focus is, else the fill is refused
 * with their names (no guess); otherwise the first tied candidate that passes ./refusals.ts (visible, enabled,
 * not read-only) is filled; when
 * none does, the command is refused with the best one's reason, never passed to a weaker match. A hidden best
 * match that a choice reveals (a GOV.UK "conditional reveal": the radio or checkbox whose `aria-controls` names
 * its container) is refused with the choice that reveals it.
 */
import type { FieldType, FillCommand } from './schema'
import { toFieldType } from './schema'
import {
  composedAncestors,
  composedParent,
  composedText,
  isEnabled,
  isReadOnly,
  isVisible,
  labelledByText,
  labelTexts,
  normalizeText,
  quotedName,
  searchRoots,
} from './dom'
import { bestScore, bestTies, createMatcher, type Ranked } from './match'
import { refusalOf, type Refusal } from './refusals'
import type { LookupContext } from './click'
import { foldText } from './spoken'
import { runToEnd, SLICE_AFTER, SLICE_EVERY, type LookupSteps } from './steps'
import { synonymHints } from './synonyms'

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
/** Most field names a "no such field" refusal lists. */
export const CLOSEST_NAMES_MAX = 5

/**
 * What a fill writes into:
 * `text` (text-like input, textarea), `number` (input number), `date` (date/time inputs), `range` (input range),
 * `select`, `combobox` (ARIA), `listbox` (standalone ARIA listbox), `slider` / `spinbutton` (ARIA),
 * `editable` (contenteditable, role=textbox), `radiogroup`, `split-date` (Day / Month / Year fields).
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

/** A fill candidate: the element named and acted on, and for groups their parts. */
export interface FillTarget {
  kind: FillKind
  /** The control, or the group's container (fieldset, radiogroup). */
  element: Element
  /** Radios of a radio group (DOM order); Day, Month, Year inputs of a split date (undefined where missing). */
  parts?: Element[]
  split?: { day?: Element; month?: Element; year?: Element }
}

/** True for a `textarea` or an `input` of a text-like type ({@link FILLABLE_INPUT_TYPES}). */
export function isFillable(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (el.localName === 'textarea') return true
  if (el.localName !== 'input') return false
  return FILLABLE_INPUT_TYPES.has(inputType(el))
}

const inputType = (el: Element): string => (el.getAttribute('type') ?? '').trim().toLowerCase()
const roleAttr = (el: Element): string => el.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase() ?? ''

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
      return t.kind === 'split-date' || (t.kind === 'date' && inputType(t.element) === 'date')
    case 'time':
    case 'datetime-local':
    case 'month':
    case 'week':
      return t.kind === 'date' && inputType(t.element) === type
    case 'select':
      return t.kind === 'select' || t.kind === 'combobox' || t.kind === 'listbox'
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

/** `userEmail` / `user_email` / `user-email` → `user email`. */
export function splitIdentifier(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.[\]]+/g, ' ')
}

/** The `legend` text of a fieldset (its first `legend` child), else ''. */
function legendText(el: Element): string {
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === 'legend') return composedText(child)
  }
  return ''
}

/** Label texts of a target: `<label>`s of a native control, a group's legend. */
function targetLabels(t: FillTarget): string[] {
  if (t.kind === 'radiogroup' || t.kind === 'split-date')
    return t.element.localName === 'fieldset' ? [legendText(t.element)] : []
  return labelTexts(t.element)
}

/**
 * The sources of a target's name in HTML-AAM's order (HTML Accessibility API Mappings §4.1.1 "input type=text…
 * accessible name computation": `aria-labelledby`, `aria-label`, the `<label>`s — a group's `legend` —, `title`,
 * and last `placeholder`).
 */
const NAME_SOURCES: readonly { step: string; names: (t: FillTarget) => string[] }[] = [
  { step: 'aria-labelledby', names: (t) => [labelledByText(t.element)] },
  { step: 'aria-label', names: (t) => [t.element.getAttribute('aria-label') ?? ''] },
  { step: 'label', names: targetLabels },
  { step: 'title', names: (t) => [t.element.getAttribute('title') ?? ''] },
  { step: 'placeholder', names: (t) => [t.element.getAttribute('placeholder') ?? ''] },
]

/** A target's accessible name: the first source of {@link NAME_SOURCES} that gives text (HTML-AAM), else ''. */
export function accessibleFieldName(t: FillTarget): string {
  for (const { names } of NAME_SOURCES) {
    const name = names(t).join(' ').replace(/\s+/g, ' ').trim()
    if (name) return name
  }
  return ''
}

/**
 * The names of a target per lookup step: 1 its accessible name (SPEC §5 "label text", computed as assistive
 * technology computes it: {@link accessibleFieldName}); then each source on its own, in HTML-AAM's order — a
 * visible label an `aria-label` overrides, a placeholder beside a label ("Enter phone number") —, weaker steps.
 */
export const NAME_STEPS: readonly { step: string; names: (t: FillTarget) => string[] }[] = [
  { step: 'accessible-name', names: (t) => [accessibleFieldName(t)] },
  ...NAME_SOURCES,
]

/** `name` / `id` of a target, split into words (a radio group: the shared `name`). */
function identifierNames(t: FillTarget): string[] {
  const el =
    t.kind === 'radiogroup' &&
    t.parts?.[0] &&
    t.element.localName !== 'fieldset' &&
    roleAttr(t.element) !== 'radiogroup'
      ? t.parts[0]
      : t.element
  const names = [
    el.getAttribute('name') ?? '',
    t.kind === 'radiogroup' && el !== t.element ? '' : (el.getAttribute('id') ?? ''),
  ]
  if (t.kind === 'radiogroup') names.push(t.parts?.[0]?.getAttribute('name') ?? '')
  return names.map(splitIdentifier)
}

/** The name a visitor would use for a target (first of label, aria names, placeholder, title, name/id). */
export function targetName(t: FillTarget): string {
  for (const { names } of NAME_STEPS) {
    const name = names(t).join(' ').replace(/\s+/g, ' ').trim()
    if (name) return name
  }
  return identifierNames(t).join(' ').replace(/\s+/g, ' ').trim()
}

/** A split date's part a field is: by its label, else by its `name`/`id` ending (`dob-day`, `dateOfBirth[month]`). */
function datePartOf(el: Element): 'day' | 'month' | 'year' | undefined {
  const label = foldText(labelTexts(el).join(' ') || el.getAttribute('aria-label') || '')
  for (const part of ['day', 'month', 'year'] as const) if (label === part) return part
  const id = foldText(splitIdentifier(`${el.getAttribute('name') ?? ''} ${el.getAttribute('id') ?? ''}`))
  for (const part of ['day', 'month', 'year'] as const) if (new RegExp(`(^| )${part}( |$)`).test(id)) return part
  return undefined
}

const FILL_CANDIDATE_TAGS = new Set(['input', 'textarea', 'select', 'fieldset'])
const FILL_CANDIDATE_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'slider',
  'spinbutton',
  'radio',
  'radiogroup',
  'group',
])

/**
 * Every fill candidate of the document (see the module doc), in tree order: controls first as found, then
 * radio groups and split dates at their container's place. One `querySelectorAll` per search root.
 */
export function collectFillTargets(doc: Document, ctx: LookupContext, roots = searchRoots(doc)): FillTarget[] {
  return runToEnd(fillTargetSteps(ctx, roots))
}

/** {@link collectFillTargets} as steps that may be run in slices (./steps.ts): a yield point every 64th element. */
function* fillTargetSteps(ctx: LookupContext, roots: (Document | ShadowRoot)[]): LookupSteps<FillTarget[]> {
  const out: FillTarget[] = []
  const radioGroups = new Map<string | Element, FillTarget>()
  const controlled = new Set<string>()
  const listboxes: Element[] = []
  // Tag names and bare attributes (Chromium matches them several times faster than attribute values); the
  // roles (`[role=textbox]`…, whole value, case-sensitive) are checked in script.
  const SELECTOR = 'input, textarea, select, fieldset, [contenteditable], [role]'
  let rootIndex = 0
  let visited = 0
  for (const root of roots) {
    rootIndex++
    let all: Element[]
    try {
      all = Array.from(root.querySelectorAll(SELECTOR))
    } catch {
      continue
    }
    for (const el of all) {
      if (visited >= SLICE_AFTER && visited % SLICE_EVERY === 0) yield
      visited++
      const tag = el.localName
      if (!FILL_CANDIDATE_TAGS.has(tag) && !el.hasAttribute('contenteditable')) {
        const roleValue = el.getAttribute('role')
        if (roleValue === null || !FILL_CANDIDATE_ROLES.has(roleValue)) continue
      }
      if (ctx.isIgnored(el)) continue
      const role = roleAttr(el)
      if ((tag === 'input' && inputType(el) === 'radio') || role === 'radio') {
        // A native group: same name in the same form (or root); ARIA: the radiogroup around it.
        const ariaGroup = role === 'radio' ? el.closest('[role=radiogroup]') : null
        const name = el.getAttribute('name')
        const key: string | Element | null = ariaGroup ?? (name ? `${rootIndex}|${formKey(el)}|${name}` : null)
        if (key === null) continue
        let group = radioGroups.get(key)
        if (!group) {
          group = { kind: 'radiogroup', element: ariaGroup ?? el, parts: [] }
          radioGroups.set(key, group)
          out.push(group)
        }
        group.parts!.push(el)
        continue
      }
      if (role === 'combobox') {
        for (const attr of ['aria-controls', 'aria-owns'])
          for (const id of (el.getAttribute(attr) ?? '').split(/\s+/)) if (id) controlled.add(id)
      }
      if (tag === 'fieldset' || role === 'group') {
        const inputs = Array.from(el.querySelectorAll('input')).filter((i) => {
          const type = inputType(i)
          return type === '' || type === 'text' || type === 'number' || type === 'tel'
        })
        if (inputs.length >= 2 && inputs.length <= 3) {
          const split: { day?: Element; month?: Element; year?: Element } = {}
          for (const input of inputs) {
            const part = datePartOf(input)
            if (part && !split[part]) split[part] = input
          }
          if (split.month && split.year && inputs.length === Object.keys(split).length)
            out.push({ kind: 'split-date', element: el, parts: inputs, split })
        }
        continue
      }
      if (role === 'radiogroup') continue
      const kind = fillKindOf(el)
      if (!kind) continue
      if (kind === 'listbox') {
        listboxes.push(el)
        continue
      }
      out.push({ kind, element: el })
    }
  }
  // A listbox a combobox controls is that combobox's popup, not a field of its own.
  for (const el of listboxes)
    if (!controlled.has(el.getAttribute('id') ?? '')) out.push({ kind: 'listbox', element: el })
  // Radio groups take the fieldset around all their radios as their container (its legend names them).
  for (const group of radioGroups.values()) {
    if (group.element.localName !== 'input' && roleAttr(group.element) !== 'radio') continue
    const parts = group.parts!
    const fieldset = parts[0]!.closest('fieldset')
    if (fieldset && parts.every((p) => fieldset.contains(p))) group.element = fieldset
  }
  return out
}

function formKey(el: Element): string {
  const form = (el as HTMLInputElement).form
  if (!form) return ''
  return form.id || `form@${Array.from(form.ownerDocument.forms).indexOf(form)}`
}

/** The element a target's visibility and enablement are judged on (a radio group: its first usable radio). */
function judged(t: FillTarget): Element[] {
  if (t.kind === 'split-date') return t.parts ?? [t.element]
  return [t.element]
}

/**
 * Whether a combobox input that is itself not seen is the text box of a visible control: tom-select moves its
 * `role=combobox` input off-screen at opacity 0 while the control shows the chosen item (`.input-hidden`), and
 * focusing it brings it back. Only layout hides it (no `hidden`, `inert`, `aria-hidden`, `display: none`,
 * `visibility: hidden`), and its parent box is visible. A honeypot is never a combobox.
 */
function comboboxBoxShown(el: Element): boolean {
  try {
    const check = (el as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility
    if (typeof check !== 'function' || !check.call(el, { visibilityProperty: true })) return false
    for (const node of composedAncestors(el))
      if (node.hasAttribute('hidden') || node.hasAttribute('inert') || node.getAttribute('aria-hidden') === 'true')
        return false
    const parent = composedParent(el)
    return parent !== null && isVisible(parent)
  } catch {
    return false
  }
}

/** The refusal of filling `t`, or `null` (./refusals.ts; groups: every part must be visible and enabled). */
export function fillRefusalOf(t: FillTarget): Refusal | null {
  if (t.kind === 'radiogroup') {
    if (t.element.localName === 'fieldset' || roleAttr(t.element) === 'radiogroup') {
      if (!isVisible(t.element))
        return {
          reason: 'hidden',
          detail: `the choice ${quotedName(t.element) === `<${t.element.localName}>` ? JSON.stringify(targetName(t)) : quotedName(t.element)} is not visible`,
        }
      if (!isEnabled(t.element))
        return { reason: 'disabled', detail: `the choice ${JSON.stringify(targetName(t))} is disabled` }
    }
    return null // each radio is judged when chosen (./controls.ts)
  }
  for (const el of judged(t)) {
    const r = refusalOf(el, 'fill')
    if (r?.reason === 'hidden' && t.kind === 'combobox' && comboboxBoxShown(el)) {
      if (!isEnabled(el)) return { reason: 'disabled', detail: `the field ${quotedName(el)} is disabled` }
      if (isReadOnly(el)) return { reason: 'readonly', detail: `the field ${quotedName(el)} is read-only` }
      continue
    }
    if (r)
      return t.kind === 'split-date'
        ? {
            reason: r.reason,
            detail: `the date ${JSON.stringify(targetName(t))} ${r.reason === 'hidden' ? 'is not visible' : `is ${r.reason === 'readonly' ? 'read-only' : 'disabled'}`}`,
          }
        : r
  }
  return null
}

/** The visible choice (radio or checkbox, with its group's name) that reveals the hidden `el`, if any. */
export function revealedBy(el: Element): string | null {
  try {
    const root = el.getRootNode() as Document | ShadowRoot
    if (typeof root.querySelectorAll !== 'function') return null
    for (const node of composedAncestors(el)) {
      const id = node.getAttribute('id')
      if (!id) continue
      const escaped = id.replace(/["\\]/g, '\\$&')
      const trigger = root.querySelector(`[aria-controls~="${escaped}"], [data-aria-controls="${escaped}"]`)
      if (!trigger || trigger === el) continue
      const name = (labelTexts(trigger).join(' ') || trigger.getAttribute('aria-label') || composedText(trigger))
        .replace(/\s+/g, ' ')
        .trim()
      const fieldset = trigger.closest('fieldset')
      const group = fieldset ? legendText(fieldset).replace(/\s+/g, ' ').trim() : ''
      if (name) return group ? `${JSON.stringify(name)} (${group})` : JSON.stringify(name)
    }
  } catch {
    /* odd markup */
  }
  return null
}

/** Outcome of {@link chooseField}: the target (and the step that found it), or a refusal. */
export type FieldChoice = ({ ok: true; target: FillTarget; element: Element } | ({ ok: false } & Refusal)) & {
  step?: string
}

/** Among targets tied for the best match, the first that may be filled, else the best one's refusal. */
function* pickTarget(ties: FillTarget[], describe: string): LookupSteps<FieldChoice> {
  let first: Refusal | null = null
  for (let i = 0; i < ties.length; i++) {
    if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
    const t = ties[i]!
    const r = fillRefusalOf(t)
    if (r === null) return { ok: true, target: t, element: t.element }
    if (first === null && r.reason === 'hidden') {
      const by = revealedBy(t.kind === 'split-date' ? t.element : t.element)
      first = by
        ? { reason: 'hidden', detail: `the field ${JSON.stringify(targetName(t))} appears only after choosing ${by}` }
        : r
    }
    first ??= r
  }
  return first === null ? { ok: false, reason: 'not-found', detail: `no field ${describe}` } : { ok: false, ...first }
}

/** Character bigrams of a folded text (for "closest names"). */
function bigrams(text: string): Map<string, number> {
  const out = new Map<string, number>()
  const t = ` ${text} `
  for (let i = 0; i < t.length - 1; i++) {
    const g = t.slice(i, i + 2)
    out.set(g, (out.get(g) ?? 0) + 1)
  }
  return out
}

/** Dice similarity of two texts' bigrams, 0–1. */
function similarity(a: Map<string, number>, b: Map<string, number>): number {
  let common = 0
  let total = 0
  for (const [g, n] of a) {
    total += n
    common += Math.min(n, b.get(g) ?? 0)
  }
  for (const n of b.values()) total += n
  return total === 0 ? 0 : (2 * common) / total
}

/**
 * Up to {@link CLOSEST_NAMES_MAX} names of visible, enabled fields, the most similar to `hint` first (all in page
 * order without a hint), each once.
 */
export function closestFieldNames(targets: readonly FillTarget[], hint: string | undefined): string[] {
  return runToEnd(closestFieldNameSteps(targets, hint))
}

/** {@link closestFieldNames} as steps that may be run in slices (./steps.ts). */
function* closestFieldNameSteps(targets: readonly FillTarget[], hint: string | undefined): LookupSteps<string[]> {
  const q = bigrams(foldText(hint ?? ''))
  const scored: { t: FillTarget; index: number; name: string; score: number }[] = []
  for (let index = 0; index < targets.length; index++) {
    if (index >= SLICE_AFTER && index % SLICE_EVERY === 0) yield
    const t = targets[index]!
    const name = targetName(t)
    if (name) scored.push({ t, index, name, score: hint ? similarity(q, bigrams(foldText(name))) : 0 })
  }
  scored.sort((a, b) => b.score - a.score || a.index - b.index)
  const out: string[] = []
  const seen = new Set<string>()
  for (let i = 0; i < scored.length && out.length < CLOSEST_NAMES_MAX; i++) {
    if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
    const x = scored[i]!
    const key = foldText(x.name)
    if (seen.has(key) || fillRefusalOf(x.t) !== null) continue
    seen.add(key)
    out.push(x.name.length > 60 ? `${x.name.slice(0, 59)}…` : x.name)
  }
  return out
}

const isPassword = (t: FillTarget) => t.element.localName === 'input' && inputType(t.element) === 'password'

/** The `form` (or `role=form`) holding the focused element, if the visitor is in one. */
function focusedForm(doc: Document): Element | null {
  let active: Element | null = doc.activeElement
  // Into open shadow roots: the innermost focused element.
  for (let guard = 0; active?.shadowRoot?.activeElement && guard < 20; guard++) active = active.shadowRoot.activeElement
  if (!active || active === doc.body || active === doc.documentElement) return null
  for (const node of composedAncestors(active)) if (node.localName === 'form' || roleAttr(node) === 'form') return node
  return null
}

/** Chooses what a fill command writes into; see the module doc. Throws on an invalid selector. */
export function chooseField(doc: Document, command: FillCommand, ctx: LookupContext): FieldChoice {
  return runToEnd(fieldSteps(doc, command, ctx))
}

/**
 * {@link chooseField} as steps that may be run in slices (./steps.ts `LookupSteps`): every pass over the page's
 * fields has a yield point at every 64th field past the first 256, so a page of a few hundred fields or fewer
 * never yields and a page of thousands of fields is looked through in slices (./schedule.ts `LOOKUP_SLICE_MS`).
 */
export function* fieldSteps(doc: Document, command: FillCommand, ctx: LookupContext): LookupSteps<FieldChoice> {
  const hint = command.fieldHint
  const labelled = hint !== undefined ? `labelled ${JSON.stringify(hint)}` : 'to fill'
  const roots = searchRoots(doc)
  if (command.selector !== undefined) {
    const found = new Set<Element>()
    for (const root of roots) for (const f of root.querySelectorAll(command.selector)) found.add(f)
    /** Whether the selector matched the field, one of its parts, or an element around it (in its own tree). */
    const selected = (t: FillTarget): boolean => {
      for (let node: Element | null = t.element; node; node = node.parentElement) if (found.has(node)) return true
      return (t.parts ?? []).some((part) => found.has(part))
    }
    const all = yield* fillTargetSteps(ctx, roots)
    const targets: FillTarget[] = []
    for (let i = 0; i < all.length; i++) {
      if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
      if (selected(all[i]!)) targets.push(all[i]!)
    }
    return {
      ...(yield* pickTarget(targets, `matches selector ${JSON.stringify(command.selector.slice(0, 80))}`)),
      step: 'selector',
    }
  }
  const targets = yield* fillTargetSteps(ctx, roots)
  if (targets.length === 0) return { ok: false, reason: 'not-found', detail: `no field ${labelled}` }

  /** Ranks every target by `names` against the hint (a yield point every 64th target past the first 256). */
  function* rank(
    score: (name: string) => number,
    names: (t: FillTarget) => string[],
  ): LookupSteps<Ranked<FillTarget>[]> {
    const ranked: Ranked<FillTarget>[] = []
    for (let i = 0; i < targets.length; i++) {
      if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
      const t = targets[i]!
      const s = bestScore(score, names(t))
      if (s > 0) ranked.push({ item: t, key: [s] })
    }
    return ranked
  }
  /** Targets that pass `keep`, in order (a yield point every 64th target past the first 256). */
  function* filter(list: readonly FillTarget[], keep: (t: FillTarget) => boolean): LookupSteps<FillTarget[]> {
    const out: FillTarget[] = []
    for (let i = 0; i < list.length; i++) {
      if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
      if (keep(list[i]!)) out.push(list[i]!)
    }
    return out
  }

  /**
   * Among targets tied for the best match, the one to fill: when more than one could be filled, the one in the
   * form the visitor is in, else none — two fields that fit equally are refused with their names, never guessed.
   */
  function* pickUnique(ties: FillTarget[]): LookupSteps<FieldChoice> {
    const usable = yield* filter(ties, (t) => fillRefusalOf(t) === null)
    if (usable.length > 1) {
      const form = focusedForm(doc)
      const inForm = form ? usable.filter((t) => composedAncestors(t.element).includes(form)) : []
      if (inForm.length === 1) return { ok: true, target: inForm[0]!, element: inForm[0]!.element }
      const names = [...new Set(usable.map((t) => describeTarget(t)))]
      return {
        ok: false,
        reason: 'not-found',
        detail: `${JSON.stringify(hint)} fits more than one field equally: ${quotedList(names)}; say which`,
      }
    }
    return yield* pickTarget(ties, labelled)
  }

  if (hint !== undefined) {
    // A name that the hint contains plus more words is not that field ("return journey date" is not "Journey date").
    const score = createMatcher(hint, { wholeName: true })
    for (const { step, names } of NAME_STEPS) {
      const ranked = yield* rank(score, names)
      if (ranked.length > 0) return { ...(yield* pickUnique(bestTies(ranked))), step }
    }
    // Synonyms ("mobile" for "Phone", "PIN code" for "Postcode"), only when no field has a name the hint says.
    const alternatives = synonymHints(hint)
    if (alternatives.length > 0) {
      const ranked: Ranked<FillTarget>[] = []
      for (const alt of alternatives) {
        const altScore = createMatcher(alt, { wholeName: true })
        for (const { names } of NAME_STEPS) ranked.push(...(yield* rank(altScore, names)))
      }
      // One entry per target, its best score.
      const best = new Map<FillTarget, number>()
      for (const r of ranked) best.set(r.item, Math.max(best.get(r.item) ?? 0, r.key[0]!))
      const merged = [...best].map(([item, key]) => ({ item, key: [key] }))
      if (merged.length > 0) return { ...(yield* pickUnique(bestTies(merged))), step: 'synonym' }
    }
  }
  // With a hint, only a type the hint itself names ("your email"): a hint naming a field that is not there
  // must not be overridden by a type that some other field happens to have.
  const type = hint !== undefined ? fieldTypeFromHint(hint) : command.fieldType
  if (type !== undefined) {
    // Every field of the type is tied: it decides only when one usable field has it (else it would be a guess).
    const typed = yield* filter(targets, (t) => hasFieldType(t, type))
    const usableTyped = yield* filter(typed, (t) => fillRefusalOf(t) === null)
    if (usableTyped.length === 1)
      return { ok: true, target: usableTyped[0]!, element: usableTyped[0]!.element, step: 'type' }
    if (usableTyped.length === 0 && typed.length > 0) return { ...(yield* pickTarget(typed, labelled)), step: 'type' }
    if (usableTyped.length > 1 && hint === undefined) {
      return {
        ok: false,
        reason: 'not-found',
        detail: `more than one ${type} field; say which: ${quotedList(yield* closestFieldNameSteps(usableTyped, undefined))}`,
        step: 'type',
      }
    }
  }
  if (hint !== undefined) {
    const ranked = yield* rank(createMatcher(hint, { wholeName: true }), identifierNames)
    if (ranked.length > 0) return { ...(yield* pickUnique(bestTies(ranked))), step: 'name' }
  }
  // SPEC §5 "then the first visible enabled field" — only where it cannot be wrong: exactly one usable field in
  // the form the visitor is in (else on the page), and never a password field.
  const form = focusedForm(doc)
  const scope = form
    ? yield* filter(targets, (t) => form.contains(t.element) || composedAncestors(t.element).includes(form))
    : targets
  const usable: FillTarget[] = []
  for (let i = 0; i < scope.length && usable.length <= 1; i++) {
    if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
    if (fillRefusalOf(scope[i]!) === null) usable.push(scope[i]!)
  }
  if (usable.length === 1 && !isPassword(usable[0]!) && command.fieldType === undefined) {
    return { ok: true, target: usable[0]!, element: usable[0]!.element, step: 'first' }
  }
  const closest = yield* closestFieldNameSteps(scope, hint)
  const list = closest.length > 0 ? `; fields here: ${closest.map((n) => JSON.stringify(n)).join(', ')}` : ''
  const what =
    command.fieldType !== undefined && hint === undefined ? `${command.fieldType} field` : `field ${labelled}`
  return { ok: false, reason: 'not-found', detail: `no ${what}${list}`, step: 'first' }
}

/** A target's name for a message, with the group it is in when two fields share a name ("Name (Billing)"). */
function describeTarget(t: FillTarget): string {
  const name = targetName(t) || t.element.localName
  for (const node of composedAncestors(t.element)) {
    if (node === t.element) continue
    if (node.localName === 'fieldset') {
      const legend = legendText(node).replace(/\s+/g, ' ').trim()
      if (legend && legend !== name) return `${name} (${legend})`
    }
    if (node.localName === 'form') {
      const label = (node.getAttribute('aria-label') ?? labelledByText(node)).trim()
      if (label) return `${name} (${label})`
    }
  }
  return name
}

/** Text of a target's radios or options for messages: `"Email", "Phone", "Text message"`. */
export function quotedList(names: readonly string[], max = 10): string {
  const shown = names.slice(0, max).map((n) => JSON.stringify(n.length > 40 ? `${n.slice(0, 39)}…` : n))
  return names.length > max ? `${shown.join(', ')} and ${names.length - max} more` : shown.join(', ')
}

export { isReadOnly }
