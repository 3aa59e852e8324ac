/**
 * Writing a value the way a page's framework observes it: the native `value` setter and the `input` / `change`
 * events. A module of its own because the site's first script (src/app/hydrateOnIntent.ts) needs these two and
 * nothing else of the executor: what it imports ships at load.
 */

/** Dispatches a bubbling event of `type` (e.g. `input`, `change`) from the element's own window. */
export function dispatch(el: Element, type: string): void {
  const EventCtor = el.ownerDocument.defaultView?.Event ?? Event
  el.dispatchEvent(new EventCtor(type, { bubbles: true, composed: true }))
}

/**
 * Sets `value` through the native setter found on the element's prototype chain, bypassing the own-property
 * value tracker React installs on controlled inputs (react/react#10135), so React's `onChange` sees the change.
 */
export function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  for (
    let proto = Object.getPrototypeOf(el) as object | null;
    proto;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'value')
    if (descriptor?.set) {
      descriptor.set.call(el, value)
      return
    }
  }
  el.value = value
}
