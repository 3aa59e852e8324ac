import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { VoiceCallError } from '../../voice/engine/errors'
import type { VoiceCallErrorEvent } from '../../voice/engine/events'
import type { NetworkDiagnostics } from '../../voice/engine/diagnostics'
import type { ScriptedEngineOptions } from '../../voice/session/scriptedEngine'
import {
  at,
  CALL_START,
  copyOf,
  DARK_HINDI,
  dismissToasts,
  engine,
  press,
  scriptedConfig,
  toast,
  transcript,
} from './callStories'
import { VoiceWidgetContainer } from './VoiceWidgetContainer'
import { inWidget, widgetRoot } from './widgetQueries'

/**
 * The widget's states that say what to do (scripted engine): a failed start (microphone blocked or missing, the
 * platform's refusals, an unreachable platform with the network check), a call the assistant or the platform
 * ended, and a call whose network drops or weakens. Each is a light English story and a dark Hindi one; the
 * engine's own English text never reaches the visitor.
 */

const meta = {
  title: 'Voice/VoiceWidget/In a call/Problems',
  component: VoiceWidgetContainer,
  args: { config: scriptedConfig, createEngine: engine({ script: [CALL_START] }) },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof VoiceWidgetContainer>
export default meta
type Story = StoryObj<typeof meta>

const startError = (error: unknown, type: VoiceCallErrorEvent['type'] = 'start-method-error'): VoiceCallErrorEvent => ({
  type,
  message: 'English engine text the visitor never sees',
  error: error as VoiceCallError,
  timestamp: '',
})
/** A stand-in for the engine's `WebCallRefusedError` (the widget contract): code start-method-error, `reason`, `status`. */
const refused = (reason: string, status: number) =>
  Object.assign(new VoiceCallError('start-method-error', `POST /call/web ${status}`), { reason, status })
const micDenied = (name: string) =>
  new VoiceCallError('daily-call-join-error', 'x', new DOMException('Permission denied', name))

// ---- states that say what to do ----

/** A failed start or an ending: the toast (SPEC §8 title), then the panel explains in idle until the next press. */
const problemStory = (
  options: ScriptedEngineOptions,
  kind: string,
  toastTitleKey: string | null,
  hintKey = `widget.problem.${kind}.hint`,
): Story => ({
  args: { createEngine: engine(options) },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await inWidget(el)
    await userEvent.click(w.getByRole('button', { name: t('widget.start') }))
    await waitFor(() => expect(w.getByTestId('voice-status')).toHaveTextContent(t(`widget.problem.${kind}.title`)))
    await expect(widgetRoot(el)).toHaveAttribute('data-status', 'idle')
    if (toastTitleKey) await toast(el, t(toastTitleKey), t(`widget.problem.${kind}.description`))
    await expect(w.getByTestId('voice-hint')).toHaveTextContent(t(hintKey))
    await expect(w.getByTestId('voice-live')).toHaveTextContent(t(`widget.problem.${kind}.title`))
    await expect(w.queryByText('English engine text the visitor never sees')).toBeNull()
    await dismissToasts(el, t)
    // the explanation can be closed (Escape too); the mic stays ready
    await expect(w.getByRole('button', { name: t('widget.problem.dismiss') })).toBeVisible()
    await expect(w.getByRole('button', { name: t('widget.start') })).toBeVisible()
  },
})
const failing = (error: VoiceCallErrorEvent): ScriptedEngineOptions => ({
  failStart: true,
  failAfterMs: 30,
  startError: error,
})

/** The microphone is blocked: how to allow it again in this browser (Chromium: the site-settings icon). */
export const MicrophoneBlocked: Story = problemStory(
  failing(startError(micDenied('NotAllowedError'), 'daily-call-join-error')),
  'microphoneBlocked',
  'widget.toast.connectionFailed.title',
)
export const MicrophoneBlockedDarkHindi: Story = { ...MicrophoneBlocked, globals: DARK_HINDI }

/** No microphone on the device. */
export const MicrophoneMissing: Story = problemStory(
  failing(startError(micDenied('NotFoundError'), 'daily-call-join-error')),
  'microphoneMissing',
  'widget.toast.connectionFailed.title',
)
export const MicrophoneMissingDarkHindi: Story = { ...MicrophoneMissing, globals: DARK_HINDI }

/** The platform refused the site's key (HTTP 401). */
export const InvalidKey: Story = problemStory(
  failing(startError(refused('invalid-key', 401))),
  'invalidKey',
  'widget.toast.connectionFailed.title',
)
export const InvalidKeyDarkHindi: Story = { ...InvalidKey, globals: DARK_HINDI }

/** The site owner's account has no credit (HTTP 402). */
export const NoCredit: Story = problemStory(
  failing(startError(refused('no-credit', 402))),
  'noCredit',
  'widget.toast.connectionFailed.title',
)
export const NoCreditDarkHindi: Story = { ...NoCredit, globals: DARK_HINDI }

/** The assistant id is unknown to the platform (HTTP 404). */
export const AssistantNotFound: Story = problemStory(
  failing(startError(refused('assistant-not-found', 404))),
  'assistantNotFound',
  'widget.toast.connectionFailed.title',
)
export const AssistantNotFoundDarkHindi: Story = { ...AssistantNotFound, globals: DARK_HINDI }

/**
 * The platform could not be reached: the explanation offers the pre-call network check (the engine's
 * `runNetworkDiagnostics`, Daily's TURN relay and websocket tests; here a scripted result that says the network
 * blocks them), and says what it found and what to do.
 */
export const NetworkCheck: Story = {
  args: {
    createEngine: Object.assign(engine(failing(startError(refused('network', 0)))), {
      diagnose: () =>
        new Promise<NetworkDiagnostics>((resolve) =>
          setTimeout(
            () =>
              resolve({
                networkConnectivity: { result: 'failed' },
                websocketConnectivity: {
                  result: 'failed',
                  passedRegions: [],
                  failedRegions: ['eu-central-1'],
                  abortedRegions: [],
                },
              }),
            300,
          ),
        ),
    }),
  },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await inWidget(el)
    await userEvent.click(w.getByRole('button', { name: t('widget.start') }))
    await waitFor(() => expect(w.getByTestId('voice-status')).toHaveTextContent(t('widget.problem.network.title')))
    await dismissToasts(el, t)
    const check = w.getByRole('button', { name: t('widget.diagnostics.run') })
    await userEvent.click(check)
    await expect(check).toHaveAccessibleName(t('widget.diagnostics.running'))
    await expect(check).toHaveAttribute('aria-disabled', 'true')
    await waitFor(() => expect(w.getByTestId('voice-check-result')).toHaveTextContent(t('widget.diagnostics.blocked')))
    await expect(check).toHaveAccessibleName(t('widget.diagnostics.run'))
    await expect(check).toHaveAttribute('aria-disabled', 'false')
    // (the baseline: the explanation with the check's result; closing the explanation clears it, see the controller test)
  },
}
export const NetworkCheckDarkHindi: Story = { ...NetworkCheck, globals: DARK_HINDI }

const ended = (endedReason: string): ScriptedEngineOptions => ({
  script: [
    CALL_START,
    transcript(100, 'assistant', 'Goodbye!'),
    at(200, { event: 'message', args: [{ type: 'status-update', status: 'ended', endedReason }] }),
    at(250, { event: 'call-end', args: [] }),
  ],
})

/** The assistant ended the call (`status-update` ended `assistant-ended-call`). */
export const AssistantEndedCall: Story = problemStory(ended('assistant-ended-call'), 'assistantEnded', null)
export const AssistantEndedCallDarkHindi: Story = { ...AssistantEndedCall, globals: DARK_HINDI }

/** The call reached its maximum duration (`exceeded-max-duration`). */
export const MaxDurationReached: Story = problemStory(ended('exceeded-max-duration'), 'maxDuration', null)
export const MaxDurationReachedDarkHindi: Story = { ...MaxDurationReached, globals: DARK_HINDI }

/** Daily's connection dropped (`network-connection` interrupted): Reconnecting…, and what to do meanwhile. */
export const NetworkReconnecting: Story = {
  args: {
    createEngine: engine({
      script: [CALL_START, at(150, { event: 'network-connection', args: [{ type: 'sfu', event: 'interrupted' }] })],
    }),
  },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    await waitFor(() => expect(w.getByTestId('voice-live')).toHaveTextContent(t('widget.status.reconnecting')))
    await expect(w.getByTestId('voice-hint')).toHaveTextContent(t('widget.hints.interrupted'))
    await dismissToasts(el, t)
  },
}
export const NetworkReconnectingDarkHindi: Story = { ...NetworkReconnecting, globals: DARK_HINDI }

/** A very weak network (`network-quality-change` very-low): said once; typing is offered. Back to normal after. */
export const NetworkPoor: Story = {
  args: {
    createEngine: engine({
      script: [
        CALL_START,
        at(150, { event: 'network-quality-change', args: [{ threshold: 'very-low', quality: 12 }] }),
      ],
    }),
  },
  play: async (ctx) => {
    const t = copyOf(ctx)
    const el = ctx.canvasElement
    const w = await press(el, t)
    await waitFor(() => expect(w.getByTestId('voice-live')).toHaveTextContent(t('widget.network.poor')))
    await expect(w.getByTestId('voice-hint')).toHaveTextContent(t('widget.hints.poor'))
    await dismissToasts(el, t)
  },
}
export const NetworkPoorDarkHindi: Story = { ...NetworkPoor, globals: DARK_HINDI }
