// @vitest-environment happy-dom
/**
 * The idle widget's derivation and toasts, without a mounted widget: src/voice/widget/widgetView.ts
 * `describeWidget` (SPEC §4 states, §8 Configuration Required) and src/voice/widget/toastStack.ts (at most `max`,
 * oldest first, paused while hovered, Escape's newest-first dismissal, focus kept in the widget).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WidgetState } from '../../../src/voice/widget/controller'
import { createToastStack } from '../../../src/voice/widget/toastStack'
import { describeWidget, problemHintKey, type WidgetViewContext } from '../../../src/voice/widget/widgetView'

const idle: WidgetState = {
  status: 'idle',
  transcript: '',
  sessionId: '',
  reconnecting: false,
  turns: [],
  partial: null,
  muted: false,
  canMute: false,
  stage: null,
  network: 'good',
  problem: null,
  chat: 'closed',
  chatBusy: false,
  diagnosis: null,
}
const voice: WidgetViewContext = { mode: 'voice', configured: true, explained: false, canCheckNetwork: true }

describe('describeWidget', () => {
  it('idle: the mic starts a call, the panel is hidden, nothing to hint', () => {
    const view = describeWidget(idle, voice)
    expect(view).toMatchObject({
      primaryLabelKey: 'widget.start',
      primaryIcon: 'mic',
      statusKey: 'widget.status.idle',
      panelHidden: true,
      hintKey: '',
      offerCheck: false,
      wantsConversation: false,
    })
  })

  it('connecting: cancel, spinner, the stage and its hint; a handed-over call says Reconnecting', () => {
    const view = describeWidget({ ...idle, status: 'connecting', stage: 'assistant' }, voice)
    expect(view).toMatchObject({
      primaryLabelKey: 'widget.cancel',
      primaryIcon: 'spinner',
      stageKey: 'widget.stage.assistant',
      hintKey: 'widget.hints.connecting',
      panelHidden: false,
      wantsConversation: true,
    })
    expect(describeWidget({ ...idle, status: 'connecting', reconnecting: true }, voice).statusKey).toBe(
      'widget.status.reconnecting',
    )
  })

  it('listening: stop; the network and mute hints win over "listening", never "press the mic"', () => {
    const listening = { ...idle, status: 'listening' as const }
    expect(describeWidget(listening, voice)).toMatchObject({
      primaryLabelKey: 'widget.stop',
      primaryIcon: 'stop',
      active: true,
      hintKey: 'widget.hints.listening',
    })
    expect(describeWidget({ ...listening, network: 'poor' }, voice)).toMatchObject({
      statusKey: 'widget.network.poor',
      hintKey: 'widget.hints.poor',
    })
    expect(describeWidget({ ...listening, network: 'interrupted' }, voice).statusKey).toBe('widget.status.reconnecting')
    expect(describeWidget({ ...listening, muted: true }, voice).hintKey).toBe('widget.hints.muted')
  })

  it('a problem the network may explain offers the check; a blocked microphone does not', () => {
    const failed = describeWidget({ ...idle, problem: 'network', diagnosis: 'blocked' }, voice)
    expect(failed).toMatchObject({
      explaining: true,
      statusKey: 'widget.problem.network.title',
      hintKey: 'widget.problem.network.hint',
      offerCheck: true,
      diagnosisKey: 'widget.diagnostics.blocked',
      panelHidden: false,
    })
    expect(describeWidget({ ...idle, problem: 'network' }, { ...voice, canCheckNetwork: false }).offerCheck).toBe(false)
    expect(describeWidget({ ...idle, problem: 'microphoneBlocked' }, voice).offerCheck).toBe(false)
    expect(describeWidget({ ...idle, problem: 'network', diagnosis: 'running' }, voice)).toMatchObject({
      checkLabelKey: 'widget.diagnostics.running',
      checkRunning: true,
      diagnosisKey: '',
    })
  })

  it("the microphone's hint names the browser's permission UI", () => {
    expect(problemHintKey('microphoneBlocked', 'Mozilla/5.0 Firefox/140.0')).toBe(
      'widget.problem.microphoneBlocked.hintFirefox',
    )
    expect(problemHintKey('microphoneBlocked', 'Mozilla/5.0 Version/18.0 Safari/605.1.15')).toBe(
      'widget.problem.microphoneBlocked.hintSafari',
    )
    expect(problemHintKey('microphoneBlocked', 'Mozilla/5.0 Chrome/140.0 Safari/537.36')).toBe(
      'widget.problem.microphoneBlocked.hint',
    )
  })

  it('unconfigured: says so, opens the panel only once the visitor pressed, hides the chat button', () => {
    const context = { ...voice, mode: 'hybrid' as const, configured: false }
    expect(describeWidget(idle, context)).toMatchObject({
      statusKey: 'widget.notConfigured',
      panelHidden: true,
      chatButtonHidden: true,
    })
    expect(describeWidget(idle, { ...context, explained: true }).panelHidden).toBe(false)
    expect(describeWidget({ ...idle, problem: 'network' }, context).explaining).toBe(false)
  })

  it('chat mode: the main button toggles the typed conversation, whose status says when it is busy', () => {
    const chat = { ...voice, mode: 'chat' as const }
    expect(describeWidget(idle, chat)).toMatchObject({ primaryLabelKey: 'widget.chat.open', primaryIcon: 'chat' })
    expect(describeWidget({ ...idle, chat: 'open', chatBusy: true }, chat)).toMatchObject({
      primaryLabelKey: 'widget.chat.close',
      primaryIcon: 'close',
      chatting: true,
      statusKey: 'widget.chat.status.busy',
      hintKey: 'widget.chat.hint',
      panelHidden: false,
      wantsConversation: true,
    })
  })
})

describe('createToastStack', () => {
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  const setup = (max = 2) => {
    const host = document.createElement('div')
    document.body.append(host)
    const shadow = host.attachShadow({ mode: 'open' })
    const container = document.createElement('section')
    const fallback = document.createElement('button')
    shadow.append(container, fallback)
    const focusFallback = vi.fn(() => fallback.focus())
    const stack = createToastStack({
      container,
      shadow,
      t: (key, _values, fallbackText) => fallbackText ?? key,
      focusFallback,
      durationMs: 1000,
      max,
    })
    return { stack, container, focusFallback }
  }
  const toast = (title: string) => ({ type: 'info' as const, titleKey: title, title })

  it('keeps at most `max` toasts, the oldest going first, each for its duration', () => {
    vi.useFakeTimers()
    const { stack, container } = setup(2)
    stack.show(toast('one'))
    stack.show(toast('two'))
    stack.show(toast('three'))
    expect([...container.querySelectorAll('.toast-title')].map((n) => n.textContent)).toEqual(['two', 'three'])
    vi.advanceTimersByTime(999)
    expect(stack.size).toBe(2)
    vi.advanceTimersByTime(1)
    expect(stack.size).toBe(0)
    expect(container.children).toHaveLength(0)
  })

  it('pauses while hovered and dismisses newest first; a focused toast hands focus back', () => {
    vi.useFakeTimers()
    const { stack, container, focusFallback } = setup(4)
    stack.show(toast('old'))
    stack.show(toast('new'))
    const newest = container.lastElementChild as HTMLElement
    newest.dispatchEvent(new Event('mouseenter'))
    vi.advanceTimersByTime(5000)
    expect(stack.size).toBe(1)
    ;(newest.querySelector('button.close') as HTMLButtonElement).focus()
    expect(stack.dismissNewest()).toBe(true)
    expect(focusFallback).toHaveBeenCalledTimes(1)
    expect(stack.dismissNewest()).toBe(false)
  })

  it('shows nothing once destroyed', () => {
    const { stack, container } = setup()
    stack.destroy()
    stack.show(toast('late'))
    expect(container.children).toHaveLength(0)
  })
})
