/**
 * Pre-call network diagnostics, as `@vapi-ai/web` 2.7.1's `Vapi.runNetworkTestsStandalone()`: a temporary
 * Daily call object runs Daily's `testNetworkConnectivity` (can media be relayed through Daily's TURN servers)
 * and `testWebsocketConnectivity` (can Daily's signalling websockets be opened, per region), and is always
 * destroyed afterwards. The widget offers it when a start fails.
 * @module
 */
import type { DailyNetworkConnectivityTestStats, DailyWebsocketConnectivityTestResults } from '@daily-co/daily-js'
import { type CallObjectFactory, type DailyCallLike, createDailyCallObject } from './daily'

/** A test that could not run: `error` is the thrown error's text. */
export interface DiagnosticFailure {
  result: 'error'
  error: string
}

/**
 * What {@link runNetworkDiagnostics} found (the shape of `Vapi.runNetworkTestsStandalone()`'s result, minus
 * `callQuality`, see below).
 * - `networkConnectivity`: Daily's `{ result: 'passed' | 'failed' | 'aborted' }` (TURN relay), or a
 *   {@link DiagnosticFailure};
 * - `websocketConnectivity`: Daily's `{ result: 'passed' | 'failed' | 'warning' | 'aborted', passedRegions,
 *   failedRegions, abortedRegions }`, or a {@link DiagnosticFailure};
 * - `error`: set (and both tests absent) when the temporary call object could not be created (daily-js did
 *   not load, or a call object already exists: daily-js allows one at a time, so run it between calls).
 */
export interface NetworkDiagnostics {
  networkConnectivity?: DailyNetworkConnectivityTestStats | DiagnosticFailure
  websocketConnectivity?: DailyWebsocketConnectivityTestResults | DiagnosticFailure
  error?: string
}

/** Options of {@link runNetworkDiagnostics}; everything that touches the outside world can be injected. */
export interface NetworkDiagnosticsOptions {
  /** Creates the temporary call object. @default daily-js's `createCallObject`, imported on first use */
  createCallObject?: CallObjectFactory
  /**
   * The video track Daily's TURN test sends. @default a 1 fps track of a blank `<canvas>` (`captureStream`),
   * so no camera is asked for (the reference asks for the camera with `getUserMedia({ video: true })`, a
   * prompt a voice widget's visitor should never see); `null` when the browser has no `captureStream`.
   */
  videoTrack?: () => MediaStreamTrack | null
}

/** A silent 1 fps video track drawn from a blank canvas, or `null` without a DOM / `captureStream`. */
function canvasTrack(): MediaStreamTrack | null {
  if (typeof document === 'undefined') return null
  const canvas = document.createElement('canvas')
  canvas.width = 16
  canvas.height = 16
  canvas.getContext('2d')?.fillRect(0, 0, 16, 16)
  const capture = (canvas as { captureStream?: (fps?: number) => MediaStream }).captureStream
  return capture ? (capture.call(canvas, 1).getVideoTracks()[0] ?? null) : null
}

/**
 * Runs the pre-call network tests (see {@link NetworkDiagnostics}). Never rejects; each test's failure is
 * recorded in its own field, and the temporary call object is destroyed and the video track stopped on every
 * path. Differences from `Vapi.runNetworkTestsStandalone()`: no camera prompt (a canvas track), no
 * `callQuality` test (it needs `startCamera()`), no console output.
 */
export async function runNetworkDiagnostics(options: NetworkDiagnosticsOptions = {}): Promise<NetworkDiagnostics> {
  const results: NetworkDiagnostics = {}
  let call: DailyCallLike | undefined
  try {
    call = await (options.createCallObject ?? createDailyCallObject)({
      audioSource: true,
      videoSource: false,
      dailyConfig: {},
    })
  } catch (error) {
    // `String(error)` throughout, as @vapi-ai/web's runNetworkTestsStandalone writes `error?.toString()`.
    results.error = String(error)
    return results
  }
  try {
    let track: MediaStreamTrack | null = null
    try {
      track = (options.videoTrack ?? canvasTrack)()
      if (!track) throw new Error('No video track to test with (no canvas captureStream).')
      if (!call.testNetworkConnectivity) throw new Error('testNetworkConnectivity is not available.')
      results.networkConnectivity = await call.testNetworkConnectivity(track)
    } catch (error) {
      results.networkConnectivity = { result: 'error', error: String(error) }
    } finally {
      track?.stop()
    }
    try {
      if (!call.testWebsocketConnectivity) throw new Error('testWebsocketConnectivity is not available.')
      results.websocketConnectivity = await call.testWebsocketConnectivity()
    } catch (error) {
      results.websocketConnectivity = { result: 'error', error: String(error) }
    }
  } finally {
    try {
      await call.destroy()
    } catch {
      // Nothing more to release: the call object is gone or going either way.
    }
  }
  return results
}
