/**
 * Filling the controls that choose among options: a native `<select>`, a WAI-ARIA combobox and a listbox.
 *
 * A native select takes its value through the native setter (React tracks a select's value like an input's), then
 * `input` and `change`. A combobox is operated as a keyboard user would (WAI-ARIA Authoring Practices, "Combobox
 * Pattern", keyboard interaction): opened (Alt+Down Arrow, else a click), the option reached with Down/Up Arrow
 * while `aria-activedescendant` follows, chosen with Enter (else the option is clicked, as a pointer user would),
 * and the popup closed (Escape) if it stayed open. A listbox: arrows, Space in a multi-select, else a click.
 * @module
 */
import { quotedList } from './fieldNames'
import { accessibleName } from './accessibleNames'
import { clickElement, dispatch, focus, keydown, MAX_KEY_PRESSES, nextTurn, setNativeValue, waitFor } from './effects'
import { rejected, type ControlOutcome } from './refusals'
import { foldText } from './spoken'
import { joinUnits, optionForms } from './values/optionWords'

/** Most time spent waiting for a combobox's list to answer what was typed, in ms. */
export const COMBOBOX_FILTER_WAIT_MS = 400

/** An option's visible text (`label` attribute of a native option first). */
function optionText(option: Element): string {
  if (option.localName === 'option')
    return ((option as HTMLOptionElement).label || option.textContent || '').replace(/\s+/g, ' ').trim()
  return accessibleName(option).replace(/\s+/g, ' ').trim()
}

/** The refusal for an option the widget marks disabled (`disabled`, a disabled `<optgroup>`, `aria-disabled`). */
const disabledOption = (option: Element, name: string): ControlOutcome => ({
  ok: false,
  reason: 'disabled',
  detail: `the option ${JSON.stringify(optionText(option))} of ${JSON.stringify(name)} is disabled`,
})

/**
 * The option a spoken value names: equal text or value (case- and accent-insensitive) first; else the only
 * option whose text starts with, or contains as whole words, the value; else the same for the value's other forms
 * (./values/optionWords.ts: "three" for `3`, "medium" for `M`, "512 GB" for `12GB + 512GB`). `null` when none or
 * several match.
 */
export function matchOption<T extends Element>(
  options: readonly T[],
  value: string,
  valueOf: (o: T) => string = () => '',
): T | null {
  // "olive and thyme" names "Olive & Thyme".
  const fold = (t: string) => foldText(t.replace(/&/g, ' and '))
  const said = fold(value)
  if (!said) return null
  const texts = options.map((o) => fold(optionText(o)))
  const values = options.map((o) => fold(valueOf(o)))
  const named = (v: string, texts: string[]): T | null => {
    const exact = options.filter((_, i) => texts[i] === v || values[i] === v)
    if (exact.length >= 1) return exact[0]!
    const starts = options.filter((_, i) => texts[i]!.startsWith(`${v} `))
    if (starts.length === 1) return starts[0]!
    const words = options.filter((_, i) => ` ${texts[i]} `.includes(` ${v} `))
    if (words.length === 1) return words[0]!
    return null
  }
  const found = named(said, texts)
  if (found) return found
  const joined = texts.map(joinUnits)
  for (const form of optionForms(value)) {
    const option = named(form, joined)
    if (option) return option
  }
  return null
}

/** Splits a spoken list of options: "red, green and blue" → red / green / blue. */
export function spokenList(value: string): string[] {
  return value
    .split(/\s*(?:,|;|\band\b|&)\s*/i)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Chooses the option(s) of a native select the spoken value names (a multi-select: each one of a spoken list). */
export function selectOption(select: HTMLSelectElement, value: string, name: string): ControlOutcome {
  const options = Array.from(select.options)
  const optionValue = (o: HTMLOptionElement) => o.value
  const listed = () => quotedList(options.filter((o) => !o.disabled && o.value !== '').map(optionText))
  const wanted = select.multiple ? spokenList(value) : [value]
  const chosen: HTMLOptionElement[] = []
  for (const w of wanted) {
    const option =
      matchOption(options, w, optionValue) ?? (select.multiple ? null : matchOption(options, value, optionValue))
    if (!option) return rejected(`no option ${JSON.stringify(w)} in ${JSON.stringify(name)}; options: ${listed()}`)
    if (
      option.disabled ||
      (option.parentElement?.localName === 'optgroup' && (option.parentElement as HTMLOptGroupElement).disabled)
    ) {
      return disabledOption(option, name)
    }
    chosen.push(option)
  }
  focus(select)
  if (select.multiple) {
    for (const o of options) o.selected = chosen.includes(o)
  } else {
    // The native setter (a React-controlled select tracks its value like an input does).
    setNativeValue(select as unknown as HTMLInputElement, chosen[0]!.value)
    if (select.selectedIndex !== chosen[0]!.index) select.selectedIndex = chosen[0]!.index
  }
  dispatch(select, 'input')
  dispatch(select, 'change')
  return { ok: true, shown: chosen.map(optionText).join(', '), acted: select }
}

/** The popup a combobox controls (`aria-controls`, else `aria-owns`, else a listbox inside it). */
function popupOf(combobox: Element): Element | null {
  const root = combobox.getRootNode() as Document | ShadowRoot
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const id of (combobox.getAttribute(attr) ?? '').split(/\s+/)) {
      const el = id && typeof root.getElementById === 'function' ? root.getElementById(id) : null
      if (el) return el.getAttribute('role') === 'listbox' ? el : (el.querySelector('[role=listbox]') ?? el)
    }
  }
  return combobox.querySelector('[role=listbox]')
}

const optionsOf = (listbox: Element) => Array.from(listbox.querySelectorAll('[role=option]'))
const isExpanded = (el: Element) => el.getAttribute('aria-expanded') === 'true'
const isChosen = (option: Element) =>
  option.getAttribute('aria-selected') === 'true' || option.getAttribute('aria-checked') === 'true'

/** The option `aria-activedescendant` points at. */
function activeOption(el: Element): Element | null {
  const id = el.getAttribute('aria-activedescendant')
  if (!id) return null
  const root = el.getRootNode() as Document | ShadowRoot
  return typeof root.getElementById === 'function' ? root.getElementById(id) : null
}

/** Fields that make an ancestor more than one widget's box (a hidden input a library posts does not count). */
const OTHER_FIELD =
  'input:not([type=hidden]):not([aria-hidden=true]),select,textarea,label,[role=combobox],[role=textbox],[role=slider],[role=spinbutton]'
/** What in a widget's box is not its shown value: its list, the live regions that speak to screen readers, hidden text. */
const NOT_SHOWN =
  '[role=listbox],[role=option],[aria-live],[role=status],[role=log],[hidden],[aria-hidden=true],template,script,style'

/**
 * The box a combobox shows its value in: its highest ancestor (at most 5 up) holding no other field or label.
 * A searchable select's `<input role=combobox>` is often cleared once an option is chosen, and the option's text
 * drawn beside it (a single value, or chips for several) in the container around both. A combobox that draws its
 * value in itself (a select-only combobox, a select's trigger button) is its own box or sits in one.
 */
function widgetBox(combobox: Element): Element {
  let box = combobox
  for (let i = 0, up = combobox.parentElement; i < 5 && up && up !== combobox.ownerDocument.body; i++) {
    const others = Array.from(up.querySelectorAll(OTHER_FIELD)).filter((f) => f !== combobox && !f.contains(combobox))
    if (others.length > 0) break
    box = up
    up = up.parentElement
  }
  return box
}

/**
 * The value a combobox shows, as a sighted visitor reads it: the text of its {@link widgetBox} without its list
 * and live regions (and without `exclude`: popups open inside it), plus an editable combobox's own text unless `ownText` is false. Read fresh (never from the lookup's caches): it is
 * read before and after the widget acted.
 */
export function shownValue(combobox: Element, ownText = true, exclude: readonly Element[] = []): string {
  const box = widgetBox(combobox)
  const parts: string[] = []
  const win = combobox.ownerDocument.defaultView
  const walker = combobox.ownerDocument.createTreeWalker(box, win?.NodeFilter.SHOW_TEXT ?? 4)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    const skip = parent?.closest(NOT_SHOWN)
    if (skip && box.contains(skip)) continue
    if (exclude.some((e) => e.contains(node))) continue
    parts.push(node.textContent ?? '')
  }
  if (ownText && (combobox.localName === 'input' || combobox.localName === 'textarea'))
    parts.push((combobox as HTMLInputElement).value)
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}

/** Moves the active option with Down/Up Arrow until it is `option` (a widget that follows at once); true when reached. */
function arrowToNow(el: Element, options: Element[], option: Element): boolean {
  const target = options.indexOf(option)
  for (let i = 0; i < Math.min(MAX_KEY_PRESSES, options.length * 2 + 2); i++) {
    const active = activeOption(el)
    if (active === option) return true
    const at = active ? options.indexOf(active) : -1
    keydown(el, at > target ? 'ArrowUp' : 'ArrowDown')
    if (activeOption(el) === active && active !== null) return false // the widget does not follow the keys
  }
  return activeOption(el) === option
}

/**
 * Moves the active option with Down/Up Arrow until it is `option`, giving the widget a turn after each key (it
 * may draw `aria-activedescendant` in its next render); true when reached.
 */
async function arrowTo(el: Element, options: () => Element[], option: Element): Promise<boolean> {
  for (let i = 0; i < Math.min(MAX_KEY_PRESSES, options().length * 2 + 2); i++) {
    const active = activeOption(el)
    if (active === option) return true
    const list = options()
    const at = active ? list.indexOf(active) : -1
    keydown(el, at > list.indexOf(option) ? 'ArrowUp' : 'ArrowDown')
    await nextTurn(el)
    if (activeOption(el) === active && active !== null) return false // the widget does not follow the keys
  }
  return activeOption(el) === option
}

/**
 * Chooses an option of a WAI-ARIA combobox as a keyboard user does (see the module doc). Asynchronous: real
 * widgets (autocompletes, searchable selects) draw their list in a later turn, so each step waits for the page.
 * A value that is none of the options is refused; an editable combobox that offered options gets its earlier
 * text back. Free text is taken only by an editable combobox that never offered an option (a search box with
 * suggestions for other words).
 */
export function comboboxChoose(
  combobox: Element,
  value: string,
  name: string,
): ControlOutcome | Promise<ControlOutcome> {
  const editable = combobox.localName === 'input' || combobox.localName === 'textarea'
  // Options already in the page (a closed popup keeps them): a value that is none of them is refused before
  // the widget is touched at all.
  const present = popupOf(combobox)
  const presentOptions = present ? optionsOf(present) : []
  if (!editable && presentOptions.length > 0 && !matchOption(presentOptions, value)) {
    return rejected(
      `no option ${JSON.stringify(value)} in ${JSON.stringify(name)}; options: ${quotedList(presentOptions.map(optionText))}`,
    )
  }
  return comboboxOperate(combobox, value, name, editable, presentOptions.length > 0)
}

/** Whether the combobox's list takes several options (`aria-multiselectable` on the list or the combobox). */
function isMultiple(combobox: Element): boolean {
  return (
    combobox.getAttribute('aria-multiselectable') === 'true' ||
    popupOf(combobox)?.getAttribute('aria-multiselectable') === 'true'
  )
}

/**
 * Opens a combobox's list the way its own UI opens: Alt+Down Arrow (APG), else a press on it (some open on `mousedown`
 * of their control, others on `pointerdown`; ./effects.ts `clickElement` sends the whole press). An editable combobox that is expanded but lists nothing yet (it waits for typing) is left so.
 */
async function openList(combobox: Element, options: () => Element[]): Promise<void> {
  focus(combobox)
  if (!isExpanded(combobox)) keydown(combobox, 'ArrowDown', { altKey: true })
  await nextTurn(combobox)
  if (!isExpanded(combobox) || options().length === 0) {
    if (!isExpanded(combobox)) {
      clickElement(combobox)
      await nextTurn(combobox)
    }
  }
}

async function comboboxOperate(
  combobox: Element,
  value: string,
  name: string,
  editable: boolean,
  offered: boolean,
): Promise<ControlOutcome> {
  const input = combobox as HTMLInputElement
  const before = editable ? input.value : ''
  const options = () => {
    const listbox = popupOf(combobox)
    return listbox ? optionsOf(listbox) : []
  }
  await openList(combobox, options)
  let hadOptions = offered || options().length > 0
  let option = matchOption(options(), value)
  // A multi-select (`aria-multiselectable`) given a spoken list: each value in turn,
  // the list opened again for each (most close once an option is chosen).
  const parts = spokenList(value)
  if (!option && parts.length > 1 && isMultiple(combobox)) {
    const shown: string[] = []
    for (const part of parts) {
      const one = await comboboxOperate(combobox, part, name, editable, true)
      if (!one.ok) return one
      shown.push(one.shown)
    }
    return { ok: true, shown: shown.join(', '), acted: combobox }
  }
  // What the widget shows before anything is typed: an option already shown is not chosen again (a
  // multi-select would drop it), and a value counts as taken only when what is shown changed to it.
  const shownBefore = foldText(shownValue(combobox))
  let typed = false
  if (!option && editable) {
    // An editable combobox filters its list as the visitor types; the widget may answer in a later turn.
    setNativeValue(input, value)
    dispatch(combobox, 'input')
    typed = true
    await waitFor(combobox, () => matchOption(options(), value) !== null, COMBOBOX_FILTER_WAIT_MS)
    option = matchOption(options(), value)
    hadOptions ||= options().length > 0
    if (!option && !hadOptions) {
      // A free-text combobox that never offered an option: the typed text is the value.
      dispatch(combobox, 'change')
      return { ok: true, shown: input.value, acted: combobox }
    }
  }
  const giveUp = async (outcome: ControlOutcome): Promise<ControlOutcome> => {
    if (isExpanded(combobox)) keydown(combobox, 'Escape')
    if (typed && input.value !== before) {
      setNativeValue(input, before)
      dispatch(combobox, 'input')
    }
    await nextTurn(combobox)
    if (isExpanded(combobox)) keydown(combobox, 'Escape')
    return outcome
  }
  if (!option) {
    const listed = options()
      .filter((o) => o.getAttribute('aria-disabled') !== 'true')
      .map(optionText)
    return giveUp(
      rejected(
        `no option ${JSON.stringify(value)} in ${JSON.stringify(name)}${listed.length ? `; options: ${quotedList(listed)}` : ''}`,
      ),
    )
  }
  if (option.getAttribute('aria-disabled') === 'true') {
    return giveUp(disabledOption(option, name))
  }
  const text = optionText(option)
  const wanted = option
  // The words typed count only when drawn outside the search box (a creatable's new option): in the box they
  // are the filter.
  const showsIt = (shown: string) =>
    ` ${shown} `.includes(` ${foldText(text)} `) ||
    (typed && ` ${foldText(shownValue(combobox, false))} `.includes(` ${foldText(value)} `))
  // Taken: the option marked chosen with the list closed, or its text now shown where the widget shows its
  // value (a value drawn beside a cleared input; a creatable's new option
  // shows the words typed, not its "Create …" text).
  const took = () => {
    if (wanted.isConnected && isChosen(wanted) && !isExpanded(combobox)) return true
    const shown = foldText(shownValue(combobox))
    return shown !== shownBefore && showsIt(shown)
  }
  if (showsIt(shownBefore) && !typed && (!isMultiple(combobox) || isChosen(wanted))) {
    if (isExpanded(combobox)) keydown(combobox, 'Escape')
    return { ok: true, shown: text, acted: combobox } // already its value
  }
  // Typed text that reads like the option is only the filter while the list is open.
  const tookBefore = took()
  if (await arrowTo(combobox, options, option)) {
    keydown(combobox, 'Enter')
    await nextTurn(combobox)
  }
  if (!took() || (tookBefore && isExpanded(combobox))) {
    // A widget that does not follow the keys: choose the option as a pointer user would.
    const current = matchOption(options(), value)
    if (current) {
      clickElement(current) // the whole press: option lists that choose on mousedown see it
      await nextTurn(combobox)
    }
  }
  if (isExpanded(combobox) && !isMultiple(combobox)) {
    keydown(combobox, 'Escape')
    await nextTurn(combobox)
  }
  // The widget may draw what it took in a later render (React batches): give it a few turns.
  await waitFor(combobox, took, COMBOBOX_FILTER_WAIT_MS)
  if (isExpanded(combobox)) {
    keydown(combobox, 'Escape')
    await nextTurn(combobox)
  }
  if (!took()) return rejected(`${JSON.stringify(name)} did not take the option ${JSON.stringify(text)}`)
  return { ok: true, shown: text, acted: combobox }
}

/** Chooses the option(s) of a WAI-ARIA listbox (arrow keys and Space as a keyboard user, else a click). */
export function listboxChoose(listbox: Element, value: string, name: string): ControlOutcome {
  const options = optionsOf(listbox)
  const multi = listbox.getAttribute('aria-multiselectable') === 'true'
  const wanted = multi ? spokenList(value) : [value]
  const chosen: Element[] = []
  for (const w of wanted) {
    const option = matchOption(options, w) ?? (multi ? null : null)
    if (!option)
      return rejected(
        `no option ${JSON.stringify(w)} in ${JSON.stringify(name)}; options: ${quotedList(options.map(optionText))}`,
      )
    if (option.getAttribute('aria-disabled') === 'true') return disabledOption(option, name)
    chosen.push(option)
  }
  focus(listbox)
  for (const option of chosen) {
    if (multi && isChosen(option)) continue
    if (!arrowToNow(listbox, options, option) || (multi && !isChosen(option))) {
      if (multi) keydown(listbox, ' ')
    }
    if (!isChosen(option)) clickElement(option)
  }
  const missing = chosen.find((o) => !isChosen(o))
  if (missing) return rejected(`${JSON.stringify(name)} did not take the option ${JSON.stringify(optionText(missing))}`)
  return { ok: true, shown: chosen.map(optionText).join(', '), acted: listbox }
}
