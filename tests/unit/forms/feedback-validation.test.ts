import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { feedbackSchema } from '../../../src/components/FeedbackForm/schema'
import { isImageFile, validateFeedback } from '../../../src/components/FeedbackForm/validation'
import en from '../../../locales/en/feedback.json'
import { emailArb, oFeedback, okEmailArb, okTextArb, padded, textArb } from './oracles'

const message = (key: string) => (en.errors as Record<string, string>)[key.replace('errors.', '')]
const feedback = fc.record({
  name: textArb,
  email: padded(fc.oneof(textArb, emailArb, okEmailArb, okEmailArb)),
  subject: padded(fc.oneof(textArb, okTextArb)),
  description: padded(fc.oneof(textArb, okTextArb, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }))),
})

describe('feedback rules (SPEC §5) against an independent reading', () => {
  it('collects every message, in order, as the spec words them', () =>
    fc.assert(
      fc.property(feedback, (v) => {
        expect(validateFeedback(v).map((i) => message(i.key))).toEqual(oFeedback(v))
      }),
      { numRuns: 3000 },
    ))
  it('the zod schema fails exactly when a message exists, on the fields concerned', () =>
    fc.assert(
      fc.property(feedback, (v) => {
        const r = feedbackSchema.safeParse(v)
        const want = oFeedback(v)
        expect(r.success).toBe(want.length === 0)
        if (!r.success) expect(r.error.issues.map((i) => message(i.message))).toEqual(want)
      }),
      { numRuns: 1000 },
    ))
  it('the name is optional: it never changes the verdict', () =>
    fc.assert(
      fc.property(feedback, fc.string({ unit: 'binary', maxLength: 10 }), (v, name) => {
        expect(validateFeedback({ ...v, name })).toEqual(validateFeedback(v))
      }),
      { numRuns: 1000 },
    ))
  it('screenshot: image MIME types are accepted, every other type refused', () =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(
            'image/png',
            'image/jpeg',
            'IMAGE/GIF',
            'image/webp',
            'image/svg+xml',
            'image/vnd.microsoft.icon',
          ),
          fc.constantFrom(
            'application/pdf',
            'text/plain',
            'video/mp4',
            'application/octet-stream',
            'imagex/png',
            'image/',
            'text/image/png',
          ),
          fc.string({ unit: fc.constantFrom(...'image/pngtext+.x'.split('')), minLength: 1, maxLength: 12 }),
        ),
        fc.string({ maxLength: 12 }),
        (type, name) => {
          // independent reading: "image" top-level type followed by a non-empty subtype with no further slash
          const lower = type.trim().toLowerCase()
          const slash = lower.indexOf('/')
          const sub = lower.slice(slash + 1)
          const want =
            lower.slice(0, slash) === 'image' &&
            slash > 0 &&
            sub.length > 0 &&
            !sub.includes('/') &&
            [...sub].every((c) => 'abcdefghijklmnopqrstuvwxyz0123456789.+-'.includes(c))
          expect(isImageFile({ name, type })).toBe(want)
        },
      ),
      { numRuns: 2000 },
    ))
  it('screenshot without a MIME type: decided by the extension', () =>
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('png', 'JPG', 'jpeg', 'gif', 'webp', 'pdf', 'txt', 'exe', 'png.exe', ''),
        (base, ext) => {
          const want = ['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext.toLowerCase())
          expect(
            isImageFile({ name: ext ? `${base.replace(/\./g, '')}.${ext}` : base.replace(/\./g, ''), type: '' }),
          ).toBe(want)
        },
      ),
      { numRuns: 1000 },
    ))
})

describe('feedback copy', () => {
  it('messages are the spec strings, verbatim', () => {
    expect(en.errors).toEqual({
      title: 'Validation Error',
      emailRequired: 'Email is required',
      emailInvalid: 'Valid email is required',
      subjectRequired: 'Subject is required',
      descriptionRequired: 'Description is required',
    })
    expect(en.success).toEqual({
      title: 'Feedback Submitted',
      issue: 'Your issue report has been submitted successfully!',
      idea: 'Your idea suggestion has been submitted successfully!',
    })
    expect(en.tabs.issue).toBe('Report an Issue')
    expect(en.tabs.idea).toBe('Suggest an Idea')
    expect(en.mailto.issuePrefix).toBe('[Issue]')
    expect(en.mailto.ideaPrefix).toBe('[Idea]')
    expect(en.mailto.notProvided).toBe('Not provided')
  })
})
