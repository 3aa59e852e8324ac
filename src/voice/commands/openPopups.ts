/**
 * Popups already open when a popup is operated (./popups.ts): the options another control's popup still shows
 * while it closes (a list fading out after the last choice), which are never the new popup's, and the popup a
 * trigger names (`aria-controls` / `aria-owns`), which always is.
 */
import { isVisible } from './dom'
import { waitFor } from './effects'

/** How long a closing popup may take to finish, in ms (as long as a popup may take to show). */
const CLOSE_WAIT_MS = 400

/** The roles an option of a popup has (WAI-ARIA: listbox, menu, tree and grid entries). */
export const OPTION_ROLES = new Set(['option', 'menuitem', 'menuitemradio', 'menuitemcheckbox', 'treeitem', 'gridcell'])
/** A CSS selector for an element with one of {@link OPTION_ROLES}. */
export const OPTION_SELECTOR = [...OPTION_ROLES].map((r) => `[role=${r}]`).join(',')

/**
 * The visible options outside `box` before the press (another popup's, when any), as DOM elements: those
 * with an option role in the document are enough — a closing popup is still drawn.
 */
export function visibleOptionsOutside(box: Element): Element[] {
  return [...box.ownerDocument.querySelectorAll(OPTION_SELECTOR)].filter((o) => !box.contains(o) && isVisible(o))
}

/** The element `trigger`'s `aria-controls` or `aria-owns` names (the first id that is in the document). */
export function namedPopupOf(trigger: Element): Element | null {
  const ids = `${trigger.getAttribute('aria-controls') ?? ''} ${trigger.getAttribute('aria-owns') ?? ''}`
  for (const id of ids.split(/\s+/).filter(Boolean)) {
    const el = trigger.ownerDocument.getElementById(id)
    if (el) return el
  }
  return null
}

/**
 * Waits (at most {@link CLOSE_WAIT_MS}) for a popup that is still closing to finish: while the page runs a CSS
 * transition or animation on an option listed in `options`, or on an element around one. Nothing to wait for
 * where the page reports no animations.
 */
export async function closingPopupGone(trigger: Element, options: readonly Element[]): Promise<void> {
  const doc = trigger.ownerDocument as Document & { getAnimations?: () => Animation[] }
  if (options.length === 0 || typeof doc.getAnimations !== 'function') return
  const closing = () =>
    doc.getAnimations().some((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target
      return a.playState === 'running' && !!target && options.some((o) => target.contains(o) && isVisible(o))
    })
  await waitFor(trigger, () => !closing(), CLOSE_WAIT_MS)
}
