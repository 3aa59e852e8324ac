/**
 * The voice command message (SPEC §3 "Voice command message") and its normalisation into typed commands.
 *
 * One zod schema, {@link VoiceCommandMessageSchema}, accepts the loose wire shape that arrives on the
 * realtime channel (or is mapped from a call's tool-call message) and turns it into either a typed
 * {@link VoiceCommand} (a discriminated union on `action`) or an {@link UnknownVoiceCommand} when the
 * action names something other than scroll, click, fill or toggle (SPEC §8: an unknown type is only logged).
 * Anything else (not an object, wrong field types, over-long strings, a scroll with a direction that is not
 * up/down/top/bottom, a click without any target, a fill without a value) fails the schema and is refused.
 *
 * This module is pure (no DOM access) so it can run anywhere, including pre-rendering.
 */
import { z } from '../../lib/zod'

/** The four page actions a voice command can perform (SPEC §3). */
export const COMMAND_ACTIONS = ['scroll', 'click', 'fill', 'toggle'] as const
/** One of {@link COMMAND_ACTIONS}. */
export type CommandAction = (typeof COMMAND_ACTIONS)[number]

/** Scroll directions (SPEC §3): up/down move 80% of the window height (SPEC §9), top/bottom jump to the ends. */
export const SCROLL_DIRECTIONS = ['up', 'down', 'top', 'bottom'] as const
/** One of {@link SCROLL_DIRECTIONS}. */
export type ScrollDirection = (typeof SCROLL_DIRECTIONS)[number]

/** Field types a fill command may name (SPEC §5 "Voice fill": email, text, password, tel, number, url, textarea). */
export const FIELD_TYPES = ['email', 'text', 'password', 'tel', 'number', 'url', 'textarea'] as const
/**
 * The other controls a fill operates (src/voice/commands/README.md "Controls"): date and time inputs (HTML input
 * types), a choice from a list (`select`, ARIA combobox or listbox), a range or slider, a radio group.
 */
export const CONTROL_FIELD_TYPES = [
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'select',
  'range',
  'radio',
] as const
/** One of {@link FIELD_TYPES} or {@link CONTROL_FIELD_TYPES}. */
export type FieldType = (typeof FIELD_TYPES)[number] | (typeof CONTROL_FIELD_TYPES)[number]

/** Upper bounds on string lengths; longer strings make the message invalid (defence against hostile input). */
export const LIMITS = {
  /** Max characters of `id` / `commandId` / `toolCallId`. */
  id: 200,
  /** Max characters of `action` / `type`. */
  action: 64,
  /** Max characters of `direction`, `role`, `fieldType`. */
  keyword: 64,
  /** Max characters of `targetText`. */
  targetText: 500,
  /** Max characters of `fieldHint`. */
  fieldHint: 500,
  /** Max characters of `selector`. */
  selector: 1_000,
  /** Max characters of a fill `value`. */
  value: 10_000,
} as const

/** Common optional fields of every typed command. */
interface CommandBase {
  /** Command id when the sender gave one (`id`, `commandId` or `toolCallId`); used for de-duplication. */
  id?: string
}

/** Scroll the window: up/down by 80% of `innerHeight`, or to the top/bottom of the document. */
export interface ScrollCommand extends CommandBase {
  action: 'scroll'
  /** Where to scroll. A message without `direction` defaults to `'down'`. */
  direction: ScrollDirection
}

/** Click one visible, enabled element found by `selector`, `role` and/or `targetText` (at least one is set). */
export interface ClickCommand extends CommandBase {
  action: 'click'
  /** CSS selector; a selector the browser rejects makes the command refused, never thrown. */
  selector?: string
  /** ARIA role (explicit `role` attribute or the element's implicit role), lower-case. */
  role?: string
  /** Visible text or accessible name to match (case, punctuation and extra words like "button" ignored). */
  targetText?: string
}

/**
 * Fill one field with `value` (SPEC §5 lookup order: label → field type → name → first): a text field, or a
 * select, combobox, listbox, date/time input, range, slider, spin button, editable region, radio group or split
 * date, with the value spoken (src/voice/commands/README.md "Controls").
 */
export interface FillCommand extends CommandBase {
  action: 'fill'
  /** Text to enter; numbers in the message are turned into strings. */
  value: string
  /** Label text / name hint of the field (`fieldHint`, else the message's `targetText`). */
  fieldHint?: string
  /** Field type, mapped from synonyms (e-mail → email, phone → tel, website → url, message → textarea, …). */
  fieldType?: FieldType
  /** Optional CSS selector tried first; it must still resolve to a fillable input/textarea. */
  selector?: string
}

/** Toggle a checkbox, switch, radio, `details` or `aria-expanded`/`aria-pressed` control. */
export interface ToggleCommand extends CommandBase {
  action: 'toggle'
  selector?: string
  role?: string
  /** Visible text, label or accessible name of the control (`targetText`, else `fieldHint`). */
  targetText?: string
  /**
   * Wanted end state when the message's `value` says so (`true`/"on"/"yes"/"check"/"open" → true,
   * `false`/"off"/"no"/"uncheck"/"close" → false); `undefined` flips the current state.
   */
  state?: boolean
}

/** A validated, normalised voice command: a discriminated union on `action`. */
export type VoiceCommand = ScrollCommand | ClickCommand | FillCommand | ToggleCommand

/** A well-formed message whose action is not one of the four; it is only logged (SPEC §8). */
export interface UnknownVoiceCommand extends CommandBase {
  action: 'unknown'
  /** The action/type as received (trimmed, at most {@link LIMITS.action} characters). */
  type: string
}

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((s) => {
      if (s == null) return undefined
      const trimmed = s.trim()
      return trimmed === '' ? undefined : trimmed
    })

const optionalId = z
  .union([z.string().max(LIMITS.id), z.number().finite()])
  .nullish()
  .transform((v) => (v == null ? undefined : String(v).trim() || undefined))

/** Synonyms for field types, matched on the lower-cased, trimmed `fieldType` (or words of `fieldHint`). */
const FIELD_TYPE_SYNONYMS: Readonly<Record<string, FieldType>> = {
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  'email address': 'email',
  text: 'text',
  name: 'text',
  string: 'text',
  password: 'password',
  passcode: 'password',
  tel: 'tel',
  phone: 'tel',
  telephone: 'tel',
  mobile: 'tel',
  'phone number': 'tel',
  number: 'number',
  numeric: 'number',
  url: 'url',
  website: 'url',
  link: 'url',
  site: 'url',
  textarea: 'textarea',
  message: 'textarea',
  comment: 'textarea',
  comments: 'textarea',
  description: 'textarea',
  multiline: 'textarea',
  date: 'date',
  time: 'time',
  'datetime-local': 'datetime-local',
  datetime: 'datetime-local',
  month: 'month',
  week: 'week',
  select: 'select',
  dropdown: 'select',
  combobox: 'select',
  listbox: 'select',
  range: 'range',
  slider: 'range',
  radio: 'radio',
  radiogroup: 'radio',
}

/**
 * Maps a free-form field type word to a {@link FieldType}: `'E-mail'` → `'email'`, `'phone'` → `'tel'`,
 * `'website'` → `'url'`, `'message'` → `'textarea'`. Returns `undefined` for anything else.
 */
export function toFieldType(word: string | undefined): FieldType | undefined {
  if (!word) return undefined
  const key = word.trim().toLowerCase()
  return Object.prototype.hasOwnProperty.call(FIELD_TYPE_SYNONYMS, key) ? FIELD_TYPE_SYNONYMS[key] : undefined
}

const TRUE_WORDS = new Set([
  'true',
  'on',
  'yes',
  '1',
  'check',
  'checked',
  'enable',
  'enabled',
  'open',
  'expand',
  'select',
])
const FALSE_WORDS = new Set([
  'false',
  'off',
  'no',
  '0',
  'uncheck',
  'unchecked',
  'disable',
  'disabled',
  'close',
  'collapse',
  'deselect',
])

function toToggleState(value: string | number | boolean | undefined): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === undefined) return undefined
  const word = String(value).trim().toLowerCase()
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  return undefined
}

/** ARIA role tokens are plain lower-case words; anything else in `role` makes the message invalid. */
const ROLE_PATTERN = /^[a-z][a-z-]*$/

/**
 * The wire shape of a voice command message (SPEC §3), before normalisation. Unknown keys are dropped;
 * `null` is treated as absent (language models often send explicit nulls).
 */
const WireMessageSchema = z.object({
  id: optionalId,
  commandId: optionalId,
  toolCallId: optionalId,
  action: optionalText(LIMITS.action),
  type: optionalText(LIMITS.action),
  direction: optionalText(LIMITS.keyword),
  targetText: optionalText(LIMITS.targetText),
  selector: optionalText(LIMITS.selector),
  role: optionalText(LIMITS.keyword),
  fieldHint: optionalText(LIMITS.fieldHint),
  fieldType: optionalText(LIMITS.keyword),
  value: z.union([z.string().max(LIMITS.value), z.number().finite(), z.boolean()]).nullish(),
})

/** The raw (pre-normalisation) message type accepted by {@link VoiceCommandMessageSchema}. */
export type VoiceCommandMessage = z.input<typeof WireMessageSchema>

/**
 * THE schema of the voice command message (SPEC §3): validates the wire shape and normalises it into a
 * {@link VoiceCommand} or an {@link UnknownVoiceCommand}.
 *
 * - `action` wins over `type`; both are matched case-insensitively. Neither → invalid.
 * - scroll: `direction` ∈ up/down/top/bottom (case-insensitive), missing → `'down'`, anything else → invalid.
 * - click: needs at least one of `selector`, `role`, `targetText`.
 * - fill: needs `value` (string or number; booleans are invalid). `fieldHint` falls back to `targetText`;
 *   `fieldType` is mapped through synonyms; a type that maps to nothing ("__proto__", "constructor") is invalid.
 * - toggle: needs at least one of `selector`, `role`, `targetText`, `fieldHint`; `value` may give the end state.
 * - `role` must be a plain lower-case ARIA role word.
 */
export const VoiceCommandMessageSchema = WireMessageSchema.transform((msg, ctx): VoiceCommand | UnknownVoiceCommand => {
  const id = msg.id ?? msg.commandId ?? msg.toolCallId
  const withId = <T extends object>(cmd: T): T & CommandBase => (id === undefined ? cmd : { ...cmd, id })
  const rawAction = msg.action ?? msg.type
  if (rawAction === undefined) {
    ctx.addIssue({ code: 'custom', message: 'missing action/type', path: ['action'] })
    return z.NEVER
  }
  const action = rawAction.toLowerCase()
  const role = msg.role?.toLowerCase()
  if (role !== undefined && !ROLE_PATTERN.test(role)) {
    ctx.addIssue({ code: 'custom', message: 'role must be an ARIA role word', path: ['role'] })
    return z.NEVER
  }
  switch (action) {
    case 'scroll': {
      const direction = (msg.direction ?? 'down').toLowerCase()
      if (!(SCROLL_DIRECTIONS as readonly string[]).includes(direction)) {
        ctx.addIssue({ code: 'custom', message: 'direction must be up, down, top or bottom', path: ['direction'] })
        return z.NEVER
      }
      return withId({ action: 'scroll', direction: direction as ScrollDirection })
    }
    case 'click': {
      if (!msg.selector && !role && !msg.targetText) {
        ctx.addIssue({ code: 'custom', message: 'click needs selector, role or targetText', path: ['targetText'] })
        return z.NEVER
      }
      return withId({
        action: 'click',
        ...(msg.selector !== undefined && { selector: msg.selector }),
        ...(role !== undefined && { role }),
        ...(msg.targetText !== undefined && { targetText: msg.targetText }),
      })
    }
    case 'fill': {
      if (msg.value === undefined || msg.value === null || typeof msg.value === 'boolean') {
        ctx.addIssue({ code: 'custom', message: 'fill needs a string or number value', path: ['value'] })
        return z.NEVER
      }
      const fieldHint = msg.fieldHint ?? msg.targetText
      const fieldType = toFieldType(msg.fieldType)
      if (msg.fieldType !== undefined && fieldType === undefined) {
        // A type nobody maps ("__proto__", "constructor", a typo) would leave the fill guessing: refused.
        ctx.addIssue({
          code: 'custom',
          message: `fieldType must be one of ${[...FIELD_TYPES, ...CONTROL_FIELD_TYPES].join(', ')}`,
          path: ['fieldType'],
        })
        return z.NEVER
      }
      return withId({
        action: 'fill',
        value: String(msg.value),
        ...(fieldHint !== undefined && { fieldHint }),
        ...(fieldType !== undefined && { fieldType }),
        ...(msg.selector !== undefined && { selector: msg.selector }),
      })
    }
    case 'toggle': {
      const targetText = msg.targetText ?? msg.fieldHint
      if (!msg.selector && !role && !targetText) {
        ctx.addIssue({
          code: 'custom',
          message: 'toggle needs selector, role, targetText or fieldHint',
          path: ['targetText'],
        })
        return z.NEVER
      }
      const state = toToggleState(msg.value ?? undefined)
      return withId({
        action: 'toggle',
        ...(msg.selector !== undefined && { selector: msg.selector }),
        ...(role !== undefined && { role }),
        ...(targetText !== undefined && { targetText }),
        ...(state !== undefined && { state }),
      })
    }
    default:
      return withId({ action: 'unknown', type: rawAction })
  }
})

/** Outcome of {@link parseVoiceCommand}. */
export type ParsedVoiceMessage =
  | { kind: 'command'; command: VoiceCommand }
  | { kind: 'unknown'; command: UnknownVoiceCommand }
  | { kind: 'invalid'; issues: string[] }

/**
 * Validates and normalises any value as a voice command message. Never throws: a value that is not a
 * plain object (or whose getters throw) comes back as `{ kind: 'invalid' }` with human-readable issues.
 */
export function parseVoiceCommand(message: unknown): ParsedVoiceMessage {
  try {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return { kind: 'invalid', issues: ['message must be an object'] }
    }
    const result = VoiceCommandMessageSchema.safeParse(message)
    if (!result.success) {
      return {
        kind: 'invalid',
        issues: result.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`),
      }
    }
    const command = result.data
    return command.action === 'unknown' ? { kind: 'unknown', command } : { kind: 'command', command }
  } catch (error) {
    return { kind: 'invalid', issues: [`unreadable message: ${describeError(error)}`] }
  }
}

/** Stable key of a normalised command without its id (same command → same key); used for de-duplication. */
export function commandKey(command: VoiceCommand): string {
  const norm = (s: string | undefined) =>
    s === undefined ? '' : s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ')
  switch (command.action) {
    case 'scroll':
      return `scroll|${command.direction}`
    case 'click':
      return `click|${norm(command.selector)}|${command.role ?? ''}|${norm(command.targetText)}`
    case 'fill':
      return `fill|${norm(command.selector)}|${norm(command.fieldHint)}|${command.fieldType ?? ''}|${command.value}`
    case 'toggle':
      return `toggle|${norm(command.selector)}|${command.role ?? ''}|${norm(command.targetText)}|${String(command.state)}`
  }
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'unprintable error'
  }
}
