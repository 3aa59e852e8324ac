/**
 * What the idle widget shows for a state, as data: the pure derivation behind mount.ts `render()` (which only
 * applies it to the DOM). Each field is a copy key or a flag, so the rules of SPEC §4 (states) and §8 (Configuration
 * Required) are testable without a DOM.
 * @module
 */
import type { ProblemKind } from '../session/problems'
import type { WidgetState } from './controller'

/**
 * How visitors talk to the assistant (Vapi's widget `mode`): `voice` — the mic starts a call (typing goes into the
 * call); `chat` — the button opens a typed conversation, no call and no microphone (`POST /chat/web`); `hybrid` —
 * the mic as in `voice`, and beside it a button that opens the typed conversation without a call.
 */
export type WidgetMode = 'voice' | 'chat' | 'hybrid'
/** Every {@link WidgetMode}. */
export const WIDGET_MODES = ['voice', 'chat', 'hybrid'] as const

/** Problems the network may explain: after them the widget offers the pre-call network check. */
const NETWORK_PROBLEMS: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'network',
  'startTimeout',
  'callInterrupted',
  'platformError',
  'unknown',
])

/** What {@link describeWidget} needs besides the state. */
export interface WidgetViewContext {
  /** The widget's mode (chat mode's main button is the chat's toggle). */
  mode: WidgetMode
  /** Whether the voice keys are present (SPEC §8 Configuration Required otherwise). */
  configured: boolean
  /** Whether the visitor pressed the main button of an unconfigured widget (the panel then explains). */
  explained: boolean
  /** Whether the engine offers the pre-call network check (controller.ts `canCheckNetwork`). */
  canCheckNetwork: boolean
  /** The browser's user agent: the microphone's "what to do" hint names its permission UI. @default '' */
  userAgent?: string
}

/** What the idle widget shows: copy keys (looked up by the caller) and visibility flags. */
export interface WidgetView {
  /** A call is live (`listening` or `processing`). */
  active: boolean
  /** The typed conversation is open (no call: the status stays `idle`). */
  chatting: boolean
  /** A problem's explanation is shown (idle, configured, after a failed or ended call). */
  explaining: boolean
  /** Accessible name of the main button: what pressing it does. */
  primaryLabelKey: string
  /** The main button's icon; `spinner` while connecting. */
  primaryIcon: 'chat' | 'close' | 'spinner' | 'stop' | 'mic'
  /** Whether the hybrid mode's chat button is hidden (during a call, or unconfigured). */
  chatButtonHidden: boolean
  /** Accessible name of the hybrid mode's chat button. */
  chatButtonLabelKey: string
  /** The status line (also announced by the live region). */
  statusKey: string
  /** Whether the panel beside the button is hidden. */
  panelHidden: boolean
  /** The start stage's key while connecting, else ''. */
  stageKey: string
  /** What to do now ('' for nothing; never "press the mic" while the microphone is live). */
  hintKey: string
  /** Whether the pre-call network check is offered (after a problem the network may explain). */
  offerCheck: boolean
  /** The network check button's label. */
  checkLabelKey: string
  /** Whether the network check is running (its button is `aria-disabled`, keeping focus). */
  checkRunning: boolean
  /** What the network check found, shown while it is offered; '' before a result. */
  diagnosisKey: string
  /** Whether the in-call panel (conversation view) is wanted: a call or the chat is under way. */
  wantsConversation: boolean
}

/** The key of a problem's "what to do" hint; the microphone's depends on this browser's permission UI. */
export function problemHintKey(kind: ProblemKind, userAgent = ''): string {
  if (kind !== 'microphoneBlocked') return `widget.problem.${kind}.hint`
  if (/Firefox\//.test(userAgent)) return 'widget.problem.microphoneBlocked.hintFirefox'
  if (/Safari\//.test(userAgent) && !/Chrom(e|ium)\/|Edg\//.test(userAgent))
    return 'widget.problem.microphoneBlocked.hintSafari'
  return 'widget.problem.microphoneBlocked.hint'
}

/** What the idle widget shows in `state` (SPEC §4 states, §8). Pure. */
export function describeWidget(state: WidgetState, context: WidgetViewContext): WidgetView {
  const { status, reconnecting, problem, network, stage, chat, chatBusy, muted, diagnosis } = state
  const { mode, configured, explained } = context
  const active = status === 'listening' || status === 'processing'
  const chatting = status === 'idle' && chat === 'open'
  const explaining = status === 'idle' && !!problem && configured
  const primaryLabelKey =
    mode === 'chat'
      ? chatting
        ? 'widget.chat.close'
        : 'widget.chat.open'
      : status === 'idle'
        ? 'widget.start'
        : status === 'connecting'
          ? 'widget.cancel'
          : 'widget.stop'
  const primaryIcon: WidgetView['primaryIcon'] =
    mode === 'chat' ? (chatting ? 'close' : 'chat') : status === 'connecting' ? 'spinner' : active ? 'stop' : 'mic'
  const statusKey = !configured
    ? 'widget.notConfigured'
    : chatting
      ? chatBusy
        ? 'widget.chat.status.busy'
        : 'widget.chat.status.open'
      : explaining
        ? `widget.problem.${problem}.title`
        : (reconnecting && status === 'connecting') || (active && network === 'interrupted')
          ? 'widget.status.reconnecting'
          : active && network === 'poor'
            ? 'widget.network.poor'
            : `widget.status.${status}`
  const hintKey =
    status === 'idle' && chat === 'open'
      ? 'widget.chat.hint'
      : status === 'idle'
        ? problem && configured
          ? problemHintKey(problem, context.userAgent)
          : ''
        : status === 'connecting'
          ? 'widget.hints.connecting'
          : network === 'interrupted'
            ? 'widget.hints.interrupted'
            : network === 'poor'
              ? 'widget.hints.poor'
              : muted
                ? 'widget.hints.muted'
                : status === 'processing'
                  ? 'widget.hints.processing'
                  : 'widget.hints.listening'
  const offerCheck = explaining && context.canCheckNetwork && !!problem && NETWORK_PROBLEMS.has(problem)
  return {
    active,
    chatting,
    explaining,
    primaryLabelKey,
    primaryIcon,
    chatButtonHidden: status !== 'idle' || !configured,
    chatButtonLabelKey: chatting ? 'widget.chat.close' : 'widget.chat.type',
    statusKey,
    panelHidden: !(status !== 'idle' || chatting || (!configured && explained) || explaining),
    stageKey: status === 'connecting' && stage ? `widget.stage.${stage}` : '',
    hintKey,
    offerCheck,
    checkLabelKey: diagnosis === 'running' ? 'widget.diagnostics.running' : 'widget.diagnostics.run',
    checkRunning: diagnosis === 'running',
    diagnosisKey: offerCheck && diagnosis && diagnosis !== 'running' ? `widget.diagnostics.${diagnosis}` : '',
    wantsConversation: (status !== 'idle' || chatting) && configured,
  }
}
