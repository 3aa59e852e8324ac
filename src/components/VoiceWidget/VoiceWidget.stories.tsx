import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { readSiteConfig } from '../../config/site'
import { ScriptedVoiceEngine, type ScriptedEngineOptions, type ScriptStep } from '../../voice/session/scriptedEngine'
import { VoiceWidgetContainer } from './VoiceWidgetContainer'
import { focused, inWidget, widgetRoot } from './widgetQueries'

/** Scripted-engine config: keys present, realtime off (commands arrive as tool calls in stories). */
const scriptedConfig = { ...readSiteConfig({}), voiceEngine: 'scripted' as const }
/** Half configured (a public key, no assistant id): with neither, the widget would run in the local mode. */
const unconfigured = readSiteConfig({ VITE_VAPI_PUBLIC_KEY: '11111111-1111-4111-8111-111111111111' })

const engine = (options: ScriptedEngineOptions) => () => new ScriptedVoiceEngine(options)
const partial = (text: string): ScriptStep => ({
  at: 120,
  event: 'message',
  args: [{ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: text }],
})
const CALL_START: ScriptStep = { at: 60, event: 'call-start', args: [] }

const meta = {
  title: 'Voice/VoiceWidget',
  component: VoiceWidgetContainer,
  args: { config: scriptedConfig, createEngine: engine({ script: [CALL_START] }) },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof VoiceWidgetContainer>
export default meta
type Story = StoryObj<typeof meta>

/** Waits until a toast with this title is shown (toasts animate in). */
const toastShown = async (el: HTMLElement, title: string) => {
  await waitFor(() => expect(within(widgetRoot(el)).getByText(title)).toBeVisible())
}
/** Dismisses every toast with its close button (toasts are not part of the baselines). */
const dismissToasts = async (el: HTMLElement) => {
  for (const b of within(widgetRoot(el)).queryAllByRole('button', { name: 'Dismiss notification' }))
    await userEvent.click(b)
  await waitFor(() => expect(within(widgetRoot(el)).queryAllByTestId('voice-toast')).toHaveLength(0))
}

/** Idle: only the mic; its name says what pressing it does. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await inWidget(canvasElement)
    await expect(widgetRoot(canvasElement)).toHaveAttribute('data-status', 'idle')
    await expect(canvas.getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
    await expect((await inWidget(canvasElement)).getByTestId('voice-live')).toHaveTextContent('Voice assistant is off')
  },
}

/** Idle, dark theme, phone width. */
export const IdlePhoneDark: Story = { ...Idle, globals: { theme: 'dark', viewport: { value: 'phone' } } }

/** Connecting: a spinner; pressing again cancels. */
export const Connecting: Story = {
  args: { createEngine: engine({ hang: true }) },
  play: async ({ canvasElement }) => {
    const canvas = await inWidget(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() => expect(widgetRoot(canvasElement)).toHaveAttribute('data-status', 'connecting'))
    await expect(canvas.getByTestId('voice-live')).toHaveTextContent('Connecting…')
    const cancel = canvas.getByRole('button', { name: 'Cancel connecting to the voice assistant' })
    await expect(cancel.querySelector('.spinner')).not.toBeNull()
  },
}

/** Connecting, dark theme. */
export const ConnectingDark: Story = { ...Connecting, globals: { theme: 'dark' } }

/** Listening: stop style, "Voice Assistant Active" toast, a hint. */
export const Listening: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = await inWidget(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() => expect(widgetRoot(canvasElement)).toHaveAttribute('data-status', 'listening'))
    await toastShown(canvasElement, 'Voice Assistant Active')
    await expect(canvas.getByRole('button', { name: 'Stop voice assistant' })).toBeVisible()
    await expect(canvas.getByTestId('voice-live')).toHaveTextContent('Listening…')
  },
}

/** Listening with the visitor's partial transcript. */
export const ListeningWithTranscript: Story = {
  parameters: { visual: false },
  args: { createEngine: engine({ script: [CALL_START, partial('scroll down to the pricing')] }) },
  play: async ({ canvasElement }) => {
    const canvas = await inWidget(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() =>
      expect(canvas.getByTestId('voice-transcript')).toHaveTextContent('“scroll down to the pricing”'),
    )
  },
}

/** Listening with a transcript, dark theme. */
export const ListeningWithTranscriptDark: Story = { ...ListeningWithTranscript, globals: { theme: 'dark' } }

/** Processing: after the visitor's speech ends. */
export const Processing: Story = {
  parameters: { visual: false },
  args: { createEngine: engine({ script: [CALL_START, { at: 150, event: 'speech-end', args: [] }] }) },
  play: async ({ canvasElement }) => {
    await userEvent.click((await inWidget(canvasElement)).getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() => expect(widgetRoot(canvasElement)).toHaveAttribute('data-status', 'processing'))
    await expect((await inWidget(canvasElement)).getByTestId('voice-live')).toHaveTextContent('Processing…')
  },
}

/** Stop: back to idle, transcript cleared. */
export const Stop: Story = {
  parameters: { visual: false },
  args: { createEngine: engine({ script: [CALL_START, partial('hello')] }) },
  play: async ({ canvasElement }) => {
    const canvas = await inWidget(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() => expect(canvas.getByTestId('voice-transcript')).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'Stop voice assistant' }))
    await waitFor(() => expect(widgetRoot(canvasElement)).toHaveAttribute('data-status', 'idle'))
    await expect(canvas.queryByTestId('voice-transcript')).toBeNull()
    await expect(focused(canvasElement)).toBe(canvas.getByRole('button', { name: 'Start voice assistant' }))
  },
}

/** An engine error during the call: "Voice Assistant Error" with the localized copy of its kind, then idle. */
export const Error: Story = {
  parameters: { visual: false },
  args: {
    createEngine: engine({
      script: [
        CALL_START,
        {
          at: 150,
          event: 'error',
          args: [
            {
              type: 'daily-error',
              message: 'The meeting ended unexpectedly',
              error: new globalThis.Error('x') as never,
              timestamp: '',
            },
          ],
        },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click((await inWidget(canvasElement)).getByRole('button', { name: 'Start voice assistant' }))
    const b = within(widgetRoot(canvasElement))
    await toastShown(canvasElement, 'Voice Assistant Error')
    // the error's kind in the page's language, never the engine's own English message
    await expect(b.getByText('The call was interrupted.')).toBeInTheDocument()
    await expect(b.queryByText('The meeting ended unexpectedly')).toBeNull()
    await waitFor(() => expect(widgetRoot(canvasElement)).toHaveAttribute('data-status', 'idle'))
  },
}

/** The start fails: "Connection Failed - Could not start voice assistant". */
export const ConnectionFailed: Story = {
  parameters: { visual: false },
  args: { createEngine: engine({ failStart: true, failAfterMs: 50 }) },
  play: async ({ canvasElement }) => {
    await userEvent.click((await inWidget(canvasElement)).getByRole('button', { name: 'Start voice assistant' }))
    const b = within(widgetRoot(canvasElement))
    await toastShown(canvasElement, 'Connection Failed')
    await expect(b.getByText('Could not start voice assistant')).toBeInTheDocument()
    await waitFor(() => expect(widgetRoot(canvasElement)).toHaveAttribute('data-status', 'idle'))
  },
}

/** The assistant id missing (the key set): the widget still renders; pressing it explains and shows "Configuration Required". */
export const ConfigurationRequired: Story = {
  parameters: { visual: false },
  args: { config: unconfigured, createEngine: undefined },
  play: async ({ canvasElement }) => {
    const canvas = await inWidget(canvasElement)
    await expect(canvas.getByText("Voice isn't set up on this site yet.", { selector: 'p' })).not.toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await expect(canvas.getByText("Voice isn't set up on this site yet.", { selector: 'p' })).toBeVisible()
    await toastShown(canvasElement, 'Configuration Required')
    await expect(widgetRoot(canvasElement)).toHaveAttribute('data-status', 'idle')
  },
}

/** Configuration required after a press, dark theme (the explaining panel). */
export const ConfigurationRequiredDark: Story = {
  args: { config: unconfigured, createEngine: undefined },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click((await inWidget(canvasElement)).getByRole('button', { name: 'Start voice assistant' }))
    await expect(
      (await inWidget(canvasElement)).getByText("Voice isn't set up on this site yet.", { selector: 'p' }),
    ).toBeVisible()
    await dismissToasts(canvasElement)
  },
}
