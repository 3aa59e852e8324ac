/**
 * DOM helpers of the command executor: the composed tree (open shadow roots, slots, same-origin iframes),
 * visibility, enabled state, and the per-command lookup scope. The names a visitor would say (labels, accessible
 * names, roles) are in ./accessibleNames.ts.
 * All functions are defensive: they never throw on odd markup.
 *
 * Layout: in a browser, visibility also checks the element's box (see {@link isVisible}). Environments
 * without layout (happy-dom in unit tests, where every box is 0 × 0) are detected by the root element having
 * no box; there only the style/attribute checks apply.
 */
export { normalizeText, matchScore, createMatcher } from './match'

/**
 * Caches of one command's lookup ({@link withLookupScope}): the DOM does not change while a target is being
 * chosen, so names, texts and the label index are computed once per element and command, never kept after.
 */
interface LookupScope {
  /** control → its `label` elements, per document (built once, by scanning the labels: not `labels` per control). */
  labels: Map<Document, Map<Element, Element[]>>
  roots: Map<Document, (Document | ShadowRoot)[]>
  text: Map<Element, string>
  names: Map<Element, string>
}
let scope: LookupScope | null = null

/**
 * Runs `fn` with per-command caches of names, texts and labels (nested calls share the outer scope). Every
 * lookup of the executor runs inside one: a page's controls are then named in time linear in the page, where
 * asking each control for its `labels` costs Chromium a pass over the document's labels per control.
 */
export function withLookupScope<T>(fn: () => T): T {
  if (scope) return fn()
  scope = { labels: new Map(), roots: new Map(), text: new Map(), names: new Map() }
  try {
    return fn()
  } finally {
    scope = null
  }
}

/** The caches of the lookup running now (`null` outside one): kept by a lookup that goes on in later tasks. */
export function currentLookupScope(): LookupScope | null {
  return scope
}

/**
 * Runs `fn` inside a kept lookup scope (a lookup resumed in a later task: ./schedule.ts slices long lookups),
 * restoring the scope around the call.
 */
export function inLookupScope<T>(kept: LookupScope, fn: () => T): T {
  const previous = scope
  scope = kept
  try {
    return fn()
  } finally {
    scope = previous
  }
}

export type { LookupScope }

/** The owner window of a node, if any. */
export function windowOf(node: Node): (Window & typeof globalThis) | null {
  return node.ownerDocument?.defaultView ?? null
}

const isShadowRoot = (node: Node | null): node is ShadowRoot =>
  node !== null && node.nodeType === 11 /* DOCUMENT_FRAGMENT_NODE */ && 'host' in node

/** The slot a light-DOM child of a shadow host is rendered in (`assignedSlot`, computed when the DOM lacks it). */
export function assignedSlotOf(node: Node): HTMLSlotElement | null {
  try {
    const native = (node as Element | Text).assignedSlot
    if (native !== undefined) return native
    const parent = node.parentNode as Element | null
    const shadow = parent && parent.nodeType === 1 ? parent.shadowRoot : null
    if (!shadow || shadow.mode !== 'open') return null
    const name = node.nodeType === 1 ? ((node as Element).getAttribute('slot') ?? '') : ''
    for (const slot of Array.from(shadow.querySelectorAll('slot'))) {
      if ((slot.getAttribute('name') ?? '') === name) return slot
    }
  } catch {
    /* odd node */
  }
  return null
}

/**
 * The parent of `node` in the flat (composed) tree an event travels through: the slot it is assigned to, the
 * host of a shadow root, else the parent element. `null` at the document's root.
 */
export function composedParent(node: Node): Element | null {
  const slot = assignedSlotOf(node)
  if (slot) return slot
  const parent = node.parentNode
  if (isShadowRoot(parent)) return parent.host
  return parent && parent.nodeType === 1 ? (parent as Element) : null
}

/** `el` and its ancestors in the flat tree (see {@link composedParent}), innermost first. */
export function composedAncestors(el: Element): Element[] {
  const out: Element[] = []
  for (let node: Element | null = el, guard = 0; node && guard < 5_000; node = composedParent(node), guard++)
    out.push(node)
  return out
}

/** `el.closest(selector)` across shadow boundaries and slots (see {@link composedAncestors}). */
export function closestComposed(el: Element, selector: string): Element | null {
  try {
    for (const node of composedAncestors(el)) if (node.matches(selector)) return node
  } catch {
    /* invalid selector */
  }
  return null
}

/** Max number of roots (document, shadow roots, frames) searched per command. */
const MAX_ROOTS = 500

/**
 * The document and every open shadow root and same-origin iframe document inside it, in tree order
 * (closed shadow roots and cross-origin frames are not reachable, by design of the platform).
 */
export function searchRoots(doc: Document): (Document | ShadowRoot)[] {
  const known = scope?.roots.get(doc)
  if (known) return known
  const roots: (Document | ShadowRoot)[] = []
  scope?.roots.set(doc, roots)
  const visit = (root: Document | ShadowRoot) => {
    if (roots.length >= MAX_ROOTS) return
    roots.push(root)
    // A tree walker over elements: an order of magnitude cheaper than `querySelectorAll('*')` on big pages
    // (no static list of every element is built).
    const owner = root.nodeType === 9 ? (root as Document) : (root.ownerDocument as Document)
    let walker: TreeWalker
    try {
      walker = owner.createTreeWalker(root, 0x1 /* NodeFilter.SHOW_ELEMENT */)
    } catch {
      return
    }
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node as Element
      if (roots.length >= MAX_ROOTS) return
      const shadow = el.shadowRoot
      if (shadow && shadow.mode === 'open') visit(shadow)
      if (el.localName === 'iframe' || el.localName === 'frame') {
        try {
          const inner = (el as HTMLIFrameElement).contentDocument
          if (inner && inner.documentElement) visit(inner)
        } catch {
          /* cross-origin frame */
        }
      }
    }
  }
  visit(doc)
  return roots
}

/**
 * `querySelectorAll(selector)` in every search root (see {@link searchRoots}), root after root. Throws the
 * browser's `SyntaxError` for an invalid selector (callers turn it into a refusal). `counts`, when given, receives
 * how many elements each root gave, in the order of `roots`.
 */
export function queryAllDeep(doc: Document, selector: string, roots = searchRoots(doc), counts?: number[]): Element[] {
  const out: Element[] = []
  for (const root of roots) {
    // Read by index: Array.from and a spread of a big NodeList cost Chromium half as much again as the query.
    const list = root.querySelectorAll(selector)
    for (let i = 0; i < list.length; i++) out.push(list[i]!)
    counts?.push(list.length)
  }
  return out
}

/** Whether the page has layout (a browser), as opposed to a DOM without boxes (happy-dom). */
export function hasLayout(doc: Document): boolean {
  try {
    const box = doc.documentElement.getBoundingClientRect()
    return box.width > 0 || box.height > 0
  } catch {
    return false
  }
}

/** Smallest box side, in CSS px, of an element a visitor can see; 1 × 1 px boxes are the visually-hidden pattern. */
export const MIN_VISIBLE_SIZE_PX = 2

type CheckVisibility = (options?: {
  checkOpacity?: boolean
  checkVisibilityCSS?: boolean
  opacityProperty?: boolean
  visibilityProperty?: boolean
  contentVisibilityAuto?: boolean
}) => boolean

/**
 * True when the element is rendered for a sighted visitor (refusal "hidden" otherwise). All must hold:
 * - connected; not an `input type=hidden`; no `hidden`, `inert` or `aria-hidden="true"` on it or an ancestor
 *   in the flat tree;
 * - `checkVisibility({ opacityProperty, visibilityProperty })`: not `display: none`, not `visibility:
 *   hidden`/`collapse`, not `opacity: 0` (itself or an ancestor), not under `content-visibility: hidden`
 *   (computed styles instead where the DOM lacks `checkVisibility`). A subtree whose rendering the browser skips
 *   only while it is off screen (`content-visibility: auto`, CSS Containment 2 §4.1: the sections below the
 *   fold of this site's home page) is rendered for the visitor who scrolls there: it counts as visible, as
 *   any content below the fold does;
 * - with layout: a box at least {@link MIN_VISIBLE_SIZE_PX} px on each side, not clipped away
 *   (`clip: rect(0 0 0 0)`, `clip-path: inset(50%)`), and not placed where no scrolling can reach it
 *   (above the document, or beyond its start edge: the `left: -9999px` honeypot of a left-to-right page).
 *   Below the fold, or sideways within the page's scroll range (either direction), is fine;
 * - inside a frame: the frame element itself is visible.
 */
export function isVisible(el: Element): boolean {
  try {
    if (!el.isConnected) return false
    if (el.localName === 'input' && (el as HTMLInputElement).type === 'hidden') return false
    for (const node of composedAncestors(el)) {
      if (node.hasAttribute('hidden') || node.hasAttribute('inert') || node.getAttribute('aria-hidden') === 'true')
        return false
    }
    const win = windowOf(el)
    const check = (el as Element & { checkVisibility?: CheckVisibility }).checkVisibility
    if (typeof check === 'function') {
      const opts = {
        checkOpacity: true,
        checkVisibilityCSS: true,
        opacityProperty: true,
        visibilityProperty: true,
        contentVisibilityAuto: false,
      }
      if (!check.call(el, opts)) return false
      // The hosts of the shadow roots around it too: DOM implementations without a flat tree (happy-dom) stop
      // at a shadow boundary (browsers already look through it; this costs them one call per host).
      for (let root = el.getRootNode(); isShadowRoot(root); root = root.host.getRootNode()) {
        const hostCheck = (root.host as Element & { checkVisibility?: CheckVisibility }).checkVisibility
        if (typeof hostCheck === 'function' && !hostCheck.call(root.host, opts)) return false
      }
    } else if (win) {
      for (const node of composedAncestors(el)) {
        const style = win.getComputedStyle(node)
        if (style.display === 'none' || Number.parseFloat(style.opacity) === 0) return false
      }
    }
    if (win) {
      const style = win.getComputedStyle(el)
      if (style.visibility === 'hidden' || style.visibility === 'collapse') return false
    }
    const doc = el.ownerDocument
    if (win && hasLayout(doc) && !hasVisibleBox(el, win)) return false
    const frame = win?.frameElement
    if (frame && frame !== el) return isVisible(frame)
    return true
  } catch {
    return false
  }
}

function hasVisibleBox(el: Element, win: Window): boolean {
  // An element that generates no box of its own (display: contents) is judged by its children's boxes.
  const style = win.getComputedStyle(el)
  if (style.display === 'contents') return Array.from(el.children).some((child) => hasVisibleBox(child, win))
  const box = el.getBoundingClientRect()
  if (box.width < MIN_VISIBLE_SIZE_PX || box.height < MIN_VISIBLE_SIZE_PX) return false
  // Above the page's top: scrolling can never bring it into view.
  if (box.bottom + win.scrollY <= 0) return false
  // Sideways, the page scrolls over [0, scrollWidth] (left to right pages) or [clientWidth - scrollWidth,
  // clientWidth] (right to left pages, which overflow to the left); nothing when overflow-x is hidden.
  const docEl = el.ownerDocument.documentElement
  const rootStyle = win.getComputedStyle(docEl)
  const scrollable =
    rootStyle.overflowX === 'hidden' || rootStyle.overflowX === 'clip'
      ? docEl.clientWidth
      : Math.max(docEl.scrollWidth, docEl.clientWidth)
  const minX = rootStyle.direction === 'rtl' ? docEl.clientWidth - scrollable : 0
  const maxX = minX + scrollable
  if (box.right + win.scrollX <= minX || box.left + win.scrollX >= maxX) return false
  for (const node of composedAncestors(el)) {
    const s = win.getComputedStyle(node)
    if (s.clipPath && /^inset\(\s*50%/.test(s.clipPath)) return false
    if (s.position === 'absolute' || s.position === 'fixed') {
      const m = /^rect\(\s*([\d.]+)px,?\s*([\d.]+)px,?\s*([\d.]+)px,?\s*([\d.]+)px\s*\)$/.exec(s.clip)
      if (m && Number(m[1]) >= Number(m[3]) && Number(m[4]) >= Number(m[2])) return false
    }
  }
  return true
}

/** True unless the element (or a disabled fieldset around it) is disabled, or it or an ancestor is `aria-disabled="true"`. */
export function isEnabled(el: Element): boolean {
  try {
    if ((el as HTMLButtonElement).disabled === true) return false
    try {
      if (el.matches(':disabled')) return false
    } catch {
      /* selector unsupported: ignore */
    }
    if (closestComposed(el, '[aria-disabled="true"]')) return false
    return true
  } catch {
    return false
  }
}

/** True for a read-only `input`/`textarea` (or `aria-readonly="true"`). */
export function isReadOnly(el: Element): boolean {
  return (el as HTMLInputElement).readOnly === true || el.getAttribute('aria-readonly') === 'true'
}
