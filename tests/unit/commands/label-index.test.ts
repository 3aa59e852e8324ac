// @vitest-environment happy-dom
/**
 * Inside a lookup scope a control's labels come from one pass over the page's `label` elements (`label.control`,
 * src/voice/commands/accessibleNames.ts `labelIndex`); outside one, from the control's own `labels`. For a
 * `<label for>`, a wrapping label, and several labels of one control, both give the same labels in the same
 * (document) order — so a lookup run in one go (./click.ts, ./toggle.ts, ./chooseField.ts open a scope of their
 * own) names these controls as it did before it had a scope.
 */
import { afterEach, expect, it } from 'vitest'
import { labelsOf } from '../../../src/voice/commands/accessibleNames'
import { withLookupScope } from '../../../src/voice/commands/dom'

afterEach(() => {
  document.body.innerHTML = ''
})

it('the label index gives a control the labels its own `labels` gives', () => {
  document.body.innerHTML = `
    <form>
      <label for="qty">Quantity</label><input id="qty" type="number">
      <label><input type="checkbox" id="compare"> Compare blue mug</label>
      <label for="size">Size</label><select id="size"><option>5</option></select>
      <label for="note">Note</label><textarea id="note"></textarea><label for="note">(optional)</label>
      <label for="wrap">Wrap</label><label><input type="checkbox" id="wrap"> it</label>
      <input id="nolabel" type="text">
      <button type="button" id="b">Add blue mug to cart</button>
    </form>`
  const controls = Array.from(document.querySelectorAll('input, select, textarea, button'))
  const ids = (labels: Element[]) => labels.map((l) => l.textContent?.trim())
  const outside = controls.map((c) => ids(labelsOf(c)))
  const inside = withLookupScope(() => controls.map((c) => ids(labelsOf(c))))
  expect(inside).toEqual(outside)
  // And what that is (so two wrong answers that agree would fail too).
  expect(outside).toEqual([
    ['Quantity'],
    ['Compare blue mug'],
    ['Size'],
    ['Note', '(optional)'],
    ['Wrap', 'it'],
    [],
    [],
  ])
})
