import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import {
  clearDraft,
  loadDraft,
  saveDraft,
  WAITLIST_DRAFT_KEY,
  type DraftStorage,
} from '../../../src/components/WaitlistForm/draft'
import { createWaitlistSubmitter, WaitlistNotConfiguredError } from '../../../src/components/WaitlistForm/submit'
import { EMPTY_WAITLIST, type WaitlistValues } from '../../../src/components/WaitlistForm/validation'

const memory = (): DraftStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}
const throwing: DraftStorage = {
  getItem: () => {
    throw new Error('denied')
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError')
  },
  removeItem: () => {
    throw new Error('denied')
  },
}
const values = fc.record({
  name: fc.string({ unit: 'grapheme', maxLength: 8 }),
  email: fc.string({ maxLength: 8 }),
  phone: fc.string({ maxLength: 8 }),
  website: fc.string({ maxLength: 8 }),
  company: fc.string({ unit: 'binary', maxLength: 8 }),
  comments: fc.string({ unit: 'grapheme', maxLength: 30 }),
})

describe('waitlist draft', () => {
  it('load(save(x)) = x, or nothing when every field is empty', () =>
    fc.assert(
      fc.property(values, (v) => {
        const s = memory()
        saveDraft(s, v)
        const empty = Object.values(v).every((x) => x === '')
        expect(loadDraft(s)).toEqual(empty ? null : v)
        clearDraft(s)
        expect(s.map.has(WAITLIST_DRAFT_KEY)).toBe(false)
      }),
      { numRuns: 1000 },
    ))
  it('a throwing storage is tolerated everywhere', () => {
    expect(() => saveDraft(throwing, { ...EMPTY_WAITLIST, name: 'x' })).not.toThrow()
    expect(loadDraft(throwing)).toBeNull()
    expect(() => clearDraft(throwing)).not.toThrow()
    expect(loadDraft(null)).toBeNull()
  })
  it('corrupt or foreign data is ignored', () => {
    const s = memory()
    for (const raw of ['{', 'null', '42', '"x"', '{"name":7}', '[]']) {
      s.map.set(WAITLIST_DRAFT_KEY, raw)
      expect(loadDraft(s)).toBeNull()
    }
    s.map.set(WAITLIST_DRAFT_KEY, '{"name":"Asha","extra":1}')
    expect(loadDraft(s)).toEqual({ ...EMPTY_WAITLIST, name: 'Asha' })
  })
})

describe('waitlist submitter', () => {
  const entryIds = {
    name: 'entry.1',
    email: 'entry.2',
    phone: 'entry.3',
    company: 'entry.4',
    website: 'entry.5',
    comments: 'entry.6',
  }
  const app: WaitlistValues = {
    name: ' Asha ',
    email: 'a@b.co',
    phone: '+91 98765 43210',
    website: 'example.com',
    company: 'R&D = 100%',
    comments: 'नमस्ते 😀\nline 2',
  }
  it('POSTs the urlencoded body, no-cors, to the endpoint', async () => {
    const fetchImpl = vi.fn(async () => new Response(null))
    await createWaitlistSubmitter({ endpoint: 'https://forms.example/formResponse', entryIds }, fetchImpl)(app)
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('https://forms.example/formResponse')
    expect(init.method).toBe('POST')
    expect(init.mode).toBe('no-cors')
    expect(init.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(String(init.body)).toBe(
      'entry.1=Asha&entry.2=a%40b.co&entry.3=%2B91+98765+43210&entry.4=R%26D+%3D+100%25&entry.5=example.com&entry.6=%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%A4%E0%A5%87+%F0%9F%98%80%0Aline+2',
    )
  })
  it('a thrown request rejects', async () => {
    const err = new TypeError('Failed to fetch')
    await expect(
      createWaitlistSubmitter({ endpoint: 'http://x.example', entryIds }, async () => Promise.reject(err))(app),
    ).rejects.toBe(err)
  })
  it('no endpoint: rejects with WaitlistNotConfiguredError and sends nothing', async () => {
    const fetchImpl = vi.fn(async () => new Response(null))
    await expect(createWaitlistSubmitter({ endpoint: '  ', entryIds }, fetchImpl)(app)).rejects.toBeInstanceOf(
      WaitlistNotConfiguredError,
    )
    expect(fetchImpl).not.toHaveBeenCalled()
  })
})
