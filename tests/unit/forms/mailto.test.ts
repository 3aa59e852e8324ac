import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  buildFeedbackMessage,
  buildMailtoUrl,
  encodeMailtoComponent,
  parseMailtoUrl,
  type MailtoLabels,
} from '../../../src/components/FeedbackForm/mailto'
import en from '../../../locales/en/feedback.json'

const labels: MailtoLabels = {
  prefix: { issue: en.mailto.issuePrefix, idea: en.mailto.ideaPrefix },
  typeName: { issue: en.tabs.issue, idea: en.tabs.idea },
  name: en.mailto.name,
  email: en.mailto.email,
  type: en.mailto.type,
  description: en.mailto.description,
  notProvided: en.mailto.notProvided,
}

/** Text rich in what breaks naive encoding: URL syntax, percent, plus, newlines, Devanagari, emoji, any code point. */
const tricky = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      '&',
      '?',
      '#',
      '%',
      '+',
      '=',
      ' ',
      '\n',
      '\r',
      '\r\n',
      '%20',
      '%0A',
      'नमस्ते',
      'क्षि',
      '😀',
      '👩🏽‍💻',
      '🇮🇳',
      'é',
      'a',
      ';',
      '/',
      ':',
      '@',
    ),
    maxLength: 20,
  }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
)
const crlf = (s: string) => s.split(/\r\n|\r|\n/).join('\r\n')
const oneLine = (s: string) => s.split(/\r\n|\r|\n/).join(' ')

describe('mailto encoding', () => {
  it('decode(encode(x)) = x for any text', () =>
    fc.assert(
      fc.property(tricky, (x) => {
        expect(decodeURIComponent(encodeMailtoComponent(x))).toBe(x)
      }),
      { numRuns: 3000 },
    ))
  it('the encoded value holds no character a mail client would read as syntax', () =>
    fc.assert(
      fc.property(tricky, (x) => {
        expect(encodeMailtoComponent(x)).toMatch(/^[A-Za-z0-9\-_.!~*'()%]*$/)
      }),
      { numRuns: 1000 },
    ))
  it('lone surrogates are replaced, never thrown on', () => {
    expect(decodeURIComponent(encodeMailtoComponent('a\uD800b\uDC00'))).toBe('a\uFFFDb\uFFFD')
  })
  it('a whole feedback mail round-trips: address, subject and every body line', () =>
    fc.assert(
      fc.property(
        fc.constantFrom('issue' as const, 'idea' as const),
        tricky,
        tricky,
        tricky,
        tricky,
        (type, name, email, subject, description) => {
          const url = buildMailtoUrl(
            'info@voiceos.example.com',
            buildFeedbackMessage(type, { name, email, subject, description }, labels),
          )
          expect(url.startsWith('mailto:info@voiceos.example.com?subject=')).toBe(true)
          const { to, headers } = parseMailtoUrl(url)
          expect(to).toBe('info@voiceos.example.com')
          expect(Object.keys(headers)).toEqual(['subject', 'body'])
          const wf = (s: string) =>
            s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
          expect(headers.subject).toBe(wf(`${type === 'issue' ? '[Issue]' : '[Idea]'} ${oneLine(subject.trim())}`))
          const n = oneLine(name.trim())
          expect(headers.body).toBe(
            wf(
              [
                `Name: ${n === '' ? 'Not provided' : n}`,
                `Email: ${oneLine(email.trim())}`,
                `Type: ${type === 'issue' ? 'Report an Issue' : 'Suggest an Idea'}`,
                '',
                'Description:',
                crlf(description.trim()),
              ].join('\r\n'),
            ),
          )
          // every line break in the body is CRLF (RFC 6068)
          expect(headers.body!.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
        },
      ),
      { numRuns: 2000 },
    ))
  it('example: Devanagari, emoji and URL syntax', () => {
    const url = buildMailtoUrl(
      'info@voiceos.example.com',
      buildFeedbackMessage(
        'idea',
        { name: '', email: 'a@b.co', subject: 'नमस्ते & 😀?', description: '50% + #1\nnext' },
        labels,
      ),
    )
    expect(url).toBe(
      'mailto:info@voiceos.example.com?subject=%5BIdea%5D%20%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87%20%26%20%F0%9F%98%80%3F' +
        '&body=Name%3A%20Not%20provided%0D%0AEmail%3A%20a%40b.co%0D%0AType%3A%20Suggest%20an%20Idea%0D%0A%0D%0ADescription%3A%0D%0A50%25%20%2B%20%231%0D%0Anext',
    )
  })
})
