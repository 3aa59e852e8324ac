/**
 * The page map: a compact description of what the visitor's page offers (title, headings, links, buttons and
 * form fields by label and type) that the widget gives the assistant when a call starts and after each
 * navigation, so the assistant can name real targets in its voice commands (SPEC §3 fields `targetText`,
 * `fieldHint`, `fieldType`). Protocol: `src/voice/context/README.md`.
 *
 * Privacy rules, enforced here and nowhere else:
 * - never a field's value: inputs, textareas, selects and `contenteditable` regions contribute their label and
 *   type only (a `select`'s options, the text typed into an editable region, a password are never read);
 * - never hidden content: `hidden`, `inert`, `aria-hidden="true"`, `input[type=hidden]`, `display: none`,
 *   `visibility: hidden`/`collapse`, `content-visibility: hidden` subtrees, `<template>`, `<script>`, `<style>`,
 *   `<noscript>` are skipped, and so is hidden text inside a visible element's name;
 * - nothing of the widget: subtrees matching the ignore selector (`[data-voice-ignore]`, which the widget and
 *   the embed's host element carry) are skipped, shadow roots inside them included. Open shadow roots elsewhere
 *   are read (the executor reaches them too); closed ones and frames are not;
 * - the URL is origin + path only (query strings and fragments may carry tokens).
 *
 * Pure DOM reading: no mutation, no layout (works in happy-dom and during pre-rendering with a document).
 * @module
 */
import { utf8Bytes } from '../engine/appMessage'
import { cleanName, createNamer, FIELD_ROLES, isEditable, PAGE_MAP_IGNORE_SELECTOR } from './names'

// The name readers live in ./names.ts; the page map's users import them from here too.
export {
  cleanName,
  createNamer,
  isValueBearing,
  nameOfElement,
  PAGE_MAP_IGNORE_SELECTOR,
  PAGE_MAP_MAX_NAME_CHARS,
  type Namer,
} from './names'

/** Default byte budget of a serialised page map (UTF-8), in bytes. */
export const PAGE_MAP_MAX_BYTES = 4096
/** Most items collected per list before serialising (a page with more is cut anyway). */
export const PAGE_MAP_MAX_ITEMS = 200

/** A heading: level 1–6 and its visible text. */
export interface PageMapHeading {
  level: number
  text: string
}

/** A link or button by its accessible name; `disabled` when it cannot be activated now. */
export interface PageMapControl {
  name: string
  disabled?: boolean
}

/**
 * A form field by label and type. `type` is the input type (`text`, `email`, `tel`, `password`, `checkbox`, …),
 * `textarea`, `select`, `switch` or `editable` (contenteditable). Never carries a value.
 */
export interface PageMapField {
  label: string
  type: string
  required?: boolean
  disabled?: boolean
}

/** What the page offers, before serialisation. */
export interface PageMap {
  /** `document.title`, trimmed. */
  title: string
  /** Origin + path of the page (no query, no fragment); '' without a location. */
  url: string
  headings: PageMapHeading[]
  links: PageMapControl[]
  buttons: PageMapControl[]
  fields: PageMapField[]
}

/** Options of {@link collectPageMap}. */
export interface CollectPageMapOptions {
  /** Subtrees to skip. @default {@link PAGE_MAP_IGNORE_SELECTOR} */
  ignoreSelector?: string
  /** Most items per list. @default {@link PAGE_MAP_MAX_ITEMS} */
  maxItems?: number
}

const BUTTON_ROLES = new Set(['button', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option'])
const BUTTON_INPUT_TYPES = new Set(['button', 'submit', 'reset', 'image'])

/** `h1`–`h6`. */
const isHeadingTag = (tag: string): boolean =>
  tag.length === 2 && tag.charCodeAt(0) === 104 /* h */ && tag.charCodeAt(1) >= 49 && tag.charCodeAt(1) <= 54

/**
 * Reads the page map of `doc`. Never throws: unreadable parts are skipped (an empty map at worst).
 * @param doc - the document to read (the host page; the widget's own subtree is skipped).
 */
export function collectPageMap(doc: Document, options: CollectPageMapOptions = {}): PageMap {
  const ignore = options.ignoreSelector ?? PAGE_MAP_IGNORE_SELECTOR
  const maxItems = options.maxItems ?? PAGE_MAP_MAX_ITEMS
  const map: PageMap = { title: '', url: '', headings: [], links: [], buttons: [], fields: [] }
  try {
    map.title = cleanName(doc.title ?? '')
    const loc = doc.defaultView?.location ?? doc.location
    if (loc && /^https?:$/.test(loc.protocol)) map.url = `${loc.origin}${loc.pathname}`
  } catch {
    /* no title or location */
  }
  const { hidesSubtree, shown, visibleText, controlName, fieldLabel } = createNamer(doc, ignore)

  const seen = { links: new Set<string>(), buttons: new Set<string>(), fields: new Set<string>() }
  const disabledOf = (el: Element): boolean => {
    try {
      return (
        (el as HTMLButtonElement).disabled === true ||
        el.getAttribute('aria-disabled') === 'true' ||
        el.matches(':disabled')
      )
    } catch {
      return false
    }
  }
  const addControl = (list: 'links' | 'buttons', el: Element) => {
    if (map[list].length >= maxItems || !shown(el)) return
    const name = controlName(el)
    if (!name) return
    const disabled = disabledOf(el)
    const key = `${name.toLowerCase()}|${disabled}`
    if (seen[list].has(key)) return
    seen[list].add(key)
    map[list].push(disabled ? { name, disabled } : { name })
  }
  const addField = (el: Element, type: string) => {
    if (map.fields.length >= maxItems || !shown(el)) return
    const label = fieldLabel(el)
    const required = el.hasAttribute('required') || el.getAttribute('aria-required') === 'true'
    const disabled = disabledOf(el)
    const key = `${label.toLowerCase()}|${type}`
    if (seen.fields.has(key)) return
    seen.fields.add(key)
    map.fields.push({ label, type, ...(required && { required }), ...(disabled && { disabled }) })
  }

  const full = () =>
    map.headings.length >= maxItems &&
    map.links.length >= maxItems &&
    map.buttons.length >= maxItems &&
    map.fields.length >= maxItems
  // Once links, buttons and fields are all full only headings can still be added: the walk stops there and the
  // headings after that point are found by a query (./README.md "Cost"), instead of walking the rest of a big page.
  const othersFull = () =>
    map.links.length >= maxItems && map.buttons.length >= maxItems && map.fields.length >= maxItems
  let stoppedAt: Element | null = null
  const visit = (el: Element): void => {
    if (stoppedAt) return
    if (othersFull() && el.getRootNode() === doc) {
      stoppedAt = el
      return
    }
    if (full() || hidesSubtree(el)) return
    const tag = el.localName
    // Most elements of a big page (rows, cells, wrappers) have no attributes: none is read then.
    const attributed = el.hasAttributes()
    const roleAttr = attributed ? el.getAttribute('role') : null
    const role = roleAttr ? (roleAttr.trim().split(/\s+/)[0]?.toLowerCase() ?? '') : ''
    let descend = true
    const headingButton = isHeadingTag(tag) || role === 'heading' ? buttonOfHeading(el) : null
    if (headingButton) {
      // An accordion's header (WAI-ARIA APG "Accordion": the heading wraps the button): the button is what a
      // visitor operates, listed as a button by its name.
      addControl('buttons', headingButton)
      descend = false
    } else if (isHeadingTag(tag) || role === 'heading') {
      if (map.headings.length < maxItems && shown(el)) {
        const level = role === 'heading' ? Number(el.getAttribute('aria-level')) || 2 : Number(tag.slice(1))
        const text = cleanName(visibleText(el))
        if (text) map.headings.push({ level, text })
      }
      descend = false
    } else if ((tag === 'a' && el.hasAttribute('href')) || role === 'link') {
      addControl('links', el)
      descend = false
    } else if (tag === 'button' && FIELD_ROLES.has(role)) {
      // A button drawn as a switch or checkbox (`<button role="switch">`) is a field, named by its label.
      addField(el, role === 'textbox' || role === 'searchbox' ? 'text' : role)
      descend = false
    } else if (tag === 'button' || tag === 'summary' || BUTTON_ROLES.has(role)) {
      addControl('buttons', el)
      descend = false
    } else if (tag === 'input') {
      const type = ((el as HTMLInputElement).type || 'text').toLowerCase()
      if (BUTTON_INPUT_TYPES.has(type)) addControl('buttons', el)
      else addField(el, role === 'switch' ? 'switch' : type)
      descend = false
    } else if (tag === 'textarea' || tag === 'select') {
      addField(el, tag)
      descend = false
    } else if (attributed && isEditable(el)) {
      addField(el, 'editable')
      descend = false
    } else if (FIELD_ROLES.has(role)) {
      addField(el, role === 'textbox' || role === 'searchbox' ? 'text' : role)
      descend = false
    }
    if (!descend) return
    for (let child = el.firstElementChild; child; child = child.nextElementSibling) visit(child)
    // Open shadow roots hold controls the executor can reach too (closed ones are unreachable by design).
    const shadow = el.shadowRoot
    if (shadow) for (let child = shadow.firstElementChild; child; child = child.nextElementSibling) visit(child)
  }

  try {
    if (doc.body) visit(doc.body)
    if (stoppedAt) addHeadingsFrom(stoppedAt)
  } catch {
    /* a page that breaks the walk gives what was collected so far */
  }
  return map

  /**
   * The headings at or after `from` in document order (light DOM), as the walk would have listed them: none in a
   * subtree an ancestor hides, nor inside a link, button, field or heading (the walk does not descend there).
   */
  function addHeadingsFrom(from: Element): void {
    const body = doc.body
    if (!body) return
    for (const h of Array.from(body.querySelectorAll('h1,h2,h3,h4,h5,h6,[role]'))) {
      if (map.headings.length >= maxItems) return
      const role = h.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase() ?? ''
      if (!(role === 'heading' || isHeadingTag(h.localName))) continue
      if (h !== from && !(from.compareDocumentPosition(h) & 4) /* DOCUMENT_POSITION_FOLLOWING */) continue
      let listed = true
      for (let a: Element | null = h; a && a !== body; a = a.parentElement) {
        if (hidesSubtree(a) || (a !== h && stopsDescent(a))) {
          listed = false
          break
        }
      }
      if (!listed || !shown(h) || buttonOfHeading(h)) continue
      const level = role === 'heading' ? Number(h.getAttribute('aria-level')) || 2 : Number(h.localName.slice(1))
      const text = cleanName(visibleText(h))
      if (text) map.headings.push({ level, text })
    }
  }
}

/**
 * The button a heading wraps as its whole content (WAI-ARIA APG "Accordion": `<h3><button aria-expanded>…`): a
 * `button` or `role=button` whose text is the heading's text. `null` for any other heading.
 */
function buttonOfHeading(h: Element): Element | null {
  const button = h.querySelector('button, [role=button]')
  if (!button) return null
  const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()
  return text(button) === text(h) ? button : null
}

/** Whether the page map's walk lists `el` itself and does not descend into it (a heading, link, button or field). */
function stopsDescent(el: Element): boolean {
  const tag = el.localName
  const roleAttr = el.getAttribute('role')
  const role = roleAttr ? (roleAttr.trim().split(/\s+/)[0]?.toLowerCase() ?? '') : ''
  return (
    isHeadingTag(tag) ||
    role === 'heading' ||
    (tag === 'a' && el.hasAttribute('href')) ||
    role === 'link' ||
    tag === 'button' ||
    tag === 'summary' ||
    BUTTON_ROLES.has(role) ||
    tag === 'input' ||
    tag === 'textarea' ||
    tag === 'select' ||
    isEditable(el) ||
    FIELD_ROLES.has(role)
  )
}

/** Options of {@link serializePageMap}. */
export interface SerializePageMapOptions {
  /** Byte budget of the result (UTF-8). @default {@link PAGE_MAP_MAX_BYTES} */
  maxBytes?: number
}

/** First line of every serialised page map: how the assistant's system prompt recognises one. */
export const PAGE_MAP_HEADER = 'PAGE MAP'

/** Size of `text` in UTF-8, in bytes (src/voice/engine/appMessage.ts, which measures app messages with it). */
export { utf8Bytes }

type ListKey = 'headings' | 'links' | 'buttons' | 'fields'
const LIST_KEYS: readonly ListKey[] = ['headings', 'fields', 'buttons', 'links']

const itemText = {
  headings: (h: PageMapHeading) => `h${h.level} ${h.text}`,
  links: (c: PageMapControl) => (c.disabled ? `${c.name} (disabled)` : c.name),
  buttons: (c: PageMapControl) => (c.disabled ? `${c.name} (disabled)` : c.name),
  fields: (f: PageMapField) => {
    const flags = [f.type, ...(f.required ? ['required'] : []), ...(f.disabled ? ['disabled'] : [])]
    return `${f.label || '(unlabelled)'} (${flags.join(', ')})`
  },
} as const

/**
 * Serialises a page map into the text the assistant receives, at most `maxBytes` bytes of UTF-8:
 *
 * ```text
 * PAGE MAP (what the visitor's page offers now; use these names in voice commands)
 * url: https://example.com/pricing
 * title: Pricing — VoiceOS
 * headings: h1 Pricing — Coming Soon | h2 Community
 * fields: Email (email, required) | Comments (textarea)
 * buttons: Watch Demo | Open Source Soon (disabled)
 * links: Home | Pricing | Resources
 * ```
 *
 * When the whole map does not fit, items are dropped from the end of the longest list first, one at a time, and
 * each cut list ends with `+N more`; a list with no items is left out. The header, url and title always stay
 * (the title is cut if even they exceed the budget).
 */
export function serializePageMap(map: PageMap, options: SerializePageMapOptions = {}): string {
  const maxBytes = Math.max(256, options.maxBytes ?? PAGE_MAP_MAX_BYTES)
  const texts: Record<ListKey, string[]> = {
    headings: map.headings.map(itemText.headings),
    fields: map.fields.map(itemText.fields),
    buttons: map.buttons.map(itemText.buttons),
    links: map.links.map(itemText.links),
  }
  const kept: Record<ListKey, number> = {
    headings: texts.headings.length,
    fields: texts.fields.length,
    buttons: texts.buttons.length,
    links: texts.links.length,
  }
  const head = [`${PAGE_MAP_HEADER} (what the visitor's page offers now; use these names in voice commands)`]
  if (map.url) head.push(`url: ${map.url}`)
  let title = map.title
  const render = (): string => {
    const lines = [...head, ...(title ? [`title: ${title}`] : [])]
    for (const key of LIST_KEYS) {
      const all = texts[key]
      const n = kept[key]
      if (all.length === 0) continue
      const shown = all.slice(0, n)
      if (n < all.length) shown.push(`+${all.length - n} more`)
      lines.push(`${key}: ${shown.join(' | ')}`)
    }
    return lines.join('\n')
  }
  // Sizes are kept arithmetically (one UTF-8 measure per item) so cutting a long page costs O(items × lists),
  // not a full render per dropped item; the final text is measured once more to be sure.
  const sizes: Record<ListKey, number[]> = {
    headings: texts.headings.map(utf8Bytes),
    fields: texts.fields.map(utf8Bytes),
    buttons: texts.buttons.map(utf8Bytes),
    links: texts.links.map(utf8Bytes),
  }
  const listBytes: Record<ListKey, number> = { headings: 0, fields: 0, buttons: 0, links: 0 }
  for (const key of LIST_KEYS) listBytes[key] = sizes[key].reduce((sum, n) => sum + n + 3, 0)
  /** Bytes of the line of `key` as rendered: "key: " + items joined by " | " (+ " | +N more"), plus "\n". */
  const lineBytes = (key: ListKey): number => {
    const total = texts[key].length
    if (total === 0) return 0
    const n = kept[key]
    const more = n < total ? utf8Bytes(`+${total - n} more`) + (n > 0 ? 3 : 0) : 0
    return key.length + 2 + (n > 0 ? listBytes[key] - 3 : 0) + more + 1
  }
  const fixedBytes = utf8Bytes([...head, ...(title ? [`title: ${title}`] : [])].join('\n'))
  let total = fixedBytes + LIST_KEYS.reduce((sum, key) => sum + lineBytes(key), 0)
  while (total > maxBytes) {
    let longest: ListKey | undefined
    for (const key of LIST_KEYS) {
      if (kept[key] > 0 && (longest === undefined || listBytes[key] > listBytes[longest])) longest = key
    }
    if (longest === undefined) break
    const before = lineBytes(longest)
    kept[longest]--
    listBytes[longest] -= (sizes[longest][kept[longest]] ?? 0) + 3
    total += lineBytes(longest) - before
  }
  let out = render()
  while (utf8Bytes(out) > maxBytes) {
    let longest: ListKey | undefined
    for (const key of LIST_KEYS)
      if (kept[key] > 0 && (longest === undefined || kept[key] > kept[longest])) longest = key
    if (longest === undefined) {
      // Only the header, url and title are left: cut the title (then the url) to fit.
      while (title && utf8Bytes(render()) > maxBytes) title = title.length > 1 ? `${title.slice(0, -2)}…` : ''
      while (head.length > 1 && utf8Bytes(render()) > maxBytes) head.pop()
      return render()
    }
    kept[longest]--
    out = render()
  }
  return out
}

/** {@link collectPageMap} then {@link serializePageMap}: the text for `doc`, at most `maxBytes` bytes. */
export function describePage(doc: Document, options: CollectPageMapOptions & SerializePageMapOptions = {}): string {
  return serializePageMap(collectPageMap(doc, options), options)
}
