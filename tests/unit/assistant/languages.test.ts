/**
 * The assistant in the page's language (src/voice/assistant/languages.ts, overrides.ts): every language's
 * transcriber and voice validated with ajv against the vendored OpenAPI document's `AssistantOverrides`, the
 * fallbacks stated in the README, and `npm run assistant -- create --languages … --dry-run` for every language.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runAssistantCommand } from '../../../scripts/assistant'
import { LANGUAGE_PLANS } from '../../../src/voice/assistant/languages'
import { languageOverrides, withLanguage } from '../../../src/voice/assistant/overrides'
import { TRANSCRIBER_LANGUAGES, unlistedRoutes } from '../../../src/voice/assistant/providerLanguages'
import { ALL_LANGUAGES } from '../../../src/voice/widget/languages'
import { bodyValidator, componentValidator } from '../platform/schema'

const overridesSchema = componentValidator('AssistantOverrides')
const createSchema = bodyValidator('POST', '/assistant')!
const readme = readFileSync(resolve(__dirname, '../../../src/voice/assistant/README.md'), 'utf8')

describe('the language table', () => {
  it('covers the 24 languages', () => {
    expect(Object.keys(LANGUAGE_PLANS).sort()).toEqual([...ALL_LANGUAGES].sort())
  })

  it.each(ALL_LANGUAGES)('%s: the overrides validate against AssistantOverrides', (lang) => {
    const o = languageOverrides(lang, 'नमस्ते')
    const ok = overridesSchema(o)
    expect(overridesSchema.errors ?? [], JSON.stringify(o)).toEqual([])
    expect(ok).toBe(true)
  })

  it('the schema refuses what the platform would (a transcriber language its provider lacks, no voice id)', () => {
    expect(overridesSchema({ transcriber: { provider: 'soniox', model: 'stt-rt-v4', language: 'brx' } })).toBe(false)
    expect(overridesSchema({ transcriber: { provider: 'soniox', model: 'stt-rt-v9', language: 'hi' } })).toBe(false)
    expect(overridesSchema({ voice: { provider: 'azure' } })).toBe(false)
  })

  it('every language is transcribed as itself or has a stated fallback, which the README repeats', () => {
    for (const lang of ALL_LANGUAGES) {
      const plan = LANGUAGE_PLANS[lang]
      const own = lang.split('-')[0]!
      const asItself = !plan.transcriber || plan.transcriber.language === own || plan.transcriber.language === 'multi'
      const voiceOwn = !plan.voice || plan.voice.voiceId.startsWith(`${own}-`)
      if (!asItself || !voiceOwn) {
        expect(plan.fallback, lang).toBeTruthy()
        expect(readme, `README names the ${plan.name} fallback`).toContain(`| \`${lang}\` |`)
      }
    }
  })

  it('no language is routed to a transcriber whose vendored published list lacks it', () => {
    expect(unlistedRoutes(LANGUAGE_PLANS)).toEqual([])
    for (const lang of ALL_LANGUAGES) {
      const t = LANGUAGE_PLANS[lang].transcriber
      if (t)
        expect(TRANSCRIBER_LANGUAGES[t.provider].languages, `${lang} → ${t.provider} ${t.language}`).toContain(
          t.language,
        )
    }
  })

  it('the check fails on a language its provider does not list (Soniox lists no Nepali, Odia, Sanskrit…)', () => {
    const routed = (language: string) => ({ transcriber: { provider: 'soniox', model: 'stt-rt-v4', language } })
    expect(unlistedRoutes({ ne: routed('ne'), or: routed('or'), ta: routed('ta') })).toEqual([
      { lang: 'ne', provider: 'soniox', language: 'ne' },
      { lang: 'or', provider: 'soniox', language: 'or' },
    ])
    // The document itself accepts them: only the vendored list catches it.
    expect(overridesSchema(routed('ne'))).toBe(true)
  })

  it('each vendored list names its source and the date it was read', () => {
    for (const list of Object.values(TRANSCRIBER_LANGUAGES)) {
      expect(list.source).toMatch(/https:\/\//)
      expect(list.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(list.languages.length).toBeGreaterThan(0)
    }
    expect([...TRANSCRIBER_LANGUAGES.soniox.languages].sort()).toEqual(
      ['bn', 'gu', 'hi', 'kn', 'ml', 'mr', 'pa', 'ta', 'te', 'ur'].sort(),
    )
  })

  it('Hinglish uses a code-switching transcriber (Deepgram multi)', () => {
    expect(LANGUAGE_PLANS['hi-Latn'].transcriber).toEqual({ provider: 'deepgram', model: 'nova-3', language: 'multi' })
  })

  it('English keeps the assistant’s own transcriber and voice; every language gets {{language}}', () => {
    expect(languageOverrides('en', 'Hello')).toEqual({
      variableValues: { language: 'English, written in Latin script' },
    })
    expect(languageOverrides('ta', 'வணக்கம்')).toMatchObject({
      transcriber: { provider: 'soniox', language: 'ta' },
      voice: { provider: 'azure', voiceId: 'ta-IN-PallaviNeural' },
      firstMessage: 'வணக்கம்',
      variableValues: { language: 'Tamil, written in Tamil script' },
    })
    expect(languageOverrides('ta', '  ')).not.toHaveProperty('firstMessage')
  })

  it('withLanguage merges variables, the call’s own winning', () => {
    expect(
      withLanguage({ variableValues: { sessionId: 's', url: 'u' } }, languageOverrides('hi', 'नमस्ते')),
    ).toMatchObject({
      transcriber: { language: 'hi' },
      variableValues: { sessionId: 's', url: 'u', language: 'Hindi, written in Devanagari script' },
    })
    expect(withLanguage({ variableValues: { a: 1 } }, null)).toEqual({ variableValues: { a: 1 } })
  })
})

async function run(argv: string[]) {
  const stdout: string[] = []
  const stderr: string[] = []
  const code = await runAssistantCommand(argv, {
    env: {},
    stdout: (l) => stdout.push(l),
    stderr: (l) => stderr.push(l),
  })
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') }
}

describe('npm run assistant -- create --languages', () => {
  it('--dry-run for every language: the body is a valid CreateAssistantDTO and each language’s overrides are valid', async () => {
    const r = await run(['create', '--dry-run', '--languages', ALL_LANGUAGES.join(',')])
    expect(r.code).toBe(0)
    const [head, rest] = r.stdout.split('\nassistantOverrides per language (sent by the widget at each press):\n')
    const body = JSON.parse(head!.slice(head!.indexOf('{')))
    expect(createSchema(body), JSON.stringify(createSchema.errors)).toBe(true)
    // The first language (English) leaves the assistant's own transcriber and voice alone.
    expect(body).not.toHaveProperty('transcriber')
    const perLanguage = JSON.parse(rest!.slice(0, rest!.indexOf('\n}\n') + 2)) as Record<string, unknown>
    expect(Object.keys(perLanguage)).toEqual([...ALL_LANGUAGES])
    for (const [lang, o] of Object.entries(perLanguage))
      expect(overridesSchema(o), `${lang}: ${JSON.stringify(overridesSchema.errors)}`).toBe(true)
    // What each language uses, and the fallbacks, in words.
    expect(r.stdout).toMatch(
      / {2}ta {6}Tamil: listens with soniox stt-rt-v4 \(ta\), speaks with azure ta-IN-PallaviNeural/,
    )
    expect(r.stdout).toMatch(
      /mai {5}Maithili: listens with soniox stt-rt-v4 \(hi\)[^\n]*\n {10}not supported — [^\n]*\n {10}fallback — Hindi/,
    )
    expect(r.stdout).toContain('hi-Latn Hinglish')
  })

  it('the first language is the assistant’s own transcriber and voice', async () => {
    const r = await run(['create', '--dry-run', '--languages', 'ta-IN,hi'])
    expect(r.code).toBe(0)
    const body = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'), r.stdout.indexOf('\n}\n') + 2))
    expect(body.transcriber).toEqual({ provider: 'soniox', model: 'stt-rt-v4', language: 'ta' })
    expect(body.voice).toEqual({ provider: 'azure', voiceId: 'ta-IN-PallaviNeural' })
    expect(createSchema(body)).toBe(true)
  })

  it('says plainly which languages no configured transcriber supports, and what each falls back to', async () => {
    const r = await run(['create', '--dry-run', '--languages', 'ta,or,ne,as,sa,sd,ks'])
    expect(r.code).toBe(0)
    expect(r.stdout).not.toMatch(/ta {6}Tamil[^\n]*\n {10}not supported/)
    for (const [name, instead, code] of [
      ['Odia', 'Bengali', 'bn'],
      ['Nepali', 'Hindi', 'hi'],
      ['Assamese', 'Bengali', 'bn'],
      ['Sanskrit', 'Hindi', 'hi'],
      ['Sindhi', 'Urdu', 'ur'],
      ['Kashmiri', 'Urdu', 'ur'],
    ])
      expect(r.stdout).toContain(
        `not supported — no configured transcriber (soniox, deepgram) lists ${name}: it falls back to ${instead} (soniox stt-rt-v4, ${code})`,
      )
  })

  it('an unknown language is a usage error that lists the known ones, and nothing is sent', async () => {
    const r = await run(['create', '--dry-run', '--languages', 'hi,fr'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--languages: "fr" is not a language VoiceOS speaks')
    expect(r.stdout).toBe('')
    expect((await run(['create', '--dry-run', '--languages', ' , '])).code).toBe(2)
  })
})
