// @vitest-environment happy-dom
/**
 * Property (no guessed field): on generated forms — 2 to 6 fields of several kinds (text, email, tel, select,
 * textarea, date, a radio group), named by a label, an aria-label, a placeholder or a fieldset legend, some of
 * them hidden or disabled — a fill with any hint (a field's name, a near miss, an unrelated word) or field type
 * writes into at most one field, and never into one whose name shares no word with the hint (nor one of another
 * type than the command names) while more than one field is usable. Nothing hidden or disabled is written.
 */
import { afterEach, expect, it } from 'vitest'
import fc from 'fast-check'
import { createCommandExecutor } from '../../../src/voice/commands'

const NAMES = [
  'First name',
  'Last name',
  'Email address',
  'Phone',
  'Country',
  'Promo code',
  'Date of birth',
  'Company',
  'City',
  'Payment method',
]
const HINTS = [...NAMES, 'phone number', 'postcode', 'address', 'favourite colour', 'name', 'code', 'zip', 'date']
const KINDS = ['text', 'email', 'tel', 'select', 'textarea', 'date', 'radios'] as const
type Kind = (typeof KINDS)[number]

interface FieldSpec {
  name: string
  kind: Kind
  naming: 'label' | 'aria-label' | 'placeholder'
  state: 'usable' | 'hidden' | 'disabled'
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !['the', 'a', 'my', 'your', 'of', 'field'].includes(w))

function render(fields: FieldSpec[]): string {
  return `<form>${fields
    .map((f, i) => {
      const id = `f${i}`
      const hidden = f.state === 'hidden' ? ' hidden' : ''
      const disabled = f.state === 'disabled' ? ' disabled' : ''
      if (f.kind === 'radios') {
        return `<fieldset id="${id}"${hidden}${disabled}><legend>${f.name}</legend><label><input type="radio" name="r${i}" value="Alpha"> Alpha</label><label><input type="radio" name="r${i}" value="Beta"> Beta</label></fieldset>`
      }
      const naming = f.naming === 'label' ? '' : ` ${f.naming}="${f.name}"`
      const label = f.naming === 'label' ? `<label for="${id}">${f.name}</label>` : ''
      const control =
        f.kind === 'select'
          ? `<select id="${id}"${naming}${disabled}><option value="">Choose</option><option>Alpha</option><option>Beta</option></select>`
          : f.kind === 'textarea'
            ? `<textarea id="${id}"${naming}${disabled}></textarea>`
            : `<input id="${id}" type="${f.kind}"${naming}${disabled}>`
      return `<div${hidden}>${label}${control}</div>`
    })
    .join('')}</form>`
}

const fieldArb: fc.Arbitrary<FieldSpec> = fc.record({
  name: fc.constantFrom(...NAMES),
  kind: fc.constantFrom(...KINDS),
  naming: fc.constantFrom<FieldSpec['naming']>('label', 'aria-label', 'placeholder'),
  state: fc.constantFrom<FieldSpec['state']>('usable', 'usable', 'usable', 'hidden', 'disabled'),
})

const TYPE_OF_KIND: Record<Kind, string> = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  select: 'select',
  textarea: 'textarea',
  date: 'date',
  radios: 'radio',
}

afterEach(() => {
  document.body.innerHTML = ''
})

it('a fill never writes into a field whose name does not match when more than one field is usable', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fieldArb, { minLength: 2, maxLength: 6, selector: (f) => f.name }),
      fc.option(fc.constantFrom(...HINTS), { nil: undefined }),
      fc.option(fc.constantFrom('email', 'tel', 'date', 'select', 'text', 'textarea', 'radio'), {
        nil: undefined,
        freq: 3,
      }),
      fc.constantFrom('Alpha', '12 March 2027', 'asha@example.com'),
      (fields, hint, fieldType, value) => {
        document.body.innerHTML = render(fields)
        const written = new Set<string>()
        const onWrite = (e: Event) => {
          const el = e.target as Element
          const id = el.closest('[id^=f]')?.id
          if (id) written.add(id)
        }
        document.addEventListener('input', onWrite, true)
        document.addEventListener('change', onWrite, true)
        const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, notFoundMemoMs: 0 })
        try {
          const result = executor.execute({
            action: 'fill',
            value,
            ...(hint !== undefined && { fieldHint: hint }),
            ...(fieldType !== undefined && { fieldType }),
          })
          expect(written.size, JSON.stringify({ fields, hint, fieldType, result: result.status })).toBeLessThanOrEqual(
            1,
          )
          if (written.size === 0) return
          const index = Number([...written][0]!.slice(1))
          const field = fields[index]!
          const context = JSON.stringify({ fields, hint, fieldType, wrote: field.name })
          expect(result.status, context).toBe('executed')
          expect(field.state, context).toBe('usable')
          const usable = fields.filter((f) => f.state === 'usable')
          if (usable.length > 1) {
            if (hint !== undefined) {
              const hintWords = words(hint)
              const nameWords = words(field.name)
              const typeWord = hintWords.some(
                (w) =>
                  ['phone', 'email', 'date'].includes(w) &&
                  TYPE_OF_KIND[field.kind] === { phone: 'tel', email: 'email', date: 'date' }[w],
              )
              expect(hintWords.some((w) => nameWords.includes(w)) || typeWord, context).toBe(true)
            } else {
              // No name given: only a field type can choose, and then only the one usable field of that type.
              expect(fieldType, context).toBeDefined()
            }
            if (fieldType !== undefined && hint === undefined) expect(TYPE_OF_KIND[field.kind], context).toBe(fieldType)
          }
        } finally {
          executor.dispose()
          document.removeEventListener('input', onWrite, true)
          document.removeEventListener('change', onWrite, true)
        }
      },
    ),
    { numRuns: 200 },
  )
})
