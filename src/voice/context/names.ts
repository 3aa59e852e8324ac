/**
 * The names the page map gives what it lists, as assistive technology computes them: a control's accessible name,
 * a field's label (never its value), an element's visible text without hidden parts, and which subtrees are hidden
 * or belong to the widget. Pure DOM reading, shared by the page map (./pageMap.ts) and by the reports that say
 * which element a command acted on (./report.ts). The privacy rules of ./pageMap.ts apply here.
 * @module
 */
import { nearbyText } from '../commands/nearbyText'

/** Longest name kept for one item, in characters (longer names are cut with "…"). */
export const PAGE_MAP_MAX_NAME_CHARS = 80
/** Subtrees the map never reads (the widget marks itself with it; same default as the command executor). */
export const PAGE_MAP_IGNORE_SELECTOR = '[data-voice-ignore]'

/** Elements never read: not content (scripts, styles, templates) or not text (media, frames, SVG). */
const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'svg',
  'iframe',
  'object',
  'embed',
  'canvas',
  'head',
  'meta',
  'link',
])
/** WAI-ARIA roles of form fields (named by their label, never by their value). */
export const FIELD_ROLES = new Set([
  'checkbox',
  'radio',
  'switch',
  'textbox',
  'searchbox',
  'combobox',
  'slider',
  'spinbutton',
])

/** Controls named by the text of their row when they have no name (../commands/toggle.ts names them so). */
const ROW_NAMED = new Set(['checkbox', 'switch'])
/** A checkbox-like control's kind: its role, else an input's type. */
const rowKind = (el: Element): string =>
  el.getAttribute('role')?.trim().toLowerCase() ||
  (el.localName === 'input' ? (el.getAttribute('type') ?? '').toLowerCase() : '')

/** Whitespace collapsed, trimmed, cut at {@link PAGE_MAP_MAX_NAME_CHARS} with "…"; `|` (the list separator) becomes `/`. */
export function cleanName(text: string): string {
  const t = text.replace(/\s+/g, ' ').replace(/\|/g, '/').trim()
  return t.length > PAGE_MAP_MAX_NAME_CHARS ? `${t.slice(0, PAGE_MAP_MAX_NAME_CHARS - 1).trimEnd()}…` : t
}

/** Name readers of one document (they share a cache of hidden subtrees). */
export interface Namer {
  /** True when the element itself hides its subtree (ancestors are not checked: walks prune them). */
  hidesSubtree(el: Element): boolean
  /** Whether an element to be listed or named is rendered (browsers: `checkVisibility`; without layout: true). */
  shown(el: Element): boolean
  /** Visible text of an element without hidden descendants, form-field contents or editable regions. */
  visibleText(el: Element): string
  /** Accessible name of a link or button (aria-labelledby, aria-label, input value of a button, visible text, title). */
  controlName(el: Element): string
  fieldLabel(el: Element): string
}

/** The name readers of `doc` (hidden-subtree test, visible text, control and field names), sharing one cache. */
export function createNamer(doc: Document, ignore: string): Namer {
  const win = doc.defaultView
  const hiddenCache = new Map<Element, boolean>()
  // With layout (a browser), what is shown is asked of `checkVisibility` for the elements that are named or
  // listed, and containers are pruned by their attributes only: a style read per element of a big page is the
  // cost that made the map slow. Without layout (happy-dom), computed styles are read during the walk instead.
  const layout = (() => {
    try {
      const box = doc.documentElement.getBoundingClientRect()
      return (box.width > 0 || box.height > 0) && typeof doc.documentElement.checkVisibility === 'function'
    } catch {
      return false
    }
  })()
  const defaultIgnore = ignore === PAGE_MAP_IGNORE_SELECTOR
  /** Whether a listed or named element is rendered (display, visibility, content-visibility, on it or above). */
  const shown = (el: Element): boolean => {
    if (!layout) return true
    try {
      if (el.checkVisibility({ visibilityProperty: true })) return true
      // `display: contents` has no box of its own (so checkVisibility says no): its children are judged instead.
      return win?.getComputedStyle(el).display === 'contents'
    } catch {
      return false
    }
  }

  /** True when the element itself hides its subtree (not its ancestors: the walk prunes those). */
  const hidesSubtree = (el: Element): boolean => {
    const cached = hiddenCache.get(el)
    if (cached !== undefined) return cached
    let hidden = false
    try {
      const tag = el.localName
      if (SKIPPED_TAGS.has(tag)) hidden = true
      else if (layout && defaultIgnore && tag !== 'dialog' && !el.hasAttributes()) {
        // Nothing on it can hide it: no attribute (`hidden`, `inert`, `aria-hidden`, the widget's mark, a hidden
        // input's type), and with layout styles are asked of what is listed instead.
        return false
      } else if (el.hasAttribute('hidden') || el.hasAttribute('inert') || el.getAttribute('aria-hidden') === 'true')
        hidden = true
      else if (tag === 'input' && (el as HTMLInputElement).type === 'hidden') hidden = true
      else if (defaultIgnore ? el.hasAttribute('data-voice-ignore') : safeMatches(el, ignore)) hidden = true
      else if (tag === 'dialog' && !(el as HTMLDialogElement).open) hidden = true
      else if (win && !layout) {
        const style = win.getComputedStyle(el)
        hidden =
          style.display === 'none' ||
          style.visibility === 'hidden' ||
          style.visibility === 'collapse' ||
          style.getPropertyValue('content-visibility') === 'hidden'
      }
    } catch {
      hidden = true
    }
    hiddenCache.set(el, hidden)
    return hidden
  }

  /** Visible text of `el` without hidden descendants, form-field contents or editable regions. */
  const visibleText = (el: Element): string => {
    let out = ''
    const walk = (node: Node) => {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 3) out += child.nodeValue ?? ''
        else if (child.nodeType === 1) {
          const c = child as Element
          if (hidesSubtree(c) || isValueBearing(c) || !shown(c)) continue
          if (c.localName === 'img') out += ` ${c.getAttribute('alt') ?? ''} `
          else {
            out += ' '
            walk(c)
            out += ' '
          }
        }
      }
    }
    walk(el)
    return out
  }

  const byIdText = (el: Element, attr: string): string => {
    const ids = el.getAttribute(attr)
    if (!ids) return ''
    return ids
      .split(/\s+/)
      .map((id) => {
        const target = id ? doc.getElementById(id) : null
        return target && !isValueBearing(target) ? visibleText(target) : ''
      })
      .join(' ')
  }

  /** Accessible name of a link or button (aria-labelledby, aria-label, input value of a button, visible text, title). */
  const controlName = (el: Element): string => {
    const candidates = [byIdText(el, 'aria-labelledby'), el.getAttribute('aria-label') ?? '']
    if (el.localName === 'input') {
      const input = el as HTMLInputElement
      if (input.type === 'image') candidates.push(el.getAttribute('alt') ?? '')
      else candidates.push(input.value || (input.type === 'submit' ? 'Submit' : input.type === 'reset' ? 'Reset' : ''))
    } else candidates.push(visibleText(el))
    candidates.push(el.getAttribute('title') ?? '')
    for (const c of candidates) {
      const name = cleanName(c)
      if (name) return name
    }
    return ''
  }

  /** control → its labels in the document, from one pass over the labels (not `labels` per control). */
  let labelIndex: Map<Element, Element[]> | null | undefined
  const labelsInDocument = (el: Element): Element[] | null => {
    if (labelIndex === undefined) {
      labelIndex = new Map()
      const all = doc.getElementsByTagName('label')
      for (let i = 0; i < all.length; i++) {
        const label = all[i] as HTMLLabelElement
        if (!('control' in label)) {
          labelIndex = null
          break
        }
        const control = label.control
        if (control) labelIndex.set(control, [...(labelIndex.get(control) ?? []), label])
      }
    }
    if (labelIndex === null || el.getRootNode() !== doc) return null
    return labelIndex.get(el) ?? []
  }

  /**
   * Label of a form field (never its value): aria-labelledby, aria-label, its labels, placeholder, title, else the
   * text next to it (../commands/nearbyText.ts, the executor's), else its `name`.
   */
  const fieldLabel = (el: Element): string => {
    const labels: string[] = []
    const indexed = labelsInDocument(el)
    if (indexed) for (const label of indexed) labels.push(visibleText(label))
    else
      try {
        const list = (el as HTMLInputElement).labels
        if (list) for (const label of Array.from(list)) labels.push(visibleText(label))
      } catch {
        /* no labels property */
      }
    if (labels.length === 0) {
      const wrapping = el.parentElement?.closest('label')
      if (wrapping) labels.push(visibleText(wrapping))
    }
    const candidates = [
      byIdText(el, 'aria-labelledby'),
      el.getAttribute('aria-label') ?? '',
      labels.join(' '),
      el.getAttribute('placeholder') ?? '',
      el.getAttribute('title') ?? '',
    ]
    for (const c of candidates) {
      const name = cleanName(c)
      if (name) return name
    }
    // No programmatic name: the text a person sees next to it, as the executor names it (a switch or checkbox
    // by its row), so a command that says that name finds it; then its `name` attribute.
    return cleanName(nearbyText(el, ROW_NAMED.has(rowKind(el)))) || cleanName(el.getAttribute('name') ?? '')
  }

  return { hidesSubtree, shown, visibleText, controlName, fieldLabel }
}

/**
 * The name the page map gives `el`: a form field's label, else a control's accessible name ('' when it has
 * none). Used to say which element a command acted on (`./report`). Never reads a field's value.
 */
export function nameOfElement(el: Element, ignoreSelector: string = PAGE_MAP_IGNORE_SELECTOR): string {
  try {
    const namer = createNamer(el.ownerDocument, ignoreSelector)
    return isValueBearing(el) || FIELD_ROLES.has(el.getAttribute('role') ?? '')
      ? namer.fieldLabel(el)
      : namer.controlName(el)
  } catch {
    return ''
  }
}

/** Elements whose content is something the visitor typed or chose: never read for names. */
export function isValueBearing(el: Element): boolean {
  const tag = el.localName
  return tag === 'input' || tag === 'textarea' || tag === 'select' || isEditable(el)
}

/** Whether `el` is an editable region (`contenteditable` other than "false"). */
export function isEditable(el: Element): boolean {
  const v = el.getAttribute('contenteditable')
  return v !== null && v.toLowerCase() !== 'false'
}

function safeMatches(el: Element, selector: string): boolean {
  try {
    return selector !== '' && el.matches(selector)
  } catch {
    return false
  }
}
