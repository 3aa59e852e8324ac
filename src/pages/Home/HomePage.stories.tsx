import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { HOME_SECTION_IDS, HomePage } from './HomePage'

const meta = {
  title: 'Pages/Home',
  component: HomePage,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof HomePage>
export default meta
type Story = StoryObj<typeof meta>

/** The whole landing page: seven named sections in the order of SPEC §2, one h1, Watch Demo reachable by id. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const sections = [...canvasElement.querySelectorAll('section')]
    await expect(sections.map((s) => s.id)).toEqual([...HOME_SECTION_IDS])
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Talk to Your Website. It Responds.',
      'Introducing: Voice OS for Websites',
      'Open Source Soon. Built in the Open.',
      'Who Can Use It?',
      'Be Among the First 200 Sites to Get Early Access',
      "Let's Make the Web Agentic. Together.",
    ])
    await expect(canvasElement.querySelector('#watch-demo')).toHaveAttribute('target', '_blank')
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Phone. */
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone' } } }

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Default, globals: { viewport: { value: 'phone' }, theme: 'dark' } }

/** Hindi, desktop. */
export const Hindi: Story = {
  globals: { locale: 'hi', viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    await expect([...canvasElement.querySelectorAll('section')].map((s) => s.id)).toEqual([...HOME_SECTION_IDS])
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent('वेब का भविष्य वॉइस-फ़र्स्ट है')
  },
}

/** Hindi on a phone, dark theme. */
export const HindiPhoneDark: Story = {
  ...Hindi,
  globals: { locale: 'hi', viewport: { value: 'phone' }, theme: 'dark' },
}
