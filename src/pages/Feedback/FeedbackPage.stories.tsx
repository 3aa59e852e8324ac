import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { FeedbackPage } from './FeedbackPage'

const meta = {
  title: 'Pages/Feedback',
  component: FeedbackPage,
  args: { email: 'info@voiceos.example.com', openUrl: fn() },
  parameters: { route: '/feedback' },
} satisfies Meta<typeof FeedbackPage>
export default meta
type Story = StoryObj<typeof meta>

/** Heading, the two tabs (Report an Issue selected), and the contact line. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Feedback')
    await expect(canvas.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Report an Issue', 'Suggest an Idea'])
    await expect(canvas.getByRole('tab', { name: 'Report an Issue' })).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('button', { name: 'Submit Report' })).toBeEnabled()
    await expect(canvas.getByRole('link', { name: 'info@voiceos.example.com' })).toHaveAttribute(
      'href',
      'mailto:info@voiceos.example.com',
    )
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark' } }
/** Phone. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }
/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
