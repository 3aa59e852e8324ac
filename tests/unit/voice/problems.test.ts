/**
 * What went wrong, as a kind the widget has localized copy for (src/voice/session/problems.ts): the platform's
 * refusal reason, the microphone's DOMException anywhere in the cause chain, the engine's code, the call's
 * `endedReason`. Every kind has a title, a toast description and a hint in every language.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { VoiceCallError } from '../../../src/voice/engine/errors'
import type { VoiceCallErrorEvent } from '../../../src/voice/engine/events'
import { classifyEndedReason, classifyError, type ProblemKind } from '../../../src/voice/session/problems'

const event = (type: string, error: unknown): VoiceCallErrorEvent =>
  ({ type, message: 'English text the visitor must never see', error, timestamp: '' }) as VoiceCallErrorEvent

/** A stand-in for the engine's WebCallRefusedError (code start-method-error, `reason`, `status`). */
class Refused extends VoiceCallError {
  constructor(
    readonly reason: string,
    readonly status: number | null,
  ) {
    super('start-method-error', `refused: ${reason}`)
  }
}

describe('classifyError', () => {
  it.each([
    ['invalid-key', 401, 'invalidKey'],
    ['no-credit', 402, 'noCredit'],
    ['assistant-not-found', 404, 'assistantNotFound'],
    ['rate-limited', 429, 'rateLimited'],
    ['platform-error', 500, 'platformError'],
    ['network', null, 'network'],
  ] as const)('a start refused with reason %s (HTTP %s) is %s', (reason, status, kind) => {
    expect(classifyError(event('start-method-error', new Refused(reason, status)))).toBe(kind)
  })

  it.each([
    ['NotAllowedError', 'microphoneBlocked'],
    ['SecurityError', 'microphoneBlocked'],
    ['NotFoundError', 'microphoneMissing'],
    ['OverconstrainedError', 'microphoneMissing'],
    ['NotReadableError', 'microphoneBusy'],
  ] as const)("getUserMedia's %s, two causes deep, is %s", (name, kind) => {
    const mic = new DOMException('denied', name)
    const error = new VoiceCallError('daily-call-join-error', 'The microphone is unavailable', mic)
    expect(classifyError(event('daily-call-join-error', new VoiceCallError('start-method-error', 'x', error)))).toBe(
      kind,
    )
  })

  it("Daily's camera-error shapes", () => {
    const daily = (type: string) => new VoiceCallError('daily-call-join-error', 'x', { error: { type } })
    expect(classifyError(event('daily-call-join-error', daily('permissions')))).toBe('microphoneBlocked')
    expect(classifyError(event('daily-call-join-error', daily('not-found')))).toBe('microphoneMissing')
  })

  it.each([
    ['start-timeout', 'startTimeout'],
    ['audio-start-failed', 'audioBlocked'],
    ['daily-error', 'callInterrupted'],
    ['call-ended', 'callEnded'],
    ['daily-call-object-creation-error', 'unknown'],
  ] as const)('the code %s is %s', (code, kind) => {
    expect(classifyError(event(code, new VoiceCallError(code as never, 'x')))).toBe(kind)
  })

  it('never throws: a missing event, a cause loop, a throwing getter', () => {
    expect(classifyError(undefined)).toBe('unknown')
    expect(classifyError(null)).toBe('unknown')
    const loop: { cause?: unknown } = {}
    loop.cause = loop
    expect(classifyError(event('daily-error', loop))).toBe('callInterrupted')
    const hostile = Object.defineProperty({}, 'reason', {
      get() {
        throw new Error('no')
      },
    })
    expect(classifyError(event('daily-error', hostile))).toBe('unknown')
  })
})

describe('classifyEndedReason', () => {
  it.each([
    ['assistant-ended-call', 'assistantEnded'],
    ['assistant-said-end-call-phrase', 'assistantEnded'],
    ['exceeded-max-duration', 'maxDuration'],
    ['silence-timed-out', 'silenceTimedOut'],
    ['pipeline-error-openai-llm-failed', 'endedByError'],
    ['customer-ended-call', null],
    ['customer-did-not-give-microphone-permission', null],
    ['', null],
    [42, null],
  ] as const)('%s → %s', (reason, kind) => {
    expect(classifyEndedReason(reason)).toBe(kind)
  })
})

describe('copy', () => {
  const kinds: ProblemKind[] = [
    'microphoneBlocked',
    'microphoneMissing',
    'microphoneBusy',
    'invalidKey',
    'noCredit',
    'assistantNotFound',
    'rateLimited',
    'platformError',
    'network',
    'startTimeout',
    'audioBlocked',
    'callInterrupted',
    'callEnded',
    'assistantEnded',
    'maxDuration',
    'silenceTimedOut',
    'endedByError',
    'unknown',
  ]
  it.each(['en', 'hi'])(
    'every kind has a title, a description and a hint in %s (voiceCall.json); Hindi has no Latin letters',
    (lng) => {
      const copy = JSON.parse(readFileSync(join(__dirname, `../../../locales/${lng}/voiceCall.json`), 'utf8')) as {
        widget: { problem: Record<string, Record<string, string>> }
      }
      for (const kind of kinds) {
        for (const field of ['title', 'description', 'hint']) {
          const text = copy.widget.problem[kind]?.[field]
          expect(text, `${lng} ${kind}.${field}`).toBeTruthy()
          if (lng === 'hi') expect(text, `${kind}.${field}`).not.toMatch(/[A-Za-z]/)
        }
      }
    },
  )
})

describe('the in-call copy in Hindi', () => {
  it('has no Latin letters anywhere (placeholders aside)', () => {
    const walk = (node: unknown, path: string): [string, string][] =>
      typeof node === 'string'
        ? [[path, node]]
        : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => walk(v, `${path}.${k}`))
    const hi = JSON.parse(readFileSync(join(__dirname, '../../../locales/hi/voiceCall.json'), 'utf8')) as unknown
    for (const [path, text] of walk(hi, '')) {
      if (path === '._provenance') continue // how the text was made, for reviewers (tests/unit/locales.test.ts)
      expect(text.replace(/\{\{\w+\}\}/g, ''), path).not.toMatch(/[A-Za-z]/)
    }
  })
})
