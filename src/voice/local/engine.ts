/**
 * The local mode's engine (README "Voice without a platform account"): a conversation with no platform, no call
 * and no key. It satisfies the same engine contract as the web call (src/voice/session/types.ts
 * `VoiceEngineLike`), so the same session runs it — status, transcript, toasts, the page map, the same command
 * router and executor, their results and refusals, and the conversation across page loads (./handoff.ts) —:
 * - the browser's recognizer (./recognition.ts) listens in the page's language, on-device where the browser can;
 * - each final transcript is read by the grammar of that language (./grammar.ts) and becomes a `tool-calls`
 *   message, the shape a call's assistant sends (Vapi `ClientMessageToolCalls`), which the session runs;
 * - the session reports each result through `send()` as it does to a call; this engine answers it in a sentence
 *   (./answers.ts), shown as the assistant's turn and spoken with `speechSynthesis` unless muted;
 * - what the visitor types (the widget's composer) is read by the same grammar.
 * Where the browser has no recognizer, the conversation starts typed-only and says so.
 * @module
 */
import { TypedEmitter } from '../engine/emitter'
import type { VoiceCallErrorEvent } from '../engine/events'
import type { VapiClientMessage } from '../engine/messages'
import { reportOf } from '../context/report'
import type { VoiceEngineLike, WidgetEngineEvents } from '../session/types'
import {
  answerForResult,
  examplesFor,
  fillTemplate,
  joinList,
  readPageMap,
  readResult,
  bestSearchResult,
  type PageOffer,
  type ReportedResult,
} from './answers'
import { loadGrammar } from './grammarTables'
import {
  normalizeUtterance,
  parseUtterance,
  prepareGrammar,
  type GrammarAnswers,
  type GrammarTable,
  type Intent,
} from './grammar'
import { echoForm, Speaker } from './speaker'
import { atPress } from './press'

export { atPress } from './press'
import { groundUtterance, namesAnItem, prepareNames } from './grounding'
import { optionFill } from './options'
import { PART_HEADER_PATTERN } from '../context/fit'
import {
  onDevice,
  recognitionOf,
  type Recognition,
  type RecognitionConstructor,
  type RecognitionErrorEvent,
  type RecognitionResultEvent,
} from './recognition'

/** Options of {@link LocalVoiceEngine}. */
export interface LocalEngineOptions {
  /** BCP 47 language of the page (recognizer, grammar, voice). @default the document's `lang`, else 'en' */
  lang?: string
  /** The recognizer constructor. @default `SpeechRecognition` / `webkitSpeechRecognition` of the window (./recognition.ts) */
  recognition?: RecognitionConstructor | null
  /** The speech synthesizer. @default `window.speechSynthesis`, `null` where there is none */
  synthesis?: Pick<SpeechSynthesis, 'speak' | 'cancel'> | null
  /** Creates an utterance to speak. @default `new SpeechSynthesisUtterance(text)` */
  utterance?: (text: string) => SpeechSynthesisUtterance
  /** Where "go back" goes back. @default `window.history` */
  history?: Pick<History, 'back' | 'length'>
  /**
   * Whether the owner published a site index (`data-site-index`, README "Site search"): then "search for …",
   * "find …" and questions ("what does …", "do you …") search the whole site (`search_site`) and open the best page
   * (`open_page`); without one, or when the index cannot be used, they fill the page's own search field.
   * @default false
   */
  siteSearch?: boolean
}

/** The call object `start()` resolves to: what the session hands to the next page (./handoff.ts `handoffWebCall`). */
export interface LocalCall {
  id: string
  /** Always '' (no room); with no `monitor.controlUrl`, leaving the site ends nothing remote: there is nothing. */
  webCallUrl: string
}

/** How often in a row the recognizer may end within {@link RESTART_WINDOW_MS} of starting before the engine gives up. */
const MAX_QUICK_RESTARTS = 5
/** A recognizer session shorter than this, ms, counts as a quick end (a broken recognizer would spin). */
const RESTART_WINDOW_MS = 1000

/** How long an utterance the grammar does not know waits for the first page map (a button's name?), ms. */
const PAGE_MAP_WAIT_MS = 1500

/** The tool name each command goes out as (src/voice/realtime/toolCalls.ts reads the action from it). */
const TOOL_NAMES = { scroll: 'scroll', click: 'click', fill: 'fill', toggle: 'toggle' } as const
/** The site tools (src/voice/realtime/toolCalls.ts `SEARCH_TOOL_NAME`, `OPEN_TOOL_NAME`). */
const SEARCH_TOOL = 'search_site'
const OPEN_TOOL = 'open_page'

/** What a tool call of this engine was for, until its result arrives. */
type Pending =
  | { kind: 'intent'; intent: Intent }
  /** A `search_site` call for a spoken search. */
  | { kind: 'site-search'; intent: Extract<Intent, { intent: 'search' }> }
  /** The `open_page` call that follows a search's best result. */
  | { kind: 'open'; title: string }

/**
 * Recognizer errors that end the conversation, as the engine's error (src/voice/session/problems.ts kinds): the
 * microphone denied (`not-allowed`), none there (`audio-capture`), the recognition service unreachable (`network`).
 * Web Speech API, `SpeechRecognitionErrorCode`.
 */
const FATAL_ERRORS: Record<string, { name?: string; reason?: string }> = {
  'not-allowed': { name: 'NotAllowedError' },
  'audio-capture': { name: 'NotFoundError' },
  network: { reason: 'network' },
}

/**
 * Recognizer errors after which typing still works: the conversation goes on typed, with the reason said
 * (`answers` key). `language-not-supported`: the browser has no recognizer for the page's language;
 * `service-not-allowed`: the browser's speech recognition is switched off (Safari without Siri & Dictation) or
 * refused by the user agent — neither is a network or microphone problem (Web Speech API, `SpeechRecognitionErrorCode`).
 */
const TYPED_FALLBACK_ERRORS = {
  'language-not-supported': 'languageNotSupported',
  'service-not-allowed': 'serviceNotAllowed',
} as const satisfies Record<string, keyof GrammarAnswers>
type TypedFallbackError = keyof typeof TYPED_FALLBACK_ERRORS
const isTypedFallback = (error: string): error is TypedFallbackError =>
  Object.prototype.hasOwnProperty.call(TYPED_FALLBACK_ERRORS, error)

/**
 * Languages whose recognizer and voice are another tag's: Hinglish (`hi-Latn`, Hindi in Latin script) is
 * written down by the Indian English recognizer (`en-IN` transcribes Hindi words in Latin letters, as the
 * Hinglish table expects) and read by an Indian English voice.
 */
const SPOKEN_AS: Readonly<Record<string, string>> = { 'hi-latn': 'en-IN' }

/**
 * Runs `fn` when the page is idle (`requestIdleCallback`, at most 1 s later), else in a later task: work done ahead
 * of the visitor's first phrase, never on the way to Listening nor inside a command.
 */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 })
  else setTimeout(fn, 0)
}

/** `lang`'s name in its own language ("हिन्दी", "தமிழ்"), else the tag itself. Never throws. */
function languageName(lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang
  } catch {
    return lang
  }
}

/** A conversation with the browser's own recognizer and voice (see the module docs). */
export class LocalVoiceEngine extends TypedEmitter<WidgetEngineEvents> implements VoiceEngineLike {
  readonly #options: LocalEngineOptions
  readonly #lang: string
  #grammar: GrammarTable | null = null
  #recognition: Recognition | null = null
  #active = false
  #muted = false
  readonly #speaker: Speaker
  #listening = false
  /** Set once `call-start` went out: errors before it fail the start instead. */
  #live = false
  #startedAt = 0
  #quickEnds = 0
  #calls = 0
  #offer: PageOffer | null = null
  /** Utterances waiting for the first page map (see {@link PAGE_MAP_WAIT_MS}). */
  #waitingForMap: (() => void)[] = []
  /** Tool call id → what the call was for, until the session reports its result. */
  readonly #pending = new Map<string, Pending>()
  /** Set when the recognizer refused for good (a {@link TYPED_FALLBACK_ERRORS} code): the conversation is typed. */
  #typedOnly = false
  /** Parts of a message split into `[part k of n]` pieces (src/voice/context/fit.ts), until part n arrives. */
  #parts: string[] = []
  /** Whether the recognizer runs on this device (`processLocally`). */
  onDevice = false

  constructor(options: LocalEngineOptions = {}) {
    super()
    this.#options = options
    this.#speaker = new Speaker(options.synthesis, options.utterance)
    const docLang = typeof document === 'undefined' ? '' : document.documentElement.lang
    this.#lang = options.lang || docLang || 'en'
  }

  /** Whether a conversation is in progress. */
  get active(): boolean {
    return this.#active
  }

  /** Whether this browser can listen (it has a recognizer); without one the conversation is typed only. */
  get canListen(): boolean {
    return this.#ctor() !== null && !this.#typedOnly
  }

  #ctor(): RecognitionConstructor | null {
    return this.#options.recognition !== undefined ? this.#options.recognition : recognitionOf()
  }

  /** The recognizer's language: the document's regional tag when it is of the page's language (`hi-IN` for `hi`). */
  #recognitionLang(): string {
    const spoken = SPOKEN_AS[this.#lang.toLowerCase()]
    if (spoken) return spoken
    const docLang = typeof document === 'undefined' ? '' : document.documentElement.lang
    const primary = (tag: string) => tag.toLowerCase().split('-')[0]
    return docLang && primary(docLang) === primary(this.#lang) ? docLang : this.#lang
  }

  start(): Promise<LocalCall | null> {
    return this.#begin(false)
  }

  /** Continues the conversation the previous page of this tab handed over (src/voice/session/handoff.ts). */
  reconnect(): Promise<LocalCall | null> {
    return this.#begin(true)
  }

  async #begin(resumed: boolean): Promise<LocalCall | null> {
    if (this.#active) return null
    this.#active = true
    this.#muted = false
    this.#quickEnds = 0
    // Before any await, while the press is a user activation: install() and the first utterance (./press.ts).
    atPress(this.#recognitionLang(), {
      recognition: this.#ctor(),
      ...(this.#options.synthesis !== undefined && { synthesis: this.#options.synthesis }),
      ...(this.#options.utterance && { utterance: this.#options.utterance }),
    })
    let grammar: GrammarTable
    try {
      grammar = await loadGrammar(this.#lang)
    } catch (error) {
      return this.#fail({ reason: 'network' }, 'the grammar could not load', error)
    }
    if (!this.#active) return null // stopped while loading
    this.#grammar = grammar
    let ctor = this.#ctor()
    const lang = this.#recognitionLang()
    /** Why the conversation is typed although the browser has a recognizer (a {@link TYPED_FALLBACK_ERRORS} code). */
    let typedBecause: TypedFallbackError | null = null
    if (ctor) {
      this.onDevice = await onDevice(ctor, lang)
      if (!this.#active) return null
      let recognition: Recognition
      try {
        recognition = new ctor()
        recognition.lang = lang
        recognition.continuous = true
        recognition.interimResults = true
        recognition.maxAlternatives = 1
        if (this.onDevice && 'processLocally' in recognition) recognition.processLocally = true
      } catch (error) {
        return this.#fail({ name: 'NotFoundError' }, 'the recognizer could not be created', error)
      }
      this.#recognition = recognition
      recognition.addEventListener('result', this.#onResult)
      recognition.addEventListener('error', this.#onError)
      recognition.addEventListener('end', this.#onEnd)
      const started = await new Promise<string | null>((resolve) => {
        const done = (value: string | null) => {
          recognition.removeEventListener('start', onStart)
          recognition.removeEventListener('error', onFirstError)
          resolve(value)
        }
        const onStart = () => done(null)
        const onFirstError = (e: Event) => done((e as RecognitionErrorEvent).error || 'aborted')
        recognition.addEventListener('start', onStart)
        recognition.addEventListener('error', onFirstError)
        this.#listen()
      })
      if (!this.#active) return null
      if (started !== null && isTypedFallback(started)) {
        typedBecause = started
        this.#typedOnly = true
        this.#dropRecognizer()
        ctor = null
      } else if (started !== null && started !== 'no-speech') {
        const fatal = FATAL_ERRORS[started] ?? { reason: 'network' }
        return this.#fail(fatal, `the recognizer refused to start (${started})`)
      }
    }
    const id = `local-${Date.now().toString(36)}`
    this.#live = true
    this.emit('call-start')
    whenIdle(() => prepareGrammar(grammar))
    const page = typeof document === 'undefined' ? '' : document.title.trim()
    const a = grammar.answers
    this.#say(
      typedBecause
        ? this.#typedFallbackAnswer(typedBecause)
        : !ctor
          ? a.typedOnly
          : resumed && page
            ? fillTemplate(a.resumed, { page })
            : this.onDevice
              ? a.listeningOnDevice
              : a.listening,
    )
    return { id, webCallUrl: '' }
  }

  /** A failed start: the error event (classified by src/voice/session/problems.ts), `null` for the session. */
  #fail(cause: { name?: string; reason?: string }, message: string, error?: unknown): null {
    this.#teardown()
    const event = {
      type: 'start-method-error',
      message,
      error: Object.assign(new Error(message), cause, { cause: error }),
      timestamp: new Date().toISOString(),
    } as unknown as VoiceCallErrorEvent
    this.emit('error', event)
    return null
  }

  #listen(): void {
    const r = this.#recognition
    if (!r || !this.#active || this.#muted || this.#listening) return
    try {
      this.#startedAt = Date.now()
      this.#listening = true
      r.start()
    } catch {
      this.#listening = false // already started (InvalidStateError): its end restarts it
    }
  }

  readonly #onResult = (e: Event): void => {
    if (!this.#active || this.#muted) return
    const event = e as RecognitionResultEvent
    let interim = ''
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i]
      const text = result?.[0]?.transcript ?? ''
      if (!result || !text.trim()) continue
      // The assistant's own voice, heard back through the speakers, is not a command.
      if (this.#speaker.isEcho(text)) continue
      if (result.isFinal) this.#heard(text.trim())
      else interim += text
    }
    if (interim.trim()) this.#transcript('user', interim.trim(), 'partial')
  }

  /** The explanation of a {@link TYPED_FALLBACK_ERRORS} code, with the page's language named in its own words. */
  #typedFallbackAnswer(error: TypedFallbackError): string {
    const a = this.#grammar?.answers
    if (!a) return ''
    return fillTemplate(a[TYPED_FALLBACK_ERRORS[error]], { language: languageName(this.#lang) })
  }

  /** Stops using the recognizer (the conversation goes on typed). */
  #dropRecognizer(): void {
    const r = this.#recognition
    this.#recognition = null
    this.#listening = false
    if (!r) return
    r.removeEventListener('result', this.#onResult)
    r.removeEventListener('error', this.#onError)
    r.removeEventListener('end', this.#onEnd)
    try {
      r.abort()
    } catch {
      /* already ended */
    }
  }

  readonly #onError = (e: Event): void => {
    const error = (e as RecognitionErrorEvent).error
    if (!this.#active || !this.#live) return
    if (isTypedFallback(error)) {
      // Typing still works: the conversation goes on, typed, and says why (never "network" or "microphone").
      this.#typedOnly = true
      this.#dropRecognizer()
      this.#say(this.#typedFallbackAnswer(error))
      return
    }
    const fatal = FATAL_ERRORS[error]
    if (!fatal) return // no-speech, aborted: the end that follows restarts listening
    this.#teardown()
    this.emit('error', {
      type: 'daily-error',
      message: `speech recognition: ${error}`,
      error: Object.assign(new Error(`speech recognition: ${error}`), fatal),
      timestamp: new Date().toISOString(),
    } as unknown as VoiceCallErrorEvent)
    this.emit('call-end')
  }

  readonly #onEnd = (): void => {
    this.#listening = false
    if (!this.#active || this.#muted) return
    // Recognizers end a session after silence or a minute; listening goes on until the visitor stops it.
    this.#quickEnds = Date.now() - this.#startedAt < RESTART_WINDOW_MS ? this.#quickEnds + 1 : 0
    if (this.#quickEnds > MAX_QUICK_RESTARTS) {
      this.#teardown()
      this.emit('call-end')
      return
    }
    this.#listen()
  }

  #transcript(role: 'user' | 'assistant', transcript: string, transcriptType: 'partial' | 'final'): void {
    this.emit('message', { type: 'transcript', role, transcriptType, transcript })
  }

  /** A final transcript: shown as the visitor's turn, then acted on. */
  #heard(text: string): void {
    this.#transcript('user', text, 'final')
    this.#act(text)
  }

  /**
   * Reads `text` and does what it says: a phrase equal to a name on the page acts on that control; else the
   * grammar's table (scroll, back, stop, help, search and its command patterns) and the page's names
   * (./grounding.ts) together, see {@link LocalVoiceEngine.#understand}.
   */
  #act(text: string): void {
    const grammar = this.#grammar
    if (!grammar || !this.#active) return
    const named = this.#named(text)
    if (named) {
      this.#answer(text, named)
      return
    }
    const parsed = this.#understand(text, parseUtterance(text, grammar))
    if (!parsed && !this.#offer && this.#waitingForMap.length < 5) {
      // A button's name said before the first page map arrived (it follows Listening within moments): read
      // again once it is here, or after PAGE_MAP_WAIT_MS without it.
      let done = false
      const again = () => {
        if (done) return
        done = true
        this.#waitingForMap = this.#waitingForMap.filter((f) => f !== again)
        if (this.#active) this.#answer(text, this.#named(text) ?? this.#understand(text, parseUtterance(text, grammar)))
      }
      this.#waitingForMap.push(again)
      setTimeout(again, PAGE_MAP_WAIT_MS)
      return
    }
    this.#answer(text, parsed)
  }

  /**
   * The grammar's reading of `text` held against the page's names: scroll, back, stop and help as the table says;
   * a question or search that is nearly a button's whole name (an FAQ question) presses it; a command whose
   * field or target is no name of the page is read again grounded in the page's names (./grounding.ts), which
   * also reads what the table's patterns do not ("put Lovelace as the last name", "pay with PayPal").
   */
  #understand(text: string, parsed: Intent | null): Intent | null {
    const grammar = this.#grammar
    if (!grammar) return parsed
    const items = this.#offer?.items ?? []
    const said = normalizeUtterance(text, grammar)
    if (parsed && parsed.intent !== 'command' && parsed.intent !== 'search') return parsed
    if (parsed?.intent === 'search') {
      // "search docs for X" on a page whose search field is "Search docs": that field, with X.
      const field = groundUtterance(said, items, grammar)
      if (field?.intent === 'command' && field.command.action === 'fill') {
        const hint = field.command.fieldHint
        if (items.some((i) => i.kind === 'field' && i.type === 'search' && i.name === hint)) return field
      }
      return groundUtterance(said, items, grammar, true) ?? parsed
    }
    if (parsed?.intent === 'command') {
      const c = parsed.command
      if (c.action === 'scroll') return parsed
      const item = namesAnItem(c.fieldHint ?? c.targetText ?? '', items, grammar, c.fieldHint !== undefined)
      // The pattern's reading, on the page's own name for what it named.
      if (item)
        return {
          ...parsed,
          command: c.fieldHint !== undefined ? { ...c, fieldHint: item.name } : { ...c, targetText: item.name },
        }
    }
    return groundUtterance(said, items, grammar) ?? this.#option(said, grammar) ?? parsed
  }

  /** An option of one of the page's selects said by itself (./options.ts), as a fill of that select. */
  #option(said: string, grammar: GrammarTable): Intent | null {
    if (typeof document === 'undefined') return null
    const command = optionFill(said, grammar, document)
    return command ? { intent: 'command', command, via: 'say' } : null
  }

  /** Acts on what the grammar made of `text` (a button's or link's name when it made nothing), or says what it can do. */
  #answer(text: string, parsed: Intent | null): void {
    const grammar = this.#grammar
    if (!grammar || !this.#active) return
    const a = grammar.answers
    const intent = parsed
    if (!intent) {
      this.#say(fillTemplate(a.notUnderstood, { heard: text, examples: joinList(examplesFor(this.#offer, a), a.and) }))
      return
    }
    switch (intent.intent) {
      case 'help':
        this.#say(fillTemplate(a.help, { examples: joinList(examplesFor(this.#offer, a), a.and) }))
        return
      case 'stop':
        this.#say(a.stop)
        void this.#end(false)
        return
      case 'back': {
        const history = this.#options.history ?? (typeof window === 'undefined' ? undefined : window.history)
        if (!history || history.length <= 1) {
          this.#say(a.noHistory)
          return
        }
        this.#say(a.back)
        history.back()
        return
      }
      case 'search':
        // With a site index, the whole site is searched and the best page opened; without one, a search is a fill
        // of the page's own search field, if it has one.
        if (this.#options.siteSearch)
          this.#siteTool({ kind: 'site-search', intent }, SEARCH_TOOL, { query: intent.query })
        else this.#searchField(intent)
        return
      case 'command':
        this.#toolCall(intent, intent.command)
        return
    }
  }

  /**
   * An utterance that is the name of a control on the current page map — a button or link ("subscribe", "add
   * Darjeeling to the cart" for "Add Darjeeling to cart", an FAQ question), a radio or a checkbox — compared
   * without case, punctuation and the table's articles: a click on it (a checkbox: checked). `null` otherwise.
   */
  #named(text: string): Intent | null {
    const grammar = this.#grammar
    const offer = this.#offer
    if (!grammar || !offer) return null
    const articles = new Set(grammar.articles.map(echoForm))
    const key = (s: string) =>
      echoForm(s)
        .split(' ')
        .filter((w) => !articles.has(w))
        .join(' ')
    const said = key(normalizeUtterance(text, grammar))
    if (!said) return null
    const item = offer.items.find(
      (i) => key(i.name) === said && (i.kind !== 'field' || /^(radio|checkbox|switch)$/.test(i.type ?? '')),
    )
    if (!item) return null
    if (item.kind !== 'field')
      return {
        intent: 'command',
        via: item.kind === 'link' ? 'navigate' : 'say',
        command: { action: 'click', targetText: item.name },
      }
    return item.type === 'radio'
      ? { intent: 'command', via: 'say', command: { action: 'click', targetText: item.name, role: 'radio' } }
      : { intent: 'command', via: 'say', command: { action: 'toggle', targetText: item.name, value: 'on' } }
  }

  #toolCall(intent: Intent, command: Record<string, string>): void {
    const { action, ...args } = command
    const name = TOOL_NAMES[action as keyof typeof TOOL_NAMES] ?? 'voice_command'
    this.#emitToolCall({ kind: 'intent', intent }, name, args)
  }

  /** A search on the page's own search field (a fill), as without a site index. */
  #searchField(intent: Extract<Intent, { intent: 'search' }>): void {
    this.#toolCall(intent, { action: 'fill', fieldHint: 'search', value: intent.query })
  }

  /** A `search_site` or `open_page` tool call (the session answers it as it answers a call's assistant). */
  #siteTool(pending: Pending, name: string, args: Record<string, string>): void {
    this.#emitToolCall(pending, name, args)
  }

  #emitToolCall(pending: Pending, name: string, args: Record<string, string>): void {
    const id = `local_${++this.#calls}`
    this.#pending.set(id, pending)
    this.emit('message', {
      type: 'tool-calls',
      toolCallList: [{ id, type: 'function', function: { name, arguments: args } }],
    })
  }

  /**
   * A site tool's result: a search's best page is announced and opened (the conversation goes on there, as after
   * any navigation); no match is said; an index that cannot be used falls back to the page's search field.
   */
  #siteResult(pending: Exclude<Pending, { kind: 'intent' }>, result: ReportedResult, a: GrammarAnswers): void {
    if (pending.kind === 'open') {
      // Done: the page is opening and "Opening …" was said; refused: say why (in this language where known).
      if (result.outcome === 'refused') this.#say(a.refusedBecause?.other ?? answerForResult(result, a))
      return
    }
    if (result.outcome === 'refused') {
      this.#searchField(pending.intent)
      return
    }
    const best = bestSearchResult(result.text)
    if (!best) {
      this.#say(fillTemplate(a.searchNothing, { query: pending.intent.query }))
      return
    }
    this.#say(fillTemplate(a.searchFound, { title: best.title.replace(/\s*›\s*/g, ', ') }))
    this.#siteTool({ kind: 'open', title: best.title }, OPEN_TOOL, { path: best.path })
  }

  /** Shows `text` as the assistant's turn and speaks it in the page's language, unless muted. */
  /** Shows `text` as the assistant's turn and speaks it, unless muted. */
  #say(text: string): void {
    if (!text) return
    this.#transcript('assistant', text, 'final')
    if (!this.#muted) this.#speaker.say(text, this.#recognitionLang())
  }

  /**
   * The largest message `send()` takes whole: no limit. No daily-js carries these messages (they stay in the page),
   * so the session never splits them into `[part k of n]` parts (src/voice/context/fit.ts `fitMessage`).
   */
  appMessageLimit(): number {
    return Number.POSITIVE_INFINITY
  }

  /**
   * A message's content once whole: a `[part k of n]` part (src/voice/context/fit.ts) is kept until part n arrives,
   * then the parts are read as the one message they were cut from; `null` while parts are still missing.
   */
  #whole(content: string): string | null {
    const m = PART_HEADER_PATTERN.exec(content)
    if (!m) return content
    const [index, total] = [Number(m[1]), Number(m[2])]
    if (index === 1) this.#parts = []
    if (index !== this.#parts.length + 1) {
      this.#parts = [] // a part out of order: the message is lost, never read in pieces
      return null
    }
    this.#parts.push(content.slice(m[0].length))
    if (index < total) return null
    const whole = this.#parts.join('')
    this.#parts = []
    return whole
  }

  /**
   * What the session sends into the "call": a result is answered (./answers.ts), a page map kept for the
   * examples and the names (parts of one joined first), a typed message read by the grammar. Anything else is
   * taken and ignored.
   * @returns whether a conversation was in progress.
   */
  send(message: VapiClientMessage): boolean {
    if (!this.#active) return false
    if (message.type !== 'add-message') return true
    const { role } = message.message
    const content = this.#whole(message.message.content)
    if (content === null) return true
    if (role === 'user') {
      this.#act(content)
      return true
    }
    const offer = readPageMap(content)
    if (offer) {
      this.#offer = offer
      const grammar = this.#grammar
      if (grammar) whenIdle(() => this.#offer === offer && prepareNames(offer.items, grammar))
      for (const again of [...this.#waitingForMap]) again()
      return true
    }
    const result = readResult(content)
    const pending = result ? this.#pending.get(result.toolCallId) : undefined
    if (result && pending && this.#grammar) {
      this.#pending.delete(result.toolCallId)
      const a = this.#grammar.answers
      if (pending.kind !== 'intent') this.#siteResult(pending, result, a)
      else if (pending.intent.intent === 'search' && result.outcome === 'refused') this.#say(a.searchUnavailable)
      else this.#say(answerForResult(result, a, reportOf(message)?.refusal))
    }
    return true
  }

  /** Mutes (`true`) the conversation: the recognizer stops and nothing is spoken; unmuting listens again. */
  setMuted(muted: boolean): void {
    if (!this.#active) throw new Error('No conversation in progress.')
    this.#muted = muted
    if (muted) {
      try {
        this.#recognition?.abort()
      } catch {
        /* not listening */
      }
      this.#listening = false
      this.#speaker.cancel()
    } else this.#listen()
  }

  isMuted(): boolean {
    return this.#active && this.#muted
  }

  #teardown(): void {
    this.#active = false
    this.#live = false
    this.#listening = false
    this.#pending.clear()
    this.#waitingForMap = []
    this.#parts = []
    this.#dropRecognizer()
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the engine contract's stop is async; nothing here waits
  async #end(silence: boolean): Promise<void> {
    if (silence) this.#speaker.cancel()
    if (!this.#active) return
    this.#teardown()
    this.emit('call-end')
  }

  /** Ends the conversation: the recognizer stops, any answer being spoken is cut, `call-end` once. */
  stop(): Promise<void> {
    if (!this.#active) {
      this.#speaker.cancel()
      return Promise.resolve()
    }
    return this.#end(true)
  }
}
