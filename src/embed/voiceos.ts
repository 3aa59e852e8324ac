/**
 * `voiceos.js`: the one script a site owner adds (README "Add VoiceOS to your site").
 *
 *     <script src="https://…/embed/voiceos.js" data-public-key="…" data-assistant-id="…" async></script>
 *
 * This loader is all a host page loads before its first paint (≤ 12 KB gzip, `tests/budgets.ts`): it defines
 * the one global `VoiceOS` ({@link VoiceOSApi}) and the `<voiceos-widget>` element (./element.ts), validates the
 * settings, and once the page has painted and the browser is idle adds its own element to `<body>` and imports
 * the widget chunk (`./app`), which mounts the widget in that element's shadow root (./controller.ts). The call's code (the engine, daily-js) loads on intent, the acting half
 * and supabase-js once the call is up. It changes nothing else in the host's
 * document until a voice command runs, and never throws into the host page: every problem is a console error
 * naming the setting.
 *
 * The build wraps this file in a function (a classic script must not leave top-level names behind) and
 * checks it has no static `import`/`export`; the widget chunk's URL is resolved against this script's own URL,
 * wherever the site owner hosts it.
 */
import { parseEmbedSettings, settingsFromScript } from './config'
import { BARE_TAG_NOTICE, createController, later, PREFIX, type EmbedApp, type VoiceOSApi } from './controller'
import { defineWidgetElement, ELEMENT_TAG } from './element'
import { VERSION } from './version'

export type { EmbedApp, VoiceOSApi } from './controller'

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
/** The script tag's attribute that keeps it from starting by itself: `data-init="manual"` (the page calls init()). */
const MANUAL_ATTRIBUTE = 'data-init'

/** The script tag's own settings are still to be applied (no init() or destroy() call came first). */
let autoInit = false

const controller = createController({
  version: VERSION,
  loadApp: () => import(/* @vite-ignore */ new URL(APP_CHUNK, scriptUrl()).href) as Promise<EmbedApp>,
  defaultSettings: () => parseEmbedSettings(script ? settingsFromScript(script) : {}, 'attributes'),
})
const api: VoiceOSApi = {
  version: VERSION,
  init(options) {
    autoInit = false
    return controller.api.init(options)
  },
  destroy() {
    autoInit = false
    controller.api.destroy()
  },
}

const w = window as unknown as { VoiceOS?: VoiceOSApi }
if (w.VoiceOS) {
  console.error(`${PREFIX} voiceos.js is included twice; keeping the first`)
} else {
  w.VoiceOS = api
  defineWidgetElement(controller)
  // A script tag starts by itself: with its settings, or, bare (`<script src="…/voiceos.js" async>`, no `data-`
  // attribute), in the local mode, which needs no key, saying so once in the console. `data-init="manual"` says the
  // page calls VoiceOS.init() itself; a `<voiceos-widget>` on the page carries the settings instead (a bare tag
  // waits for the document to be parsed to see one). The settings are read and validated in the next task, not in
  // this script's evaluation (the two stay short tasks); a call to VoiceOS.init() or destroy() made before then wins.
  const attributes = script?.getAttributeNames().filter((name) => name.startsWith('data-')) ?? []
  const manual = script?.getAttribute(MANUAL_ATTRIBUTE)?.trim().toLowerCase() === 'manual'
  const bare = script !== null && attributes.length === 0
  autoInit = !manual && (bare || attributes.length > 0)
  const startBare = () => {
    if (!autoInit || document.querySelector(ELEMENT_TAG)) return
    console.info(BARE_TAG_NOTICE)
    api.init()
  }
  later(() => {
    if (!autoInit) return
    if (!bare) api.init()
    else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startBare, { once: true })
    else startBare()
  })
}
