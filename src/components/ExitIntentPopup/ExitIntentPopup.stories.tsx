import { Box, Button, Text } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ExitIntentDialog } from './ExitIntentDialog'
import { ExitIntentPopup } from './ExitIntentPopup'
import type { FlagStorage } from './useExitIntent'

type StorageMode = 'session' | 'throws' | 'alreadyShown'

let mounts = 0
const throwingStorage = (): FlagStorage => {
  throw new DOMException('The operation is insecure.', 'SecurityError')
}

/** A page with a focusable button and the popup, using a fresh sessionStorage key per mount. */
function Harness({ storage }: { storage: StorageMode }) {
  const [key] = useState(() => {
    const k = `exit-intent-story-${Date.now()}-${++mounts}`
    if (storage === 'alreadyShown') window.sessionStorage.setItem(k, '1')
    return k
  })
  return (
    <Box p="8" data-storage-key={key}>
      <Text mb="4">Move the pointer out through the top of the window.</Text>
      <Button variant="outline">Keep reading</Button>
      <ExitIntentPopup storageKey={key} getStorage={storage === 'throws' ? throwingStorage : undefined} />
    </Box>
  )
}

const meta = {
  title: 'Landing/ExitIntentPopup',
  component: Harness,
  args: { storage: 'session' },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Harness>
export default meta
type Story = StoryObj<typeof meta>

const DIALOG_NAME = 'WAIT! Try AI VoiceBot for Free'

/** The pointer leaving the window: `mouseout` with no related target, at `clientY`. */
function pointerLeaves(doc: Document, clientY = -1, relatedTarget: EventTarget | null = null) {
  doc.documentElement.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientY, clientX: 400, relatedTarget }))
}

const settleMs = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Opens on the first exit through the top edge; focus moves in, Escape closes it and focus goes back; never twice. */
export const OncePerSession: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, step }) => {
    const doc = canvasElement.ownerDocument
    const body = within(doc.body)
    const canvas = within(canvasElement)
    const key = (canvasElement.querySelector('[data-storage-key]') as HTMLElement).dataset.storageKey as string
    const before = canvas.getByRole('button', { name: 'Keep reading' })
    before.focus()
    await step('leaving through the bottom or into another element does nothing', async () => {
      pointerLeaves(doc, 600)
      pointerLeaves(doc, -1, doc.body)
      await settleMs(150)
      await expect(body.queryByRole('dialog')).toBeNull()
      await expect(window.sessionStorage.getItem(key)).toBeNull()
    })
    await step('leaving through the top opens it, focus moves in, the flag is stored', async () => {
      pointerLeaves(doc)
      const dialog = await body.findByRole('dialog', { name: DIALOG_NAME }, { timeout: 5000 })
      await expect(dialog).toHaveTextContent("No credit card required | Upgrade when you're ready")
      await waitFor(() => expect(dialog.contains(doc.activeElement)).toBe(true))
      await expect(window.sessionStorage.getItem(key)).toBe('1')
    })
    await step('Escape closes it and focus returns', async () => {
      await userEvent.keyboard('{Escape}')
      await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
      await waitFor(() => expect(before).toHaveFocus())
    })
    await step('a second exit does not reopen it', async () => {
      pointerLeaves(doc)
      await settleMs(300)
      await expect(body.queryByRole('dialog')).toBeNull()
    })
  },
}

/** Storage throws (blocked cookies, some private modes): it still opens, once per page load. */
export const StorageThrows: Story = {
  args: { storage: 'throws' },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument
    const body = within(doc.body)
    pointerLeaves(doc)
    const dialog = await body.findByRole('dialog', { name: DIALOG_NAME }, { timeout: 5000 })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    pointerLeaves(doc)
    await settleMs(300)
    await expect(body.queryByRole('dialog')).toBeNull()
  },
}

/** Already shown earlier in this browser session: it never opens. */
export const AlreadyShown: Story = {
  args: { storage: 'alreadyShown' },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    pointerLeaves(canvasElement.ownerDocument)
    await settleMs(300)
    await expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull()
  },
}

/** Apply For Free Trial is a link to /waitlist and closes the popup. */
export const ApplyCloses: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    pointerLeaves(canvasElement.ownerDocument)
    const dialog = await body.findByRole('dialog', { name: DIALOG_NAME }, { timeout: 5000 })
    const apply = within(dialog).getByRole('link', { name: 'Apply For Free Trial' })
    await expect(apply).toHaveAttribute('href', '/waitlist')
    await userEvent.click(apply)
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
  },
}

/** The open dialog itself (visual baseline), light theme, desktop. */
export const Open: Story = {
  render: () => <ExitIntentDialog open onClose={fn()} />,
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole(
      'dialog',
      { name: DIALOG_NAME },
      { timeout: 5000 },
    )
    await waitFor(() => expect(within(dialog).getByText('WAIT!')).toBeVisible())
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible())
    await waitFor(() => expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true))
  },
}

/** Open, dark theme. */
export const OpenDark: Story = { ...Open, globals: { theme: 'dark', viewport: { value: 'desktop' } } }

/** Open on a phone. */
export const OpenPhone: Story = { ...Open, globals: { viewport: { value: 'phone' } } }

/** Open on a phone, dark theme. */
export const OpenPhoneDark: Story = { ...Open, globals: { viewport: { value: 'phone' }, theme: 'dark' } }
