// @vitest-environment happy-dom
/**
 * The widget's languages (src/voice/widget/languages.ts): BCP 47 lookup of `data-lang` / `<html lang>`, the
 * visitor's remembered choice, right-to-left scripts, and — for every language — a widget with no English left
 * in any state (idle, the language menu, the consent notice, a call with a transcript, a problem, toasts).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/voice.json'
import enCall from '../../../locales/en/voiceCall.json'
import { VoiceCallError } from '../../../src/voice/engine/errors'
import { ScriptedVoiceEngine } from '../../../src/voice/session/scriptedEngine'
import { mountVoiceWidget, type VoiceCopy } from '../../../src/voice/widget'
import {
  chooseLanguage,
  LANGUAGE_STORAGE_KEY,
  lookupLanguage,
  rememberedLanguage,
  rememberLanguage,
  WIDGET_LANGUAGES,
} from '../../../src/voice/widget/languages'
import { isRtl } from '../../../src/voice/widget/rtl'
import { LANGUAGE_NAMES } from '../../../src/voice/widget/languageNames'
import { languageSwitch } from '../../../src/voice/widget/languageSwitch'

/** The in-call copy of every language, as the embed passes it (src/embed/app.ts). */
const CALL_COPIES = import.meta.glob<unknown>('../../../locales/*/voiceCall.json', { import: 'default' })

const root = join(__dirname, '../../../locales')
const copyOf = (lng: string, file: 'voice' | 'voiceCall') =>
  JSON.parse(readFileSync(join(root, lng, `${file}.json`), 'utf8')) as Record<string, unknown>
const values = (o: unknown, skip = '_provenance'): string[] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    k === skip ? [] : typeof v === 'string' ? [v] : values(v, skip),
  )
/** English sentences of the widget (placeholders cut out), longest first: none may show in another language. */
const ENGLISH = [...new Set([...values(en), ...values(enCall)])]
  .flatMap((s) => s.split(/\{\{\w+\}\}/))
  .map((s) => s.trim())
  .filter((s) => s.length >= 4)
  .sort((a, b) => b.length - a.length)
/** Languages written in Latin script: their copy is checked against English sentences, not for Latin letters. */
const LATIN = new Set(['en', 'hi-Latn'])
/**
 * The English a language must not show: any English string of the widget; for Latin-script Hinglish, which
 * borrows English words ("mic", "chat", "microphone blocked hai"), English phrases of three words or more.
 */
const englishFor = (lang: string) => (LATIN.has(lang) ? ENGLISH.filter((e) => e.split(/\s+/).length >= 3) : ENGLISH)

describe('lookupLanguage: RFC 4647 lookup of a BCP 47 tag', () => {
  it.each([
    ['hi-IN', 'hi'],
    ['pa-Guru-IN', 'pa'],
    ['HI_in', 'hi'],
    ['hi-Latn', 'hi-Latn'],
    ['hi-Latn-IN', 'hi-Latn'],
    ['ur-PK', 'ur'],
    ['en-IN', 'en'],
    ['en', 'en'],
    ['hi-IN-x-private', 'hi'],
  ])('%s → %s', (tag, lang) => {
    if (WIDGET_LANGUAGES.includes(lang as never)) expect(lookupLanguage(tag)).toBe(lang)
  })
  it.each(['fr-FR', '', '   ', 'x-klingon', 'i-default', 'zz'])('%j → null', (tag) => {
    expect(lookupLanguage(tag)).toBeNull()
  })
  it('a non-string is no language', () => {
    expect(lookupLanguage(null)).toBeNull()
    expect(lookupLanguage(undefined)).toBeNull()
  })
  it('every widget language is found as itself and has its own name', () => {
    for (const lang of WIDGET_LANGUAGES) {
      expect(lookupLanguage(lang)).toBe(lang)
      expect(lookupLanguage(`${lang}-IN`)).toBe(lang)
      expect(LANGUAGE_NAMES[lang]).toBeTruthy()
    }
  })
})

describe('chooseLanguage: the visitor’s allowed choice, else data-lang, else <html lang>, else English', () => {
  const first = WIDGET_LANGUAGES.find((l) => l !== 'en' && l !== 'hi') ?? 'hi'
  it('data-lang wins over the page', () => {
    expect(chooseLanguage({ configured: 'hi', pageLang: 'en', allowed: [], remembered: null })).toBe('hi')
  })
  it('the page’s lang by lookup, else English', () => {
    expect(chooseLanguage({ configured: null, pageLang: 'hi-IN', allowed: [], remembered: null })).toBe('hi')
    expect(chooseLanguage({ configured: null, pageLang: 'fr', allowed: [], remembered: null })).toBe('en')
    expect(chooseLanguage({ configured: null, pageLang: null, allowed: [], remembered: null })).toBe('en')
  })
  it('a remembered choice counts only among the allowed languages', () => {
    expect(chooseLanguage({ configured: 'hi', pageLang: 'hi', allowed: ['hi', first], remembered: first })).toBe(first)
    expect(chooseLanguage({ configured: 'hi', pageLang: 'hi', allowed: ['hi'], remembered: first })).toBe('hi')
    expect(chooseLanguage({ configured: 'hi', pageLang: 'hi', allowed: [], remembered: first })).toBe('hi')
  })
  it('remembers per origin in localStorage; junk and blocked storage are no choice', () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY)
    expect(rememberedLanguage()).toBeNull()
    rememberLanguage('hi')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi')
    expect(rememberedLanguage()).toBe('hi')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, '<script>')
    expect(rememberedLanguage()).toBeNull()
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    expect(rememberedLanguage()).toBeNull()
    spy.mockRestore()
  })
  it('Urdu, Kashmiri and Sindhi are right to left, nothing else', () => {
    expect(WIDGET_LANGUAGES.filter((l) => isRtl(l)).sort()).toEqual(
      (['ks', 'sd', 'ur'] as string[]).filter((l) => WIDGET_LANGUAGES.includes(l as never)),
    )
  })
})

describe.each(WIDGET_LANGUAGES.filter((l) => l !== 'en'))('%s: no English in the copy', (lang) => {
  const all = [...values(copyOf(lang, 'voice')), ...values(copyOf(lang, 'voiceCall'))]
  it('no string of the copy is an English sentence of the widget', () => {
    const found = all.flatMap((s) =>
      englishFor(lang)
        .filter((e) => s.includes(e))
        .map((e) => `${e} in ${s}`),
    )
    expect(found).toEqual([])
  })
  it.skipIf(LATIN.has(lang))('no Latin letters outside placeholders', () => {
    const latin = all.filter((s) => /[A-Za-z]/.test(s.replace(/\{\{\w+\}\}/g, '')))
    expect(latin).toEqual([])
  })
})

/** Every text and accessible name in the shadow root: text nodes and the attributes people hear or see. */
function shown(shadow: ShadowRoot): string[] {
  const out: string[] = []
  const walker = document.createTreeWalker(shadow, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT)
  for (let n: Node | null = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      if (n.parentElement?.closest('style')) continue
      const t = n.textContent?.trim()
      if (t) out.push(t)
    } else {
      for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext']) {
        const v = (n as Element).getAttribute(a)?.trim()
        if (v) out.push(v)
      }
    }
  }
  return out
}

describe.each(WIDGET_LANGUAGES.filter((l) => l !== 'en'))('%s: the widget shows no English in any state', (lang) => {
  afterEach(() => {
    document.body.replaceChildren()
    localStorage.clear()
  })
  const copy = copyOf(lang, 'voice') as unknown as VoiceCopy
  /** A sentence the visitor says, in the language (the greeting: the widget prints what it hears). */
  const said = (copy.widget as unknown as { greeting: string }).greeting
  const english = (texts: string[]) => {
    const bad = texts.flatMap((s) =>
      englishFor(lang)
        .filter((e) => s.includes(e))
        .map((e) => `"${e}" in "${s}"`),
    )
    if (!LATIN.has(lang)) bad.push(...texts.filter((s) => /[A-Za-z]/.test(s)))
    return bad
  }

  it('idle, the consent notice, a call with a transcript and a toast, then a problem', async () => {
    let n = 0
    const engine = () =>
      ++n === 1
        ? new ScriptedVoiceEngine({
            script: [
              { at: 0, event: 'call-start', args: [] },
              {
                at: 5,
                event: 'message',
                args: [{ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: said }],
              },
            ],
          })
        : new ScriptedVoiceEngine({
            script: [],
            failStart: true,
            failAfterMs: 1,
            startError: {
              type: 'daily-call-join-error',
              message: 'The microphone is unavailable: NotAllowedError: Permission denied',
              error: new VoiceCallError('daily-call-join-error', 'x', new DOMException('denied', 'NotAllowedError')),
              timestamp: '',
            },
          })
    const host = document.createElement('div')
    document.body.append(host)
    const w = mountVoiceWidget(host, {
      copy,
      lang,
      callCopy: (l: string) => CALL_COPIES[`../../../locales/${l}/voiceCall.json`],
      configured: true,
      createEngine: engine,
      assistantId: 'asst_1',
      realtime: null,
      theme: 'light',
      consent: { required: true },
      consentStorage: null,
      logger: { info() {}, warn() {}, error() {} },
      languageSwitch: languageSwitch({ languages: [lang, lang === 'hi' ? 'ta' : 'hi'], choose() {} }),
    })
    const $ = (id: string) => w.shadowRoot.querySelector<HTMLElement>(`[data-testid="${id}"]`)!
    const aside = w.shadowRoot.querySelector('aside')!
    expect(aside.getAttribute('lang')).toBe(lang)
    expect(aside.getAttribute('dir')).toBe(isRtl(lang) ? 'rtl' : 'ltr')
    expect(english(shown(w.shadowRoot)), 'idle').toEqual([])
    $('voice-language').click()
    expect($('voice-language-menu').hidden).toBe(false)
    expect(english(shown(w.shadowRoot)), 'the language menu').toEqual([])
    $('voice-language').click()

    $('voice-mic').click()
    expect($('voice-consent').hidden).toBe(false)
    expect(english(shown(w.shadowRoot)), 'consent').toEqual([])
    $('voice-consent-primary').click()
    await vi.waitFor(() => expect(w.state.status).toBe('listening'))
    await vi.waitFor(() => expect(w.shadowRoot.textContent).toContain(said))
    await vi.waitFor(() => expect($('voice-log')).not.toBeNull())
    expect(english(shown(w.shadowRoot)), 'in a call').toEqual([])

    $('voice-mic').click() // stop
    await vi.waitFor(() => expect(w.state.status).toBe('idle'))
    $('voice-mic').click() // the second call fails: the microphone is blocked
    await vi.waitFor(() => expect(w.state.problem).toBe('microphoneBlocked'))
    expect(english(shown(w.shadowRoot)), 'a problem').toEqual([])
    w.destroy()
  })
})
