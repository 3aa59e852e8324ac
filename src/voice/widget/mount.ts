import type { WidgetToast } from '../session/types'
import { createWidgetController, type WidgetController, type WidgetState } from './controller'
import { HOST_STYLE, WIDGET_CSS } from './styles'
import { adoptStyles, el, mediaQuery, setAttr, setClass, setHidden, setText } from './dom'
import { isRtl } from './rtl'
import type { ConversationView } from './conversationView'
import { CONSENT_STORAGE_KEY, consentNeeded, consentVersion, createConsentStore, type ConsentSettings } from './consent'
import { createConsentUi } from './consentDialog'
import { layoutClasses } from './branding'
import type { MountVoiceWidgetOptions, VoiceWidgetHandle, WidgetTheme } from './mountOptions'
import { icon } from './icons'
import { createCallCopy } from './callCopy'
import type { LanguageSwitchFactory, LanguageSwitchUi } from './languageSwitch'
import { createToastStack } from './toastStack'
import { describeWidget, type WidgetMode } from './widgetView'

export type { MountVoiceWidgetOptions, VoiceWidgetHandle, WidgetTheme } from './mountOptions'
export { WIDGET_MODES, type WidgetMode } from './widgetView'
export type { WidgetPosition, WidgetSize } from './branding'
export { widgetStyleSheet } from './styles'

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
  // In-call hook-in: the in-call copy (callCopy.ts) is fetched with the in-call panel, never with the idle widget.
  const callCopy = createCallCopy({
    idle: () => copy,
    lang: () => lang,
    onLoad: () => render(),
    logger: options.logger ?? console,
    ...(options.callCopy && { chunk: options.callCopy }),
  })
  const { t } = callCopy

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

  // ---- language switch (languageSwitch.ts; the embed's, with more than one language allowed) ----
  let languageSwitch: LanguageSwitchUi | null = null
  const addLanguageSwitch = (make: LanguageSwitchFactory) => {
    if (languageSwitch || destroyed) return
    languageSwitch = make({ shadow, t, lang: () => lang })
    root.insertBefore(languageSwitch.menu, row)
    panel.after(languageSwitch.button)
  }
  if (options.languageSwitch) addLanguageSwitch(options.languageSwitch)

  // ---- theme ----
  const media = mediaQuery(shadow, '(prefers-color-scheme: dark)')
  const paintTheme = () => setClass(root, 'dark', theme === 'dark' || (theme === 'auto' && !!media?.matches))
  media?.addEventListener('change', paintTheme)

  // ---- toasts (toastStack.ts) ----
  const toastStack = createToastStack({
    container: toasts,
    shadow,
    t,
    focusFallback: () => mic.focus(),
    ...(options.toastDurationMs !== undefined && { durationMs: options.toastDurationMs }),
    ...(options.maxToasts !== undefined && { max: options.maxToasts }),
  })
  /** Shows a toast; one worded by the in-call copy (a problem's description) waits for that copy. */
  const notify = (toast: WidgetToast) => {
    const inCall = [toast.titleKey, toast.descriptionKey].some((k) => k?.startsWith('widget.problem.'))
    if (inCall && !callCopy.loaded) void callCopy.load().then(() => toastStack.show(toast))
    else toastStack.show(toast)
  }

  // ---- in-call panel: the conversation, typed input, mute and level (./conversationView.ts, loaded on intent) ----
  let conversation: ConversationView | null = null
  let conversationLoad: Promise<void> | undefined
  const loadConversation = () => {
    const copyLoad = callCopy.load()
    conversationLoad ??= Promise.all([import('./conversationView'), copyLoad]).then(
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
    ...(options.siteIndex && { siteIndex: options.siteIndex }),
    ...(mode !== 'voice' && options.resumeChat && { resumeChat: options.resumeChat }),
    ...(options.pageUrl && { pageUrl: options.pageUrl }),
    ...(options.logger && { logger: options.logger }),
  })

  let lastIcon = ''
  /** The state render() drew last, and the timer that will draw a start stage. */
  let drawnState: WidgetState | null = null
  let stageTimer: ReturnType<typeof setTimeout> | undefined
  /** Applies {@link describeWidget}'s view of the controller's state to the DOM (change-skipping writes only). */
  function render(): void {
    clearTimeout(stageTimer)
    stageTimer = undefined
    drawnState = controller.state
    const view = describeWidget(controller.state, {
      mode,
      configured: options.configured,
      explained,
      canCheckNetwork: controller.canCheckNetwork,
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    })
    setAttr(root, 'data-status', controller.state.status)
    setAttr(root, 'lang', lang)
    setAttr(root, 'dir', isRtl(lang) ? 'rtl' : 'ltr')
    setAttr(root, 'aria-label', title || t('widget.region'))
    setClass(root, 'active', view.active)
    paintTheme()
    setAttr(mic, 'aria-label', t(view.primaryLabelKey))
    if (mode === 'chat') setAttr(mic, 'aria-expanded', String(view.chatting))
    if (chatButton) {
      setHidden(chatButton, view.chatButtonHidden)
      setAttr(chatButton, 'aria-label', t(view.chatButtonLabelKey))
      setAttr(chatButton, 'aria-expanded', String(view.chatting))
      setClass(chatButton, 'on', view.chatting)
    }
    if (view.primaryIcon !== lastIcon) {
      lastIcon = view.primaryIcon
      mic.replaceChildren(
        view.primaryIcon === 'spinner' ? el('span', 'spinner', { 'aria-hidden': 'true' }) : icon(view.primaryIcon),
      )
    }
    setHidden(ping, controller.state.status !== 'listening')
    const statusCopy = t(view.statusKey)
    setHidden(panel, view.panelHidden)
    setText(statusText, statusCopy)
    setHidden(noticeClose, !view.explaining)
    if (view.explaining && !noticeClose.firstChild) noticeClose.append(icon('close'))
    setAttr(noticeClose, 'aria-label', t('widget.problem.dismiss'))
    setText(stageText, view.stageKey ? t(view.stageKey) : '')
    setHidden(stageText, !stageText.textContent)
    setText(hint, view.hintKey ? t(view.hintKey) : '')
    setHidden(hint, !hint.textContent)
    setHidden(checkButton, !view.offerCheck)
    setText(checkButton, t(view.checkLabelKey))
    // aria-disabled, not disabled: focus stays on the button while the check runs
    setAttr(checkButton, 'aria-disabled', String(view.checkRunning))
    const found = view.diagnosisKey ? t(view.diagnosisKey) : ''
    setText(checkResult, found)
    setHidden(checkResult, !found)
    // Whatever started the call (a press, an accepted consent notice, a handed-over call) or the chat, its panel loads now.
    if (view.wantsConversation) loadConversation()
    conversation?.render(controller.state)
    setHidden(detail, options.configured || missing.length === 0)
    setText(detail, missing.length ? t('widget.missing', { names: missing.join(', ') }) : '')
    setAttr(toasts, 'aria-label', t('widget.notifications'))
    setText(live, statusCopy)
    consentUi?.render(pressNeedsConsent(), resumed || !!consentStore?.isAccepted())
    // A conversation keeps the language it started in: the switch is offered between conversations.
    languageSwitch?.render(controller.state.status !== 'idle' || view.chatting)
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
    if (!toastStack.dismissNewest()) {
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
    }
  }
  root.addEventListener('keydown', onKey)
  render()
  if (options.resume && options.configured) void controller.resume(options.resume)

  return {
    shadowRoot: shadow,
    get state() {
      return controller.state
    },
    get lang() {
      return lang
    },
    setTheme(next) {
      theme = next
      paintTheme()
    },
    addLanguageSwitch(make) {
      addLanguageSwitch(make)
      render()
    },
    setCopy(next, nextLang) {
      copy = next
      lang = nextLang
      if (callCopy.lang && callCopy.lang !== lang) void callCopy.load()
      render()
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      callCopy.dispose()
      clearTimeout(stageTimer)
      consentUi?.destroy()
      languageSwitch?.destroy()
      window.removeEventListener('storage', onStorage)
      controller.destroy()
      conversation?.destroy()
      conversation = null
      media?.removeEventListener('change', paintTheme)
      toastStack.destroy()
      shadow.replaceChildren()
    },
  }
}
