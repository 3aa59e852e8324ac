/**
 * Choosing a value through the popup a person opens: the way into a custom select whose programmatic control is
 * hidden or read-only (a native `<select>` a library hides behind a `div` it draws, a read-only input that opens
 * a list, a cascader's columns, a button with `aria-haspopup="listbox"`, a text box with
 * `aria-autocomplete="list"` that only takes what its list offers). Nothing here knows a library: what a
 * library does differently is found from the DOM and its events.
 *
 * What a fill does, as a person does it (WAI-ARIA APG "Select-Only Combobox" and "Listbox" patterns describe the
 * roles; the steps are a pointer user's):
 * 1. **The trigger** ({@link visibleTriggerOf}): the control itself when it is seen, else the nearest visible
 *    ancestor a person can press (a focus stop — `tabindex` —, a `combobox` / `listbox` / `button` role,
 *    `aria-haspopup` or `aria-expanded`), at most {@link TRIGGER_LEVELS} up and never past a `label`, `form`
 *    or `fieldset`; else the element to press in the widget drawn right after it (a library inserts its own
 *    after the native control it hides); else the bordered box it is drawn in (./fieldNames.ts `drawnBoxOf`).
 * 2. **Open it** with the whole press ({@link clickElement}: pointer and mouse events, then `click`).
 * 3. **The popup**: every element that appeared or changed (`MutationObserver`: nodes added, `class` /
 *    `style` / `hidden` / `aria-*` changed) after the press — often a portal at the end of `<body>` — that is
 *    now visible. Its options are elements with an option role (`option`, `menuitem…`, `treeitem`, `gridcell`)
 *    or with text of their own; the one whose visible text is the value (case-, accent- and `&`/"and"-folded;
 *    else the one option that starts with it or holds it as whole words) is chosen. Text that was visible in the
 *    trigger's box before the press (the value it shows) is no option.
 * 4. **Typing**: an option not listed (a long or virtual list) is typed into the popup's search box — the text
 *    box that has the focus after the press, else a visible one in the trigger — and the list awaited. A value
 *    no option has is then tried with Enter (a tag input or a creatable select takes typed text so).
 * 5. **Choose** with the whole press on the option. A spoken list ("gift wrap and insurance"), or a path
 *    through a cascader's columns ("Kerala, Kochi"; "Zhejiang Hangzhou West Lake" read as the longest option
 *    names first), chooses each in turn, opening the popup again when it closed.
 * 6. **Read back** what the form would submit and what the trigger shows ({@link committedText}): the hidden
 *    `<select>`'s selected options, an input's value, the text of the trigger's box without its popup. Done only
 *    when every chosen option's text is there; else refused (`"Venue" did not take the option "Rooftop"`).
 *
 * No popup at all after the press (a read-only field that is only read-only): `null`, and the caller refuses it
 * as before. An option not there: refused with the options the popup listed, the popup closed (Escape) and
 * anything typed taken back.
 */
import { isVisible } from './dom'
import { clickElement, dispatch, focus, keydown, nextTurn, setNativeValue, waitFor } from './effects'
import { drawnBoxOf, quotedList } from './fieldNames'
import { closingPopupGone, namedPopupOf, OPTION_ROLES, OPTION_SELECTOR, visibleOptionsOutside } from './openPopups'
import { rejected, type ControlOutcome } from './refusals'
import { shownValue, spokenList } from './selects'
import { foldText } from './spoken'

/** How long a popup, its filtered list or a committed value may take to show after a step, in ms. */
export const POPUP_WAIT_MS = 400
/** How far above a hidden control its trigger is looked for (ancestors). */
export const TRIGGER_LEVELS = 4

const NOT_OPTION_TAGS = new Set([
  'input',
  'textarea',
  'select',
  'option',
  'script',
  'style',
  'template',
  'label',
  'svg',
])
const TRIGGER_ROLES = new Set(['combobox', 'listbox', 'button'])
const WATCHED_ATTRIBUTES = ['class', 'style', 'hidden', 'aria-hidden', 'aria-expanded', 'data-state', 'open']

/** Whether a person can press `el` to open something (see the module doc, step 1). */
function pressable(el: Element): boolean {
  const role = el.getAttribute('role')
  return (
    el.hasAttribute('tabindex') ||
    (role !== null && TRIGGER_ROLES.has(role)) ||
    el.hasAttribute('aria-haspopup') ||
    el.hasAttribute('aria-expanded')
  )
}

/**
 * The element a person presses for `control` (see the module doc, step 1), or `null` when none is seen.
 * A visible control is its own trigger.
 */
export function visibleTriggerOf(control: Element): Element | null {
  if (isVisible(control)) return control
  let up = control.parentElement
  for (let i = 0; i < TRIGGER_LEVELS && up && up !== control.ownerDocument.body; i++, up = up.parentElement) {
    if (up.localName === 'label' || up.localName === 'form' || up.localName === 'fieldset') break
    if (pressable(up) && isVisible(up)) return up
  }
  // Else the widget drawn right after it (a library that hides a native control inserts its own after it): the
  // element in it a person presses.
  const next = drawnWidgetAfter(control)
  if (next && isVisible(next)) {
    if (pressable(next)) return next
    for (const el of next.querySelectorAll('[role=combobox],[aria-haspopup],[tabindex]')) if (isVisible(el)) return el
  }
  // Else the box it is drawn in (a bordered control around a hidden input), when a person sees it.
  const drawn = drawnBoxOf(control)
  return drawn && isVisible(drawn) ? drawn : null
}

/**
 * Whether `el` lies inside the widget a library drew right after a native `<select>` it hides (the trigger and
 * inline search box of that select: parts of it, not fields of their own).
 */
export function isInsideDrawnSelect(el: Element): boolean {
  let node: Element | null = el
  for (let i = 0; i < 6 && node; i++, node = node.parentElement) {
    const prev = node.previousElementSibling
    if (prev?.localName === 'select' && drawnWidgetAfter(prev) === node && !isVisible(prev)) return true
  }
  return false
}

/**
 * The widget a library drew right after a native control it hides, when the control still carries the name: a
 * widget whose own text box took the label (`<label for>` moved to it) is a field of its own, and the hidden
 * control is not reached through it.
 */
function drawnWidgetAfter(control: Element): Element | null {
  const next = control.nextElementSibling
  if (!next) return null
  for (const f of next.querySelectorAll('input, textarea, select'))
    if (((f as HTMLInputElement).labels?.length ?? 0) > 0) return null
  return next
}

/** An element with a text node of its own (not only in its children). */
function hasOwnText(el: Element): boolean {
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 && (n.textContent ?? '').trim()) return true
  return false
}

const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()
/** Case-, accent- and punctuation-folded words ("Olive & Thyme" = "olive and thyme", `"Fragile"` = "fragile"). */
const fold = (t: string) =>
  foldText(t.replace(/&/g, ' and ').replace(/[^\p{L}\p{N}\p{M}]+/gu, ' '))
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Records what appears or changes in the document while a popup is operated (`MutationObserver`: nodes added,
 * the watched attributes changed): `roots()` lists those elements still connected, `stop()` ends the watch.
 */
export function watchDocument(doc: Document): { roots: () => Element[]; stop: () => void } {
  const seen = new Set<Element>()
  const Observer = doc.defaultView?.MutationObserver ?? MutationObserver
  const record = (list: MutationRecord[]) => {
    for (const m of list) {
      if (m.type === 'attributes' && m.target.nodeType === 1) seen.add(m.target as Element)
      for (const n of m.addedNodes) if (n.nodeType === 1) seen.add(n as Element)
    }
  }
  const observer = new Observer(record)
  observer.observe(doc.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: WATCHED_ATTRIBUTES,
  })
  return {
    roots: () => {
      record(observer.takeRecords())
      return [...seen].filter((el) => el.isConnected)
    },
    stop: () => observer.disconnect(),
  }
}

/** What a popup operation works on. */
interface PopupRun {
  control: Element
  trigger: Element
  /** The box around the trigger where the widget shows its value; what it showed before the press is no option. */
  box: Element
  shownBefore: Set<Element>
  /** Options another popup showed before the press (one still fading out as it closes): never the new popup's. */
  openBefore: Element[]
  watch: ReturnType<typeof watchDocument>
}

/** Whether `el` belongs to a popup that was open before the press and is not the one the trigger names. */
function wasOpenBefore(el: Element, run: PopupRun): boolean {
  if (run.openBefore.length === 0 || namedPopupOf(run.trigger)?.contains(el)) return false
  return run.openBefore.some((o) => o.contains(el) || el.contains(o))
}

/** The visible options that appeared since the press (see the module doc, step 3). */
function optionsNow(run: PopupRun): Element[] {
  const out = new Set<Element>()
  const body = run.control.ownerDocument.body
  for (const root of run.watch.roots()) {
    if (root === body || root === body.parentElement || root.contains(run.trigger) || run.control.contains(root))
      continue
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (NOT_OPTION_TAGS.has(el.localName) || run.shownBefore.has(el) || run.control.contains(el)) continue
      if (wasOpenBefore(el, run)) continue
      const role = el.getAttribute('role')
      const isOption = role !== null && OPTION_ROLES.has(role)
      if (!isOption && !hasOwnText(el)) continue
      const option = isOption ? el : (el.closest(OPTION_SELECTOR) ?? el)
      if (out.has(option) || run.shownBefore.has(option) || option.contains(run.trigger)) continue
      if (!textOf(option) || option.getAttribute('aria-disabled') === 'true' || !isVisible(option)) continue
      out.add(option)
    }
  }
  return [...out]
}

/** The option whose visible text is `value` (exact first, then the one that starts with it or holds its words). */
function matchVisible(options: readonly Element[], value: string, exactOnly = false): Element | null {
  const v = fold(value)
  if (!v) return null
  const texts = options.map((o) => fold(textOf(o)))
  const exact = options.filter((_, i) => texts[i] === v)
  if (exact.length >= 1) return innermost(exact)
  if (exactOnly) return null
  const starts = options.filter((_, i) => texts[i]!.startsWith(`${v} `))
  if (starts.length === 1) return starts[0]!
  const words = options.filter((_, i) => ` ${texts[i]} `.includes(` ${v} `))
  return words.length === 1 ? words[0]! : null
}

/** Of elements with the same text, one that holds none of the others (a row's text cell, not the row). */
function innermost(list: readonly Element[]): Element {
  return list.find((o) => !list.some((p) => p !== o && o.contains(p))) ?? list[0]!
}

/** The highest ancestor of `option` that holds neither the trigger nor the control: the popup it is listed in. */
function popupRootOf(option: Element, run: PopupRun): Element {
  let root = option
  for (let up = option.parentElement; up && up !== option.ownerDocument.body; up = up.parentElement) {
    if (up.contains(run.trigger) || up.contains(run.control)) break
    root = up
  }
  return root
}

/**
 * What the widget has committed, as read where a form or a person reads it: the selected options of a
 * `<select>`, an input's value (unless it is the search box typed into), and the shown text of the trigger's box
 * without its open popups.
 */
function committedText(run: PopupRun, searchBox: Element | null, popups: readonly Element[]): string {
  const parts: string[] = []
  const c = run.control
  if (c.localName === 'select')
    for (const o of (c as HTMLSelectElement).selectedOptions) parts.push(o.value === '' ? '' : textOf(o))
  else if ((c.localName === 'input' || c.localName === 'textarea') && c !== searchBox)
    parts.push((c as HTMLInputElement).value)
  parts.push(shownValue(run.trigger, run.trigger !== searchBox, popups))
  // The box around it too (a tag input draws its tags beside the text box typed into).
  if (run.box !== run.trigger) parts.push(shownValue(run.box, false, popups))
  return parts.join(' ')
}

const includesWords = (text: string, part: string) => ` ${fold(text)} `.includes(` ${fold(part)} `)

/** A text field (not a `<select>` nor a button): typed text can be its value. */
function isTextControl(el: Element): boolean {
  if (el.localName === 'textarea') return true
  return el.localName === 'input' && ['', 'text', 'search'].includes((el.getAttribute('type') ?? '').toLowerCase())
}

/** The text box a value is typed into: the focused one after the press, else a visible one in the trigger. */
function searchBoxOf(run: PopupRun): HTMLInputElement | null {
  const doc = run.control.ownerDocument
  const editable = (el: Element | null): el is HTMLInputElement =>
    el !== null &&
    (el.localName === 'input' || el.localName === 'textarea') &&
    !(el as HTMLInputElement).readOnly &&
    !(el as HTMLInputElement).disabled &&
    ['', 'text', 'search'].includes((el.getAttribute('type') ?? '').toLowerCase()) &&
    isVisible(el)
  const active = doc.activeElement
  if (editable(active) && active !== run.control) return active
  if (editable(run.trigger)) return run.trigger
  for (const el of run.trigger.querySelectorAll('input, textarea')) if (editable(el)) return el
  return null
}

/**
 * Chooses `value` through the popup `trigger` opens for `control` (see the module doc). `null` when no popup
 * appeared at all (the caller refuses the field as it is: read-only, not visible). Never throws for odd markup.
 */
export async function choosePopupValue(
  control: Element,
  trigger: Element,
  value: string,
  name: string,
): Promise<ControlOutcome | null> {
  const doc = control.ownerDocument
  const box = boxOf(trigger)
  const shownBefore = new Set<Element>([box, ...box.querySelectorAll('*')].filter((el) => isVisible(el)))
  // Another popup still closing (the last field's list fading out) is let finish; what stays visible of it is
  // never taken as this trigger's popup.
  await closingPopupGone(trigger, visibleOptionsOutside(box))
  const openBefore = visibleOptionsOutside(box)
  const run: PopupRun = { control, trigger, box, shownBefore, openBefore, watch: watchDocument(doc) }
  const popups: Element[] = []
  let typedInto: HTMLInputElement | null = null
  let typedBefore = ''
  const chosen: string[] = []
  const takesTypedText = isTextControl(control)
  const close = async () => {
    if (popups.some((p) => p.isConnected && isVisible(p))) keydown(doc.activeElement ?? trigger, 'Escape')
    await nextTurn(trigger)
  }
  const giveUp = async (outcome: ControlOutcome): Promise<ControlOutcome> => {
    if (typedInto && typedInto.value !== typedBefore) {
      setNativeValue(typedInto, typedBefore)
      dispatch(typedInto, 'input')
    }
    keydown(doc.activeElement ?? trigger, 'Escape')
    await nextTurn(trigger)
    return outcome
  }
  try {
    let opened = false
    const open = async (): Promise<boolean> => {
      focus(trigger)
      clickElement(trigger)
      const appeared = await waitFor(trigger, () => optionsNow(run).length > 0, POPUP_WAIT_MS)
      opened ||= appeared
      return appeared
    }
    if (!(await open()) && searchBoxOf(run) === null) return null
    const whole = matchVisible(optionsNow(run), value)
    const parts = whole ? [value] : spokenList(value)
    for (const part of parts) {
      if (optionsNow(run).length === 0) await open()
      let option = matchVisible(optionsNow(run), part, true)
      if (!option) {
        const search = searchBoxOf(run)
        if (search) {
          if (!typedInto) {
            typedInto = search
            typedBefore = search.value
          }
          setNativeValue(search, part)
          dispatch(search, 'input')
          opened = true
          await waitFor(trigger, () => matchVisible(optionsNow(run), part, true) !== null, POPUP_WAIT_MS)
          option = matchVisible(optionsNow(run), part, true)
          // A text field whose list offers the typed words only as a hint (no option role): Enter first.
          if (option?.matches(OPTION_SELECTOR) === false && takesTypedText) option = null
          if (!option && takesTypedText) {
            // A tag input takes typed text on Enter (a select never takes text: Enter would choose whatever
            // its filter left highlighted).
            const before = committedText(run, search, popups)
            keydown(search, 'Enter')
            const took = await waitFor(
              trigger,
              () => {
                const now = committedText(run, search, popups)
                return now !== before && includesWords(now, part)
              },
              POPUP_WAIT_MS / 2,
            )
            if (took) {
              chosen.push(part)
              continue
            }
          }
        }
      }
      option ??= matchVisible(optionsNow(run), part)
      if (!option && parts.length === 1) {
        // A cascader's path said without commas: the longest option names first.
        const path = await choosePath(run, part, popups)
        if (path) {
          chosen.push(...path)
          continue
        }
      }
      if (!option) {
        if (!opened) return null
        const listed = [...new Set(optionsNow(run).map(textOf))]
        return await giveUp(
          rejected(
            `no option ${JSON.stringify(part)} in ${JSON.stringify(name)}${listed.length ? `; options: ${quotedList(listed)}` : ''}`,
          ),
        )
      }
      popups.push(popupRootOf(option, run))
      chosen.push(textOf(option))
      clickElement(option)
      await nextTurn(trigger)
    }
    let took = () => chosen.every((c) => includesWords(committedText(run, typedInto, popups), c))
    await waitFor(trigger, took, POPUP_WAIT_MS)
    if (!took() && typedInto && takesTypedText && typedInto.value.trim()) {
      // What was clicked was no option (a "Press Enter to add" hint): Enter, as a person then does.
      const typed = typedInto.value
      keydown(typedInto, 'Enter')
      took = () => includesWords(committedText(run, typedInto, popups), typed)
      await waitFor(trigger, took, POPUP_WAIT_MS)
      chosen.splice(0, chosen.length, typed)
    }
    if (!took()) {
      await close()
      await waitFor(trigger, took, POPUP_WAIT_MS / 2)
    }
    if (!took())
      return await giveUp(
        rejected(`${JSON.stringify(name)} did not take the option ${JSON.stringify(chosen.join(', '))}`),
      )
    await close()
    return { ok: true, shown: chosen.join(', '), acted: control }
  } catch {
    return { ok: false, reason: 'error', detail: `${JSON.stringify(name)} could not be operated` }
  } finally {
    run.watch.stop()
  }
}

/**
 * A path through a cascader's columns said as words ("Zhejiang Hangzhou West Lake"): at each column the longest
 * run of the next words that names an option is chosen, and the next column awaited. The options chosen, or
 * `null` when the first words name no option (nothing is chosen then).
 */
async function choosePath(run: PopupRun, said: string, popups: Element[]): Promise<string[] | null> {
  const words = said.split(/\s+/).filter(Boolean)
  const texts: string[] = []
  let at = 0
  while (at < words.length) {
    let found: Element | null = null
    let k = words.length
    for (; k > at && !found; k--) found = matchVisible(optionsNow(run), words.slice(at, k).join(' '), true)
    if (!found) return texts.length === 0 ? null : texts.concat(words.slice(at).join(' '))
    k++
    texts.push(textOf(found))
    popups.push(popupRootOf(found, run))
    clickElement(found)
    at = k
    if (at < words.length) {
      const next = fold(words[at]!)
      await waitFor(run.trigger, () => optionsNow(run).some((o) => fold(textOf(o)).startsWith(next)), POPUP_WAIT_MS)
    }
  }
  return texts
}

/** Fields that make an ancestor more than one widget's box (a hidden input a library posts does not count). */
const FIELDS = 'label, select, textarea, input:not([type=hidden])'

/**
 * The box around the trigger where the widget shows its value: its highest ancestor (at most 5 up) that holds no
 * field or label besides those inside the trigger.
 */
function boxOf(trigger: Element): Element {
  let box = trigger
  for (let i = 0, up = trigger.parentElement; i < 5 && up && up !== trigger.ownerDocument.body; i++) {
    const others = [...up.querySelectorAll(FIELDS)].filter(
      (f) => !trigger.contains(f) && !f.contains(trigger) && (f.localName === 'label' || isVisible(f)),
    )
    if (others.length > 0) break
    box = up
    up = up.parentElement
  }
  return box
}
