/**
 * Waitlist validation (SPEC §5 "Waitlist"): pure, framework-free, no React, no zod, no i18n.
 * Rules are checked in the spec's order and the FIRST failure wins; failures name locale keys of the
 * `waitlist` namespace so the UI (toast + field error text) and the tests share one source of truth.
 */

/** Every field of a waitlist application (SPEC §3), all strings. */
export interface WaitlistValues {
  name: string
  email: string
  phone: string
  website: string
  company: string
  comments: string
}

/** Field names in the order the form shows them and the request sends them. */
export const WAITLIST_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'website',
  'comments',
] as const satisfies readonly (keyof WaitlistValues)[]
export type WaitlistField = (typeof WAITLIST_FIELDS)[number]

/** Fields rule 1 requires to be non-blank; company and comments are optional. */
export const REQUIRED_WAITLIST_FIELDS = [
  'name',
  'email',
  'phone',
  'website',
] as const satisfies readonly WaitlistField[]
export type RequiredWaitlistField = (typeof REQUIRED_WAITLIST_FIELDS)[number]

/** An application with every field empty (the form's default values). */
export const EMPTY_WAITLIST: WaitlistValues = { name: '', email: '', phone: '', website: '', company: '', comments: '' }

/** The four rules, in the order they are checked. */
export type WaitlistRule = 'required' | 'email' | 'phone' | 'website'

/** The first failed rule: which fields to mark, and the toast's locale keys. */
export interface WaitlistFailure {
  /** The rule that failed. */
  rule: WaitlistRule
  /** Fields to mark invalid (every blank required field for `required`, else the one field). */
  fields: RequiredWaitlistField[]
  /** Toast title key, e.g. `errors.email.title` ("Invalid email"). */
  titleKey: `errors.${WaitlistRule}.title`
  /** Toast text key, e.g. `errors.email.description` ("Please enter a valid email address"). */
  descriptionKey: `errors.${WaitlistRule}.description`
  /** Text shown next to each marked field. */
  fieldMessageKey: 'errors.fieldRequired' | `errors.${Exclude<WaitlistRule, 'required'>}.description`
}

/** Email shape `local@domain.tld`: one `@`, a dot inside the domain, no whitespace anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Phone: 10 to 15 characters, each a digit, a space, `+`, `-`, `(` or `)`. */
export const PHONE_PATTERN = /^[0-9 +\-()]{10,15}$/

/**
 * Website: optional `http://` or `https://`, then two or more dot-separated host labels (letters, digits,
 * inner hyphens, ≤ 63 characters each; the last one letters only, 2–63), then an optional path starting with
 * `/` and holding no whitespace. Case-insensitive. Linear-time: every label must end in a dot.
 */
export const WEBSITE_PATTERN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?:\/\S*)?$/i

/** Whitespace-only or empty. */
export const isBlank = (value: string): boolean => value.trim() === ''

/** True when `email` looks like an email address (SPEC §5 rule 2). */
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email)
/** True when `phone` passes SPEC §5 rule 3. */
export const isValidPhone = (phone: string): boolean => PHONE_PATTERN.test(phone)
/** True when `website` passes SPEC §5 rule 4. */
export const isValidWebsite = (website: string): boolean => WEBSITE_PATTERN.test(website)

/**
 * What is validated and sent: every field trimmed (a stray space pasted around an address is not an error).
 * Missing fields become empty strings.
 */
export function normalizeWaitlist(values: Partial<WaitlistValues>): WaitlistValues {
  const out = { ...EMPTY_WAITLIST }
  for (const f of WAITLIST_FIELDS) out[f] = (values[f] ?? '').trim()
  return out
}

const failure = (rule: WaitlistRule, fields: RequiredWaitlistField[]): WaitlistFailure => ({
  rule,
  fields,
  titleKey: `errors.${rule}.title`,
  descriptionKey: `errors.${rule}.description`,
  fieldMessageKey: rule === 'required' ? 'errors.fieldRequired' : `errors.${rule}.description`,
})

/**
 * Checks an application against SPEC §5 in order (required → email → phone → website) on the
 * {@link normalizeWaitlist normalized} values and returns the first failure, or `null` when it may be sent.
 */
export function validateWaitlist(values: Partial<WaitlistValues>): WaitlistFailure | null {
  const v = normalizeWaitlist(values)
  const blank = REQUIRED_WAITLIST_FIELDS.filter((f) => v[f] === '')
  if (blank.length > 0) return failure('required', blank)
  if (!isValidEmail(v.email)) return failure('email', ['email'])
  if (!isValidPhone(v.phone)) return failure('phone', ['phone'])
  if (!isValidWebsite(v.website)) return failure('website', ['website'])
  return null
}
