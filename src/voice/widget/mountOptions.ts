/**
 * The options and the handle of mount.ts `mountVoiceWidget`: every setting of the floating widget, as the site's
 * React wrapper and the embed pass them.
 * @module
 */
import type { RealtimeSettings } from '../session/session'
import type { HandoffRecord } from '../session/handoff'
import type { ChatHandoffRecord } from '../session/handoffRecord'
import type { WidgetState } from './controller'
import type { VoiceCopy } from './copy'
import type { CallCopyChunk } from './callCopy'
import type { LanguageSwitchFactory } from './languageSwitch'
import type { ChatFactory, EngineFactory } from './engine'
import type { ConsentSettings } from './consent'
import type { paintAccent, WidgetPosition, WidgetSize } from './branding'
import type { WidgetMode } from './widgetView'

/** Colour scheme of the widget: fixed, or `auto` (follows `prefers-color-scheme`). */
export type WidgetTheme = 'light' | 'dark' | 'auto'

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
   * The in-call copy's chunk of a language (callCopy.ts `CallCopyChunk`); the embed passes its 24 languages'
   * (./languageKit.ts). A language it has no chunk for (`undefined`) gets the site's own (en, hi), else English's.
   * @default the site's languages' (en, hi)
   */
  callCopy?: CallCopyChunk
  /**
   * The language switch beside the mic (languageSwitch.ts `languageSwitch`): the embed passes one when the owner
   * allows more than one language (`data-languages`); the site adds its own later ({@link VoiceWidgetHandle.addLanguageSwitch}).
   * @default none
   */
  languageSwitch?: LanguageSwitchFactory
  /**
   * The call's `assistantOverrides` for the widget's language, asked at each press with the language and copy
   * in use (the embed passes src/voice/assistant/overrides.ts `languageOverrides`); `null` or `undefined`: none
   * for this press. @default none
   */
  languageOverrides?: (
    lang: string,
    copy: VoiceCopy,
  ) => ({ variableValues?: Record<string, unknown> } & Record<string, unknown>) | null | undefined
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
  /** A typed chat the previous page of this tab handed over (`claimChatHandoff()`): its panel opens with its transcript. */
  resumeChat?: ChatHandoffRecord | null
  /** Where the site's search index is published (`search_site`, `open_page`; README "Site search"). @default none */
  siteIndex?: string
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
  /** The language the widget speaks now (BCP 47; changes with `setCopy`). */
  readonly lang: string
  /** Switches the colour scheme. */
  setTheme(theme: WidgetTheme): void
  /** Switches the copy (a language change on the page, or the visitor's choice in the language switch). */
  setCopy(copy: VoiceCopy, lang: string): void
  /**
   * Adds the language switch after the mount (the site's, whose code loads once the page is idle: ./site.ts);
   * ignored when the widget already has one or is destroyed. Same as the mount option `languageSwitch`.
   */
  addLanguageSwitch(make: LanguageSwitchFactory): void
  /** Ends any call, removes the shadow content and every listener. Idempotent. */
  destroy(): void
}
