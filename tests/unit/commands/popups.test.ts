// @vitest-environment happy-dom
/**
 * Widgets no library name reaches (src/voice/commands/README.md "Operating what a person sees"): a hidden native
 * select behind a `div` trigger whose list is a portal at the end of `<body>`, a read-only input that opens a
 * list, a button with `aria-haspopup="listbox"`, a cascader's columns, the value read back from what the form
 * would submit; names from the text beside a control; a synonym that fits two fields.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createCommandExecutor, type CommandExecutor, type CommandResult } from '../../../src/voice/commands'

let executor: CommandExecutor | undefined
afterEach(() => {
  executor?.dispose()
  executor = undefined
  document.body.innerHTML = ''
})

/** Runs a command to its end (a popup is operated over several turns of the page). */
async function run(m: Record<string, unknown>): Promise<CommandResult> {
  executor ??= createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, notFoundMemoMs: 0 })
  const r = executor.execute(m)
  if (r.status !== 'executed' || !r.settled) return r
  await r.settled
  return r.settledResult ?? r
}
const detail = (r: CommandResult) => (r.status === 'refused' ? r.detail : '')

/**
 * A custom select as script-tag libraries draw one: the native `<select>` hidden inside a focusable `div` that
 * shows the chosen text; a press on it appends the list to `<body>` in a later task; a click on an entry writes
 * the select (and, when `commits` is false, does nothing: a widget that ignores the click).
 */
function customSelect(options: { commits?: boolean } = {}) {
  document.body.innerHTML = `
    <form>
      <label for="name">Name</label><input id="name">
      <label for="country">Country</label>
      <div id="trigger" tabindex="0" aria-expanded="false"><select id="country" name="country" hidden>
        <option value="">Choose</option><option value="IN">India</option><option value="JP">Japan</option><option value="NZ">New Zealand</option>
      </select><span id="shown">Choose</span></div>
    </form>`
  const select = document.getElementById('country') as HTMLSelectElement
  const trigger = document.getElementById('trigger')!
  trigger.addEventListener('click', () => {
    if (document.getElementById('list')) return
    setTimeout(() => {
      trigger.setAttribute('aria-expanded', 'true')
      const list = document.createElement('div')
      list.id = 'list'
      for (const o of Array.from(select.options).slice(1)) {
        const item = document.createElement('div')
        item.className = 'item'
        item.textContent = o.text
        item.addEventListener('click', () => {
          if (options.commits === false) return
          select.value = o.value
          document.getElementById('shown')!.textContent = o.text
          list.remove()
          trigger.setAttribute('aria-expanded', 'false')
        })
        list.append(item)
      }
      document.body.append(list)
    }, 0)
  })
  return { select }
}

describe('a control a person operates through its popup', () => {
  it('a hidden select behind a div trigger: opened, the option clicked in the portal list, read back from the select', async () => {
    const { select } = customSelect()
    const r = await run({ action: 'fill', fieldHint: 'country', value: 'japan' })
    expect(r.status).toBe('executed')
    expect(select.value).toBe('JP')
    expect(document.getElementById('shown')!.textContent).toBe('Japan')
  })

  it('an option the list does not have is refused with the options listed, nothing chosen', async () => {
    const { select } = customSelect()
    const r = await run({ action: 'fill', fieldHint: 'country', value: 'Atlantis' })
    expect(r).toMatchObject({ status: 'refused', reason: 'rejected-value' })
    expect(detail(r)).toBe('no option "Atlantis" in "Country"; options: "India", "Japan", "New Zealand"')
    expect(select.value).toBe('')
  })

  it('a widget that ignores the click is not reported done: the read-back decides', async () => {
    const { select } = customSelect({ commits: false })
    const r = await run({ action: 'fill', fieldHint: 'country', value: 'Japan' })
    expect(r).toMatchObject({ status: 'refused', reason: 'rejected-value' })
    expect(detail(r)).toBe('"Country" did not take the option "Japan"')
    expect(select.value).toBe('')
  })

  it('a listbox button named by a sibling label, and a cascader path said as words', async () => {
    document.body.innerHTML = `
      <span id="team-label">Team</span>
      <button id="team" aria-haspopup="listbox" aria-labelledby="team-label">Design</button>
      <label for="place">Place</label><input id="place" readonly aria-haspopup="listbox">`
    const team = document.getElementById('team')!
    team.addEventListener('click', () => {
      const list = document.createElement('ul')
      list.setAttribute('role', 'listbox')
      for (const t of ['Design', 'Marketing']) {
        const li = document.createElement('li')
        li.setAttribute('role', 'option')
        li.textContent = t
        li.addEventListener('click', () => {
          team.textContent = t
          list.remove()
        })
        list.append(li)
      }
      document.body.append(list)
    })
    const place = document.getElementById('place') as HTMLInputElement
    place.addEventListener('click', () => {
      // Each column appears once the one before was chosen; the last choice writes the path.
      const column = (items: string[], path: string[]) => {
        const ul = document.createElement('ul')
        ul.className = 'column'
        for (const t of items) {
          const li = document.createElement('li')
          li.textContent = t
          li.addEventListener('click', () => {
            if (t === 'Kerala') column(['Kochi', 'Kozhikode'], [...path, t])
            else {
              place.value = [...path, t].join(' / ')
              document.querySelectorAll('.column').forEach((c) => c.remove())
            }
          })
          ul.append(li)
        }
        document.body.append(ul)
      }
      column(['Karnataka', 'Kerala'], [])
    })
    expect((await run({ action: 'fill', fieldHint: 'team', value: 'marketing' })).status).toBe('executed')
    expect(team.textContent).toBe('Marketing')
    expect((await run({ action: 'fill', fieldHint: 'place', value: 'Kerala Kochi' })).status).toBe('executed')
    expect(place.value).toBe('Kerala / Kochi')
  })

  it("another field's popup still fading out when the trigger is pressed: the new popup's option is chosen", async () => {
    // The last field's list is still drawn while it closes (its leave transition changes its class and opacity
    // as the next trigger is pressed), and it lists an option with the same text as the new popup's.
    document.body.innerHTML = `
      <label for="place">Place</label><input id="place" readonly aria-haspopup="listbox">
      <ul id="old" role="listbox" class="open"><li role="option">Rooftop</li><li role="option">Kerala</li></ul>`
    const old = document.getElementById('old')!
    let oldChosen = ''
    for (const li of old.querySelectorAll('li')) li.addEventListener('click', () => (oldChosen = li.textContent ?? ''))
    const place = document.getElementById('place') as HTMLInputElement
    place.addEventListener('click', () => {
      old.className = 'leaving'
      old.style.opacity = '0.6'
      // The new popup shows in a later task, as a library's portal does.
      setTimeout(() => {
        const ul = document.createElement('ul')
        ul.setAttribute('role', 'listbox')
        for (const t of ['Karnataka', 'Kerala']) {
          const li = document.createElement('li')
          li.setAttribute('role', 'option')
          li.textContent = t
          li.addEventListener('click', () => {
            place.value = t
            ul.remove()
          })
          ul.append(li)
        }
        document.body.append(ul)
      }, 0)
    })
    expect((await run({ action: 'fill', fieldHint: 'place', value: 'Kerala' })).status).toBe('executed')
    expect(place.value).toBe('Kerala')
    expect(oldChosen).toBe('')
  })

  it('a read-only field that shows no sign of a popup is refused as read-only, at once', () => {
    document.body.innerHTML = `<label for="ref">Reference</label><input id="ref" readonly value="A-1">`
    executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0 })
    expect(executor.execute({ action: 'fill', fieldHint: 'reference', value: 'B-2' })).toMatchObject({
      status: 'refused',
      reason: 'readonly',
    })
  })
})

describe('names a person reads beside a control', () => {
  it('a field with no programmatic name takes the text above it; a switch the text of its row', async () => {
    document.body.innerHTML = `
      <div><div class="label">Cuisine</div><div><input id="cuisine"></div></div>
      <div><label for="other">Other</label><input id="other"></div>
      <div class="row"><button id="updates" role="switch" aria-checked="false"></button><span>Email me about product updates</span></div>`
    const sw = document.getElementById('updates')!
    sw.addEventListener('click', () =>
      sw.setAttribute('aria-checked', String(sw.getAttribute('aria-checked') !== 'true')),
    )
    expect((await run({ action: 'fill', fieldHint: 'cuisine', value: 'Goan' })).status).toBe('executed')
    expect((document.getElementById('cuisine') as HTMLInputElement).value).toBe('Goan')
    expect((await run({ action: 'toggle', targetText: 'product updates', value: 'on' })).status).toBe('executed')
    expect(sw.getAttribute('aria-checked')).toBe('true')
  })

  it('a synonym that fits two fields is refused with both names, nothing written', async () => {
    document.body.innerHTML = `
      <form><label for="p">Phone number</label><input id="p" type="tel" value="98450 12345">
      <input id="q" type="tel" placeholder="Enter phone number"></form>`
    const r = await run({ action: 'fill', fieldHint: 'mobile', value: '98765 43210' })
    expect(r).toMatchObject({ status: 'refused', reason: 'not-found' })
    expect(detail(r)).toBe('"mobile" fits more than one field equally: "Phone number", "Enter phone number"; say which')
    expect((document.getElementById('p') as HTMLInputElement).value).toBe('98450 12345')
    expect((document.getElementById('q') as HTMLInputElement).value).toBe('')
  })
})
