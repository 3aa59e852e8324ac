// @vitest-environment happy-dom
/**
 * The widget's controller at the mic press (src/voice/widget/controller.ts): the press starts the call itself
 * (the factory's `prestart` runs inside the press, before any engine code has loaded), the engine is handed
 * that start, and a press that is cancelled or whose code fails to load leaves nothing running.
 */
import { describe, expect, it, vi } from 'vitest'
import type { PendingStart } from '../../../src/voice/engine/prestart'
import type { NetworkDiagnostics } from '../../../src/voice/engine/diagnostics'
import { ScriptedVoiceEngine } from '../../../src/voice/session/scriptedEngine'
import type { WidgetToast } from '../../../src/voice/session/types'
import { createWidgetController, type EngineFactory } from '../../../src/voice/widget'

function pendingStub(): PendingStart & { cancelled: number } {
  const p = {
    url: 'http://127.0.0.1/call/web',
    body: '{}',
    response: new Promise<Response>(() => undefined),
    microphone: null,
    taken: false,
    cancelled: 0,
    cancel: () => void p.cancelled++,
    releaseMicrophone: () => undefined,
  }
  return p
}

function harness(load: (pending?: PendingStart) => Promise<ScriptedVoiceEngine>) {
  const order: string[] = []
  const pending = pendingStub()
  const factory = vi.fn((p?: PendingStart) => {
    order.push('factory')
    return load(p)
  }) as unknown as EngineFactory & ReturnType<typeof vi.fn>
  factory.prestart = vi.fn((call) => {
    order.push(`prestart:${call.assistantId}:${JSON.stringify(call.assistantOverrides)}`)
    return pending
  })
  factory.preload = vi.fn(() => void order.push('preload'))
  const toasts: WidgetToast[] = []
  const controller = createWidgetController({
    configured: true,
    createEngine: factory,
    assistantId: 'asst_1',
    realtime: null,
    onState: () => undefined,
    notify: (t) => toasts.push(t),
    pageUrl: () => 'https://shop.example/p',
    logger: { info() {}, warn() {}, error() {} },
  })
  return { controller, factory, pending, order, toasts }
}

describe('the press starts the call itself', () => {
  it('prestarts inside the press with the session id and page URL the session then starts with, and hands that start to the engine', async () => {
    let gave: PendingStart | undefined
    const { controller, factory, pending, order } = harness(async (p) => {
      gave = p
      return new ScriptedVoiceEngine()
    })
    controller.toggle()
    // Synchronously, inside the press: the request and the microphone are already on their way.
    expect(order[0]).toMatch(
      /^prestart:asst_1:\{"variableValues":\{"sessionId":"session_[^"]+","url":"https:\/\/shop.example\/p"\}\}$/,
    )
    expect(order[0]).toContain(controller.state.sessionId)
    expect(controller.state.status).toBe('connecting')
    await vi.waitFor(() => expect(factory).toHaveBeenCalledTimes(1))
    expect(gave).toBe(pending)
    await controller.stop()
    expect(pending.cancelled).toBe(1) // stop after the takeover: cancel is idempotent in the real one
  })

  it('a second press while the code loads cancels the pending start', async () => {
    let release!: (e: ScriptedVoiceEngine) => void
    const { controller, pending } = harness(() => new Promise((r) => (release = r)))
    controller.toggle()
    controller.toggle()
    expect(pending.cancelled).toBe(1)
    expect(controller.state.status).toBe('idle')
    release(new ScriptedVoiceEngine())
    await new Promise((r) => setTimeout(r, 10))
    expect(controller.state.status).toBe('idle')
  })

  it('code that fails to load cancels the pending start and shows Connection Failed once', async () => {
    const { controller, pending, toasts } = harness(() => Promise.reject(new Error('chunk failed')))
    await controller.start()
    expect(pending.cancelled).toBeGreaterThanOrEqual(1)
    expect(toasts.map((t) => t.titleKey)).toEqual(['widget.toast.connectionFailed.title'])
    expect(controller.state.status).toBe('idle')
  })

  it('preload (intent) asks the factory once, and only when configured', () => {
    const { controller, factory } = harness(async () => new ScriptedVoiceEngine())
    controller.preload()
    controller.preload()
    expect(factory.preload).toHaveBeenCalledTimes(1)
  })
})

describe('the network check offered after a failed start (engine diagnostics)', () => {
  it('reads Daily’s two tests as reachable, blocked or unavailable', async () => {
    const { diagnosisOf } = await import('../../../src/voice/widget/controller')
    const ws = (result: 'passed' | 'failed' | 'warning' | 'aborted') => ({
      result,
      passedRegions: [],
      failedRegions: [],
      abortedRegions: [],
    })
    expect(diagnosisOf({ networkConnectivity: { result: 'passed' }, websocketConnectivity: ws('passed') })).toBe(
      'reachable',
    )
    expect(diagnosisOf({ networkConnectivity: { result: 'passed' }, websocketConnectivity: ws('warning') })).toBe(
      'reachable',
    )
    expect(diagnosisOf({ networkConnectivity: { result: 'failed' }, websocketConnectivity: ws('passed') })).toBe(
      'blocked',
    )
    expect(diagnosisOf({ networkConnectivity: { result: 'passed' }, websocketConnectivity: ws('failed') })).toBe(
      'blocked',
    )
    expect(diagnosisOf({ networkConnectivity: { result: 'aborted' }, websocketConnectivity: ws('passed') })).toBe(
      'unavailable',
    )
    expect(diagnosisOf({ error: 'daily-js did not load' })).toBe('unavailable')
    expect(diagnosisOf({ networkConnectivity: { result: 'error', error: 'x' } })).toBe('unavailable')
  })

  it('runs once at a time, only while idle; the next press or a dismissed problem clears what it found', async () => {
    let finish: (r: { networkConnectivity: { result: 'failed' } }) => void = () => undefined
    const factory = (() => new ScriptedVoiceEngine({ script: [] })) as unknown as EngineFactory
    factory.diagnose = vi.fn(() => new Promise<NetworkDiagnostics>((resolve) => (finish = resolve)))
    const controller = createWidgetController({
      configured: true,
      createEngine: factory,
      assistantId: 'asst_1',
      realtime: null,
      onState: () => undefined,
      notify: () => undefined,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    })
    expect(controller.canCheckNetwork).toBe(true)
    controller.checkNetwork()
    controller.checkNetwork()
    expect(factory.diagnose).toHaveBeenCalledTimes(1)
    expect(controller.state.diagnosis).toBe('running')
    finish({ networkConnectivity: { result: 'failed' } })
    await vi.waitFor(() => expect(controller.state.diagnosis).toBe('blocked'))
    controller.dismissProblem()
    expect(controller.state.diagnosis).toBeNull()
    controller.destroy()
  })
})
