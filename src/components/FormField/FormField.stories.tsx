import { Input } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import waitlist from '../../../locales/en/waitlist.json'
import { FormField } from './FormField'
import { describedText } from './testing'

const { fields } = waitlist.form

const meta = {
  title: 'Forms/FormField',
  component: FormField,
  args: { label: fields.name.label, children: <Input placeholder={fields.name.placeholder} /> },
  decorators: [(Story) => <div style={{ maxWidth: '24rem', padding: '1rem' }}>{Story()}</div>],
} satisfies Meta<typeof FormField>
export default meta
type Story = StoryObj<typeof meta>

/** An optional field: "(optional)" after the label, nothing describes the control. */
export const Optional: Story = {
  args: {
    label: fields.company.label,
    optionalText: waitlist.form.optional,
    children: <Input placeholder={fields.company.placeholder} />,
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: /Company/ })
    await expect(canvasElement).toHaveTextContent('(optional)')
    await expect(input).not.toBeRequired()
    await expect(input).not.toHaveAttribute('aria-invalid')
    await expect(input).not.toHaveAttribute('aria-describedby')
    await userEvent.type(input, 'Acme')
    await expect(input).toHaveValue('Acme')
  },
}

/** A required field with a hint: the asterisk, `required`, and the hint read with the control. */
export const RequiredWithHelper: Story = {
  args: {
    label: fields.website.label,
    required: true,
    helperText: fields.website.helper,
    children: <Input placeholder={fields.website.placeholder} />,
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: /Website/ })
    await expect(input).toBeRequired()
    await expect(canvasElement.querySelector('label')).toHaveTextContent('*')
    await expect(describedText(input)).toBe(fields.website.helper)
    await expect(input).not.toHaveAttribute('aria-invalid')
  },
}

/** A field in error: `aria-invalid`, and both the hint and the error read with the control (not only through `aria-errormessage`). */
export const Invalid: Story = {
  args: {
    label: fields.website.label,
    required: true,
    helperText: fields.website.helper,
    errorText: waitlist.errors.website.description,
    children: <Input defaultValue="not a website" />,
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: /Website/ })
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(describedText(input)).toBe(`${fields.website.helper} ${waitlist.errors.website.description}`)
    await expect(within(canvasElement).getByText(waitlist.errors.website.description)).toBeVisible()
  },
}

/** Dark theme, in error. */
export const InvalidDark: Story = { ...Invalid, globals: { theme: 'dark' } }
