import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Comparison } from './Comparison'

const meta = {
  title: 'Landing/Comparison',
  component: Comparison,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Comparison>
export default meta
type Story = StoryObj<typeof meta>

const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent?.trim())

/** A real table: caption, column headers, one row header per capability, every answer in reading order. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Introducing: Voice OS for Websites' })).toHaveAttribute(
      'id',
      'comparison',
    )
    const table = canvas.getByRole('table', { name: 'How VoiceOS compares with chatbots and accessibility tools' })
    const rows = within(table).getAllByRole('row')
    await expect(rows).toHaveLength(6)
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Capability', 'Chatbots', 'Accessibility tools', 'VoiceOS agent'])
    await expect(within(table).getAllByRole('rowheader')).toHaveLength(5)
    await expect(cellTexts(rows[1] as HTMLElement)).toEqual([
      'Understands what visitors say',
      'Partly',
      'Partly',
      'Yes',
    ])
    await expect(cellTexts(rows[3] as HTMLElement)).toEqual([
      'Scrolls, clicks and fills forms for the visitor',
      'No',
      'Partly',
      'Yes',
    ])
    // the agent answers yes everywhere
    await expect(rows.slice(1).map((r) => cellTexts(r)[3])).toEqual(['Yes', 'Yes', 'Yes', 'Yes', 'Yes'])
  },
}

/** Dark theme. */
export const Dark: Story = { ...Default, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Phone: icons only, the words stay in the table for screen readers. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async (ctx) => {
    await Default.play?.(ctx)
    const table = within(ctx.canvasElement).getByRole('table')
    // no horizontal overflow at 390 px
    await expect(table.scrollWidth).toBeLessThanOrEqual((table.parentElement as HTMLElement).clientWidth)
  },
}

/** Phone, dark theme. */
export const PhoneDark: Story = { ...Phone, globals: { viewport: { value: 'phone' }, theme: 'dark' } }

/** Rows come from props: a content editor's reordering or a designer's variant. */
export const CustomRows: Story = {
  args: { rows: [{ key: 'embed', chatbots: 'no', accessibility: 'partial', agent: 'yes' }] },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row')
    await expect(rows).toHaveLength(2)
    await expect(cellTexts(rows[1] as HTMLElement)).toEqual(['Works on any site with one embed', 'No', 'Partly', 'Yes'])
  },
}
