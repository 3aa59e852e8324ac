/**
 * Importing the engine in Node (or during pre-rendering) touches no browser global and does not load daily-js;
 * daily-js is imported inside start().
 */
import { afterEach, expect, it, vi } from 'vitest'
import { FakeDailyCall, FakeClock, WEB_CALL, quietLogger } from './fakes'

const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'MediaStream',
  'HTMLAudioElement',
  'location',
  'self',
  'AudioContext',
]

afterEach(() => {
  vi.doUnmock('@daily-co/daily-js')
  vi.resetModules()
})

it('import + construct touch no browser global; daily-js loads only inside start()', async () => {
  let dailyLoaded = 0
  const created: FakeDailyCall[] = []
  vi.resetModules()
  vi.doMock('@daily-co/daily-js', () => {
    dailyLoaded++
    return { default: { createCallObject: (o: unknown) => (created.push(new FakeDailyCall(o)), created.at(-1)) } }
  })

  const touched: string[] = []
  const restore: (() => void)[] = []
  for (const name of BROWSER_GLOBALS) {
    const own = Object.getOwnPropertyDescriptor(globalThis, name)
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name)
        return undefined
      },
    })
    restore.push(() => {
      if (own) Object.defineProperty(globalThis, name, own)
      else delete (globalThis as Record<string, unknown>)[name]
    })
  }
  let mod: typeof import('../../../src/voice/engine')
  try {
    mod = await import('../../../src/voice/engine')
    new mod.VoiceCall({ publicKey: 'pk' })
    new mod.VoiceCall({ publicKey: 'pk', apiBaseUrl: 'https://example.test' })
  } finally {
    for (const r of restore) r()
  }
  expect(touched).toEqual([])
  expect(dailyLoaded).toBe(0)

  const engine = new mod.VoiceCall({
    publicKey: 'pk',
    createWebCall: async () => ({ ...WEB_CALL }),
    isMobile: () => false,
    clock: new FakeClock(),
    logger: quietLogger(),
  })
  expect(await engine.start('asst_1')).not.toBeNull()
  expect(dailyLoaded).toBe(1)
  expect(created).toHaveLength(1)
  await engine.stop()
})
