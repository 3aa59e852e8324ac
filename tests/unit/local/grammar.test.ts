import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GRAMMAR_LANGUAGES, loadGrammar } from '../../../src/voice/local/grammarTables'
import {
  normalizeUtterance,
  parseUtterance,
  prepareGrammar,
  type GrammarTable,
  type Intent,
} from '../../../src/voice/local/grammar'
import { VoiceCommandMessageSchema } from '../../../src/voice/commands/schema'
import { fieldValueFor } from '../../../src/voice/commands/values/fieldValue'

const dir = join(__dirname, '../../../src/voice/local/grammar')
const tables: GrammarTable[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as GrammarTable)

/** An intent in the flat shape the tables' `means` use. */
const flat = (i: Intent | null): Record<string, string> | null =>
  i === null ? null : i.intent === 'command' ? { ...i.command } : { ...i }

describe('grammar tables', () => {
  it('ship a table for every language the widget speaks (locales/), Hinglish included', () => {
    const widget = readdirSync(join(__dirname, '../../../locales'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
    expect(widget.length).toBeGreaterThanOrEqual(24)
    expect([...GRAMMAR_LANGUAGES].sort()).toEqual(widget.sort())
    expect(tables.map((t) => t.lang).sort()).toEqual([...GRAMMAR_LANGUAGES].sort())
  })

  for (const table of tables) {
    describe(table.lang, () => {
      const examples = table.rules.flatMap((r) => (r.examples ?? []).map((e) => ({ rule: r, ...e })))
      it('every rule has at least one example', () => {
        for (const rule of table.rules)
          expect(rule.examples?.length, JSON.stringify(rule).slice(0, 80)).toBeGreaterThan(0)
      })
      it.each(examples.map((e) => [e.say, e] as const))('"%s" parses to its command', (_say, e) => {
        expect(flat(parseUtterance(e.say, table))).toEqual(e.means)
      })
      it('every example command is a valid voice command (SPEC §3 schema)', () => {
        for (const e of examples) {
          const parsed = parseUtterance(e.say, table)
          if (parsed?.intent !== 'command') continue
          const r = VoiceCommandMessageSchema.safeParse(parsed.command)
          expect(r.success, e.say).toBe(true)
        }
      })
      it('every phrase of every rule parses to its rule', () => {
        for (const rule of table.rules) {
          for (const phrase of rule.phrases ?? []) {
            const first = phrase.replace(/\[([^\]|]+)[^\]]*\]/g, '$1') // the first word of each choice
            const parsed = parseUtterance(first, table)
            expect(parsed, phrase).not.toBeNull()
            const got = parsed!.intent === 'command' ? parsed!.command.action : parsed!.intent
            expect(got, phrase).toBe(rule.intent)
            if (rule.direction && parsed!.intent === 'command')
              expect(parsed!.command.direction, phrase).toBe(rule.direction)
          }
        }
      })
      it('says where it came from (machine-drafted tables await native review)', () => {
        if (table.lang !== 'en') expect((table as { _provenance?: string })._provenance).toMatch(/review/)
      })
      it('answers name every placeholder the conversation fills', () => {
        expect(table.answers.notUnderstood).toContain('{examples}')
        expect(table.answers.help).toContain('{examples}')
        expect(table.answers.noField).toContain('{name}')
        expect(table.answers.noField).toContain('{list}')
        for (const key of [
          'scroll.down',
          'scroll.up',
          'scroll.top',
          'scroll.bottom',
          'click',
          'fill',
          'toggle',
          'toggle.on',
          'toggle.off',
        ])
          expect(table.answers.done[key], key).toBeTruthy()
      })
    })
  }
})

describe('parseUtterance (English)', () => {
  const en = tables.find((t) => t.lang === 'en')!
  it('reads what it does not know as null, never throwing', () => {
    expect(parseUtterance('the weather is nice today', en)).toBeNull()
    expect(parseUtterance('', en)).toBeNull()
    expect(parseUtterance('   ...  ', en)).toBeNull()
    expect(parseUtterance('x'.repeat(10_000), en)).toBeNull()
  })
  it('drops polite words at either end and the final punctuation', () => {
    expect(normalizeUtterance('OK, please scroll down, thank you.', en)).toBe('scroll down')
  })
  it('keeps a value as said (the executor reads dates and numbers itself)', () => {
    expect(flat(parseUtterance('set the date to 12 March 2027', en))).toEqual({
      action: 'fill',
      fieldHint: 'date',
      value: '12 March 2027',
    })
  })
  it('marks a page request as a navigation', () => {
    expect(parseUtterance('go to the pricing page', en)).toMatchObject({ via: 'navigate' })
    expect(parseUtterance('click pricing', en)).toMatchObject({ via: 'say' })
  })
  it('loads the table of a regional tag, and English for a language without one', async () => {
    expect((await loadGrammar('hi-IN')).lang).toBe('hi')
    expect((await loadGrammar('xx')).lang).toBe('en')
  })
})

describe('values: the grammar hands them on as said, the one value converter writes them', () => {
  const hi = tables.find((t) => t.lang === 'hi')!
  const en = tables.find((t) => t.lang === 'en')!
  /** An `<input>` as the converter reads it (its attributes). */
  const input = (attrs: Record<string, string>) =>
    ({
      localName: 'input',
      getAttribute: (n: string) => attrs[n] ?? null,
      hasAttribute: (n: string) => n in attrs,
    }) as unknown as HTMLInputElement
  it('a Hindi email dictation: "at the rate" is read before "at" (src/voice/commands/values/dictation.ts)', () => {
    const said = flat(parseUtterance('ईमेल में rahul at the rate gmail dot com डालो', hi))
    expect(said).toEqual({ action: 'fill', fieldHint: 'ईमेल', value: 'rahul at the rate gmail dot com' })
    expect(fieldValueFor(input({ type: 'email' }), said!.value!, 'ईमेल')).toEqual({ ok: true, value: 'rahul@gmail.com' })
  })
  it('a text field that asks for an email (autocomplete, inputmode) takes the dictated address too', () => {
    const said = flat(parseUtterance('fill email with ada dot lovelace at example dot com', en))!.value!
    expect(fieldValueFor(input({ type: 'text', autocomplete: 'email' }), said, 'Email')).toEqual({
      ok: true,
      value: 'ada.lovelace@example.com',
    })
    expect(fieldValueFor(input({ type: 'text', inputmode: 'email' }), said, 'Email')).toEqual({
      ok: true,
      value: 'ada.lovelace@example.com',
    })
    // Words that dictate no address are written as said.
    expect(fieldValueFor(input({ type: 'text', autocomplete: 'email' }), 'see you at noon', 'Email')).toEqual({
      ok: true,
      value: 'see you at noon',
    })
  })
  it('no table carries dictation rules of its own', () => {
    for (const t of tables) {
      expect(Object.keys(t), t.lang).not.toContain('dictation')
      expect(Object.keys(t), t.lang).not.toContain('emailFields')
    }
  })
})

describe('prepareGrammar', () => {
  it('leaves every example reading as it did (a table prepared ahead of the first phrase reads the same)', () => {
    for (const table of tables) {
      const prepared = structuredClone(table)
      prepareGrammar(prepared)
      for (const e of table.rules.flatMap((r) => r.examples ?? []))
        expect(flat(parseUtterance(e.say, prepared)), `${table.lang}: ${e.say}`).toEqual(
          flat(parseUtterance(e.say, table)),
        )
    }
  })
})
