/**
 * Voice command toasts (SPEC §8 "Voice toasts"), emitted as i18next keys plus interpolation values.
 *
 * The executor never renders copy itself: it hands the widget a {@link VoiceToast} carrying the key of each
 * string in the `voice` namespace (locales/en/voice.json), the interpolation values, and the English text
 * already interpolated as a fallback. The widget shows it with
 * `t(toast.titleKey, { ns: toast.ns, ...toast.values, defaultValue: toast.title })`.
 */

/** i18next namespace of every voice toast key (the file locales/en/voice.json). */
export const VOICE_TOAST_NAMESPACE = 'voice'

/**
 * English copy of the command toasts, verbatim from SPEC §8, shaped exactly like the `toast` object of
 * locales/en/voice.json. `{{value}}` is i18next interpolation.
 */
export const VOICE_TOAST_MESSAGES_EN = {
  toast: {
    elementClicked: { title: 'Element Clicked' },
    fieldFilled: { title: 'Field Filled', description: 'Entered: {{value}}' },
    commandFailed: { title: 'Command Failed', description: 'Could not execute the voice command' },
    fieldNotFound: { title: 'Field Not Found', description: 'Could not locate the input field' },
    // Not in SPEC §8: the one toast that stands for the refusals counted while refusal toasts are held back
    // (./toastGate.ts), so a flood of bad commands cannot bury the page in toasts.
    commandsFailed: { title: 'Command Failed', description: 'More voice commands could not be executed: {{count}}' },
    // Not in SPEC §8: a voice command has no fresh user gesture, so browsers block the new tab of a
    // target=_blank link; this toast offers the visitor's own click instead.
    popupBlocked: {
      title: 'New Tab Blocked',
      description: 'Your browser blocked the new tab. Open it here.',
      action: 'Open',
    },
  },
} as const

/** Keys (in the `voice` namespace) of the toast strings. */
export const VOICE_TOAST_KEYS = {
  elementClicked: { title: 'toast.elementClicked.title' },
  fieldFilled: { title: 'toast.fieldFilled.title', description: 'toast.fieldFilled.description' },
  commandFailed: { title: 'toast.commandFailed.title', description: 'toast.commandFailed.description' },
  fieldNotFound: { title: 'toast.fieldNotFound.title', description: 'toast.fieldNotFound.description' },
  commandsFailed: { title: 'toast.commandsFailed.title', description: 'toast.commandsFailed.description' },
  popupBlocked: {
    title: 'toast.popupBlocked.title',
    description: 'toast.popupBlocked.description',
    action: 'toast.popupBlocked.action',
  },
} as const

/** Which toast: one per SPEC §8 command outcome. */
export type VoiceToastId = keyof typeof VOICE_TOAST_KEYS

/** A toast the executor asks the widget to show. */
export interface VoiceToast {
  /** Which SPEC §8 toast this is. */
  id: VoiceToastId
  /** Visual style: success (Element Clicked, Field Filled) or error (Command Failed, Field Not Found, the refusal summary). */
  type: 'success' | 'error' | 'info'
  /** i18next namespace of the keys: always {@link VOICE_TOAST_NAMESPACE}. */
  ns: typeof VOICE_TOAST_NAMESPACE
  /** i18next key of the title, e.g. `'toast.fieldFilled.title'`. */
  titleKey: string
  /** i18next key of the description, when the toast has one. */
  descriptionKey?: string
  /** Interpolation values for the keys (e.g. `{ value: 'ada@example.com' }`). */
  values?: Record<string, string>
  /** English title (fallback / `defaultValue`). */
  title: string
  /** English description with values interpolated (fallback / `defaultValue`). */
  description?: string
  /** A button in the toast that opens `url` in a new tab on the visitor's own click (popupBlocked). */
  action?: { labelKey: string; label: string; url: string }
}

/** Characters of the entered value shown in "Entered: {{value}}" before it is cut with an ellipsis. */
export const TOAST_VALUE_MAX_CHARS = 80

/** Builds the toast of one SPEC §8 outcome with its keys, values and English fallback text. */
export function voiceToast(id: VoiceToastId, values?: Record<string, string>, actionUrl?: string): VoiceToast {
  const keys: { title: string; description?: string } = VOICE_TOAST_KEYS[id]
  const en: { title: string; description?: string } = VOICE_TOAST_MESSAGES_EN.toast[id]
  const type: VoiceToast['type'] =
    id === 'elementClicked' || id === 'fieldFilled' ? 'success' : id === 'popupBlocked' ? 'info' : 'error'
  const toast: VoiceToast = { id, type, ns: VOICE_TOAST_NAMESPACE, titleKey: keys.title, title: en.title }
  if (keys.description !== undefined && en.description !== undefined) {
    toast.descriptionKey = keys.description
    toast.description = en.description.replace(/\{\{(\w+)\}\}/g, (_m, name: string) =>
      values && Object.prototype.hasOwnProperty.call(values, name) ? (values[name] ?? '') : '',
    )
  }
  if (values) toast.values = { ...values }
  if (id === 'popupBlocked' && actionUrl) {
    toast.action = {
      labelKey: VOICE_TOAST_KEYS.popupBlocked.action,
      label: VOICE_TOAST_MESSAGES_EN.toast.popupBlocked.action,
      url: actionUrl,
    }
  }
  return toast
}
