import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { WAITLIST_DRAFT_KEY } from '../../components/WaitlistForm'
import { WaitlistPage } from './WaitlistPage'

const meta = {
  title: 'Pages/Waitlist',
  component: WaitlistPage,
  args: { email: 'info@voiceos.example.com', submit: fn(async () => {}) },
  parameters: { route: '/waitlist' },
  beforeEach: () => sessionStorage.removeItem(WAITLIST_DRAFT_KEY),
} satisfies Meta<typeof WaitlistPage>
export default meta
type Story = StoryObj<typeof meta>

/** Back link, heading, the three stats, the form, What You'll Get, and the contact mailto line. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Apply For Free Trial')
    const stats = within(canvas.getByRole('list', { name: 'Early access at a glance' }))
    await expect(stats.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '200Early access spots',
      'Built in IndiaBy a small team in India',
      'Open source soonThe core engine goes open source',
    ])
    await expect(canvas.getByRole('button', { name: 'Submit Application' })).toBeEnabled()
    const benefits = canvas.getByRole('region', { name: "What You'll Get" })
    await expect(benefits).toHaveTextContent('Free Trial Access')
    await expect(benefits).toHaveTextContent('Full access to the voice OS embed during the trial.')
    await expect(benefits).toHaveTextContent('Priority Support')
    await expect(benefits).toHaveTextContent('setup and integration')
    await expect(canvas.getByRole('link', { name: 'info@voiceos.example.com' })).toHaveAttribute(
      'href',
      'mailto:info@voiceos.example.com',
    )
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark' } }
/** Phone: one column. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }
/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
