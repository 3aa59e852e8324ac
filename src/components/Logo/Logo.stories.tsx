import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Logo } from './Logo'

const meta = {
  title: 'Components/Logo',
  component: Logo,
  args: { name: 'VoiceOS' },
  decorators: [
    (Story) => (
      <div style={{ padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Logo>
export default meta
type Story = StoryObj<typeof meta>

/** Mark and word mark; the mark is decorative (the link around it carries the name). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('VoiceOS')).toBeVisible()
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark' } }
