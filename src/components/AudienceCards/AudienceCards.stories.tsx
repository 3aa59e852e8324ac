import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { AudienceCards } from './AudienceCards'

const meta = {
  title: 'Landing/AudienceCards',
  component: AudienceCards,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof AudienceCards>
export default meta
type Story = StoryObj<typeof meta>

/** "Who Can Use It?": four audience cards, in order, as a list. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Who Can Use It?' })).toHaveAttribute('id', 'who-can-use-it')
    const items = within(canvas.getByRole('list')).getAllByRole('listitem')
    await expect(items.map((i) => within(i).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Founders & SaaS builders',
      'E-commerce stores',
      'Universities & colleges',
      'Accessibility-first organizations',
    ])
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Phone: one column. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
