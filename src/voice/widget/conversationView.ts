/**
 * The in-call part of the widget's open panel, framework-free DOM in the widget's shadow root, loaded at the
 * first sign of intent (pointer over, focus or touch of the mic) or the press, never with the idle widget:
 *
 * - the conversation: finished turns of both sides in a `role="log"` region (scrollable, keyboard-focusable,
 *   keeps the newest in view unless the visitor scrolled up, collapsible, at most `TRANSCRIPT_CAP` turns) and
 *   what either side is saying now (partial transcript) below it;
 * - ONE polite announcement per finished turn in a dedicated `role="status"` region (the log itself is
 *   `aria-live="off"`: never re-read, never a partial);
 * - a speaking / volume indicator: the assistant's `volume-level` and the visitor's `local-volume-level`
 *   ("We hear you"), drawn at most once per animation frame by writing one CSS custom property (no re-render);
 *   static under `prefers-reduced-motion`;
 * - mute: a toggle button (`aria-pressed`, its name constant as the WAI-ARIA APG button pattern asks);
 * - type instead of speak: a labelled text field and a send button; empty input is refused with a message,
 *   and the text stays in the field when sending fails.
 * @module
 */
import { adoptStyles, el, mediaQuery, setAttr, setClass, setHidden, setText, svgIcon } from './dom'
import type { LevelSource } from '../session/session'
import type { SendTextResult, WidgetState } from './controller'
import type { ConversationTurn } from './conversation'
import { CONVERSATION_CSS } from './conversationStyles'

/** Looks up a `voice` copy key of the page's current language (`translate` bound to the widget's copy). */
export type Translate = (key: string, values?: Record<string, string>) => string

/** Options of {@link createConversationView}. */
export interface ConversationViewOptions {
  /** The widget's shadow root (for its stylesheet and its focused element). */
  shadow: ShadowRoot
  /** The widget's root element: the announcer region is appended to it. */
  root: HTMLElement
  /** The panel's head row: the mute and conversation toggle buttons are appended to it. */
  head: HTMLElement
  /** The log, partial line and level row are inserted before this panel child (the hint). */
  before: Element
  /** The composer (text field and send button) is appended after this panel child. */
  after: Element
  /** Current copy. */
  t: Translate
  /** What the controls do (the widget's controller). */
  actions: {
    sendText(text: string): SendTextResult
    setMuted(muted: boolean): void
  }
  /** Where focus goes when the focused control disappears (the call ended): the mic. */
  focusFallback: () => void
  /** Media query under which the conversation starts collapsed (a phone). @default '(max-width: 30rem)' */
  compactQuery?: string
}

/** The drawn in-call panel. */
export interface ConversationView {
  /** Draws `state` (cheap when nothing changed: the log is keyed by turn id). */
  render(state: WidgetState): void
  /** Records a volume level 0..1; drawn at the next animation frame, once however many arrived. */
  level(source: LevelSource, level: number): void
  /** Moves focus to the text field (the chat just opened), when it is shown. */
  focusInput(): void
  /** Removes its DOM, stylesheet and listeners. */
  destroy(): void
}

/**
 * A level above which a side counts as audible, 0..1 (the engine's speech threshold is 0.01 of the summed level,
 * which is 0.067 of the 0..1 volume scale: SPEC §9, level sum ÷ 0.15).
 */
export const AUDIBLE_LEVEL = 0.067
/** How long a side stays "speaking" after its last audible level, ms (bridges the gaps between words). */
export const SPEAKING_HOLD_MS = 400
/** Most characters a typed message may have. */
export const MAX_TYPED_LENGTH = 1000

/** Lucide icons, 24×24, stroke 2: mic-off (muted), send, message-square (the conversation toggle). */
const ICONS = {
  mic: [
    ['path', { d: 'M12 19v3' }],
    ['path', { d: 'M19 10v2a7 7 0 0 1-14 0v-2' }],
    ['rect', { x: '9', y: '2', width: '6', height: '13', rx: '3' }],
  ],
  'mic-off': [
    ['path', { d: 'M12 19v3' }],
    ['path', { d: 'M15 9.34V5a3 3 0 0 0-5.68-1.33' }],
    ['path', { d: 'M16.95 16.95A7 7 0 0 1 5 12v-2' }],
    ['path', { d: 'M18.89 13.23A7 7 0 0 0 19 12v-2' }],
    ['path', { d: 'm2 2 20 20' }],
    ['path', { d: 'M9 9v3a3 3 0 0 0 5.12 2.12' }],
  ],
  send: [
    [
      'path',
      {
        d: 'M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z',
      },
    ],
    ['path', { d: 'm21.854 2.147-10.94 10.939' }],
  ],
  conversation: [['path', { d: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z' }]],
} as const

const icon = (name: keyof typeof ICONS): SVGSVGElement => svgIcon(ICONS[name])

let ids = 0

/**
 * Builds the in-call panel into the widget's existing panel (see the module docs) and returns its handle.
 * Nothing shows until {@link ConversationView.render} is given an active call (listening or processing).
 */
export function createConversationView(options: ConversationViewOptions): ConversationView {
  const { t, actions, shadow } = options
  const n = ++ids
  const removeStyles = adoptStyles(shadow, CONVERSATION_CSS)
  const reduceMotion = mediaQuery(shadow, '(prefers-reduced-motion: reduce)')
  const compact = mediaQuery(shadow, options.compactQuery ?? '(max-width: 30rem)')

  // ---- DOM ----
  const mute = el('button', 'tool mute', { type: 'button', 'aria-pressed': 'false', 'data-testid': 'voice-mute' })
  const toggle = el('button', 'tool log-toggle', {
    type: 'button',
    'aria-controls': `voiceos-log-${n}`,
    'data-testid': 'voice-log-toggle',
  })
  toggle.append(icon('conversation'))
  const tools = el('div', 'tools')
  tools.append(mute, toggle)

  const meter = el('p', 'meter', { 'aria-hidden': 'true', 'data-testid': 'voice-meter' })
  const bars = el('span', 'bars')
  for (let i = 0; i < 4; i++) bars.append(el('i', 'bar'))
  const meterLabel = el('span', 'meter-label')
  meter.append(bars, meterLabel)

  // The log is not live (role=log would be polite by default): the announcer says each turn once.
  const log = el('div', 'log', {
    id: `voiceos-log-${n}`,
    role: 'log',
    'aria-live': 'off',
    tabindex: '0',
    'data-testid': 'voice-log',
  })
  const partial = el('p', 'transcript', { 'data-testid': 'voice-transcript' })
  const partialWho = el('span', 'who', { 'aria-hidden': 'true' })
  const partialLabel = el('span', 'sr-only')
  const partialText = document.createTextNode('')
  partial.append(partialWho, partialLabel, partialText)

  const composer = el('form', 'composer', { novalidate: '', 'data-testid': 'voice-composer' })
  const inputId = `voiceos-input-${n}`
  const errorId = `voiceos-input-error-${n}`
  const label = el('label', 'sr-only', { for: inputId })
  const input = el('input', 'input', {
    id: inputId,
    type: 'text',
    autocomplete: 'off',
    enterkeyhint: 'send',
    maxlength: String(MAX_TYPED_LENGTH),
    'aria-describedby': errorId,
    'data-testid': 'voice-input',
  })
  const send = el('button', 'send', { type: 'submit', 'data-testid': 'voice-send' })
  send.append(icon('send'))
  const row = el('div', 'composer-row')
  row.append(input, send)
  const error = el('p', 'composer-error', { id: errorId, role: 'alert' })
  composer.append(label, row, error)

  const announcer = el('div', 'sr-only', {
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
    'data-testid': 'voice-announcer',
  })

  options.head.append(tools)
  options.before.before(meter, log)
  options.after.after(composer)
  options.root.append(announcer)

  // ---- state ----
  let state: WidgetState | null = null
  let expanded = !compact?.matches
  let stick = true
  /** Turns drawn, by id. */
  const drawn = new Map<number, HTMLElement>()
  /** Turns up to this id are announced (or were there before the view existed). */
  let announcedId = -1
  let announceToggle = false
  let errorKey = ''

  const announce = (text: string) => {
    // The same sentence twice in a row is still a change for assistive technology.
    announceToggle = !announceToggle
    announcer.textContent = announceToggle ? text : `${text}\u00a0`
  }
  const whoOf = (role: ConversationTurn['role']) =>
    t(role === 'user' ? 'widget.conversation.you' : 'widget.conversation.assistant')

  const setError = (key: string) => {
    errorKey = key
    error.textContent = key ? t(key) : ''
    error.hidden = !key
    if (key) input.setAttribute('aria-invalid', 'true')
    else input.removeAttribute('aria-invalid')
  }
  setError('')

  /**
   * The frame that scrolls the log to its newest turn (0: none pending). Reading `scrollHeight` lays the whole
   * page out; in a frame callback that layout is the frame's own, where a read in `render` is one more — before
   * the command the visitor just said runs (on a page of 10,000 elements, ~2 ms; ~8 ms on a slow phone).
   */
  let follow = 0
  const followNewest = () => {
    follow = 0
    if (!log.hidden) log.scrollTop = log.scrollHeight
  }
  log.addEventListener('scroll', () => {
    // Until the pending scroll to the newest turn, the log is where it was: at its end.
    if (follow) return
    stick = log.scrollTop + log.clientHeight >= log.scrollHeight - 8
  })
  mute.addEventListener('click', () => {
    if (state) actions.setMuted(!state.muted)
  })
  toggle.addEventListener('click', () => {
    expanded = !expanded
    stick = true
    if (state) render(state)
  })
  input.addEventListener('input', () => {
    if (errorKey) setError('')
  })
  composer.addEventListener('submit', (e) => {
    e.preventDefault()
    const result = actions.sendText(input.value)
    if (result === 'sent') {
      input.value = ''
      setError('')
      stick = true
      if (state) render(state)
    } else {
      // Refused or failed: the text stays where it was, focus too.
      setError(
        result === 'empty'
          ? 'widget.conversation.empty'
          : result === 'busy'
            ? 'widget.chat.busy'
            : 'widget.conversation.sendFailed',
      )
      input.focus()
    }
  })

  // ---- levels: the latest of each side, drawn once per frame ----
  const heard = { assistant: 0, visitor: 0 }
  const lastAudible = { assistant: -Infinity, visitor: -Infinity }
  let frame = 0
  let drawnWho = ''
  const paint = () => {
    frame = 0
    if (!state || (state.status !== 'listening' && state.status !== 'processing')) return
    const now = performance.now()
    const speaking = (s: LevelSource) => now - lastAudible[s] < SPEAKING_HOLD_MS
    const who = state.muted ? 'muted' : speaking('assistant') ? 'assistant' : speaking('visitor') ? 'visitor' : ''
    if (who !== drawnWho) {
      drawnWho = who
      meter.setAttribute('data-who', who)
      meterLabel.textContent = who ? t(`widget.conversation.level.${who}`) : ''
    }
    // Under reduced motion the bars stay still (CSS ignores --level too); who is audible still shows.
    if (!reduceMotion?.matches) {
      const value = who === 'assistant' ? heard.assistant : who === 'visitor' ? heard.visitor : 0
      meter.style.setProperty('--level', value.toFixed(2))
    }
    // Keep drawing while a side is within its hold time, so "speaking" ends without a new event.
    if (who === 'assistant' || who === 'visitor') frame = requestAnimationFrame(paint)
  }
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(paint)
  }

  function render(next: WidgetState): void {
    state = next
    const inCall = next.status === 'listening' || next.status === 'processing'
    // The typed conversation without a call (chat) shows the same log and composer, and nothing of a call.
    const chatting = next.status === 'idle' && next.chat === 'open'
    const active = inCall || chatting
    for (const part of [tools, composer]) setHidden(part, !active)
    setHidden(meter, !inCall)
    const focused = shadow.activeElement
    if (!active && focused && (composer.contains(focused) || tools.contains(focused) || log === focused)) {
      options.focusFallback()
    }

    // mute
    setHidden(mute, !inCall || !next.canMute)
    setAttr(mute, 'aria-pressed', String(next.muted))
    setAttr(mute, 'aria-label', t('widget.conversation.mute'))
    if (mute.dataset.icon !== String(next.muted)) {
      mute.dataset.icon = String(next.muted)
      mute.replaceChildren(icon(next.muted ? 'mic-off' : 'mic'))
    }
    setClass(mute, 'on', next.muted)

    // the log
    setAttr(toggle, 'aria-expanded', String(expanded))
    setAttr(toggle, 'aria-label', t('widget.conversation.toggle'))
    setHidden(toggle, !inCall || next.turns.length === 0)
    setAttr(log, 'aria-label', t('widget.conversation.label'))
    const keep = new Set(next.turns.map((turn) => turn.id))
    for (const [id, node] of drawn) {
      if (!keep.has(id)) {
        node.remove()
        drawn.delete(id)
      }
    }
    let grew = false
    for (const turn of next.turns) {
      if (drawn.has(turn.id)) continue
      grew = true
      const p = el('p', `turn ${turn.role}`)
      const who = el('span', 'who')
      who.textContent = whoOf(turn.role)
      p.append(who, document.createTextNode(` ${turn.text}`))
      log.append(p)
      drawn.set(turn.id, p)
    }
    const wasHidden = log.hidden
    setHidden(log, !active || (inCall && !expanded) || next.turns.length === 0)
    // Only when there is something new to scroll to, at the next frame (see followNewest).
    if (!log.hidden && stick && (grew || wasHidden) && !follow) follow = requestAnimationFrame(followNewest)

    // one announcement per finished turn (typed ones: that it went out)
    const newest = next.turns.at(-1)
    if (announcedId < 0) announcedId = newest?.id ?? 0
    else if (newest && newest.id > announcedId) {
      announcedId = newest.id
      announce(
        newest.typed
          ? t('widget.conversation.sent')
          : t(`widget.conversation.said.${newest.role}`, { text: newest.text }),
      )
    }

    // what is being said now: present only then (nothing stale for assistive technology to find)
    const saying = active ? next.partial : null
    if (saying && !partial.isConnected) log.after(partial)
    else if (!saying) partial.remove()
    if (saying) {
      setAttr(partial, 'class', `transcript ${saying.role}`)
      setText(partialWho, whoOf(saying.role))
      setText(
        partialLabel,
        `${t(saying.role === 'user' ? 'widget.transcriptLabel' : 'widget.conversation.assistantSaying')}: `,
      )
      const said = `“${saying.text}”`
      if (partialText.data !== said) partialText.data = said
    }

    // the composer
    const inputKey = chatting ? 'widget.chat.inputLabel' : 'widget.conversation.inputLabel'
    setText(label, t(inputKey))
    setAttr(input, 'placeholder', t(inputKey))
    setAttr(send, 'aria-label', t('widget.conversation.send'))
    if (!active) {
      if (errorKey) setError('')
    } else if (errorKey) setText(error, t(errorKey))

    drawnWho = '\u0000' // the copy or mute may have changed: the next frame redraws the label
    if (inCall) schedule()
  }

  return {
    render,
    focusInput() {
      if (!composer.hidden) input.focus()
    },
    level(source, value) {
      heard[source] = value
      if (value >= AUDIBLE_LEVEL) lastAudible[source] = performance.now()
      schedule()
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame)
      if (follow) cancelAnimationFrame(follow)
      frame = 0
      follow = 0
      for (const part of [tools, meter, log, partial, composer, announcer]) part.remove()
      removeStyles()
    },
  }
}
