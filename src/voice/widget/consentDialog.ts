import type { ConsentSettings, ConsentStore } from './consent'
import { el, svgIcon } from './dom'

/** Options of {@link createConsentUi}. */
export interface ConsentUiOptions {
  /** What the site owner set (`data-consent`, `data-consent-title`, `data-consent-text`, `data-privacy-url`). */
  settings: ConsentSettings
  /** Where acceptance is remembered. */
  store: ConsentStore
  /** The widget's copy lookup (`widget.consent.*` keys of `locales/<lng>/voice.json`). */
  t: (key: string) => string
  /** The mic: focus returns to it whenever the notice closes; it gets `aria-haspopup`/`aria-expanded` while it opens the notice. */
  mic: HTMLButtonElement
  /** The visitor accepted from the notice the mic opened: start the call (still inside the Accept click). */
  onAccept: () => void
  /** The visitor withdrew consent: end any call. */
  onWithdraw: () => void
}

/** The consent notice and its withdrawal control, drawn by the widget. */
export interface ConsentUi {
  /** The notice (`role="dialog"`), placed by the widget next to the mic; hidden while closed. */
  readonly dialog: HTMLElement
  /** The small control beside the mic that opens the notice in its withdrawal form; hidden unless accepted. */
  readonly manageButton: HTMLButtonElement
  /** A polite live region of its own (the widget's status region is rewritten on every render). */
  readonly announcer: HTMLElement
  /** Whether the notice is open. */
  readonly open: boolean
  /**
   * A mic press. Returns `true` when it was the notice's (the press opened the notice because consent is needed, or
   * closed the open notice as Cancel does); then the widget must not start anything.
   * @param needed whether this press needs consent first (`consentNeeded()` and the widget idle and configured)
   */
  interceptPress(needed: boolean): boolean
  /** Redraws the copy (language change) and the mic's and withdrawal control's state. */
  render(needed: boolean, accepted: boolean): void
  /** Closes the notice without returning focus (the widget is going away). */
  destroy(): void
}

/** Lucide's shield-check, 24×24, stroke 2. */
const SHIELD = [
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
  'm9 12 2 2 4-4',
]

/**
 * The consent notice as a WAI-ARIA dialog inside the widget's shadow root (APG "Dialog (Modal)" keyboard model,
 * non-modal: the page stays usable): labelled by its title, described by its text; opening moves focus to the
 * dialog itself (its text is read first, no choice is pre-selected), Tab reaches the privacy link, Accept and
 * Cancel, Escape cancels, and closing returns focus to the mic. Two forms:
 * - `ask` (a press without consent): the owner's text or the default copy, the owner's privacy link, Accept and
 *   Cancel. Accept remembers it and calls `onAccept` inside the click (the user gesture the microphone prompt
 *   wants); Cancel and Escape send nothing.
 * - `manage` (the shield control beside the mic, shown once accepted): the same terms, Withdraw consent and Close.
 *   Withdrawing forgets the acceptance, calls `onWithdraw` (which ends any call) and announces it politely.
 */
export function createConsentUi(options: ConsentUiOptions): ConsentUi {
  const { settings, store, t, mic } = options
  const ownerText = (settings.text ?? '').trim()
  const ownerTitle = (settings.title ?? '').trim()
  const privacyUrl = settings.privacyUrl ?? ''

  const dialog = el('div', 'consent', {
    role: 'dialog',
    id: 'voiceos-consent',
    'aria-labelledby': 'voiceos-consent-title',
    'aria-describedby': 'voiceos-consent-text',
    tabindex: '-1',
    'data-testid': 'voice-consent',
  })
  dialog.hidden = true
  const title = el('p', 'consent-title', { id: 'voiceos-consent-title' })
  const text = el('p', 'consent-text', { id: 'voiceos-consent-text' })
  const body = el('p', 'consent-text consent-state')
  dialog.append(title, text, body)
  let link: HTMLAnchorElement | null = null
  let linkLabel: Text | null = null
  let linkNote: HTMLElement | null = null
  if (privacyUrl) {
    const p = el('p', 'consent-link')
    link = el('a', '', { href: privacyUrl, target: '_blank', rel: 'noopener noreferrer' })
    linkLabel = document.createTextNode('')
    linkNote = el('span', 'sr-only')
    link.append(linkLabel, linkNote)
    p.append(link)
    dialog.append(p)
  }
  const actions = el('div', 'consent-actions')
  const primary = el('button', 'consent-primary', { type: 'button', 'data-testid': 'voice-consent-primary' })
  const secondary = el('button', 'consent-secondary', { type: 'button', 'data-testid': 'voice-consent-secondary' })
  actions.append(primary, secondary)
  dialog.append(actions)

  const manageButton = el('button', 'consent-manage', {
    type: 'button',
    'aria-haspopup': 'dialog',
    'aria-controls': 'voiceos-consent',
    'aria-expanded': 'false',
    'data-testid': 'voice-consent-manage',
  })
  manageButton.append(svgIcon(SHIELD.map((d) => ['path', { d }] as const)))
  manageButton.hidden = true
  const announcer = el('p', 'sr-only', { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' })

  let mode: 'ask' | 'manage' | null = null
  let lastNeeded = false
  let lastAccepted = false

  const paint = () => {
    const manage = mode === 'manage'
    dialog.setAttribute('data-mode', mode ?? 'closed')
    title.textContent = manage ? t('widget.consent.manageTitle') : ownerTitle || t('widget.consent.title')
    // Asking: the owner's text or the default notice. Managing: what was agreed to, then the owner's own terms.
    const terms = ownerText || t(settings.textKey ?? 'widget.consent.text')
    text.textContent = manage ? t('widget.consent.manageText') : terms
    body.textContent = manage && (ownerText || settings.textKey) ? terms : ''
    body.hidden = !body.textContent
    if (linkLabel && linkNote) {
      linkLabel.data = t('widget.consent.privacy')
      linkNote.textContent = ` ${t('widget.consent.newTab')}`
    }
    primary.textContent = t(manage ? 'widget.consent.withdraw' : 'widget.consent.accept')
    secondary.textContent = t(manage ? 'widget.consent.close' : 'widget.consent.cancel')
    manageButton.setAttribute('aria-label', t('widget.consent.manage'))
    manageButton.setAttribute('aria-expanded', String(manage))
    // The mic opens the notice (not a call) while consent is needed: say so to assistive technology.
    if (lastNeeded || mode === 'ask') {
      mic.setAttribute('aria-haspopup', 'dialog')
      mic.setAttribute('aria-controls', 'voiceos-consent')
      mic.setAttribute('aria-expanded', String(mode === 'ask'))
    } else {
      mic.removeAttribute('aria-haspopup')
      mic.removeAttribute('aria-controls')
      mic.removeAttribute('aria-expanded')
    }
    manageButton.hidden = !lastAccepted
  }

  const show = (next: 'ask' | 'manage') => {
    mode = next
    dialog.hidden = false
    paint()
    dialog.focus()
  }
  const close = (focusMic: boolean) => {
    if (mode === null) return
    mode = null
    dialog.hidden = true
    paint()
    if (focusMic) mic.focus()
  }

  primary.addEventListener('click', () => {
    if (mode === 'ask') {
      store.accept()
      lastNeeded = false
      lastAccepted = true
      close(true)
      options.onAccept()
    } else if (mode === 'manage') {
      store.withdraw()
      lastAccepted = false
      close(true)
      options.onWithdraw()
      announcer.textContent = t('widget.consent.withdrawn')
    }
  })
  secondary.addEventListener('click', () => close(true))
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return
    e.stopPropagation() // the widget's own Escape dismisses a toast: not this one
    close(true)
  })
  manageButton.addEventListener('click', () => (mode === 'manage' ? close(true) : show('manage')))

  return {
    dialog,
    manageButton,
    announcer,
    get open() {
      return mode !== null
    },
    interceptPress(needed) {
      if (mode !== null) {
        close(true)
        return true
      }
      if (!needed) return false
      announcer.textContent = ''
      show('ask')
      return true
    },
    render(needed, accepted) {
      lastNeeded = needed
      lastAccepted = accepted
      paint()
    },
    destroy() {
      mode = null
      dialog.hidden = true
    },
  }
}

/**
 * The notice's CSS (appended to the widget's sheet, src/voice/widget/styles.ts). Colours are the widget's tokens
 * (AA in both themes: `--fg` on `--panel` ≥ 15:1, `--brand-contrast` on `--brand` ≥ 7:1); the buttons are at
 * least 44 px tall (WCAG 2.5.5); nothing moves, so there is nothing for `prefers-reduced-motion` to stop.
 */
export const CONSENT_CSS = `
.consent {
  display: flex; flex-direction: column; gap: 0.5rem; width: min(20rem, calc(100vw - 2rem)); padding: 1rem;
  border-radius: 0.75rem; border: 1px solid var(--border); background: var(--panel); color: var(--fg);
  box-shadow: 0 10px 15px -3px rgb(0 0 0 / 0.12), 0 4px 6px -4px rgb(0 0 0 / 0.1);
}
.consent[hidden], .consent-manage[hidden], .consent-state[hidden] { display: none; }
.consent:focus { outline: none; }
.consent:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.consent-title { margin: 0; font-weight: 600; font-size: 1rem; }
.consent-text, .consent-link { margin: 0; font-size: 0.875rem; overflow-wrap: anywhere; }
.consent-link a { color: var(--brand-fg); text-decoration: underline; text-underline-offset: 2px; }
.consent-link a:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; border-radius: 2px; }
.consent-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.25rem; }
.consent-actions button {
  all: unset; box-sizing: border-box; cursor: pointer; min-height: 2.75rem; padding: 0.5rem 1rem;
  border-radius: 0.5rem; font-weight: 600; font-size: 0.875rem; line-height: 1.25; text-align: center;
}
.consent-actions .consent-primary { background: var(--brand); color: var(--brand-contrast); }
.consent-actions .consent-secondary { border: 1px solid var(--muted); color: var(--fg); background: var(--panel); }
.consent-manage {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center;
  width: 2.75rem; height: 2.75rem; border-radius: 9999px; cursor: pointer; flex: none; align-self: center;
  background: var(--panel); color: var(--fg); border: 1px solid var(--border);
  box-shadow: 0 4px 6px -4px rgb(0 0 0 / 0.15);
}
.consent-manage svg { width: 1.25rem; height: 1.25rem; }
@media (forced-colors: active) {
  .consent, .consent-actions button, .consent-manage { border: 1px solid CanvasText; }
}
`
