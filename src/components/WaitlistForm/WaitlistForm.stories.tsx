import { Box, Card } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, queries, within } from 'storybook/test'
import { clearToasts, describedText, expectToast } from '../FormField/testing'
import { WAITLIST_DRAFT_KEY } from './draft'
import { createWaitlistSubmitter } from './submit'
import { WaitlistForm } from './WaitlistForm'

const EMAIL = 'info@voiceos.example.com'
const VALID = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  website: 'https://example.com',
  company: 'Acme',
  comments: 'Voice for our store',
}

const meta = {
  title: 'Components/WaitlistForm',
  component: WaitlistForm,
  args: { submit: fn(async () => {}), contactEmail: EMAIL },
  parameters: { route: '/waitlist' },
  decorators: [
    (Story) => (
      <Box p={{ base: '4', md: '10' }} maxW="3xl" mx="auto">
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Body p={{ base: '5', md: '8' }}>
            <Story />
          </Card.Body>
        </Card.Root>
      </Box>
    ),
  ],
  beforeEach: () => {
    sessionStorage.removeItem(WAITLIST_DRAFT_KEY)
    clearToasts()
  },
} satisfies Meta<typeof WaitlistForm>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within<typeof queries>>
const field = (canvas: Canvas, label: RegExp) => canvas.getByLabelText(label)
const LABELS = {
  name: /full name/i,
  email: /work email/i,
  phone: /phone number/i,
  website: /^website/i,
  company: /company/i,
  comments: /comments/i,
}

/** Types each given value into its field. */
async function fill(canvas: Canvas, values: Partial<typeof VALID>) {
  for (const [k, v] of Object.entries(values)) {
    const el = field(canvas, LABELS[k as keyof typeof LABELS])
    await userEvent.clear(el)
    if (v) await userEvent.type(el, v)
  }
}
const submitButton = (canvas: Canvas) => canvas.getByRole('button', { name: /submit application|submitting/i })

/** Nothing typed yet: six labelled fields (four required), no error, the submit button enabled. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const label of Object.values(LABELS)) await expect(field(canvas, label)).toHaveValue('')
    for (const k of ['name', 'email', 'phone', 'website'] as const)
      await expect(field(canvas, LABELS[k])).toBeRequired()
    await expect(field(canvas, LABELS.company)).not.toBeRequired()
    await expect(canvasElement.querySelector('[aria-invalid="true"]')).toBeNull()
    await expect(submitButton(canvas)).toBeEnabled()
    const comments = field(canvas, LABELS.comments)
    await expect(parseFloat(getComputedStyle(comments).minHeight)).toBeGreaterThanOrEqual(100)
  },
}

/** Rule 1: submitting with blank required fields → "All fields required" toast, each blank field marked and described. */
export const RequiredFieldsMissing: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await fill(canvas, { name: '   ', email: 'asha@example.com' })
    await userEvent.click(submitButton(canvas))
    await expectToast('error', 'All fields required', 'Please fill in all fields')
    for (const k of ['name', 'phone', 'website'] as const) {
      const el = field(canvas, LABELS[k])
      await expect(el).toHaveAttribute('aria-invalid', 'true')
      await expect(describedText(el)).toContain('This field is required')
    }
    await expect(field(canvas, LABELS.email)).not.toHaveAttribute('aria-invalid')
    await expect(field(canvas, LABELS.company)).not.toHaveAttribute('aria-invalid')
    await expect(field(canvas, LABELS.name)).toHaveFocus()
    await expect(args.submit).not.toHaveBeenCalled()
  },
}

/** Rule 2: a malformed email → "Invalid email", only the email field is marked. */
export const InvalidEmail: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await fill(canvas, { ...VALID, email: 'asha@example', phone: '12' })
    await userEvent.click(submitButton(canvas))
    await expectToast('error', 'Invalid email', 'Please enter a valid email address')
    await expect(field(canvas, LABELS.email)).toHaveAttribute('aria-invalid', 'true')
    await expect(describedText(field(canvas, LABELS.email))).toContain('Please enter a valid email address')
    // first failure only: the (also invalid) phone is not marked yet
    await expect(field(canvas, LABELS.phone)).not.toHaveAttribute('aria-invalid')
    await expect(args.submit).not.toHaveBeenCalled()
    // fixing it clears the mark as you type
    await userEvent.type(field(canvas, LABELS.email), '.com')
    await waitFor(() => expect(field(canvas, LABELS.email)).not.toHaveAttribute('aria-invalid'))
  },
}

/** Rule 3: a phone with letters → "Invalid phone number". */
export const InvalidPhone: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await fill(canvas, { ...VALID, phone: '98765-CALL-ME' })
    await userEvent.click(submitButton(canvas))
    await expectToast('error', 'Invalid phone number', 'Please enter a valid phone number')
    await expect(field(canvas, LABELS.phone)).toHaveAttribute('aria-invalid', 'true')
    await expect(describedText(field(canvas, LABELS.phone))).toContain('Please enter a valid phone number')
    await expect(args.submit).not.toHaveBeenCalled()
  },
}

/** Rule 4: not a website → "Invalid website" with two example hosts. */
export const InvalidWebsite: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await fill(canvas, { ...VALID, website: 'my site' })
    await userEvent.click(submitButton(canvas))
    await expectToast(
      'error',
      'Invalid website',
      'Please enter a valid website (e.g., example.com or https://example.com)',
    )
    await expect(field(canvas, LABELS.website)).toHaveAttribute('aria-invalid', 'true')
    await expect(args.submit).not.toHaveBeenCalled()
  },
}

/** A slow request: the button reads "Submitting..." and is disabled; clicks and Enter send nothing more. */
export const Submitting: Story = {
  args: { submit: fn(() => new Promise<void>(() => {})) },
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await fill(canvas, VALID)
    await userEvent.click(submitButton(canvas))
    const button = await canvas.findByRole('button', { name: /submitting\.\.\./i })
    await expect(button).toBeDisabled()
    await expect(button).toHaveTextContent('Submitting...')
    await userEvent.click(button)
    await userEvent.type(field(canvas, LABELS.name), '{Enter}')
    await expect(args.submit).toHaveBeenCalledTimes(1)
  },
}

/** Success: the exact values are sent, the success toast shows, the fields reset ~100 ms later, the draft is gone. */
export const Success: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await fill(canvas, { ...VALID, name: '  Asha Verma ' })
    await expect(sessionStorage.getItem(WAITLIST_DRAFT_KEY)).toContain('Asha Verma')
    await userEvent.click(submitButton(canvas))
    await expectToast('success', '✅ Application submitted!', "We'll contact you within 24 hours.")
    await expect(args.submit).toHaveBeenCalledTimes(1)
    await expect(args.submit).toHaveBeenCalledWith(VALID)
    await waitFor(() => expect(field(canvas, LABELS.name)).toHaveValue(''))
    for (const label of Object.values(LABELS)) await expect(field(canvas, label)).toHaveValue('')
    await expect(sessionStorage.getItem(WAITLIST_DRAFT_KEY)).toBeNull()
    await expect(submitButton(canvas)).toBeEnabled()
  },
}

/** A thrown request: "Something went wrong" naming the contact address, logged, every value and the draft kept. */
export const Failure: Story = {
  args: { submit: fn(async () => Promise.reject(new TypeError('Failed to fetch'))) },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const errors: unknown[][] = []
    const original = console.error
    console.error = (...a: unknown[]) => void errors.push(a)
    try {
      await fill(canvas, VALID)
      await userEvent.click(submitButton(canvas))
      await expectToast('error', 'Something went wrong', `Please try again or contact us at ${EMAIL}`)
    } finally {
      console.error = original
    }
    await expect(errors.some((e) => e.some((x) => x instanceof TypeError))).toBe(true)
    await new Promise((r) => setTimeout(r, 200))
    await expect(field(canvas, LABELS.name)).toHaveValue(VALID.name)
    await expect(field(canvas, LABELS.comments)).toHaveValue(VALID.comments)
    await expect(sessionStorage.getItem(WAITLIST_DRAFT_KEY)).toContain(VALID.website)
    await expect(submitButton(canvas)).toBeEnabled()
  },
}

/** No endpoint in this build: the real submitter refuses with a clear message; nothing pretends to succeed. */
export const NotConfigured: Story = {
  args: {
    submit: fn(
      createWaitlistSubmitter({
        endpoint: '',
        entryIds: { name: 'e1', email: 'e2', phone: 'e3', company: 'e4', website: 'e5', comments: 'e6' },
      }),
    ),
  },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const original = console.error
    console.error = () => {}
    try {
      await fill(canvas, VALID)
      await userEvent.click(submitButton(canvas))
      await expectToast('error', 'Online applications are not open yet', EMAIL)
    } finally {
      console.error = original
    }
    await expect(field(canvas, LABELS.email)).toHaveValue(VALID.email)
  },
}

/** A draft from earlier in this tab is restored on load, with a note saying so. */
export const DraftRestored: Story = {
  beforeEach: () => {
    sessionStorage.setItem(
      WAITLIST_DRAFT_KEY,
      JSON.stringify({
        name: 'Asha Verma',
        email: 'asha@',
        phone: '',
        website: '',
        company: '',
        comments: 'half-written',
      }),
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(field(canvas, LABELS.name)).toHaveValue('Asha Verma'))
    await expect(field(canvas, LABELS.email)).toHaveValue('asha@')
    await expect(field(canvas, LABELS.comments)).toHaveValue('half-written')
    await expect(canvas.getByRole('status')).toHaveTextContent('We kept what you typed earlier')
  },
}

/** Dark theme, errors shown (contrast of error text and marked borders). */
export const ErrorsDark: Story = {
  ...RequiredFieldsMissing,
  globals: { theme: 'dark' },
}

/** Phone width. */
export const EmptyPhone: Story = { ...Empty, globals: { viewport: { value: 'phone' } } }

/** Phone width, dark theme, errors shown. */
export const ErrorsPhoneDark: Story = {
  ...RequiredFieldsMissing,
  globals: { viewport: { value: 'phone' }, theme: 'dark' },
}
