/**
 * How a field is chosen for a fill command (SPEC §5 "Voice fill": only `input` or `textarea`, found by label
 * text, then by field type mapping, then by name, then the first visible enabled field).
 *
 * Candidates: every `textarea` and text-like `input` (no type, text, email, password, tel, number, url, search)
 * in the document, its open shadow roots and same-origin frames, outside the widget (`[data-voice-ignore]`).
 * With `selector`, only the fields it matches (or fields inside what it matches).
 *
 * Steps, in order; the first step that matches any candidate decides (later steps are not consulted):
 * 1. label text — the field's `<label>` elements (`for=`, wrapping, `labels`);
 * 2. `aria-labelledby` text;
 * 3. `aria-label`;
 * 4. `placeholder`;
 * 5. `title`;
 * 6. field type — `fieldType`, else a type word in the hint ("your email", "phone" → tel);
 * 7. `name` / `id` (`userEmail`, `user_email` → "user email");
 * 8. the first field (every field is tied).
 * Steps 1–5 and 7 rank by how well the hint matches (exact before partial). The best match decides: among the
 * fields tied with it, the first that passes ./refusals.ts (visible, enabled, not read-only) is filled; when
 * none does, the command is refused with the best field's reason ("the field "Company" is disabled"), never
 * passed to a weaker match.
 */
import type { FieldType, FillCommand } from './schema'
import { toFieldType } from './schema'
import { labelledByText, labelTexts, normalizeText, queryAllDeep } from './dom'
import { bestScore, bestTies, createMatcher, type Ranked } from './match'
import { refusalOf, type Refusal } from './refusals'
import type { Choice, LookupContext } from './click'

/** `input` types a fill command may write into (plus `textarea`). */
export const FILLABLE_INPUT_TYPES: ReadonlySet<string> = new Set([
  '',
  'text',
  'email',
  'password',
  'tel',
  'number',
  'url',
  'search',
])

/** True for a `textarea` or an `input` of a text-like type ({@link FILLABLE_INPUT_TYPES}). */
export function isFillable(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (el.localName === 'textarea') return true
  if (el.localName !== 'input') return false
  const type = (el.getAttribute('type') ?? '').trim().toLowerCase()
  return FILLABLE_INPUT_TYPES.has(type)
}

/** The SPEC §5 field type of a fillable element (`search` and untyped inputs are `text`). */
export function fieldTypeOf(el: Element): FieldType | undefined {
  if (el.localName === 'textarea') return 'textarea'
  const type = (el.getAttribute('type') ?? '').trim().toLowerCase()
  if (type === '' || type === 'text' || type === 'search') return 'text'
  return toFieldType(type)
}

/** A field type named by a word of the hint: "your email address" → email, "phone" → tel. */
export function fieldTypeFromHint(hint: string | undefined): FieldType | undefined {
  if (!hint) return undefined
  const whole = toFieldType(hint)
  if (whole) return whole
  for (const word of normalizeText(hint).split(' ')) {
    const type = word === 'name' || word === 'text' ? undefined : toFieldType(word)
    if (type) return type
  }
  return undefined
}

/** `userEmail` / `user_email` / `user-email` → `user email`. */
export function splitIdentifier(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.[\]]+/g, ' ')
}

/** The names of a field per lookup step 1–5 (SPEC §5 "label text" first, then the weaker names in order). */
export const NAME_STEPS: readonly { step: string; names: (el: Element) => string[] }[] = [
  { step: 'label', names: (el) => labelTexts(el) },
  { step: 'aria-labelledby', names: (el) => [labelledByText(el)] },
  { step: 'aria-label', names: (el) => [el.getAttribute('aria-label') ?? ''] },
  { step: 'placeholder', names: (el) => [el.getAttribute('placeholder') ?? ''] },
  { step: 'title', names: (el) => [el.getAttribute('title') ?? ''] },
]

/** Among fields tied for the best match, the first one that may be filled, else the best one's refusal. */
function pickField(ties: Element[], describe: string): Choice {
  let first: Refusal | null = null
  for (const el of ties) {
    const r = refusalOf(el, 'fill')
    if (r === null) return { ok: true, element: el }
    first ??= r
  }
  return first === null
    ? { ok: false, reason: 'not-found', detail: `no field ${describe}` }
    : { ok: false, reason: first.reason, detail: first.detail }
}

/** Chooses the field a fill command writes into; see the module doc. Throws on an invalid selector. */
export function chooseField(doc: Document, command: FillCommand, ctx: LookupContext): Choice & { step?: string } {
  const hint = command.fieldHint
  const labelled = hint !== undefined ? `labelled ${JSON.stringify(hint)}` : 'to fill'
  if (command.selector !== undefined) {
    const found = queryAllDeep(doc, command.selector)
    const fields = found.flatMap((el) =>
      isFillable(el) ? [el] : Array.from(el.querySelectorAll('input, textarea')).filter(isFillable),
    )
    const usable = fields.filter((el) => !ctx.isIgnored(el))
    return {
      ...pickField(usable, `matches selector ${JSON.stringify(command.selector.slice(0, 80))}`),
      step: 'selector',
    }
  }
  const fields = queryAllDeep(doc, 'input, textarea').filter((el) => isFillable(el) && !ctx.isIgnored(el))
  if (fields.length === 0) return { ok: false, reason: 'not-found', detail: `no field ${labelled}` }

  const decide = (ranked: Ranked<Element>[], step: string) =>
    ranked.length > 0 ? { ...pickField(bestTies(ranked), labelled), step } : null

  if (hint !== undefined) {
    const score = createMatcher(hint)
    for (const { step, names } of NAME_STEPS) {
      const ranked: Ranked<Element>[] = []
      for (const el of fields) {
        const s = bestScore(score, names(el))
        if (s > 0) ranked.push({ item: el, key: [s] })
      }
      const decided = decide(ranked, step)
      if (decided) return decided
    }
  }
  const type = command.fieldType ?? fieldTypeFromHint(hint)
  if (type !== undefined) {
    const decided = decide(
      fields.filter((el) => fieldTypeOf(el) === type).map((el) => ({ item: el, key: [1] })),
      'type',
    )
    if (decided) return decided
  }
  if (hint !== undefined) {
    const score = createMatcher(hint)
    const ranked: Ranked<Element>[] = []
    for (const el of fields) {
      const s = bestScore(score, [el.getAttribute('name') ?? '', el.getAttribute('id') ?? ''].map(splitIdentifier))
      if (s > 0) ranked.push({ item: el, key: [s] })
    }
    const decided = decide(ranked, 'name')
    if (decided) return decided
  }
  // SPEC §5: "then the first visible enabled field" — every field is tied here.
  const first = pickField(fields, labelled)
  return first.ok
    ? { ...first, step: 'first' }
    : { ok: false, reason: 'not-found', detail: `no visible, enabled field ${labelled}`, step: 'first' }
}
