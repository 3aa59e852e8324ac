// @vitest-environment happy-dom
/**
 * A click is the sequence a mouse produces (src/voice/commands/effects.ts `clickElement`): pointer and mouse
 * events in the UI Events / Pointer Events order, focus moved on press, and the browser's rules for prevented
 * defaults — so widgets that act on press (tabs on `mousedown`, menus on `pointerdown`) are operated too.
 */
import { afterEach, expect, it } from 'vitest'
import { clickElement } from '../../../src/voice/commands/effects'
import { createCommandExecutor } from '../../../src/voice/commands'

const TYPES = [
  'pointerover',
  'pointerenter',
  'mouseover',
  'mouseenter',
  'pointermove',
  'mousemove',
  'pointerdown',
  'mousedown',
  'focus',
  'pointerup',
  'mouseup',
  'click',
]

function record(el: Element): string[] {
  const seen: string[] = []
  for (const type of TYPES) el.addEventListener(type, (e) => seen.push(e.type), true)
  return seen
}

afterEach(() => {
  document.body.innerHTML = ''
})

it('sends the whole press in order, primary button, as a mouse pointer, and focuses the pressed control', () => {
  document.body.innerHTML = '<button id="b">Go</button>'
  const button = document.getElementById('b')!
  const seen = record(button)
  const kinds: string[] = []
  button.addEventListener('pointerdown', (e) => kinds.push(`${e.pointerType}:${e.button}:${e.isPrimary}`))
  clickElement(button)
  expect(seen).toEqual(TYPES)
  expect(kinds).toEqual(['mouse:0:true'])
  expect(document.activeElement).toBe(button)
})

it('a prevented pointerdown sends no mousedown / mouseup (as a browser), and the click still comes', () => {
  document.body.innerHTML = '<button id="b">Menu</button>'
  const button = document.getElementById('b')!
  button.addEventListener('pointerdown', (e) => e.preventDefault())
  const seen = record(button)
  clickElement(button)
  expect(seen).not.toContain('mousedown')
  expect(seen).not.toContain('mouseup')
  expect(seen.at(-1)).toBe('click')
  expect(document.activeElement).not.toBe(button)
})

it('a prevented mousedown moves no focus', () => {
  document.body.innerHTML = '<input id="other"><div role="option" tabindex="-1" id="o">Red</div>'
  const other = document.getElementById('other') as HTMLInputElement
  other.focus()
  const option = document.getElementById('o')!
  option.addEventListener('mousedown', (e) => e.preventDefault())
  clickElement(option)
  expect(document.activeElement).toBe(other)
})

it('"click Password" selects a tab that switches on mousedown, not on click (Radix Tabs)', () => {
  document.body.innerHTML = `<div role="tablist">
    <button role="tab" id="t1" aria-selected="true">Account</button>
    <button role="tab" id="t2" aria-selected="false">Password</button></div>`
  for (const tab of document.querySelectorAll('[role=tab]')) {
    tab.addEventListener('mousedown', (e) => {
      if ((e as MouseEvent).button !== 0) return
      for (const t of document.querySelectorAll('[role=tab]')) t.setAttribute('aria-selected', String(t === tab))
    })
  }
  const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0 })
  const r = executor.execute({ action: 'click', targetText: 'Password' })
  executor.dispose()
  expect(r).toMatchObject({ status: 'executed' })
  expect(document.getElementById('t2')!.getAttribute('aria-selected')).toBe('true')
  expect(document.getElementById('t1')!.getAttribute('aria-selected')).toBe('false')
})

it('a press that removes the element sends no click after it', () => {
  document.body.innerHTML = '<div id="wrap"><button id="b">Close</button></div>'
  const button = document.getElementById('b')!
  let clicks = 0
  document.addEventListener('click', () => clicks++)
  button.addEventListener('pointerdown', () => button.remove())
  clickElement(button)
  expect(clicks).toBe(0)
})
