import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import home from '../../../locales/en/home.json'
import { SectionHeading } from './SectionHeading'

const { openSource } = home

const meta = {
  title: 'Landing/SectionHeading',
  component: SectionHeading,
  args: {
    id: 'open-source-title',
    eyebrow: openSource.eyebrow,
    title: openSource.title,
    subtitle: openSource.subtitle,
  },
  decorators: [
    (Story) => (
      <section aria-labelledby="open-source-title" style={{ padding: '1rem' }}>
        {Story()}
      </section>
    ),
  ],
} satisfies Meta<typeof SectionHeading>
export default meta
type Story = StoryObj<typeof meta>

/** Eyebrow, `h2` and subtitle, centred (the default); the section is named by the heading. */
export const Centered: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const heading = canvas.getByRole('heading', { level: 2, name: args.title })
    await expect(heading).toHaveAttribute('id', args.id)
    await expect(canvas.getByRole('region', { name: args.title })).toBeInTheDocument()
    await expect(canvas.getByText(args.eyebrow!)).toBeVisible()
    await expect(canvas.getByText(args.subtitle!)).toBeVisible()
    await expect(getComputedStyle(heading).textAlign).toBe('center')
  },
}

/** Aligned to the start, as beside a picture. */
export const Start: Story = {
  args: { align: 'start' },
  play: async ({ canvasElement, args }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 2, name: args.title })
    await expect(getComputedStyle(heading).textAlign).toBe('start')
  },
}

/** The title alone: no eyebrow, no subtitle. */
export const TitleOnly: Story = {
  args: { eyebrow: undefined, subtitle: undefined },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 2 })).toHaveTextContent(args.title)
    await expect(canvasElement.querySelectorAll('p')).toHaveLength(0)
  },
}

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Centered, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
