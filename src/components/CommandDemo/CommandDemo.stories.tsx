import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { CommandDemo } from './CommandDemo'

const meta = {
  title: 'Landing/CommandDemo',
  component: CommandDemo,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof CommandDemo>
export default meta
type Story = StoryObj<typeof meta>

/** The three example commands, in order, each with what the site does. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const section = canvas.getByRole('region', { name: 'Talk to Your Website. It Responds.' })
    await expect(section).toHaveAttribute('id', 'how-it-works')
    const items = within(canvas.getByRole('list')).getAllByRole('listitem')
    await expect(items).toHaveLength(3)
    await expect(items[0]).toHaveTextContent(/Scroll down.*page scrolls down/)
    await expect(items[1]).toHaveTextContent(/help my online store.*specific solution for your business/)
    await expect(items[2]).toHaveTextContent(/Click on watch demo.*Opens the demo on a video site/)
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Phone: the cards stack. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
