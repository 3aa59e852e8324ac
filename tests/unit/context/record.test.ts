/**
 * The record tag (src/voice/context/record.ts): written as the last line of every message the widget adds, read
 * back by the conversation report; values round-trip, unknown keys and higher versions are read, untagged
 * content is `null` (a message from an older widget).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRecord, RECORD_VERSION, stripRecord, withRecord } from '../../../src/voice/context/record'
import { pageMapMessage, resultMessage } from '../../../src/voice/context/report'

describe('record tag', () => {
  it('is the last line: the first words stay what the assistant and the chat mode key on', () => {
    const content = withRecord('page-map', 'PAGE MAP (…)\nurl: https://shop.example/checkout', {
      path: '/checkout',
      lang: 'en',
      empty: '',
      missing: undefined,
    })
    expect(content).toBe(
      'PAGE MAP (…)\nurl: https://shop.example/checkout\n[voiceos/1 page-map path=/checkout lang=en]',
    )
    expect(parseRecord(content)).toEqual({
      version: RECORD_VERSION,
      kind: 'page-map',
      attrs: { path: '/checkout', lang: 'en' },
      body: 'PAGE MAP (…)\nurl: https://shop.example/checkout',
    })
    expect(stripRecord(content)).toBe('PAGE MAP (…)\nurl: https://shop.example/checkout')
  })

  it('round-trips any value (spaces, brackets, unicode, newlines) and keeps the body intact', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (body, path, lang) => {
        const content = withRecord('result', body, { path, lang })
        const r = parseRecord(content)
        expect(r).not.toBeNull()
        expect(r!.body).toBe(body)
        expect(r!.attrs).toEqual({ ...(path && { path }), ...(lang && { lang }) })
      }),
    )
  })

  it('reads a later version and ignores keys it does not know; untagged or malformed content is null', () => {
    expect(parseRecord('COMMAND RESULT done: x\n[voiceos/3 result outcome=done shape=round]')).toMatchObject({
      version: 3,
      kind: 'result',
      attrs: { outcome: 'done', shape: 'round' },
    })
    expect(parseRecord('COMMAND RESULT done: scrolled down')).toBeNull()
    expect(parseRecord('[voiceos/1 result]')).toBeNull() // not on a line of its own after content
    expect(parseRecord('x\n[voiceos/1 result] trailing')).toBeNull()
    expect(parseRecord('x\n[voiceos/1 result outcome=a b]')).toBeNull()
    expect(parseRecord('x\n[voiceos/1 result bad=%E0%A4%A]')?.attrs).toEqual({ bad: '%E0%A4%A' })
  })

  it('the widget’s messages carry it: page maps with path and language, results with tool and outcome', () => {
    expect(parseRecord(pageMapMessage('PAGE MAP (…)', { path: '/hi/pricing', lang: 'hi' }).message.content)).toEqual(
      expect.objectContaining({ kind: 'page-map', attrs: { path: '/hi/pricing', lang: 'hi' } }),
    )
    const refused = resultMessage(
      { outcome: 'refused', text: 'no field labelled "GSTIN"' },
      { id: 'c1', name: 'fill_field' },
    )
    expect(parseRecord(refused.message.content)?.attrs).toEqual({ tool: 'fill_field', outcome: 'refused' })
  })
})
