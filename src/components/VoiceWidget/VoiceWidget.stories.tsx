import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { readSiteConfig } from '../../config/site'
import { ScriptedVoiceEngine, type ScriptedEngineOptions, type ScriptStep } from '../../voice/react/scriptedEngine'
import { toaster } from '../Toaster'
import { VoiceWidgetContainer } from './VoiceWidgetContainer'

/** Scripted-engine config: keys present, realtime off (commands arrive as tool calls in stories). */
const scriptedConfig = { ...readSiteConfig({}), voiceEngine: 'scripted' as const }
const unconfigured = readSiteConfig({})

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
  // The toaster is one store for the whole page: start every story without toasts.
  beforeEach: () => {
    toaster.remove()
  },
} satisfies Meta<typeof VoiceWidgetContainer>
export default meta
type Story = StoryObj<typeof meta>

const widget = (el: HTMLElement) => within(el).getByTestId('voice-widget')
const body = (el: HTMLElement) => within(el.ownerDocument.body)
/** Waits until a toast with this title is shown (toasts animate in). */
const toastShown = async (el: HTMLElement, title: string) => {
  const node = await body(el).findByText(title)
  await waitFor(() => expect(node).toBeVisible())
}

/** Idle: only the mic; its name says what pressing it does. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    await expect(widget(canvasElement)).toHaveAttribute('data-status', 'idle')
    await expect(within(canvasElement).getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Voice assistant is off')
  },
}

/** Idle, dark theme, phone width. */
export const IdlePhoneDark: Story = { ...Idle, globals: { theme: 'dark', viewport: { value: 'phone' } } }

/** Connecting: a spinner; pressing again cancels. */
export const Connecting: Story = {
  args: { createEngine: engine({ hang: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() => expect(widget(canvasElement)).toHaveAttribute('data-status', 'connecting'))
    await expect(canvas.getByRole('status')).toHaveTextContent('Connecting…')
    const cancel = canvas.getByRole('button', { name: 'Cancel connecting to the voice assistant' })
    await expect(cancel.querySelector('.chakra-spinner')).not.toBeNull()
  },
}

/** Connecting, dark theme. */
export const ConnectingDark: Story = { ...Connecting, globals: { theme: 'dark' } }

/** Listening: stop style, "Voice Assistant Active" toast, a hint. */
export const Listening: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() => expect(widget(canvasElement)).toHaveAttribute('data-status', 'listening'))
    await toastShown(canvasElement, 'Voice Assistant Active')
    await expect(canvas.getByRole('button', { name: 'Stop voice assistant' })).toBeVisible()
    await expect(canvas.getByRole('status')).toHaveTextContent('Listening…')
  },
}

/** Listening with the visitor's partial transcript. */
export const ListeningWithTranscript: Story = {
  parameters: { visual: false },
  args: { createEngine: engine({ script: [CALL_START, partial('scroll down to the pricing')] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await expect(await canvas.findByTestId('voice-transcript')).toHaveTextContent('“scroll down to the pricing”')
  },
}

/** Listening with a transcript, dark theme. */
export const ListeningWithTranscriptDark: Story = { ...ListeningWithTranscript, globals: { theme: 'dark' } }

/** Processing: after the visitor's speech ends. */
export const Processing: Story = {
  parameters: { visual: false },
  args: { createEngine: engine({ script: [CALL_START, { at: 150, event: 'speech-end', args: [] }] }) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() => expect(widget(canvasElement)).toHaveAttribute('data-status', 'processing'))
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Processing…')
  },
}

/** Stop: back to idle, transcript cleared. */
export const Stop: Story = {
  parameters: { visual: false },
  args: { createEngine: engine({ script: [CALL_START, partial('hello')] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await canvas.findByTestId('voice-transcript')
    await userEvent.click(canvas.getByRole('button', { name: 'Stop voice assistant' }))
    await waitFor(() => expect(widget(canvasElement)).toHaveAttribute('data-status', 'idle'))
    await expect(canvas.queryByTestId('voice-transcript')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Start voice assistant' })).toHaveFocus()
  },
}

/** An engine error: "Voice Assistant Error" with the error's message, then idle. */
export const Error: Story = {
  parameters: { visual: false },
  args: {
    createEngine: engine({
      script: [
        CALL_START,
        { at: 150, event: 'error', args: [{ type: 'daily-error', message: 'The meeting ended unexpectedly', error: new globalThis.Error('x') as never, timestamp: '' }] },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Start voice assistant' }))
    const b = body(canvasElement)
    await toastShown(canvasElement, 'Voice Assistant Error')
    await expect(b.getByText('The meeting ended unexpectedly')).toBeInTheDocument()
    await waitFor(() => expect(widget(canvasElement)).toHaveAttribute('data-status', 'idle'))
  },
}

/** The start fails: "Connection Failed - Could not start voice assistant". */
export const ConnectionFailed: Story = {
  parameters: { visual: false },
  args: { createEngine: engine({ failStart: true, failAfterMs: 50 }) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Start voice assistant' }))
    const b = body(canvasElement)
    await toastShown(canvasElement, 'Connection Failed')
    await expect(b.getByText('Could not start voice assistant')).toBeInTheDocument()
    await waitFor(() => expect(widget(canvasElement)).toHaveAttribute('data-status', 'idle'))
  },
}

/** Voice keys missing: the widget still renders; pressing it explains and shows "Configuration Required". */
export const ConfigurationRequired: Story = {
  parameters: { visual: false },
  args: { config: unconfigured, createEngine: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByText("Voice isn't set up on this site yet.", { selector: 'p' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Start voice assistant' }))
    await expect(canvas.getByText("Voice isn't set up on this site yet.", { selector: 'p' })).toBeVisible()
    await toastShown(canvasElement, 'Configuration Required')
    await expect(widget(canvasElement)).toHaveAttribute('data-status', 'idle')
  },
}

/** Configuration required after a press, dark theme (the explaining panel). */
export const ConfigurationRequiredDark: Story = {
  args: { config: unconfigured, createEngine: undefined },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Start voice assistant' }))
    await expect(within(canvasElement).getByText("Voice isn't set up on this site yet.", { selector: 'p' })).toBeVisible()
    // the toast is not part of the baseline
    toaster.remove()
  },
}
