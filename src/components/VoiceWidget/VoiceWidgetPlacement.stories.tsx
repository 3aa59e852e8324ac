import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import en from '../../../locales/en/voice.json'
import { HIGHLIGHT_ATTRIBUTE } from '../../voice/commands'
import type { WidgetPosition } from '../../voice/widget'
import { CALL_START, ConsentHost, coveredArea, activeToastShown, dismissToasts, toolCall } from './consentHost'
import { widget } from './widgetQueries'

/**
 * Where the widget sits and how it looks on the owner's site: `data-position` (each corner, the notice beside the
 * mic), `data-size`, `data-accent-color` with its contrast check, `data-title`, and a busy call on a phone (the
 * widget and its toasts cover at most a third of the screen).
 */

const meta = {
  title: 'Voice/VoiceWidget/Placement and branding',
  component: ConsentHost,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConsentHost>
export default meta
type Story = StoryObj<typeof meta>

/** Where the mic is for a position: asserts the corner, then opens the notice (its placement is the baseline). */
const atPosition =
  (position: WidgetPosition): Story['play'] =>
  async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const mic = within(w).getByRole('button', { name: en.widget.start })
    const box = mic.getBoundingClientRect()
    const [vw, vh] = [window.innerWidth, window.innerHeight]
    if (position.startsWith('top')) await expect(box.top).toBeLessThan(40)
    else await expect(vh - box.bottom).toBeLessThan(40)
    if (position.endsWith('left')) await expect(box.left).toBeLessThan(40)
    if (position.endsWith('right')) await expect(vw - box.right).toBeLessThan(40)
    if (position === 'bottom-center') await expect(Math.abs(box.left + box.width / 2 - vw / 2)).toBeLessThan(2)
    await userEvent.click(mic)
    const dialog = within(w).getByRole('dialog')
    const d = dialog.getBoundingClientRect()
    // the notice stays on screen, beside the mic (below it at the top, above it at the bottom)
    await expect(d.left).toBeGreaterThanOrEqual(0)
    await expect(d.right).toBeLessThanOrEqual(vw)
    if (position.startsWith('top')) await expect(d.top).toBeGreaterThan(box.bottom)
    else await expect(d.bottom).toBeLessThan(box.top)
  }

/** `data-position="top-left"`. */
export const PositionTopLeft: Story = { args: { position: 'top-left' }, play: atPosition('top-left') }
/** `data-position="top-right"`. */
export const PositionTopRight: Story = { args: { position: 'top-right' }, play: atPosition('top-right') }
/** `data-position="bottom-left"`. */
export const PositionBottomLeft: Story = { args: { position: 'bottom-left' }, play: atPosition('bottom-left') }
/** `data-position="bottom-center"`. */
export const PositionBottomCenter: Story = { args: { position: 'bottom-center' }, play: atPosition('bottom-center') }
/** `data-position="bottom-right"` (the default), dark. */
export const PositionBottomRightDark: Story = {
  args: { position: 'bottom-right', theme: 'dark' },
  globals: { theme: 'dark' },
  play: atPosition('bottom-right'),
}

/** `data-size="compact"`: a 48 px mic and a narrower panel, in a call with the visitor's words. */
export const Compact: Story = {
  args: {
    size: 'compact',
    accepted: true,
    script: [
      CALL_START,
      {
        at: 120,
        event: 'message',
        args: [{ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'add darjeeling' }],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const mic = within(w).getByRole('button', { name: en.widget.start })
    await expect(mic.getBoundingClientRect().width).toBe(48)
    await userEvent.click(mic)
    await waitFor(() => expect(within(w).getByTestId('voice-transcript')).toHaveTextContent('“add darjeeling”'))
    await activeToastShown(w)
    await dismissToasts(w)
  },
}

/** `data-size="full"` (the default): the 64 px mic, same call. */
export const Full: Story = {
  args: { ...Compact.args, size: 'full' },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const mic = within(w).getByRole('button', { name: en.widget.start })
    await expect(mic.getBoundingClientRect().width).toBe(64)
    await userEvent.click(mic)
    await waitFor(() => expect(within(w).getByTestId('voice-transcript')).toBeVisible())
    await activeToastShown(w)
    await dismissToasts(w)
  },
}

const accentWarnings: string[] = []

/** `data-accent-color="#0b57d0"` and `data-title="Chai & Co. help"`: the accent on the mic and the Accept button, the title on the region and the panel. */
export const AccentAndTitle: Story = {
  args: { accentColor: '#0b57d0', title: 'Chai & Co. help', accepted: true, warnings: accentWarnings },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await expect(w).toHaveAttribute('aria-label', 'Chai & Co. help')
    const mic = within(w).getByRole('button', { name: en.widget.start })
    await expect(getComputedStyle(mic).backgroundColor).toBe('rgb(11, 87, 208)')
    await expect(getComputedStyle(mic).color).toBe('rgb(255, 255, 255)')
    // #0b57d0 has 3.0:1 against the dark background: the dark theme keeps its default, and the console says so
    await expect(accentWarnings.join('\n')).toMatch(/data-accent-color \(accentColor\) "#0b57d0".*dark theme/)
    await userEvent.click(mic)
    await waitFor(() => expect(w).toHaveAttribute('data-status', 'listening'))
    await activeToastShown(w)
    await dismissToasts(w)
    await expect(within(w).getByText('Chai & Co. help')).toBeVisible()
  },
}

/** A colour per scheme with CSS `light-dark()`: `#a8c7fa` in dark, with the near-black mic icon it needs. */
export const AccentDark: Story = {
  args: { accentColor: 'light-dark(#0b57d0, #a8c7fa)', title: 'Chai & Co. help', theme: 'dark', accepted: true },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const mic = within(w).getByRole('button', { name: en.widget.start })
    await expect(getComputedStyle(mic).backgroundColor).toBe('rgb(168, 199, 250)')
    await expect(getComputedStyle(mic).color).toBe('rgb(13, 11, 20)')
    await userEvent.click(mic)
    await waitFor(() => expect(w).toHaveAttribute('data-status', 'listening'))
    await userEvent.click(within(w).getByRole('button', { name: en.widget.stop }))
    await waitFor(() => expect(w).toHaveAttribute('data-status', 'idle'))
    await dismissToasts(w)
  },
}

const lowContrast: string[] = []

/** An accent below AA in the widget's scheme (#facc15 on white, 1.5:1): a console warning, and the default accent. */
export const AccentBelowAA: Story = {
  args: { accentColor: '#facc15', warnings: lowContrast },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const mic = within(w).getByRole('button', { name: en.widget.start })
    await expect(getComputedStyle(mic).backgroundColor).toBe('rgb(109, 40, 217)')
    await expect(lowContrast.join('\n')).toMatch(
      /data-accent-color \(accentColor\) "#facc15" \(#facc15\) has a contrast of 1\.[0-9]:1 against the light theme's background #ffffff; WCAG AA needs 4\.5:1, so the light theme keeps the default accent #6d28d9/,
    )
  },
}

/**
 * A 390 px phone during a busy call: four toasts in a row and the visitor's words in the open panel. At most the two
 * newest toasts show, compact, and the widget with its toasts covers at most a third of the viewport.
 */
export const PhoneBusyCall: Story = {
  globals: { viewport: { value: 'phone' } },
  args: {
    accepted: true,
    withForm: true,
    script: [
      CALL_START,
      toolCall('t1', 150, 'fill_field', { fieldHint: 'company', value: 'Acme Ltd' }),
      toolCall('t2', 200, 'click_element', { targetText: 'Add Darjeeling' }),
      toolCall('t3', 250, 'click_element', { targetText: 'a button that is not there' }),
      {
        at: 300,
        event: 'message',
        args: [
          {
            type: 'transcript',
            role: 'user',
            transcriptType: 'partial',
            transcript: 'and then fill the email field with ada at example dot com please',
          },
        ],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await expect(window.innerWidth).toBe(390)
    await userEvent.click(within(w).getByRole('button', { name: en.widget.start }))
    await waitFor(() => expect(within(w).getAllByTestId('voice-toast').length).toBeGreaterThanOrEqual(4))
    await waitFor(() => expect(within(w).getByTestId('voice-transcript')).toBeVisible())
    const toasts = within(w).getAllByTestId('voice-toast')
    const visible = toasts.filter((t) => getComputedStyle(t).display !== 'none')
    await expect(visible).toHaveLength(2)
    await expect(visible).toEqual(toasts.slice(-2)) // the newest
    const parts = [...visible, ...w.querySelectorAll<HTMLElement>('.row > *')].filter(
      (e) => !e.hidden && getComputedStyle(e).display !== 'none',
    )
    const area = coveredArea(
      parts.map((e) => e.getBoundingClientRect()),
      window.innerWidth,
      window.innerHeight,
    )
    await expect(area / (window.innerWidth * window.innerHeight)).toBeLessThanOrEqual(1 / 3)
    // the executor's brief outline on the filled field and the clicked button is gone before the baseline
    await waitFor(() => expect(canvasElement.querySelectorAll(`[${HIGHLIGHT_ATTRIBUTE}]`)).toHaveLength(0), {
      timeout: 5000,
    })
  },
}
