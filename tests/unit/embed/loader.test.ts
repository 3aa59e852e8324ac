// @vitest-environment happy-dom
/**
 * The script tag's own start (src/embed/voiceos.ts): a tag with `data-` settings starts with them; a bare tag
 * (`<script src="…/voiceos.js" async>`, no `data-` attribute) starts the local mode, which needs no key, and says so
 * once in the console; a `<voiceos-widget>` on the page, or a VoiceOS.init() / destroy() made first, wins.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BARE_TAG_NOTICE, type VoiceOSApi } from '../../../src/embed/controller'

type LoaderWindow = Window & { VoiceOS?: VoiceOSApi }

/** Evaluates the loader as the browser would for `tag` (its `document.currentScript`); returns the global API. */
async function load(tag: string): Promise<VoiceOSApi> {
  document.head.insertAdjacentHTML('beforeend', tag)
  const script = document.head.lastElementChild
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true })
  vi.resetModules()
  delete (window as LoaderWindow).VoiceOS
  await import('../../../src/embed/voiceos')
  return (window as LoaderWindow).VoiceOS!
}

/** One task later: when the loader applies the script tag's settings. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 5))

afterEach(() => {
  vi.restoreAllMocks()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('voiceos.js by script tag', () => {
  it('a bare tag starts the local mode and says so once in the console', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const api = await load('<script src="https://cdn.example/embed/voiceos.js" async></script>')
    const init = vi.spyOn(api, 'init').mockReturnValue(true)
    await nextTask()
    expect(init).toHaveBeenCalledTimes(1)
    expect(init).toHaveBeenCalledWith()
    expect(info).toHaveBeenCalledTimes(1)
    expect(info).toHaveBeenCalledWith(BARE_TAG_NOTICE)
    expect(BARE_TAG_NOTICE).toMatch(/local mode/)
    await nextTask()
    expect(info).toHaveBeenCalledTimes(1)
    expect(error).not.toHaveBeenCalled()
  })

  it('a tag with settings starts with them, with no notice', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const api = await load('<script src="https://cdn.example/embed/voiceos.js" data-mode="local" async></script>')
    const init = vi.spyOn(api, 'init').mockReturnValue(true)
    await nextTask()
    expect(init).toHaveBeenCalledTimes(1)
    expect(info).not.toHaveBeenCalled()
  })

  it('a bare tag leaves the widget to a <voiceos-widget> on the page', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    document.body.innerHTML = '<voiceos-widget mode="local"></voiceos-widget>'
    const api = await load('<script src="https://cdn.example/embed/voiceos.js" async></script>')
    const init = vi.spyOn(api, 'init').mockReturnValue(true)
    await nextTask()
    expect(init).not.toHaveBeenCalled()
    expect(info).not.toHaveBeenCalled()
  })

  it('a VoiceOS.destroy() made before the next task wins over a bare tag', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const api = await load('<script src="https://cdn.example/embed/voiceos.js" async></script>')
    api.destroy()
    const init = vi.spyOn(api, 'init').mockReturnValue(true)
    await nextTask()
    expect(init).not.toHaveBeenCalled()
    expect(info).not.toHaveBeenCalled()
  })
})

describe('voiceos.js with data-init="manual"', () => {
  it('waits for the page to call VoiceOS.init()', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const api = await load('<script src="https://cdn.example/embed/voiceos.js" data-init="manual" async></script>')
    const init = vi.spyOn(api, 'init').mockReturnValue(true)
    await nextTask()
    expect(init).not.toHaveBeenCalled()
    expect(info).not.toHaveBeenCalled()
  })
})
