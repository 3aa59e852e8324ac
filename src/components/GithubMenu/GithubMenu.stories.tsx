import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { GithubMenu } from './GithubMenu'

const meta = {
  title: 'Components/GithubMenu',
  component: GithubMenu,
  args: { label: 'Star us on GitHub' },
  decorators: [
    (Story) => (
      <div style={{ padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GithubMenu>
export default meta
type Story = StoryObj<typeof meta>

/** Closed trigger. */
export const Default: Story = {}

/** Dark theme, solid trigger. */
export const SolidDark: Story = { args: { label: 'Follow on GitHub', variant: 'solid' }, globals: { theme: 'dark' } }

/** The only item, Coming Soon, is disabled and does nothing. */
export const DisabledItem: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Star us on GitHub' }))
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    await expect(items).toHaveLength(1)
    await expect(items[0]).toHaveTextContent('Coming Soon')
    await expect(items[0]).toHaveAttribute('aria-disabled', 'true')
  },
}
