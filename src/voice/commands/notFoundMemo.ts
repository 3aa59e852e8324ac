/**
 * Reuses a "not found" answer while the page has not changed, so a flood of the same unmatchable command (a
 * confused assistant repeating itself, or a hostile sender on the broadcast channel) costs one page search, not
 * thousands: the same command (same {@link commandKey}) gets the same refusal for `ttlMs`, unless the document
 * changed since (any mutation of its tree, attributes or text, seen by a `MutationObserver` and its
 * `takeRecords()`, so a change made just before the command counts too). A found target is never reused: every
 * command that acts looks the page up afresh.
 *
 * Limits: mutations inside shadow roots and frames are not observed, so there a "not found" can outlive a change
 * by at most `ttlMs`. Where `MutationObserver` is missing (Node without a DOM) nothing is reused.
 */
import { commandKey, type VoiceCommand } from './schema'

/** How long a "not found" answer is reused for the same command on an unchanged document, in ms. */
export const NOT_FOUND_MEMO_MS = 1000

/** A lookup's outcome, as the executor's target choosers return it. */
type Choice = { ok: true } | { ok: false; reason: string; detail: string }

/** Options of {@link createNotFoundMemo}. */
export interface NotFoundMemoOptions {
  /** How long an answer is reused, in ms; 0 disables the memo. @default NOT_FOUND_MEMO_MS */
  ttlMs?: number
  /** Clock in ms (inject for tests). @default Date.now */
  now?: () => number
}

/** The memo returned by {@link createNotFoundMemo}. */
export interface NotFoundMemo {
  /** Runs `lookup` for `command` on `doc`, or returns the remembered "not found" answer (see the module doc). */
  choose<T extends Choice>(doc: Document, command: VoiceCommand, lookup: () => T): T
  /**
   * {@link NotFoundMemo.choose} in two halves, for a lookup that ends in a later task: the remembered answer, or
   * `keep`, to be called with the lookup's answer (judged against the document as it was when the lookup began).
   */
  begin<T extends Choice>(doc: Document, command: VoiceCommand): { answer: T } | { keep: (choice: T) => void }
  /** Stops observing and forgets every answer. */
  dispose(): void
}

/** Creates a {@link NotFoundMemo}. */
export function createNotFoundMemo(options: NotFoundMemoOptions = {}): NotFoundMemo {
  const ttlMs = Math.max(0, options.ttlMs ?? NOT_FOUND_MEMO_MS)
  const now = options.now ?? Date.now
  const answers = new Map<string, { version: number; at: number; choice: Choice }>()
  let observed: Document | undefined
  let observer: MutationObserver | undefined
  let version = 0

  /** The document's change counter, observing `doc` from its first use. */
  const versionOf = (doc: Document): number | undefined => {
    if (doc !== observed) {
      observer?.disconnect()
      observer = undefined
      answers.clear()
      observed = doc
      const MO =
        doc.defaultView?.MutationObserver ?? (typeof MutationObserver === 'undefined' ? undefined : MutationObserver)
      if (!MO) return undefined
      try {
        observer = new MO(() => void version++)
        observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true })
      } catch {
        observer = undefined
      }
    }
    if (!observer) return undefined
    if (observer.takeRecords().length > 0) version++
    return version
  }

  const nothingToKeep = { keep: () => {} }
  const begin = <T extends Choice>(doc: Document, command: VoiceCommand): { answer: T } | { keep: (c: T) => void } => {
    if (ttlMs === 0) return nothingToKeep
    const current = versionOf(doc)
    if (current === undefined) return nothingToKeep
    const key = commandKey(command)
    const known = answers.get(key)
    const t = now()
    if (known && known.version === current && t - known.at < ttlMs) return { answer: known.choice as T }
    return {
      keep: (choice: T) => {
        if (!choice.ok && choice.reason === 'not-found') {
          if (answers.size >= 256) answers.clear() // bounded: a sender varying its words cannot grow it
          answers.set(key, { version: current, at: t, choice })
        } else answers.delete(key)
      },
    }
  }
  return {
    begin,
    choose(doc, command, lookup) {
      const started = begin<ReturnType<typeof lookup>>(doc, command)
      if ('answer' in started) return started.answer
      const choice = lookup()
      started.keep(choice)
      return choice
    },
    dispose() {
      observer?.disconnect()
      observer = undefined
      observed = undefined
      answers.clear()
    },
  }
}
