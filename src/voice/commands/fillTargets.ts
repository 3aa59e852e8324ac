/**
 * The fill candidates of a page (see ./chooseField.ts for which and in which order they are looked through): every
 * control a fill writes into, radio groups and split dates, in the document, its open shadow roots and
 * same-origin frames, outside the widget.
 */
import { searchRoots } from './dom'
import { labelTexts } from './accessibleNames'
import { fillKindOf, inputType, roleAttr, type FillTarget } from './fillKinds'
import { splitIdentifier } from './fieldNames'
import type { LookupContext } from './click'
import { foldText } from './spoken'
import { isInsideStandIn, standInOf } from './standIns'
import { runToEnd, SLICE_AFTER, SLICE_EVERY, type LookupSteps } from './steps'

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
export function* fillTargetSteps(ctx: LookupContext, roots: (Document | ShadowRoot)[]): LookupSteps<FillTarget[]> {
  const out: FillTarget[] = []
  const radioGroups = new Map<string | Element, FillTarget>()
  const controlled = new Set<string>()
  const listboxes: Element[] = []
  // Tag names and bare attributes (Chromium matches them several times faster than attribute values); the
  // roles (`[role=textbox]`…, whole value, case-sensitive) are checked in script.
  const SELECTOR = 'input, textarea, select, fieldset, button, [contenteditable], [role]'
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
      if (isListboxButton(el)) {
        if (!ctx.isIgnored(el) && !isInsideStandIn(el)) out.push({ kind: 'popup', element: el, via: 'popup' })
        continue
      }
      if (!FILL_CANDIDATE_TAGS.has(tag) && !el.hasAttribute('contenteditable')) {
        const roleValue = el.getAttribute('role')
        if (roleValue === null || !FILL_CANDIDATE_ROLES.has(roleValue)) continue
      }
      if (ctx.isIgnored(el) || isInsideStandIn(el)) continue
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
      const shownBy = standInOf(el)
      const target: FillTarget = shownBy ? { kind, element: el, shownBy } : { kind, element: el }
      if (kind === 'text' && takesListedOnly(el)) target.via = 'popup'
      out.push(target)
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

/**
 * A button that opens a listbox (`aria-haspopup="listbox"`, WAI-ARIA 1.2: the value it opens; the APG's
 * "collapsible dropdown listbox"): a select drawn as a button, named and filled as one.
 */
function isListboxButton(el: Element): boolean {
  return (
    (el.localName === 'button' || roleAttr(el) === 'button') &&
    el.getAttribute('aria-haspopup')?.trim().toLowerCase() === 'listbox'
  )
}

/**
 * A text box without a combobox role whose typing only filters a list it offers (`aria-autocomplete` `list` or
 * `both`, WAI-ARIA 1.2): its value is an option chosen from the list, not the text typed.
 */
function takesListedOnly(el: Element): boolean {
  const v = el.getAttribute('aria-autocomplete')?.trim().toLowerCase()
  return roleAttr(el) === '' && (v === 'list' || v === 'both')
}

function formKey(el: Element): string {
  const form = (el as HTMLInputElement).form
  if (!form) return ''
  return form.id || `form@${Array.from(form.ownerDocument.forms).indexOf(form)}`
}
