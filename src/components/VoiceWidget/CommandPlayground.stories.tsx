import { Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { createCommandExecutor } from '../../voice/commands'

/** A sample page for the command executor: a React-controlled form, buttons, toggles and long content. */
function SamplePage({ onSubmit }: { onSubmit: (values: { name: string; email: string }) => void }) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [news, setNews] = useState(false)
  const [open, setOpen] = useState(false)
  return (
    <Stack gap="6" p="6" maxW="xl">
      <Heading as="h1" size="xl">
        Command playground
      </Heading>
      <chakra.form
        aria-label="Sign up"
        onSubmit={(e) => {
          e.preventDefault()
          onSubmit({ name, email })
        }}
      >
        <Stack gap="3">
          <label>
            Full name <input name="fullName" value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            Work email <input type="email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            <input type="checkbox" checked={news} onChange={(e) => setNews(e.target.checked)} /> Send me news
          </label>
          <Text data-testid="mirror">{`${name}|${email}|${news ? 'news' : 'no-news'}`}</Text>
          <Button type="submit" alignSelf="flex-start">
            Submit
          </Button>
          <Button type="button" disabled alignSelf="flex-start">
            Disabled action
          </Button>
        </Stack>
      </chakra.form>
      <Button
        type="button"
        variant="outline"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        alignSelf="flex-start"
      >
        Show details
      </Button>
      {open ? <Text>Details are visible.</Text> : null}
      <Box h="2000px" bg="bg.subtle" borderRadius="l2" p="4">
        <Text>Long content to scroll through.</Text>
      </Box>
    </Stack>
  )
}

const meta = {
  title: 'Voice/CommandPlayground',
  component: SamplePage,
  args: { onSubmit: fn() },
  parameters: { visual: false },
} satisfies Meta<typeof SamplePage>
export default meta
type Story = StoryObj<typeof meta>

/** Every command kind against the sample page, with its DOM effect asserted. */
export const EveryCommand: Story = {
  play: async ({ canvasElement, args, step }) => {
    const doc = canvasElement.ownerDocument
    const win = doc.defaultView!
    const toasts: string[] = []
    const exec = createCommandExecutor({
      root: doc,
      notify: (t) => toasts.push(t.title),
      prefersReducedMotion: true,
      highlightMs: 0,
      logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    })
    const canvas = within(canvasElement)
    await step('fill by label, by type, into React-controlled inputs', async () => {
      exec.execute({ action: 'fill', fieldHint: 'full name', value: 'Ada Lovelace' })
      exec.execute({ type: 'fill', fieldType: 'email', value: 'ada@example.com' })
      await waitFor(() =>
        expect(canvas.getByTestId('mirror')).toHaveTextContent('Ada Lovelace|ada@example.com|no-news'),
      )
      await expect(toasts).toContain('Field Filled')
    })
    await step('toggle a checkbox and an aria-expanded control', async () => {
      exec.execute({ action: 'toggle', targetText: 'Send me news' })
      await waitFor(() => expect(canvas.getByTestId('mirror')).toHaveTextContent('news'))
      exec.execute({ action: 'toggle', targetText: 'Show details' })
      await expect(await canvas.findByText('Details are visible.')).toBeVisible()
    })
    await step('click by text submits the form with the filled values', async () => {
      exec.execute({ action: 'click', targetText: 'Submit' })
      await waitFor(() =>
        expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com' }),
      )
      await expect(toasts).toContain('Element Clicked')
    })
    await step('a disabled target and a bad selector are refused; refusals in a row show one toast', async () => {
      const before = toasts.length
      const disabled = exec.execute({ action: 'click', targetText: 'Disabled action' })
      const badSelector = exec.execute({ action: 'click', selector: '###nope((' })
      await expect(disabled).toMatchObject({ status: 'refused', reason: 'disabled' })
      await expect(badSelector).toMatchObject({ status: 'refused', reason: 'bad-selector' })
      await expect(args.onSubmit).toHaveBeenCalledTimes(1)
      await expect(toasts.slice(before)).toEqual(['Command Failed'])
    })
    await step('scroll down by 80% of the window, then to the top', async () => {
      win.scrollTo(0, 0)
      exec.execute({ action: 'scroll', direction: 'down' })
      await waitFor(() => expect(Math.abs(win.scrollY - Math.round(win.innerHeight * 0.8))).toBeLessThan(3))
      exec.execute({ action: 'scroll', direction: 'top' })
      await waitFor(() => expect(win.scrollY).toBe(0))
    })
    await step('an unknown field is reported', async () => {
      exec.execute({ action: 'fill', fieldHint: 'passport number', fieldType: 'date', value: 'x' })
      await expect(toasts.at(-1)).toBeDefined()
    })
    exec.dispose()
  },
}
