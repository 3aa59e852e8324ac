import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import en from '../../../locales/en/voice.json'
import hi from '../../../locales/hi/voice.json'
import type { ConsentSettings } from '../../voice/widget'
import { ConsentHost, coveredArea, activeToastShown, dismissToasts, reached } from './consentHost'
import { focused, widget } from './widgetQueries'

/**
 * The consent notice before the first call (SPEC: nothing reaches the platform before Accept): the notice in both
 * languages and themes, the owner's own text and privacy link, Cancel and Escape, Accept, withdrawal during a call,
 * and the notice on a phone. Placement, size and branding are in VoiceWidgetPlacement.stories.tsx.
 */

const meta = {
  title: 'Voice/VoiceWidget/Consent',
  component: ConsentHost,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConsentHost>
export default meta
type Story = StoryObj<typeof meta>

/** The press opens the notice: a dialog named by its title, focused, and nothing reached the call engine. */
export const Notice: Story = {
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const mic = within(w).getByRole('button', { name: en.widget.start })
    await expect(mic).toHaveAttribute('aria-haspopup', 'dialog')
    await userEvent.click(mic)
    const dialog = within(w).getByRole('dialog', { name: en.widget.consent.title })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAccessibleDescription(en.widget.consent.text)
    await expect(focused(canvasElement)).toBe(dialog)
    await expect(mic).toHaveAttribute('aria-expanded', 'true')
    await expect(reached).toEqual([])
    await expect(w).toHaveAttribute('data-status', 'idle')
  },
}

/** The notice, dark. */
export const NoticeDark: Story = { ...Notice, args: { theme: 'dark' }, globals: { theme: 'dark' } }

/** The notice in Hindi (no English in it). */
export const NoticeHindi: Story = {
  args: { lang: 'hi' },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: hi.widget.start }))
    const dialog = within(w).getByRole('dialog', { name: hi.widget.consent.title })
    await expect(dialog).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: hi.widget.consent.accept })).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: hi.widget.consent.cancel })).toBeVisible()
    await expect(dialog.textContent ?? '').not.toMatch(/[A-Za-z]/)
    await expect(reached).toEqual([])
  },
}

/** The notice in Hindi, dark. */
export const NoticeHindiDark: Story = {
  ...NoticeHindi,
  args: { lang: 'hi', theme: 'dark' },
  globals: { theme: 'dark' },
}

const OWNER: ConsentSettings = {
  required: true,
  title: 'Before you talk to Chai & Co.',
  text: 'Chai & Co. records voice calls for 30 days to improve the assistant. You can ask us to delete them.',
  privacyUrl: 'https://chai.example/privacy',
}

/** The owner's own heading and text and a link to their privacy policy (opens in a new tab, and says so). */
export const NoticeOwnerTextAndPolicy: Story = {
  args: { consent: OWNER },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: en.widget.start }))
    const dialog = within(w).getByRole('dialog', { name: OWNER.title! })
    await expect(dialog).toHaveAccessibleDescription(OWNER.text!)
    const link = within(dialog).getByRole('link', { name: `${en.widget.consent.privacy} ${en.widget.consent.newTab}` })
    await expect(link).toHaveAttribute('href', 'https://chai.example/privacy')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    // Tab order inside the dialog (a real keyboard walks it in tests/e2e/embed-consent.spec.ts): link, Accept, Cancel
    const tabbable = [...dialog.querySelectorAll<HTMLElement>('a[href], button')]
    await expect(tabbable).toEqual([
      link,
      within(dialog).getByRole('button', { name: en.widget.consent.accept }),
      within(dialog).getByRole('button', { name: en.widget.consent.cancel }),
    ])
  },
}

/** The owner's text and policy link, dark. */
export const NoticeOwnerTextAndPolicyDark: Story = {
  ...NoticeOwnerTextAndPolicy,
  args: { consent: OWNER, theme: 'dark' },
  globals: { theme: 'dark' },
}

/** Cancel and Escape close the notice, send nothing, and return focus to the mic. */
export const CancelSendsNothing: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    const mic = within(w).getByRole('button', { name: en.widget.start })
    await userEvent.click(mic)
    await userEvent.click(within(w).getByRole('button', { name: en.widget.consent.cancel }))
    await expect(within(w).queryByRole('dialog')).toBeNull()
    await expect(focused(canvasElement)).toBe(mic)
    await userEvent.keyboard('{Enter}')
    await expect(within(w).getByRole('dialog')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(within(w).queryByRole('dialog')).toBeNull()
    await expect(focused(canvasElement)).toBe(mic)
    await new Promise((r) => setTimeout(r, 300))
    await expect(reached).toEqual([])
    await expect(w).toHaveAttribute('data-status', 'idle')
  },
}

/** Accept starts the call inside the click; the shield control to withdraw appears beside the mic. */
export const AcceptStarts: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: en.widget.start }))
    await userEvent.click(within(w).getByRole('button', { name: en.widget.consent.accept }))
    await expect(reached[0]).toBe('prestart')
    await waitFor(() => expect(w).toHaveAttribute('data-status', 'listening'))
    await expect(within(w).getByRole('button', { name: en.widget.consent.manage })).toBeVisible()
    await expect(focused(canvasElement)).toBe(within(w).getByRole('button', { name: en.widget.stop }))
  },
}

/** Withdrawal during a call: the shield control opens the notice with Withdraw consent and Close. */
export const Withdrawal: Story = {
  args: { accepted: true },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: en.widget.start }))
    await waitFor(() => expect(w).toHaveAttribute('data-status', 'listening'))
    await activeToastShown(w)
    await dismissToasts(w)
    const manage = within(w).getByRole('button', { name: en.widget.consent.manage })
    await userEvent.click(manage)
    await expect(manage).toHaveAttribute('aria-expanded', 'true')
    const dialog = within(w).getByRole('dialog', { name: en.widget.consent.manageTitle })
    await expect(within(dialog).getByRole('button', { name: en.widget.consent.withdraw })).toBeVisible()
    await expect(dialog).toHaveAccessibleDescription(en.widget.consent.manageText)
  },
}

/** Withdrawal, dark. */
export const WithdrawalDark: Story = {
  ...Withdrawal,
  args: { accepted: true, theme: 'dark' },
  globals: { theme: 'dark' },
}

/** Withdrawing ends the call, hides the control, says so politely, and the next press asks again. */
export const Withdrawn: Story = {
  args: { accepted: true },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: en.widget.start }))
    await waitFor(() => expect(w).toHaveAttribute('data-status', 'listening'))
    await userEvent.click(within(w).getByRole('button', { name: en.widget.consent.manage }))
    await userEvent.click(within(w).getByRole('button', { name: en.widget.consent.withdraw }))
    await expect(w).toHaveAttribute('data-status', 'idle')
    await expect(within(w).queryByRole('button', { name: en.widget.consent.manage })).toBeNull()
    await expect(within(w).getByText(en.widget.consent.withdrawn)).toBeInTheDocument()
    const before = reached.length
    await userEvent.click(within(w).getByRole('button', { name: en.widget.start }))
    await expect(within(w).getByRole('dialog', { name: en.widget.consent.title })).toBeVisible()
    await expect(reached.length).toBe(before)
  },
}

/** The notice on a 390 px phone: it fits the screen's width and, with the mic, covers at most a third of it. */
export const NoticePhone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const w = await widget(canvasElement)
    await userEvent.click(within(w).getByRole('button', { name: en.widget.start }))
    const dialog = within(w).getByRole('dialog', { name: en.widget.consent.title })
    const d = dialog.getBoundingClientRect()
    await expect(d.left).toBeGreaterThanOrEqual(0)
    await expect(d.right).toBeLessThanOrEqual(window.innerWidth)
    const parts = [dialog, ...w.querySelectorAll<HTMLElement>('.row > *')].filter(
      (e) => !e.hidden && getComputedStyle(e).display !== 'none',
    )
    const area = coveredArea(
      parts.map((e) => e.getBoundingClientRect()),
      window.innerWidth,
      window.innerHeight,
    )
    await expect(area / (window.innerWidth * window.innerHeight)).toBeLessThanOrEqual(1 / 3)
  },
}
