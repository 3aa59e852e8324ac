// @vitest-environment happy-dom
/**
 * Consent before the first call (src/voice/widget/consent.ts, consentDialog.ts): remembered per origin under the
 * notice's version, withdrawn from the widget, asked again when the terms change or storage is unavailable; and
 * the gate in the mounted widget: before Accept the factory's `prestart` (POST /call/web + getUserMedia) and the
 * engine are never reached, Cancel and Escape send nothing, a handed-over call needs no second acceptance.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import en from '../../../locales/en/voice.json'
import hi from '../../../locales/hi/voice.json'
import type { PendingStart } from '../../../src/voice/engine/prestart'
import { ScriptedVoiceEngine } from '../../../src/voice/session/scriptedEngine'
import {
  CONSENT_STORAGE_KEY,
  consentNeeded,
  consentVersion,
  createConsentStore,
} from '../../../src/voice/widget/consent'
import { mountVoiceWidget, type EngineFactory, type VoiceWidgetHandle } from '../../../src/voice/widget'

/** An in-memory `Storage` (what `localStorage` is, per origin). */
function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  }
}

/** A storage that throws on every access (blocked storage, a sandboxed frame). */
const throwingStorage = (): Storage =>
  new Proxy({} as Storage, {
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    },
  })

describe('remembered consent', () => {
  const version = consentVersion({})

  it('is not accepted at first; accepting stores { version, acceptedAt } and a second store on the same origin reads it', () => {
    const storage = memoryStorage()
    const a = createConsentStore({ version, storage, now: () => 1_700_000_000_000 })
    expect(a.persistent).toBe(true)
    expect(a.isAccepted()).toBe(false)
    a.accept()
    expect(JSON.parse(storage.data.get(CONSENT_STORAGE_KEY)!)).toEqual({ version, acceptedAt: 1_700_000_000_000 })
    // the next page load of the same origin
    expect(createConsentStore({ version, storage }).isAccepted()).toBe(true)
    expect(storage.data.size).toBe(1) // the availability probe leaves nothing behind
  })

  it('withdrawing forgets it, also for a store created before (another tab reads storage each time)', () => {
    const storage = memoryStorage()
    const tabA = createConsentStore({ version, storage })
    const tabB = createConsentStore({ version, storage })
    tabA.accept()
    expect(tabB.isAccepted()).toBe(true)
    tabB.withdraw()
    expect(storage.data.has(CONSENT_STORAGE_KEY)).toBe(false)
    expect(tabA.isAccepted()).toBe(false)
  })

  it('changed terms ask again: another owner text, another privacy URL or another notice version is another version', () => {
    const storage = memoryStorage()
    createConsentStore({ version, storage }).accept()
    const withText = consentVersion({ text: 'We record calls for quality.' })
    const withUrl = consentVersion({ privacyUrl: 'https://shop.example/privacy' })
    expect(new Set([version, withText, withUrl]).size).toBe(3)
    expect(version).toMatch(/^1:[0-9a-z]+$/)
    expect(createConsentStore({ version: withText, storage }).isAccepted()).toBe(false)
    expect(createConsentStore({ version: withUrl, storage }).isAccepted()).toBe(false)
    // the same terms are the same version (stable across page loads)
    expect(consentVersion({ text: 'We record calls for quality.' })).toBe(withText)
    // a default notice of other substance (the local mode's) is another version; its language is not part of it
    expect(consentVersion({ textKey: 'widget.consent.localText' })).not.toBe(version)
  })

  it('a malformed record counts as not accepted', () => {
    const storage = memoryStorage()
    for (const raw of ['yes', '{"version":1}', 'null', '{"version":"1:x","acceptedAt":"today"}']) {
      storage.setItem(CONSENT_STORAGE_KEY, raw)
      expect(createConsentStore({ version, storage }).isAccepted(), raw).toBe(false)
    }
  })

  it.each([
    ['throws on access', throwingStorage()],
    ['is absent', null],
  ])(
    'storage that %s: acceptance lasts for this page only (asked again on the next load), nothing throws',
    (_, storage) => {
      const a = createConsentStore({ version, storage })
      expect(a.persistent).toBe(false)
      expect(a.isAccepted()).toBe(false)
      a.accept()
      expect(a.isAccepted()).toBe(true)
      expect(createConsentStore({ version, storage }).isAccepted()).toBe(false)
      a.withdraw()
      expect(a.isAccepted()).toBe(false)
    },
  )

  it('a storage whose writes fail (quota) is not used', () => {
    const storage = memoryStorage()
    storage.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError')
    }
    const a = createConsentStore({ version, storage })
    expect(a.persistent).toBe(false)
    a.accept()
    expect(a.isAccepted()).toBe(true)
  })

  it('consentNeeded: only when required, not accepted and not a handed-over call', () => {
    const storage = memoryStorage()
    const store = createConsentStore({ version, storage })
    expect(consentNeeded({ required: false }, store, false)).toBe(false)
    expect(consentNeeded({ required: true }, store, false)).toBe(true)
    expect(consentNeeded({ required: true }, store, true)).toBe(false)
    store.accept()
    expect(consentNeeded({ required: true }, store, false)).toBe(false)
  })
})

describe('the gate in the widget', () => {
  let widget: VoiceWidgetHandle | null = null
  afterEach(() => {
    widget?.destroy()
    widget = null
    document.body.replaceChildren()
  })

  /** Mounts the widget with consent required and a factory whose every call is recorded. */
  function mount(storage: Storage | null, extra: Partial<Parameters<typeof mountVoiceWidget>[1]> = {}) {
    const calls: string[] = []
    const pending: PendingStart = {
      url: 'http://127.0.0.1/call/web',
      body: '{}',
      response: new Promise<Response>(() => undefined),
      microphone: null,
      taken: false,
      cancel: () => void calls.push('cancel'),
      releaseMicrophone: () => undefined,
    }
    const factory = vi.fn(() => {
      calls.push('engine')
      return new ScriptedVoiceEngine({ script: [{ at: 10, event: 'call-start', args: [] }] })
    }) as unknown as EngineFactory
    factory.prestart = () => (calls.push('prestart'), pending)
    factory.preload = () => void calls.push('preload')
    const host = document.createElement('div')
    document.body.append(host)
    widget = mountVoiceWidget(host, {
      copy: en,
      configured: true,
      createEngine: factory,
      assistantId: 'asst_1',
      realtime: null,
      consent: { required: true, privacyUrl: 'https://shop.example/privacy' },
      consentStorage: storage,
      logger: { info() {}, warn() {}, error() {} },
      ...extra,
    })
    const root = widget.shadowRoot
    const q = <T extends Element>(sel: string) => root.querySelector<T>(sel)!
    return {
      /** What reached the factory (the code preload on focus is no call: it fetches code, not the platform). */
      calls: {
        get length() {
          return calls.filter((c) => c !== 'preload').length
        },
        filter: (f: (c: string) => boolean) => calls.filter((c) => c !== 'preload').filter(f),
        at: (i: number) => calls.filter((c) => c !== 'preload')[i],
        includes: (c: string) => calls.includes(c),
      },
      root,
      mic: q<HTMLButtonElement>('[data-testid="voice-mic"]'),
      dialog: q<HTMLElement>('[data-testid="voice-consent"]'),
      accept: q<HTMLButtonElement>('[data-testid="voice-consent-primary"]'),
      cancel: q<HTMLButtonElement>('[data-testid="voice-consent-secondary"]'),
      manage: q<HTMLButtonElement>('[data-testid="voice-consent-manage"]'),
      status: () => widget!.state.status,
    }
  }

  it('the press opens the notice (a labelled dialog, focused) and starts nothing; Cancel sends nothing and returns focus to the mic', () => {
    const w = mount(memoryStorage())
    expect(w.dialog.hidden).toBe(true)
    expect(w.mic.getAttribute('aria-haspopup')).toBe('dialog')
    w.mic.click()
    expect(w.dialog.hidden).toBe(false)
    expect(w.dialog.getAttribute('role')).toBe('dialog')
    expect(w.root.getElementById(w.dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(en.widget.consent.title)
    expect(w.root.getElementById(w.dialog.getAttribute('aria-describedby')!)?.textContent).toBe(en.widget.consent.text)
    expect(w.dialog.querySelector('a')?.getAttribute('href')).toBe('https://shop.example/privacy')
    expect(w.root.activeElement).toBe(w.dialog)
    expect(w.mic.getAttribute('aria-expanded')).toBe('true')
    expect(w.status()).toBe('idle')
    w.cancel.click()
    expect(w.dialog.hidden).toBe(true)
    expect(w.root.activeElement).toBe(w.mic)
    expect(w.calls.filter((c) => c !== 'preload')).toEqual([])
    expect(w.status()).toBe('idle')
  })

  it('a default notice by copy key (the local mode’s) reads in the language in use, and follows a language switch', () => {
    const w = mount(memoryStorage(), { consent: { required: true, textKey: 'widget.consent.localText' } })
    w.mic.click()
    const text = () => w.root.getElementById(w.dialog.getAttribute('aria-describedby')!)?.textContent
    expect(text()).toBe(en.widget.consent.localText)
    widget!.setCopy(hi, 'hi')
    expect(text()).toBe(hi.widget.consent.localText)
  })

  it('Escape cancels; a second mic press closes the notice like Cancel', () => {
    const w = mount(memoryStorage())
    w.mic.click()
    w.dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }))
    expect(w.dialog.hidden).toBe(true)
    expect(w.root.activeElement).toBe(w.mic)
    w.mic.click()
    w.mic.click()
    expect(w.dialog.hidden).toBe(true)
    expect(w.calls.filter((c) => c !== 'preload')).toEqual([])
  })

  it('Accept starts the call inside the click, is remembered for the next page load, and the withdrawal control appears', async () => {
    const storage = memoryStorage()
    const w = mount(storage)
    expect(w.manage.hidden).toBe(true)
    w.mic.click()
    w.accept.click()
    expect(w.calls.at(0)).toBe('prestart') // synchronously, inside the Accept click
    expect(w.status()).toBe('connecting')
    expect(w.root.activeElement).toBe(w.mic)
    await vi.waitFor(() => expect(w.status()).toBe('listening'), { timeout: 5000 })
    expect(w.manage.hidden).toBe(false)
    expect(w.mic.hasAttribute('aria-haspopup')).toBe(false)
    widget!.destroy()

    const next = mount(storage) // the next page of the origin
    expect(next.mic.hasAttribute('aria-haspopup')).toBe(false)
    next.mic.click()
    expect(next.dialog.hidden).toBe(true)
    expect(next.calls.at(0)).toBe('prestart')
  })

  it('withdrawing from the widget ends the call, forgets the acceptance and the next press asks again', async () => {
    const storage = memoryStorage()
    createConsentStore({
      version: consentVersion({ privacyUrl: 'https://shop.example/privacy' }),
      storage,
    }).accept()
    const w = mount(storage)
    w.mic.click()
    await vi.waitFor(() => expect(w.status()).toBe('listening'), { timeout: 5000 })
    w.manage.click()
    expect(w.dialog.hidden).toBe(false)
    expect(w.dialog.getAttribute('data-mode')).toBe('manage')
    expect(w.accept.textContent).toBe(en.widget.consent.withdraw)
    w.accept.click()
    expect(w.status()).toBe('idle')
    expect(storage.data.has(CONSENT_STORAGE_KEY)).toBe(false)
    expect(w.manage.hidden).toBe(true)
    expect(w.root.activeElement).toBe(w.mic)
    expect(w.root.textContent).toContain(en.widget.consent.withdrawn)
    const before = w.calls.length
    w.mic.click()
    expect(w.dialog.hidden).toBe(false)
    expect(w.calls.length).toBe(before)
  })

  it('withdrawn in another tab of the origin (storage event): the call in this tab ends and the next press asks', async () => {
    const storage = memoryStorage()
    createConsentStore({
      version: consentVersion({ privacyUrl: 'https://shop.example/privacy' }),
      storage,
    }).accept()
    const w = mount(storage)
    w.mic.click()
    await vi.waitFor(() => expect(w.status()).toBe('listening'), { timeout: 5000 })
    // an unrelated key changes nothing
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: 'x' }))
    expect(w.status()).toBe('listening')
    storage.removeItem(CONSENT_STORAGE_KEY) // what the other tab's withdrawal did to the shared storage
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY, oldValue: '{}', newValue: null }))
    expect(w.status()).toBe('idle')
    expect(w.manage.hidden).toBe(true)
    w.mic.click()
    expect(w.dialog.hidden).toBe(false)
  })

  it('a call handed over by the previous page rejoins without asking (its visitor accepted there)', async () => {
    const w = mount(memoryStorage(), {
      resume: {
        v: 1,
        nonce: 'n1',
        savedAt: Date.now(),
        origin: 'https://shop.example',
        sessionId: 'session_1',
        assistantId: 'asst_1',
        webCall: { id: 'c1', webCallUrl: 'https://x.daily.co/r', monitor: { controlUrl: 'https://ctl.example' } },
      } as never,
    })
    await vi.waitFor(() => expect(w.calls.includes('engine')).toBe(true))
    expect(w.dialog.hidden).toBe(true)
    expect(w.manage.hidden).toBe(false) // and it can be withdrawn here
  })

  it('without consent required nothing changes: the press starts at once, no notice in the DOM', () => {
    const w = mount(memoryStorage(), { consent: { required: false } })
    expect(w.dialog).toBeNull()
    w.mic.click()
    expect(w.calls.at(0)).toBe('prestart')
  })
})
