/**
 * Feedback validation (SPEC §5 "Feedback"): pure, framework-free. Unlike the waitlist, EVERY message is
 * collected (email, then subject, then description); the UI joins them with ", " under "Validation Error".
 * Messages are locale keys of the `feedback` namespace.
 */

/** The two feedback types, one form (and one tab) each. */
export const FEEDBACK_TYPES = ['issue', 'idea'] as const
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]

/** The text fields of a feedback item (SPEC §3); the screenshot is kept apart and never sent. */
export interface FeedbackValues {
  name: string
  email: string
  subject: string
  description: string
}

/** A feedback form with every field empty. */
export const EMPTY_FEEDBACK: FeedbackValues = { name: '', email: '', subject: '', description: '' }

/** Locale keys of the validation messages. */
export type FeedbackMessageKey =
  'errors.emailRequired' | 'errors.emailInvalid' | 'errors.subjectRequired' | 'errors.descriptionRequired'

/** One failed check: the field it concerns and its message key. */
export interface FeedbackIssue {
  /** Field to mark invalid. */
  field: 'email' | 'subject' | 'description'
  /** Message key, e.g. `errors.emailRequired` ("Email is required"). */
  key: FeedbackMessageKey
}

/** Email shape `local@domain.tld` with no whitespace (same rule as the waitlist). */
export const FEEDBACK_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Every failed check, in order: email (required, else valid shape), subject (required), description
 * (required). "Required" means non-blank after trimming; the email shape is checked on the trimmed value.
 * Name is optional. An empty list means the item may be sent.
 */
export function validateFeedback(values: Partial<FeedbackValues>): FeedbackIssue[] {
  const email = (values.email ?? '').trim()
  const issues: FeedbackIssue[] = []
  if (email === '') issues.push({ field: 'email', key: 'errors.emailRequired' })
  else if (!FEEDBACK_EMAIL_PATTERN.test(email)) issues.push({ field: 'email', key: 'errors.emailInvalid' })
  if ((values.subject ?? '').trim() === '') issues.push({ field: 'subject', key: 'errors.subjectRequired' })
  if ((values.description ?? '').trim() === '') issues.push({ field: 'description', key: 'errors.descriptionRequired' })
  return issues
}

/** File extensions accepted as images when the browser reports no MIME type. */
export const IMAGE_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'bmp',
  'svg',
  'heic',
  'heif',
  'ico',
  'tif',
  'tiff',
] as const

/**
 * True when a picked file is an image (SPEC §5: the screenshot accepts image files only): its MIME type is
 * `image/*`, or, when the browser reports none, its extension is a known image one.
 */
export function isImageFile(file: { name: string; type: string }): boolean {
  const type = file.type.trim().toLowerCase()
  if (type !== '') return /^image\/[a-z0-9.+-]+$/.test(type)
  const dot = file.name.lastIndexOf('.')
  if (dot < 0) return false
  const ext = file.name.slice(dot + 1).toLowerCase()
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext)
}
