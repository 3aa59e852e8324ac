// @vitest-environment happy-dom
/**
 * The header intro as a DOM behaviour (src/components/Header/introController.ts) with the spec's timings
 * (SPEC §4 "Header intro", §9: start 1000 ms, one item per 200 ms, popup 500 ms after the last, examples every
 * 2000 ms), on markup shaped like the pre-rendered header's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  dismissIntroPopup,
  findIntroElements,
  showIntroPopup,
  startIntro,
} from '../../../src/components/Header/introController'
import { DECORATIVE_ITEMS } from '../../../src/components/Header/introSequence'

const mockMedia = (desktop: boolean) =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) => ({ matches: desktop, media: query }) as MediaQueryList)

beforeEach(() => {
  vi.useFakeTimers()
  document.body.innerHTML = `
    <div id="root">
      <input id="field">
      <button id="before" type="button">Before</button>
      <div data-intro-strip data-step="0">${DECORATIVE_ITEMS.map((k) => `<span data-decorative-item="${k}">${k}</span>`).join('')}</div>
      <div data-intro-popup role="dialog" tabindex="-1" hidden>
        <strong>${['scroll down', 'scroll up', 'click on watch demo', 'join the waitlist'].map((t, i) => `<span data-intro-example="${i}"${i ? ' hidden' : ''}>${t}</span>`).join('')}</strong>
        <button type="button" data-intro-close>Got it!</button>
      </div>
    </div>`
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

const gone = () =>
  [...document.querySelectorAll<HTMLElement>('[data-decorative-item][data-gone]')].map(
    (el) => el.dataset.decorativeItem,
  )
const popup = () => document.querySelector<HTMLElement>('[data-intro-popup]')!
const shown = () =>
  [...popup().querySelectorAll<HTMLElement>('[data-intro-example]')]
    .filter((el) => !el.hidden)
    .map((el) => el.textContent)

describe('startIntro', () => {
  it('phone: the first 6 items vanish 200 ms apart from 1 s, the popup opens 500 ms after the last', () => {
    mockMedia(false)
    startIntro(findIntroElements(document)!)
    const strip = document.querySelector<HTMLElement>('[data-intro-strip]')!
    vi.advanceTimersByTime(999)
    expect(strip.dataset.step).toBe('0')
    expect(gone()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(strip.dataset.step).toBe('1')
    expect(gone()).toEqual(['dashboard'])
    vi.advanceTimersByTime(200)
    expect(gone()).toEqual(['dashboard', 'analytics'])
    vi.advanceTimersByTime(800) // 2000 ms: the sixth and last
    expect(gone()).toEqual(DECORATIVE_ITEMS.slice(0, 6))
    expect(strip.hasAttribute('data-done')).toBe(true)
    vi.advanceTimersByTime(499)
    expect(popup().hidden).toBe(true)
    vi.advanceTimersByTime(1)
    expect(popup().hidden).toBe(false)
    expect(document.activeElement).toBe(popup())
  })

  it('desktop: all 18 vanish, the popup opens at 1000 + 17 × 200 + 500 ms and rotates its example every 2 s', () => {
    mockMedia(true)
    startIntro(findIntroElements(document)!)
    vi.advanceTimersByTime(4399)
    expect(gone()).toHaveLength(17)
    vi.advanceTimersByTime(1)
    expect(gone()).toEqual([...DECORATIVE_ITEMS])
    vi.advanceTimersByTime(500)
    expect(popup().hidden).toBe(false)
    expect(shown()).toEqual(['scroll down'])
    vi.advanceTimersByTime(2000)
    expect(shown()).toEqual(['scroll up'])
    vi.advanceTimersByTime(6000)
    expect(shown()).toEqual(['scroll down'])
  })

  it('keeps focus in a field the visitor is typing in; Escape closes the popup', () => {
    mockMedia(false)
    const field = document.getElementById('field') as HTMLInputElement
    field.focus()
    startIntro(findIntroElements(document)!)
    vi.advanceTimersByTime(2500)
    expect(popup().hidden).toBe(false)
    expect(document.activeElement).toBe(field)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(popup().hidden).toBe(true)
    expect(document.activeElement).toBe(field)
  })

  it('opening by itself, it leaves focus where the visitor put it (an open menu would close if focus left it)', () => {
    mockMedia(false)
    const before = document.getElementById('before') as HTMLButtonElement
    before.focus()
    startIntro(findIntroElements(document)!)
    vi.advanceTimersByTime(2500)
    expect(popup().hidden).toBe(false)
    expect(document.activeElement).toBe(before)
    popup().querySelector<HTMLButtonElement>('[data-intro-close]')!.click()
    expect(popup().hidden).toBe(true)
    expect(document.activeElement).toBe(before)
  })

  it('Got it! closes it and focus goes back where it was; the rotation stops', () => {
    const before = document.getElementById('before') as HTMLButtonElement
    before.focus()
    showIntroPopup(popup(), { rotateMs: 2000 })
    expect(document.activeElement).toBe(popup())
    popup().querySelector<HTMLButtonElement>('[data-intro-close]')!.click()
    expect(popup().hidden).toBe(true)
    expect(document.activeElement).toBe(before)
    vi.advanceTimersByTime(4000)
    expect(shown()).toEqual(['scroll down'])
  })

  it('a second start on the running intro returns the same run; stop clears its timers', () => {
    mockMedia(false)
    const elements = findIntroElements(document)!
    const stop = startIntro(elements)
    expect(startIntro(elements)).toBe(stop)
    vi.advanceTimersByTime(1200)
    stop()
    vi.advanceTimersByTime(5000)
    expect(gone()).toEqual(['dashboard', 'analytics'])
    expect(popup().hidden).toBe(true)
  })

  it('a press on the voice widget before the popup opens keeps it closed; the strip goes on; a restart does not reopen it', () => {
    mockMedia(false)
    const elements = findIntroElements(document)!
    const stop = startIntro(elements)
    vi.advanceTimersByTime(1500)
    dismissIntroPopup(document)
    vi.advanceTimersByTime(10_000)
    expect(gone()).toEqual(DECORATIVE_ITEMS.slice(0, 6))
    expect(popup().hidden).toBe(true)
    // The hydrated Header asks again: it gets the same run, whose popup stays dismissed.
    expect(startIntro(elements)).toBe(stop)
    vi.advanceTimersByTime(10_000)
    expect(popup().hidden).toBe(true)
  })

  it('a press on the voice widget while the popup is open closes it and stops its rotation; focus stays where it is', () => {
    mockMedia(false)
    startIntro(findIntroElements(document)!)
    vi.advanceTimersByTime(2500)
    expect(popup().hidden).toBe(false)
    const mic = document.getElementById('before')!
    mic.focus()
    dismissIntroPopup(document)
    expect(popup().hidden).toBe(true)
    expect(document.activeElement).toBe(mic)
    vi.advanceTimersByTime(2000)
    expect(shown()).toEqual(['scroll down'])
  })

  it('without a running intro, a press changes nothing', () => {
    dismissIntroPopup(document)
    expect(popup().hidden).toBe(true)
    expect(gone()).toEqual([])
  })
})
