import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Hero, WATCH_DEMO_ID } from './Hero'

const DEMO = 'https://video.example.com/voiceos-demo'

const meta = {
  title: 'Landing/Hero',
  component: Hero,
  args: { demoVideoUrl: DEMO },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Hero>
export default meta
type Story = StoryObj<typeof meta>

/** Badge, h1, subline, the two calls to action and the quote; Watch Demo opens the demo in a new tab. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const section = canvas.getByRole('region', { name: 'The Future of the Web is Voice-First' })
    await expect(section).toHaveAttribute('id', 'hero')
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('The Future of the Web is Voice-First')
    await expect(canvas.getByText('Built in India / Open source soon')).toBeVisible()
    await expect(canvas.getByText(/Turn any website into a Voice OS/)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Apply For Free Trial' })).toHaveAttribute('href', '/waitlist')
    const demo = canvas.getByRole('link', { name: 'Watch Demo (opens in a new tab)' })
    await expect(demo).toHaveAttribute('id', WATCH_DEMO_ID)
    await expect(demo).toHaveAttribute('href', args.demoVideoUrl)
    await expect(demo).toHaveAttribute('target', '_blank')
    await expect(demo.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer'])
    await expect(demo).toHaveTextContent('Watch Demo')
    await expect(canvasElement.querySelector('blockquote')).toHaveTextContent('No clicks. No scrolls. Just Voice.')
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Phone: one column, full-width buttons, the preview below. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }

/** Hindi copy (the `/hi` pages). */
export const Hindi: Story = {
  globals: { locale: 'hi', viewport: { value: 'desktop' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('वेब का भविष्य वॉइस-फ़र्स्ट है')
    await expect(canvas.getByRole('link', { name: 'फ़्री ट्रायल के लिए आवेदन करें' })).toHaveAttribute('href', '/hi/waitlist')
    await expect(canvas.getByRole('link', { name: 'डेमो देखें (नए टैब में खुलता है)' })).toHaveAttribute('target', '_blank')
    await expect(canvasElement.querySelector(`#${WATCH_DEMO_ID}`)).toHaveAttribute('href', args.demoVideoUrl)
  },
}
