import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { PricingCard } from './PricingCard'

const meta = {
  title: 'Components/PricingCard',
  component: PricingCard,
  args: {
    name: 'Community',
    price: 'Free',
    description: 'For individuals and small projects.',
    cta: 'Open Source Soon',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360, padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PricingCard>
export default meta
type Story = StoryObj<typeof meta>

/** Without `href` the call to action is a disabled button. */
export const DisabledAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 2, name: 'Community' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Open Source Soon' })).toBeDisabled()
  },
}

/** With `href` it is a link (Contact Sales → mailto). */
export const LinkAction: Story = {
  args: {
    name: 'Enterprise',
    price: 'Contact Us',
    description: 'For large organizations with custom needs.',
    cta: 'Contact Sales',
    href: 'mailto:sales@example.com',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      'mailto:sales@example.com',
    )
  },
}

/** Featured card (brand border), dark theme. */
export const FeaturedDark: Story = {
  args: {
    name: 'Pro',
    price: 'Coming Soon',
    description: 'For growing businesses and advanced features.',
    cta: 'Coming Soon',
    featured: true,
  },
  globals: { theme: 'dark' },
}
