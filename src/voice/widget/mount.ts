import type { RealtimeSettings } from '../session/session'
import type { WidgetToast } from '../session/types'
import type { HandoffRecord } from '../session/handoff'
import { createWidgetController, type WidgetController, type WidgetState } from './controller'
import { translate, type VoiceCopy } from './copy'
import { isRtl } from './rtl'
import type { ChatFactory, EngineFactory } from './engine'
import { WIDGET_CSS } from './styles'
import { adoptStyles, constructedSheet, el, setAttr, setClass, setHidden, setText, svgIcon } from './dom'
import type { ConversationView } from './conversationView'
import type { ProblemKind } from '../session/problems'
import { CONSENT_STORAGE_KEY, consentNeeded, consentVersion, createConsentStore, type ConsentSettings } from './consent'
import { createConsentUi } from './consentDialog'
import { layoutClasses, type paintAccent, type WidgetPosition, type WidgetSize } from './branding'

/** Colour scheme of the widget: fixed, or `auto` (follows `prefers-color-scheme`). */
export type WidgetTheme = 'light' | 'dark' | 'auto'

/**
 * How visitors talk to the assistant (Vapi's widget `mode`): `voice` — the mic starts a call (typing goes into the
 * call); `chat` — the button opens a typed conversation, no call and no microphone (`POST /chat/web`); `hybrid` —
 * the mic as in `voice`, and beside it a button that opens the typed conversation without a call.
 */
export type WidgetMode = 'voice' | 'chat' | 'hybrid'
/** Every {@link WidgetMode}. */
export const WIDGET_MODES = ['voice', 'chat', 'hybrid'] as const
export type { WidgetPosition, WidgetSize } from './branding'

/** Options of {@link mountVoiceWidget}. */
export interface MountVoiceWidgetOptions {
  /** The `voice` copy of the page's language (`locales/<lng>/voice.json`). */
  copy: VoiceCopy
  /**
   * BCP 47 language of `copy`, set as the widget's `lang`; a right-to-left one (rtl.ts `isRtl`: Urdu,
   * Kashmiri, Sindhi) also sets `dir="rtl"`. @default 'en'
   */
  lang?: string
  /**
   * The call's `assistantOverrides` for the widget's language, asked at each press with the language and copy
   * in use (the embed passes src/voice/assistant/overrides.ts `languageOverrides`). @default none
   */
  languageOverrides?: (
    lang: string,
    copy: VoiceCopy,
  ) => ({ variableValues?: Record<string, unknown> } & Record<string, unknown>) | null
  /** Whether the voice keys are present; when not, a press explains it (Configuration Required, SPEC §8). */
  configured: boolean
  /** Names of missing or invalid settings (e.g. `data-assistant-id`), listed once the visitor presses the mic. @default [] */
  missing?: readonly string[]
  /** Creates the call engine on the first mic press. */
  createEngine: EngineFactory
  /** How visitors talk to the assistant ({@link WidgetMode}); `chat` and `hybrid` need `createChat`. @default 'voice' */
  mode?: WidgetMode
  /** Creates the typed conversation without a call (./engine.ts `createChatFactory`). Without it the mode is `voice`. */
  createChat?: ChatFactory
  /** Assistant id the call starts with. */
  assistantId: string
  /** Realtime channel settings; `null` → commands arrive only as tool calls. */
  realtime: RealtimeSettings | null
  /** @default 'auto' */
  theme?: WidgetTheme
  /** Where the widget floats (branding.ts `WIDGET_POSITIONS`). @default 'bottom-right' */
  position?: WidgetPosition
  /** `compact`: 48 px mic, narrower panel and toasts; `full`: 64 px mic. @default 'full' */
  size?: WidgetSize
  /**
   * The owner's accent, any CSS colour (`light-dark(a, b)` for one per scheme); used per scheme only where it keeps
   * WCAG AA 4.5:1 against the widget's background and for the mic icon on it, else a console warning and the
   * default accent (branding.ts `paintAccent`). @default '' (the default accent)
   */
  accentColor?: string
  /**
   * The accent checker and painter, branding.ts `paintAccent`: passed by builds that offer `accentColor` (the
   * embed), so the contrast code stays out of the site's page-start script, which has no accent. Without it an
   * `accentColor` is ignored with a console warning.
   */
  paintAccent?: typeof paintAccent
  /** The widget's title: the region's accessible name and the open panel's heading. @default the copy's `widget.region` */
  title?: string
  /** How long a toast stays, in ms (twice as long when it has a button; paused while hovered or focused). @default 5000 */
  toastDurationMs?: number
  /** Most toasts shown at once; the oldest goes first. @default 4 */
  maxToasts?: number
  /** URL sent as the call variable `url`. @default () => window.location.href */
  pageUrl?: () => string
  /**
   * One conversation across the site's pages (README "One conversation across pages"): a same-origin navigation
   * hands the call to the next page of the tab; `false` keeps one call per page. @default false
   */
  persist?: boolean
  /** A call the previous page of this tab handed over (`claimHandoff()`): rejoined at once. */
  resume?: HandoffRecord | null
  /** Log sink. @default console */
  logger?: Pick<Console, 'info' | 'warn' | 'error'>
  /**
   * Consent before the first call (README `data-consent`, src/voice/widget/consent.ts): with `required`, a press
   * shows the notice and nothing of the call (no request, no microphone) happens before Accept. @default { required: false }
   */
  consent?: ConsentSettings
  /** Where acceptance is remembered; `null` → this page only. @default localStorage */
  consentStorage?: Storage | null
}

/** A mounted widget. */
export interface VoiceWidgetHandle {
  /** The widget's shadow root (open: tests and assistive technology can reach it). */
  readonly shadowRoot: ShadowRoot
  /** Current call state. */
  readonly state: WidgetState
  /** Switches the colour scheme. */
  setTheme(theme: WidgetTheme): void
  /** Switches the copy (a language change on the page). */
  setCopy(copy: VoiceCopy, lang: string): void
  /** Ends any call, removes the shadow content and every listener. Idempotent. */
  destroy(): void
}

/** The in-call copy of each language (`locales/<lng>/voiceCall.json`), one small chunk each, fetched on intent. */
const CALL_COPIES = import.meta.glob<unknown>('../../../locales/*/voiceCall.json', { import: 'default' })

/**
 * How often a start stage alone is drawn at most, ms: a stage (`call-start-progress`) shows once it has waited this
 * long to be drawn, so the burst of stages after the platform's answer costs no frame before Listening.
 */
export const STAGE_DRAW_MS = 100

/** Whether `next` differs from `drawn` in the start stage alone. */
function onlyStageChanged(drawn: WidgetState, next: WidgetState): boolean {
  if (drawn.stage === next.stage) return false
  return (Object.keys(next) as (keyof WidgetState)[]).every((k) => k === 'stage' || next[k] === drawn[k])
}

/** Problems the network may explain: after them the widget offers the pre-call network check. */
const NETWORK_PROBLEMS: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'network',
  'startTimeout',
  'callInterrupted',
  'platformError',
  'unknown',
])

/** Lucide's mic, square (stop), x (close), message-circle (chat) and keyboard icons, 24×24, stroke 2. */
const ICONS = {
  chat: [['path', { d: 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z' }]],
  keyboard: [
    ['path', { d: 'M10 8h.01' }],
    ['path', { d: 'M12 12h.01' }],
    ['path', { d: 'M14 8h.01' }],
    ['path', { d: 'M16 12h.01' }],
    ['path', { d: 'M18 8h.01' }],
    ['path', { d: 'M6 8h.01' }],
    ['path', { d: 'M7 16h10' }],
    ['path', { d: 'M8 12h.01' }],
    ['rect', { width: '20', height: '16', x: '2', y: '4', rx: '2' }],
  ],
  mic: [
    ['path', { d: 'M12 19v3' }],
    ['path', { d: 'M19 10v2a7 7 0 0 1-14 0v-2' }],
    ['rect', { x: '9', y: '2', width: '6', height: '13', rx: '3' }],
  ],
  stop: [['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2', fill: 'currentColor' }]],
  close: [
    ['path', { d: 'M18 6 6 18' }],
    ['path', { d: 'm6 6 12 12' }],
  ],
} as const

const icon = (name: keyof typeof ICONS): SVGSVGElement => svgIcon(ICONS[name])

/**
 * Styles of the host element itself, set through the CSSOM (allowed under a CSP without 'unsafe-inline') and
 * `!important` so that no host rule (`* { all: unset }`, `div { display: none !important }`, z-index wars)
 * can hide or bury it.
 */
const HOST_STYLE: Record<string, string> = {
  all: 'initial',
  display: 'block',
  position: 'fixed',
  'z-index': '2147483647',
  right: '0',
  bottom: '0',
  width: '0',
  height: '0',
  overflow: 'visible',
  visibility: 'visible',
  opacity: '1',
  transform: 'none',
  filter: 'none',
  contain: 'none',
  'pointer-events': 'none',
}

/**
 * The widget's constructed stylesheet (styles.ts; dom.ts {@link constructedSheet}), parsed once per document and
 * shared by every widget's shadow root; `null` where the browser cannot adopt constructed sheets. Calling it
 * before the mount (the embed's widget chunk does, as it is evaluated) keeps the CSS parse out of the mount's
 * task. Never throws.
 */
export function widgetStyleSheet(): CSSStyleSheet | null {
  return constructedSheet(WIDGET_CSS)
}

/**
 * Mounts the floating voice widget (SPEC §2 "Voice widget", §4, §8) into `host`'s open shadow root: a mic
 * button (spinner while connecting, stop style while active) whose accessible name says what pressing it
 * does, the status and partial transcript beside it, a polite live region announcing each status, and the
 * widget's own toasts (Voice Assistant Active, Element Clicked, Field Filled (Entered: value), Command Failed,
 * Field Not Found, Connection Failed, Voice Assistant Error, Configuration Required, New Tab Blocked with an
 * Open button that opens the tab on the visitor's own click). `host` gets `data-voice-ignore`, so the command
 * executor never acts on the widget. Used by the site (React wrapper) and by the embed (`voiceos.js`).
 *
 * @throws Error when `host` is not an element that accepts a shadow root (a programming error of the caller).
 */
export function mountVoiceWidget(host: HTMLElement, options: MountVoiceWidgetOptions): VoiceWidgetHandle {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  shadow.replaceChildren()
  host.setAttribute('data-voice-ignore', '')
  for (const [k, v] of Object.entries(HOST_STYLE)) host.style.setProperty(k, v, 'important')
  if (shadow.adoptedStyleSheets?.length) shadow.adoptedStyleSheets = [] // a widget mounted here before
  adoptStyles(shadow, WIDGET_CSS)

  let copy = options.copy
  let lang = options.lang ?? 'en'
  let theme: WidgetTheme = options.theme ?? 'auto'
  let explained = false
  let destroyed = false
  const missing = options.missing ?? []
  const mode: WidgetMode = options.createChat ? (options.mode ?? 'voice') : 'voice'
  const toastMs = options.toastDurationMs ?? 5000
  const maxToasts = options.maxToasts ?? 4
  // In-call hook-in: the in-call copy (locales/<lng>/voiceCall.json: hints, stages, the conversation, problems) is
  // fetched with the in-call panel, never with the idle widget; keys are looked up in the idle copy, then in it.
  let callCopy: VoiceCopy | null = null
  let callCopyLang = ''
  let callCopyLoad: Promise<void> = Promise.resolve()
  const loadCallCopy = (): Promise<void> => {
    const want = lang
    if (callCopyLang === want) return callCopyLoad
    callCopyLang = want
    const load =
      CALL_COPIES[`../../../locales/${want}/voiceCall.json`] ?? CALL_COPIES['../../../locales/en/voiceCall.json']
    callCopyLoad = (load ? load() : Promise.resolve(null)).then(
      (loaded) => {
        if (destroyed || callCopyLang !== want) return
        callCopy = loaded as VoiceCopy | null
        render()
      },
      (error: unknown) => {
        if (callCopyLang === want) callCopyLang = '' // the next press retries
        ;(options.logger ?? console).warn('[voice] the in-call copy could not load', error)
      },
    )
    return callCopyLoad
  }
  const t = (key: string, values?: Record<string, string>, fallback?: string) =>
    translate(copy, key, values, '') ||
    (callCopy ? translate(callCopy, key, values, fallback) : translate(copy, key, values, fallback))

  // ---- DOM ----
  const root = el(
    'aside',
    ['root', ...layoutClasses(options.position ?? 'bottom-right', options.size ?? 'full')].join(' '),
    {
      'data-testid': 'voice-widget',
    },
  )
  const toasts = el('section', 'toasts', { 'aria-live': 'polite', 'aria-relevant': 'additions' })
  const row = el('div', 'row')
  const panel = el('div', 'panel')
  const statusText = el('p', 'status', { 'aria-hidden': 'true', 'data-testid': 'voice-status' })
  // In-call hook-in: the head row holds the status and, once loaded, the conversation's buttons; a problem's
  // explanation (idle, after a failed or ended call) gets a close button here.
  const head = el('div', 'head')
  const noticeClose = el('button', 'close notice-close', { type: 'button', 'data-testid': 'voice-notice-close' })
  head.append(statusText, noticeClose) // its icon is drawn when a problem is first explained, not at the mount
  const stageText = el('p', 'stage', { 'data-testid': 'voice-stage' })
  const hint = el('p', 'hint', { 'data-testid': 'voice-hint' })
  const detail = el('p', 'detail')
  // After a start the network may explain: the pre-call network check (engine diagnostics), and what it found.
  const checkButton = el('button', 'check-button', { type: 'button', 'data-testid': 'voice-check-network' })
  const checkResult = el('p', 'check-result', {
    role: 'status',
    'aria-live': 'polite',
    'data-testid': 'voice-check-result',
  })
  panel.append(head, stageText, hint, checkButton, checkResult, detail)
  const micWrap = el('div', 'mic-wrap')
  const ping = el('span', 'ping', { 'aria-hidden': 'true' })
  const mic = el('button', 'mic', { type: 'button', 'data-testid': 'voice-mic' })
  micWrap.append(ping, mic)
  row.append(panel, micWrap)
  // hybrid: the typed conversation's own button beside the mic (chat mode: the main button is the chat's)
  const chatButton =
    mode === 'hybrid'
      ? el('button', 'consent-manage chat-toggle', {
          type: 'button',
          'aria-expanded': 'false',
          'data-testid': 'voice-chat',
        })
      : null
  if (chatButton) {
    chatButton.append(icon('keyboard'))
    row.insertBefore(chatButton, micWrap)
  }
  const live = el('div', 'sr-only', {
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
    'data-testid': 'voice-live',
  })
  root.append(toasts, row, live)
  // ---- branding (branding.ts): the owner's accent where it keeps AA contrast (resolved before the root is drawn), and title ----
  if (options.accentColor) {
    if (options.paintAccent) options.paintAccent(root, options.accentColor, options.logger ?? console, shadow)
    else (options.logger ?? console).warn('[voice] accentColor is ignored: this build passes no paintAccent')
  }
  shadow.append(root)
  const title = (options.title ?? '').trim()
  if (title) {
    const heading = el('p', 'panel-title', { 'aria-hidden': 'true' })
    heading.textContent = title
    panel.prepend(heading)
  }

  // ---- consent (consent.ts, consentDialog.ts): the gate before the controller's start ----
  const consentSettings: ConsentSettings = options.consent ?? { required: false }
  const consentStore = consentSettings.required
    ? createConsentStore({
        version: consentVersion(consentSettings),
        ...(options.consentStorage !== undefined && { storage: options.consentStorage }),
      })
    : null
  /** A call handed over by the previous page: its visitor accepted there (until they withdraw here). */
  let resumed = !!options.resume
  const consentUi = consentStore
    ? createConsentUi({
        settings: consentSettings,
        store: consentStore,
        t: (key) => t(key),
        mic,
        onAccept: () => primary(),
        onWithdraw: () => {
          resumed = false
          void controller.stop()
          render()
        },
      })
    : null
  /**
   * Whether a press now must ask first: idle, configured, consent required and not given. The notice is about
   * recording the visitor's voice: chat mode's button (a typed conversation, no microphone) never asks.
   */
  const pressNeedsConsent = () =>
    mode !== 'chat' &&
    !!consentStore &&
    options.configured &&
    controller.state.status === 'idle' &&
    controller.state.chat !== 'open' &&
    consentNeeded(consentSettings, consentStore, resumed)
  /** Consent withdrawn in another tab of the origin (the `storage` event): this tab's call ends too. */
  const onStorage = (e: StorageEvent) => {
    if (!consentStore || (e.key !== CONSENT_STORAGE_KEY && e.key !== null) || consentStore.isAccepted()) return
    resumed = false
    if (controller.state.status !== 'idle') void controller.stop()
    render()
  }
  if (consentUi) {
    window.addEventListener('storage', onStorage)
    root.insertBefore(consentUi.dialog, row)
    row.insertBefore(consentUi.manageButton, micWrap)
    root.append(consentUi.announcer)
  }

  // ---- theme ----
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null
  const paintTheme = () => setClass(root, 'dark', theme === 'dark' || (theme === 'auto' && !!media?.matches))
  media?.addEventListener('change', paintTheme)

  // ---- toasts ----
  interface Shown {
    node: HTMLElement
    timer: ReturnType<typeof setTimeout> | undefined
    ms: number
  }
  const shown = new Set<Shown>()
  const dismiss = (s: Shown) => {
    if (!shown.delete(s)) return
    clearTimeout(s.timer)
    // Keep focus inside the widget when the focused toast goes away.
    const hadFocus = s.node.contains(shadow.activeElement)
    s.node.remove()
    if (hadFocus) mic.focus()
  }
  const arm = (s: Shown) => {
    clearTimeout(s.timer)
    s.timer = setTimeout(() => dismiss(s), s.ms)
  }
  const show = (toast: WidgetToast) => {
    if (destroyed) return
    const node = el('div', `toast ${toast.type}`, { 'data-testid': 'voice-toast', 'data-type': toast.type })
    const text = el('div', 'toast-text')
    const title = el('p', 'toast-title')
    title.textContent = t(toast.titleKey, toast.values, toast.title ?? toast.titleKey)
    text.append(title)
    const description =
      toast.descriptionText ??
      (toast.descriptionKey ? t(toast.descriptionKey, toast.values, toast.description ?? '') : '')
    if (description) {
      const p = el('p', 'toast-description')
      p.textContent = description
      text.append(p)
    }
    node.append(text)
    const s: Shown = { node, timer: undefined, ms: toast.action ? toastMs * 2 : toastMs }
    const action = toast.action
    if (action) {
      const button = el('button', 'action', { type: 'button' })
      button.textContent = t(action.labelKey, undefined, action.label)
      // The visitor's own click is the user gesture the popup blocker wants.
      button.addEventListener('click', () => {
        window.open(action.url, '_blank', 'noopener,noreferrer')
        dismiss(s)
      })
      node.append(button)
    }
    const close = el('button', 'close', {
      type: 'button',
      'aria-label': t('widget.dismiss', undefined, 'Dismiss notification'),
    })
    close.append(icon('close'))
    close.addEventListener('click', () => dismiss(s))
    node.append(close)
    const pause = () => clearTimeout(s.timer)
    const resume = () => {
      if (!node.matches(':hover') && !node.contains(shadow.activeElement)) arm(s)
    }
    node.addEventListener('mouseenter', pause)
    node.addEventListener('focusin', pause)
    node.addEventListener('mouseleave', resume)
    node.addEventListener('focusout', () => setTimeout(resume, 0))
    toasts.append(node)
    shown.add(s)
    arm(s)
    while (shown.size > maxToasts) dismiss(shown.values().next().value as Shown)
  }
  /** Shows a toast; one worded by the in-call copy (a problem's description) waits for that copy. */
  const notify = (toast: WidgetToast) => {
    const inCall = [toast.titleKey, toast.descriptionKey].some((k) => k?.startsWith('widget.problem.'))
    if (inCall && !callCopy) void loadCallCopy().then(() => show(toast))
    else show(toast)
  }

  // ---- in-call panel: the conversation, typed input, mute and level (./conversationView.ts, loaded on intent) ----
  let conversation: ConversationView | null = null
  let conversationLoad: Promise<void> | undefined
  const loadConversation = () => {
    void loadCallCopy()
    conversationLoad ??= Promise.all([import('./conversationView'), callCopyLoad]).then(
      ([m]) => {
        if (destroyed) return
        conversation = m.createConversationView({
          shadow,
          root,
          head,
          before: hint,
          after: hint,
          t,
          actions: { sendText: (text) => controller.sendText(text), setMuted: (muted) => controller.setMuted(muted) },
          focusFallback: () => mic.focus(),
        })
        render()
      },
      (error: unknown) => {
        conversationLoad = undefined // a failed chunk load may be retried by the next press
        ;(options.logger ?? console).warn('[voice] the conversation panel could not load', error)
      },
    )
  }

  // ---- state → DOM ----
  const controller: WidgetController = createWidgetController({
    configured: options.configured,
    createEngine: options.createEngine,
    ...(mode !== 'voice' && options.createChat && { createChat: options.createChat }),
    assistantId: options.assistantId,
    realtime: options.realtime,
    ...(options.languageOverrides && { assistantOverrides: () => options.languageOverrides!(lang, copy) }),
    onState: (next) => {
      // A start stage alone is drawn at most every STAGE_DRAW_MS: once the platform has answered, the stages of a
      // start follow one another within milliseconds, and drawing each would lay the widget out again (a frame
      // of style, layout and paint on a phone's CPU) on the way to Listening, for text nobody could read. A stage
      // that lasts (waiting for the platform, a slow join) is drawn. Everything else (the status first of all) is
      // drawn at once, and a status change takes the undrawn stage with it.
      if (drawnState && onlyStageChanged(drawnState, next)) {
        stageTimer ??= setTimeout(() => {
          stageTimer = undefined
          render()
        }, STAGE_DRAW_MS)
      } else render()
    },
    onLevel: (source, level) => conversation?.level(source, level),
    notify,
    persist: options.persist === true,
    ...(options.pageUrl && { pageUrl: options.pageUrl }),
    ...(options.logger && { logger: options.logger }),
  })

  /** The key of a problem's "what to do" hint; the microphone's depends on this browser's permission UI. */
  const problemHint = (kind: ProblemKind): string => {
    if (kind !== 'microphoneBlocked') return `widget.problem.${kind}.hint`
    const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent
    if (/Firefox\//.test(ua)) return 'widget.problem.microphoneBlocked.hintFirefox'
    if (/Safari\//.test(ua) && !/Chrom(e|ium)\/|Edg\//.test(ua)) return 'widget.problem.microphoneBlocked.hintSafari'
    return 'widget.problem.microphoneBlocked.hint'
  }
  /** What to do in this state (SPEC §4 states; never "press the mic" while the microphone is live). */
  const hintKey = (): string => {
    const { status, muted, network, problem, chat } = controller.state
    if (status === 'idle' && chat === 'open') return 'widget.chat.hint'
    if (status === 'idle') return problem && options.configured ? problemHint(problem) : ''
    if (status === 'connecting') return 'widget.hints.connecting'
    if (network === 'interrupted') return 'widget.hints.interrupted'
    if (network === 'poor') return 'widget.hints.poor'
    if (muted) return 'widget.hints.muted'
    return status === 'processing' ? 'widget.hints.processing' : 'widget.hints.listening'
  }

  let lastIcon = ''
  /** The state render() drew last, and the timer that will draw a start stage. */
  let drawnState: WidgetState | null = null
  let stageTimer: ReturnType<typeof setTimeout> | undefined
  function render(): void {
    clearTimeout(stageTimer)
    stageTimer = undefined
    drawnState = controller.state
    const { status, reconnecting, problem, network, stage, chat, chatBusy } = controller.state
    const active = status === 'listening' || status === 'processing'
    const chatting = status === 'idle' && chat === 'open'
    setAttr(root, 'data-status', status)
    setAttr(root, 'lang', lang)
    setAttr(root, 'dir', isRtl(lang) ? 'rtl' : 'ltr')
    setAttr(root, 'aria-label', title || t('widget.region'))
    setClass(root, 'active', active)
    paintTheme()
    setAttr(
      mic,
      'aria-label',
      mode === 'chat'
        ? t(chatting ? 'widget.chat.close' : 'widget.chat.open')
        : status === 'idle'
          ? t('widget.start')
          : status === 'connecting'
            ? t('widget.cancel')
            : t('widget.stop'),
    )
    if (mode === 'chat') setAttr(mic, 'aria-expanded', String(chatting))
    if (chatButton) {
      setHidden(chatButton, status !== 'idle' || !options.configured)
      setAttr(chatButton, 'aria-label', t(chatting ? 'widget.chat.close' : 'widget.chat.type'))
      setAttr(chatButton, 'aria-expanded', String(chatting))
      setClass(chatButton, 'on', chatting)
    }
    const iconName =
      mode === 'chat' ? (chatting ? 'close' : 'chat') : status === 'connecting' ? 'spinner' : active ? 'stop' : 'mic'
    if (iconName !== lastIcon) {
      lastIcon = iconName
      mic.replaceChildren(iconName === 'spinner' ? el('span', 'spinner', { 'aria-hidden': 'true' }) : icon(iconName))
    }
    setHidden(ping, status !== 'listening')
    const explaining = status === 'idle' && !!problem && options.configured
    const statusCopy = !options.configured
      ? t('widget.notConfigured')
      : chatting
        ? t(chatBusy ? 'widget.chat.status.busy' : 'widget.chat.status.open')
        : explaining
          ? t(`widget.problem.${problem}.title`)
          : (reconnecting && status === 'connecting') || (active && network === 'interrupted')
            ? t('widget.status.reconnecting')
            : active && network === 'poor'
              ? t('widget.network.poor')
              : t(`widget.status.${status}`)
    setHidden(panel, !(status !== 'idle' || chatting || (!options.configured && explained) || explaining))
    setText(statusText, statusCopy)
    setHidden(noticeClose, !explaining)
    if (explaining && !noticeClose.firstChild) noticeClose.append(icon('close'))
    setAttr(noticeClose, 'aria-label', t('widget.problem.dismiss'))
    const stageKey = status === 'connecting' && stage ? `widget.stage.${stage}` : ''
    setText(stageText, stageKey ? t(stageKey) : '')
    setHidden(stageText, !stageText.textContent)
    const hk = hintKey()
    setText(hint, hk ? t(hk) : '')
    setHidden(hint, !hint.textContent)
    const { diagnosis } = controller.state
    const offerCheck = explaining && controller.canCheckNetwork && !!problem && NETWORK_PROBLEMS.has(problem)
    setHidden(checkButton, !offerCheck)
    setText(checkButton, t(diagnosis === 'running' ? 'widget.diagnostics.running' : 'widget.diagnostics.run'))
    // aria-disabled, not disabled: focus stays on the button while the check runs
    setAttr(checkButton, 'aria-disabled', String(diagnosis === 'running'))
    const found = offerCheck && diagnosis && diagnosis !== 'running' ? t(`widget.diagnostics.${diagnosis}`) : ''
    setText(checkResult, found)
    setHidden(checkResult, !found)
    // Whatever started the call (a press, an accepted consent notice, a handed-over call) or the chat, its panel loads now.
    if ((status !== 'idle' || chatting) && options.configured) loadConversation()
    conversation?.render(controller.state)
    setHidden(detail, options.configured || missing.length === 0)
    setText(detail, missing.length ? t('widget.missing', { names: missing.join(', ') }) : '')
    setAttr(toasts, 'aria-label', t('widget.notifications'))
    setText(live, statusCopy)
    consentUi?.render(pressNeedsConsent(), resumed || !!consentStore?.isAccepted())
  }

  /** Opens the typed conversation and, once its panel is drawn, puts focus in its text field. */
  const openChat = () => {
    controller.openChat()
    if (controller.state.chat !== 'open') return
    void conversationLoad?.then(() => conversation?.focusInput())
  }
  /** What the main button does once consent is settled: the chat's open/close in chat mode, else the call's. */
  const primary = () => {
    if (mode !== 'chat') return controller.toggle()
    if (controller.state.chat === 'open') controller.closeChat()
    else openChat()
  }
  mic.addEventListener('click', () => {
    if (!options.configured && !explained) {
      explained = true
      render()
    }
    // Consent first (consent.ts): this press opens (or closes) the notice instead of reaching the controller.
    if (consentUi?.interceptPress(pressNeedsConsent())) return
    primary()
  })
  chatButton?.addEventListener('click', () => {
    if (controller.state.chat === 'open') {
      controller.closeChat()
      chatButton.focus()
    } else openChat()
  })
  checkButton.addEventListener('click', () => controller.checkNetwork())
  noticeClose.addEventListener('click', () => {
    controller.dismissProblem()
    mic.focus()
  })
  // Intent (never before): the first pointer over, focus or touch of the mic fetches the call's code.
  const intent = () => {
    if (mode === 'chat') controller.preloadChat()
    else controller.preload()
    if (options.configured) loadConversation()
  }
  const chatIntent = () => {
    controller.preloadChat()
    if (options.configured) loadConversation()
  }
  for (const type of ['pointerenter', 'focus', 'touchstart'] as const) {
    mic.addEventListener(type, intent, { once: true, passive: true })
    chatButton?.addEventListener(type, chatIntent, { once: true, passive: true })
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    if (shown.size === 0) {
      // Then the chat, if it is open: closed, focus back on the button that opened it.
      if (controller.state.chat === 'open') {
        controller.closeChat()
        ;(chatButton ?? mic).focus()
        return
      }
      // Then the problem's explanation, if one is open.
      if (controller.state.problem && controller.state.status === 'idle') {
        controller.dismissProblem()
        if (!noticeClose.isConnected || shadow.activeElement === noticeClose) mic.focus()
      }
      return
    }
    const newest = [...shown].pop()
    if (newest) dismiss(newest)
  }
  root.addEventListener('keydown', onKey)
  render()
  if (options.resume && options.configured) void controller.resume(options.resume)

  return {
    shadowRoot: shadow,
    get state() {
      return controller.state
    },
    setTheme(next) {
      theme = next
      paintTheme()
    },
    setCopy(next, nextLang) {
      copy = next
      lang = nextLang
      if (callCopyLang && callCopyLang !== lang) void loadCallCopy()
      render()
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      clearTimeout(stageTimer)
      consentUi?.destroy()
      window.removeEventListener('storage', onStorage)
      controller.destroy()
      conversation?.destroy()
      conversation = null
      media?.removeEventListener('change', paintTheme)
      for (const s of shown) clearTimeout(s.timer)
      shown.clear()
      shadow.replaceChildren()
    },
  }
}
