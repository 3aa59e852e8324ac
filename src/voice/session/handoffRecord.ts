/**
 * The handoff record of one conversation across pages (README "One conversation across pages"; the rest is
 * ./handoff.ts): its shape, its key in the tab's sessionStorage, and how the next page claims it at load. Apart
 * from ./handoff.ts so that a page's start script, which claims a record, does not carry what only a running call
 * needs (watching for the page being hidden, ending a call).
 * @module
 */

/** sessionStorage key of the handoff record. */
export const HANDOFF_KEY = 'voiceos:handoff'
/** localStorage key prefix of claimed records' nonces. */
export const CLAIM_PREFIX = 'voiceos:claimed:'
/**
 * How long a handoff record stays valid after the page was hidden, ms. 30 s: a phone on a slow network may need
 * several seconds for the next document and its idle time before the widget mounts, so the window must be well
 * above a page load; beyond it the visitor has not come back (the record is ignored, and the call, left without
 * a participant, ends by the assistant's silence timeout, which `npm run assistant` sets to 30 s as well).
 */
export const HANDOFF_TTL_MS = 30_000

/** The web call as the record keeps it: only what rejoining and ending need. */
export interface HandoffWebCall {
  id: string
  webCallUrl: string
  artifactPlan?: { videoRecordingEnabled?: boolean }
  assistant?: { voice?: { provider?: string } }
  transport?: { callToken?: string }
  monitor?: { controlUrl?: string }
}

/**
 * Most turns of the conversation a record carries (the open panel's `TRANSCRIPT_CAP`), and the longest text of
 * one, in characters (a longer one is cut): the transcript so far, shown again on the next page.
 */
export const HANDOFF_TURNS_CAP = 50
export const HANDOFF_TURN_MAX_CHARS = 4000

/** One finished turn as a record carries it. */
export interface HandoffTurn {
  role: 'user' | 'assistant'
  text: string
  typed?: boolean
}

/** What every record a page hands the next page of its tab carries: its version and the claim rules' fields. */
export interface HandoffEnvelope {
  v: 1
  /** Random id: a record is claimed once (a duplicated tab's copy is refused). */
  nonce: string
  /** Clock time (ms since the epoch) the page was hidden. */
  savedAt: number
  /** Origin of the page that wrote it. */
  origin: string
  /** Our `session_…` id (the realtime channel and the `sessionId` variable). */
  sessionId: string
  assistantId: string
}

/** What a page in a call hands the next page of its tab. */
export interface HandoffRecord extends HandoffEnvelope {
  /** The conversation so far, oldest first (at most {@link HANDOFF_TURNS_CAP}); absent in older records. */
  turns?: HandoffTurn[]
  webCall: HandoffWebCall
}

/** The storages and globals the handoff uses; injectable for tests. */
export interface HandoffEnvironment {
  /** @default window */
  win?: Window
  /** @default window.sessionStorage */
  session?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  /** @default window.localStorage */
  local?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> | null
  /** @default Date.now */
  now?: () => number
}

export const storageOf = (win: Window | undefined, kind: 'sessionStorage' | 'localStorage'): Storage | null => {
  try {
    return win?.[kind] ?? null
  } catch {
    return null // storage disabled (third-party iframe, privacy settings)
  }
}

/** Keeps what {@link HandoffWebCall} lists of a web call; `null` when it has no room URL. */
export function handoffWebCall(webCall: unknown): HandoffWebCall | null {
  const w = webCall as Partial<HandoffWebCall> | null | undefined
  if (!w || typeof w.id !== 'string' || typeof w.webCallUrl !== 'string') return null
  const out: HandoffWebCall = { id: w.id, webCallUrl: w.webCallUrl }
  if (w.artifactPlan?.videoRecordingEnabled !== undefined)
    out.artifactPlan = { videoRecordingEnabled: !!w.artifactPlan.videoRecordingEnabled }
  const provider = w.assistant?.voice?.provider
  if (typeof provider === 'string') out.assistant = { voice: { provider } }
  if (typeof w.transport?.callToken === 'string') out.transport = { callToken: w.transport.callToken }
  if (typeof w.monitor?.controlUrl === 'string') out.monitor = { controlUrl: w.monitor.controlUrl }
  return out
}

/**
 * Reads this tab's handoff record at page load and claims it: returns it when it is valid (this origin, not
 * expired, not claimed before — a duplicated tab's copy is), and removes it from sessionStorage either way.
 * Returns `null` when there is none. Never throws.
 */
export function claimHandoff(env: HandoffEnvironment = {}): HandoffRecord | null {
  const win = env.win ?? (typeof window === 'undefined' ? undefined : window)
  const session = env.session === undefined ? storageOf(win, 'sessionStorage') : env.session
  const now = (env.now ?? Date.now)()
  let raw: string | null = null
  try {
    raw = session?.getItem(HANDOFF_KEY) ?? null
    if (raw !== null) session?.removeItem(HANDOFF_KEY)
  } catch {
    return null
  }
  if (raw === null) return null
  let record: HandoffRecord
  try {
    record = JSON.parse(raw) as HandoffRecord
  } catch {
    return null
  }
  if (
    record?.v !== 1 ||
    typeof record.nonce !== 'string' ||
    typeof record.savedAt !== 'number' ||
    !handoffWebCall(record.webCall) ||
    typeof record.sessionId !== 'string' ||
    typeof record.assistantId !== 'string'
  ) {
    return null
  }
  if (win && record.origin !== win.location.origin) return null
  if (!(now - record.savedAt >= 0 && now - record.savedAt <= HANDOFF_TTL_MS)) return null
  if (!claimNonce(record.nonce, win, env, now)) return null
  const turns = handoffTurns(record.turns)
  const { turns: _raw, ...rest } = record
  return turns.length ? { ...rest, turns } : rest
}

/** The valid turns of a record's `turns` (anything else dropped; text cut; the newest {@link HANDOFF_TURNS_CAP}). */
export function handoffTurns(raw: unknown): HandoffTurn[] {
  if (!Array.isArray(raw)) return []
  const out: HandoffTurn[] = []
  for (const t of raw.slice(-HANDOFF_TURNS_CAP) as unknown[]) {
    const turn = t as Partial<HandoffTurn> | null
    if (!turn || (turn.role !== 'user' && turn.role !== 'assistant') || typeof turn.text !== 'string') continue
    const text = turn.text.slice(0, HANDOFF_TURN_MAX_CHARS)
    if (text.trim() === '') continue
    out.push({ role: turn.role, text, ...(turn.typed === true && { typed: true }) })
  }
  return out
}

/**
 * Marks a record's nonce claimed in this origin's localStorage: `false` when it was claimed before (a duplicated
 * tab's copy). Without localStorage a duplicate cannot be told apart: `true` (sessionStorage was this tab's).
 */
export function claimNonce(nonce: string, win: Window | undefined, env: HandoffEnvironment, now: number): boolean {
  try {
    // localStorage only now, with a record in hand: its first use in a document opens the origin's storage with
    // a synchronous round trip to the browser, which a page load without a handoff (nearly all) does not pay.
    const local = env.local === undefined ? storageOf(win, 'localStorage') : env.local
    if (local) {
      if (local.getItem(CLAIM_PREFIX + nonce) !== null) return false // claimed by the tab this one was duplicated from
      local.setItem(CLAIM_PREFIX + nonce, String(now))
      // Forget marks older than the records they guard.
      for (let i = local.length - 1; i >= 0; i--) {
        const key = local.key(i)
        if (key?.startsWith(CLAIM_PREFIX) && now - Number(local.getItem(key)) > 2 * HANDOFF_TTL_MS)
          local.removeItem(key)
      }
    }
  } catch {
    /* without localStorage a duplicate cannot be told apart: still rejoin (sessionStorage was this tab's) */
  }
  return true
}

/** sessionStorage key of a typed chat's handoff record. */
export const CHAT_HANDOFF_KEY = 'voiceos:chat-handoff'

/**
 * What a page with an open typed chat hands the next page of its tab: the platform's chat session (its
 * `sessionId`, so the conversation goes on) and the transcript, with the call handoff's lifetime
 * ({@link HANDOFF_TTL_MS}) and claim rules (once per nonce; this tab's sessionStorage only).
 */
export interface ChatHandoffRecord extends HandoffEnvelope {
  /** The platform's chat session id (`POST /chat/web` `sessionId`); absent before the first answer. */
  chatSessionId?: string
  turns: HandoffTurn[]
}

const randomNonce = (win: Window | undefined): string => {
  const bytes = new Uint8Array(16)
  ;(win?.crypto ?? globalThis.crypto).getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Writes a chat's handoff record at pagehide. Returns whether it was stored. Never throws. */
export function saveChatHandoff(
  chat: Pick<ChatHandoffRecord, 'sessionId' | 'assistantId' | 'chatSessionId' | 'turns'>,
  env: HandoffEnvironment = {},
): boolean {
  const win = env.win ?? (typeof window === 'undefined' ? undefined : window)
  const session = env.session === undefined ? storageOf(win, 'sessionStorage') : env.session
  if (!win || !session) return false
  const record: ChatHandoffRecord = {
    v: 1,
    nonce: randomNonce(win),
    savedAt: (env.now ?? Date.now)(),
    origin: win.location.origin,
    sessionId: chat.sessionId,
    assistantId: chat.assistantId,
    ...(chat.chatSessionId !== undefined && { chatSessionId: chat.chatSessionId }),
    turns: handoffTurns(chat.turns),
  }
  try {
    session.setItem(CHAT_HANDOFF_KEY, JSON.stringify(record))
    return true
  } catch {
    return false
  }
}

/**
 * Reads this tab's chat handoff record at page load and claims it (the rules of {@link claimHandoff}); removes it
 * either way. Never throws.
 */
export function claimChatHandoff(env: HandoffEnvironment = {}): ChatHandoffRecord | null {
  const win = env.win ?? (typeof window === 'undefined' ? undefined : window)
  const session = env.session === undefined ? storageOf(win, 'sessionStorage') : env.session
  const now = (env.now ?? Date.now)()
  let record: Partial<ChatHandoffRecord> | null
  try {
    const raw = session?.getItem(CHAT_HANDOFF_KEY) ?? null
    if (raw === null) return null
    session?.removeItem(CHAT_HANDOFF_KEY)
    record = JSON.parse(raw) as Partial<ChatHandoffRecord> | null
  } catch {
    return null
  }
  if (
    record?.v !== 1 ||
    typeof record.nonce !== 'string' ||
    typeof record.savedAt !== 'number' ||
    typeof record.sessionId !== 'string' ||
    typeof record.assistantId !== 'string' ||
    typeof record.origin !== 'string' ||
    (record.chatSessionId !== undefined && typeof record.chatSessionId !== 'string')
  )
    return null
  if (win && record.origin !== win.location.origin) return null
  if (!(now - record.savedAt >= 0 && now - record.savedAt <= HANDOFF_TTL_MS)) return null
  if (!claimNonce(record.nonce, win, env, now)) return null
  return {
    v: 1,
    nonce: record.nonce,
    savedAt: record.savedAt,
    origin: record.origin,
    sessionId: record.sessionId,
    assistantId: record.assistantId,
    ...(record.chatSessionId !== undefined && { chatSessionId: record.chatSessionId }),
    turns: handoffTurns(record.turns),
  }
}

/** Whether this tab has a handoff record waiting (cheap; the loader asks before deciding to mount at once). */
export function hasHandoff(win: Window | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  try {
    const session = storageOf(win, 'sessionStorage')
    return session?.getItem(HANDOFF_KEY) != null || session?.getItem(CHAT_HANDOFF_KEY) != null
  } catch {
    return false
  }
}
