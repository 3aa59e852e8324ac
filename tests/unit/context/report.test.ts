// @vitest-environment happy-dom
/**
 * Command results in words, from the real executor on a real (happy-dom) page, and the client messages that
 * carry them and the page map, validated against Vapi's OpenAPI document (ClientInboundMessageAddMessage,
 * ToolCallResult).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { createCommandExecutor, type CommandResult } from '../../../src/voice/commands'
import {
  describeCommandResult,
  pageMapMessage,
  refusalSentence,
  resultMessage,
  toToolCallResult,
  RESULT_HEADER,
} from '../../../src/voice/context/report'
import { describePage } from '../../../src/voice/context/pageMap'
import { parseRecord, stripRecord } from '../../../src/voice/context/record'
import { componentValidator } from '../platform/schema'

const addMessage = componentValidator('ClientInboundMessageAddMessage')
const toolCallResult = componentValidator('ToolCallResult')

const quiet = { debug() {}, info() {}, warn() {}, error() {} }

function run(message: unknown): CommandResult {
  const executor = createCommandExecutor({ notify: () => {}, logger: quiet, highlightMs: 0 })
  try {
    return executor.execute(message)
  } finally {
    executor.dispose()
  }
}

const say = (message: unknown) => describeCommandResult(run(message))

describe('describeCommandResult (real executor)', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <main>
        <button type="button">Watch Demo</button>
        <button type="button" disabled>Coming Soon</button>
        <label>Email <input type="email" name="email"></label>
        <label>Password <input type="password" name="pw"></label>
        <label>Code <input type="text" name="code" readonly></label>
        <label><input type="checkbox" name="news"> Newsletter</label>
        <label><input type="radio" name="plan" checked> Pro plan</label>
        <a href="javascript:alert(1)">Evil link</a>
        <div hidden><button type="button">Secret</button></div>
      </main>`
  })

  it('done: says what the command did, never the value', () => {
    expect(say({ action: 'scroll', direction: 'down' })).toEqual({ outcome: 'done', text: 'scrolled down' })
    expect(say({ action: 'scroll', direction: 'top' })).toEqual({ outcome: 'done', text: 'scrolled to the top' })
    expect(say({ action: 'click', targetText: 'watch demo' })).toEqual({ outcome: 'done', text: 'clicked Watch Demo' })
    expect(say({ action: 'fill', fieldHint: 'email', value: 'me@example.com' })).toEqual({
      outcome: 'done',
      text: 'filled the field labelled Email',
    })
    const pw = say({ action: 'fill', fieldType: 'password', value: 'hunter2-secret' })
    expect(pw).toEqual({ outcome: 'done', text: 'filled the field labelled Password' })
    expect(JSON.stringify(pw)).not.toContain('hunter2')
    expect(say({ action: 'toggle', targetText: 'Newsletter' })).toEqual({
      outcome: 'done',
      text: 'Newsletter is now on',
    })
    expect(say({ action: 'toggle', targetText: 'Newsletter', value: 'off' })).toEqual({
      outcome: 'done',
      text: 'Newsletter is now off',
    })
  })

  it("refused: gives the executor's sentence (plain words for unsafe URLs and selector errors)", () => {
    expect(say({ action: 'click', targetText: 'Pricing table' })).toEqual({
      outcome: 'refused',
      text: 'nothing named "Pricing table" on the page',
      refusal: { reason: 'not-found', action: 'click', name: 'Pricing table' },
    })
    expect(say({ action: 'click', targetText: 'Coming Soon' })).toEqual({
      outcome: 'refused',
      text: 'button "Coming Soon" is disabled',
      refusal: { reason: 'disabled', action: 'click', name: 'Coming Soon' },
    })
    expect(say({ action: 'click', targetText: 'Secret' })).toEqual({
      outcome: 'refused',
      text: 'button "Secret" is not visible',
      refusal: { reason: 'hidden', action: 'click', name: 'Secret' },
    })
    expect(say({ action: 'click', targetText: 'Evil link' })).toEqual({
      outcome: 'refused',
      text: 'the element labelled Evil link leads to an unsafe address',
      refusal: { reason: 'unsafe-url', action: 'click', name: 'Evil link' },
    })
    expect(say({ action: 'click', selector: 'button[[' })).toEqual({
      outcome: 'refused',
      text: 'button[[ is not a valid CSS selector',
      refusal: { reason: 'bad-selector', action: 'click', name: '' },
    })
    expect(say({ action: 'fill', selector: 'input[name=code]', value: 'x' })).toEqual({
      outcome: 'refused',
      text: 'the field "Code" is read-only',
      refusal: { reason: 'readonly', action: 'fill', name: 'Code' },
    })
    expect(say({ action: 'toggle', targetText: 'Pro plan', value: 'off' })).toEqual({
      outcome: 'refused',
      text: 'a radio button cannot be switched off',
      refusal: { reason: 'not-toggleable', action: 'toggle', name: 'Pro plan' },
    })
    expect(say({ action: 'dance' })).toEqual({
      outcome: 'refused',
      text: 'dance is not an action on this page (only scroll, click, fill and toggle)',
      refusal: { reason: 'unknown', name: '' },
    })
    expect(say('not a command')?.outcome).toBe('refused')
    expect(say({ action: 'scroll', direction: 'sideways' })?.text).toMatch(/^the command was malformed/)
  })

  it('refused fill: no field labelled "Company"', () => {
    // SPEC §5 falls back to the first usable field, so the refusal shows on a page without one.
    document.body.innerHTML = '<main><h1>About</h1><button type="button">Watch Demo</button></main>'
    expect(say({ action: 'fill', fieldHint: 'Company', value: 'Acme' })).toEqual({
      outcome: 'refused',
      text: 'no field labelled "Company"',
      refusal: { reason: 'not-found', action: 'fill', name: 'Company' },
    })
    expect(say({ action: 'fill', fieldType: 'email', value: 'a@b.co' })).toEqual({
      outcome: 'refused',
      text: 'no field to fill',
      refusal: { reason: 'not-found', action: 'fill', name: '' },
    })
  })

  it('builds a sentence from the command when the executor gives none', () => {
    const fill = { action: 'fill', fieldHint: 'Company', value: 'Acme' } as const
    expect(describeCommandResult({ status: 'refused', command: fill, reason: 'not-found', detail: '' })).toEqual({
      outcome: 'refused',
      text: 'no field labelled Company',
      refusal: { reason: 'not-found', action: 'fill', name: 'Company' },
    })
    expect(refusalSentence({ action: 'fill', fieldType: 'email', value: 'x' }, 'not-found')).toBe('no email field')
    expect(refusalSentence({ action: 'click', targetText: 'Buy', role: 'button' }, 'disabled')).toBe(
      'the button labelled Buy is disabled',
    )
    expect(refusalSentence({ action: 'toggle', selector: '#n' }, 'hidden')).toBe('the control matching #n is hidden')
    expect(refusalSentence(undefined, 'no-document')).toBe('the page is not ready yet')
    expect(
      describeCommandResult({ status: 'refused', command: fill, reason: 'error', detail: 'TypeError: x is undefined' })
        ?.text,
    ).toBe('something went wrong on the page with the field labelled Company')
  })

  it('a duplicate is not reported again', () => {
    expect(describeCommandResult({ status: 'duplicate', command: { action: 'scroll', direction: 'down' } })).toBeNull()
  })
})

describe('a command that ends after execute() returns', () => {
  it('is described by how it ended (a combobox whose list is drawn in a later turn and has no such option)', async () => {
    document.body.innerHTML = `
      <label for="loc">Location</label>
      <input id="loc" role="combobox" aria-expanded="false" aria-controls="loc-list"><ul id="loc-list" role="listbox"></ul>`
    const input = document.getElementById('loc') as HTMLInputElement
    input.addEventListener('input', () =>
      setTimeout(() => {
        document.getElementById('loc-list')!.innerHTML = '<li role="option">France</li>'
      }, 0),
    )
    const executor = createCommandExecutor({ notify: () => {}, logger: quiet, highlightMs: 0 })
    const result = executor.execute({ action: 'fill', fieldHint: 'location', value: 'Atlantis' })
    expect(result.status).toBe('executed')
    if (result.status !== 'executed' || !result.settled) throw new Error('expected a command that goes on')
    await result.settled
    expect(describeCommandResult(result)).toEqual({
      outcome: 'refused',
      text: 'no option "Atlantis" in "Location"; options: "France"',
      refusal: { reason: 'rejected-value', action: 'fill', name: 'Location' },
    })
    executor.dispose()
  })
})

describe('client messages (OpenAPI shapes)', () => {
  it('a result for the realtime channel is a system add-message; refusals make the assistant respond', () => {
    const refused = resultMessage({ outcome: 'refused', text: 'no field labelled Company' })
    expect(refused).toEqual({
      type: 'add-message',
      message: {
        role: 'system',
        content: `${RESULT_HEADER} refused: no field labelled Company\n[voiceos/1 result outcome=refused]`,
      },
      triggerResponseEnabled: true,
    })
    const done = resultMessage({ outcome: 'done', text: 'scrolled down' })
    expect(done.triggerResponseEnabled).toBe(false)
    expect(resultMessage({ outcome: 'done', text: 'scrolled down' }, undefined, 'always').triggerResponseEnabled).toBe(
      true,
    )
    expect(resultMessage({ outcome: 'refused', text: 'x' }, undefined, 'never').triggerResponseEnabled).toBe(false)
    for (const m of [refused, done]) expect(addMessage(m), JSON.stringify(addMessage.errors)).toBe(true)
  })

  it('a tool call result carries the ToolCallResult shape (result when done, error when refused)', () => {
    const call = { id: 'call_1', name: 'fill_field' }
    const refused = toToolCallResult({ outcome: 'refused', text: 'no field labelled Company' }, call)
    expect(refused).toEqual({ name: 'fill_field', toolCallId: 'call_1', error: 'no field labelled Company' })
    const done = toToolCallResult({ outcome: 'done', text: 'scrolled down' }, { id: 'call_2', name: 'scroll_page' })
    expect(done).toEqual({ name: 'scroll_page', toolCallId: 'call_2', result: 'done: scrolled down' })
    for (const r of [refused, done]) expect(toolCallResult(r), JSON.stringify(toolCallResult.errors)).toBe(true)
    const message = resultMessage({ outcome: 'refused', text: 'no field labelled Company' }, call)
    expect(addMessage(message)).toBe(true)
    const content = message.message.content
    expect(content.startsWith(`${RESULT_HEADER} `)).toBe(true)
    // The record tag ends the content (src/voice/context/record.ts): the tool and the outcome.
    expect(parseRecord(content)).toMatchObject({
      version: 1,
      kind: 'result',
      attrs: { tool: 'fill_field', outcome: 'refused' },
    })
    expect(JSON.parse(stripRecord(content).slice(RESULT_HEADER.length + 1))).toEqual(refused)
  })

  it('the page map is a silent system add-message', () => {
    document.body.innerHTML = '<h1>Pricing</h1><a href="/">Home</a>'
    const m = pageMapMessage(describePage(document))
    expect(m.triggerResponseEnabled).toBe(false)
    expect(m.message.role).toBe('system')
    expect(addMessage(m)).toBe(true)
  })

  it('the validator rejects what Vapi would reject (a role it does not know, no content)', () => {
    expect(addMessage({ type: 'add-message', message: { role: 'bot', content: 'x' } })).toBe(false)
    expect(addMessage({ type: 'add-message', message: { role: 'system' } })).toBe(false)
    expect(toolCallResult({ toolCallId: 'c1', result: 'x' })).toBe(false)
  })
})
