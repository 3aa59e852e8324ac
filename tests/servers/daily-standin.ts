/**
 * daily-js, stood in for a browser build (the bench and end-to-end builds alias `@daily-co/daily-js` to this
 * module): the engine's test double ({@link FakeDailyCall}, tests/unit/engine/fakes.ts) with what the real call
 * object does that a page can observe — `join()` asks for the microphone with `getUserMedia` as daily-js does
 * when `audioSource` is on, the room's assistant says "listening" once joined (as Vapi's server does), and
 * `destroy()` stops the tracks it captured. Both this project's engine and `@vapi-ai/web` run on it unchanged.
 *
 * Timing knobs (window globals, read at `join()`): `__dailyStandIn.listeningDelayMs` (default 0).
 */
import { FakeDailyCall } from '../unit/engine/fakes'

interface StandInSettings {
  listeningDelayMs?: number
}

const settings = (): StandInSettings => ((globalThis as { __dailyStandIn?: StandInSettings }).__dailyStandIn ??= {})

/** A Daily call object whose join captures the microphone and whose room answers "listening". */
export class BrowserDailyCall extends FakeDailyCall {
  #stream: MediaStream | undefined

  override async join(options: unknown): Promise<unknown> {
    const audio = (this.options as { audioSource?: unknown } | undefined)?.audioSource
    if (audio !== false && typeof navigator !== 'undefined' && navigator.mediaDevices) {
      this.#stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    }
    const joined = await super.join(options)
    const delay = settings().listeningDelayMs ?? 0
    setTimeout(() => {
      if (this.joined) this.appMessage('listening')
    }, delay)
    return joined
  }

  override async destroy(): Promise<void> {
    for (const t of this.#stream?.getTracks() ?? []) t.stop()
    this.#stream = undefined
    await super.destroy()
  }

  /** daily-js's participants(); @vapi-ai/web reads it. */
  participants(): Record<string, unknown> {
    return { local: { session_id: 'local-1', local: true, user_name: 'me' } }
  }
}

/** Call objects created so far (the page can inspect them: `window.__dailyCalls`). */
const created: BrowserDailyCall[] = ((globalThis as { __dailyCalls?: BrowserDailyCall[] }).__dailyCalls ??= [])

const DailyIframe = {
  createCallObject(options?: unknown): BrowserDailyCall {
    const call = new BrowserDailyCall(options)
    created.push(call)
    return call
  },
  supportedBrowser: () => ({
    supported: true,
    mobile: false,
    name: 'Chrome',
    version: '150',
    supportsScreenShare: true,
    supportsSfu: true,
    supportsVideoProcessing: true,
    supportsAudioProcessing: true,
  }),
}

export default DailyIframe
