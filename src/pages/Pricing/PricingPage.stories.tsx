import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { PricingPage } from './PricingPage'

const meta = {
  title: 'Pages/Pricing',
  component: PricingPage,
  args: { email: 'sales@example.com' },
  parameters: { route: '/pricing' },
} satisfies Meta<typeof PricingPage>
export default meta
type Story = StoryObj<typeof meta>

/** Three plans in order, two disabled buttons, Contact Sales mailto, Join the Waitlist → /waitlist. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Pricing — Coming Soon')
    const plans = canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    await expect(plans).toEqual(['Community', 'Pro', 'Enterprise'])
    await expect(canvas.getByRole('button', { name: 'Open Source Soon' })).toBeDisabled()
    await expect(canvas.getByRole('button', { name: 'Coming Soon' })).toBeDisabled()
    await expect(canvas.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toMatch(
      /^mailto:sales@example\.com/,
    )
    await expect(canvas.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist')
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark' } }

/** Phone: the cards stack. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
