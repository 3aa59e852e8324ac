/**
 * What the local mode must do while the visitor's press still counts as a user activation (HTML Living Standard
 * §6.4.3 "Tracking user activation"), before anything awaits:
 * - `SpeechRecognition.install()` (Web Speech API, on-device recognition): Chrome downloads a language pack only
 *   from a call made with transient activation; a call made after the chunk and the grammar loaded is refused;
 * - `speechSynthesis.speak()`: iOS Safari speaks only utterances queued from a user gesture until one has been
 *   spoken from one; an empty utterance queued at the press lets every later answer (the first one included, which
 *   comes after the grammar loaded) be spoken.
 * Tiny and free of imports so that the widget's press handler calls it synchronously (src/voice/widget/engine.ts
 * `prestart`) without loading the local engine's chunk first; the engine calls it again at `start()` for pages that
 * drive it directly — the second call within {@link PRESS_WINDOW_MS} does nothing.
 * @module
 */

/** A second call within this many ms of the first (same language) does nothing: one press, one install. */
export const PRESS_WINDOW_MS = 2000

/** The parts of the page this touches; each defaults to the window's. */
export interface PressEnvironment {
  /** The recognizer constructor (`SpeechRecognition` / `webkitSpeechRecognition`). @default the window's */
  recognition?: {
    install?(options: { langs: string[]; processLocally: boolean }): Promise<boolean>
  } | null
  /** @default `window.speechSynthesis` */
  synthesis?: Pick<SpeechSynthesis, 'speak'> | null
  /** @default `new SpeechSynthesisUtterance(text)` */
  utterance?: (text: string) => SpeechSynthesisUtterance
}

let last = { lang: '', at: -Infinity }

/**
 * Does the press-bound steps for a conversation in `lang` (BCP 47): asks for the on-device recognizer of that
 * language (`install()`, not awaited: this conversation uses whatever recognizer is there now) and queues an empty
 * utterance in `lang` (iOS: unlocks speech for the answers to come). Synchronous; never throws.
 * @returns whether it acted (`false` for the repeat within {@link PRESS_WINDOW_MS}).
 */
export function atPress(lang: string, env: PressEnvironment = {}): boolean {
  const now = Date.now()
  if (last.lang === lang && now - last.at < PRESS_WINDOW_MS) return false
  last = { lang, at: now }
  try {
    const w = (typeof window === 'undefined' ? {} : window) as {
      SpeechRecognition?: PressEnvironment['recognition']
      webkitSpeechRecognition?: PressEnvironment['recognition']
    }
    const ctor = env.recognition !== undefined ? env.recognition : (w.SpeechRecognition ?? w.webkitSpeechRecognition)
    if (ctor && typeof ctor.install === 'function')
      void ctor.install({ langs: [lang], processLocally: true }).catch(() => undefined)
  } catch {
    /* no on-device recognition here */
  }
  try {
    const synth =
      env.synthesis !== undefined ? env.synthesis : typeof speechSynthesis === 'undefined' ? null : speechSynthesis
    if (synth) {
      const u = env.utterance ? env.utterance('') : new SpeechSynthesisUtterance('')
      u.lang = lang
      synth.speak(u)
    }
  } catch {
    /* no voice here */
  }
  return true
}

/** Forgets the last press (tests: each starts as a fresh press). */
export function resetPress(): void {
  last = { lang: '', at: -Infinity }
}
