/**
 * The names and text a visitor would say for an element, as assistive technology computes them (HTML-AAM and
 * accname: `aria-labelledby`, `aria-label`, labels, `title`, placeholder last), the roles the executor matches, and
 * the element described in logs and messages. Cached per command in the lookup scope (./dom.ts
 * {@link withLookupScope}). All functions are defensive: they never throw on odd markup.
 * @module
 */
import { currentLookupScope, type LookupScope } from './dom'

/** Max characters of flat-tree text read from one element ({@link composedText}). */
export const MAX_TEXT_CHARS = 2_000

/**
 * The text a visitor sees in `el`, following the flat tree: a shadow host's rendered shadow content, the nodes
 * assigned to a slot (or its fallback content), skipping `script`, `style` and `template`. Cut at 2,000 characters.
 */
export function composedText(el: Element): string {
  const scope = currentLookupScope()
  const cached = scope?.text.get(el)
  if (cached !== undefined) return cached
  const text = composedTextUncached(el)
  scope?.text.set(el, text)
  return text
}

function composedTextUncached(el: Element): string {
  // A leaf element (no element children, no shadow root): its text content is the flat-tree text.
  if (el.firstElementChild === null && !el.shadowRoot && el.localName !== 'slot') {
    const tag = el.localName
    if (tag === 'script' || tag === 'style' || tag === 'template') return ''
    return (el.textContent ?? '').slice(0, MAX_TEXT_CHARS)
  }
  let out = ''
  const walk = (node: Node, depth: number) => {
    if (out.length > MAX_TEXT_CHARS || depth > 64) return
    if (node.nodeType === 3) {
      out += node.textContent ?? ''
      return
    }
    if (node.nodeType !== 1 && node.nodeType !== 11) return
    const element = node.nodeType === 1 ? (node as Element) : null
    if (element) {
      const tag = element.localName
      if (tag === 'script' || tag === 'style' || tag === 'template') return
      if (tag === 'slot') {
        const assigned = (element as HTMLSlotElement).assignedNodes?.({ flatten: true }) ?? []
        const list = assigned.length > 0 ? assigned : Array.from(element.childNodes)
        for (const child of list) walk(child, depth + 1)
        return
      }
      const shadow = element.shadowRoot
      if (shadow && shadow.mode === 'open') {
        for (let child = shadow.firstChild; child; child = child.nextSibling) walk(child, depth + 1)
        return
      }
    }
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child, depth + 1)
  }
  try {
    walk(el, 0)
  } catch {
    /* odd markup */
  }
  return out.slice(0, MAX_TEXT_CHARS)
}

/**
 * The `label` elements of a form control: `labels`, `label[for=id]` in its root, and a wrapping label. A hidden
 * input is not labelable (HTML "labelable elements": its `labels` and a label's `control` leave it out), yet a
 * date picker's named hidden input keeps the `<label for>` a person reads: found by `for` as well.
 */
export function labelsOf(el: Element): Element[] {
  const scope = currentLookupScope()
  const out: Element[] = []
  const hidden = el.localName === 'input' && (el.getAttribute('type') ?? '').trim().toLowerCase() === 'hidden'
  if (scope && !hidden && el.getRootNode() === el.ownerDocument) {
    const index = labelIndex(el.ownerDocument, scope)
    if (index) return index.get(el) ?? out
  }
  try {
    const native = (el as HTMLInputElement).labels
    if (native && native.length > 0) return Array.from(native)
    const id = el.getAttribute('id')
    const root = el.getRootNode() as Document | ShadowRoot
    if (id && typeof root.querySelectorAll === 'function') {
      for (const label of Array.from(root.querySelectorAll('label')))
        if (label.getAttribute('for') === id) out.push(label)
    }
    const wrapping = el.closest('label')
    if (wrapping && !out.includes(wrapping)) out.push(wrapping)
  } catch {
    /* odd markup: no labels */
  }
  return out
}

/** control → labels of a document, from one pass over its `label` elements (`label.control`); null without `control`. */
function labelIndex(doc: Document, cache: LookupScope): Map<Element, Element[]> | null {
  const known = cache.labels.get(doc)
  if (known) return known
  const index = new Map<Element, Element[]>()
  const labels = doc.getElementsByTagName('label')
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as HTMLLabelElement
    if (!('control' in label)) return null
    const control = label.control
    if (!control) continue
    const list = index.get(control)
    if (list) list.push(label)
    else index.set(control, [label])
  }
  cache.labels.set(doc, index)
  return index
}

/** Text of the `label` elements of a form control (SPEC §5 "label text"). */
export function labelTexts(el: Element): string[] {
  return labelsOf(el).map((label) => composedText(label))
}

/** Text of the elements named by `aria-labelledby` (looked up in the element's own root). */
export function labelledByText(el: Element): string {
  const ids = el.getAttribute('aria-labelledby')
  if (!ids) return ''
  try {
    const root = el.getRootNode() as Document | ShadowRoot
    return ids
      .split(/\s+/)
      .map((id) =>
        id && typeof root.getElementById === 'function' ? composedTextOrEmpty(root.getElementById(id)) : '',
      )
      .join(' ')
      .trim()
  } catch {
    return ''
  }
}

const composedTextOrEmpty = (el: Element | null) => (el ? composedText(el) : '')

const FORM_CONTROL = new Set(['input', 'textarea', 'select'])

/**
 * A simplified accessible name (accname 1.2 order): aria-labelledby, aria-label, then per element: labels of
 * form controls, the value of input buttons, `alt` of images, a `details` element's `summary`, otherwise the
 * flat-tree text (with descendant image alts when there is no text). `title` and `placeholder` are NOT part
 * of it here: lookups treat them as weaker names (see ./click.ts, ./chooseField.ts).
 */
export function accessibleName(el: Element): string {
  const scope = currentLookupScope()
  const cached = scope?.names.get(el)
  if (cached !== undefined) return cached
  const name = accessibleNameUncached(el)
  scope?.names.set(el, name)
  return name
}

function accessibleNameUncached(el: Element): string {
  try {
    const byId = labelledByText(el)
    if (byId) return byId
    const aria = el.getAttribute('aria-label')
    if (aria && aria.trim()) return aria
    const tag = el.localName
    if (tag === 'input') {
      const type = (el as HTMLInputElement).type
      if (type === 'button' || type === 'submit' || type === 'reset') {
        return (el as HTMLInputElement).value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '')
      }
      if (type === 'image') return el.getAttribute('alt') ?? ''
    }
    if (FORM_CONTROL.has(tag)) return labelTexts(el).join(' ').trim()
    if (tag === 'img') return el.getAttribute('alt') ?? ''
    if (tag === 'details') {
      const summary = Array.from(el.children).find((c) => c.localName === 'summary')
      return summary ? composedText(summary) : ''
    }
    let text = composedText(el)
    if (!text.trim()) {
      text = Array.from(el.querySelectorAll('img[alt], svg title'))
        .map((img) => (img.localName === 'img' ? (img.getAttribute('alt') ?? '') : (img.textContent ?? '')))
        .join(' ')
    }
    return text
  } catch {
    return ''
  }
}

/** The element's ARIA role: the first token of an explicit `role`, else its implicit role (common elements). */
export function roleOf(el: Element): string {
  const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0]
  if (explicit) return explicit.toLowerCase()
  const tag = el.localName
  switch (tag) {
    case 'a':
    case 'area':
      return el.hasAttribute('href') || el.hasAttributeNS('http://www.w3.org/1999/xlink', 'href') ? 'link' : ''
    case 'button':
    case 'summary':
      return 'button'
    case 'input': {
      const type = (el as HTMLInputElement).type
      if (type === 'button' || type === 'submit' || type === 'reset' || type === 'image') return 'button'
      if (type === 'checkbox') return 'checkbox'
      if (type === 'radio') return 'radio'
      if (type === 'range') return 'slider'
      if (type === 'number') return 'spinbutton'
      if (type === 'search') return 'searchbox'
      return 'textbox'
    }
    case 'textarea':
      return 'textbox'
    case 'select':
      return 'combobox'
    case 'details':
      return 'group'
    case 'nav':
      return 'navigation'
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return 'heading'
    default:
      return ''
  }
}

/** `<tag#id name=…>` for log lines. */
export function describeElement(el: Element): string {
  const id = el.getAttribute('id')
  const name = el.getAttribute('name')
  return `<${el.localName}${id ? `#${id.slice(0, 40)}` : ''}${name ? ` name=${name.slice(0, 40)}` : ''}>`
}

/** A short quoted name of an element for refusal reasons: its accessible name, else its tag. */
export function quotedName(el: Element): string {
  const name = accessibleName(el).replace(/\s+/g, ' ').trim() || el.getAttribute('title')?.trim() || ''
  return name ? `${JSON.stringify(name.length > 60 ? `${name.slice(0, 59)}…` : name)}` : `<${el.localName}>`
}
