/**
 * `import { init, destroy } from 'voiceos'`: the widget for pages built with a bundler (README "With a
 * bundler"). The same widget and settings as the script tag (./settings.ts {@link VoiceOSSettings}); the widget's
 * code is a dynamic `import('./app')` the page's bundler splits off, loaded once the page has painted and the
 * browser is idle, so importing this module costs a page a few KB. Importing it also defines the
 * `<voiceos-widget>` element (./element.ts). Safe to import where there is no DOM (a server render): nothing
 * runs until `init()`.
 *
 * @module
 */
import { parseEmbedSettings } from './config'
import type { VoiceOSSettings } from './settings'
import { createController } from './controller'
import { defineWidgetElement, ELEMENT_TAG } from './element'
import { VERSION } from './version'

export type {
  EmbedConsent,
  EmbedLanguage,
  EmbedMode,
  EmbedPosition,
  EmbedSize,
  EmbedTheme,
  VoiceOSSettings,
} from './settings'
export type { VoiceOSApi } from './controller'
export {
  CONSENT_TEXT_MAX,
  EMBED_CONSENT,
  EMBED_LANGUAGES,
  EMBED_MODES,
  EMBED_POSITIONS,
  EMBED_SIZES,
  EMBED_THEMES,
  TITLE_MAX,
} from './settings'
export { ELEMENT_TAG }

const controller = createController({
  version: VERSION,
  loadApp: () => import('./app'),
  // No script tag here: init() without settings starts the local mode (no key needed).
  defaultSettings: () => parseEmbedSettings({}, 'init'),
})
defineWidgetElement(controller)

/** The package's version (semver). */
export const version: string = VERSION

/**
 * Shows the widget with these settings, replacing a widget shown before (README "Every setting"). The widget
 * loads once the page has painted and the browser is idle (at once when the previous page of the tab handed
 * a call over). Returns `false` when a required setting is missing or invalid (the widget then says which;
 * each problem is also a console error), `true` otherwise.
 * Never throws; without a DOM (a server render) returns `false` and does nothing.
 * @param settings camelCase settings; `{}` or none → the local mode (the browser's recognizer, no platform).
 */
export function init(settings?: VoiceOSSettings): boolean {
  if (typeof document === 'undefined') return false
  return controller.api.init(settings)
}

/** Ends any call and removes the widget (and its element from `<body>`). Never throws; a no-op without a widget. */
export function destroy(): void {
  if (typeof document === 'undefined') return
  controller.api.destroy()
}
