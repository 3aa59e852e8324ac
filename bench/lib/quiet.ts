/**
 * Is anything else using the CPU right now? The site bench asks before every Lighthouse run.
 *
 * The 1-minute load average cannot answer that for the bench's own runs: it is an exponentially weighted average
 * over the last minute, so right after one Lighthouse run (Lighthouse and its Chromium keep about two cores busy)
 * it still reads 2–3 on a 2-core machine with nothing else running. What matters for simulated throttling is
 * whether *other* work shares the cores during the run, and that shows in the CPU time spent while the bench
 * itself is idle: {@link busyShare} samples `/proc/stat` (Linux) over a short window between runs.
 */
import { readFileSync } from 'node:fs'
import { loadavg, cpus } from 'node:os'

/** Jiffies of the aggregate `cpu` line of `/proc/stat`: busy (user, nice, system, irq, softirq, steal) and total. */
export function parseProcStat(text: string): { busy: number; total: number } {
  const line = text.split('\n').find((l) => /^cpu\s/.test(l))
  if (!line) throw new Error('no aggregate "cpu" line in /proc/stat')
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  const busy = user + nice + system + irq + softirq + steal
  return { busy, total: busy + idle + iowait }
}

/** Share (0–1) of all cores' time that was busy between two `/proc/stat` readings. */
export function busyBetween(before: { busy: number; total: number }, after: { busy: number; total: number }): number {
  const total = after.total - before.total
  return total > 0 ? (after.busy - before.busy) / total : 0
}

/**
 * Share (0–1) of all cores' time that was busy during the next `windowMs` (default 2000 ms), while the caller
 * waits doing nothing. Where `/proc/stat` does not exist (macOS, Windows), the 1-minute load average divided by
 * the number of cores, capped at 1, stands in.
 */
export async function busyShare(
  windowMs = 2000,
  read: () => string = () => readFileSync('/proc/stat', 'utf8'),
): Promise<number> {
  let before: { busy: number; total: number }
  try {
    before = parseProcStat(read())
  } catch {
    return Math.min(1, loadavg()[0]! / cpus().length)
  }
  await new Promise((resolve) => setTimeout(resolve, windowMs))
  return busyBetween(before, parseProcStat(read()))
}
