import { describe, expect, it } from 'vitest'
import { DEFAULT_BASE_URL } from '../../../src/platform/core/defaults'
import { DEFAULT_CHAT_BASE_URL } from '../../../src/platform/chat-web'
import { DEFAULT_API_BASE_URL } from '../../../src/voice/engine/constants'
import { prestartWebCall } from '../../../src/voice/engine/prestart'
import { parseEmbedSettings } from '../../../src/embed/config'
import spec from '../../../openapi/vapi-openapi.json'

// The loader (src/embed/config.ts) and the press (src/voice/engine/prestart.ts) import nothing at run time, so they
// write the API origin out; everything else imports src/platform/core/defaults.ts. These tests keep them equal.
describe('the default API origin', () => {
  it('is the server of the vendored OpenAPI document', () => {
    expect((spec as { servers: { url: string }[] }).servers.map((s) => s.url)).toEqual([DEFAULT_BASE_URL])
    expect(DEFAULT_CHAT_BASE_URL).toBe(DEFAULT_BASE_URL)
    expect(DEFAULT_API_BASE_URL).toBe(DEFAULT_BASE_URL)
  })

  it('is what the embed settings default to', () => {
    const parsed = parseEmbedSettings({ publicKey: 'pk_123', assistantId: 'asst_1' }, 'init')
    expect(parsed.config.apiBaseUrl).toBe(DEFAULT_BASE_URL)
  })

  it('is where the press sends POST /call/web when no apiBaseUrl is given', async () => {
    const urls: string[] = []
    const pending = prestartWebCall({
      publicKey: 'pk_123',
      assistantId: 'asst_1',
      mediaDevices: null,
      fetch: async (input) => {
        urls.push(String(input))
        return new Response('{}', { status: 201 })
      },
    })
    expect(pending.url).toBe(`${DEFAULT_BASE_URL}/call/web`)
    await pending.response
    expect(urls).toEqual([`${DEFAULT_BASE_URL}/call/web`])
    pending.cancel()
  })
})
