// @vitest-environment happy-dom
/**
 * Hydration at the first intent (src/app/hydrateOnIntent.ts): the app loads once, at the first sign of use, and
 * what the visitor did before it hydrated is handed over once it has.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hydrateOnIntent } from '../../../src/app/hydrateOnIntent'

let root: HTMLElement
let stop: () => void = () => {}
let finishHydration: () => void
let load: ReturnType<typeof vi.fn<() => Promise<unknown>>>

beforeEach(() => {
  document.body.innerHTML = `
    <div id="root">
      <button id="tab" type="button">Suggest an Idea</button>
      <a id="link" href="#pricing">Pricing</a>
      <form id="form"><input id="name" name="name"><button id="send" type="submit">Send</button></form>
      <div data-intro-popup tabindex="-1"><button id="got-it" type="button">Got it!</button></div>
    </div>
    <div data-voiceos></div>`
  root = document.getElementById('root')!
  load = vi.fn(() => Promise.resolve())
  const hydrated = new Promise<void>((resolve) => (finishHydration = resolve))
  stop = hydrateOnIntent({ root, load, hydrated })
})

afterEach(() => {
  stop()
  document.body.innerHTML = ''
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

describe('hydrateOnIntent', () => {
  it('loads the app once, at the first intent, not before', async () => {
    await settle()
    expect(load).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('scroll'))
    el('tab').dispatchEvent(new Event('pointermove', { bubbles: true }))
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('does not take the intro popup receiving focus for the visitor', () => {
    el('got-it').closest<HTMLElement>('[data-intro-popup]')!.focus()
    expect(load).not.toHaveBeenCalled()
    el('name').focus()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('holds a click on an app control until hydration, then replays it once', async () => {
    const onClick = vi.fn()
    el('tab').addEventListener('click', onClick)
    el('tab').click()
    expect(load).toHaveBeenCalledTimes(1)
    expect(onClick).not.toHaveBeenCalled()
    finishHydration()
    await settle()
    expect(onClick).toHaveBeenCalledTimes(1)
    // After hydration nothing is held any more.
    el('tab').click()
    expect(onClick).toHaveBeenCalledTimes(2)
  })

  it('leaves links, the intro popup and the voice widget alone', () => {
    const clicks = { link: vi.fn(), gotIt: vi.fn(), widget: vi.fn() }
    el('link').addEventListener('click', (e) => {
      clicks.link(e.defaultPrevented)
      e.preventDefault()
    })
    el('got-it').addEventListener('click', clicks.gotIt)
    document.querySelector('[data-voiceos]')!.addEventListener('click', clicks.widget)
    el('link').click()
    el('got-it').click()
    ;(document.querySelector('[data-voiceos]') as HTMLElement).click()
    expect(clicks.link).toHaveBeenCalledWith(false)
    expect(clicks.gotIt).toHaveBeenCalledTimes(1)
    expect(clicks.widget).toHaveBeenCalledTimes(1)
  })

  it('prevents a native form submission before hydration and submits the form once hydrated', async () => {
    const form = el<HTMLFormElement>('form')
    const submits: boolean[] = []
    form.addEventListener('submit', (e) => {
      submits.push(e.defaultPrevented)
      e.preventDefault()
    })
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    expect(submits).toEqual([])
    finishHydration()
    await settle()
    expect(submits).toEqual([false])
  })

  it('hands typed text to the app after hydration, even when the app reset the field', async () => {
    const name = el<HTMLInputElement>('name')
    name.value = 'Asha'
    name.dispatchEvent(new Event('input', { bubbles: true }))
    // A form library registering the field resets it to its default while hydrating.
    name.value = ''
    const seen: string[] = []
    name.addEventListener('input', () => seen.push(name.value))
    finishHydration()
    await settle()
    expect(name.value).toBe('Asha')
    expect(seen).toEqual(['Asha'])
  })

  it('drops everything held when stopped', async () => {
    const onClick = vi.fn()
    el('tab').addEventListener('click', onClick)
    el('tab').click()
    stop()
    finishHydration()
    await settle()
    expect(onClick).not.toHaveBeenCalled()
  })
})
