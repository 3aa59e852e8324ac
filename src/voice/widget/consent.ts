/**
 * The visitor's consent to the voice assistant (README "Add VoiceOS to your site", `data-consent`): before the
 * first microphone request the widget shows a notice with Accept and Cancel; acceptance is remembered per origin
 * in `localStorage` under a version derived from the notice's terms, so changed terms ask again; it can be
 * withdrawn from the widget. Recording a visitor's voice needs notice and consent (GDPR Art. 6(1)(a) and 7(3):
 * withdrawing must be as easy as giving; India's DPDP Act 2023 s. 6).
 *
 * This module is the remembered/withdrawn logic only (no DOM); `consentDialog.ts` draws the notice.
 */

/** The consent settings of one widget. */
export interface ConsentSettings {
  /** Whether the notice must be accepted before the first call. @default false */
  required: boolean
  /** The site owner's heading of the notice (plain text); '' → the default copy (`widget.consent.title`). */
  title?: string
  /** The site owner's own notice text (plain text, ≤ 500 characters); '' → the default copy (`widget.consent.text`). */
  text?: string
  /**
   * The copy key of the default notice text, shown when there is no `text` (read in the language in use, so it
   * follows a language switch) and, in the managing view, as the terms agreed to; the local mode's notice is
   * `widget.consent.localText`. A notice of other substance: part of the version ({@link consentVersion}).
   * @default 'widget.consent.text'
   */
  textKey?: string
  /** The site owner's privacy policy, an absolute http(s) URL; '' → no link. */
  privacyUrl?: string
}

/** `localStorage` key of the remembered acceptance (one per origin: the storage itself is per origin). */
export const CONSENT_STORAGE_KEY = 'voiceos:consent'

/**
 * Version of this product's own notice and of what the call does with the microphone. Raise it when that changes
 * in substance: every visitor is then asked again. The owner's text and privacy URL are part of the version
 * ({@link consentVersion}), so changing those asks again without touching this.
 */
export const CONSENT_NOTICE_VERSION = 1

/** What is stored under {@link CONSENT_STORAGE_KEY}. */
export interface ConsentRecord {
  /** {@link consentVersion} of the notice the visitor accepted. */
  version: string
  /** When, in ms since the epoch. */
  acceptedAt: number
}

/** FNV-1a, 32 bit, base 36: a short fingerprint of the terms (not a security measure). */
function fingerprint(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}

/**
 * The version of the terms a visitor accepts: {@link CONSENT_NOTICE_VERSION} and a fingerprint of the owner's
 * text and privacy URL (so an owner who changes either gets a fresh acceptance) and of a default notice of other
 * substance (`textKey`, the local mode's). The page's language is not part
 * of it: the same terms in Hindi and English are the same terms.
 * @example consentVersion({ required: true }) // '1:…'
 */
export function consentVersion(settings: Pick<ConsentSettings, 'text' | 'textKey' | 'privacyUrl'>): string {
  const key = settings.textKey ? `\n${settings.textKey}` : ''
  return `${CONSENT_NOTICE_VERSION}:${fingerprint(`${settings.text ?? ''}\n${settings.privacyUrl ?? ''}${key}`)}`
}

/** Remembered consent of one widget. */
export interface ConsentStore {
  /** {@link consentVersion} of this widget's notice. */
  readonly version: string
  /** Whether the acceptance is kept across page loads (`false`: storage unavailable → asked on every page load). */
  readonly persistent: boolean
  /** Whether the visitor accepted this version (read from storage each time: another tab may have withdrawn). */
  isAccepted(): boolean
  /** Records the acceptance of this version. Never throws. */
  accept(): void
  /** Forgets the acceptance (GDPR Art. 7(3)); the next press asks again. Never throws. */
  withdraw(): void
}

/** Options of {@link createConsentStore}. */
export interface ConsentStoreOptions {
  /** {@link consentVersion} of the notice. */
  version: string
  /**
   * Where acceptance is kept. @default `window.localStorage`. A storage that throws on access or on writing
   * (blocked storage, a sandboxed frame, a full quota) or `null` → acceptance lasts for this page only.
   */
  storage?: Storage | null
  /** Clock, ms since the epoch. @default Date.now */
  now?: () => number
}

/** The page's `localStorage`, or `null` when reading it throws (blocked third-party storage, sandboxed frame). */
function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** Whether `storage` can be written and read back (a probe key, removed at once). */
function usable(storage: Storage | null): storage is Storage {
  if (!storage) return false
  try {
    const probe = `${CONSENT_STORAGE_KEY}:probe`
    storage.setItem(probe, '1')
    const ok = storage.getItem(probe) === '1'
    storage.removeItem(probe)
    return ok
  } catch {
    return false
  }
}

/**
 * Remembered consent: `{ version, acceptedAt }` under {@link CONSENT_STORAGE_KEY} (JSON). A stored record of
 * another version, or one that does not parse, counts as not accepted. Without usable storage the acceptance is
 * held in memory: the widget then asks again on every page load.
 */
export function createConsentStore(options: ConsentStoreOptions): ConsentStore {
  const storage = options.storage === undefined ? defaultStorage() : options.storage
  const persistent = usable(storage)
  const now = options.now ?? Date.now
  let inMemory = false
  const read = (): ConsentRecord | null => {
    if (!persistent) return null
    try {
      const raw = storage.getItem(CONSENT_STORAGE_KEY)
      if (!raw) return null
      const parsed: unknown = JSON.parse(raw)
      if (
        parsed &&
        typeof parsed === 'object' &&
        typeof (parsed as ConsentRecord).version === 'string' &&
        typeof (parsed as ConsentRecord).acceptedAt === 'number'
      )
        return parsed as ConsentRecord
      return null
    } catch {
      return null
    }
  }
  return {
    version: options.version,
    persistent,
    isAccepted() {
      if (!persistent) return inMemory
      return read()?.version === options.version
    },
    accept() {
      inMemory = true
      if (!persistent) return
      try {
        const record: ConsentRecord = { version: options.version, acceptedAt: now() }
        storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record))
      } catch {
        // quota or a storage revoked since: this page still remembers it
      }
    },
    withdraw() {
      inMemory = false
      if (!persistent) return
      try {
        storage.removeItem(CONSENT_STORAGE_KEY)
      } catch {
        // nothing stored that could be read back either
      }
    },
  }
}

/**
 * Whether a press must show the notice rather than start a call: consent is required, this version is not
 * accepted, and the call is not one the previous page of this tab handed over (its visitor accepted there).
 */
export function consentNeeded(settings: ConsentSettings, store: ConsentStore, resumed: boolean): boolean {
  return settings.required && !resumed && !store.isAccepted()
}
