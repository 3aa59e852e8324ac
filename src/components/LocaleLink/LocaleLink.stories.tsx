import { Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { LocaleButtonLink, LocaleLink } from './LocaleLink'

function Links() {
  return (
    <Stack p="6" gap="4" align="flex-start">
      <LocaleLink to="/pricing">Pricing</LocaleLink>
      <LocaleButtonLink to="/waitlist">Apply For Free Trial</LocaleButtonLink>
    </Stack>
  )
}

const meta = { title: 'Components/LocaleLink', component: Links } satisfies Meta<typeof Links>
export default meta
type Story = StoryObj<typeof meta>

/** English paths stay as they are. */
export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing')
    await expect(canvas.getByRole('link', { name: 'Apply For Free Trial' })).toHaveAttribute('href', '/waitlist')
  },
}

/** In Hindi every site path gets the /hi prefix. */
export const Hindi: Story = {
  globals: { locale: 'hi' },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/hi/pricing')
    await expect(canvas.getByRole('link', { name: 'Apply For Free Trial' })).toHaveAttribute('href', '/hi/waitlist')
  },
}
