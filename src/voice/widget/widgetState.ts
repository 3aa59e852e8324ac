import type { NetworkState } from '../session/session'
import type { ProblemKind } from '../session/problems'
import type { ConversationTurn, PartialTurn } from './conversation'
import type { WidgetStatus } from '../session/types'
import type { HandoffTurn } from '../session/handoffRecord'
import type { NetworkDiagnostics } from '../engine/diagnostics'

/**
 * The widget's state ({@link WidgetState}, what it renders from) and the pure readings of it the call and chat
 * controllers share: what the network check found, what a call's end resets, the turns as a handoff carries them.
 * @module
 */

/** What the widget renders from. */
export interface WidgetState {
  /** SPEC §4 status. */
  status: WidgetStatus
  /** Partial transcript while the visitor speaks ('' otherwise). */
  transcript: string
  /** `session_…` id of the current or last call, '' before the first. */
  sessionId: string
  /** Whether the current start rejoins a call handed over by the previous page (the widget says Reconnecting). */
  reconnecting: boolean
  /** Finished turns of both sides in this call, newest last, at most `TRANSCRIPT_CAP` (50); `[]` between calls. */
  turns: readonly ConversationTurn[]
  /** What either side is saying right now (latest partial transcript), or `null`. */
  partial: PartialTurn | null
  /** Whether the visitor's microphone is muted (reset to `false` at each call). */
  muted: boolean
  /** Whether the call's engine can mute the microphone (the widget offers mute only then). */
  canMute: boolean
  /** The start stage in progress while connecting (`call-start-progress` stage, or `assistant`), else `null`. */
  stage: string | null
  /** The call's network ({@link NetworkState}); `good` between calls. */
  network: NetworkState
  /**
   * Why the last call failed or ended without the visitor asking (`ProblemKind`), shown until the next press or
   * `WidgetController.dismissProblem` (./controller.ts); `null` otherwise.
   */
  problem: ProblemKind | null
  /**
   * The typed conversation without a call (Vapi's widget "chat" mode, `POST /chat/web`): `open` while its panel
   * is open, `closed` otherwise. Its turns are {@link turns}; the status stays `idle` (no call, no microphone).
   */
  chat: 'open' | 'closed'
  /** Whether a typed message is on its way and the assistant's answer still arriving. */
  chatBusy: boolean
  /**
   * The network check offered after a failed start (`WidgetController.checkNetwork` (./controller.ts)): `running`, then what it
   * found — `reachable` (Daily's TURN relay and signalling websockets passed), `blocked` (either failed: a firewall,
   * VPN or captive portal), `unavailable` (the check itself could not run); `null` before a check and after the
   * next press or a dismissed problem.
   */
  diagnosis: Diagnosis | null
}

/** What the network check found ({@link WidgetState.diagnosis}). */
export type Diagnosis = 'running' | 'reachable' | 'blocked' | 'unavailable'

/**
 * Reads {@link NetworkDiagnostics} as the visitor needs it: `blocked` when Daily's TURN relay test or its websocket
 * test failed, `reachable` when both passed (a websocket `warning` — some regions failed — still reaches one),
 * `unavailable` when the check could not run or a test was aborted.
 */
export function diagnosisOf(result: NetworkDiagnostics): Exclude<Diagnosis, 'running'> {
  if (result.error) return 'unavailable'
  const turn = result.networkConnectivity?.result
  const ws = result.websocketConnectivity?.result
  if (turn === 'failed' || ws === 'failed') return 'blocked'
  if (turn === 'passed' && (ws === 'passed' || ws === 'warning')) return 'reachable'
  return 'unavailable'
}

/**
 * Outcome of `WidgetController.sendText` (./controller.ts): sent, refused as empty, refused because the previous message is
 * still being answered (`busy`), or not sent (no call or chat, or sending failed).
 */
export type SendTextResult = 'sent' | 'empty' | 'busy' | 'failed'

/** The turns as a handoff record carries them (no ids). */
export const toHandoffTurns = (turns: readonly ConversationTurn[]): HandoffTurn[] =>
  turns.map((t) => ({ role: t.role, text: t.text, ...(t.typed && { typed: true }) }))

/** What a call's end resets (and a new start starts from). */
export const IN_CALL: Pick<
  WidgetState,
  'transcript' | 'turns' | 'partial' | 'muted' | 'canMute' | 'stage' | 'network'
> = {
  transcript: '',
  turns: [],
  partial: null,
  muted: false,
  canMute: false,
  stage: null,
  network: 'good',
}

/** The state before the first press: idle, no call, no chat, no problem. */
export const INITIAL_STATE: WidgetState = {
  status: 'idle',
  sessionId: '',
  reconnecting: false,
  problem: null,
  chat: 'closed',
  chatBusy: false,
  diagnosis: null,
  ...IN_CALL,
}
