import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { mountEmbed } from './app'
import { parseEmbedSettings } from './config'

const KEY = '11111111-1111-4111-8111-111111111111'
const ASSISTANT = '22222222-2222-4222-8222-222222222222'

/** The embed as a host page gets it: `data-*` settings parsed by the loader, the widget in a shadow root. */
function EmbedHost({ settings }: { /** The script tag's `data-*` attributes, camelCase. */ settings: Record<string, string> }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const w = mountEmbed(host.current!, parseEmbedSettings(settings, 'attributes'))
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

/** The widget's root inside the shadow root (Testing Library does not cross shadow roots). */
const widget = async (el: HTMLElement): Promise<HTMLElement> =>
  waitFor(() => {
    const root = el.querySelector('[data-voiceos]')?.shadowRoot?.querySelector<HTMLElement>('[data-testid="voice-widget"]')
    if (!root) throw new Error('the widget is not mounted yet')
    return root
  })

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
    const parsed = parseEmbedSettings({ publicKey: KEY, assistantId: ASSISTANT, lang: 'fr', position: 'middle', theme: 'neon' }, 'attributes')
    await expect(parsed.problems.map((p) => p.setting)).toEqual(['data-lang', 'data-position', 'data-theme'])
    await expect(parsed.missing).toEqual([])
    const w = await widget(canvasElement)
    await expect(within(w).getByRole('button', { name: 'Start voice assistant' })).toBeVisible()
  },
}
