import { Button, HStack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { toaster } from './Toaster'

/** Buttons that raise each kind of toast (the toaster itself is mounted by the preview decorator). */
function ToastTrigger() {
  return (
    <HStack p="6" gap="3" wrap="wrap">
      <Button
        onClick={() =>
          toaster.create({
            type: 'success',
            title: '✅ Application submitted!',
            description: "We'll contact you within 24 hours.",
          })
        }
      >
        Success
      </Button>
      <Button
        onClick={() =>
          toaster.create({
            type: 'error',
            title: 'Something went wrong',
            description: 'Please try again or contact us.',
          })
        }
      >
        Error
      </Button>
      <Button
        onClick={() =>
          toaster.create({
            type: 'info',
            title: 'New Tab Blocked',
            description: 'Open it here.',
            action: { label: 'Open', onClick: () => {} },
          })
        }
      >
        With action
      </Button>
    </HStack>
  )
}

const meta = {
  title: 'Components/Toaster',
  component: ToastTrigger,
  parameters: { visual: false },
  beforeEach: () => {
    toaster.remove()
  },
} satisfies Meta<typeof ToastTrigger>
export default meta
type Story = StoryObj<typeof meta>

/** Success, error and action toasts stack with their text and a dismiss button; axe checks their contrast. */
export const Kinds: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Success' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Error' }))
    await userEvent.click(canvas.getByRole('button', { name: 'With action' }))
    await waitFor(() => expect(body.getByText('✅ Application submitted!')).toBeVisible())
    await waitFor(() => expect(body.getByText('Something went wrong')).toBeVisible())
    await waitFor(() => expect(body.getByRole('button', { name: 'Open' })).toBeVisible())
    await expect(body.getAllByRole('button', { name: 'Dismiss notification' }).length).toBeGreaterThanOrEqual(3)
  },
}

/** The same in the dark theme. */
export const KindsDark: Story = { ...Kinds, globals: { theme: 'dark' } }
