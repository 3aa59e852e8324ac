/**
 * The DOM builders every part of the framework-free widget draws with (mount.ts, conversationView.ts,
 * consentDialog.ts), its constructed stylesheets, and the writes its redraws make only when a value changed.
 * @module
 */

const SVG_NS = 'http://www.w3.org/2000/svg'

/** An icon's shapes in a 24×24 view box: `[tag, attributes]` pairs, e.g. Lucide's `['path', { d: 'M12 19v3' }]`. */
export type IconShapes = readonly (readonly [string, Readonly<Record<string, string>>])[]

/**
 * Draws an icon as Lucide does (24×24 view box, `currentColor` stroke of 2, round caps and joins), hidden from
 * assistive technology and out of the tab order: the button that holds it carries the name.
 */
export function svgIcon(shapes: IconShapes): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg')
  for (const [k, v] of Object.entries({
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(k, v)
  }
  for (const [tag, attrs] of shapes) {
    const shape = document.createElementNS(SVG_NS, tag)
    for (const [k, v] of Object.entries(attrs)) shape.setAttribute(k, v)
    svg.append(shape)
  }
  return svg
}

/** Creates a `tag` element with `className` (none when empty) and the given attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
  return node
}

/*
 * Writes that happen only when the value differs. The widget redraws from its whole state on every change
 * (each start stage, each transcript); an unchanged `textContent` written again still replaces the text node
 * and an unchanged attribute written again still invalidates style, so every redraw would cost the page a
 * style recalculation and a layout (and, with the pointer resting on the mic, a hover hit test) for nothing.
 */

/** Sets `node.textContent` to `text` unless it already is. */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text
}

/** Sets the attribute `name` of `node` to `value` unless it already is. */
export function setAttr(node: Element, name: string, value: string): void {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value)
}

/** Sets `node.hidden` unless it already is. */
export function setHidden(node: HTMLElement, hidden: boolean): void {
  if (node.hidden !== hidden) node.hidden = hidden
}

/** Adds (`on`) or removes the class `name` of `node` unless it already is so. */
export function setClass(node: Element, name: string, on: boolean): void {
  if (node.classList.contains(name) !== on) node.classList.toggle(name, on)
}

/**
 * The media query list of `query` in the window `node`'s document belongs to (a widget mounted into an iframe's
 * document follows that frame's width and preferences, not the top window's); `null` without `matchMedia`.
 */
export function mediaQuery(node: Node, query: string): MediaQueryList | null {
  const view = (node.ownerDocument ?? (node as Document)).defaultView
  return typeof view?.matchMedia === 'function' ? view.matchMedia(query) : null
}

const sheets = new Map<string, CSSStyleSheet | null>()
/**
 * A constructed stylesheet of `css`, parsed once per document and shared by every shadow root that adopts it
 * (a constructed sheet is CSSOM, so a host's CSP without style-src 'unsafe-inline' allows it); `null` where the
 * browser cannot adopt constructed sheets (the caller then appends a `<style>`). It belongs to this realm's
 * `document`: a shadow root in another document cannot adopt it. Never throws.
 */
export function constructedSheet(css: string): CSSStyleSheet | null {
  let sheet = sheets.get(css)
  if (sheet === undefined) {
    try {
      const canAdopt =
        typeof Document !== 'undefined' &&
        'adoptedStyleSheets' in Document.prototype &&
        'replaceSync' in CSSStyleSheet.prototype
      sheet = canAdopt ? new CSSStyleSheet() : null
      sheet?.replaceSync(css)
    } catch {
      sheet = null
    }
    sheets.set(css, sheet)
  }
  return sheet
}

/**
 * Adds `css` to `shadow`: the shared {@link constructedSheet} where this document can adopt it, else a `<style>`
 * (another document's shadow root, or a browser without constructed sheets). Returns what takes it out again.
 */
export function adoptStyles(shadow: ShadowRoot, css: string): () => void {
  const sheet = shadow.ownerDocument === document ? constructedSheet(css) : null
  if (sheet) {
    if (!shadow.adoptedStyleSheets.includes(sheet)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet]
    return () => {
      shadow.adoptedStyleSheets = shadow.adoptedStyleSheets.filter((s) => s !== sheet)
    }
  }
  const style = shadow.ownerDocument.createElement('style')
  style.textContent = css
  shadow.append(style)
  return () => style.remove()
}
