/**
 * The conversation as the widget keeps it: the finished turns of both sides, newest last, capped in memory.
 * Pure data, no DOM (the open panel draws it: ./conversationView.ts).
 * @module
 */

/**
 * Most finished turns kept in memory and drawn (50): a long call keeps the widget's memory and DOM flat; the
 * oldest turn goes first.
 */
export const TRANSCRIPT_CAP = 50

/** One finished turn of the conversation. */
export interface ConversationTurn {
  /** Increasing per widget (never reused, also across calls): what the panel announces once and keys its DOM by. */
  id: number
  /** The visitor (`user`) or the assistant. */
  role: 'user' | 'assistant'
  /** What was said (a final transcript) or typed. */
  text: string
  /** The visitor typed it (sent as an `add-message`) rather than said it. */
  typed?: boolean
}

/** What is being said right now (the latest partial transcript of one side). */
export interface PartialTurn {
  role: 'user' | 'assistant'
  text: string
}

/**
 * Returns `turns` with `turn` appended and the oldest dropped beyond `cap` (a new array; `turns` is untouched).
 * @param cap - most turns kept, ≥ 1. @default {@link TRANSCRIPT_CAP}
 */
export function appendTurn(
  turns: readonly ConversationTurn[],
  turn: ConversationTurn,
  cap: number = TRANSCRIPT_CAP,
): readonly ConversationTurn[] {
  const next = [...turns, turn]
  return next.length > cap ? next.slice(next.length - Math.max(1, cap)) : next
}
