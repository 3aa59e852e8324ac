import { vi } from 'vitest'

/**
 * Waits until a session has done what follows call-start (src/voice/session/session.ts `onCallStart`): the frame
 * that paints Listening, the task after it (which requests the acting half, ./actions.ts, joins the realtime
 * channel and sends the page map), then that chunk's dynamic import. With real timers, or with Vitest's fake ones
 * (which fake `requestAnimationFrame` too): then two frames' worth of fake time, 32 ms, are run.
 */
export async function afterCallStart(): Promise<void> {
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(32)
  else await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  await vi.dynamicImportSettled()
}
