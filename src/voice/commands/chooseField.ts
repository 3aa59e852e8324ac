/**
 * How a field is chosen for a fill command (SPEC §5 "Voice fill": found by label text, then by field type
 * mapping, then by name, then the first visible enabled field — the last step only where it cannot be wrong).
 *
 * Candidates ({@link FillTarget}), in the document, its open shadow roots and same-origin frames, outside the
 * widget (`[data-voice-ignore]`):
 * - `textarea` and text-like `input`s (no type, text, email, password, tel, url, search) — SPEC §5's fields;
 * - the other controls a visitor fills by saying a value: `input` number / date / time / datetime-local / month /
 *   week / range, `select` (single and multiple), ARIA comboboxes (`role=combobox`, select-only and editable),
 *   standalone listboxes, `role=slider`, `role=spinbutton`, `contenteditable` regions and `role=textbox`;
 * - groups: a radio group (radios sharing a `name`, or a `role=radiogroup`) named by its fieldset legend /
 *   radiogroup label / the shared `name`; a date split into Day / Month / Year fields inside one `fieldset` or
 *   `role=group` (the design systems' date input pattern) named by its legend.
 * With `selector`, only the candidates it matches (or that lie inside what it matches).
 *
 * Steps, in order; the first step that matches any candidate decides (later steps are not consulted):
 * 1. the accessible name (SPEC §5 "label text", computed in HTML-AAM's order: `aria-labelledby`, `aria-label`,
 *    `<label>` — a group's `legend` —, `title`, `placeholder` last);
 * 2–5. each of those sources on its own, in the same order (a label that an `aria-label` overrides, a placeholder
 *    beside a label); then synonyms of the hint ("mobile" / "phone" / "cell", ./synonyms.ts) against them all;
 *    a name that the hint contains plus more words ("return journey date" for "Journey date") is not a match;
 * 6. field type — the hint when it is nothing but type words ("your email", "phone number"), else (no hint)
 *    `fieldType`; it decides only when exactly one usable field has the type;
 * 7. `name` / `id` (`userEmail`, `user_email` → "user email");
 * 8. the first field — only when the page (or the form holding the focus) has exactly one visible, enabled,
 *    fillable candidate and it is not a password field. Otherwise the fill is refused and the refusal lists the
 *    closest field names (at most {@link CLOSEST_NAMES_MAX}) so the assistant can ask.
 * Steps 1–5 and 7 rank by how well the hint matches (exact before partial). The best match decides: when two or
 * more candidates tied with it could be filled, the one in the form holding the focus is, else the fill is refused
 * with their names (no guess); otherwise the first tied candidate that passes ./refusals.ts (visible, enabled,
 * not read-only) is filled; when
 * none does, the command is refused with the best one's reason, never passed to a weaker match. A hidden best
 * match that a choice reveals (a "conditional reveal": the radio or checkbox whose `aria-controls` names
 * its container) is refused with the choice that reveals it.
 *
 * Modules: what a fill writes into ./fillKinds.ts, the candidates ./fillTargets.ts, their names ./fieldNames.ts,
 * why one cannot be filled ./fillRefusals.ts.
 */
import type { FillCommand } from './schema'
import { composedAncestors, searchRoots, withLookupScope } from './dom'
import { bestScore, bestTies, createMatcher, type Ranked } from './match'
import type { Refusal } from './refusals'
import type { LookupContext } from './click'
import { foldText } from './spoken'
import { runToEnd, SLICE_AFTER, SLICE_EVERY, type LookupSteps } from './steps'
import { synonymHints } from './synonyms'
import { fieldTypeFromHint, hasFieldType, inputType, roleAttr, type FillTarget } from './fillKinds'
import { describeTarget, identifierNames, NAME_STEPS, quotedList, targetName } from './fieldNames'
import { fillTargetSteps } from './fillTargets'
import { fillRefusalOf, revealedBy } from './fillRefusals'

/** Most field names a "no such field" refusal lists. */
export const CLOSEST_NAMES_MAX = 5

/** Outcome of {@link chooseField}: the target (and the step that found it), or a refusal. */
export type FieldChoice = ({ ok: true; target: FillTarget; element: Element } | ({ ok: false } & Refusal)) & {
  step?: string
}

/** Among targets tied for the best match, the first that may be filled, else the best one's refusal. */
function* pickTarget(ties: FillTarget[], describe: string): LookupSteps<FieldChoice> {
  let first: Refusal | null = null
  for (let i = 0; i < ties.length; i++) {
    if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
    const t = ties[i]!
    const r = fillRefusalOf(t)
    if (r === null) return { ok: true, target: t, element: t.element }
    if (first === null && r.reason === 'hidden') {
      const by = revealedBy(t.kind === 'split-date' ? t.element : t.element)
      first = by
        ? { reason: 'hidden', detail: `the field ${JSON.stringify(targetName(t))} appears only after choosing ${by}` }
        : r
    }
    first ??= r
  }
  return first === null ? { ok: false, reason: 'not-found', detail: `no field ${describe}` } : { ok: false, ...first }
}

/** Character bigrams of a folded text (for "closest names"). */
function bigrams(text: string): Map<string, number> {
  const out = new Map<string, number>()
  const t = ` ${text} `
  for (let i = 0; i < t.length - 1; i++) {
    const g = t.slice(i, i + 2)
    out.set(g, (out.get(g) ?? 0) + 1)
  }
  return out
}

/** Dice similarity of two texts' bigrams, 0–1. */
function similarity(a: Map<string, number>, b: Map<string, number>): number {
  let common = 0
  let total = 0
  for (const [g, n] of a) {
    total += n
    common += Math.min(n, b.get(g) ?? 0)
  }
  for (const n of b.values()) total += n
  return total === 0 ? 0 : (2 * common) / total
}

/**
 * Up to {@link CLOSEST_NAMES_MAX} names of visible, enabled fields, the most similar to `hint` first (all in page
 * order without a hint), each once.
 */
export function closestFieldNames(targets: readonly FillTarget[], hint: string | undefined): string[] {
  return runToEnd(closestFieldNameSteps(targets, hint))
}

/** {@link closestFieldNames} as steps that may be run in slices (./steps.ts). */
function* closestFieldNameSteps(targets: readonly FillTarget[], hint: string | undefined): LookupSteps<string[]> {
  const q = bigrams(foldText(hint ?? ''))
  const scored: { t: FillTarget; index: number; name: string; score: number }[] = []
  for (let index = 0; index < targets.length; index++) {
    if (index >= SLICE_AFTER && index % SLICE_EVERY === 0) yield
    const t = targets[index]!
    const name = targetName(t)
    if (name) scored.push({ t, index, name, score: hint ? similarity(q, bigrams(foldText(name))) : 0 })
  }
  scored.sort((a, b) => b.score - a.score || a.index - b.index)
  const out: string[] = []
  const seen = new Set<string>()
  for (let i = 0; i < scored.length && out.length < CLOSEST_NAMES_MAX; i++) {
    if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
    const x = scored[i]!
    const key = foldText(x.name)
    if (seen.has(key) || fillRefusalOf(x.t) !== null) continue
    seen.add(key)
    out.push(x.name.length > 60 ? `${x.name.slice(0, 59)}…` : x.name)
  }
  return out
}

const isPassword = (t: FillTarget) => t.element.localName === 'input' && inputType(t.element) === 'password'

/** The `form` (or `role=form`) holding the focused element, if the visitor is in one. */
function focusedForm(doc: Document): Element | null {
  let active: Element | null = doc.activeElement
  // Into open shadow roots: the innermost focused element.
  for (let guard = 0; active?.shadowRoot?.activeElement && guard < 20; guard++) active = active.shadowRoot.activeElement
  if (!active || active === doc.body || active === doc.documentElement) return null
  for (const node of composedAncestors(active)) if (node.localName === 'form' || roleAttr(node) === 'form') return node
  return null
}

/**
 * Chooses what a fill command writes into; see the module doc. Throws on an invalid selector. Runs in a lookup
 * scope of its own when called outside one (./dom.ts `withLookupScope`), as the executor's lookups do.
 */
export function chooseField(doc: Document, command: FillCommand, ctx: LookupContext): FieldChoice {
  return withLookupScope(() => runToEnd(fieldSteps(doc, command, ctx)))
}

/**
 * {@link chooseField} as steps that may be run in slices (./steps.ts `LookupSteps`): every pass over the page's
 * fields has a yield point at every 64th field past the first 256, so a page of a few hundred fields or fewer
 * never yields and a page of thousands of fields is looked through in slices (./schedule.ts `LOOKUP_SLICE_MS`).
 */
export function* fieldSteps(doc: Document, command: FillCommand, ctx: LookupContext): LookupSteps<FieldChoice> {
  const hint = command.fieldHint
  const labelled = hint !== undefined ? `labelled ${JSON.stringify(hint)}` : 'to fill'
  const roots = searchRoots(doc)
  if (command.selector !== undefined) {
    const found = new Set<Element>()
    for (const root of roots) for (const f of root.querySelectorAll(command.selector)) found.add(f)
    /** Whether the selector matched the field, one of its parts, or an element around it (in its own tree). */
    const selected = (t: FillTarget): boolean => {
      for (let node: Element | null = t.element; node; node = node.parentElement) if (found.has(node)) return true
      return (t.parts ?? []).some((part) => found.has(part))
    }
    const all = yield* fillTargetSteps(ctx, roots)
    const targets: FillTarget[] = []
    for (let i = 0; i < all.length; i++) {
      if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
      if (selected(all[i]!)) targets.push(all[i]!)
    }
    return {
      ...(yield* pickTarget(targets, `matches selector ${JSON.stringify(command.selector.slice(0, 80))}`)),
      step: 'selector',
    }
  }
  const targets = yield* fillTargetSteps(ctx, roots)
  if (targets.length === 0) return { ok: false, reason: 'not-found', detail: `no field ${labelled}` }

  /** Ranks every target by `names` against the hint (a yield point every 64th target past the first 256). */
  function* rank(
    score: (name: string) => number,
    names: (t: FillTarget) => string[],
  ): LookupSteps<Ranked<FillTarget>[]> {
    const ranked: Ranked<FillTarget>[] = []
    for (let i = 0; i < targets.length; i++) {
      if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
      const t = targets[i]!
      const s = bestScore(score, names(t))
      if (s > 0) ranked.push({ item: t, key: [s] })
    }
    return ranked
  }
  /** Targets that pass `keep`, in order (a yield point every 64th target past the first 256). */
  function* filter(list: readonly FillTarget[], keep: (t: FillTarget) => boolean): LookupSteps<FillTarget[]> {
    const out: FillTarget[] = []
    for (let i = 0; i < list.length; i++) {
      if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
      if (keep(list[i]!)) out.push(list[i]!)
    }
    return out
  }

  /**
   * Among targets tied for the best match, the one to fill: when more than one could be filled, the one in the
   * form the visitor is in, else none — two fields that fit equally are refused with their names, never guessed.
   */
  function* pickUnique(ties: FillTarget[]): LookupSteps<FieldChoice> {
    const judged = yield* filter(ties, (t) => fillRefusalOf(t) === null)
    // A field inside another's visible trigger (its search box) is part of that widget, not a field of its own.
    const usable = judged.filter(
      (t) => !judged.some((o) => o !== t && o.shownBy !== undefined && o.shownBy.contains(t.element)),
    )
    if (usable.length === 1 && judged.length > 1) return { ok: true, target: usable[0]!, element: usable[0]!.element }
    if (usable.length > 1) {
      const form = focusedForm(doc)
      const inForm = form ? usable.filter((t) => composedAncestors(t.element).includes(form)) : []
      if (inForm.length === 1) return { ok: true, target: inForm[0]!, element: inForm[0]!.element }
      const names = [...new Set(usable.map((t) => describeTarget(t)))]
      return {
        ok: false,
        reason: 'not-found',
        detail: `${JSON.stringify(hint)} fits more than one field equally: ${quotedList(names)}; say which`,
      }
    }
    return yield* pickTarget(ties, labelled)
  }

  if (hint !== undefined) {
    // A name that the hint contains plus more words is not that field ("return journey date" is not "Journey date").
    const score = createMatcher(hint, { wholeName: true })
    for (const { step, names } of NAME_STEPS) {
      const ranked = yield* rank(score, names)
      if (ranked.length > 0) return { ...(yield* pickUnique(bestTies(ranked))), step }
    }
    // Synonyms ("mobile" for "Phone", "PIN code" for "Postcode"), only when no field has a name the hint says.
    const alternatives = synonymHints(hint)
    if (alternatives.length > 0) {
      const ranked: Ranked<FillTarget>[] = []
      for (const alt of alternatives) {
        const altScore = createMatcher(alt, { wholeName: true })
        for (const { names } of NAME_STEPS) ranked.push(...(yield* rank(altScore, names)))
      }
      // One entry per target, its best score.
      const best = new Map<FillTarget, number>()
      for (const r of ranked) best.set(r.item, Math.max(best.get(r.item) ?? 0, r.key[0]!))
      // A synonym reaches a field only when exactly one field fits it: every fit is a tie (two fits are refused
      // with both names), whatever its score.
      const merged = [...best].map(([item]) => ({ item, key: [1] }))
      if (merged.length > 0) return { ...(yield* pickUnique(bestTies(merged))), step: 'synonym' }
    }
  }
  // With a hint, only a type the hint itself names ("your email"): a hint naming a field that is not there
  // must not be overridden by a type that some other field happens to have.
  const type = hint !== undefined ? fieldTypeFromHint(hint) : command.fieldType
  if (type !== undefined) {
    // Every field of the type is tied: it decides only when one usable field has it (else it would be a guess).
    const typed = yield* filter(targets, (t) => hasFieldType(t, type))
    const usableTyped = yield* filter(typed, (t) => fillRefusalOf(t) === null)
    if (usableTyped.length === 1)
      return { ok: true, target: usableTyped[0]!, element: usableTyped[0]!.element, step: 'type' }
    if (usableTyped.length === 0 && typed.length > 0) return { ...(yield* pickTarget(typed, labelled)), step: 'type' }
    if (usableTyped.length > 1 && hint === undefined) {
      return {
        ok: false,
        reason: 'not-found',
        detail: `more than one ${type} field; say which: ${quotedList(yield* closestFieldNameSteps(usableTyped, undefined))}`,
        step: 'type',
      }
    }
  }
  if (hint !== undefined) {
    const ranked = yield* rank(createMatcher(hint, { wholeName: true }), identifierNames)
    if (ranked.length > 0) return { ...(yield* pickUnique(bestTies(ranked))), step: 'name' }
  }
  // SPEC §5 "then the first visible enabled field" — only where it cannot be wrong: no field name was said (a name
  // the page lacks, "flight number" on a form whose one writable field is "Guest name", is refused, never written
  // elsewhere), exactly one usable field in the form the visitor is in (else on the page), and never a password.
  const form = focusedForm(doc)
  const scope = form
    ? yield* filter(targets, (t) => form.contains(t.element) || composedAncestors(t.element).includes(form))
    : targets
  const usable: FillTarget[] = []
  for (let i = 0; i < scope.length && usable.length <= 1; i++) {
    if (i >= SLICE_AFTER && i % SLICE_EVERY === 0) yield
    if (fillRefusalOf(scope[i]!) === null) usable.push(scope[i]!)
  }
  if (hint === undefined && usable.length === 1 && !isPassword(usable[0]!) && command.fieldType === undefined) {
    return { ok: true, target: usable[0]!, element: usable[0]!.element, step: 'first' }
  }
  const closest = yield* closestFieldNameSteps(scope, hint)
  const list = closest.length > 0 ? `; fields here: ${closest.map((n) => JSON.stringify(n)).join(', ')}` : ''
  const what =
    command.fieldType !== undefined && hint === undefined ? `${command.fieldType} field` : `field ${labelled}`
  return { ok: false, reason: 'not-found', detail: `no ${what}${list}`, step: 'first' }
}
