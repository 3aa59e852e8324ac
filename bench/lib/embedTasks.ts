/**
 * The embed's own main-thread work on a host page, observed rather than simulated: the page loads in Debian's
 * Chromium under a Chromium trace (`devtools.timeline`), for three seconds (the widget mounts when the browser is
 * idle, at most 2 s after the page is parsed). In each top-level task of the renderer's main thread (`RunTask`)
 * the embed's share is the time of its own events:
 *   - script evaluations and function calls whose script URL is on the embed's origin (with the style and layout
 *     work they force);
 *   - module evaluations (the trace gives those no URL: the host pages measured have no module scripts of their
 *     own, so every one is the embed's);
 *   - the style, layout and paint of the frame that first paints the widget (the host pages are static: nothing
 *     else changes after their load).
 *
 * Durations are Lighthouse's: its default (simulated) throttling takes the tasks of an unthrottled load and
 * multiplies them by its mobile CPU slowdown, ×4; Total Blocking Time counts the part of every task beyond
 * 50 ms. So here too the page loads unthrottled and every figure is ×4. Each task and share comes twice:
 * wall-clock time (what Lighthouse uses; on a busy 2-core machine it includes time the thread waited for a
 * core) and the main thread's own CPU time (`tdur`: what the embed's code costs, whatever else runs). Used by
 * bench/host.bench.ts.
 */
import { chromium } from 'playwright'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium'

/** Lighthouse's mobile CPU slowdown (simulated throttling's `cpuSlowdownMultiplier`). */
export const CPU_SLOWDOWN = 4

/** One task that ran embed code (ms, ×{@link CPU_SLOWDOWN}): wall-clock and thread CPU time, whole and embed share. */
export interface EmbedTask {
  taskMs: number
  embedMs: number
  taskCpuMs: number
  embedCpuMs: number
}
/** One load: the tasks that ran embed code, in page order. */
export type EmbedTaskDurations = EmbedTask[]

/** A Chromium trace event, as far as the benches read it (`X` events carry `dur` and `tdur`, µs). */
export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: { data?: { url?: string; type?: string; nodeName?: string } }
}

/** Lighthouse's long-task threshold, ms: the part of a task beyond it is blocking time. */
export const LONG_TASK_MS = 50

/** Rendering work of a frame (style, layout, paint): the widget's first frame counts as the embed's. */
const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'UpdateLayer'])

/**
 * Loads `url` `runs` times (a new page each) and returns each load's embed tasks.
 * @throws Error when the widget's mic is not drawn after 3 s, or no task ran embed code.
 */
export async function embedTasks(url: string, embedOrigin: string, runs: number): Promise<EmbedTaskDurations[]> {
  const executablePath = findChromium()
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS })
  const loads: EmbedTaskDurations[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage()
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] })
      await page.goto(url, { waitUntil: 'load' })
      // A fixed wait, not waitForFunction: Playwright's injected script would run on the same main thread.
      await page.waitForTimeout(3000)
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents
      const drawn = await page.evaluate(
        () => !!document.querySelector('[data-voiceos]')?.shadowRoot?.querySelector('[data-testid=voice-mic]'),
      )
      await page.close()
      if (!drawn) throw new Error(`the widget's mic was not drawn on ${url} within 3 s`)
      const scriptOfEmbed = (e: TraceEvent) =>
        e.name === 'v8.evaluateModule' || !!e.args?.data?.url?.startsWith(embedOrigin)
      const loader = events.find((e) => e.name === 'EvaluateScript' && scriptOfEmbed(e))
      if (!loader) throw new Error(`no embed script ran on ${url}`)
      const thread = events
        .filter((e) => e.pid === loader.pid && e.tid === loader.tid && e.ph === 'X' && e.dur !== undefined)
        .sort((a, b) => a.ts - b.ts)
      const tasks = thread.filter((e) => e.name === 'RunTask')
      const within = (task: TraceEvent, e: TraceEvent) => e.ts >= task.ts && e.ts < task.ts + task.dur!
      // The widget's first frame: the task that first paints its root (an <aside> in its shadow root).
      const widgetPaint = thread.find((e) => e.name === 'Paint' && /^ASIDE\b/.test(e.args?.data?.nodeName ?? ''))
      const widgetFrame = widgetPaint && tasks.find((t) => within(t, widgetPaint))
      const load: EmbedTaskDurations = []
      for (const task of tasks) {
        const ours = thread.filter(
          (e) => within(task, e) && (scriptOfEmbed(e) || (task === widgetFrame && RENDERING.has(e.name))),
        )
        let embedUs = 0
        let embedCpuUs = 0
        let coveredUntil = -Infinity // nested events (a call inside an evaluation) count once
        for (const e of ours) {
          const end = Math.min(e.ts + e.dur!, task.ts + task.dur!)
          if (end <= coveredUntil) continue
          const counted = end - Math.max(e.ts, coveredUntil)
          embedUs += counted
          embedCpuUs += e.dur! > 0 ? ((e.tdur ?? e.dur!) * counted) / e.dur! : 0
          coveredUntil = end
        }
        if (embedUs > 0)
          load.push({
            taskMs: (CPU_SLOWDOWN * task.dur!) / 1000,
            embedMs: (CPU_SLOWDOWN * embedUs) / 1000,
            taskCpuMs: (CPU_SLOWDOWN * (task.tdur ?? task.dur!)) / 1000,
            embedCpuMs: (CPU_SLOWDOWN * embedCpuUs) / 1000,
          })
      }
      loads.push(load)
    }
  } finally {
    await browser.close()
  }
  return loads
}

/**
 * The blocking time (the part of a task beyond {@link LONG_TASK_MS}) the embed's shares add to one load, summed
 * (ms): by wall-clock time (`'wall'`, what Lighthouse counts) or by the main thread's CPU time (`'cpu'`).
 */
export function addedBlockingMs(tasks: EmbedTaskDurations, clock: 'wall' | 'cpu' = 'wall'): number {
  const blocking = (ms: number) => Math.max(0, ms - LONG_TASK_MS)
  return tasks.reduce((sum, t) => {
    const [task, share] = clock === 'wall' ? [t.taskMs, t.embedMs] : [t.taskCpuMs, t.embedCpuMs]
    return sum + blocking(task) - blocking(task - share)
  }, 0)
}
