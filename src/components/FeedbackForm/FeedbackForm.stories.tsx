import { Box, Card } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, queries, within } from 'storybook/test'
import { clearToasts, describedText, expectToast, pickFile } from '../FormField/testing'
import { FeedbackForm } from './FeedbackForm'
import { parseMailtoUrl } from './mailto'

const EMAIL = 'info@voiceos.example.com'

const meta = {
  title: 'Components/FeedbackForm',
  component: FeedbackForm,
  args: { email: EMAIL, openUrl: fn() },
  parameters: { route: '/feedback' },
  decorators: [
    (Story) => (
      <Box p={{ base: '4', md: '10' }} maxW="3xl" mx="auto">
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Body p={{ base: '4', md: '8' }}>
            <Story />
          </Card.Body>
        </Card.Root>
      </Box>
    ),
  ],
  beforeEach: () => clearToasts(),
} satisfies Meta<typeof FeedbackForm>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within<typeof queries>>
/** Queries inside one tab's form (shown or not). */
const panel = (canvas: Canvas, tab: 'Report an Issue' | 'Suggest an Idea') =>
  within(canvas.getByTestId(tab === 'Report an Issue' ? 'feedback-form-issue' : 'feedback-form-idea'))
const LABELS = { name: /^name/i, email: /^email/i, subject: /^subject/i, description: /^description/i }

async function fill(p: Canvas, values: Partial<Record<keyof typeof LABELS, string>>) {
  for (const [k, v] of Object.entries(values)) {
    const el = p.getByLabelText(LABELS[k as keyof typeof LABELS])
    await userEvent.clear(el)
    if (v) await userEvent.type(el, v)
  }
}
const submit = (p: Canvas) => p.getByRole('button', { name: /submit (report|idea)|submitting/i })

/** Report an Issue is selected first; both tabs have the four fields, a 6-row description and the picker. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('tab', { name: 'Report an Issue' })).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('tab', { name: 'Suggest an Idea' })).toHaveAttribute('aria-selected', 'false')
    const issue = panel(canvas, 'Report an Issue')
    await expect(issue.getByLabelText(LABELS.description)).toHaveAttribute('rows', '6')
    await expect(issue.getByLabelText(LABELS.email)).toBeRequired()
    await expect(issue.getByLabelText(LABELS.name)).not.toBeRequired()
    await expect(issue.getByRole('button', { name: 'Choose image' })).toBeEnabled()
    await expect(issue.getByTestId('screenshot-name')).toHaveTextContent('No image chosen')
    await expect(canvasElement.querySelector('[aria-invalid="true"]')).toBeNull()
  },
}

/** Nothing filled: one "Validation Error" toast with every message joined by ", ", each field marked. */
export const AllMissing: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const issue = panel(canvas, 'Report an Issue')
    await fill(issue, { subject: '   ', description: '\n\t ' })
    await userEvent.click(submit(issue))
    await expectToast('error', 'Validation Error', 'Email is required, Subject is required, Description is required')
    for (const [k, msg] of [
      ['email', 'Email is required'],
      ['subject', 'Subject is required'],
      ['description', 'Description is required'],
    ] as const) {
      const el = issue.getByLabelText(LABELS[k])
      await expect(el).toHaveAttribute('aria-invalid', 'true')
      await expect(describedText(el)).toContain(msg)
    }
    await expect(args.openUrl).not.toHaveBeenCalled()
  },
}

/** A malformed email: "Valid email is required" (alone when the rest is filled). */
export const InvalidEmail: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const issue = panel(canvas, 'Report an Issue')
    await fill(issue, { email: 'asha at example.com', subject: 'Mic', description: 'Broken' })
    await userEvent.click(submit(issue))
    await expectToast('error', 'Validation Error', 'Valid email is required')
    await expect(issue.getByLabelText(LABELS.email)).toHaveAttribute('aria-invalid', 'true')
    await expect(issue.getByLabelText(LABELS.subject)).not.toHaveAttribute('aria-invalid')
    await expect(args.openUrl).not.toHaveBeenCalled()
  },
}

/** Email fine, subject and description missing: both messages, in order. */
export const SubjectAndDescriptionMissing: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const issue = panel(canvas, 'Report an Issue')
    await fill(issue, { email: 'asha@example.com' })
    await userEvent.click(submit(issue))
    await expectToast('error', 'Validation Error', 'Subject is required, Description is required')
  },
}

/** A valid issue: the mailto URL (subject "[Issue] …", body lines), the success toast, the form cleared. */
export const SuccessIssue: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const issue = panel(canvas, 'Report an Issue')
    await fill(issue, { email: 'asha@example.com', subject: 'Mic & mute #2', description: '100% broken?\nनमस्ते 😀' })
    await userEvent.click(submit(issue))
    await expectToast('success', 'Feedback Submitted', 'Your issue report has been submitted successfully!')
    await expect(args.openUrl).toHaveBeenCalledTimes(1)
    const url = (args.openUrl as ReturnType<typeof fn>).mock.calls[0]![0] as string
    const { to, headers } = parseMailtoUrl(url)
    await expect(to).toBe(EMAIL)
    await expect(headers.subject).toBe('[Issue] Mic & mute #2')
    await expect(headers.body).toBe(
      'Name: Not provided\r\nEmail: asha@example.com\r\nType: Report an Issue\r\n\r\nDescription:\r\n100% broken?\r\nनमस्ते 😀',
    )
    for (const label of Object.values(LABELS)) await expect(issue.getByLabelText(label)).toHaveValue('')
  },
}

/** The idea tab submits an "[Idea] …" mail and its own success message. */
export const SuccessIdea: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('tab', { name: 'Suggest an Idea' }))
    const idea = panel(canvas, 'Suggest an Idea')
    await fill(idea, {
      name: 'Asha',
      email: 'asha@example.com',
      subject: 'Voice shortcuts',
      description: 'Let visitors say "checkout".',
    })
    await userEvent.click(submit(idea))
    await expectToast('success', 'Feedback Submitted', 'Your idea suggestion has been submitted successfully!')
    const { headers } = parseMailtoUrl((args.openUrl as ReturnType<typeof fn>).mock.calls[0]![0] as string)
    await expect(headers.subject).toBe('[Idea] Voice shortcuts')
    await expect(headers.body).toContain('Name: Asha\r\nEmail: asha@example.com\r\nType: Suggest an Idea\r\n')
    await expect(idea.getByLabelText(LABELS.name)).toHaveValue('')
  },
}

/** A slow mail hand-off: the button reads "Submitting..." and is disabled meanwhile. */
export const Submitting: Story = {
  args: { openUrl: fn(() => new Promise<void>(() => {})) },
  parameters: { visual: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const issue = panel(canvas, 'Report an Issue')
    await fill(issue, { email: 'asha@example.com', subject: 'Mic', description: 'Broken' })
    await userEvent.click(submit(issue))
    const button = await issue.findByRole('button', { name: /submitting\.\.\./i })
    await expect(button).toBeDisabled()
    await userEvent.click(button)
    await expect(args.openUrl).toHaveBeenCalledTimes(1)
  },
}

/** Each tab keeps its own values across switches (keyboard: arrow keys move between tabs). */
export const TabSwitchKeepsValues: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(panel(canvas, 'Report an Issue'), { name: 'Issue name', subject: 'Issue subject' })
    await userEvent.click(canvas.getByRole('tab', { name: 'Suggest an Idea' }))
    await expect(canvas.getByRole('tab', { name: 'Suggest an Idea' })).toHaveAttribute('aria-selected', 'true')
    const idea = panel(canvas, 'Suggest an Idea')
    await expect(idea.getByLabelText(LABELS.name)).toHaveValue('')
    await fill(idea, { name: 'Idea name', description: 'Idea text' })
    canvas.getByRole('tab', { name: 'Suggest an Idea' }).focus()
    await userEvent.keyboard('{ArrowLeft}')
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Report an Issue' })).toHaveAttribute('aria-selected', 'true'),
    )
    const issue = panel(canvas, 'Report an Issue')
    await expect(issue.getByLabelText(LABELS.name)).toHaveValue('Issue name')
    await expect(issue.getByLabelText(LABELS.subject)).toHaveValue('Issue subject')
    await userEvent.click(canvas.getByRole('tab', { name: 'Suggest an Idea' }))
    await expect(panel(canvas, 'Suggest an Idea').getByLabelText(LABELS.description)).toHaveValue('Idea text')
  },
}

/** The picker refuses a PDF with a clear alert, accepts a PNG (shown by name only), and can remove it. */
export const ScreenshotRefusesNonImage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const issue = panel(canvas, 'Report an Issue')
    await expect(issue.getByTestId('screenshot-input')).toHaveAttribute('accept', 'image/*')
    pickFile(
      issue.getByTestId<HTMLInputElement>('screenshot-input'),
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
    )
    const alert = await issue.findByRole('alert')
    await expect(alert).toHaveTextContent(
      '“report.pdf” is not an image. Please choose an image file (PNG, JPG, GIF or WebP).',
    )
    await expect(issue.getByTestId('screenshot-name')).toHaveTextContent('No image chosen')
    await expect(describedText(issue.getByRole('button', { name: 'Choose image' }))).toContain('is not an image')
    pickFile(
      issue.getByTestId<HTMLInputElement>('screenshot-input'),
      new File([new Uint8Array([137, 80, 78, 71])], 'bug.png', { type: 'image/png' }),
    )
    await waitFor(() => expect(issue.getByTestId('screenshot-name')).toHaveTextContent('bug.png'))
    await expect(issue.queryByRole('alert')).toBeNull()
    await expect(issue.getByRole('button', { name: 'Change image' })).toBeEnabled()
    // the other tab is untouched
    await expect(panel(canvas, 'Suggest an Idea').getByTestId('screenshot-name')).toHaveTextContent('No image chosen')
    // never sent: the mail holds no file name
    await fill(issue, { email: 'asha@example.com', subject: 'Mic', description: 'Broken' })
    await userEvent.click(submit(issue))
    await waitFor(() => expect(args.openUrl).toHaveBeenCalledTimes(1))
    await expect((args.openUrl as ReturnType<typeof fn>).mock.calls[0]![0]).not.toContain('bug.png')
    await waitFor(() => expect(issue.getByTestId('screenshot-name')).toHaveTextContent('No image chosen'))
    // Whether a synthetic click leaves a focus ring (:focus-visible) differs between Chromium releases: the
    // baseline is taken without focus on the button.
    submit(issue).blur()
  },
}

/** Dark theme, errors shown. */
export const ErrorsDark: Story = { ...AllMissing, globals: { theme: 'dark' } }
/** Phone width. */
export const EmptyPhone: Story = { ...Empty, globals: { viewport: { value: 'phone' } } }
/** Phone width, dark theme, the idea tab filled. */
export const TabsPhoneDark: Story = {
  ...TabSwitchKeepsValues,
  globals: { viewport: { value: 'phone' }, theme: 'dark' },
}
