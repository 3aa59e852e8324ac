/**
 * The feedback `mailto:` link (SPEC §7 "Feedback submit"): pure, framework-free. Encoding follows RFC 6068:
 * every header value is percent-encoded as UTF-8 (`encodeURIComponent`, so `&`, `?`, `#`, `%`, `+`, `=`,
 * spaces, non-Latin scripts and emoji survive) and line breaks in the body are CRLF (`%0D%0A`).
 */
import type { FeedbackType, FeedbackValues } from './validation'

/** The fixed words of the message (from the locale files). */
export interface MailtoLabels {
  /** Subject prefix per type: `[Issue]` / `[Idea]`. */
  prefix: Record<FeedbackType, string>
  /** Type names: Report an Issue / Suggest an Idea. */
  typeName: Record<FeedbackType, string>
  /** Body line labels. */
  name: string
  email: string
  type: string
  description: string
  /** Shown for an empty name: "Not provided". */
  notProvided: string
}

/** Replaces unpaired UTF-16 surrogates (which `encodeURIComponent` refuses) with U+FFFD. */
export function toWellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
}

/** Every line break (CRLF, lone CR, lone LF) as CRLF. */
export const toCrlf = (text: string): string => text.replace(/\r\n|\r|\n/g, '\r\n')

/** A single-line value: line breaks become spaces (a name or subject never spans lines). */
export const toSingleLine = (text: string): string => text.replace(/\r\n|\r|\n/g, ' ')

/** Percent-encodes one mailto header value; `decodeURIComponent` gives `text` back for any well-formed string. */
export function encodeMailtoComponent(text: string): string {
  return encodeURIComponent(toWellFormed(text))
}

/** The message a feedback item becomes: subject and body, before encoding. */
export interface FeedbackMessage {
  subject: string
  body: string
}

/**
 * Subject `[Issue] <subject>` / `[Idea] <subject>`; body lines Name (or Not provided), Email, Type, then a
 * blank line, `Description:` and the description. Values are trimmed; name, email and subject are single-line;
 * all line breaks are CRLF.
 */
export function buildFeedbackMessage(
  type: FeedbackType,
  values: FeedbackValues,
  labels: MailtoLabels,
): FeedbackMessage {
  const name = toSingleLine(values.name.trim())
  const lines = [
    `${labels.name}: ${name === '' ? labels.notProvided : name}`,
    `${labels.email}: ${toSingleLine(values.email.trim())}`,
    `${labels.type}: ${labels.typeName[type]}`,
    '',
    `${labels.description}:`,
    toCrlf(values.description.trim()),
  ]
  return { subject: `${labels.prefix[type]} ${toSingleLine(values.subject.trim())}`, body: lines.join('\r\n') }
}

/** `mailto:<to>?subject=…&body=…` with both values encoded by {@link encodeMailtoComponent}. */
export function buildMailtoUrl(to: string, message: FeedbackMessage): string {
  const address = encodeURIComponent(to.trim()).replace(/%40/g, '@')
  return `mailto:${address}?subject=${encodeMailtoComponent(message.subject)}&body=${encodeMailtoComponent(message.body)}`
}

/** Reads a mailto URL back into its address and decoded header values (tests and debugging). */
export function parseMailtoUrl(url: string): { to: string; headers: Record<string, string> } {
  if (!url.startsWith('mailto:')) throw new Error(`Not a mailto URL: ${url}`)
  const rest = url.slice('mailto:'.length)
  const q = rest.indexOf('?')
  const to = decodeURIComponent(q < 0 ? rest : rest.slice(0, q))
  const headers: Record<string, string> = {}
  if (q >= 0) {
    for (const pair of rest.slice(q + 1).split('&')) {
      const eq = pair.indexOf('=')
      const key = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase()
      headers[key] = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1))
    }
  }
  return { to, headers }
}
