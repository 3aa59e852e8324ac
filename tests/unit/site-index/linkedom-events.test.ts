/**
 * linkedom as patched (patches/linkedom+0.18.15.patch: a node's listeners map is made on its first
 * addEventListener, not when the node is created): events still reach their listeners, bubble, run once when asked
 * and stop when removed, on nodes of a parsed document and on nodes created later.
 */
import { parseHTML } from 'linkedom'
import { expect, it } from 'vitest'

it('listeners of parsed and created nodes get their events, bubbling, once, and not after removal', () => {
  const { document, Event } = parseHTML('<html><body><main><p id="p">Hello <b>there</b></p></main></body></html>')
  const p = document.getElementById('p')!
  const b = p.querySelector('b')!
  const heard: string[] = []
  const onP = (e: Event) => heard.push(`p:${e.type}:${(e.target as Element).tagName}`)
  p.addEventListener('ping', onP)
  b.addEventListener('ping', () => heard.push('b:ping'), { once: true })
  b.dispatchEvent(new Event('ping', { bubbles: true }))
  b.dispatchEvent(new Event('ping', { bubbles: true }))
  // A node that never had a listener dispatches and removes without throwing.
  const main = document.querySelector('main')!
  expect(main.dispatchEvent(new Event('ping'))).toBe(true)
  main.removeEventListener('ping', onP)
  p.removeEventListener('ping', onP)
  b.dispatchEvent(new Event('ping', { bubbles: true }))
  expect(heard).toEqual(['b:ping', 'p:ping:B', 'p:ping:B'])

  const made = document.createElement('button')
  let clicks = 0
  made.addEventListener('click', () => clicks++)
  made.dispatchEvent(new Event('click'))
  expect(clicks).toBe(1)
})
