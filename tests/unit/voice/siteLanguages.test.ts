// @vitest-environment happy-dom
/**
 * The site's own widget in the visitor's language (src/voice/widget/site.ts, ./siteLanguages.ts): the switch
 * offers the 24 widget languages, a choice is remembered on the origin and outlives the page's language, the
 * widget mounts in a remembered language, and the press sends that language's overrides as the embed does.
 */
import { afterEach, describe, expect, it } from 'vitest'
import en from '../../../locales/en/voice.json'
import ta from '../../../locales/ta/voice.json'
import ur from '../../../locales/ur/voice.json'
import { readSiteConfig } from '../../../src/config/site'
import { languageOverrides } from '../../../src/voice/assistant/overrides'
import { SCRIPTED_START_EVENT } from '../../../src/voice/session/scriptedEngine'
import { LANGUAGE_STORAGE_KEY, WIDGET_LANGUAGES } from '../../../src/voice/widget/languages'
import { followPageLanguage, mountSiteVoiceWidget, unmountSiteVoiceWidget } from '../../../src/voice/widget/site'

const scripted = { ...readSiteConfig({}), voiceEngine: 'scripted' as const }

afterEach(() => {
  unmountSiteVoiceWidget()
  localStorage.clear()
  document.body.replaceChildren()
})

const parts = (shadow: ShadowRoot) => ({
  root: shadow.querySelector<HTMLElement>('[data-testid="voice-widget"]')!,
  mic: shadow.querySelector<HTMLButtonElement>('[data-testid="voice-mic"]')!,
  button: () => shadow.querySelector<HTMLButtonElement>('[data-testid="voice-language"]'),
  item: (lang: string) => shadow.querySelector<HTMLButtonElement>(`[role="menuitemradio"][data-lang="${lang}"]`),
})

describe("the site's widget in the visitor's language", () => {
  it('offers all 24 languages from its first frame; a choice redraws it, is remembered and outlives the page language', async () => {
    const w = await mountSiteVoiceWidget({ lng: 'en', theme: 'light', config: scripted })
    const $ = parts(w.shadowRoot)
    expect($.root.getAttribute('lang')).toBe('en')
    // In the widget as it mounts: added later it would shift the layout.
    expect($.button()).not.toBeNull()
    expect($.button()!.getAttribute('aria-label')).toBe('Language: English')
    const offered = [...w.shadowRoot.querySelectorAll('[role="menuitemradio"]')].map((i) => i.getAttribute('data-lang'))
    expect(offered).toEqual([...WIDGET_LANGUAGES])
    $.item('ta')!.click()
    await expect.poll(() => $.root.getAttribute('lang')).toBe('ta')
    expect($.mic.getAttribute('aria-label')).toBe(ta.widget.start)
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ta')
    // The page's language changing (the app after hydration, a client-side navigation) keeps the visitor's.
    followPageLanguage(en, 'en')
    expect($.root.getAttribute('lang')).toBe('ta')
  })

  it('follows the page language until the visitor chooses', async () => {
    const w = await mountSiteVoiceWidget({ lng: 'en', theme: 'light', config: scripted })
    followPageLanguage(ta, 'ta')
    expect(parts(w.shadowRoot).root.getAttribute('lang')).toBe('ta')
  })

  it('mounts in the language remembered on the origin (right to left for Urdu), else the page language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ur')
    const w = await mountSiteVoiceWidget({ lng: 'en', theme: 'dark', config: scripted })
    const $ = parts(w.shadowRoot)
    expect($.root.getAttribute('lang')).toBe('ur')
    expect($.root.getAttribute('dir')).toBe('rtl')
    expect($.mic.getAttribute('aria-label')).toBe(ur.widget.start)
    unmountSiteVoiceWidget()
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'x-klingon')
    const again = await mountSiteVoiceWidget({ lng: 'hi', theme: 'dark', config: scripted })
    expect(parts(again.shadowRoot).root.getAttribute('lang')).toBe('hi')
  })

  it("the press sends the chosen language's overrides, the same the embed sends", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ta')
    const starts: { overrides: Record<string, unknown> }[] = []
    const onStart = (e: Event) => starts.push((e as CustomEvent).detail)
    window.addEventListener(SCRIPTED_START_EVENT, onStart)
    try {
      const w = await mountSiteVoiceWidget({ lng: 'en', theme: 'light', config: scripted })
      const $ = parts(w.shadowRoot)
      $.mic.click() // the consent notice first
      const accept = [...w.shadowRoot.querySelectorAll('button')].find(
        (b) => b.textContent === ta.widget.consent.accept,
      )
      accept!.click()
      await expect.poll(() => starts.length, { timeout: 5000 }).toBe(1)
      const expected = languageOverrides('ta', ta.widget.greeting)
      expect(expected.transcriber).toBeDefined()
      expect(starts[0]!.overrides).toEqual({
        ...expected,
        variableValues: { ...expected.variableValues, sessionId: expect.any(String), url: expect.any(String) },
      })
    } finally {
      window.removeEventListener(SCRIPTED_START_EVENT, onStart)
    }
  })
})
