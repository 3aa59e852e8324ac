import { EMPTY_WAITLIST, WAITLIST_FIELDS, type WaitlistValues } from './validation'

/** sessionStorage key of the unsent application (SPEC §4 "Waitlist form": on failure fields are kept, so nothing typed is lost). */
export const WAITLIST_DRAFT_KEY = 'voiceos.waitlist.draft'

/** The part of `Storage` a draft needs (sessionStorage, or an in-memory stand-in in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * The browser's sessionStorage, or `null` where there is none or reading it throws (SSR, blocked storage,
 * some private modes).
 */
export function sessionDraftStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/** The saved draft, or `null` when there is none, it is unreadable, or storage throws. */
export function loadDraft(storage: DraftStorage | null): WaitlistValues | null {
  if (!storage) return null
  try {
    const raw = storage.getItem(WAITLIST_DRAFT_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    if (!parsed || typeof parsed !== 'object') return null
    const draft = { ...EMPTY_WAITLIST }
    for (const f of WAITLIST_FIELDS) {
      const v = (parsed as Record<string, unknown>)[f]
      if (typeof v === 'string') draft[f] = v
    }
    return isEmptyDraft(draft) ? null : draft
  } catch {
    return null
  }
}

/** True when every field is empty (nothing worth keeping). */
export const isEmptyDraft = (values: Partial<WaitlistValues>): boolean => WAITLIST_FIELDS.every((f) => !values[f])

/** Saves the draft (removes it when empty); a throwing or full storage is ignored. */
export function saveDraft(storage: DraftStorage | null, values: Partial<WaitlistValues>): void {
  if (!storage) return
  try {
    if (isEmptyDraft(values)) {
      storage.removeItem(WAITLIST_DRAFT_KEY)
      return
    }
    const draft: Partial<WaitlistValues> = {}
    for (const f of WAITLIST_FIELDS) draft[f] = values[f] ?? ''
    storage.setItem(WAITLIST_DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // Storage full or denied: the form still works, only the draft is not kept.
  }
}

/** Forgets the draft (after a successful submit); a throwing storage is ignored. */
export function clearDraft(storage: DraftStorage | null): void {
  try {
    storage?.removeItem(WAITLIST_DRAFT_KEY)
  } catch {
    // ignore
  }
}
