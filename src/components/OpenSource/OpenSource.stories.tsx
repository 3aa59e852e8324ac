import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { expectDisabledGithubMenu } from './expectDisabledGithubMenu'
import { OpenSource } from './OpenSource'

const meta = {
  title: 'Landing/OpenSource',
  component: OpenSource,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof OpenSource>
export default meta
type Story = StoryObj<typeof meta>

/** "Star us on GitHub" opens a menu whose only item, Coming Soon, is disabled. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Open Source Soon. Built in the Open.' })).toHaveAttribute(
      'id',
      'open-source',
    )
    await expect(within(canvas.getByRole('list')).getAllByRole('heading', { level: 3 })).toHaveLength(3)
    await expectDisabledGithubMenu(canvasElement, 'Star us on GitHub')
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Phone. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
