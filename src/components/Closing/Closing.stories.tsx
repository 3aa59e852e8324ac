import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { expectDisabledGithubMenu } from '../OpenSource/expectDisabledGithubMenu'
import { Closing } from './Closing'

const meta = {
  title: 'Landing/Closing',
  component: Closing,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Closing>
export default meta
type Story = StoryObj<typeof meta>

/** Join the Waitlist → /waitlist; Follow on GitHub opens a menu with a disabled Coming Soon. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: "Let's Make the Web Agentic. Together." })).toHaveAttribute(
      'id',
      'get-started',
    )
    await expect(canvas.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist')
    await expectDisabledGithubMenu(canvasElement, 'Follow on GitHub')
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Phone: the two actions stack. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
