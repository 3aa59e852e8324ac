/**
 * DOM helpers of the command executor: visibility, enabled state, accessible names, roles, text matching
 * and unsafe-URL detection. All functions are defensive: they never throw on odd markup.
 *
 * Works in browsers and in happy-dom (no layout there: visibility relies on attributes, computed
 * `display`/`visibility` and `Element.checkVisibility()` when present, never on element boxes).
 */

/** Lower-cases, NFKC-normalises, turns punctuation into spaces and collapses whitespace. */
export function normalizeText(text: string | null | undefined): string {
  if (!text) return ''
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** Filler words ignored when matching spoken targets ("click the watch demo button" ≈ "Watch Demo"). */
const FILLER_WORDS = new Set([
  'the', 'a', 'an', 'on', 'to', 'my', 'your', 'please', 'click', 'press', 'tap', 'button', 'link', 'field',
  'input', 'box', 'checkbox', 'switch', 'toggle', 'tab', 'menu', 'option', 'radio', 'item', 'in', 'into', 'of',
])

function withoutFillers(normalized: string): string {
  return normalized
    .split(' ')
    .filter((w) => w && !FILLER_WORDS.has(w))
    .join(' ')
}

function scoreNormalized(name: string, query: string): number {
  if (!name || !query) return 0
  if (name === query) return 100
  // Long names (containers, paragraphs) only match exactly: their text merely mentions the target.
  const shortEnough = name.length <= query.length * 3 + 24
  if (shortEnough && ` ${name} `.includes(` ${query} `)) return 80 - Math.min(20, Math.floor((name.length - query.length) / 8))
  if (name.length >= 2 && ` ${query} `.includes(` ${name} `)) return 60
  const nameWords = new Set(name.split(' '))
  const queryWords = query.split(' ').filter((w) => !FILLER_WORDS.has(w))
  if (shortEnough && queryWords.length > 0 && queryWords.every((w) => nameWords.has(w))) return 40
  return 0
}

/**
 * How well an element name matches a spoken query, 0 (no match) to 100 (equal after normalisation).
 * 80: the name contains the query as whole words; 60: the query contains the name; 40: every non-filler
 * query word is in the name. The query is also tried without filler words ("the … button").
 */
export function matchScore(name: string, query: string): number {
  return createMatcher(query)(name)
}

/** {@link matchScore} with the query normalised once: returns `(name) => score`. */
export function createMatcher(query: string): (name: string) => number {
  const q = normalizeText(query)
  const stripped = withoutFillers(q)
  const alt = stripped && stripped !== q ? stripped : ''
  return (name: string) => {
    if (!q) return 0
    const n = normalizeText(name)
    if (!n) return 0
    return Math.max(scoreNormalized(n, q), alt ? scoreNormalized(n, alt) : 0)
  }
}

/** The owner window of a node, if any. */
export function windowOf(node: Node): (Window & typeof globalThis) | null {
  return (node.ownerDocument?.defaultView as (Window & typeof globalThis) | null | undefined) ?? null
}

/**
 * True when the element is rendered for the visitor: connected, not `hidden`/`inert`/`aria-hidden="true"`
 * (itself or an ancestor), not an `input type=hidden`, and not `display: none` / `visibility: hidden`
 * (via `checkVisibility()` when the browser has it, else computed styles of the element and its ancestors).
 */
export function isVisible(el: Element): boolean {
  try {
    if (!el.isConnected) return false
    if (el.localName === 'input' && (el as HTMLInputElement).type === 'hidden') return false
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (node.hasAttribute('hidden') || node.hasAttribute('inert') || node.getAttribute('aria-hidden') === 'true') {
        return false
      }
    }
    const win = windowOf(el)
    const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility
    if (typeof check === 'function') {
      if (!check.call(el, { checkVisibilityCSS: true, visibilityProperty: true })) return false
      if (win) {
        const style = win.getComputedStyle(el)
        if (style.visibility === 'hidden' || style.visibility === 'collapse') return false
      }
      return true
    }
    if (!win) return true
    const own = win.getComputedStyle(el)
    if (own.visibility === 'hidden' || own.visibility === 'collapse') return false
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (win.getComputedStyle(node).display === 'none') return false
    }
    return true
  } catch {
    return false
  }
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
    if (el.closest('[aria-disabled="true"]')) return false
    return true
  } catch {
    return false
  }
}

/** True for a read-only `input`/`textarea` (or `aria-readonly="true"`). */
export function isReadOnly(el: Element): boolean {
  return (el as HTMLInputElement).readOnly === true || el.getAttribute('aria-readonly') === 'true'
}

/** Text of the `label` elements of a form control (`label[for=id]` and a wrapping label). */
export function labelTexts(el: Element): string[] {
  const texts: string[] = []
  try {
    const labels = (el as HTMLInputElement).labels
    if (labels && labels.length > 0) {
      for (const label of Array.from(labels)) texts.push(label.textContent ?? '')
      return texts
    }
    const id = el.getAttribute('id')
    if (id) {
      for (const label of Array.from(el.ownerDocument.getElementsByTagName('label'))) {
        if (label.getAttribute('for') === id) texts.push(label.textContent ?? '')
      }
    }
    const wrapping = el.closest('label')
    if (wrapping) texts.push(wrapping.textContent ?? '')
  } catch {
    /* odd markup: no labels */
  }
  return texts
}

function labelledByText(el: Element): string {
  const ids = el.getAttribute('aria-labelledby')
  if (!ids) return ''
  const doc = el.ownerDocument
  return ids
    .split(/\s+/)
    .map((id) => (id ? (doc.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .trim()
}

/** Texts that name a form field, best first: labels, aria-labelledby, aria-label, then title. */
export function fieldLabelTexts(el: Element): string[] {
  return [...labelTexts(el), labelledByText(el), el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? ''].filter(
    (t) => t.trim() !== '',
  )
}

const FORM_CONTROL = new Set(['input', 'textarea', 'select'])

/**
 * A simplified accessible name (accname): aria-labelledby, aria-label, labels of form controls, the
 * value of input buttons, `alt` of images, otherwise the text content (with descendant image alts), then title.
 */
export function accessibleName(el: Element): string {
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
    if (FORM_CONTROL.has(tag)) {
      const labels = labelTexts(el).join(' ').trim()
      if (labels) return labels
      return el.getAttribute('placeholder') ?? el.getAttribute('title') ?? ''
    }
    if (tag === 'img') return el.getAttribute('alt') ?? ''
    if (tag === 'details') {
      const summary = Array.from(el.children).find((c) => c.localName === 'summary')
      return summary?.textContent ?? ''
    }
    let text = el.textContent ?? ''
    if (!text.trim()) {
      const alts = Array.from(el.querySelectorAll('img[alt]')).map((img) => img.getAttribute('alt') ?? '')
      text = alts.join(' ')
    }
    return text.trim() ? text : (el.getAttribute('title') ?? '')
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
      return el.hasAttribute('href') ? 'link' : ''
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

/** URL schemes that run script or smuggle content: clicks that would navigate to them are refused. */
const UNSAFE_SCHEMES = ['javascript:', 'vbscript:', 'data:']

/**
 * True when a URL attribute value would run script (`javascript:`, `vbscript:`) or load a `data:` document.
 * Strips every ASCII control character and space first, as the URL parser ignores them
 * (`"  java\tscript:alert(1)"` is still `javascript:`).
 */
export function isUnsafeUrl(raw: string | null | undefined): boolean {
  if (raw == null) return false
  // eslint-disable-next-line no-control-regex
  const compact = raw.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase()
  return UNSAFE_SCHEMES.some((scheme) => compact.startsWith(scheme))
}

/**
 * The unsafe URL a click on `el` would navigate to, or `null`: the `href` of the enclosing link, or, for a
 * submit button, its `formaction` / its form's `action`.
 */
export function unsafeNavigationOf(el: Element): string | null {
  const link = el.closest('a[href], area[href]')
  if (link) {
    const href = link.getAttribute('href')
    if (isUnsafeUrl(href)) return href
  }
  const submitter = el.closest('button, input[type=submit], input[type=image]')
  if (submitter) {
    const type = (submitter.getAttribute('type') ?? 'submit').toLowerCase()
    if (submitter.localName === 'input' || type === 'submit') {
      const formAction = submitter.getAttribute('formaction')
      if (isUnsafeUrl(formAction)) return formAction
      const form = (submitter as HTMLButtonElement).form ?? submitter.closest('form')
      const action = form?.getAttribute('action')
      if (isUnsafeUrl(action)) return action ?? null
    }
  }
  return null
}
