// @vitest-environment happy-dom
/**
 * `<voiceos-widget>` (src/embed/element.ts) drives the page's one widget through the controller
 * (src/embed/controller.ts): its attributes are the settings, a change shows the widget again, removing the
 * element removes the widget, and problems are named by the element's attribute names.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseEmbedSettings, settingsFromElement } from '../../../src/embed/config'
import { ELEMENT_ATTRIBUTES } from '../../../src/embed/settings'
import { createController, type EmbedApp } from '../../../src/embed/controller'
import { defineWidgetElement, ELEMENT_TAG } from '../../../src/embed/element'

const KEY = '11111111-1111-4111-8111-111111111111'
const ID = '22222222-2222-4222-8222-222222222222'

function setUp() {
  const mounts: { settings: Parameters<EmbedApp['mountEmbed']>[1]; destroyed: boolean }[] = []
  const app: EmbedApp = {
    mountEmbed: (_host, settings) => {
      const m = { settings, destroyed: false }
      mounts.push(m)
      return { destroy: () => void (m.destroyed = true) }
    },
  }
  const controller = createController({
    version: '1.0.0',
    loadApp: () => Promise.resolve(app),
    defaultSettings: () => parseEmbedSettings({}, 'init'),
  })
  defineWidgetElement(controller)
  return { mounts, controller }
}

/**
 * Waits for the widget's mount: the controller mounts once the page has painted and is idle, or 3 s after load when
 * no paint is seen (src/embed/controller.ts `whenIdle`; happy-dom paints nothing). On Vitest's fake clock
 * (`vi.useFakeTimers()` first), moved on 250 ms at a time — 10 s at most — instead of waiting in real time.
 */
async function mounted(mounts: unknown[], n: number): Promise<void> {
  for (let ms = 0; ms < 10_000 && mounts.length < n; ms += 250) await vi.advanceTimersByTimeAsync(250)
  expect(mounts).toHaveLength(n)
}

afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('<voiceos-widget>', () => {
  it('reads the settings by their kebab-case names without data-', () => {
    const el = document.createElement('div')
    el.setAttribute('public-key', KEY)
    el.setAttribute('assistant-id', ID)
    el.setAttribute('supabase-anon-key', 'anon')
    el.setAttribute('data-theme', 'dark') // the script tag's name is not the element's
    expect(settingsFromElement(el)).toEqual({ publicKey: KEY, assistantId: ID, supabaseAnonKey: 'anon' })
    expect(ELEMENT_ATTRIBUTES).toContain('site-index')
    expect(ELEMENT_ATTRIBUTES).not.toContain('supabase-access-token')
  })

  it('names a problem by the attribute the page wrote', () => {
    const r = parseEmbedSettings({ publicKey: KEY, theme: 'sepia' }, 'element')
    expect(r.missing).toEqual(['assistant-id'])
    expect(r.problems.map((p) => p.message)).toContain(
      'theme must be one of light, dark, auto; got "sepia" (using auto)',
    )
  })

  it('shows the widget with its attributes, again on a change, and removes it with the element', async () => {
    vi.useFakeTimers()
    const { mounts } = setUp()
    expect(customElements.get(ELEMENT_TAG)).toBeDefined()
    const el = document.createElement(ELEMENT_TAG)
    el.setAttribute('public-key', KEY)
    el.setAttribute('assistant-id', ID)
    el.setAttribute('theme', 'dark')
    document.body.append(el)
    await mounted(mounts, 1)
    expect(mounts[0]!.settings.config).toMatchObject({ publicKey: KEY, assistantId: ID, theme: 'dark', mode: 'voice' })
    expect(document.querySelectorAll('[data-voiceos="1.0.0"]')).toHaveLength(1)

    el.setAttribute('theme', 'light')
    el.setAttribute('position', 'bottom-left') // two changes in one task: one new widget
    await mounted(mounts, 2)
    expect(mounts[0]!.destroyed).toBe(true)
    expect(mounts[1]!.settings.config).toMatchObject({ theme: 'light', position: 'bottom-left' })
    expect(document.querySelectorAll('[data-voiceos]')).toHaveLength(1)

    el.remove()
    expect(mounts[1]!.destroyed).toBe(true)
    expect(document.querySelectorAll('[data-voiceos]')).toHaveLength(0)
  })
})

describe('the voiceos package', () => {
  it('has the version the embed reports (packages/voiceos/package.json = src/embed/version.ts)', async () => {
    const { readFileSync } = await import('node:fs')
    const { VERSION } = await import('../../../src/embed/version')
    const pkg = JSON.parse(readFileSync('packages/voiceos/package.json', 'utf8')) as { version: string }
    expect(pkg.version).toBe(VERSION)
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+$/)
  })
})
