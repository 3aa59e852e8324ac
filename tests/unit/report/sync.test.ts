/**
 * The sync's window arithmetic (scripts/report/sync.ts): a full answer's window is cut into pieces that cover it
 * exactly, sized by what came back; the cursor of windows still to fetch survives the database; a cursor of an
 * older version is not read.
 */
import { describe, expect, it } from 'vitest'
import { formatCursor, parseCursor, splitSpan } from '../../../scripts/report/sync'

const T = Date.parse('2026-10-01T00:00:00Z')
const H = 3_600_000
const iso = (t: number) => new Date(t).toISOString()

/** Pieces cover `[lo, hi)` in order, without gap or overlap, each non-empty. */
function expectCover(pieces: [number, number][], lo: number, hi: number) {
  expect(pieces[0]![0]).toBe(lo)
  expect(pieces.at(-1)![1]).toBe(hi)
  pieces.forEach(([a, b], i) => {
    expect(b).toBeGreaterThan(a)
    if (i > 0) expect(a).toBe(pieces[i - 1]![1])
  })
}

describe('splitSpan', () => {
  it("newest first: what came back is halved, the older side cut in pieces of that half's length, the rest whole", () => {
    const lo = T - 1000 * H
    const hi = T + 10 * H
    // 100 calls, one every 6 minutes over the last 10 hours: the newest page.
    const createdAt = Array.from({ length: 100 }, (_, i) => iso(T + i * 360_000))
    const pieces = splitSpan([lo, hi], createdAt, 100, 'call')
    expectCover(pieces, lo, hi)
    const half = Math.ceil((T + 99 * 360_000 + 1 - T) / 2)
    expect(pieces.filter(([a, b]) => b - a === half).length).toBeGreaterThanOrEqual(8)
    expect(pieces.length).toBeLessThanOrEqual(2 + 8 + 1 + 2)
  })

  it('in no order, what came back spans the window: it is halved', () => {
    const createdAt = [T, T + 5 * H, T + 9 * H, T + 2 * H].map(iso)
    const pieces = splitSpan([T, T + 10 * H], createdAt, 4, 'call')
    expectCover(pieces, T, T + 10 * H)
  })

  it('a window of one millisecond cannot be cut: the error says what to do', () => {
    expect(() => splitSpan([T, T + 1], [iso(T)], 1, 'chat')).toThrow(
      /More than 1 chats were created at .*larger page size/,
    )
  })
})

describe('the cursor', () => {
  it('round-trips the windows still to fetch', () => {
    const spans: [number, number][] = [
      [T, T + H],
      [T + 2 * H, T + 3 * H],
    ]
    expect(parseCursor(formatCursor(spans))).toEqual(spans)
  })

  it("an older version's cursor (a createdAtLe instant, a page number) is not read", () => {
    expect(parseCursor('2026-10-01T00:00:00.000Z')).toBeNull()
    expect(parseCursor('3')).toBeNull()
    expect(parseCursor('')).toBeNull()
    expect(parseCursor('[["2026-10-02T00:00:00Z","2026-10-01T00:00:00Z"]]')).toBeNull()
  })
})
