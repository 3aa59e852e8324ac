/**
 * The voice widget, framework-free (plain DOM + CSS in a shadow root): {@link mountVoiceWidget} draws it and
 * {@link createWidgetController} binds the mic to a voice session. The site's React `VoiceWidget` and the
 * embed (`voiceos.js`) both mount this one widget.
 */
export {
  mountVoiceWidget,
  widgetStyleSheet,
  type MountVoiceWidgetOptions,
  type VoiceWidgetHandle,
  type WidgetPosition,
  type WidgetSize,
  type WidgetTheme,
  type WidgetMode,
  WIDGET_MODES,
} from './mount'
export {
  createWidgetController,
  type WidgetController,
  type WidgetControllerOptions,
  type WidgetState,
} from './controller'
export {
  createChatFactory,
  createEngineFactory,
  type ChatFactory,
  type EngineFactory,
  type EngineSettings,
} from './engine'
export { translate, type VoiceCopy } from './copy'
export {
  CONSENT_STORAGE_KEY,
  consentVersion,
  createConsentStore,
  type ConsentSettings,
  type ConsentStore,
} from './consent'
export { WIDGET_POSITIONS, WIDGET_SIZES, checkAccent, contrastRatio, paintAccent, type AccentCheck } from './branding'
