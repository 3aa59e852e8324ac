import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Footer } from './Footer'

const meta = {
  title: 'Components/Footer',
  component: Footer,
  args: { email: 'hello@example.com' },
} satisfies Meta<typeof Footer>
export default meta
type Story = StoryObj<typeof meta>

/** Logo → home, tagline, links, mailto, © 2024; the GitHub menu's only item is a disabled Coming Soon. */
export const Default: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'VoiceOS home' })).toHaveAttribute('href', '/')
    await expect(canvas.getByText(/Agentic, open, built in India/)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute(
      'href',
      'mailto:hello@example.com',
    )
    await expect(canvas.getByText('© 2024 VoiceOS. All rights reserved.')).toBeVisible()
    await step('GitHub menu has one disabled item', async () => {
      const trigger = canvas.getByRole('button', { name: 'GitHub' })
      await userEvent.click(trigger)
      const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
      const items = within(menu).getAllByRole('menuitem')
      await expect(items).toHaveLength(1)
      await expect(items[0]).toHaveTextContent('Coming Soon')
      await expect(items[0]).toHaveAttribute('aria-disabled', 'true')
    })
    await step('Escape closes the menu and gives focus back to its trigger', async () => {
      const trigger = canvas.getByRole('button', { name: 'GitHub' })
      const menu = within(canvasElement.ownerDocument.body).getByRole('menu')
      // the menu takes focus once it is open (WAI-ARIA menu button pattern); Escape before then reaches no menu
      await waitFor(() => expect(menu.contains(canvasElement.ownerDocument.activeElement)).toBe(true))
      await userEvent.keyboard('{Escape}')
      await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('menu')).toBeNull())
      await expect(trigger).toHaveFocus()
    })
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark' } }

/** Phone width: columns stack. */
export const Phone: Story = { globals: { viewport: { value: 'phone' } } }
