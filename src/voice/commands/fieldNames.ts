/**
 * How a fill target is named (SPEC §5 "label text", computed as assistive technology computes it: HTML-AAM §4.1),
 * and how targets are named in messages (a refusal listing fields, options or ties).
 */
import { composedAncestors } from './dom'
import { composedText, labelledByText, labelTexts } from './accessibleNames'
import { roleAttr, type FillTarget } from './fillKinds'
import { nearbyText } from './nearbyText'

export { drawnBoxOf, nearbyText } from './nearbyText'

/** `userEmail` / `user_email` / `user-email` → `user email`. */
export function splitIdentifier(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.[\]]+/g, ' ')
}

/** The `legend` text of a fieldset (its first `legend` child), else ''. */
export function legendText(el: Element): string {
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
  // No programmatic name at all: the text a person sees above it (see nearbyText).
  { step: 'nearby-text', names: (t) => (accessibleFieldName(t) ? [] : [nearbyText(t.shownBy ?? t.element)]) },
]

/** `name` / `id` of a target, split into words (a radio group: the shared `name`). */
export function identifierNames(t: FillTarget): string[] {
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

/** A target's name for a message, with the group it is in when two fields share a name ("Name (Billing)"). */
export function describeTarget(t: FillTarget): string {
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
