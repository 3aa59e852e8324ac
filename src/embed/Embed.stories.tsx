import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import en from '../../locales/en/voice.json'
import { HIGHLIGHT_ATTRIBUTE } from '../voice/commands'
import { ScriptedVoiceEngine, type ScriptStep } from '../voice/session/scriptedEngine'
import { mountVoiceWidget } from '../voice/widget'
import { mountEmbed } from './app'
import { parseEmbedSettings } from './config'
import { widget } from '../components/VoiceWidget/widgetQueries'

const KEY = '11111111-1111-4111-8111-111111111111'
const ASSISTANT = '22222222-2222-4222-8222-222222222222'

/** The embed as a host page gets it: `data-*` settings parsed by the loader, the widget in a shadow root. */
function EmbedHost({
  settings,
}: {
  /** The script tag's `data-*` attributes, camelCase. */ settings: Record<string, string>
}) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const parsed = parseEmbedSettings(settings, 'attributes')
    const w = mountEmbed(host.current!, parsed, parsed.config.lang ?? 'en')
    return () => w.destroy()
  }, [settings])
  return (
    <div>
      <p style={{ padding: 16 }}>A host page.</p>
      <div ref={host} data-voiceos="" />
    </div>
  )
}

const meta = {
  title: 'Embed/VoiceOS',
  component: EmbedHost,
  args: { settings: { publicKey: KEY, assistantId: ASSISTANT, theme: 'light' } },
} satisfies Meta<typeof EmbedHost>
export default meta
type Story = StoryObj<typeof meta>

/** Valid settings: only the mic, in the host's bottom-right corner. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await expect(within(w).getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
    await expect(w).toHaveAttribute('data-status', 'idle')
    await expect(w.classList.contains('dark')).toBe(false)
  },
}

/** `data-assistant-id` missing: pressing the mic explains what is missing; nothing is thrown. */
export const MissingAssistantId: Story = {
  args: { settings: { publicKey: KEY, theme: 'light' } },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: 'Start voice assistant' }))
    await expect(within(w).getByText("Voice isn't set up on this site yet.", { selector: 'p' })).toBeVisible()
    await expect(within(w).getByText('Missing or invalid setting: data-assistant-id')).toBeVisible()
    await waitFor(() => expect(within(w).getByText('Configuration Required')).toBeVisible())
    await expect(w).toHaveAttribute('data-status', 'idle')
    // toasts are not part of the baseline: dismiss it from the keyboard (Escape)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(within(w).queryAllByTestId('voice-toast')).toHaveLength(0))
  },
}

/** `data-lang="hi" data-position="bottom-left" data-theme="dark"`. */
export const HindiBottomLeftDark: Story = {
  args: { settings: { publicKey: KEY, assistantId: ASSISTANT, lang: 'hi', position: 'bottom-left', theme: 'dark' } },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const mic = within(w).getByRole('button', { name: 'वॉइस असिस्टेंट शुरू करें' })
    await expect(mic).toBeVisible()
    await expect(w).toHaveAttribute('lang', 'hi')
    await expect(w.classList.contains('dark')).toBe(true)
    await expect(mic.getBoundingClientRect().left).toBeLessThan(100)
  },
}

/** Invalid optional settings fall back to their defaults (the loader logs each as a console error). */
export const InvalidOptionalSettings: Story = {
  args: { settings: { publicKey: KEY, assistantId: ASSISTANT, lang: 'fr', position: 'middle', theme: 'neon' } },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const parsed = parseEmbedSettings(
      { publicKey: KEY, assistantId: ASSISTANT, lang: 'fr', position: 'middle', theme: 'neon' },
      'attributes',
    )
    await expect(parsed.problems.map((p) => p.setting)).toEqual(['data-lang', 'data-position', 'data-theme'])
    await expect(parsed.missing).toEqual([])
    const w = await widget(canvasElement)
    await expect(within(w).getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
  },
}

/** A host page with a field, and the widget (as the embed mounts it) on a scripted call that sends tool calls. */
function ToastHost({ theme }: { /** Widget colour scheme. */ theme: 'light' | 'dark' }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const toolCall = (id: string, name: string, args: Record<string, unknown>): ScriptStep => ({
      at: 150,
      event: 'message',
      args: [{ type: 'tool-calls', toolCallList: [{ id, type: 'function', function: { name, arguments: args } }] }],
    })
    const script: ScriptStep[] = [
      { at: 50, event: 'call-start', args: [] },
      toolCall('t1', 'fill_field', { fieldHint: 'company', value: 'Acme Ltd' }),
      { ...toolCall('t2', 'click_element', { targetText: 'a button that is not there' }), at: 250 },
    ]
    const w = mountVoiceWidget(host.current!, {
      copy: en,
      configured: true,
      createEngine: () => new ScriptedVoiceEngine({ script }),
      assistantId: ASSISTANT,
      realtime: null,
      theme,
      // long enough for the screenshot on a busy machine
      toastDurationMs: 60_000,
    })
    return () => w.destroy()
  }, [theme])
  return (
    <div style={{ padding: 16 }}>
      <label>
        {/* Styled like a host page's own field: a native control's look differs between browser versions. */}
        Company{' '}
        <input
          name="company"
          style={{
            border: '1px solid #8a8a8a',
            borderRadius: 4,
            padding: '2px 6px',
            background: 'transparent',
            color: 'inherit',
            font: 'inherit',
          }}
        />
      </label>
      <div ref={host} data-voiceos="" />
    </div>
  )
}

/** The toasts of a call: Voice Assistant Active, Field Filled (Entered: value), Command Failed — AA contrast, dismissable. */
export const Toasts: StoryObj<typeof ToastHost> = {
  render: (args) => <ToastHost {...args} />,
  args: { theme: 'light' },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: 'Start voice assistant' }))
    await waitFor(() => expect(within(w).getAllByTestId('voice-toast')).toHaveLength(3))
    await expect(within(w).getByText('Entered: Acme Ltd')).toBeVisible()
    await expect(within(w).getByText('Command Failed')).toBeVisible()
    await expect(canvasElement.querySelector('input')).toHaveValue('Acme Ltd')
    await expect(within(w).getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3)
    // back to listening 500 ms after the last command (SPEC §4): a stable state for the baseline
    await waitFor(() => expect(w).toHaveAttribute('data-status', 'listening'))
    // and the executor's brief outline on the filled field is gone
    await waitFor(() => expect(canvasElement.querySelector('input')?.hasAttribute(HIGHLIGHT_ATTRIBUTE)).toBe(false), {
      timeout: 5000,
    })
  },
}

/** The same toasts, dark. */
export const ToastsDark: StoryObj<typeof ToastHost> = { ...Toasts, args: { theme: 'dark' }, globals: { theme: 'dark' } }

/**
 * `data-consent="required" data-privacy-url data-accent-color data-title data-position="top-right" data-size="compact"`:
 * the loader's parsing reaches the widget — the notice first (with the policy link), the accent on the mic, the
 * title on the region, the mic in the top-right corner at 48 px.
 */
export const ConsentAndBranding: Story = {
  args: {
    settings: {
      publicKey: KEY,
      assistantId: ASSISTANT,
      theme: 'light',
      consent: 'required',
      privacyUrl: 'https://shop.example/privacy',
      accentColor: '#0b57d0',
      title: 'Chai & Co. help',
      position: 'top-right',
      size: 'compact',
    },
  },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await expect(w).toHaveAttribute('aria-label', 'Chai & Co. help')
    const mic = within(w).getByRole('button', { name: 'Start voice assistant' })
    const box = mic.getBoundingClientRect()
    await expect(box.width).toBe(48)
    await expect(box.top).toBeLessThan(40)
    await expect(window.innerWidth - box.right).toBeLessThan(40)
    await expect(getComputedStyle(mic).backgroundColor).toBe('rgb(11, 87, 208)')
    await userEvent.click(mic)
    const dialog = within(w).getByRole('dialog', { name: 'Before you talk to the voice assistant' })
    await expect(within(dialog).getByRole('link', { name: /Privacy policy/ })).toHaveAttribute(
      'href',
      'https://shop.example/privacy',
    )
    await expect(w).toHaveAttribute('data-status', 'idle')
  },
}
