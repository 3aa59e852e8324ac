// @vitest-environment happy-dom
/**
 * The widget's language switch (src/voice/widget/languageSwitch.ts): the WAI-ARIA menu button pattern with
 * `menuitemradio` items, each language under its own name; offered only when the embed passes one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import hi from '../../../locales/hi/voice.json'
import ta from '../../../locales/ta/voice.json'
import ur from '../../../locales/ur/voice.json'
import { ScriptedVoiceEngine } from '../../../src/voice/session/scriptedEngine'
import { mountVoiceWidget, type VoiceCopy, type VoiceWidgetHandle } from '../../../src/voice/widget'
import { languageSwitch } from '../../../src/voice/widget/languageSwitch'

const COPIES: Record<string, VoiceCopy> = { hi, ta, ur }

let widget: VoiceWidgetHandle | null = null
afterEach(() => {
  widget?.destroy()
  widget = null
  document.body.replaceChildren()
})

function mount(lang: string, languages: readonly string[] | null, onChoose = vi.fn()) {
  const host = document.createElement('div')
  document.body.append(host)
  const w = mountVoiceWidget(host, {
    copy: COPIES[lang]!,
    lang,
    configured: true,
    createEngine: () => new ScriptedVoiceEngine({ script: [{ at: 0, event: 'call-start', args: [] }] }),
    assistantId: 'asst_1',
    realtime: null,
    theme: 'light',
    logger: { info() {}, warn() {}, error() {} },
    ...(languages && {
      languageSwitch: languageSwitch({
        languages,
        choose: (next) => {
          onChoose(next)
          w.setCopy(COPIES[next]!, next)
        },
      }),
    }),
  })
  widget = w
  const $ = <T extends HTMLElement = HTMLElement>(sel: string) => w.shadowRoot.querySelector<T>(sel)
  const button = $<HTMLButtonElement>('[data-testid="voice-language"]')
  const menu = $<HTMLUListElement>('[data-testid="voice-language-menu"]')
  const items = () => [...w.shadowRoot.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]')]
  const focused = () => w.shadowRoot.activeElement as HTMLElement | null
  const key = (target: HTMLElement, k: string) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, composed: true }))
  return { w, button, menu, items, focused, key, onChoose }
}

describe('language switch', () => {
  it('is not there unless the embed offers one', () => {
    const { button, menu } = mount('hi', null)
    expect(button).toBeNull()
    expect(menu).toBeNull()
  })

  it('a menu button named in the language in use; its menu lists each language in its own name and script', () => {
    const { button, menu, items } = mount('hi', ['hi', 'ta', 'ur'])
    expect(button!.getAttribute('aria-label')).toBe('भाषा: हिन्दी')
    expect(button!.getAttribute('aria-haspopup')).toBe('menu')
    expect(button!.getAttribute('aria-expanded')).toBe('false')
    expect(button!.getAttribute('aria-controls')).toBe(menu!.id)
    expect(menu!.hidden).toBe(true)
    expect(menu!.getAttribute('role')).toBe('menu')
    expect(menu!.getAttribute('aria-label')).toBe('भाषा चुनें')
    expect(items().map((i) => [i.textContent, i.lang, i.dir, i.getAttribute('aria-checked')])).toEqual([
      ['हिन्दी', 'hi', 'ltr', 'true'],
      ['தமிழ்', 'ta', 'ltr', 'false'],
      ['اردو', 'ur', 'rtl', 'false'],
    ])
    expect(items().every((i) => i.tabIndex === -1)).toBe(true)
  })

  it('roving tabindex: the focused item alone is a tab stop, so a menu that scrolls holds a focusable element', () => {
    const { button, items, focused, key } = mount('hi', ['hi', 'ta', 'ur'])
    const tabStops = () => items().map((i) => i.tabIndex)
    button!.click()
    expect(focused()).toBe(items()[0])
    expect(tabStops()).toEqual([0, -1, -1])
    key(focused()!, 'ArrowDown')
    expect(focused()).toBe(items()[1])
    expect(tabStops()).toEqual([-1, 0, -1])
    key(focused()!, 'End')
    expect(tabStops()).toEqual([-1, -1, 0])
  })

  it('24 languages: the wide layout takes 3 columns of 8 rows; 10 take 2 of 5; 3 keep one column', () => {
    const rows = (languages: string[]) => {
      const { menu, w } = mount('hi', languages)
      const value = menu!.style.getPropertyValue('--lang-rows')
      w.destroy()
      widget = null
      return value
    }
    const all = ['en', 'hi', 'hi-Latn', 'as', 'bn', 'brx', 'doi', 'gu', 'kn', 'ks', 'kok', 'mai']
    expect(rows([...all, ...all.map((t) => `${t}-x`)])).toBe('8')
    expect(rows(all.slice(0, 10))).toBe('5')
    expect(rows(['hi', 'ta', 'ur'])).toBe('3')
  })

  it('keyboard: open on the language in use, arrows wrap, Home/End, type-ahead; Enter chooses and returns focus', () => {
    const { w, button, menu, items, focused, key, onChoose } = mount('hi', ['hi', 'ta', 'ur'])
    button!.focus()
    button!.click()
    expect(menu!.hidden).toBe(false)
    expect(button!.getAttribute('aria-expanded')).toBe('true')
    expect(focused()).toBe(items()[0])
    key(focused()!, 'ArrowUp')
    expect(focused()).toBe(items()[2])
    key(focused()!, 'ArrowDown')
    expect(focused()).toBe(items()[0])
    key(focused()!, 'End')
    expect(focused()).toBe(items()[2])
    key(focused()!, 'Home')
    expect(focused()).toBe(items()[0])
    key(focused()!, 'த')
    expect(focused()).toBe(items()[1])
    focused()!.click() // Enter and Space on a button click it
    expect(onChoose).toHaveBeenCalledWith('ta')
    expect(menu!.hidden).toBe(true)
    expect(button!.getAttribute('aria-expanded')).toBe('false')
    expect(focused()).toBe(button)
    // The widget redraws in Tamil, its own name in the button, the choice checked.
    expect(w.shadowRoot.querySelector('aside')!.getAttribute('lang')).toBe('ta')
    expect(button!.getAttribute('aria-label')).toBe('மொழி: தமிழ்')
    expect(items().map((i) => i.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false'])
  })

  it('↓ on the button opens the menu; Escape closes it without choosing, and the widget ignores that Escape', () => {
    const { button, menu, items, focused, key, onChoose } = mount('hi', ['hi', 'ta'])
    button!.focus()
    key(button!, 'ArrowDown')
    expect(menu!.hidden).toBe(false)
    expect(focused()).toBe(items()[0])
    key(focused()!, 'Escape')
    expect(menu!.hidden).toBe(true)
    expect(focused()).toBe(button)
    expect(onChoose).not.toHaveBeenCalled()
    key(button!, 'ArrowUp')
    expect(focused()).toBe(items()[1])
  })

  it('choosing the language in use changes nothing; Tab closes the menu', () => {
    const { button, menu, items, focused, key, onChoose } = mount('hi', ['hi', 'ta'])
    button!.click()
    items()[0]!.click()
    expect(onChoose).not.toHaveBeenCalled()
    expect(menu!.hidden).toBe(true)
    button!.click()
    key(focused()!, 'Tab')
    expect(menu!.hidden).toBe(true)
  })

  it('a right-to-left language mirrors the widget; the switch stays out of a call', async () => {
    const { w, button, items } = mount('hi', ['hi', 'ur'])
    button!.click()
    items()[1]!.click()
    expect(w.shadowRoot.querySelector('aside')!.getAttribute('dir')).toBe('rtl')
    expect(button!.getAttribute('aria-label')).toBe('زبان: اردو')
    w.shadowRoot.querySelector<HTMLButtonElement>('[data-testid="voice-mic"]')!.click()
    await vi.waitFor(() => expect(w.state.status).toBe('listening'))
    expect(button!.hidden).toBe(true)
  })
})
