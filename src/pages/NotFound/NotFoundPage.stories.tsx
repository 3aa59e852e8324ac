import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, within } from 'storybook/test'
import { NotFoundPage } from './NotFoundPage'

const meta = {
  title: 'Pages/NotFound',
  component: NotFoundPage,
  parameters: { route: '/some/missing/page' },
  beforeEach: () => {
    const spy = spyOn(console, 'error').mockImplementation(() => {})
    return () => spy.mockRestore()
  },
} satisfies Meta<typeof NotFoundPage>
export default meta
type Story = StoryObj<typeof meta>

/** "Oops! Page not found", a link home, and the unknown path logged to the console. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Oops! Page not found')
    await expect(canvas.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    await expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('non-existent route'),
      '/some/missing/page',
    )
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark' } }
