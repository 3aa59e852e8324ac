/**
 * The report in owners' words (scripts/report/words.ts, render.ts): every `Call.endedReason` code of the vendored
 * `openapi/vapi-openapi.json` in plain words, every widget language by name, and the HTML: labels in wrapping
 * HTML (never clipped, at any width), cards for refusals and unanswered questions, one row per problem with its
 * pages, a theme switch that names its action.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseHTML } from 'linkedom'
import { describe, expect, it } from 'vitest'
import { analyze } from '../../../scripts/report/analyze'
import { fromCall, fromChat } from '../../../scripts/report/normalize'
import { renderCsv, renderHtml } from '../../../scripts/report/render'
import { ENDED_REASONS, endedReasonWords, languageName } from '../../../scripts/report/words'
import { ALL_LANGUAGES } from '../../../src/voice/widget/languages'
import { generateConversations } from '../../servers/conversations'

const codes = (
  JSON.parse(readFileSync(resolve(__dirname, '../../../openapi/vapi-openapi.json'), 'utf8')) as {
    components: { schemas: { Call: { properties: { endedReason: { enum: string[] } } } } }
  }
).components.schemas.Call.properties.endedReason.enum

describe('how calls ended, in plain words', () => {
  it(`words all ${codes.length} codes of the document; none is shown raw`, () => {
    for (const code of codes) {
      const words = endedReasonWords(code)
      expect(words, code).not.toContain(code)
      expect(words, code).not.toMatch(/“|[a-z0-9]+-[a-z0-9]+-[a-z0-9]+|\berror-|vapifault|providerfault/)
      expect(words, code).toMatch(/^[A-Z]/)
    }
  })

  it('the table is keyed by codes of the document only', () => {
    for (const code of Object.keys(ENDED_REASONS)) expect(codes, code).toContain(code)
  })

  it('names the part, the provider and the cause of a provider fault', () => {
    expect(endedReasonWords('customer-ended-call')).toBe('The visitor ended the call')
    expect(endedReasonWords('pipeline-error-openai-llm-failed')).toBe('The AI model failed (OpenAI)')
    expect(endedReasonWords('call.in-progress.error-vapifault-soniox-transcriber-auth-failed')).toBe(
      'Speech recognition failed (Soniox): the provider refused the key',
    )
    expect(endedReasonWords('unknown')).toBe('Not recorded')
    expect(endedReasonWords('some-future-code')).toBe('“some-future-code”')
  })
})

describe('languages by name', () => {
  it('every widget language has an English name, not its tag', () => {
    for (const tag of ALL_LANGUAGES) expect(languageName(tag), tag).not.toBe(tag)
    expect(languageName('ta')).toBe('Tamil')
    expect(languageName('unknown')).toBe('Unknown (older widgets)')
  })
})

describe('the HTML in owners’ words', () => {
  const data = generateConversations({ count: 600, seed: 9 })
  const report = analyze([...data.calls.map(fromCall), ...data.chats.map(fromChat)])
  const html = renderHtml(report, { assistantId: 'asst', generatedAt: '2026-11-27T00:00:00Z', personalData: false })
  const { document } = parseHTML(html)
  const figureOf = (title: string) =>
    [...document.querySelectorAll('figure')].find((f) => f.querySelector('figcaption strong')?.textContent === title)!

  it('shows languages and ended reasons in words, in wrapping HTML labels (never clipped inside an SVG)', () => {
    const labels = [...figureOf('How voice calls ended').querySelectorAll('.bar-label')].map((l) => l.textContent)
    expect(labels).toContain('The AI model failed (OpenAI)')
    expect(labels).toContain('The visitor did not allow the microphone')
    expect(labels.join(' ')).not.toMatch(/customer-|pipeline-/)
    const languages = [...figureOf('Languages').querySelectorAll('.bar-label')].map((l) => l.textContent)
    expect(languages).toEqual(expect.arrayContaining(['English', 'Hindi', 'Unknown (older widgets)']))
    // No bar label is SVG text (SVG text does not wrap: a long label is cut at the chart's edge).
    for (const svg of document.querySelectorAll('svg'))
      for (const label of [...labels, ...languages]) expect(svg.textContent).not.toContain(label)
    expect(html).toMatch(/\.bar-label\{overflow-wrap:anywhere/)
    // The platform's code stays in the data table, beside the words.
    expect(figureOf('How voice calls ended').querySelector('details table')!.textContent).toContain(
      'pipeline-error-openai-llm-failed',
    )
  })

  it('has cards for refused commands and unanswered questions', () => {
    const cards = Object.fromEntries(
      [...document.querySelectorAll('.cards li')].map((li) => [
        li.querySelector('span')!.textContent,
        li.querySelector('strong')!.textContent,
      ]),
    )
    expect(cards['Commands refused']).toBe(report.problems.refused.toLocaleString('en-US'))
    expect(cards['Questions unanswered']).toBe(report.problems.unanswered.toLocaleString('en-US'))
    expect(report.problems.refused).toBeGreaterThan(0)
  })

  it('one row per problem, with its pages', () => {
    const table = document.querySelector('section[aria-labelledby=fix] table')!
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    )
    const gstin = rows.filter((r) => r[0] === 'no field labelled "GSTIN"')
    expect(gstin).toHaveLength(1)
    expect(gstin[0]![3]).toMatch(/^\/([a-z]{2}\/)?checkout \(\d+\)(, \/([a-z]{2}\/)?checkout \(\d+\))+$/)
    expect(renderCsv(report)['fixes.csv']!.split('\r\n')[0]).toBe('reason,kind,times,pages')
  })

  it('the theme switch names its action, and the script keeps it right', () => {
    expect(document.getElementById('theme')!.textContent).toBe('Switch to dark theme')
    expect(document.getElementById('theme')!.hasAttribute('aria-pressed')).toBe(false)
    expect(html).toContain("b.textContent=dark()?'Switch to light theme':'Switch to dark theme'")
  })
})
