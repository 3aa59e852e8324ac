/**
 * The local mode's voice: answers spoken with the browser's `speechSynthesis` (README "Voice without a platform
 * account"), and what the recognizer must not take for the visitor — the answer being spoken, heard back through
 * the speakers.
 * @module
 */

/** Text as compared for an echo: lower case, letters, marks and digits only, single spaces. */
export const echoForm = (text: string): string =>
  text
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()

/** How long an answer may take to be spoken before it no longer counts as being spoken: this base, ms… */
const SPEECH_GRACE_MS = 4000
/** …plus this much per character, ms (a synthesizer with no voices installed never reports its end). */
const SPEECH_MS_PER_CHAR = 80

/**
 * Speaks answers, one at a time, in the order given (the synthesizer's queue). Nothing is cancelled before an
 * answer is queued: in Chrome, `speechSynthesis.cancel()` right before `speak()` drops the new utterance too
 * (cancel empties the queue asynchronously). Answers are short; {@link Speaker.cancel} cuts them when the visitor
 * mutes or stops.
 */
export class Speaker {
  readonly #synthesis: () => Pick<SpeechSynthesis, 'speak' | 'cancel'> | null
  readonly #utterance: (text: string) => SpeechSynthesisUtterance
  #speaking = 0
  /** What is being spoken now, as {@link echoForm}. */
  #echo = ''

  /**
   * @param synthesis - the synthesizer; `undefined`: `window.speechSynthesis` where there is one; `null`: none.
   * @param utterance - creates an utterance. @default `new SpeechSynthesisUtterance(text)`
   */
  constructor(
    synthesis: Pick<SpeechSynthesis, 'speak' | 'cancel'> | null | undefined,
    utterance?: (text: string) => SpeechSynthesisUtterance,
  ) {
    this.#synthesis = () =>
      synthesis !== undefined ? synthesis : typeof speechSynthesis === 'undefined' ? null : speechSynthesis
    this.#utterance = utterance ?? ((text) => new SpeechSynthesisUtterance(text))
  }

  /**
   * Speaks `text` in `lang` (BCP 47). Never throws: a synthesizer that fails leaves the answer unspoken (it is
   * shown in the transcript anyway). An answer counts as being spoken until its `end`/`error`, at most
   * {@link SPEECH_GRACE_MS} + {@link SPEECH_MS_PER_CHAR} per character.
   */
  say(text: string, lang: string): void {
    const synth = this.#synthesis()
    if (!synth) return
    try {
      const utterance = this.#utterance(text)
      utterance.lang = lang
      let counted = true
      this.#speaking++
      this.#echo = echoForm(text)
      const settle = () => {
        if (!counted) return
        counted = false
        this.#speaking = Math.max(0, this.#speaking - 1)
      }
      utterance.addEventListener('end', settle)
      utterance.addEventListener('error', settle)
      synth.speak(utterance)
      setTimeout(settle, SPEECH_GRACE_MS + SPEECH_MS_PER_CHAR * text.length)
    } catch {
      this.#speaking = 0
    }
  }

  /** Whether `heard` (a recognizer's transcript) is the answer being spoken, heard back through the speakers. */
  isEcho(heard: string): boolean {
    return this.#speaking > 0 && this.#echo.includes(echoForm(heard))
  }

  /** Cuts what is being spoken. Never throws. */
  cancel(): void {
    try {
      this.#synthesis()?.cancel()
    } catch {
      /* nothing to cancel */
    }
    this.#speaking = 0
  }
}
