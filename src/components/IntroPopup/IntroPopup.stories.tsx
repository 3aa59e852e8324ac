import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { IntroPopup } from './IntroPopup'

/** The example shown now: all four are in the markup, all but one `hidden`. */
const shownExample = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll<HTMLElement>('[data-intro-example]')].filter((el) => !el.hidden)

const meta = {
  title: 'Components/IntroPopup',
  component: IntroPopup,
  args: { open: true, onClose: fn(), rotateMs: 250 },
} satisfies Meta<typeof IntroPopup>
export default meta
type Story = StoryObj<typeof meta>

/** Open: title, text, the first example and Got it!. */
export const Open: Story = {
  args: { rotateMs: 60_000 },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    const dialog = await body.findByRole('dialog', { name: 'Say Bye to Manual Navigation' })
    // the dialog fades in: wait for it to be shown
    await waitFor(() => expect(within(dialog).getByText(/Skip the menus/)).toBeVisible())
    await expect(shownExample(dialog).map((el) => el.textContent)).toEqual(['“scroll down”'])
    await expect(within(dialog).getByText('“scroll down”')).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: 'Got it!' })).toBeVisible()
  },
}

/** Open in the dark theme. */
export const OpenDark: Story = { ...Open, globals: { theme: 'dark' } }

/** The example rotates through all four, in the spec's order, and wraps around. */
export const Rotation: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    const dialog = await body.findByRole('dialog')
    const seen: string[] = []
    for (const expected of [
      '“scroll down”',
      '“scroll up”',
      '“click on watch demo”',
      '“join the waitlist”',
      '“scroll down”',
    ]) {
      await waitFor(() => expect(shownExample(dialog).map((el) => el.textContent)).toEqual([expected]), {
        timeout: 1500,
      })
      seen.push(expected)
    }
    await expect(seen).toHaveLength(5)
  },
}

/** Got it!, the close button and Escape each call onClose. */
export const Closing: Story = {
  args: { rotateMs: 60_000 },
  parameters: { visual: false },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    const dialog = await body.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it!' }))
    await expect(args.onClose).toHaveBeenCalledTimes(1)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await expect(args.onClose).toHaveBeenCalledTimes(2)
    await userEvent.keyboard('{Escape}')
    await expect(args.onClose).toHaveBeenCalledTimes(3)
  },
}

/** Focus moves into the dialog and back to the opener when it closes (Escape). */
export const FocusHandling: Story = {
  args: { rotateMs: 60_000 },
  parameters: { visual: false },
  render: (args) => {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open intro
        </button>
        <IntroPopup {...args} open={open} onClose={() => setOpen(false)} />
      </>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    const opener = canvas.getByRole('button', { name: 'Open intro' })
    await userEvent.click(opener)
    const dialog = await body.findByRole('dialog')
    await waitFor(() => expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(opener).toHaveFocus())
  },
}

/** A visitor typing in a field keeps the focus when the popup opens; Escape still closes it. Non-modal: the page stays usable. */
export const KeepsFieldFocus: Story = {
  args: { rotateMs: 60_000 },
  parameters: { visual: false },
  render: (args) => {
    const [open, setOpen] = useState(false)
    return (
      <>
        <label>
          Your name <input onKeyDown={(e) => e.key === 'Enter' && setOpen(true)} />
        </label>
        <IntroPopup {...args} open={open} onClose={() => setOpen(false)} />
      </>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    const field = canvas.getByRole('textbox', { name: 'Your name' })
    await userEvent.click(field)
    await userEvent.keyboard('Asha{Enter}')
    const dialog = await body.findByRole('dialog', { name: 'Say Bye to Manual Navigation' })
    await expect(dialog).not.toHaveAttribute('aria-modal', 'true')
    await expect(field).toHaveFocus()
    await userEvent.keyboard('!')
    await expect(field).toHaveValue('Asha!')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await expect(field).toHaveFocus()
  },
}
