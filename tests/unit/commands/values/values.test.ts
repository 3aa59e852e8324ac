// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { NATIVE_DIGIT_ZEROS, scriptFold, toAsciiDigits } from '../../../../src/voice/commands/values/script'
import { parseNumberWords, spokenDigits } from '../../../../src/voice/commands/values/numberWords'
import { dictatedEmail, dictatedUrl, joinDictation } from '../../../../src/voice/commands/values/dictation'
import { MONTH_NAMES, monthOfWord } from '../../../../src/voice/commands/values/months'
import { fieldValueFor, spokenNumber } from '../../../../src/voice/commands/values/fieldValue'
import { dateInputValue, parseSpokenDate } from '../../../../src/voice/commands/spoken'
import { normalizeText, matchScore, createMatcher } from '../../../../src/voice/commands/match'

const input = (attrs: Record<string, string>, tag = 'input'): HTMLInputElement => {
  const el = document.createElement(tag) as HTMLInputElement
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
  return el
}

describe('digits of every listed script', () => {
  it('reads the examples of the product text as ASCII digits', () => {
    expect(toAsciiDigits('९८७६५४३२१०')).toBe('9876543210')
    expect(toAsciiDigits('௬௪௧௦௧௮')).toBe('641018')
    expect(toAsciiDigits('۹۸۴۸۰۲۲۳۳۸')).toBe('9848022338')
    expect(toAsciiDigits('৭০০০১৯')).toBe('700019')
    expect(toAsciiDigits('᱑᱒᱓')).toBe('123') // Ol Chiki
    expect(toAsciiDigits('꯱꯲꯳')).toBe('123') // Meetei Mayek
    expect(toAsciiDigits('PIN ੧੪੧੦੦੧')).toBe('PIN 141001')
  })

  it('maps each script’s ten digits in order and leaves other text alone (property)', () => {
    const zeros = Object.values(NATIVE_DIGIT_ZEROS)
    fc.assert(
      fc.property(
        fc.constantFrom(...zeros),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 12 }),
        (zero, ds) => {
          const native = ds.map((d) => String.fromCodePoint(zero + d)).join('')
          expect(toAsciiDigits(native)).toBe(ds.join(''))
        },
      ),
    )
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), (s) => {
        expect(toAsciiDigits(s)).toBe(s)
      }),
    )
  })
})

describe('script folding', () => {
  it('makes nukta, ZWJ/ZWNJ and precomposed variants one text, and folds no case in caseless scripts', () => {
    expect(scriptFold('फ़ोन')).toBe(scriptFold('फोन'))
    expect(scriptFold('\u095e')).toBe(scriptFold('\u092b'))
    expect(scriptFold('ഒക്\u200cടോബർ')).toBe(scriptFold('ഒക്ടോബർ'))
    expect(scriptFold('അവന്\u200d')).toBe(scriptFold('അവൻ')) // old chillu spelling = atomic chillu
    expect(scriptFold('মোবাইল নম্বর')).toBe('মোবাইল নম্বর')
    expect(scriptFold('Mobile')).toBe('mobile')
  })

  it('keeps vowel signs inside words when names are normalised', () => {
    expect(normalizeText('मोबाइल नंबर')).toBe('मोबाइल नंबर')
    expect(normalizeText('ফোন নম্বর:')).toBe('ফোন নম্বর')
    expect(matchScore('मोबाइल नंबर', 'मोबाइल नंबर')).toBe(100)
    expect(matchScore('फ़ोन नंबर', 'फोन नंबर')).toBe(100)
  })

  it('a field name the hint contains plus another word is not that field (wholeName)', () => {
    const strict = (q: string) => createMatcher(q, { wholeName: true })
    expect(strict('return journey date')('Journey date')).toBe(0)
    expect(strict('తిరుగు ప్రయాణ తేదీ')('ప్రయాణ తేదీ')).toBe(0)
    expect(strict('वापसी यात्रा तिथि')('यात्रा तिथि')).toBe(0)
    // Words for "number" / "address" are no other field.
    expect(strict('phone number')('Phone')).toBeGreaterThan(0)
    expect(strict('ईमेल पता')('ईमेल')).toBeGreaterThan(0)
    expect(strict('journey date')('Journey date')).toBe(100)
    // Clicks keep matching a name inside the words said.
    expect(matchScore('Journey date', 'return journey date')).toBeGreaterThan(0)
  })
})

describe('number words', () => {
  it('reads Hindi 0–99 and hundreds, thousands, lakhs', () => {
    expect(parseNumberWords('तीन')).toBe(3)
    expect(parseNumberWords('बयालीस')).toBe(42)
    expect(parseNumberWords('निन्यानवे')).toBe(99)
    expect(parseNumberWords('उन्नीस सौ अस्सी')).toBe(1980)
    expect(parseNumberWords('दो हज़ार सत्ताईस')).toBe(2027)
    expect(parseNumberWords('दो हजार सत्ताईस')).toBe(2027)
    expect(parseNumberWords('ढाई लाख')).toBeNull()
    expect(parseNumberWords('दो लाख पचास हज़ार')).toBe(250_000)
    expect(parseNumberWords('पाँच')).toBe(5)
    expect(parseNumberWords('पांच')).toBe(5)
  })

  it('reads small numbers in other scripts (quantities)', () => {
    expect(parseNumberWords('দুই')).toBe(2)
    expect(parseNumberWords('రెండు')).toBe(2)
    expect(parseNumberWords('மூன்று')).toBe(3)
    expect(parseNumberWords('تین')).toBe(3)
    expect(parseNumberWords('दोन')).toBe(2) // Marathi
  })

  it('refuses what is not one number', () => {
    expect(parseNumberWords('दो तीन')).toBeNull()
    expect(parseNumberWords('नमस्ते')).toBeNull()
    expect(parseNumberWords('')).toBeNull()
  })

  it('reads Hindi numbers written as words the same as their digits (property)', () => {
    const ones = ['शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ']
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 99 }), (thousands, rest) => {
        const words = `${thousands < 10 ? ones[thousands] : String(thousands)} हज़ार ${rest === 0 ? '' : String(rest)}`
        expect(parseNumberWords(words)).toBe(thousands * 1000 + rest)
      }),
    )
  })

  it('reads digits said one by one, with double and triple', () => {
    expect(spokenDigits('nine eight seven six five four three two one zero')).toBe('9876543210')
    expect(spokenDigits('nine eight double five triple zero one two')).toBe('98550001' + '2')
    expect(spokenDigits('नौ आठ सात छह')).toBe('9876')
    expect(spokenDigits('plus nine one nine eight')).toBe('+9198')
    expect(spokenDigits('98765 43210')).toBe('9876543210')
    expect(spokenDigits('nine eight apples')).toBeNull()
    expect(spokenDigits('double')).toBeNull()
  })
})

describe('dictation', () => {
  it('joins Indian English email dictation', () => {
    expect(dictatedEmail('rahul at the rate gmail dot com')).toBe('rahul@gmail.com')
    expect(dictatedEmail('rahul dot sharma nine eight at the rate of yahoo dot co dot in')).toBe(
      'rahul.sharma98@yahoo.co.in',
    )
    expect(dictatedEmail('priya underscore k at gmail dot com')).toBe('priya_k@gmail.com')
    expect(dictatedEmail('राहुल एट द रेट जीमेल डॉट कॉम')).toBeNull() // not an ASCII address: never written
    expect(dictatedEmail('asha@example.com')).toBe('asha@example.com')
    expect(dictatedEmail('call me at noon')).toBeNull()
  })

  it('joins web addresses and makes a bare host absolute for url inputs', () => {
    expect(dictatedUrl('www dot example dot in slash contact', true)).toBe('https://www.example.in/contact')
    expect(dictatedUrl('example.com', true)).toBe('https://example.com')
    expect(dictatedUrl('example dot com', false)).toBe('example.com')
    expect(dictatedUrl('not a url at all', true)).toBeNull()
  })

  it('leaves text without a symbol word as said', () => {
    expect(joinDictation('hello there')).toBe('hello there')
  })
})

describe('month names of the languages of India', () => {
  it('never names two months with one word', () => {
    const seen = new Map<string, number>()
    for (const names of Object.values(MONTH_NAMES))
      names.forEach((alternatives, i) => {
        for (const w of alternatives.split(' ')) {
          const key = scriptFold(w)
          if (seen.has(key)) expect([key, seen.get(key)]).toEqual([key, i + 1])
          seen.set(key, i + 1)
        }
      })
  })

  it('reads dates with month names and digits of each script', () => {
    expect(parseSpokenDate('१५ अगस्त २०२७')).toEqual({ year: 2027, month: 8, day: 15 })
    expect(parseSpokenDate('১৫ আগস্ট ২০২৭')).toEqual({ year: 2027, month: 8, day: 15 })
    expect(parseSpokenDate('15 ஆகஸ்ட் 2027')).toEqual({ year: 2027, month: 8, day: 15 })
    expect(parseSpokenDate('౧౫ ఆగస్టు ౨౦౨౭')).toEqual({ year: 2027, month: 8, day: 15 })
    expect(parseSpokenDate('૧૫ ઑગસ્ટ ૨૦૨૭')).toEqual({ year: 2027, month: 8, day: 15 })
    expect(parseSpokenDate('۱۵ اگست ۲۰۲۷')).toEqual({ year: 2027, month: 8, day: 15 })
    expect(parseSpokenDate('31 फरवरी 2027')).toBeNull()
    expect(monthOfWord('फ़रवरी')).toBe(2)
    expect(monthOfWord('फरवरी')).toBe(2)
  })

  it('reads a date in Hindi words', () => {
    expect(parseSpokenDate('पंद्रह अगस्त दो हज़ार सत्ताईस')).toEqual({ year: 2027, month: 8, day: 15 })
    expect(parseSpokenDate('इकतीस मार्च उन्नीस सौ अस्सी')).toEqual({ year: 1980, month: 3, day: 31 })
    expect(dateInputValue('date', 'पंद्रह अगस्त दो हज़ार सत्ताईस को')).toBe('2027-08-15')
  })

  it('reads a numeric date day first unless the page is en-US', () => {
    expect(dateInputValue('date', '०३/०४/२०२७')).toBe('2027-04-03')
    expect(dateInputValue('date', '03/04/2027', true)).toBe('2027-03-04')
  })
})

describe('a value is converted, then checked against the field; nothing cut short', () => {
  it('writes native digits into tel, number and numeric text fields as ASCII', () => {
    expect(fieldValueFor(input({ type: 'tel', maxlength: '10' }), '९८७६५४३२१०', 'मोबाइल')).toEqual({
      ok: true,
      value: '9876543210',
    })
    expect(fieldValueFor(input({ type: 'number', min: '1', max: '6' }), 'तीन', 'यात्री')).toEqual({
      ok: true,
      value: '3',
    })
    expect(fieldValueFor(input({ type: 'number' }), '১,২৫,০০০', 'Amount')).toEqual({ ok: true, value: '125000' })
    expect(fieldValueFor(input({ inputmode: 'numeric', maxlength: '6' }), '௬௪௧௦௧௮', 'PIN')).toEqual({
      ok: true,
      value: '641018',
    })
    expect(fieldValueFor(input({ type: 'text' }), '११०००१', 'पिन कोड')).toEqual({ ok: true, value: '110001' })
    // Text with letters keeps its digits as written (an address in Hindi).
    expect(fieldValueFor(input({ type: 'text' }), 'मकान ४२', 'पता')).toEqual({ ok: true, value: 'मकान ४२' })
  })

  it('joins digits said one by one into one number; keeps groups said as groups', () => {
    expect(fieldValueFor(input({ inputmode: 'numeric' }), '9 4 1 1 0', 'ZIP code')).toEqual({
      ok: true,
      value: '94110',
    })
    expect(fieldValueFor(input({ type: 'tel' }), '98765 43210', 'Mobile')).toEqual({ ok: true, value: '98765 43210' })
  })

  it('refuses a value the field would cut short, with the reason', () => {
    const r = fieldValueFor(input({ type: 'tel', maxlength: '10' }), '+91 98765 43210', 'Mobile')
    expect(r.ok).toBe(false)
    expect(!r.ok && r.detail).toContain('at most 10 characters')
    const aadhaar = fieldValueFor(input({ inputmode: 'numeric', maxlength: '12' }), '१२३४ ५६७८ ९०१२ ३४', 'आधार')
    expect(aadhaar.ok).toBe(false)
  })

  it('refuses "nine eight" in a mobile field that asks for ten digits', () => {
    const mobile = input({ type: 'tel', maxlength: '10', pattern: '[6-9][0-9]{9}', title: '10 अंकों का मोबाइल नंबर' })
    const r = fieldValueFor(mobile, 'nine eight', 'मोबाइल नंबर')
    expect(r).toEqual({ ok: false, detail: expect.stringContaining('it asks for: 10 अंकों का मोबाइल नंबर') })
    expect(fieldValueFor(mobile, 'nine eight seven six five four three two one zero', 'मोबाइल नंबर')).toEqual({
      ok: true,
      value: '9876543210',
    })
    expect(fieldValueFor(mobile, 'double nine eight seven six five four three two one', 'm')).toEqual({
      ok: true,
      value: '9987654321',
    })
  })

  it('refuses numbers outside min/max/step and words that are no number', () => {
    expect(fieldValueFor(input({ type: 'number', min: '1', max: '6' }), 'नौ', 'यात्री').ok).toBe(false)
    expect(fieldValueFor(input({ type: 'number', step: '2' }), '3', 'Pairs').ok).toBe(false)
    expect(fieldValueFor(input({ type: 'number' }), 'many', 'Qty')).toEqual({
      ok: false,
      detail: expect.stringContaining('takes a number'),
    })
  })

  it('dictated email and url; an email that is no address is refused', () => {
    expect(fieldValueFor(input({ type: 'email' }), 'rahul at the rate gmail dot com', 'Email')).toEqual({
      ok: true,
      value: 'rahul@gmail.com',
    })
    expect(fieldValueFor(input({ type: 'email' }), 'rahul at the rate', 'Email').ok).toBe(false)
    expect(fieldValueFor(input({ type: 'url' }), 'example dot com', 'Website')).toEqual({
      ok: true,
      value: 'https://example.com',
    })
  })

  it('keeps a phone number as said when the field takes it (spaces and all)', () => {
    expect(fieldValueFor(input({ type: 'tel' }), '07700 900 982', 'Phone')).toEqual({
      ok: true,
      value: '07700 900 982',
    })
    expect(fieldValueFor(input({ type: 'tel', maxlength: '11' }), '07700 900 982', 'Phone')).toEqual({
      ok: true,
      value: '07700900982',
    })
  })

  it('never writes a value longer than maxlength, nor the words said into a digits field (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.string({ maxLength: 30 }),
        fc.constantFrom('tel', 'text', 'email', 'search'),
        (max, said, type) => {
          const el = input({ type, maxlength: String(max) })
          const r = fieldValueFor(el, said, 'Field')
          if (r.ok) {
            expect(r.value.length).toBeLessThanOrEqual(max)
            if (type === 'tel') expect(r.value).not.toMatch(/\p{L}/u)
          }
        },
      ),
    )
  })

  it('reads quantities in any script as numbers', () => {
    expect(spokenNumber('দুই')).toBe(2)
    expect(spokenNumber('forty two')).toBe(42)
    expect(spokenNumber('৪২')).toBe(42)
  })
})
