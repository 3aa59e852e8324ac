/**
 * `voiceos.js`: the one script a site owner adds (README "Add VoiceOS to your site").
 *
 *     <script src="https://…/embed/voiceos.js" data-public-key="…" data-assistant-id="…" async></script>
 *
 * This loader is all a host page loads before its first paint (≤ 12 KB gzip, `tests/budgets.ts`): it defines
 * the one global `VoiceOS` ({@link VoiceOSApi}), validates the settings, and once the page has painted and the
 * browser is idle adds its own element to `<body>` and imports the widget chunk (`./app`), which mounts the
 * widget in that element's shadow root. The call's code (the engine, daily-js) loads on intent, the acting half
 * and supabase-js once the call is up. It changes nothing else in the host's
 * document until a voice command runs, and never throws into the host page: every problem is a console error
 * naming the setting.
 *
 * The build wraps this file in a function (a classic script must not leave top-level names behind) and
 * checks it has no static `import`/`export`; the widget chunk's URL is resolved against this script's own URL,
 * wherever the site owner hosts it.
 */
import { parseEmbedSettings, settingsFromScript, type EmbedInitOptions, type ParsedEmbedSettings } from './config'

/** The global `VoiceOS`. */
export interface VoiceOSApi {
  /** Version of the embed. */
  readonly version: string
  /**
   * Shows the widget with these settings (camelCase names of the `data-*` attributes), replacing a widget
   * shown before. Without options, uses the script tag's attributes. Returns `false` when a required setting
   * is missing (the widget then says which), `true` otherwise. Never throws.
   */
  init(options?: EmbedInitOptions): boolean
  /** Ends any call and removes the widget's element. Never throws. */
  destroy(): void
}

/** What the widget chunk exports (`./app`). */
export interface EmbedApp {
  mountEmbed(host: HTMLElement, settings: ParsedEmbedSettings): { destroy(): void }
}

const PREFIX = '[VoiceOS]'
const VERSION = '0.1.0'
/**
 * Path of the widget chunk relative to this script (`chunks/app-<hash>.js`): the build replaces the
 * placeholder with the hashed file name (vite.embed.config.ts).
 */
const APP_CHUNK = '__VOICEOS_APP_CHUNK__'

const script = document.currentScript
/**
 * This script's own URL: the chunks are resolved against it, wherever the site owner hosts the embed (the
 * document's base URL for an inline or SVG script). Read with plain property reads, not `instanceof`: on a
 * host page with no script of its own, the loader's evaluation pays for every DOM interface it touches first.
 */
const scriptSrc = (script as { src?: unknown } | null)?.src
const scriptUrl = (): string => (typeof scriptSrc === 'string' && scriptSrc ? scriptSrc : document.baseURI)
let current: { host: HTMLElement | null; widget: { destroy(): void } | null; cancelled: boolean } | null = null
/** The script tag's own settings are still to be applied (no init() or destroy() call came first). */
let autoInit = false

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
 * Runs `fn` in a task of its own. The loader's work comes in small tasks — this script's evaluation, the
 * settings' validation, the handoff check (a synchronous sessionStorage read), the widget chunk's evaluation,
 * the widget's mount — so none of them, nor two together, makes one long task on the host page (Total Blocking
 * Time counts the part of every task beyond 50 ms).
 */
function later(fn: () => void): void {
  setTimeout(fn, 0)
}

function start(settings: ParsedEmbedSettings): void {
  const mine = { host: null as HTMLElement | null, widget: null as { destroy(): void } | null, cancelled: false }
  current = mine
  const mount = () => {
    if (mine.cancelled) return
    ;(import(/* @vite-ignore */ new URL(APP_CHUNK, scriptUrl()).href) as Promise<EmbedApp>)
      .then((app) =>
        later(() => {
          if (mine.cancelled) return
          const host = document.createElement('div')
          host.setAttribute('data-voiceos', VERSION)
          document.body.append(host)
          mine.host = host
          try {
            mine.widget = app.mountEmbed(host, settings)
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

function stop(): void {
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

const api: VoiceOSApi = {
  version: VERSION,
  init(options) {
    autoInit = false
    try {
      if (options !== undefined && (options === null || typeof options !== 'object')) {
        console.error(`${PREFIX} VoiceOS.init() takes an object of settings, e.g. { publicKey, assistantId }`)
        return false
      }
      const settings = options
        ? parseEmbedSettings(options as Record<string, unknown>, 'init')
        : parseEmbedSettings(script ? settingsFromScript(script) : {}, 'attributes')
      for (const p of settings.problems) console.error(`${PREFIX} ${p.message}`)
      stop()
      start(settings)
      return settings.missing.length === 0
    } catch (error) {
      console.error(`${PREFIX} init failed`, error)
      return false
    }
  },
  destroy() {
    autoInit = false
    stop()
  },
}

const w = window as unknown as { VoiceOS?: VoiceOSApi }
if (w.VoiceOS) {
  console.error(`${PREFIX} voiceos.js is included twice; keeping the first`)
} else {
  w.VoiceOS = api
  // A script tag with settings starts by itself; one without (for VoiceOS.init() calls) waits. Its settings are
  // read and validated in the next task, not in this script's evaluation (the two stay short tasks); a call to
  // VoiceOS.init() or destroy() made before then wins.
  if (script?.getAttributeNames().some((name) => name.startsWith('data-'))) {
    autoInit = true
    later(() => {
      if (autoInit) api.init()
    })
  }
}
