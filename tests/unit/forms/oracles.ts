/**
 * An independent reading of SPEC §5, written WITHOUT regular expressions (character loops and explicit
 * character sets), to check the implementation's regexes against. Shared by the property tests.
 */
import fc from 'fast-check'

/** Every character ECMAScript counts as white space or a line terminator (what `trim` and `\s` use). */
export const WHITESPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007,
  0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
].map((c) => String.fromCharCode(c))
const WS = new Set(WHITESPACE)
const isWs = (c: string) => WS.has(c)
const DIGITS = '0123456789'
const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const isDigit = (c: string) => c.length === 1 && DIGITS.includes(c)
const isLetter = (c: string) => c.length === 1 && (LOWER.includes(c) || UPPER.includes(c))
/** ASCII-only lower-casing (a non-ASCII letter never counts as its ASCII look-alike). */
const asciiLower = (c: string) => (c.length === 1 && UPPER.includes(c) ? LOWER[UPPER.indexOf(c)]! : c)
const units = (s: string) => s.split('')

/** Trim by hand. */
export function oTrim(s: string): string {
  let a = 0
  let b = s.length
  while (a < b && isWs(s[a]!)) a++
  while (b > a && isWs(s[b - 1]!)) b--
  return s.slice(a, b)
}

/** "looks like name@host.tld with no spaces": exactly one @, something before it, a dot strictly inside the part after it. */
export function oEmail(s: string): boolean {
  if (units(s).some(isWs)) return false
  const parts = s.split('@')
  if (parts.length !== 2) return false
  const [local, domain] = parts as [string, string]
  if (local.length === 0) return false
  return domain.slice(1, -1).includes('.')
}

/** 10–15 characters, each a digit, space, plus, hyphen or parenthesis. */
export function oPhone(s: string): boolean {
  if (s.length < 10 || s.length > 15) return false
  return units(s).every((c) => isDigit(c) || c === ' ' || c === '+' || c === '-' || c === '(' || c === ')')
}

const startsWithCI = (s: string, prefix: string) =>
  s.length >= prefix.length && units(prefix).every((p, i) => asciiLower(s[i]!) === p)

/** Optional http(s) scheme, ≥ 2 dotted labels (last: letters only, 2–63), optional `/path` without whitespace. */
export function oWebsite(s: string): boolean {
  let rest = s
  if (startsWithCI(rest, 'https://')) rest = rest.slice(8)
  else if (startsWithCI(rest, 'http://')) rest = rest.slice(7)
  const slash = rest.indexOf('/')
  const host = slash < 0 ? rest : rest.slice(0, slash)
  const path = slash < 0 ? '' : rest.slice(slash)
  if (units(path).some(isWs)) return false
  const labels = host.split('.')
  if (labels.length < 2) return false
  const tld = labels[labels.length - 1]!
  if (tld.length < 2 || tld.length > 63 || !units(tld).every(isLetter)) return false
  for (const label of labels.slice(0, -1)) {
    if (label.length < 1 || label.length > 63) return false
    if (!units(label).every((c) => isLetter(c) || isDigit(c) || c === '-')) return false
    if (label.startsWith('-') || label.endsWith('-')) return false
  }
  return true
}

/** The waitlist's first failed rule by the spec's order, or null. */
export function oWaitlist(
  v: Record<'name' | 'email' | 'phone' | 'website', string>,
): { rule: string; fields: string[] } | null {
  const t = { name: oTrim(v.name), email: oTrim(v.email), phone: oTrim(v.phone), website: oTrim(v.website) }
  const blank = (['name', 'email', 'phone', 'website'] as const).filter((f) => t[f].length === 0)
  if (blank.length) return { rule: 'required', fields: [...blank] }
  if (!oEmail(t.email)) return { rule: 'email', fields: ['email'] }
  if (!oPhone(t.phone)) return { rule: 'phone', fields: ['phone'] }
  if (!oWebsite(t.website)) return { rule: 'website', fields: ['website'] }
  return null
}

/** The feedback messages, every one, in the spec's order. */
export function oFeedback(v: { email: string; subject: string; description: string }): string[] {
  const out: string[] = []
  const email = oTrim(v.email)
  if (email.length === 0) out.push('Email is required')
  else if (!oEmail(email)) out.push('Valid email is required')
  if (oTrim(v.subject).length === 0) out.push('Subject is required')
  if (oTrim(v.description).length === 0) out.push('Description is required')
  return out
}

// ---- generators: mostly near the rules' edges, plus anything at all ----

const chars = (alphabet: string) => fc.constantFrom(...units(alphabet))
const ws = fc.string({ unit: fc.constantFrom(...WHITESPACE), maxLength: 3 })
/** Pads a value with random white space on either side. */
export const padded = (arb: fc.Arbitrary<string>) => fc.tuple(ws, arb, ws).map(([a, x, b]) => a + x + b)

const label = fc.oneof(
  fc.string({ unit: chars('abcxyz09-'), minLength: 0, maxLength: 6 }),
  fc.string({ unit: chars('aZ9-_é.K'), minLength: 0, maxLength: 4 }),
  fc.constantFrom('a'.repeat(63), 'b'.repeat(64), '-a', 'a-', 'x--y'),
)
const tld = fc.oneof(
  fc.string({ unit: chars('comORGin'), minLength: 0, maxLength: 4 }),
  fc.string({ unit: chars('ab1-é'), minLength: 1, maxLength: 3 }),
  fc.constantFrom('c'.repeat(63), 'd'.repeat(64)),
)
const path = fc.oneof(
  fc.constant(''),
  fc.string({ unit: chars('/abc?#=&%.'), maxLength: 8 }).map((p) => `/${p}`),
  fc.string({ unit: 'binary', maxLength: 6 }).map((p) => `/${p}`),
  fc.constantFrom('/a b', '/\t', '?q=1', '#x', '/'),
)
/** Website-shaped strings around the rule's edges, and arbitrary text. */
export const websiteArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('', 'http://', 'https://', 'HTTPS://', 'hTtP://', 'ftp://', 'http:/', 'https//'),
        fc.array(label, { minLength: 0, maxLength: 4 }),
        tld,
        path,
      )
      .map(([s, ls, t, p]) => `${s}${[...ls, t].join('.')}${p}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: chars('ab.-/:htps '), maxLength: 20 }) },
)
/** Email-shaped strings around the rule's edges, and arbitrary text. */
export const emailArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.string({ unit: chars('ab.@+ '), maxLength: 4 }),
        fc.constantFrom('@', '', '@@', ' @'),
        fc.string({ unit: chars('ab.@ \u00a0'), maxLength: 6 }),
      )
      .map(([a, at, b]) => a + at + b),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
)
/** Phone-shaped strings around the rule's edges (lengths 8–17), and arbitrary text. */
export const phoneArb = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: chars('0123456789 +-()'), minLength: 8, maxLength: 17 }) },
  { weight: 2, arbitrary: fc.string({ unit: chars('0123456789 +-()x.\t٣'), minLength: 8, maxLength: 17 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 18 }) },
)
/** Blank, short, or arbitrary text (names, subjects, descriptions). */
export const textArb = fc.oneof(
  fc.constant(''),
  ws,
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
)

// Values that usually pass, so that the later rules (and full success) are reached often.
const okLabel = fc.string({ unit: chars('abcdefxyz0123456789'), minLength: 1, maxLength: 8 })
/** Mostly valid websites (and some near misses). */
export const okWebsiteArb = fc
  .tuple(
    fc.constantFrom('', 'http://', 'https://', 'HTTPS://'),
    fc.array(okLabel, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('com', 'in', 'IO', 'org', 'co', 'c0m'),
    fc.constantFrom('', '/', '/pricing', '/a/b?c=d#e'),
  )
  .map(([s, ls, t, p]) => `${s}${ls.join('.')}.${t}${p}`)
/** Mostly valid phone numbers. */
export const okPhoneArb = fc.string({ unit: chars('0123456789 +-()'), minLength: 10, maxLength: 15 })
/** Mostly valid emails. */
export const okEmailArb = fc
  .tuple(okLabel, okLabel, fc.constantFrom('com', 'in', 'co.uk'))
  .map(([a, b, c]) => `${a}@${b}.${c}`)
/** Non-blank names. */
export const okTextArb = fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() !== '')
