// @vitest-environment happy-dom
/**
 * A flood of one unmatchable command costs one page search (src/voice/commands/notFoundMemo.ts), and the reuse
 * never goes stale: any change to the document, or the memo's time running out, makes the next command look again.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createCommandExecutor, parseVoiceCommand, type VoiceCommand } from '../../../src/voice/commands'
import { createNotFoundMemo } from '../../../src/voice/commands/notFoundMemo'

afterEach(() => {
  document.body.innerHTML = ''
})

const command = (message: Record<string, unknown>): VoiceCommand => {
  const parsed = parseVoiceCommand(message)
  if (parsed.kind !== 'command') throw new Error('bad test command')
  return parsed.command
}
const NOT_FOUND = { ok: false as const, reason: 'not-found', detail: 'nothing called "Buy now"' }

describe('createNotFoundMemo', () => {
  it('answers the same unmatchable command from memory while the document is unchanged', () => {
    const memo = createNotFoundMemo()
    let searches = 0
    const buy = command({ action: 'click', targetText: 'Buy now' })
    for (let i = 0; i < 1000; i++) expect(memo.choose(document, buy, () => (searches++, NOT_FOUND))).toEqual(NOT_FOUND)
    expect(searches).toBe(1)
    memo.dispose()
  })

  it('looks again after any change to the document, even one made just before the command', () => {
    const memo = createNotFoundMemo()
    let searches = 0
    const buy = command({ action: 'click', targetText: 'Buy now' })
    memo.choose(document, buy, () => (searches++, NOT_FOUND))
    document.body.append(Object.assign(document.createElement('button'), { textContent: 'Buy now' })) // no await
    memo.choose(document, buy, () => (searches++, NOT_FOUND))
    document.body.firstElementChild!.setAttribute('data-x', '1')
    memo.choose(document, buy, () => (searches++, NOT_FOUND))
    expect(searches).toBe(3)
    memo.dispose()
  })

  it('looks again once the memo time is over, for another command, and always when something was found', () => {
    let t = 0
    const memo = createNotFoundMemo({ ttlMs: 1000, now: () => t })
    let searches = 0
    const buy = command({ action: 'click', targetText: 'Buy now' })
    memo.choose(document, buy, () => (searches++, NOT_FOUND))
    t = 999
    memo.choose(document, buy, () => (searches++, NOT_FOUND))
    expect(searches).toBe(1)
    t = 1000
    memo.choose(document, buy, () => (searches++, NOT_FOUND))
    expect(searches).toBe(2)
    memo.choose(document, command({ action: 'click', targetText: 'Sell now' }), () => (searches++, NOT_FOUND))
    expect(searches).toBe(3)
    t = 5000 // the remembered "not found" has expired: other answers are never remembered
    const found = { ok: true as const }
    memo.choose(document, buy, () => (searches++, { ok: false as const, reason: 'disabled', detail: 'disabled' }))
    memo.choose(document, buy, () => (searches++, { ok: false as const, reason: 'disabled', detail: 'disabled' }))
    memo.choose(document, buy, () => (searches++, found))
    memo.choose(document, buy, () => (searches++, found))
    expect(searches).toBe(7)
    memo.dispose()
  })
})

describe('the executor with the memo', () => {
  it('a refused click is clicked once its button appears (no stale "not found")', () => {
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, prefersReducedMotion: true })
    const clicks: string[] = []
    expect(executor.execute({ action: 'click', targetText: 'Buy now' })).toMatchObject({
      status: 'refused',
      reason: 'not-found',
    })
    const button = Object.assign(document.createElement('button'), { textContent: 'Buy now', id: 'buy' })
    button.addEventListener('click', () => clicks.push(button.id))
    document.body.append(button)
    expect(executor.execute({ action: 'click', targetText: 'Buy now' })).toMatchObject({ status: 'executed' })
    expect(clicks).toEqual(['buy'])
    executor.dispose()
  })

  it('a flood of one unmatchable fill is refused every time, with the same reason', () => {
    document.body.innerHTML = '<p>No form here.</p>'
    const executor = createCommandExecutor({ notify: () => {}, logger: {}, highlightMs: 0, prefersReducedMotion: true })
    const results = Array.from({ length: 50 }, () =>
      executor.execute({ action: 'fill', fieldHint: 'company', value: 'Acme' }),
    )
    expect(new Set(results.map((r) => (r.status === 'refused' ? `${r.reason}: ${r.detail}` : r.status))).size).toBe(1)
    expect(results[0]).toMatchObject({ status: 'refused', reason: 'not-found' })
    executor.dispose()
  })
})
