import { describe, expect, it, vi } from 'vitest'
import {
  commandKey,
  createCommandRouter,
  parseVoiceCommand,
  VOICE_TOAST_KEYS,
  VOICE_TOAST_MESSAGES_EN,
  type CommandResult,
  type ParsedVoiceMessage,
} from '../../../src/voice/commands'
import { existsSync, readFileSync } from 'node:fs'

function fakeExecutor() {
  const ran: ParsedVoiceMessage[] = []
  return {
    ran,
    executeParsed: (p: ParsedVoiceMessage): CommandResult => {
      ran.push(p)
      return p.kind === 'command' ? { status: 'executed', command: p.command } : { status: 'invalid', issues: [] }
    },
  }
}

describe('createCommandRouter de-duplication', () => {
  it('runs the same command arriving by realtime and by tool call once (no ids, within the window)', () => {
    let t = 1000
    const executor = fakeExecutor()
    const onCommand = vi.fn()
    const router = createCommandRouter({ executor, now: () => t, logger: {}, onCommand })
    expect(router.route({ action: 'click', targetText: 'Watch Demo' }, 'realtime').status).toBe('executed')
    t += 400
    expect(router.route({ type: 'CLICK', targetText: '  watch   demo ' }, 'tool-call').status).toBe('duplicate')
    expect(executor.ran).toHaveLength(1)
    expect(onCommand).toHaveBeenCalledTimes(1)
    expect(onCommand).toHaveBeenCalledWith(expect.objectContaining({ action: 'click' }), 'realtime')
  })

  it('runs it again after the window', () => {
    let t = 0
    const executor = fakeExecutor()
    const router = createCommandRouter({ executor, now: () => t, logger: {}, windowMs: 1500 })
    router.route({ action: 'scroll', direction: 'down' })
    t = 1501
    expect(router.route({ action: 'scroll', direction: 'down' }).status).toBe('executed')
    expect(executor.ran).toHaveLength(2)
  })

  it('de-duplicates by id across sources for a long time, even with different content spelling', () => {
    let t = 0
    const executor = fakeExecutor()
    const router = createCommandRouter({ executor, now: () => t, logger: {} })
    router.route({ id: 'call_1', action: 'fill', fieldType: 'email', value: 'a@b.co' }, 'tool-call')
    t = 30_000
    expect(
      router.route({ toolCallId: 'call_1', action: 'fill', fieldType: 'email', value: 'a@b.co' }, 'realtime').status,
    ).toBe('duplicate')
    t = 61_000 + 30_000
    expect(router.route({ id: 'call_1', action: 'fill', fieldType: 'email', value: 'a@b.co' }).status).toBe('executed')
  })

  it('treats an id-less copy of an id-carrying command as the same command within the window', () => {
    let t = 0
    const executor = fakeExecutor()
    const router = createCommandRouter({ executor, now: () => t, logger: {} })
    router.route({ id: 'call_9', action: 'toggle', targetText: 'newsletter' }, 'tool-call')
    t = 200
    expect(router.route({ action: 'toggle', targetText: 'Newsletter' }, 'realtime').status).toBe('duplicate')
  })

  it('keeps two deliberate commands with distinct ids ("scroll down" twice)', () => {
    const executor = fakeExecutor()
    const router = createCommandRouter({ executor, now: () => 5, logger: {} })
    router.route({ id: 'a', action: 'scroll', direction: 'down' })
    expect(router.route({ id: 'b', action: 'scroll', direction: 'down' }).status).toBe('executed')
  })

  it('never de-duplicates invalid or unknown messages and forgets everything on reset()', () => {
    const executor = fakeExecutor()
    const router = createCommandRouter({ executor, now: () => 0, logger: {} })
    router.route({ nope: true })
    router.route({ nope: true })
    router.route({ action: 'dance' })
    router.route({ action: 'dance' })
    expect(executor.ran).toHaveLength(4)
    router.route({ action: 'scroll', direction: 'top' })
    router.reset()
    expect(router.route({ action: 'scroll', direction: 'top' }).status).toBe('executed')
  })

  it('survives a throwing clock and a throwing onCommand', () => {
    const executor = fakeExecutor()
    const router = createCommandRouter({
      executor,
      logger: {},
      now: () => {
        throw new Error('clock')
      },
      onCommand: () => {
        throw new Error('ui')
      },
    })
    expect(router.route({ action: 'scroll', direction: 'top' }).status).toBe('executed')
  })
})

describe('schema', () => {
  it('normalises into the typed union', () => {
    expect(
      parseVoiceCommand({ type: 'Fill', fieldType: 'E-Mail', targetText: 'work email', value: 42, extra: { x: 1 } }),
    ).toEqual({
      kind: 'command',
      command: { action: 'fill', value: '42', fieldHint: 'work email', fieldType: 'email' },
    })
    expect(
      parseVoiceCommand({ action: 'toggle', fieldHint: 'dark mode', value: 'off', role: null, commandId: 7 }),
    ).toEqual({
      kind: 'command',
      command: { action: 'toggle', targetText: 'dark mode', state: false, id: '7' },
    })
    expect(parseVoiceCommand({ action: 'teleport' })).toEqual({
      kind: 'unknown',
      command: { action: 'unknown', type: 'teleport' },
    })
  })

  it('rejects hostile shapes', () => {
    const polluted = JSON.parse('{"__proto__": {"polluted": true}, "action": "scroll"}')
    expect(parseVoiceCommand(polluted).kind).toBe('command')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(parseVoiceCommand({ action: 'click', targetText: 'x'.repeat(100_000) }).kind).toBe('invalid')
    expect(parseVoiceCommand({ action: 'click', role: 'button], *' }).kind).toBe('invalid')
    expect(parseVoiceCommand({ action: 'fill', value: true }).kind).toBe('invalid')
    expect(parseVoiceCommand({ action: 'fill', value: Number.NaN }).kind).toBe('invalid')
    expect(parseVoiceCommand(Object.create(null)).kind).toBe('invalid')
  })

  it('gives equal keys to equal commands', () => {
    const a = parseVoiceCommand({ action: 'click', targetText: 'Watch  Demo' })
    const b = parseVoiceCommand({ type: 'click', targetText: 'watch demo', id: 'z' })
    if (a.kind !== 'command' || b.kind !== 'command') throw new Error('expected commands')
    expect(commandKey(a.command)).toBe(commandKey(b.command))
  })
})

describe('toast copy', () => {
  it('is SPEC §8 verbatim', () => {
    expect(VOICE_TOAST_MESSAGES_EN.toast).toEqual({
      elementClicked: { title: 'Element Clicked' },
      fieldFilled: { title: 'Field Filled', description: 'Entered: {{value}}' },
      commandFailed: { title: 'Command Failed', description: 'Could not execute the voice command' },
      fieldNotFound: { title: 'Field Not Found', description: 'Could not locate the input field' },
      // our addition (not SPEC §8): the summary of refusals held back within a window
      commandsFailed: { title: 'Command Failed', description: 'More voice commands could not be executed: {{count}}' },
      // our addition (not SPEC §8): the popup blocker stopped a new tab
      popupBlocked: {
        title: 'New Tab Blocked',
        description: 'Your browser blocked the new tab. Open it here.',
        action: 'Open',
      },
    })
    expect(VOICE_TOAST_KEYS.fieldFilled.description).toBe('toast.fieldFilled.description')
  })

  it('matches locales/en/voice.json once the lead adds it', () => {
    const file = new URL('../../../locales/en/voice.json', import.meta.url)
    if (!existsSync(file)) return
    const json = JSON.parse(readFileSync(file, 'utf8')) as { toast?: unknown }
    expect(json.toast).toEqual(VOICE_TOAST_MESSAGES_EN.toast)
  })
})

describe('createCommandRouter: only cross-transport copies are duplicates', () => {
  it('runs every deliberate repeat from one transport ("scroll down, up, down" within 1.5 s)', () => {
    let t = 0
    const executor = fakeExecutor()
    const router = createCommandRouter({ executor, now: () => t, logger: {} })
    for (const direction of ['down', 'up', 'down', 'down']) {
      expect(router.route({ action: 'scroll', direction }, 'realtime').status).toBe('executed')
      t += 300
    }
    expect(executor.ran).toHaveLength(4)
  })

  it('pairs each tool call with at most one broadcast copy: a third identical command runs', () => {
    let t = 0
    const executor = fakeExecutor()
    const router = createCommandRouter({ executor, now: () => t, logger: {} })
    expect(router.route({ action: 'scroll', direction: 'down' }, 'tool-call').status).toBe('executed')
    t += 100
    expect(router.route({ action: 'scroll', direction: 'down' }, 'realtime').status).toBe('duplicate')
    t += 100
    expect(router.route({ action: 'scroll', direction: 'down' }, 'tool-call').status).toBe('executed')
    t += 100
    expect(router.route({ action: 'scroll', direction: 'down' }, 'realtime').status).toBe('duplicate')
    expect(executor.ran).toHaveLength(2)
  })

  it('an id repeated on the same transport is the same command (a re-delivery), a new id is not', () => {
    const executor = fakeExecutor()
    const router = createCommandRouter({ executor, now: () => 0, logger: {} })
    router.route({ id: 'c1', action: 'scroll', direction: 'down' }, 'realtime')
    expect(router.route({ id: 'c1', action: 'scroll', direction: 'down' }, 'realtime').status).toBe('duplicate')
    expect(router.route({ id: 'c2', action: 'scroll', direction: 'down' }, 'realtime').status).toBe('executed')
  })
})
