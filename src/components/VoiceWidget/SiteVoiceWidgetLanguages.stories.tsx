import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { readSiteConfig } from '../../config/site'
import { LANGUAGE_STORAGE_KEY } from '../../voice/widget/languages'
import { mountSiteVoiceWidget, unmountSiteVoiceWidget } from '../../voice/widget/site'
import ta from '../../../locales/ta/voice.json'
import ur from '../../../locales/ur/voice.json'
import { focused, widget } from './widgetQueries'

/**
 * The site's own widget (src/voice/widget/site.ts `mountSiteVoiceWidget`, as src/boot.ts mounts it on every page)
 * with its language switch: the page is in English, the visitor picks another of the 24 widget languages.
 */
function SiteWidget({ theme }: { theme: 'light' | 'dark' }) {
  useEffect(() => {
    // Each story starts as a first visit: no language remembered on the origin.
    localStorage.removeItem(LANGUAGE_STORAGE_KEY)
    void mountSiteVoiceWidget({
      lng: 'en',
      theme,
      config: { ...readSiteConfig({}), voiceEngine: 'scripted' },
    })
    return () => {
      unmountSiteVoiceWidget()
      localStorage.removeItem(LANGUAGE_STORAGE_KEY)
    }
  }, [theme])
  // The widget mounts at the end of <body>, as on the site.
  return null
}

const meta = {
  title: 'Voice/VoiceWidget/Site language switch',
  component: SiteWidget,
  args: { theme: 'light' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SiteWidget>
export default meta
type Story = StoryObj<typeof meta>

/**
 * Opens the switch (its code is a chunk loaded with the widget's mount), and picks `name` from the
 * keyboard: type-ahead is not used, the arrows walk to the item and Enter chooses it.
 */
async function choose(name: string): Promise<HTMLElement> {
  const canvasElement = document.body
  const root = await widget(canvasElement)
  const canvas = within(root)
  const button = await waitFor(() => canvas.getByRole('button', { name: 'Language: English' }), { timeout: 10_000 })
  button.focus()
  await userEvent.keyboard('{Enter}')
  const menu = await waitFor(() => canvas.getByRole('menu'))
  await waitFor(() => expect(focused(canvasElement)).toHaveAttribute('lang', 'en'))
  const item = within(menu).getByRole('menuitemradio', { name })
  for (let i = 0; i < 30 && focused(canvasElement) !== item; i++) await userEvent.keyboard('{ArrowDown}')
  await expect(focused(canvasElement)).toBe(item)
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(menu).not.toBeVisible())
  return root
}

/** Tamil chosen: the widget redraws in Tamil (left to right), the choice is remembered on the origin. */
export const SwitchedToTamil: Story = {
  play: async () => {
    const root = await choose('தமிழ்')
    await waitFor(() => expect(root).toHaveAttribute('lang', 'ta'))
    await expect(root).toHaveAttribute('dir', 'ltr')
    const canvas = within(root)
    await expect(canvas.getByRole('button', { name: ta.widget.start })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'மொழி: தமிழ்' })).toBeVisible()
    await expect(canvas.getByTestId('voice-live')).toHaveTextContent(ta.widget.status.idle)
    await expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ta')
  },
}

/** Urdu chosen, dark theme, phone width: the widget mirrors (`dir="rtl"`) and speaks Urdu. */
export const SwitchedToUrduPhoneDark: Story = {
  args: { theme: 'dark' },
  globals: { theme: 'dark', viewport: { value: 'phone' } },
  play: async () => {
    const root = await choose('اردو')
    await waitFor(() => expect(root).toHaveAttribute('lang', 'ur'))
    await expect(root).toHaveAttribute('dir', 'rtl')
    const canvas = within(root)
    await expect(canvas.getByRole('button', { name: ur.widget.start })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'زبان: اردو' })).toBeVisible()
    await expect(canvas.getByTestId('voice-live')).toHaveTextContent(ur.widget.status.idle)
    await expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ur')
  },
}
