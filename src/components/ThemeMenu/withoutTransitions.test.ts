// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { withoutTransitions } from './withoutTransitions'

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
const switchStyle = () => document.querySelector('style[data-theme-switch]')

afterEach(() => {
  document.head.innerHTML = ''
  document.documentElement.className = ''
})

describe('withoutTransitions', () => {
  it('turns transitions off while the colour mode changes and back on two frames later', async () => {
    let offDuringChange = false
    withoutTransitions(() => {
      offDuringChange = /transition:none!important/.test(switchStyle()?.textContent ?? '')
      document.documentElement.className = 'dark'
    })
    expect(offDuringChange).toBe(true)
    expect(switchStyle()).not.toBeNull()
    await frame()
    expect(switchStyle(), 'still off for the frame that paints the new colours').not.toBeNull()
    await frame()
    await frame()
    expect(switchStyle()).toBeNull()
    expect(document.documentElement.className).toBe('dark')
  })

  it('turns them back on even when the change throws', async () => {
    expect(() =>
      withoutTransitions(() => {
        throw new Error('storage full')
      }),
    ).toThrow('storage full')
    await frame()
    await frame()
    await frame()
    expect(switchStyle()).toBeNull()
  })
})
