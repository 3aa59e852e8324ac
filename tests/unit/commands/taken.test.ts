// @vitest-environment happy-dom
/**
 * Results say what happened (src/voice/commands/taken.ts): a click or toggle is done only when what it was
 * expected to change changed (a tab's `aria-selected`, a menu button's `aria-expanded`, a switch's
 * `aria-checked`); a press that did not take is tried once with the keys, then reported as not taken; a control
 * the page replaced after the press is followed to the element standing in its place.
 */
import { afterEach, expect, it } from 'vitest'
import { createCommandExecutor, type CommandResult } from '../../../src/voice/commands'
import { describeCommandResult } from '../../../src/voice/context/report'

afterEach(() => {
  document.body.innerHTML = ''
})

const run = (m: Record<string, unknown>): CommandResult =>
  createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, notFoundMemoMs: 0 }).execute(m)

async function settle(r: CommandResult): Promise<CommandResult> {
  if (r.status !== 'executed' || !r.settled) return r
  await r.settled
  return r.settledResult ?? r
}

/** Two tabs that select on the given events only (`click`, `keydown` Enter/Space, `focus`). */
function tabs(selectOn: ('click' | 'keydown' | 'focus')[]) {
  document.body.innerHTML = `<div role="tablist">
    <button role="tab" id="t1" aria-selected="true">Account</button>
    <button role="tab" id="t2" aria-selected="false" tabindex="-1">Password</button></div>`
  const all = Array.from(document.querySelectorAll('[role=tab]'))
  const select = (tab: Element) => all.forEach((t) => t.setAttribute('aria-selected', String(t === tab)))
  const events: string[] = []
  for (const tab of all)
    for (const type of ['click', 'keydown', 'focus'] as const)
      tab.addEventListener(type, (e) => {
        events.push(type === 'keydown' ? `keydown:${(e as KeyboardEvent).key}` : type)
        if (!selectOn.includes(type)) return
        if (type === 'keydown' && !['Enter', ' '].includes((e as KeyboardEvent).key)) return
        select(tab)
      })
  return { tab: document.getElementById('t2')!, events }
}

it('a tab that selects on click reports done at once', () => {
  const { tab } = tabs(['click'])
  const r = run({ action: 'click', targetText: 'password' })
  expect(r).toMatchObject({ status: 'executed', target: tab })
  expect(r.status === 'executed' && r.settled).toBeFalsy()
})

it('a tab that ignores the click is pressed again with the keys, then reported done', async () => {
  const { tab, events } = tabs(['keydown'])
  const r = await settle(run({ action: 'click', targetText: 'password' }))
  expect(r).toMatchObject({ status: 'executed', target: tab })
  expect(tab.getAttribute('aria-selected')).toBe('true')
  expect(events).toContain('keydown:Enter')
})

it('a tab that takes neither the click nor the keys is reported as not taken, never done', async () => {
  const { tab } = tabs([])
  const r = await settle(run({ action: 'click', targetText: 'password' }))
  expect(r).toMatchObject({ status: 'refused', reason: 'not-taken', detail: 'tab "Password" did not become selected' })
  expect(describeCommandResult(r)).toMatchObject({ outcome: 'refused', text: 'tab "Password" did not become selected' })
  expect(tab.getAttribute('aria-selected')).toBe('false')
})

it('a switch that takes only Space is switched with it; one that takes nothing is not reported on', async () => {
  document.body.innerHTML = '<button role="switch" id="s" aria-checked="false">Dark mode</button>'
  const sw = document.getElementById('s')!
  sw.addEventListener('keydown', (e) => {
    if (e.key === ' ') sw.setAttribute('aria-checked', String(sw.getAttribute('aria-checked') !== 'true'))
  })
  const r = await settle(run({ action: 'toggle', targetText: 'dark mode', state: 'on' }))
  expect(r).toMatchObject({ status: 'executed' })
  expect(describeCommandResult(r)).toMatchObject({ outcome: 'done', text: expect.stringMatching(/is now on$/) })

  document.body.innerHTML = '<button id="m" aria-expanded="false" aria-haspopup="menu">Share</button>'
  const off = await settle(run({ action: 'toggle', targetText: 'share' }))
  expect(off).toMatchObject({ status: 'refused', reason: 'not-taken', detail: 'button "Share" did not open' })
})

it('a menu button the page replaces after the press is followed to its replacement, which reports its state', async () => {
  document.body.innerHTML = `<main><button id="stand-in" aria-haspopup="menu" aria-expanded="false">Star us on GitHub</button></main>`
  const standIn = document.getElementById('stand-in')!
  standIn.addEventListener('click', () => {
    standIn.setAttribute('aria-busy', 'true') // the real menu is loading
    setTimeout(() => {
      // Loaded after more than the usual wait: the real trigger replaces the stand-in, opened.
      standIn.outerHTML = '<button id="real" aria-haspopup="menu" aria-expanded="true">Star us on GitHub</button>'
    }, 700)
  })
  const r = await settle(run({ action: 'toggle', targetText: 'star us on github' }))
  const real = document.getElementById('real')
  expect(real).not.toBeNull()
  expect(r).toMatchObject({ status: 'executed', target: real })
  expect(describeCommandResult(r)).toMatchObject({ outcome: 'done', text: 'Star us on GitHub is now on' })
})

it('a replacement that opens only when pressed itself is pressed once', async () => {
  document.body.innerHTML = `<button id="stand-in" aria-expanded="false">Filters</button>`
  const standIn = document.getElementById('stand-in')!
  let presses = 0
  standIn.addEventListener('click', () => {
    setTimeout(() => {
      const real = document.createElement('button')
      real.id = 'real'
      real.textContent = 'Filters'
      real.setAttribute('aria-expanded', 'false')
      real.addEventListener('click', () => {
        presses++
        real.setAttribute('aria-expanded', String(real.getAttribute('aria-expanded') !== 'true'))
      })
      standIn.replaceWith(real)
    }, 10)
  })
  const r = await settle(run({ action: 'click', targetText: 'filters' }))
  expect(r).toMatchObject({ status: 'executed', target: document.getElementById('real') })
  expect(presses).toBe(1)
  expect(document.getElementById('real')!.getAttribute('aria-expanded')).toBe('true')
})
