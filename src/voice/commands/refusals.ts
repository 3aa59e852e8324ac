/**
 * What is refused, and why: the checks every chosen target must pass before the executor acts on it.
 * Each refusal comes with a {@link RefusalReason} code and a short human-readable `detail` (reported back to
 * the voice assistant, e.g. `button "Delete Account" is disabled`).
 *
 * Rules (see ./README.md for the SPEC source of each):
 * - inside the widget (`[data-voice-ignore]`): never a candidate at all;
 * - hidden: not rendered for a sighted visitor (./dom.ts `isVisible`: display/visibility/opacity/
 *   content-visibility, zero or 1 px box, clipped away, placed off the page);
 * - disabled: `disabled`, a disabled fieldset, `aria-disabled="true"` on it or an ancestor;
 * - readonly (fill only): `readonly` / `aria-readonly="true"`;
 * - unsafe-url: activating it would navigate to a `javascript:`, `vbscript:` or `data:` URL, judged on what the
 *   click actually activates ({@link unsafeActivationOf}).
 */
import { composedAncestors, isEnabled, isReadOnly, isVisible } from './dom'
import { quotedName, roleOf } from './accessibleNames'

/** Why a command was refused. */
export type RefusalReason =
  /** No document/window (pre-rendering, Node). */
  | 'no-document'
  /** `querySelectorAll` rejected the selector. */
  | 'bad-selector'
  /** No element matched the target. */
  | 'not-found'
  /** The best match is not rendered for the visitor. */
  | 'hidden'
  /** The best match is disabled. */
  | 'disabled'
  /** The best match is a read-only field (fill). */
  | 'readonly'
  /** Activating the best match would navigate to a `javascript:` (or `vbscript:`/`data:`) URL. */
  | 'unsafe-url'
  /** The matched element cannot be toggled to the wanted state (e.g. un-checking a radio). */
  | 'not-toggleable'
  /** The field rejected the value (e.g. letters into `type=number`). */
  | 'rejected-value'
  /**
   * A click or toggle changed nothing it was expected to change (a tab not selected, a menu not opened), also
   * when pressed again with the keys (./taken.ts).
   */
  | 'not-taken'
  /** An unexpected exception inside the executor (caught). */
  | 'error'

/** A refusal: its code and a short sentence saying what was refused. */
export interface Refusal {
  reason: RefusalReason
  detail: string
}

/**
 * Outcome of operating a control (./controls.ts): `{ ok: true, shown, acted }` (`shown` is what the visitor sees
 * now, for the toast and the report; `acted` the element that took the value), or a refusal.
 */
export type ControlOutcome = { ok: true; shown: string; acted: Element } | ({ ok: false } & Refusal)

/** A `rejected-value` refusal with its sentence. */
export const rejected = (detail: string): ControlOutcome => ({ ok: false, reason: 'rejected-value', detail })

/** URL schemes that run script or smuggle content: activations that would navigate to them are refused. */
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

const XLINK = 'http://www.w3.org/1999/xlink'
const SVG = 'http://www.w3.org/2000/svg'

/** The unsafe URL a link element (HTML `a`/`area`, SVG `a` with `href` or `xlink:href`) navigates to, or null. */
function unsafeLinkUrl(el: Element): string | null {
  const tag = el.localName
  if (tag !== 'a' && tag !== 'area') return null
  const candidates = [el.getAttribute('href'), el.getAttributeNS(XLINK, 'href'), el.getAttribute('xlink:href')]
  if (el.namespaceURI !== SVG) {
    // The resolved URL too (a `<base href>` could make a relative href unsafe).
    try {
      const resolved = (el as HTMLAnchorElement).href
      if (typeof resolved === 'string' && el.hasAttribute('href')) candidates.push(resolved)
    } catch {
      /* no href */
    }
  }
  for (const url of candidates) if (isUnsafeUrl(url)) return url
  return null
}

/** The unsafe URL a submit button's activation would submit its form to (`formaction`, else the form's `action`). */
function unsafeSubmitUrl(el: Element): string | null {
  const tag = el.localName
  const type = (el.getAttribute('type') ?? '').trim().toLowerCase()
  const isSubmit =
    (tag === 'button' && (type === '' || type === 'submit')) ||
    (tag === 'input' && (type === 'submit' || type === 'image'))
  if (!isSubmit) return null
  const formAction = el.getAttribute('formaction')
  if (isUnsafeUrl(formAction)) return formAction
  const form = (el as HTMLButtonElement).form ?? el.closest('form')
  const action = form?.getAttribute('action') ?? null
  return isUnsafeUrl(action) ? action : null
}

/** The control a label activates: `label.control`, else its `for` target in its root, else its first labelable descendant. */
function labelControl(label: Element): Element | null {
  try {
    const native = (label as HTMLLabelElement).control
    if (native) return native
    const id = label.getAttribute('for')
    const root = label.getRootNode() as Document | ShadowRoot
    if (id && typeof root.getElementById === 'function') return root.getElementById(id)
    return label.querySelector('button, input:not([type=hidden]), select, textarea')
  } catch {
    return null
  }
}

/**
 * The unsafe URL (`javascript:`, `vbscript:`, `data:`) that activating `el` would navigate to, or `null`.
 * A click on `el` runs the activation behaviour of `el` or of an ancestor in its event path, which follows the
 * flat tree (slotted light-DOM text → its slot → the shadow tree around it → the host). Every element on that
 * path is judged (being stricter than the browser's "nearest activatable" rule costs nothing):
 * - an HTML `a`/`area` or SVG `a` whose `href` / `xlink:href` is unsafe;
 * - a submit button whose `formaction` or form `action` is unsafe;
 * - a `label`, through the control it activates (judged the same way).
 */
export function unsafeActivationOf(el: Element): string | null {
  try {
    for (const node of composedAncestors(el)) {
      const link = unsafeLinkUrl(node)
      if (link !== null) return link
      const submit = unsafeSubmitUrl(node)
      if (submit !== null) return submit
      if (node.localName === 'label') {
        const control = labelControl(node)
        if (control && control !== el) {
          const viaLabel = unsafeSubmitUrl(control) ?? unsafeLinkUrl(control)
          if (viaLabel !== null) return viaLabel
        }
      }
    }
    return null
  } catch {
    return 'unreadable element'
  }
}

/** Which checks apply: every action checks hidden, disabled and unsafe activation; fill also read-only. */
export type TargetUse = 'click' | 'fill' | 'toggle'

/**
 * The refusal of acting on `el` for `use`, or `null` when it may be acted on. Checks in order: hidden,
 * disabled, read-only (fill), unsafe activation (click, toggle; a fill activates nothing).
 */
export function refusalOf(el: Element, use: TargetUse): Refusal | null {
  const name = () => `${use === 'fill' ? 'the field' : roleOf(el) || el.localName} ${quotedName(el)}`
  if (!isVisible(el)) return { reason: 'hidden', detail: `${name()} is not visible` }
  if (!isEnabled(el)) return { reason: 'disabled', detail: `${name()} is disabled` }
  if (use === 'fill' && isReadOnly(el)) return { reason: 'readonly', detail: `${name()} is read-only` }
  if (use !== 'fill') {
    const unsafe = unsafeActivationOf(el)
    if (unsafe !== null)
      return { reason: 'unsafe-url', detail: `${name()} would navigate to ${JSON.stringify(unsafe.slice(0, 60))}` }
  }
  return null
}
