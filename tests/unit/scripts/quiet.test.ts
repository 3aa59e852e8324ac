/** The site bench's "is anything else using the CPU" check (bench/lib/quiet.ts). */
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { busyBetween, busyShare, parseProcStat } from '../../../bench/lib/quiet'

// The first lines of a real Linux /proc/stat (2 cores): user nice system idle iowait irq softirq steal guest guest_nice.
const stat = (user: number, idle: number) =>
  `cpu  ${user} 10 ${user / 2} ${idle} 40 0 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\ncpu1 1 2 3 4 5 6 7 8 0 0\nintr 1234 5\nctxt 99\n`

describe('bench/lib/quiet', () => {
  it('reads busy and total jiffies from the aggregate cpu line (iowait counts as idle)', () => {
    expect(parseProcStat(stat(100, 1000))).toEqual({ busy: 100 + 10 + 50 + 0 + 5 + 0, total: 165 + 1000 + 40 })
    expect(() => parseProcStat('intr 1\n')).toThrow(/no aggregate "cpu" line/)
  })

  it('gives the busy share of the time between two readings', () => {
    const a = parseProcStat(stat(100, 1000))
    expect(busyBetween(a, parseProcStat(stat(100, 1200)))).toBe(0)
    const b = parseProcStat(stat(200, 1100)) // +150 busy (100 user, 50 system), +100 idle
    expect(busyBetween(a, b)).toBeCloseTo(150 / 250)
    expect(busyBetween(a, a)).toBe(0)
  })

  it('samples over a window, between two reads', async () => {
    const readings = [stat(100, 1000), stat(130, 1270)]
    const share = await busyShare(10, () => readings.shift()!)
    expect(share).toBeCloseTo(45 / 315)
  })

  it.runIf(existsSync('/proc/stat'))('measures this machine: a share between 0 and 1', async () => {
    const share = await busyShare(100)
    expect(share).toBeGreaterThanOrEqual(0)
    expect(share).toBeLessThanOrEqual(1)
  })
})
