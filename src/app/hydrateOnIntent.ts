/**
 * Hydration at the visitor's first intent, and the hand-over of what they did before it finished.
 *
 * A pre-rendered page is complete without JavaScript: text, links (plain `<a href>`), the intro and the voice
 * widget (framework-free, started by src/boot.ts) all work. What needs the React app — menus, tabs, forms,
 * the exit-intent dialog, client-side navigation — needs it only once the visitor acts, so the app loads and
 * hydrates then, not while the page loads (on a phone-class CPU hydrating is ~1 s of main-thread work: the
 * Chakra system, module evaluation, the render).
 *
 * Until React has hydrated, clicks on controls the app drives (buttons, tabs, checkboxes…) and form
 * submissions are held (their default action — a native form submission — is prevented) and replayed once it
 * has; text typed into fields is handed to the app as `input` events, so a form library that resets its
 * fields on registration keeps it. Links are left to navigate natively.
 */
import { dispatch, setNativeValue } from '../voice/commands/nativeValue'

/** Events that mean the visitor is starting to use the page (listened to on `window`, capture phase). */
export const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'wheel',
  'scroll',
  'focusin',
] as const

/** Controls whose click only the app handles (without it they do nothing): held and replayed. */
export const REPLAYED_CONTROLS =
  'button, [role="button"], [role="tab"], [role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"], [role="checkbox"], [role="radio"], [role="switch"], summary, input[type="checkbox"], input[type="radio"], input[type="submit"], input[type="button"], input[type="reset"], input[type="image"]'

/** Parts of the page that work by themselves before hydration (the intro popup, the voice widget's host). */
export const SELF_DRIVEN = '[data-intro-popup], [data-voiceos]'

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Options of {@link hydrateOnIntent}. */
export interface HydrateOnIntentOptions {
  /** The React root container (`#root`); only events inside it are held or handed over. */
  root: HTMLElement
  /** Loads the app, which hydrates `root` (src/boot.ts: `() => import('../main')`). Called once. */
  load: () => Promise<unknown>
  /** Resolves when the app has hydrated and attached its handlers (src/app/hydration.ts). */
  hydrated: Promise<void>
}

/**
 * Waits for the visitor's first intent — a pointer moving or pressing, a touch, a key, the wheel, a scroll, focus
 * arriving in the page (not the intro popup taking it) — then calls `load` once. Until `hydrated` resolves it
 * holds clicks on {@link REPLAYED_CONTROLS} and form submissions inside `root` (never in {@link SELF_DRIVEN}
 * parts), then re-dispatches field values typed meanwhile (`input` and `change` events through the native value
 * setter, which React's change tracking sees) and replays the held actions in order, on elements still in the
 * document.
 * @returns `stop()`: removes every listener and drops what was held (the app never loads if it had not started).
 */
export function hydrateOnIntent({ root, load, hydrated }: HydrateOnIntentOptions): () => void {
  const view = root.ownerDocument.defaultView ?? window
  let started = false
  let stopped = false
  const held: Array<() => void> = []
  const typed = new Map<Field, string>()

  const inApp = (target: EventTarget | null): target is Element =>
    target instanceof Element && root.contains(target) && !target.closest(SELF_DRIVEN)

  const start = () => {
    if (started) return
    started = true
    load().catch((error: unknown) => console.error('[boot] the site app could not load', error))
  }
  const onIntent = (e: Event) => {
    // The intro moving focus into its popup is not the visitor.
    if (e.type === 'focusin' && e.target instanceof Element && e.target.closest(SELF_DRIVEN)) return
    start()
  }
  const onClick = (e: MouseEvent) => {
    start()
    if (!inApp(e.target)) return
    const control = e.target.closest<HTMLElement>(REPLAYED_CONTROLS)
    if (!control || !root.contains(control)) return
    e.preventDefault()
    e.stopImmediatePropagation()
    held.push(() => control.isConnected && control.click())
  }
  const onSubmit = (e: SubmitEvent) => {
    start()
    const form = e.target
    if (!inApp(form) || !(form instanceof HTMLFormElement)) return
    e.preventDefault()
    e.stopImmediatePropagation()
    const submitter = e.submitter instanceof HTMLElement && form.contains(e.submitter) ? e.submitter : null
    held.push(() => form.isConnected && form.requestSubmit(submitter))
  }
  const onInput = (e: Event) => {
    start()
    const field = e.target
    if (!inApp(field)) return
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)
      typed.set(field, field.value)
  }

  const passive: AddEventListenerOptions = { capture: true, passive: true }
  INTENT_EVENTS.forEach((type) => view.addEventListener(type, onIntent, passive))
  view.addEventListener('click', onClick, true)
  view.addEventListener('submit', onSubmit, true)
  view.addEventListener('input', onInput, passive)
  view.addEventListener('change', onInput, passive)
  const stop = () => {
    if (stopped) return
    stopped = true
    INTENT_EVENTS.forEach((type) => view.removeEventListener(type, onIntent, passive))
    view.removeEventListener('click', onClick, true)
    view.removeEventListener('submit', onSubmit, true)
    view.removeEventListener('input', onInput, passive)
    view.removeEventListener('change', onInput, passive)
  }

  void hydrated.then(() => {
    if (stopped) return
    stop()
    for (const [field, value] of typed) if (field.isConnected) handOver(field, value)
    for (const action of held) action()
  })
  return () => {
    stop()
    held.length = 0
    typed.clear()
  }
}

/** Sets `value` the way the voice executor fills a field (React's value tracker sees it), then input + change. */
function handOver(field: Field, value: string): void {
  setNativeValue(field as HTMLInputElement, value)
  dispatch(field, 'input')
  dispatch(field, 'change')
}
