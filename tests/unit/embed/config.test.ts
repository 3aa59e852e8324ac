import { describe, expect, it } from 'vitest'
import { parseEmbedSettings } from '../../../src/embed/config'
import { attributeName } from '../../../src/embed/settings'

const KEY = '11111111-1111-4111-8111-111111111111'
const ID = '22222222-2222-4222-8222-222222222222'

describe('the embed settings (src/embed/config.ts)', () => {
  it('names settings as the site owner wrote them', () => {
    expect(attributeName('supabaseAnonKey')).toBe('data-supabase-anon-key')
    expect(attributeName('publicKey')).toBe('data-public-key')
  })

  it('accepts a complete tag and applies the defaults', () => {
    const r = parseEmbedSettings({ publicKey: ` ${KEY} `, assistantId: ID }, 'attributes')
    expect(r.problems).toEqual([])
    expect(r.missing).toEqual([])
    expect(r.config).toMatchObject({
      publicKey: KEY,
      assistantId: ID,
      lang: null,
      position: 'bottom-right',
      theme: 'auto',
      supabaseUrl: '',
      apiBaseUrl: 'https://api.vapi.ai',
      persist: true,
      mode: 'voice',
    })
  })

  it('mode: voice, chat or hybrid (Vapi widget modes); anything else is reported by name and falls back to voice', () => {
    for (const mode of ['voice', 'chat', 'hybrid'] as const)
      expect(parseEmbedSettings({ publicKey: KEY, assistantId: ID, mode }, 'attributes').config.mode).toBe(mode)
    const r = parseEmbedSettings({ publicKey: KEY, assistantId: ID, mode: 'text' }, 'init')
    expect(r.config.mode).toBe('voice')
    expect(r.problems.map((p) => p.message)).toEqual([
      'mode must be one of voice, chat, hybrid, local; got "text" (using voice)',
    ])
  })

  it('mode: local needs neither key nor assistant id, and is the default when neither is set', () => {
    const none = parseEmbedSettings({}, 'attributes')
    expect(none.config.mode).toBe('local')
    expect(none.missing).toEqual([])
    expect(none.problems).toEqual([])
    const asked = parseEmbedSettings({ mode: 'local', lang: 'hi' }, 'init')
    expect(asked.config).toMatchObject({ mode: 'local', lang: 'hi', publicKey: '', assistantId: '' })
    expect(asked.missing).toEqual([])
    // Keys given with mode local: the platform is not used, nothing is reported.
    const both = parseEmbedSettings({ publicKey: KEY, assistantId: ID, mode: 'local' }, 'attributes')
    expect(both.config.mode).toBe('local')
    expect(both.problems).toEqual([])
    // One platform setting given: the owner meant a call; the other is missing.
    const half = parseEmbedSettings({ publicKey: KEY }, 'attributes')
    expect(half.config.mode).toBe('voice')
    expect(half.missing).toEqual(['data-assistant-id'])
    // A call asked for explicitly without keys: Configuration Required, as before.
    expect(parseEmbedSettings({ mode: 'voice' }, 'attributes').missing).toEqual([
      'data-public-key',
      'data-assistant-id',
    ])
  })

  it('persist: "false" / false opts out of the multi-page conversation; anything else but true is reported', () => {
    expect(parseEmbedSettings({ publicKey: KEY, assistantId: ID, persist: 'false' }, 'attributes').config.persist).toBe(
      false,
    )
    expect(parseEmbedSettings({ publicKey: KEY, assistantId: ID, persist: false }, 'init').config.persist).toBe(false)
    expect(parseEmbedSettings({ publicKey: KEY, assistantId: ID, persist: 'true' }, 'attributes').config.persist).toBe(
      true,
    )
    const r = parseEmbedSettings({ publicKey: KEY, assistantId: ID, persist: 'never' }, 'attributes')
    expect(r.config.persist).toBe(true)
    expect(r.problems.map((p) => p.message)).toEqual(['data-persist must be true or false; got "never" (using true)'])
  })

  it('reports missing, placeholder and malformed required settings and lists them as missing', () => {
    const r = parseEmbedSettings({ publicKey: 'YOUR_VAPI_PUBLIC_KEY', assistantId: 'asst 42' }, 'attributes')
    expect(r.missing).toEqual(['data-public-key', 'data-assistant-id'])
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^data-public-key is still the placeholder "YOUR_VAPI_PUBLIC_KEY"/),
      expect.stringMatching(/^data-assistant-id is not valid: expected the assistant id \(a UUID/),
    ])
    expect(r.config.publicKey).toBe('')
    expect(parseEmbedSettings({ mode: 'voice' }, 'attributes').missing).toEqual([
      'data-public-key',
      'data-assistant-id',
    ])
  })

  it('replaces invalid optional settings by their defaults, naming each', () => {
    const r = parseEmbedSettings(
      { publicKey: KEY, assistantId: ID, lang: 'fr', position: 'top', theme: 'neon', apiBaseUrl: 'ftp://x' },
      'attributes',
    )
    expect(r.missing).toEqual([])
    expect(r.problems.map((p) => p.setting)).toEqual(['data-api-base-url', 'data-lang', 'data-position', 'data-theme'])
    expect(r.config).toMatchObject({
      lang: null,
      position: 'bottom-right',
      theme: 'auto',
      apiBaseUrl: 'https://api.vapi.ai',
    })
  })

  it('turns realtime off unless both the Supabase URL and anon key are valid', () => {
    const half = parseEmbedSettings(
      { publicKey: KEY, assistantId: ID, supabaseUrl: 'https://p.supabase.co' },
      'attributes',
    )
    expect(half.problems.map((p) => p.setting)).toEqual(['data-supabase-anon-key'])
    expect(half.config.supabaseUrl).toBe('')
    const bad = parseEmbedSettings(
      { publicKey: KEY, assistantId: ID, supabaseUrl: 'javascript:alert(1)', supabaseAnonKey: 'k' },
      'attributes',
    )
    expect(bad.problems.map((p) => p.setting)).toEqual(['data-supabase-url'])
    expect(bad.config).toMatchObject({ supabaseUrl: '', supabaseAnonKey: '' })
    const ok = parseEmbedSettings(
      {
        publicKey: KEY,
        assistantId: ID,
        supabaseUrl: 'https://p.supabase.co',
        supabaseAnonKey: 'anon',
        supabasePrivateChannels: 'true',
      },
      'attributes',
    )
    expect(ok.problems).toEqual([])
    expect(ok.config).toMatchObject({
      supabaseUrl: 'https://p.supabase.co',
      supabaseAnonKey: 'anon',
      supabasePrivateChannels: true,
    })
  })

  it('init(): wrong types and unknown settings are refused by name; nothing throws', () => {
    const r = parseEmbedSettings({ publicKey: 5, assistantId: ID, colour: 'red', supabaseAccessToken: 'jwt' }, 'init')
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^colour is not a VoiceOS setting/),
      'publicKey must be a string, got number',
      "publicKey is missing: the platform's public key (dashboard → API Keys; never the private key)",
      'supabaseAccessToken must be a function returning a promise of the visitor JWT',
    ])
    expect(r.missing).toEqual(['publicKey'])
    for (const junk of [{ publicKey: null }, { lang: {} }, { theme: 7 }, { supabasePrivateChannels: 'maybe' }]) {
      expect(() => parseEmbedSettings(junk as Record<string, unknown>, 'init')).not.toThrow()
    }
  })

  it('consent: data-consent="required" with the owner text and a privacy URL; off by default', () => {
    const base = { publicKey: KEY, assistantId: ID }
    expect(parseEmbedSettings(base, 'attributes').config).toMatchObject({
      consent: 'none',
      consentText: '',
      privacyUrl: '',
    })
    const r = parseEmbedSettings(
      {
        ...base,
        consent: 'required',
        consentTitle: ' Before  we talk ',
        consentText: '  We record\n calls  for quality. ',
        privacyUrl: 'https://shop.example/privacy',
      },
      'attributes',
    )
    expect(r.problems).toEqual([])
    expect(r.config).toMatchObject({
      consent: 'required',
      consentTitle: 'Before we talk',
      consentText: 'We record calls for quality.',
      privacyUrl: 'https://shop.example/privacy',
    })
    const init = parseEmbedSettings({ ...base, consent: 'required', privacyUrl: 'http://shop.example/p' }, 'init')
    expect(init.problems).toEqual([])
    expect(init.config.consent).toBe('required')
  })

  it('consent: a malformed value, a non-http(s) policy URL or an over-long text is reported by name, with a safe default', () => {
    const base = { publicKey: KEY, assistantId: ID }
    const r = parseEmbedSettings(
      {
        ...base,
        consent: 'yes',
        privacyUrl: 'javascript:alert(1)',
        consentText: 'x'.repeat(501),
        consentTitle: 'y'.repeat(61),
      },
      'attributes',
    )
    expect(r.problems.map((p) => p.setting)).toEqual([
      'data-consent',
      'data-consent-text',
      'data-consent-title',
      'data-privacy-url',
      'data-consent-title',
      'data-consent-text',
      'data-privacy-url',
    ])
    expect(r.problems[0]!.message).toBe('data-consent must be one of none, required; got "yes" (using none)')
    expect(r.problems[2]!.message).toBe(
      "data-consent-title is 61 characters; at most 60 fit the notice's heading (using the default heading)",
    )
    expect(r.problems[3]!.message).toContain('must be an http(s) URL')
    expect(r.config).toMatchObject({ consent: 'none', consentTitle: '', consentText: '', privacyUrl: '' })
    // a valid notice setting without data-consent="required" is pointed out (it would never show)
    const unused = parseEmbedSettings({ ...base, privacyUrl: 'https://shop.example/privacy' }, 'init')
    expect(unused.problems.map((p) => p.message)).toEqual([
      'privacyUrl is shown only with consent="required", which is not set (no notice is shown)',
    ])
    // the javascript: URL never reaches the widget, whatever consent says
    const required = parseEmbedSettings({ ...base, consent: 'required', privacyUrl: 'javascript:alert(1)' }, 'init')
    expect(required.config.privacyUrl).toBe('')
    expect(required.missing).toEqual([])
  })
})
