/**
 * The embed's own main-thread work on a host page, observed rather than simulated: the page loads in Debian's
 * Chromium with the CPU slowed ×4 through CDP (Lighthouse's mobile CPU multiplier), under a Chromium trace
 * (`devtools.timeline`), until the widget's mic is drawn and one second more. In each top-level task of the
 * renderer's main thread (`RunTask`) the embed's share is the time of its own events: script evaluations and
 * function calls whose script URL is on the embed's origin (with the style and layout work they cause), and
 * module evaluations (the trace gives those no URL: the host pages measured have no module scripts of their own,
 * so every one is the embed's).
 *
 * Lighthouse's Total Blocking Time counts the part of every task beyond 50 ms. What the embed adds to a task is
 * the difference between that part with and without the embed's share; at ×4 a share that leaves its task under
 * 50 ms adds nothing. Used by bench/host.bench.ts.
 */
import { chromium } from 'playwright'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium'

/** One task that ran embed code: its whole duration and the embed's share of it (ms, at CPU ×4). */
export interface EmbedTask {
  taskMs: number
  embedMs: number
}
/** One load: the tasks that ran embed code, in page order. */
export type EmbedTaskDurations = EmbedTask[]

/** A Chromium trace event, as far as the benches read it (`X` events carry `dur`, µs). */
export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { data?: { url?: string; type?: string } }
}

/** Lighthouse's long-task threshold, ms: the part of a task beyond it is blocking time. */
export const LONG_TASK_MS = 50

/**
 * Loads `url` `runs` times (a new page each) and returns each load's embed tasks.
 * @throws Error when the widget's mic is not drawn within 20 s, or no task ran embed code.
 */
export async function embedTasks(url: string, embedOrigin: string, runs: number): Promise<EmbedTaskDurations[]> {
  const executablePath = findChromium()
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS })
  const loads: EmbedTaskDurations[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage()
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] })
      await page.goto(url, { waitUntil: 'load' })
      await page.waitForFunction(
        () => document.querySelector('[data-voiceos]')?.shadowRoot?.querySelector('[data-testid=voice-mic]'),
        undefined,
        { timeout: 20_000 },
      )
      await page.waitForTimeout(1000)
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents
      await page.close()
      const ours = (e: TraceEvent) => e.name === 'v8.evaluateModule' || !!e.args?.data?.url?.startsWith(embedOrigin)
      const loader = events.find((e) => e.name === 'EvaluateScript' && ours(e))
      if (!loader) throw new Error(`no embed script ran on ${url}`)
      const thread = events
        .filter((e) => e.pid === loader.pid && e.tid === loader.tid && e.ph === 'X' && e.dur !== undefined)
        .sort((a, b) => a.ts - b.ts)
      const embedEvents = thread.filter(ours)
      const load: EmbedTaskDurations = []
      for (const task of thread.filter((e) => e.name === 'RunTask')) {
        let embedUs = 0
        let coveredUntil = -Infinity // nested embed events (a call inside an evaluation) count once
        for (const e of embedEvents) {
          if (e.ts < task.ts || e.ts >= task.ts + task.dur!) continue
          const end = Math.min(e.ts + e.dur!, task.ts + task.dur!)
          if (end <= coveredUntil) continue
          embedUs += end - Math.max(e.ts, coveredUntil)
          coveredUntil = end
        }
        if (embedUs > 0) load.push({ taskMs: task.dur! / 1000, embedMs: embedUs / 1000 })
      }
      loads.push(load)
    }
  } finally {
    await browser.close()
  }
  return loads
}

/** The blocking time (the part of a task beyond {@link LONG_TASK_MS}) the embed's shares add, summed (ms). */
export function addedBlockingMs(tasks: EmbedTaskDurations): number {
  const blocking = (ms: number) => Math.max(0, ms - LONG_TASK_MS)
  return tasks.reduce((sum, t) => sum + blocking(t.taskMs) - blocking(t.taskMs - t.embedMs), 0)
}
