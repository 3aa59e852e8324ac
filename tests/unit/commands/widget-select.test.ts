// @vitest-environment happy-dom
/**
 * Custom selects whose search box is cleared once an option is chosen and whose value is drawn beside it, as
 * react-select 5 does (its source, `Select.tsx`: the `<input role=combobox>` in `.rs__input-container` is emptied
 * on select; the value is a `.rs__single-value` div, or `.rs__multi-value` chips; an `aria-live` region says
 * "option X, selected"; the menu opens on Down Arrow or a `mousedown` on the control; `aria-multiselectable` on
 * its listbox when `isMulti`; options are chosen on `click`). The executor must report what the widget shows
 * (src/voice/commands/selects.ts `shownValue`): done when the value is shown, refused when it is not, and a
 * spoken list adds each value to a multi-select.
 */
import { afterEach, expect, it } from 'vitest'
import { createCommandExecutor, type CommandResult } from '../../../src/voice/commands'

afterEach(() => {
  document.body.innerHTML = ''
})

interface Widget {
  chosen: string[]
}

/** A react-select-like widget in `#field` labelled "Flavour"; `broken`: options ignore clicks and keys. */
function reactSelectLike(options: string[], { multi = false, broken = false } = {}): Widget {
  document.body.innerHTML = `<div class="field"><label for="in">Flavour</label>
    <div class="container"><span aria-live="polite" id="live"></span>
      <div class="control"><div class="values"><div class="placeholder">Select...</div>
        <div class="input-container"><input id="in" role="combobox" aria-expanded="false" aria-autocomplete="list"></div></div></div>
      <input type="hidden" name="flavour" value="">
    </div></div>`
  const widget: Widget = { chosen: [] }
  const input = document.getElementById('in') as HTMLInputElement
  const container = document.querySelector('.container')!
  const values = document.querySelector('.values')!
  let menu: HTMLElement | null = null
  let active = -1
  const render = () => {
    values.querySelector('.placeholder')?.remove()
    for (const v of Array.from(values.querySelectorAll('.single,.chip'))) v.remove()
    if (widget.chosen.length === 0) values.insertAdjacentHTML('afterbegin', '<div class="placeholder">Select...</div>')
    for (const c of widget.chosen)
      values.insertAdjacentHTML('afterbegin', multi ? `<div class="chip">${c}</div>` : `<div class="single">${c}</div>`)
  }
  const close = () => {
    menu?.remove()
    menu = null
    active = -1
    input.setAttribute('aria-expanded', 'false')
    input.removeAttribute('aria-controls')
    input.removeAttribute('aria-activedescendant')
  }
  const choose = (text: string) => {
    if (broken) return
    widget.chosen = multi ? [...widget.chosen, text] : [text]
    input.value = ''
    document.getElementById('live')!.textContent = `option ${text}, selected.`
    close()
    render()
  }
  const listed = () => options.filter((o) => !widget.chosen.includes(o) || !multi)
  const open = () => {
    if (menu) return
    const filter = input.value.toLowerCase()
    menu = document.createElement('div')
    menu.id = 'menu'
    menu.setAttribute('role', 'listbox')
    if (multi) menu.setAttribute('aria-multiselectable', 'true')
    listed()
      .filter((o) => o.toLowerCase().includes(filter))
      .forEach((o, i) => {
        const el = document.createElement('div')
        el.setAttribute('role', 'option')
        el.id = `opt-${i}`
        el.textContent = o
        el.addEventListener('click', () => choose(o))
        menu!.append(el)
      })
    container.append(menu)
    input.setAttribute('aria-expanded', 'true')
    input.setAttribute('aria-controls', 'menu')
  }
  input.addEventListener('keydown', (e) => {
    if (broken) return
    if (e.key === 'ArrowDown') {
      if (!menu) return open()
      const opts = Array.from(menu.querySelectorAll('[role=option]'))
      active = Math.min(active + 1, opts.length - 1)
      input.setAttribute('aria-activedescendant', opts[active]!.id)
    } else if (e.key === 'Enter' && menu && active >= 0) {
      choose(menu.querySelectorAll('[role=option]')[active]!.textContent)
    } else if (e.key === 'Escape') close()
  })
  input.addEventListener('input', () => {
    close()
    open()
  })
  document.querySelector('.control')!.addEventListener('mousedown', () => open())
  return widget
}

async function run(command: object): Promise<CommandResult> {
  const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0 })
  const result = executor.execute(command)
  if (result.status === 'executed' && result.settled) {
    await result.settled
    return result.settledResult ?? result
  }
  return result
}

it('reports done when the option is shown beside a search box the widget cleared', async () => {
  const widget = reactSelectLike(['Chocolate', 'Strawberry', 'Vanilla'])
  const result = await run({ action: 'fill', fieldHint: 'flavour', value: 'Strawberry' })
  expect(widget.chosen).toEqual(['Strawberry'])
  expect(document.querySelector('.single')?.textContent).toBe('Strawberry')
  expect(result.status).toBe('executed')
})

it('reports not taken when the widget shows no value afterwards', async () => {
  const widget = reactSelectLike(['Chocolate', 'Strawberry', 'Vanilla'], { broken: true })
  const result = await run({ action: 'fill', fieldHint: 'flavour', value: 'Strawberry' })
  expect(widget.chosen).toEqual([])
  expect(result).toMatchObject({ status: 'refused', reason: 'rejected-value' })
  expect(result.status === 'refused' && result.detail).toMatch(/did not take the option "Strawberry"/)
})

it('adds each value of a spoken list to a multi-select', async () => {
  const widget = reactSelectLike(['Sprinkles', 'Chopped nuts', 'Cherry', 'Wafer'], { multi: true })
  const result = await run({ action: 'fill', fieldHint: 'flavour', value: 'sprinkles and cherry' })
  expect(widget.chosen).toEqual(['Sprinkles', 'Cherry'])
  expect(result.status).toBe('executed')
})

it('refuses a spoken list with a value the multi-select lacks, naming it', async () => {
  reactSelectLike(['Sprinkles', 'Chopped nuts', 'Cherry'], { multi: true })
  const result = await run({ action: 'fill', fieldHint: 'flavour', value: 'sprinkles and gold leaf' })
  expect(result).toMatchObject({ status: 'refused', reason: 'rejected-value' })
  expect(result.status === 'refused' && result.detail).toMatch(/no option "gold leaf"/)
})
