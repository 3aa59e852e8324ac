/**
 * Business constants of the call engine (SPEC §9, §4). Kept in one place so tests and the engine agree.
 * @module
 */
import { DEFAULT_BASE_URL } from '../../platform/core/defaults'

/** Interval of Daily's remote-participants audio level observer, in ms (SPEC §9). */
export const AUDIO_LEVEL_INTERVAL_MS = 100
/** Summed remote audio level above which the assistant counts as speaking (SPEC §9). */
export const SPEECH_THRESHOLD = 0.01
/** `speech-end` fires this many ms after the last level above the threshold (SPEC §9). */
export const SPEECH_END_DELAY_MS = 1000
/** `volume-level` is the summed level divided by this, capped at 1 (SPEC §9). */
export const VOLUME_LEVEL_SCALE = 0.15
/** Mobile devices wait this long (ms) before joining, to let the permission prompt settle (SPEC §9). */
export const MOBILE_JOIN_DELAY_MS = 1000
/** Video recording size and layout (SPEC §9). */
export const RECORDING_OPTIONS = {
  width: 1280,
  height: 720,
  backgroundColor: '#FF1F2D3D',
  layout: { preset: 'default' },
} as const
/** Only this remote participant's audio and video are played (SPEC §9). */
export const SPEAKER_NAME = 'Vapi Speaker'
/** The app message that means the assistant is ready: emits `call-start` (SPEC §4). */
export const LISTENING_MESSAGE = 'listening'
/** Sent back once the assistant's track plays, as the reference SDK does. */
export const PLAYABLE_MESSAGE = 'playable'
/** Default base URL of the platform API (SPEC §9: "Default API base is the provider's API host"). */
export const DEFAULT_API_BASE_URL = DEFAULT_BASE_URL
/** Default time (ms) a start may take until the "listening" app message arrives. */
export const DEFAULT_START_TIMEOUT_MS = 30_000
/** Default time (ms) `end()` waits for the server to close the room after sending end-call. */
export const DEFAULT_END_GRACE_MS = 1000
/** The message of the validation error (SPEC §5). */
export const MISSING_TARGET_MESSAGE = 'Assistant or Squad or Workflow must be provided.'
/** The message when a device method is called without a call (SPEC §5). */
export const NO_CALL_OBJECT_MESSAGE = 'Call object is not available.'
