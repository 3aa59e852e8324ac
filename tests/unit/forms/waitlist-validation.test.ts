import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { waitlistSchema } from '../../../src/components/WaitlistForm/schema'
import { buildWaitlistBody } from '../../../src/components/WaitlistForm/submit'
import {
  isValidEmail,
  isValidPhone,
  isValidWebsite,
  normalizeWaitlist,
  validateWaitlist,
} from '../../../src/components/WaitlistForm/validation'
import en from '../../../locales/en/waitlist.json'
import {
  emailArb,
  oEmail,
  okEmailArb,
  okPhoneArb,
  okTextArb,
  okWebsiteArb,
  oPhone,
  oTrim,
  oWaitlist,
  oWebsite,
  padded,
  phoneArb,
  textArb,
  websiteArb,
} from './oracles'

const RUNS = { numRuns: 2000 }

describe('waitlist rules (SPEC §5) against an independent reading', () => {
  it('rule 2 email shape', () =>
    fc.assert(
      fc.property(emailArb, (s) => {
        expect(isValidEmail(s)).toBe(oEmail(s))
      }),
      RUNS,
    ))
  it('rule 3 phone', () =>
    fc.assert(
      fc.property(phoneArb, (s) => {
        expect(isValidPhone(s)).toBe(oPhone(s))
      }),
      RUNS,
    ))
  it('rule 4 website', () =>
    fc.assert(
      fc.property(fc.oneof(websiteArb, okWebsiteArb), (s) => {
        expect(isValidWebsite(s)).toBe(oWebsite(s))
      }),
      { numRuns: 4000 },
    ))
  it('normalizing trims every field exactly like the hand-written trim', () =>
    fc.assert(
      fc.property(padded(textArb), (s) => {
        expect(normalizeWaitlist({ name: s }).name).toBe(oTrim(s))
      }),
      RUNS,
    ))

  const application = fc.record({
    name: padded(fc.oneof(textArb, okTextArb, okTextArb, okTextArb)),
    email: padded(fc.oneof(emailArb, okEmailArb, okEmailArb)),
    phone: padded(fc.oneof(phoneArb, okPhoneArb)),
    website: padded(fc.oneof(websiteArb, okWebsiteArb)),
    company: textArb,
    comments: textArb,
  })
  it('the first failure, in the spec order, with its fields and message keys', () =>
    fc.assert(
      fc.property(application, (v) => {
        const got = validateWaitlist(v)
        const want = oWaitlist(v)
        if (want === null) {
          expect(got).toBeNull()
          return
        }
        expect(got?.rule).toBe(want.rule)
        expect(got?.fields).toEqual(want.fields)
      }),
      { numRuns: 3000 },
    ))
  it('the zod schema marks exactly the failing fields and accepts exactly the valid ones', () =>
    fc.assert(
      fc.property(application, (v) => {
        const want = oWaitlist(v)
        const r = waitlistSchema.safeParse(v)
        expect(r.success).toBe(want === null)
        if (!r.success && want) expect(r.error.issues.map((i) => i.path[0])).toEqual(want.fields)
      }),
      { numRuns: 1000 },
    ))
  it('the form body round-trips every field under its entry id, in spec order', () =>
    fc.assert(
      fc.property(
        fc.record({
          name: textArb,
          email: textArb,
          phone: textArb,
          website: textArb,
          company: fc.string({ unit: 'binary' }),
          comments: fc.string({ unit: 'grapheme' }),
        }),
        (v) => {
          const ids = { name: 'e.1', email: 'e.2', phone: 'e.3', company: 'e.4', website: 'e.5', comments: 'e.6' }
          const parsed = [...new URLSearchParams(buildWaitlistBody(v, ids).toString())]
          expect(parsed).toEqual([
            ['e.1', oTrim(v.name)],
            ['e.2', oTrim(v.email)],
            ['e.3', oTrim(v.phone)],
            ['e.4', oTrim(v.company)],
            ['e.5', oTrim(v.website)],
            ['e.6', oTrim(v.comments)],
          ])
        },
      ),
      { numRuns: 1000 },
    ))
})

describe('waitlist examples', () => {
  it.each([
    ['example.com', true],
    ['https://example.com', true],
    ['HTTP://Sub.Example.CO.in/path/to?q=1#x', true],
    ['my-site.example.org/', true],
    ['localhost', false],
    ['example', false],
    ['http://example', false],
    ['example.c', false],
    ['-bad.com', false],
    ['exa mple.com', false],
    ['ftp://example.com', false],
    ['example.com/has space', false],
    ['127.0.0.1', false],
  ])('website %s → %s', (s, ok) => expect(isValidWebsite(s)).toBe(ok))
  it('messages are the spec strings, verbatim', () => {
    expect(en.errors.required).toEqual({ title: 'All fields required', description: 'Please fill in all fields' })
    expect(en.errors.email).toEqual({ title: 'Invalid email', description: 'Please enter a valid email address' })
    expect(en.errors.phone).toEqual({ title: 'Invalid phone number', description: 'Please enter a valid phone number' })
    expect(en.errors.website.title).toBe('Invalid website')
    expect(en.errors.website.description).toMatch(/^Please enter a valid website \(e\.g\., \S+ or \S+\)$/)
    expect(en.errors.failed).toEqual({
      title: 'Something went wrong',
      description: 'Please try again or contact us at {{email}}',
    })
    expect(en.success).toEqual({
      title: '✅ Application submitted!',
      description: "We'll contact you within {{hours}} hours.",
    })
    expect(en.form.submitting).toBe('Submitting...')
  })
  it('the website examples in the message are themselves valid', () => {
    const [, a, b] = /\(e\.g\., (\S+) or (\S+)\)/.exec(en.errors.website.description)!
    expect([isValidWebsite(a!), isValidWebsite(b!)]).toEqual([true, true])
  })
  it('the website pattern stays linear on hostile input', () => {
    const started = performance.now()
    isValidWebsite(`${'a.'.repeat(5000)}!`)
    isValidWebsite(`${'a-'.repeat(5000)}`)
    expect(performance.now() - started).toBeLessThan(200)
  })
})
