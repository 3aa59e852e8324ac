import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { EARLY_ACCESS_SPOTS } from '../../config/site'
import { EarlyAccess } from './EarlyAccess'

const meta = {
  title: 'Landing/EarlyAccess',
  component: EarlyAccess,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof EarlyAccess>
export default meta
type Story = StoryObj<typeof meta>

/** Headline with the spots from EARLY_ACCESS_SPOTS, the two benefits, Apply For Free Trial → /waitlist. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const title = `Be Among the First ${EARLY_ACCESS_SPOTS} Sites to Get Early Access`
    await expect(title).toBe('Be Among the First 200 Sites to Get Early Access')
    await expect(canvas.getByRole('region', { name: title })).toHaveAttribute('id', 'early-access')
    const benefits = within(canvas.getByRole('list', { name: 'What early access includes' })).getAllByRole('listitem')
    await expect(benefits.map((b) => b.textContent)).toEqual([
      'Free early access embed',
      'Priority support & feature requests',
    ])
    await expect(canvas.getByRole('link', { name: 'Apply For Free Trial' })).toHaveAttribute('href', '/waitlist')
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Phone. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }

/** The number is one value: change it and the headline and counter follow. */
export const OtherCount: Story = {
  args: { spots: 50 },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Be Among the First 50 Sites to Get Early Access',
    )
    await expect(canvasElement).not.toHaveTextContent('200')
  },
}
