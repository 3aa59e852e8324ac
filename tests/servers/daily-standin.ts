/**
 * daily-js, stood in for a browser build (the bench and end-to-end builds alias `@daily-co/daily-js` to this
 * module): the engine's test double ({@link FakeDailyCall}, tests/unit/engine/fakes.ts) with what the real call
 * object does that a page can observe — `join()` asks for the microphone with `getUserMedia` as daily-js does
 * when `audioSource` is on, the room's assistant says "listening" once joined (as Vapi's server does), and
 * `destroy()` stops the tracks it captured. Both this project's engine and `@vapi-ai/web` run on it unchanged.
 *
 * Knobs (window globals, read at `join()`): `__dailyStandIn.listeningDelayMs` (default 0);
 * `__dailyStandIn.roomServer`, the URL of a server that holds the rooms (tests/servers/daily-rooms.ts): then `join()`
 * joins the room there and fails as daily-js does when the room no longer exists (Daily's `error` event with
 * `error.type` `no-room`, then `left-meeting`), and leaving (`leave()`, `destroy()`, the page going away) tells the
 * server with `sendBeacon`. Without it the room lives in the page.
 * `__dailyStandIn.maxAppMessageSize`: the app-message limit the room's join answer carries (daily-js's
 * `internal._maxAppMessageSize`; default: none, so daily-js's 4096) — `sendAppMessage` throws above it exactly
 * as daily-js 0.87.0 does (tests/unit/engine/fakes.ts).
 * `__dailyStandIn.noiseCancellationError` (e.g. `KrispInitError: Canceled`): `updateInputSettings` asking for
 * noise cancellation rejects with it, as daily-js does when Krisp cannot start in the browser;
 * `__dailyStandIn.audioObserverError`: `startRemoteParticipantsAudioLevelObserver` rejects with it.
 */
import { FakeDailyCall } from '../unit/engine/fakes'

interface StandInSettings {
  listeningDelayMs?: number
  roomServer?: string
  maxAppMessageSize?: number
  noiseCancellationError?: string
  audioObserverError?: string
}

const settings = (): StandInSettings => ((globalThis as { __dailyStandIn?: StandInSettings }).__dailyStandIn ??= {})

/** A Daily call object whose join captures the microphone and whose room answers "listening". */
export class BrowserDailyCall extends FakeDailyCall {
  #stream: MediaStream | undefined
  /** The room joined on the room server, until left. */
  #room: { server: string; url: string } | undefined

  override async join(options: unknown): Promise<unknown> {
    const audio = (this.options as { audioSource?: unknown } | undefined)?.audioSource
    if (audio !== false && typeof navigator !== 'undefined' && navigator.mediaDevices) {
      this.#stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    }
    const server = settings().roomServer
    const url = String((options as { url?: unknown } | undefined)?.url ?? '')
    if (server) {
      const res = await fetch(`${server}/daily/rooms/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      })
      if (!res.ok) {
        // daily-js: the meeting starts loading, then the `error` event names the room's problem, then left-meeting;
        // join() rejects.
        const { error } = (await res.json()) as { error: { type: string; msg: string } }
        this.calls.push(['join', options])
        for (const event of ['loading', 'loaded', 'joining-meeting']) this.emit(event)
        this.emit('error', { errorMsg: error.msg, error })
        this.emit('left-meeting')
        throw new Error(error.msg)
      }
      this.#room = { server, url }
      addEventListener('pagehide', this.#leaveRoom)
    }
    this.roomMaxAppMessageSize = settings().maxAppMessageSize
    const { noiseCancellationError, audioObserverError } = settings()
    if (noiseCancellationError) this.fail.noiseCancellation = new Error(noiseCancellationError)
    if (audioObserverError) this.fail.startRemoteParticipantsAudioLevelObserver = new Error(audioObserverError)
    const joined = await super.join(options)
    const delay = settings().listeningDelayMs ?? 0
    setTimeout(() => {
      if (this.joined) this.appMessage('listening')
    }, delay)
    return joined
  }

  override async leave(): Promise<void> {
    this.#leaveRoom()
    await super.leave()
  }

  override async destroy(): Promise<void> {
    for (const t of this.#stream?.getTracks() ?? []) t.stop()
    this.#stream = undefined
    this.#leaveRoom()
    await super.destroy()
  }

  /**
   * daily-js's sendAppMessage; in a room held by the room server, Live Call Control's `end-call` ends the call
   * there, as Vapi's participant in the room does.
   */
  override sendAppMessage(data: unknown, to?: string): this {
    super.sendAppMessage(data, to)
    const room = this.#room
    let type: unknown
    try {
      type = (JSON.parse(String(data)) as { type?: unknown }).type
    } catch {
      type = undefined
    }
    if (room && type === 'end-call')
      navigator.sendBeacon(`${room.server}/daily/rooms/end`, JSON.stringify({ url: room.url }))
    return this
  }

  /** Tells the room server this participant left (once; a beacon survives the page's unload). */
  readonly #leaveRoom = (): void => {
    const room = this.#room
    if (!room) return
    this.#room = undefined
    removeEventListener('pagehide', this.#leaveRoom)
    navigator.sendBeacon(`${room.server}/daily/rooms/leave`, JSON.stringify({ url: room.url }))
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
