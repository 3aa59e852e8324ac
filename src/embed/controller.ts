/**
 * The one widget of a page and when it loads: shared by the script-tag loader (`voiceos.ts`, a classic script
 * that imports the widget chunk by URL) and the module for bundlers (`module.ts`, which imports it by a
 * bundler-visible `import('./app')`). Validates the settings, and once the page has painted and the browser is
 * idle adds its own element to `<body>` and mounts the widget in that element's shadow root. Changes nothing
 * else in the host's document until a voice command runs, and never throws into the host page: every problem
 * is a console error naming the setting.
 *
 * Imported by the loader and the module only (never by the widget chunk), so the embed's bundler inlines it
 * into `voiceos.js` rather than moving it into a shared chunk.
 */
import { parseEmbedSettings } from './config'
import type { ParsedEmbedSettings, VoiceOSSettings } from './settings'
import { chooseLanguage, rememberedLanguage, rememberLanguage, type WidgetLanguage } from '../voice/widget/languages'

/** The global `VoiceOS` of the script-tag form, and what `import { init, destroy } from 'voiceos'` exports. */
export interface VoiceOSApi {
  /** Version of the embed (semver, the `voiceos` package's). */
  readonly version: string
  /**
   * Shows the widget with these settings (camelCase names of the `data-*` attributes), replacing a widget
   * shown before. Without options, uses the script tag's attributes (script-tag form; the module form then
   * starts the local mode, which needs no key). Returns `false` when a required setting is missing (the widget
   * then says which), `true` otherwise. Never throws.
   */
  init(options?: VoiceOSSettings): boolean
  /** Ends any call and removes the widget's element. Never throws. */
  destroy(): void
}

/** What the widget chunk exports (`./app`). */
export interface EmbedApp {
  /**
   * `lang`: the widget's language, chosen here (src/voice/widget/languages.ts `chooseLanguage`); `remember`: keeps
   * the visitor's choice from the widget's language switch on this origin (`localStorage` `voiceos:lang`).
   */
  mountEmbed(
    host: HTMLElement,
    settings: ParsedEmbedSettings,
    lang: WidgetLanguage,
    remember: (lang: WidgetLanguage) => void,
  ): { destroy(): void }
}

/** The controller behind a {@link VoiceOSApi}, with what the `<voiceos-widget>` element needs besides. */
export interface WidgetController {
  api: VoiceOSApi
  /**
   * Shows the widget with already parsed settings on behalf of `owner` (an element), replacing any widget
   * shown before; its problems are logged. Returns whether no required setting is missing.
   */
  show(settings: ParsedEmbedSettings, owner: object | null): boolean
  /** Removes the widget if `owner` showed it (an element leaving the document). */
  release(owner: object): void
}

/** Options of {@link createController}. */
export interface ControllerOptions {
  version: string
  /** Imports the widget chunk. */
  loadApp: () => Promise<EmbedApp>
  /** The settings `init()` without options uses: the script tag's `data-*` attributes, or none. */
  defaultSettings: () => ParsedEmbedSettings
}

export const PREFIX = '[VoiceOS]'

/** What the console says, once, when a script tag without any `data-` setting starts the widget in the local mode. */
export const BARE_TAG_NOTICE = `${PREFIX} voiceos.js has no data- settings: the widget starts in the local mode (the browser's own speech recognition and the command grammar, no platform account, nothing sent anywhere). Add data-public-key and data-assistant-id for your assistant.`

/** How long after the page's `load` event the widget comes anyway when no first contentful paint is seen, ms. */
const NO_PAINT_FALLBACK_MS = 3000

/**
 * Runs `fn` once the page has painted its first content (the `first-contentful-paint` entry of the Paint Timing
 * API) and the browser is idle (at most 2 s later). After the paint, so that none of the widget's requests is
 * under way before it: nothing of the embed but this script then competes with the page's first paint, in a
 * browser or in Lighthouse's simulation (which counts every request finished before the paint). A page that
 * paints no content, one loaded in a background tab (it paints nothing until shown), or a browser without Paint
 * Timing gets the widget 3 s after the page's `load` event.
 */
function whenIdle(fn: () => void): void {
  let done = false
  const idle = () => {
    if (done) return
    done = true
    observer?.disconnect()
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout: 2000 })
    else setTimeout(fn, 1)
  }
  let observer: PerformanceObserver | undefined
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) idle()
    })
    observer.observe({ type: 'paint', buffered: true })
  } catch {
    observer = undefined // no Paint Timing: the fallback below
  }
  const fallback = () => setTimeout(idle, NO_PAINT_FALLBACK_MS)
  if (document.readyState === 'complete') fallback()
  else window.addEventListener('load', fallback, { once: true })
}

/**
 * Whether the previous page of this tab handed a call over (src/voice/session/handoff.ts writes this
 * sessionStorage key at pagehide): then the widget mounts at once rather than on idle, to rejoin the call.
 */
function handedOver(): boolean {
  try {
    return sessionStorage.getItem('voiceos:handoff') !== null || sessionStorage.getItem('voiceos:chat-handoff') !== null
  } catch {
    return false
  }
}

/**
 * Runs `fn` in a task of its own. The loader's work comes in small tasks — the script's evaluation, the
 * settings' validation, the handoff check (a synchronous sessionStorage read), the widget chunk's evaluation,
 * the widget's mount — so none of them, nor two together, makes one long task on the host page (Total Blocking
 * Time counts the part of every task beyond 50 ms).
 */
export function later(fn: () => void): void {
  setTimeout(fn, 0)
}

/** Creates the controller of one page's widget. Touches no browser API until `init()` is called. */
export function createController({ version, loadApp, defaultSettings }: ControllerOptions): WidgetController {
  let current: {
    host: HTMLElement | null
    widget: { destroy(): void } | null
    cancelled: boolean
    owner: object | null
  } | null = null

  const start = (settings: ParsedEmbedSettings, owner: object | null): void => {
    const mine = {
      host: null as HTMLElement | null,
      widget: null as { destroy(): void } | null,
      cancelled: false,
      owner,
    }
    current = mine
    const mount = () => {
      if (mine.cancelled) return
      loadApp()
        .then((app) =>
          later(() => {
            if (mine.cancelled) return
            const host = document.createElement('div')
            host.setAttribute('data-voiceos', version)
            document.body.append(host)
            mine.host = host
            try {
              const { config } = settings
              const lang = chooseLanguage({
                configured: config.lang,
                pageLang: document.documentElement.getAttribute('lang'),
                allowed: config.languages,
                remembered: config.languages.length > 0 ? rememberedLanguage() : null,
              })
              mine.widget = app.mountEmbed(host, settings, lang, rememberLanguage)
            } catch (error) {
              console.error(`${PREFIX} could not show the voice widget`, error)
            }
          }),
        )
        .catch((error: unknown) => console.error(`${PREFIX} could not load the voice widget`, error))
    }
    // A handed-over call mounts once the document is parsed (it needs <body>), not when the browser is idle.
    const parsed = (fn: () => void) =>
      document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', fn, { once: true }) : fn()
    parsed(() =>
      later(() => {
        if (mine.cancelled) return
        if ((settings.config.persist || settings.config.mode !== 'voice') && handedOver()) mount()
        else whenIdle(mount)
      }),
    )
  }

  const stop = (): void => {
    const c = current
    current = null
    if (!c) return
    c.cancelled = true
    try {
      c.widget?.destroy()
    } catch (error) {
      console.error(`${PREFIX} destroy failed`, error)
    }
    c.host?.remove()
  }

  const show = (settings: ParsedEmbedSettings, owner: object | null): boolean => {
    for (const p of settings.problems) console.error(`${PREFIX} ${p.message}`)
    stop()
    start(settings, owner)
    return settings.missing.length === 0
  }

  return {
    show,
    release(owner) {
      if (current?.owner === owner) stop()
    },
    api: {
      version,
      init(options) {
        try {
          if (options !== undefined && (options === null || typeof options !== 'object')) {
            console.error(`${PREFIX} VoiceOS.init() takes an object of settings, e.g. { publicKey, assistantId }`)
            return false
          }
          return show(
            options ? parseEmbedSettings(options as Record<string, unknown>, 'init') : defaultSettings(),
            null,
          )
        } catch (error) {
          console.error(`${PREFIX} init failed`, error)
          return false
        }
      },
      destroy() {
        stop()
      },
    },
  }
}
